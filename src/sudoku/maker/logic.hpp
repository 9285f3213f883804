// Solving as a person does: deductions on candidates, one step at a time, easiest first. Each technique is an
// exact-cover rule on items and their remaining options, read in Sudoku's words:
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

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/model/candidates.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/houses.hpp"

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

// One deduction: a placement (singles) or eliminations (the others).
struct Step {
  Technique technique = Technique::naked_single;
  int house = -1;                               // where it was seen; -1 for a naked single
  int other_house = -1;                         // locked: the house the digit is confined to
  int cell = -1, digit = 0;                     // singles: the placement; locked: digit only
  std::vector<int> cells;                       // subsets: the k cells
  Mask digits = 0;                              // subsets: the k digits
  std::vector<std::pair<int, int>> eliminated;  // (cell, digit) pairs removed
};

// "r3c4=5 hidden single in box 2", "box 1: 7 only in row 3, so r3c5<>7", ...
std::string describe(const Step& step, const Houses& houses, const Symbols& symbols);

class LogicSolver {
 public:
  explicit LogicSolver(const Houses& houses) : houses_(&houses) {}

  // Starts from a puzzle: its givens placed and their digits removed from their houses. False when the givens
  // clash.
  bool load(const Grid& puzzle);
  // Starts from pencilmarks as they are (a cell with one candidate is a naked single still to take).
  void load(const CandidateGrid& grid);

  // Finds the easiest deduction allowed by `max` (singles first), applies it and returns it; nothing when
  // none applies, the board is solved or it is broken (a cell or house-digit with no candidate left).
  std::optional<Step> step(Tier max);

  // Places digit d in a cell (a guess or a single) and removes it from the cell's houses.
  void place(int cell, int digit);
  // Removes digit d from an open cell's candidates, a deduction made elsewhere (cage_logic.hpp,
  // rule_logic.hpp); false when it was not there.
  bool remove(int cell, int digit) {
    Step unused;
    return eliminate(cell, digit, unused);
  }
  bool solved() const { return unsolved_ == 0 && !broken_; }
  bool broken() const { return broken_; }
  const std::vector<Mask>& candidates() const { return cand_; }
  const std::vector<std::uint8_t>& values() const { return value_; }
  const Houses& houses() const { return *houses_; }
  // What is wrong with the derived state (logic::Board::invariant_violation()'s checks), "" when nothing is;
  // asserted before every step in builds with invariant checks (DLX_CHECK_INVARIANTS).
  std::string invariant_violation() const;
  bool check_invariants() const { return invariant_violation().empty(); }

 private:
  int house_in_order(int order) const;
  bool hidden_single(Step& step);
  bool naked_single(Step& step);
  bool locked(Step& step);
  bool subsets(int k, bool naked, Step& step);
  // Removes digit d from a cell, recording it; false when it was not there.
  bool eliminate(int cell, int digit, Step& step);
  Mask positions(int house, int digit) const;  // bit i: the house's i-th cell may hold digit

  const Houses* houses_;
  std::vector<Mask> cand_;           // by cell
  std::vector<std::uint8_t> value_;  // by cell: the digit placed, 0 while open
  std::vector<Mask> placed_;         // by house: digits placed in it
  int unsolved_ = 0;
  bool broken_ = false;
};

}  // namespace sudoku
