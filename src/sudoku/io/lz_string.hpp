// lz-string's decompressFromBase64 (pieroxy's LZString 1.4, the compression inside f-puzzles links): the
// base64 text back to the UTF-8 string that was compressed. There is no C++ lz-string in Debian; the tests
// check this decoder against strings compressed by Debian's python3-lzstring.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sudoku {

class LzStringError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Throws LzStringError for a character outside base64, a stream that ends early or refers to a phrase it
// has not built, or an output past max_output bytes.
std::string lz_decompress_base64(std::string_view input, std::size_t max_output = std::size_t{16} << 20);

}  // namespace sudoku
