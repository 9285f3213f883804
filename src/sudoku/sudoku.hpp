// The Sudoku adapter of the dlx library, all of it: the model (shapes, rules, the solver), the text formats, the
// puzzle maker and the pipeline that runs every command over a stream of puzzles.
#pragma once

#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/io/symbols.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/maker/generator.hpp"
#include "sudoku/maker/logic.hpp"
#include "sudoku/maker/minimizer.hpp"
#include "sudoku/maker/rater.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/conflict.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/model.hpp"
#include "sudoku/model/puzzle_problem.hpp"
#include "sudoku/model/shape.hpp"
#include "sudoku/model/solver.hpp"
#include "sudoku/pipeline/answer.hpp"
#include "sudoku/pipeline/batch.hpp"
