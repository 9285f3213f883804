// The cells a logical step reasons from (its pattern), for a reader or a page to light beside what the step
// places and eliminates: the cells its text names before its conclusions ("Skyscraper on 4 (r1c2=r5c2-...)");
// where it names none, the cells of the houses it names there ("Pointing 7 in box 1 on row 2", "X-Wing on 7 in
// rows 2 and 8", "diagonal 1") that keep one of its digits. The cells it places are part of it.
#pragma once

#include <vector>

#include "sudoku/maker/logic/board.hpp"

namespace sudoku {

// `after` is the board the step was found on with the step applied (the engine's board once step() returned
// it). The cells (row * n + column), ascending.
std::vector<int> step_pattern_cells(const logic::GradedStep& step, const logic::Board& after);

}  // namespace sudoku
