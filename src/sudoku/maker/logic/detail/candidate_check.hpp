// The checker of a candidate board's derived state, logic::Board's check_invariants(). Internal header, not
// installed.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "sudoku/model/candidates.hpp"
#include "sudoku/model/houses.hpp"

namespace sudoku::logic::detail {

struct CandidateState {
  const Houses& houses;
  std::span<const Mask> candidates;     // by cell
  std::span<const std::uint8_t> value;  // by cell: the digit placed, 0 while open
  std::span<const Mask> placed;         // by house: the digits placed in it
  int unsolved = 0;                     // the open cells, counted as cells are placed
  bool clash = false;                   // a digit twice in a house, or placed where it was not a candidate
};

// What is wrong with the state, "" when nothing is: a value above the side, a candidate above it, a placed cell
// whose candidates are not its digit (or none, once the board clashes), an open cell that keeps a digit placed
// in one of its houses, a house whose placed digits are not its cells' values, a digit twice in a house of a
// board not marked as clashing, an unsolved count that is not the number of open cells.
std::string candidate_state_violation(const CandidateState& state);

}  // namespace sudoku::logic::detail
