// The header's old place, kept so that programs that include it still compile. Rating under line, dot and
// neighbour rules is the one road of every puzzle now: sudoku::PuzzleLogic (puzzle_logic.hpp) rates, hints and
// steps a puzzle under its rules; include that.
#pragma once

#include "sudoku/maker/puzzle_logic.hpp"
