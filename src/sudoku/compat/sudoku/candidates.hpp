// The header's old place, kept so that programs written against it still compile: include
// "sudoku/model/candidates.hpp" (candidates) or "sudoku/io/pencilmarks.hpp" (their text) in new code.
#pragma once

#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/model/candidates.hpp"
