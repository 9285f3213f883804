#include "sudoku/io/symbols.hpp"

#include <stdexcept>

#include "sudoku/model/shape.hpp"

namespace sudoku {
namespace {

constexpr std::string_view kDefaultDigits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
// Characters the readers give another meaning: blanks, white space, comments and box drawing.
constexpr std::string_view kReserved = "._*#|+-= \t\r\n\v\f";

}  // namespace

Symbols::Symbols() : digits_(kDefaultDigits) {
  value_.fill(kUnknown);
  for (std::size_t i = 0; i < digits_.size(); ++i) {
    value_[static_cast<unsigned char>(digits_[i])] = static_cast<signed char>(i + 1);
  }
  for (char c : {'.', '_', '*'}) value_[static_cast<unsigned char>(c)] = kBlank;
  value_[static_cast<unsigned char>('0')] = kZero;
}

Symbols::Symbols(std::string_view digits) : digits_(digits), default_(false) {
  if (digits.size() < 2 || digits.size() > static_cast<std::size_t>(kMaxSide))
    throw std::invalid_argument("an alphabet needs 2 to " + std::to_string(kMaxSide) + " characters");
  value_.fill(kUnknown);
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const auto byte = static_cast<unsigned char>(digits[i]);
    if (byte <= 0x20 || byte >= 0x7f || kReserved.find(digits[i]) != std::string_view::npos)
      throw std::invalid_argument(std::string("'") + (byte > 0x20 && byte < 0x7f ? digits[i] : '?') +
                                  "' cannot be a symbol (only printable ASCII other than . _ * # | + - =)");
    if (value_[byte] != kUnknown)
      throw std::invalid_argument(std::string("'") + digits[i] + "' appears twice");
    value_[byte] = static_cast<signed char>(i + 1);
  }
  for (char c : {'.', '_', '*'}) value_[static_cast<unsigned char>(c)] = kBlank;
  if (value_[static_cast<unsigned char>('0')] == kUnknown) value_[static_cast<unsigned char>('0')] = kZero;
}

}  // namespace sudoku
