// Solving as Sukaku Explainer grades it: the techniques of techniques.hpp tried in its order, the first that
// applies taken and applied, until the grid is solved or nothing applies. The ratings of the steps give the
// puzzle's ER (the hardest step), EP (the hardest up to the first placement) and ED (the first step).
//
// Other rule families plug in with insert_after() (rule_techniques.hpp: cages, lines, dots, neighbour rules): a
// technique is a function that finds one step on a board.
#pragma once

#include <atomic>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/maker/logic/board.hpp"

namespace sudoku::logic {

struct GradedTechnique {
  std::string family;  // "singles", "locked", "subsets", "fish", "wings", "uniqueness", "chains", ...
  std::function<bool(const Board&, GradedStep&)> find;
  double floor = 0;  // no step it finds is rated lower: under a lower ceiling it is not tried
};

class Engine {
 public:
  // `unique`: the puzzle is known to have one solution, so the uniqueness techniques may be used.
  explicit Engine(const Houses& houses, bool unique = true);
  // An engine of another table, tried in its order (tiers.hpp: the tiers' techniques).
  Engine(const Houses& houses, std::vector<GradedTechnique> table, bool unique);

  // Inserts after the last technique of family `after` (at the end when there is none).
  void insert_after(std::string_view after, GradedTechnique technique);
  // Drops every technique of the family.
  void remove_family(std::string_view family);

  bool load(const Grid& puzzle) { return board_.load(puzzle); }
  void load(const CandidateGrid& grid, bool lone_as_given = true) { board_.load(grid, lone_as_given); }
  void set_unique(bool unique) { unique_ = unique; }
  // A flag (Ctrl-C, a time limit) the techniques poll: once raised, next() and step() find nothing and
  // stopped() holds, so a stop is not mistaken for being stuck (the nested chains can run for minutes).
  void set_stop(const std::atomic<bool>* stop) { board_.set_stop(stop); }
  bool stopped() const { return board_.stopped(); }
  // Steps rated above `ceiling` (at the scale's one decimal) are not wanted, as when generating to a range: a
  // step above it ends the road as if stuck, and so does reaching the techniques whose floors are all above
  // it. The forcing chains cost the most and rate the highest, so a puzzle too hard for the range is given up
  // before them.
  void set_ceiling(double ceiling) { ceiling_ = ceiling; }

  // The easiest next step, not applied; nothing when solved, broken or stuck.
  std::optional<GradedStep> next() const { return next_on(board_); }
  // The same on another board of the same houses (a copy a search changes), from the techniques of one
  // family only unless `family` is empty.
  std::optional<GradedStep> next_on(const Board& board, std::string_view family = {}) const;
  // next(), applied.
  std::optional<GradedStep> step();

  const Board& board() const { return board_; }

 private:
  Board board_;
  bool unique_;
  void find_rest_floors();

  double ceiling_ = std::numeric_limits<double>::infinity();
  std::vector<GradedTechnique> techniques_;
  std::vector<double> rest_floor_;  // rest_floor_[i]: the least floor of techniques_[i] and those after it
};

struct Grade {
  double er = 0, ep = 0, ed = 0;  // 0 when the engine got stuck before that point
  std::string technique;          // the hardest step's
  bool solved = false;            // false: stuck; er is the hardest step before that
  bool stopped = false;           // the engine's stop flag ended it: no rating
  int steps = 0;
};

// Runs the engine from its loaded state to the end.
Grade grade(Engine& engine);

// "7.1" (one decimal, as the scale is written).
std::string rating_text(double rating);

}  // namespace sudoku::logic
