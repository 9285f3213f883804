// The header's old place, kept so that programs written against it still compile: include
// "sudoku/model/solver.hpp" in new code.
#pragma once

#include "sudoku/model/solver.hpp"
