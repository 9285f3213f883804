#include "sudoku/model/solver.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>
#include <span>
#include <stdexcept>

#include "dlx/assert.hpp"
#include "sudoku/model/band_solver.hpp"
#include "sudoku/model/detail/givens.hpp"
#include "sudoku/model/model.hpp"
#include "sudoku/model/rule_propagator.hpp"
#include "sudoku/model/singles.hpp"

namespace sudoku {
namespace {

// What is left until `deadline`, as the engine's time limit takes it: at least a nanosecond, since zero would
// mean no limit.
std::chrono::nanoseconds left_until(std::chrono::steady_clock::time_point deadline) {
  return std::max(std::chrono::nanoseconds(1), std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                   deadline - std::chrono::steady_clock::now()));
}

}  // namespace

Solver::Solver(Shape shape, dlx::SearchOptions options) : shape_(shape), options_(options) {
  rules_.shape = shape;
  band_allowed_ = band_allowed();
  if (!band_allowed_) engine();
}

Solver::Solver(Rules rules, dlx::SearchOptions options)
    : shape_(rules.shape), rules_(std::move(rules)), options_(options) {
  band_allowed_ = band_allowed();
  if (!band_allowed_) engine();  // here, as it throws for rules that make no model
}

dlx::Solver& Solver::engine() {
  if (!search_) {
    if (!problem_) {
      problem_ = std::make_unique<const dlx::Problem>(make_problem(rules_));
      // Line and dot rules prune the search (rule_propagator.hpp) on the engine that takes a propagator.
      // Cages alone do not: their model has no colors, and the propagating masks search it in a tenth of
      // the time (tests/sudoku/data/killers.txt).
      if (!rules_.constraints.empty() && !options_.propagator &&
          (options_.engine == dlx::Engine::automatic || options_.engine == dlx::Engine::links))
        options_.propagator = make_rule_propagator(rules_, *problem_);
    }
    search_.emplace(*problem_, options_);
    if (time_limit_ != std::chrono::nanoseconds::zero()) search_->set_time_limit(time_limit_);
    if (deadline_ != std::chrono::steady_clock::time_point::max())
      search_->set_time_limit(left_until(deadline_));
  }
  return *search_;
}

void Solver::set_time_limit(std::chrono::nanoseconds limit) {
  time_limit_ = limit;
  deadline_ = std::chrono::steady_clock::time_point::max();
  if (limit > std::chrono::nanoseconds::zero()) relabel_deadline_ = std::chrono::steady_clock::now() + limit;
  if (search_) search_->set_time_limit(limit);
}

void Solver::set_deadline(std::chrono::steady_clock::time_point deadline) {
  if (deadline == std::chrono::steady_clock::time_point::max())
    return set_time_limit(std::chrono::nanoseconds::zero());
  time_limit_ = std::chrono::nanoseconds::zero();
  deadline_ = relabel_deadline_ = deadline;
  // The engine keeps a duration; it reads the clock (the band solver takes the deadline as it is).
  if (search_) search_->set_time_limit(left_until(deadline));
}

const std::atomic<bool>* Solver::set_stop(const std::atomic<bool>* stop) {
  const std::atomic<bool>* const old = options_.stop;
  if (stop == old) return old;
  options_.stop = stop;
  // dlx::Solver reads its stop flag once, when it is made: made again, when it is next needed.
  if (search_) {
    search_.reset();
    engine();
  }
  return old;
}

namespace {}  // namespace

