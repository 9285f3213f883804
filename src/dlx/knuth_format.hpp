// Knuth's DLX text format, as his dlx1/dlx2 programs read it:
//
//   | a comment: any line whose first non-blank character is '|'
//   // also a comment (xcover's files): any line whose first non-blank characters are '//'
//   a b c | x y        <- the items: primary ones, then optionally '|' and secondary ones
//   a b x:red          <- one option per line; a secondary item may carry a color after ':'
//   c y
//
// Blank lines are skipped. An option without a primary item can never be chosen, so it is skipped with a warning.
#pragma once

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "dlx/input_error.hpp"
#include "dlx/problem.hpp"

namespace dlx {

inline constexpr std::size_t kMaxKnuthLineLength = std::size_t{64} << 20;

struct KnuthInput {
  Problem problem;
  std::vector<std::size_t> option_lines;  // the input line of each option
  std::vector<std::string> warnings;      // "source:line: warning: ..."
};

// Throws InputError ("source:line: what is wrong") on the first malformed line.
KnuthInput read_knuth(std::istream& in, std::string_view source);

// Writes any problem so that read_knuth (and Knuth's programs) read it back as the same problem. The problem
// comes first, then where it goes, as in Python's dlx.write_knuth(problem, path).
void write_knuth(const Problem& problem, std::ostream& out);
// The same in the order of the first releases (stream first), kept for the programs written against them.
inline void write_knuth(std::ostream& out, const Problem& problem) {
  write_knuth(problem, out);
}

}  // namespace dlx
