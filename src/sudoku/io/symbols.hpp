// The characters that stand for digits and blanks in the one-line and grid formats.
//
// By default the digits are 1-9 then A-Z (a 16x16 board uses 1-9A-G, 25x25 1-9A-P), and a blank is '.', '_',
// '*', or '0' on boards up to 9x9. A custom alphabet (--symbols) names the digits 1, 2, ... in its order; '0'
// is then a blank only when it is not one of the symbols.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace sudoku {

class Symbols {
 public:
  Symbols();  // the default alphabet
  // A custom alphabet; throws std::invalid_argument when a character repeats or could not be told apart from
  // a blank, white space or box drawing (the message names the character, not the option: the caller's
  // spelling, sudoku::read_puzzle_options, goes before it).
  explicit Symbols(std::string_view digits);

  static constexpr int kBlank = 0;
  static constexpr int kUnknown = -1;   // means nothing in this alphabet
  static constexpr int kTooLarge = -2;  // a digit of the alphabet, but larger than the board's side

  // What c stands for on a board of side n: 1..n, kBlank, kUnknown or kTooLarge.
  int value(char c, int side) const {
    const int v = value_[static_cast<unsigned char>(c)];
    if (v > 0) return v <= side ? v : kTooLarge;
    if (v == kBlank || (v == kZero && side <= 9)) return kBlank;
    return kUnknown;
  }
  // The character of digit 1..size().
  char symbol(int digit) const { return digits_[static_cast<std::size_t>(digit - 1)]; }
  // How many digits it names: boards up to this side can be written with it.
  int size() const { return static_cast<int>(digits_.size()); }
  bool is_default() const { return default_; }

 private:
  static constexpr signed char kZero = -3;  // '0' when it is not a digit: a blank on small boards only
  std::string digits_;
  std::array<signed char, 256> value_{};
  bool default_ = true;
};

}  // namespace sudoku
