// The header's old place, kept so that programs written against it still compile: include
// "sudoku/io/reader.hpp" in new code.
#pragma once

#include "sudoku/io/reader.hpp"
