// Pencilmark text: n^3 characters, the one for cell (r, c) and digit d at position (r*n + c)*n + d - 1, being
// that digit's symbol when d is a candidate, '.' (or another blank) when not. A 9x9 board takes 729.
#pragma once

#include <string>
#include <string_view>

#include "sudoku/io/symbols.hpp"
#include "sudoku/model/candidates.hpp"

namespace sudoku {

// Whether `text` has the pencilmark pattern for side n: n^3 characters, each a blank or the one digit its
// position stands for. Lengths shared with one-line puzzles (64: 4x4 marks or an 8x8 puzzle) are settled by
// this pattern.
bool is_pencilmark_text(std::string_view text, int side, const Symbols& symbols);
// Reads pencilmark text of side n (is_pencilmark_text must hold); the shape is the usual one of that side.
CandidateGrid read_pencilmarks(std::string_view text, Shape shape, const Symbols& symbols);
void append_pencilmarks(std::string& out, const CandidateGrid& grid, const Symbols& symbols);

}  // namespace sudoku
