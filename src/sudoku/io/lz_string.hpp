// lz-string's compressToBase64 and decompressFromBase64 (pieroxy's LZString 1.4, the compression inside
// f-puzzles and SudokuPad links). lz-string works on JavaScript strings: the UTF-8 text here is taken as, and
// given back from, its UTF-16 code units. There is no C++ lz-string in Debian; the tests check this decoder
// against strings compressed by Debian's python3-lzstring, and the encoder against it and web/lz.js.
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

// The base64 text lz-string's compressToBase64 makes of the UTF-16 form of `utf8` ('=' padded to a multiple of
// four characters); lz_decompress_base64 gives `utf8` back. Throws LzStringError for text that is not UTF-8.
std::string lz_compress_base64(std::string_view utf8);

}  // namespace sudoku
