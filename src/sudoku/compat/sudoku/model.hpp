// The header's old place, kept so that programs written against it still compile: include
// "sudoku/model/model.hpp" in new code.
#pragma once

#include "sudoku/model/model.hpp"
