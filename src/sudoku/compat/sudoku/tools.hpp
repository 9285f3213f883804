// The header's old place, kept so that programs written against it still compile: include
// "sudoku/pipeline/tools.hpp" in new code.
#pragma once

#include "sudoku/pipeline/tools.hpp"
