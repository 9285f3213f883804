// The rater's vocabulary: its four tiers and the techniques they name. The techniques are entries of the graded
// engine's table (logic/tiers.hpp, logic/tiers.cpp: a filter over its families), each an exact-cover rule on
// items and their remaining options, read in Sudoku's words:
//
//   naked single    a cell item with one option left
//   hidden single   a row-, column- or box-digit item with one option left
//   locked          the subset rule for one item: every option left to item i also covers item j (a box-digit
//                   within one row: pointing; a row- or column-digit within one box: claiming), so j's other
//                   options go
//   subsets         k items whose options all lie within k other items (naked: k cells whose digits are k
//                   row-, column- or box-digit items; hidden: k house-digit items whose cells are k cell
//                   items), so the other options of those k items go; k = 2, 3, 4
//
// Every rule only removes candidates, so the state the rules reach is the same whatever order they are tried
// in, and a puzzle with fewer givens never reaches more. That is what makes the tiers of the rater monotone.
#pragma once

#include <optional>
#include <string_view>

namespace sudoku {

// The rater's tiers, easiest first: the techniques each one adds.
enum class Tier { singles, locked, subsets, search };
inline constexpr const char* kTierNames[] = {"singles", "locked", "subsets", "search"};
std::optional<Tier> parse_tier(std::string_view name);

enum class Technique {
  hidden_single,
  naked_single,
  pointing,
  claiming,
  naked_pair,
  hidden_pair,
  naked_triple,
  hidden_triple,
  naked_quad,
  hidden_quad,
};
inline constexpr int kTechniques = 10;
// "hidden-single", "naked-pair", ...: how the rater's details name them.
const char* technique_name(Technique technique);
Tier tier_of(Technique technique);

}  // namespace sudoku
