// Solves puzzles of one shape, many in a row. The exact-cover model is built once, when first needed; each
// puzzle then costs only a reset of the engine, one forced option per given, and the search itself, with no
// allocation on the way. A plain 9x9 puzzle is answered by the band solver (band_solver.hpp) where it can:
// counts and uniqueness, and the solution of a puzzle that has one. The engine hands out the solutions of
// puzzles with several (in its own order), goes on where the band solver's budget runs out, and runs wherever
// the search options ask for what only it has (a node limit, an engine, invariant checks), after naked and
// hidden singles (singles.hpp) filled the puzzles they can. A Solver serves one thread at a time; give each
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

#include "sudoku/model/band_solver.hpp"
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
  // left. Every solution comes once, those symmetry() stands for included (see there).
  bool next(Grid& solution);
  // Counts the loaded puzzle's solutions from here on, stopping once `limit` were found (0: no limit). Each
  // stands for symmetry() solutions of the puzzle; after next(), the count starts past the solutions that
  // stand for the one next() found last.
  dlx::Count count(std::uint64_t limit = 0);

  // As dlx::Solver::set_time_limit: next() and count() return early, resumably, with status() timed_out.
  void set_time_limit(std::chrono::nanoseconds limit);
  // As set_time_limit(), but until `deadline` (time_point::max(): no limit), for a caller that has just read
  // the clock: a batch's time slices, one per puzzle; the band solver then reads no clock before its search.
  void set_deadline(std::chrono::steady_clock::time_point deadline);
  // Replaces SearchOptions::stop for the puzzles loaded from now on (the search is rebuilt when it changes,
  // so call it before load()). Returns the flag it replaced.
  const std::atomic<bool>* set_stop(const std::atomic<bool>* stop);

  // load() and a search in one call. A conflict counts as no solution; call load() to learn which.
  bool solve(const Grid& puzzle, Grid& solution);
  Verdict check(const Grid& puzzle);

  // How many solutions each one count() counts stands for: 1, except for a puzzle with no givens under variant
  // rules that every relabelling of the digits keeps (regions, anti-knight, anti-king; not non-consecutive, not
  // cages) on a side up to 20. load() then fixes the first row to 1..n, and each solution the search finds
  // stands for the n! that relabel it: an empty jigsaw layout that admits no grid is proved so n! times
  // faster. next() hands out all n! of each (every solution once: each has one relabelling whose first row is
  // 1..n), their first rows in lexicographic order. Plain rules keep the plain search.
  std::uint64_t symmetry() const { return symmetry_; }

  // The figures of the current puzzle's search (none for a puzzle that singles filled or before the first
  // search; the band solver's nodes and solutions where it answered), and why it last returned.
  const dlx::Stats& stats() const {
    return front_ != Front::off || !search_ ? front_stats_ : search_->stats();
  }
  dlx::Status status() const {
    if (impossible_) return dlx::Status::exhausted;
    if (relabel_status_) return *relabel_status_;
    if (from_pattern_ || front_ == Front::found || front_ == Front::counted) return dlx::Status::found;
    if (front_ == Front::pending) return dlx::Status::ready;
    if (front_ == Front::stopped) return dlx::Status::stopped;
    if (front_ == Front::timed_out) return dlx::Status::timed_out;
    if (front_ == Front::exhausted) return dlx::Status::exhausted;
    return search_ ? search_->status() : dlx::Status::ready;
  }

  // The band solver's budget per call, in guesses: the hardest 9x9 puzzles need a few thousand to be counted to
  // two, a millisecond or so; past the budget (milliseconds: puzzles with tens of thousands of solutions,
  // counted to the end) the engine counts afresh, where time limits are heard (the band solver hears the stop
  // flag too).
  static constexpr std::uint64_t kBandGuesses = 1u << 16;

  // Plain boards wider than this with at most `side` givens are first answered from pattern_solutions(): the
  // search alone runs for hours on an empty 56x56 or 64x64 board. next() hands out those grids first, then
  // the search's other ones; count() counts each once.
  static constexpr int kPatternSide = 49;

 private:
  Shape shape_;
  Rules rules_;
  // The exact-cover problem and its engine, made by engine() when first needed: at once, except for plain
  // 9x9 puzzles, which the band solver answers without them (building the engine costs as much as the band
  // solver's work on a hundred puzzles). The problem is on the heap: the engine points at it, and Solvers move.
  std::unique_ptr<const dlx::Problem> problem_;
  std::optional<dlx::Solver> search_;
  std::chrono::nanoseconds time_limit_{0};  // set_time_limit()'s, for an engine made later
  // set_deadline()'s (time_limit_ is then 0), else time_point::max()
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  bool timed() const {
    return time_limit_ > std::chrono::nanoseconds::zero() ||
           deadline_ != std::chrono::steady_clock::time_point::max();
  }
  dlx::Solver& engine();
  bool impossible_ = false;            // the givens clash: no search needed
  std::vector<dlx::OptionId> givens_;  // load()'s scratch: the givens' options, forced in one call
  std::uint64_t symmetry_ = 1;
  // next() under symmetry_ > 1: the search's solution (first row 1..n) and the relabelling handed out last
  // (digit d becomes relabel_[d - 1]); relabelling_ while relabellings of base_ are left.
  Grid base_;
  std::vector<std::uint8_t> relabel_;
  bool relabelling_ = false;
  std::uint64_t relabelled_ = 0;               // relabellings handed out: the clock is read now and then
  std::optional<dlx::Status> relabel_status_;  // stopped or timed_out among base_'s relabellings
  std::chrono::steady_clock::time_point relabel_deadline_;  // set_time_limit()'s, for those
  bool next_relabelling(Grid& solution);  // the next of base_'s relabellings; false when none
  bool next_found(Grid& solution);        // the search's next solution, after the patterns
  dlx::SearchOptions options_;
  std::vector<Grid> patterns_;  // solutions known without search (see kPatternSide)
  std::size_t next_pattern_ = 0;
  bool from_pattern_ = false;  // the latest next() or count() was answered from patterns_
  // A plain 9x9 puzzle is answered before the engine where it can be: by the band solver (pending: it is to
  // run), or, when search options only the engine honours were asked for, by singles (SinglesBoard::fill()).
  // Then its one solution is waiting (ready), was handed out (found, as the search's status says after its
  // first solution), or the puzzle is done (exhausted); or the band solver stopped at a count's limit
  // (counted: the engine goes on from there, passing over band_skip_ solutions of its own), at the stop flag
  // (stopped: the same, for a count) or at the time limit (timed_out: the same). off: the engine answers, its
  // givens forced (load_engine()).
  enum class Front { off, pending, ready, found, exhausted, counted, stopped, timed_out };
  Front front_ = Front::off;
  bool band_allowed_ = false;              // band_allowed(), fixed at construction
  SinglesBoard singles_board_;             // load()'s scratch: the givens of a plain 9x9 puzzle
  std::vector<std::uint8_t> band_values_;  // the band solver's puzzle: the givens, 0 elsewhere
  BandStart band_start_;                   // the same as the band solver starts from it (band_start())
  Grid front_solution_;                    // the singles' values, or the band solver's solution
  bool engine_loaded_ = true;              // the engine is reset and has the givens forced
  std::uint64_t band_skip_ = 0;            // solutions the band solver counted, which the engine passes over
  dlx::Stats front_stats_;                 // stats() while front_ is not off: the band solver's, or none
  bool band_allowed() const;               // plain 9x9 rules and search options the band solver honours
  // Runs the band solver on the pending puzzle: front_ becomes ready, exhausted, counted, stopped, timed_out,
  // or off when its budget runs out (false; band_skip_ then holds what it counted).
  bool run_band(std::uint64_t limit, std::uint8_t* solution);
  // Resets the engine and forces the givens if not yet done, then passes over band_skip_ solutions (what is
  // left of them stays there if a stop or time limit cuts it short); front_ off.
  void load_engine();
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
