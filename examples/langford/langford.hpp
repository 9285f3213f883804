// Langford pairs as exact cover: put two copies of each of 1..n into 2n slots so that the two copies of k have
// exactly k numbers between them (n = 3: 2 3 1 2 1 3). Every value and every slot is a primary item.
#pragma once

#include <iosfwd>
#include <span>
#include <vector>

#include "dlx/problem.hpp"

namespace examples::langford {

inline constexpr int kMaxN = 1000;

// The copies of `value` sit in slots `first` and first + value + 1 (slots count from 0).
struct Placement {
  int value;
  int first;
};

struct Langford {
  int n = 0;
  dlx::Problem problem;
  std::vector<Placement> placements;  // one per option, in option order
  int halved = 0;                     // the value whose placements were halved by no_mirror (0: none)
};

// Items 1..n (the values) and s0..s(2n-1) (the slots); option "k s(i) s(i+k+1)" for every fitting i.
// With no_mirror, each solution and its left-right mirror image are found only once: the pair of the largest
// odd value k keeps only the placements in the left half (no placement of an odd k is its own mirror image, so
// exactly one of each mirror pair of solutions remains). Requires 1 <= n <= kMaxN.
Langford build(int n, bool no_mirror);

// The 2n numbers of a solution, slot by slot.
std::vector<int> sequence(const Langford& langford, std::span<const dlx::OptionId> solution);

// The sequence on one line: "2 3 1 2 1 3".
void draw(std::ostream& out, const Langford& langford, std::span<const dlx::OptionId> solution);

}  // namespace examples::langford
