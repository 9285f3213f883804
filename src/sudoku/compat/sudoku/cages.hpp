// The header's old place, kept so that programs written against it still compile: include
// "sudoku/model/cages.hpp" (cages) or "sudoku/io/killer_lines.hpp" (killer lines) in new code.
#pragma once

#include "sudoku/io/killer_lines.hpp"
#include "sudoku/model/cages.hpp"
