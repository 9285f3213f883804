// One puzzle read from text by the library's reader, for tests that write a puzzle and read it back.
#pragma once

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <utility>

#include "sudoku/io/reader.hpp"

namespace test {

// The one puzzle `text` holds, read with `options`; the text must hold exactly one.
inline sudoku::Puzzle read_one(const std::string& text, sudoku::ReaderOptions options = {}) {
  std::istringstream in(text);
  sudoku::PuzzleReader reader(in, std::move(options));
  sudoku::Puzzle puzzle;
  REQUIRE(reader.next(puzzle));
  sudoku::Puzzle extra;
  CHECK_FALSE(reader.next(extra));
  return puzzle;
}

}  // namespace test
