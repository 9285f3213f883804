// Solves puzzles of one shape, many in a row. The exact-cover model is built once, when the Solver is made;
// each puzzle then costs only a reset of the engine, one forced option per given, and the search itself, with
// no allocation on the way. A plain 9x9 puzzle that naked and hidden singles fill (most published ones) is
// answered from them with no search at all (singles.hpp). A Solver serves one thread at a time; give each
// thread its own.
//
//   sudoku::Solver solver(sudoku::Shape{3, 3});
//   sudoku::Grid solution;
//   if (solver.solve(puzzle, solution)) print(solution);
//   switch (solver.check(puzzle)) { case sudoku::Verdict::unique: ... }
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>
#include <memory>
#include <optional>
#include <vector>

#include "sudoku/model/conflict.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"
#include "sudoku/model/singles.hpp"

namespace sudoku {

// unknown: the search was stopped (stop flag, time or node limit in the SearchOptions) before it could tell.
enum class Verdict { none, unique, multiple, unknown };

class Solver {
 public:
  explicit Solver(Shape shape, dlx::SearchOptions options = {});
  // A variant's solver (rules.hpp); throws RulesError for rules that make no model (a cage no digits fill).
  explicit Solver(Rules rules, dlx::SearchOptions options = {});

  Shape shape() const { return shape_; }
  // The rules it solves: plain ones (only the shape) for the first constructor.
  const Rules& rules() const { return rules_; }

  // Starts on a new puzzle, which must have this solver's shape (std::invalid_argument otherwise, or for a
  // value above the side). Returns the clash when two givens break the rules; the puzzle then has no
  // solution, and next()/count() say so.
  std::optional<Conflict> load(const Grid& puzzle);
  // The next solution of the loaded puzzle, written into `solution` (resized as needed); false when none is
  // left.
  bool next(Grid& solution);
  // Counts the loaded puzzle's solutions from here on, stopping once `limit` were found (0: no limit). Each
  // stands for symmetry() solutions of the puzzle.
  dlx::Count count(std::uint64_t limit = 0);

  // As dlx::Solver::set_time_limit: next() and count() return early, resumably, with status() timed_out.
  void set_time_limit(std::chrono::nanoseconds limit) { search_.set_time_limit(limit); }
  // Replaces SearchOptions::stop for the puzzles loaded from now on (the search is rebuilt when it changes,
  // so call it before load()). Returns the flag it replaced.
  const std::atomic<bool>* set_stop(const std::atomic<bool>* stop);

  // load() and a search in one call. A conflict counts as no solution; call load() to learn which.
  bool solve(const Grid& puzzle, Grid& solution);
  Verdict check(const Grid& puzzle);

  // How many solutions each one found stands for: 1, except for a puzzle with no givens under variant rules
  // that every relabelling of the digits keeps (regions, anti-knight, anti-king; not non-consecutive, not
  // cages) on a side up to 20. load() then fixes the first row to 1..n, and each solution found stands for
  // the n! that relabel it: an empty jigsaw layout that admits no grid is proved so n! times faster. Plain
  // rules keep the plain search.
  std::uint64_t symmetry() const { return symmetry_; }

  // The engine's figures for the current puzzle's search (none for a puzzle that singles filled), and why it
  // last returned.
  const dlx::Stats& stats() const { return search_.stats(); }
  dlx::Status status() const {
    if (impossible_) return dlx::Status::exhausted;
    if (from_pattern_ || singles_ == Singles::found) return dlx::Status::found;
    return singles_ == Singles::exhausted ? dlx::Status::exhausted : search_.status();
  }

  // Plain boards wider than this with at most `side` givens are first answered from pattern_solutions(): the
  // search alone runs for hours on an empty 56x56 or 64x64 board. next() hands out those grids first, then
  // the search's other ones; count() counts each once.
  static constexpr int kPatternSide = 49;

 private:
  Shape shape_;
  Rules rules_;
  std::unique_ptr<const dlx::Problem> problem_;  // on the heap: the engine points at it, and Solvers move
  dlx::Solver search_;
  bool impossible_ = false;            // the givens clash: no search needed
  std::vector<dlx::OptionId> givens_;  // load()'s scratch: the givens' options, forced in one call
  std::uint64_t symmetry_ = 1;
  dlx::SearchOptions options_;
  std::vector<Grid> patterns_;  // solutions known without search (see kPatternSide)
  std::size_t next_pattern_ = 0;
  bool from_pattern_ = false;  // the latest next() or count() was answered from patterns_
  // A plain 9x9 puzzle that singles fill (SinglesBoard::fill()) is answered without the search: its one solution
  // is waiting (ready), was handed out (found, as the search's status says after its first solution), or the
  // puzzle is done (exhausted). off: the search answers.
  enum class Singles { off, ready, found, exhausted };
  Singles singles_ = Singles::off;
  SinglesBoard singles_board_;  // load()'s scratch: the givens of a plain 9x9 puzzle
  Grid singles_solution_;
  bool layout_checked_ = false;  // admits_grid() ran for these rules (on the first empty board loaded)
  std::optional<bool> layout_admits_;
};

// Up to `wanted` distinct solutions of a plain puzzle among the grids of the standard pattern (row r of band b
// holds (C * (r mod R) + r / R + c) mod n in column c, for boxes of R x C), its rows permuted within bands,
// its bands, its columns within stacks and its stacks, and its digits relabelled to agree with the givens;
// `tries` random arrangements at most (deterministic). Every empty board of any shape gets one at once; a
// board with a few givens usually does; fewer than wanted (maybe none) otherwise, which proves nothing.
std::vector<Grid> pattern_solutions(const Grid& puzzle, std::size_t wanted, int tries = 2000);

}  // namespace sudoku
