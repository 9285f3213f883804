// One puzzle as an exact-cover problem of its own, for tools that take Knuth's format (`sudoku emit`): the
// model of its rules (model.hpp) with each given cell left only the option that places its given. Counting
// its exact covers counts the puzzle's solutions.
#pragma once

#include <dlx/problem.hpp>

#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

// `rules` null: the plain rules of the givens' shape. Throws RulesError for rules the model rejects.
dlx::Problem make_puzzle_problem(const Grid& givens, const Rules* rules);

}  // namespace sudoku