std::optional<Conflict> Solver::load(const Grid& puzzle) {
  if (puzzle.shape != shape_ || puzzle.cells.size() != static_cast<std::size_t>(shape_.cells()))
    throw std::invalid_argument("sudoku::Solver::load: a " + to_string(puzzle.shape) + " puzzle given to a " +
                                to_string(shape_) + " solver");
  // A plain 9x9 puzzle may need no engine at all (the band solver): it is reset when it runs.
  if (!band_allowed_) engine().reset();
  impossible_ = false;
  symmetry_ = 1;
  relabelling_ = false;
  relabel_status_.reset();
  patterns_.clear();
  next_pattern_ = 0;
  from_pattern_ = false;
  front_ = Front::off;
  engine_loaded_ = true;
  band_skip_ = 0;
  front_stats_ = dlx::Stats{};
  const int n = shape_.side();
  const std::size_t cells = puzzle.cells.size();
  const std::uint8_t* const values = puzzle.cells.data();
  if (band_allowed_) {
    // The band solver answers first, from the givens (it places singles itself, at less cost than a
    // SinglesBoard would); here its start is made, which tells whether givens clash or a value is above 9 (its
    // precondition, band_solver.hpp). The engine gets the givens only when it runs (load_engine()).
    DLX_ASSERT(rules_.plain() && shape_ == (Shape{3, 3}) && cells == 81);
    if (band_start(values, band_start_)) {
      band_values_.assign(puzzle.cells.begin(), puzzle.cells.end());
      front_ = Front::pending;
      engine_loaded_ = false;
      return std::nullopt;
    }
    engine().reset();  // givens that clash, or a value above 9: the engine tells which, below
  }
  if (!rules_.plain() && rules_.relabels() && n <= 20 && puzzle.givens() == 0) {
    // The digits' side first: a layout that admits no grid is told at once (model.hpp), once per Solver.
    if (!layout_checked_) {
      layout_checked_ = true;
      layout_admits_ = admits_grid(rules_);
    }
    if (layout_admits_ == false) {
      impossible_ = true;
      return std::nullopt;
    }
    for (int d = 1; d <= n; ++d) {
      symmetry_ *= static_cast<std::uint64_t>(d);
      // The first row takes every digit once under any rules, so this is a partial solution of each.
      if (!engine().force(option_id(shape_, 0, d - 1, d))) {
        impossible_ = true;  // a rule forbids even this row (a region of one row's cells... ): no grid
        return std::nullopt;
      }
    }
    return std::nullopt;
  }
  // The givens' options, in cell order, forced in one call (dlx::Solver::force_all). A value above the side
  // sends the puzzle down the loop below, which throws for it only once the givens before it forced cleanly,
  // as it always did.
  givens_.resize(cells);
  dlx::OptionId* const out = givens_.data();
  std::size_t count = 0;
  bool too_large = false;
  // A plain 9x9 puzzle the band solver may not answer (search options only the engine honours) goes on a
  // SinglesBoard, which tells whether givens clash and fills the puzzles singles solve.
  const bool singles = !band_allowed_ && rules_.plain() && shape_ == Shape{3, 3};
  bool clash = false;
  if (singles) singles_board_.clear();
  detail::for_each_given(values, cells, [&](std::size_t cell) {
    const int d = values[cell];
    out[count++] = option_id(shape_, cell, d);
    too_large |= d > n;
    if (singles) clash |= d <= n && !singles_board_.add(static_cast<int>(cell), d);
  });
  if (!too_large && singles && !clash) {
    // Most published puzzles need no search: singles fill them at a fraction of the engine's cost. Only a
    // filled grid is used (the puzzle's one solution); otherwise the search starts from the givens, which
    // the board found free of clashes (so they are forced unchecked).
    front_solution_.shape = shape_;
    front_solution_.cells.assign(puzzle.cells.begin(), puzzle.cells.end());
    if (singles_board_.fill(front_solution_.cells.data())) {
      // A filled grid is the puzzle's one solution: it keeps every given.
      DLX_ASSERT(std::equal(
          puzzle.cells.begin(), puzzle.cells.end(), front_solution_.cells.begin(),
          [](std::uint8_t given, std::uint8_t v) { return v != 0 && (given == 0 || given == v); }));
      front_ = Front::ready;
    } else
      engine().force_disjoint(std::span<const dlx::OptionId>(out, count));
    return std::nullopt;
  }
  if (!too_large) {
    const std::size_t forced = engine().force_all(std::span<const dlx::OptionId>(out, count));
    if (forced == count) {
      // A cage's givens force cleanly even when their sum breaks it (the cage's digit sets are chosen by the
      // search): named here, as every other clash is, rather than left to a search that finds nothing.
      if (!rules_.cages.empty()) {
        if (auto conflict = find_conflict(puzzle, rules_)) {
          impossible_ = true;
          return conflict;
        }
      }
      if (rules_.plain() && n > kPatternSide && count <= static_cast<std::size_t>(n))
        patterns_ = pattern_solutions(puzzle, 2);
      return std::nullopt;
    }
    // force_all() refuses an option that shares an item with an earlier given: the same digit twice in a row,
    // column or box. Checking only then keeps the common case free of a separate validation pass.
    impossible_ = true;
    if (rules_.plain()) return find_conflict(puzzle);
    if (auto conflict = find_conflict(puzzle, rules_)) return conflict;
    const Placement refused = placement_of(shape_, out[forced]);
    const int at = refused.row * n + refused.col;
    return Conflict{refused.digit, Unit::cage, 0, at, at};
  }
  int at = 0;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c, ++at) {
      const int d = puzzle.cells[static_cast<std::size_t>(at)];
      if (d == 0) continue;
      if (d > n)
        throw std::invalid_argument("sudoku::Solver::load: value " + std::to_string(d) + " in a " +
                                    std::to_string(n) + "x" + std::to_string(n) + " puzzle");
      // force() refuses an option that shares an item with an earlier given: the same digit twice in a row,
      // column or box. Checking only then keeps the common case free of a separate validation pass.
      if (!engine().force(option_id(shape_, r, c, d))) {
        impossible_ = true;
        if (rules_.plain()) return find_conflict(puzzle);
        // Some rule beyond rows, columns and boxes: name it, or at least the given that broke it.
        if (auto conflict = find_conflict(puzzle, rules_)) return conflict;
        return Conflict{d, Unit::cage, 0, at, at};
      }
    }
  }
  return std::nullopt;
}

