// The reader's shared pieces of text handling (io/reader*.cpp, io/records.cpp...): not installed, not for use
// outside the reader.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/io/symbols.hpp"
#include "sudoku/model/shape.hpp"

namespace sudoku::reader_detail {

bool is_space(char c);

std::string_view trim(std::string_view s);

bool is_blank(std::string_view s);

// Comments, and the "[Puzzle]" section headers of some grid files.
bool is_comment(std::string_view s);

// A box-drawing line between bands of rows: "------+------", "+=====+", "*-----------*" (Simple Sudoku). A
// cell is never '-' or '=', so a line of rules cannot be a row even with '*' (a blank elsewhere) at its
// corners.
bool is_separator(std::string_view s);

bool is_number(std::string_view token);

int number_value(std::string_view token);

std::string board_name(int side);

// Why character c cannot be a cell of a board of this side.
std::string bad_cell(char c, int value, int side, std::size_t column, const Symbols& symbols);

// Prose rather than cells: the first word has two letters in a row, one of them lower case, which no cell of
// the default alphabet is ("Title: my puzzles", "hello"). Custom alphabets may use lower case: never then.
bool is_prose(std::string_view text);

// The fields of a CSV line, quotes removed (RFC 4180: "" inside quotes is one ").
std::vector<std::string> csv_fields(std::string_view text);

// The string value of "key" in a one-line JSON object, unescaped (\uXXXX kept as written); nothing when absent.
std::optional<std::string> json_field(std::string_view text, std::string_view key);

// The shape of a jigsaw of `cells` cells: its regions replace the boxes, so any side from 4 will do (5x5 and
// 7x7 jigsaws are common); the boxes kept are the usual ones, or rows for a prime side.
std::optional<Shape> jigsaw_shape(std::size_t cells);

// A line whose first word has the length of a jigsaw (2*n*n characters): its regions may be named by
// lowercase letters, which would otherwise read as prose.
bool is_jigsaw_line(std::string_view text);

bool has_rules_prefix(std::string_view text);

void set_error(Puzzle& puzzle, std::size_t line, std::string message);

// Calls f(token, column from 0) for each run of non-blank characters.
template <class F>
void for_each_token(std::string_view s, F&& f) {
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (i > start) f(s.substr(start, i - start), start);
  }
}

}  // namespace sudoku::reader_detail
