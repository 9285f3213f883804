// The header's old place, kept so that programs written against it still compile: include
// "sudoku/maker/tools.hpp" in new code.
#pragma once

#include "sudoku/maker/tools.hpp"