bool Solver::band_allowed() const {
  return rules_.plain() && shape_ == Shape{3, 3} && options_.engine == dlx::Engine::automatic &&
         options_.node_limit == 0 && !options_.check_every_step;
}

bool Solver::run_band(std::uint64_t limit, std::uint8_t* solution) {
  DLX_ASSERT(band_allowed_ && front_ == Front::pending && band_values_.size() == 81);
  // The time limit as the engine keeps it: from the start of the search.
  const auto deadline = time_limit_ > std::chrono::nanoseconds::zero()
                            ? std::chrono::steady_clock::now() + time_limit_
                            : deadline_;
  const BandCount band = band_count_from(band_start_, limit, kBandGuesses, solution, options_.stop, deadline);
  if (band.gave_up) {
    front_ = Front::off;
    band_skip_ = band.solutions;  // for a count, which goes on in the engine (next() starts afresh)
    return false;
  }
  DLX_ASSERT(limit == 0 || band.solutions <= limit);
  front_stats_.nodes = band.guesses == 0 ? 0 : band.nodes;  // no guess, no search (as singles, before it)
  front_stats_.solutions = band.solutions;
  if (band.stopped || band.timed_out) {
    front_ = band.stopped ? Front::stopped : Front::timed_out;
    band_skip_ = band.solutions;
  } else if (band.complete) {
    front_ = band.solutions == 1 && solution != nullptr ? Front::ready : Front::exhausted;
  } else {
    front_ = Front::counted;
    band_skip_ = band.solutions;
  }
  return true;
}

void Solver::load_engine() {
  front_ = Front::off;
  if (!engine_loaded_) {
    DLX_ASSERT(band_allowed_);  // only the band solver's road leaves the givens unforced
    engine_loaded_ = true;
    givens_.clear();
    detail::for_each_given(band_values_.data(), band_values_.size(), [&](std::size_t cell) {
      givens_.push_back(option_id(shape_, cell, band_values_[cell]));
    });
    engine().reset();
    engine().force_disjoint(givens_);  // load() found them free of clashes
  }
  // Solutions the band solver counted already (in its own order): the time limit or the stop flag may cut the
  // passing over short, and the next call goes on with what is left, so that none is counted twice.
  if (band_skip_ != 0) {
    const auto passed = static_cast<std::uint64_t>(engine().count(band_skip_).solutions);
    DLX_ASSERT(passed <= band_skip_);  // count()'s limit
    band_skip_ -= passed;
  }
}

