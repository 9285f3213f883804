// The header's old place, kept so that programs written against it still compile: include
// "sudoku/maker/generator.hpp" in new code.
#pragma once

#include "sudoku/maker/generator.hpp"
