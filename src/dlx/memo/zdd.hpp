// Writes the ZDD of all solutions as the memoized count finds it, one node per line, children before parents:
//
//   ID: (OPTION) LO HI
//
// ID numbers the node (from 2, in the order written); 0 is the empty family (no solution) and 1 the family of
// the empty set (nothing left to choose). OPTION is the option's number in the input, from 0 (the problem's
// OptionId). The node stands for the solutions of its HI child, each with OPTION added, together with those
// of its LO child. A state of the search is a chain of such nodes, one per option of the item it branches on,
// linked by LO; the root of the whole family is on the last line, `root: ID`.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "dlx/problem.hpp"

namespace dlx::memo {

class ZddWriter {
 public:
  explicit ZddWriter(std::ostream& out) : out_(out) {}

  // Writes a node and returns its id.
  std::uint64_t node(OptionId option, std::uint64_t lo, std::uint64_t hi);
  // Ends the file with the root's line.
  void finish(std::uint64_t root);

  std::uint64_t nodes() const { return next_ - 2; }

 private:
  std::ostream& out_;
  std::uint64_t next_ = 2;  // the next node's id
  std::string line_;        // scratch for one line
};

}  // namespace dlx::memo