bool Solver::next(Grid& solution) {
  from_pattern_ = false;
  relabel_status_.reset();
  if (impossible_) return false;
  if (relabelling_) {
    if (next_relabelling(solution)) return true;
    if (relabel_status_) return false;  // stopped or timed out: the next call goes on from there
  }
  // Two solutions or more: the engine's first, as ever (the band solver's order differs).
  if (front_ == Front::pending) {
    front_solution_.shape = shape_;
    front_solution_.cells.resize(band_values_.size());
    // The band solver's order differs from the engine's: the engine starts afresh if it runs.
    const bool answered = run_band(2, front_solution_.cells.data());
    band_skip_ = 0;
    if (answered && (front_ == Front::stopped || front_ == Front::timed_out))
      return false;  // status() says so; the next call starts the engine
  }
  if (front_ == Front::ready || front_ == Front::found || front_ == Front::exhausted) {
    const bool ready = front_ == Front::ready;
    front_ = ready ? Front::found : Front::exhausted;
    DLX_ASSERT(!ready || front_solution_.cells.size() == static_cast<std::size_t>(shape_.cells()));
    if (ready) solution = front_solution_;
    return ready;
  }
  load_engine();
  if (band_skip_ != 0) return false;  // stopped or timed out while passing over the band solver's count
  if (!next_found(solution)) return false;
  if (symmetry_ > 1) {
    // The search's solution, first row 1..n, is the identity's relabelling: the others follow it.
    base_ = solution;
    relabel_.resize(static_cast<std::size_t>(shape_.side()));
    std::iota(relabel_.begin(), relabel_.end(), std::uint8_t{1});
    relabelling_ = true;
  }
  return true;
}

bool Solver::next_relabelling(Grid& solution) {
  // n! of them (trillions from 15x15 on) and no search node among them: the stop flag and the time limit are
  // looked at here as the engine does, the flag every time, the clock every thousand.
  if (options_.stop != nullptr && options_.stop->load(std::memory_order_relaxed)) {
    relabel_status_ = dlx::Status::stopped;
    return false;
  }
  if (timed() && ++relabelled_ % 1024 == 0 && std::chrono::steady_clock::now() >= relabel_deadline_) {
    relabel_status_ = dlx::Status::timed_out;
    return false;
  }
  if (!std::next_permutation(relabel_.begin(), relabel_.end())) {
    relabelling_ = false;
    return false;
  }
  solution.shape = shape_;
  solution.cells.resize(base_.cells.size());
  for (std::size_t i = 0; i < base_.cells.size(); ++i)
    solution.cells[i] = relabel_[static_cast<std::size_t>(base_.cells[i] - 1)];
  return true;
}

bool Solver::next_found(Grid& solution) {
  if (next_pattern_ < patterns_.size()) {
    solution = patterns_[next_pattern_++];
    from_pattern_ = true;
    return true;
  }
  const auto cell_options = static_cast<dlx::OptionId>(shape_.cells() * shape_.side());
  while (engine().next()) {
    solution.reset(shape_);
    for (dlx::OptionId option : engine().solution()) {
      if (option >= cell_options) continue;  // a cage's digit set (model.hpp)
      const Placement p = placement_of(shape_, option);
      solution.at(p.row, p.col) = static_cast<std::uint8_t>(p.digit);
    }
    // The pattern's grids were handed out first: the search must not count them twice.
    if (std::find(patterns_.begin(), patterns_.end(), solution) == patterns_.end()) return true;
  }
  return false;
}

dlx::Count Solver::count(std::uint64_t limit) {
  from_pattern_ = false;
  relabelling_ = false;  // what is left of next()'s relabellings: counted with the solution they stand for
  relabel_status_.reset();
  if (impossible_) return {0, true};
  // When the band solver's budget runs out, what it counted is this call's too, and the engine goes on from
  // there (load_engine() passes over as many solutions, resumably should a stop cut that short).
  std::uint64_t counted = 0;
  if (front_ == Front::pending) {
    if (run_band(limit, nullptr)) return {front_stats_.solutions, front_ == Front::exhausted};
    counted = band_skip_;
  }
  if (front_ == Front::ready || front_ == Front::found || front_ == Front::exhausted) {
    // As the search counts: a limit of one stops at the solution (found, not complete).
    const bool ready = front_ == Front::ready;
    const bool stop = ready && limit == 1;
    front_ = stop ? Front::found : Front::exhausted;
    return {ready ? 1u : 0u, !stop};
  }
  load_engine();
  if (band_skip_ != 0) return {counted, false};  // stopped or timed out in the passing over
  if (patterns_.empty()) {
    const dlx::Count more = engine().count(limit == 0 ? 0 : limit - counted);
    return {counted + more.solutions, more.complete};
  }
  const std::size_t left = patterns_.size() - next_pattern_;
  if (limit != 0 && limit <= left) {
    next_pattern_ += static_cast<std::size_t>(limit);
    from_pattern_ = true;
    return {limit, false};
  }
  // Past the pattern's grids, one by one: only huge open boards come here, whose counts never end anyway.
  Grid scratch;
  dlx::Count128 total = 0;
  while ((limit == 0 || total < limit) && next(scratch)) ++total;
  from_pattern_ = false;
  return {total, engine().status() == dlx::Status::exhausted};
}

