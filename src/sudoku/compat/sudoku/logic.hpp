// The header's old place, kept so that programs written against it still compile: include
// "sudoku/maker/logic.hpp" in new code.
#pragma once

#include "sudoku/maker/logic.hpp"
