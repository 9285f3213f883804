// The state the graded techniques read: every cell's candidates on the houses of the rules. In exact-cover
// terms a candidate is an option and a house-digit or a cell is an item; a strong link is an item with two
// options left, a weak link two options that share an item. Techniques only read the board and describe a
// step; the engine applies it.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sudoku/model/candidates.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/houses.hpp"

namespace sudoku::logic {

class CellSets;
struct BoardTestAccess;
class Crossings;
class HouseSlots;

struct Candidate {
  int cell = -1;
  int digit = 0;
  bool operator==(const Candidate&) const = default;
};

// One graded deduction, in Sukaku Explainer's words and on its scale.
struct GradedStep {
  std::string technique;  // "Hidden Single", "X-Wing", ...
  double rating = 0;      // 1.0 (full house) upwards
  std::string text;       // "X-Wing on 7 in rows 2 and 8: r5c3<>7"
  std::vector<Candidate> placements;
  std::vector<Candidate> eliminations;
  std::string rule;  // a step of a rule beyond houses: the rule, "thermometer at r1c1" (rule_techniques.hpp)
  std::string family;  // the family of the technique that found it (engine.hpp), set by the engine
};

// A copy starts without the places of the digits it reads (they are worked out again on first use), so one
// Board may not be read from two threads at once.
class Board {
 public:
  explicit Board(const Houses& houses);

  // False when the givens clash.
  bool load(const Grid& puzzle);
  // `lone_as_given`: a cell of one candidate that no peer has is placed, as Sukaku Explainer reads
  // pencilmarks; otherwise it is a naked single still to take.
  void load(const CandidateGrid& grid, bool lone_as_given = true);

  // Makes this board `other`'s copy in its own storage, keeping the places of the digits when `other` has them
  // worked out (a plain copy works them out again on first use): for a copy that loses a few candidates and is
  // then read, as the chains' reduced grids are.
  void copy_from(const Board& other);

  // Makes this board `from` with candidates taken out (never put in): `candidates` by cell (placed cells
  // ignored) and the places of the digits that result (house * side + digit - 1, as positions() has them),
  // both kept up by the caller as it took them out. For the chains, which reduce grids as they go.
  void copy_reduced(const Board& from, const std::vector<Mask>& candidates, const std::vector<Mask>& places);

  void place(int cell, int digit);
  void eliminate(int cell, int digit);
  // Applies a step: its eliminations, then its placements.
  void apply(const GradedStep& step);

  const Houses& houses() const { return *houses_; }
  int side() const { return houses_->side(); }
  int cells() const { return static_cast<int>(cand_.size()); }
  Mask candidates(int cell) const { return cand_[static_cast<std::size_t>(cell)]; }
  int value(int cell) const { return value_[static_cast<std::size_t>(cell)]; }
  bool open(int cell) const { return value_[static_cast<std::size_t>(cell)] == 0; }
  bool has(int cell, int digit) const { return open(cell) && (candidates(cell) & digit_bit(digit)) != 0; }
  // Bit i: the house's i-th cell is open and may hold the digit.
  Mask positions(int house, int digit) const {
    if (!places_.valid) find_places();
    return places_.at[static_cast<std::size_t>(house * side() + digit - 1)];
  }
  bool placed(int house, int digit) const {
    return (placed_[static_cast<std::size_t>(house)] & digit_bit(digit)) != 0;
  }
  int open_cells(int house) const;
  // Whether two cells share a house (a weak link between their options of one digit).
  bool sees(int a, int b) const {
    return (*peers_)[static_cast<std::size_t>(a) * grid_cells_ + static_cast<std::size_t>(b)] != 0;
  }

  // Tables of the houses for the techniques' inner loops (bits.hpp), built once and shared by copies.
  const CellSets& cell_sets() const { return *cell_sets_; }
  const Crossings& crossings() const { return *crossings_; }
  const HouseSlots& house_slots() const { return *house_slots_; }

  bool solved() const { return unsolved_ == 0 && !clash_; }
  // A cell without candidates, a full house missing a digit's place, or a digit twice in a house.
  bool broken() const;

  // What is wrong with the board's derived state, "" when nothing is: every cell's candidates against its
  // value and the digits placed in its houses, each house's placed digits, the count of open cells, the cached
  // places of the digits. Asserted after every load and applied step in builds with invariant checks
  // (DLX_CHECK_INVARIANTS); the tests call it in every build.
  std::string invariant_violation() const;
  bool check_invariants() const { return invariant_violation().empty(); }

  // A flag (Ctrl-C, a time limit) the long searches poll, kept by loads and copies: once it is raised they
  // end early, and what they found is not to be used.
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
  bool stopped() const { return stop_ != nullptr && stop_->load(std::memory_order_relaxed); }

 private:
  // Every house's places of every digit (positions()), worked out on first use after a load or copy and kept up
  // to date by each change after that: the techniques ask them in their inner loops, far more often than the
  // board changes. Copies start empty, as the chains copy boards to change them at once.
  struct Places {
    std::vector<Mask> at;  // house * side + digit - 1
    bool valid = false;
    Places() = default;
    Places(const Places&) {}
    Places& operator=(const Places&) {
      at.clear();
      valid = false;
      return *this;
    }
    Places(Places&&) = default;
    Places& operator=(Places&&) = default;
  };
  void find_places() const;
  void compute_places(std::vector<Mask>& at) const;
  // Takes a cell out of the cached places of a digit (a candidate gone or the cell placed).
  void drop_place(int cell, int digit);
  // tests/sudoku/logic_board_check_test.cpp: corrupts a board to see the check fail.
  friend struct BoardTestAccess;

  const Houses* houses_;
  // cells x cells: whether two cells share a house, shared by the copies (the techniques ask it in loops).
  std::shared_ptr<const std::vector<std::uint8_t>> peers_;
  std::shared_ptr<const CellSets> cell_sets_;
  std::shared_ptr<const Crossings> crossings_;
  std::shared_ptr<const HouseSlots> house_slots_;
  std::size_t grid_cells_;
  std::vector<Mask> cand_;
  std::vector<std::uint8_t> value_;
  std::vector<Mask> placed_;  // by house
  int unsolved_ = 0;
  bool clash_ = false;
  mutable Places places_;
  const std::atomic<bool>* stop_ = nullptr;
};

// "r5c3", "7" (digits past 9 as numbers, as the grids' r/c notation has no letters).
std::string cell_text(int cell, int side);
std::string digit_text(int digit);
// "r5c3<>7, r5c9<>7"
std::string eliminations_text(const std::vector<Candidate>& eliminations, int side);

}  // namespace sudoku::logic