bool Solver::solve(const Grid& puzzle, Grid& solution) {
  return !load(puzzle) && next(solution);
}

Verdict Solver::check(const Grid& puzzle) {
  if (load(puzzle)) return Verdict::none;
  const dlx::Count c = count(2);
  if (symmetry_ > 1 && c.solutions > 0) return Verdict::multiple;  // each stands for n! grids
  if (c.solutions < 2 && !c.complete) return Verdict::unknown;
  return c.solutions == 0 ? Verdict::none : c.solutions == 1 ? Verdict::unique : Verdict::multiple;
}

namespace {

// splitmix64: pattern_solutions() must give the same grids on every platform.
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[static_cast<std::size_t>(next() % i)]);
  }
};

// A random order of `groups` groups of `size` consecutive lines, each group's lines shuffled too: the rows of
// bands and the bands (or columns of stacks and the stacks), which keeps every box a box.
void group_order(int groups, int size, SplitMix& random, std::vector<int>& order, std::vector<int>& outer,
                 std::vector<int>& inner) {
  outer.resize(static_cast<std::size_t>(groups));
  std::iota(outer.begin(), outer.end(), 0);
  random.shuffle(outer);
  order.clear();
  for (int g : outer) {
    inner.resize(static_cast<std::size_t>(size));
    std::iota(inner.begin(), inner.end(), g * size);
    random.shuffle(inner);
    order.insert(order.end(), inner.begin(), inner.end());
  }
}

}  // namespace

std::vector<Grid> pattern_solutions(const Grid& puzzle, std::size_t wanted, int tries) {
  const Shape shape = puzzle.shape;
  const int R = shape.box_rows, C = shape.box_cols, n = shape.side();
  struct Given {
    int row, col, digit;
  };
  std::vector<Given> givens;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (const int d = puzzle.at(r, c); d != 0) {
        if (d > n) return {};
        givens.push_back({r, c, d});
      }
  // Row r of band b (r = b * R + i) holds C * i + b + c in column c: every row, column and box holds each of
  // 0..n-1 once, for boxes of any shape.
  const auto base = [&](int r, int c) { return (C * (r % R) + r / R + c) % n; };
  std::vector<Grid> found;
  SplitMix random{0x5EED5EED5EED5EEDULL};
  std::vector<int> rows, cols, outer, inner, digit_of(static_cast<std::size_t>(n)),
      value_of(static_cast<std::size_t>(n) + 1), unused;
  for (int t = 0; t < tries && found.size() < wanted; ++t) {
    group_order(C, R, random, rows, outer, inner);  // C bands of R rows
    group_order(R, C, random, cols, outer, inner);  // R stacks of C columns
    std::fill(digit_of.begin(), digit_of.end(), 0);
    std::fill(value_of.begin(), value_of.end(), -1);
    bool agrees = true;
    for (const Given& g : givens) {
      const int v = base(rows[static_cast<std::size_t>(g.row)], cols[static_cast<std::size_t>(g.col)]);
      int& digit = digit_of[static_cast<std::size_t>(v)];
      int& value = value_of[static_cast<std::size_t>(g.digit)];
      if (digit == 0 && value == -1) {
        digit = g.digit;
        value = v;
      } else if (digit != g.digit) {
        agrees = false;
        break;
      }
    }
    if (!agrees) continue;
    unused.clear();
    for (int d = 1; d <= n; ++d)
      if (value_of[static_cast<std::size_t>(d)] == -1) unused.push_back(d);
    random.shuffle(unused);
    for (int& digit : digit_of)
      if (digit == 0) {
        digit = unused.back();
        unused.pop_back();
      }
    Grid grid;
    grid.reset(shape);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        grid.at(r, c) = static_cast<std::uint8_t>(digit_of[static_cast<std::size_t>(
            base(rows[static_cast<std::size_t>(r)], cols[static_cast<std::size_t>(c)]))]);
    if (std::find(found.begin(), found.end(), grid) == found.end()) found.push_back(std::move(grid));
  }
  return found;
}

}  // namespace sudoku
