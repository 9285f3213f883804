#include "sudoku/model/solver.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <numeric>
#include <span>
#include <stdexcept>

#include "sudoku/model/band_solver.hpp"
#include "sudoku/model/model.hpp"
#include "sudoku/model/singles.hpp"

namespace sudoku {

Solver::Solver(Shape shape, dlx::SearchOptions options)
    : shape_(shape),
      problem_(std::make_unique<const dlx::Problem>(make_problem(shape))),
      search_(*problem_, options),
      options_(options) {
  rules_.shape = shape;
}

Solver::Solver(Rules rules, dlx::SearchOptions options)
    : shape_(rules.shape),
      rules_(std::move(rules)),
      problem_(std::make_unique<const dlx::Problem>(make_problem(rules_))),
      search_(*problem_, options),
      options_(options) {}

const std::atomic<bool>* Solver::set_stop(const std::atomic<bool>* stop) {
  const std::atomic<bool>* const old = options_.stop;
  if (stop == old) return old;
  options_.stop = stop;
  search_ = dlx::Solver(*problem_, options_);  // dlx::Solver reads its stop flag once, when it is made
  return old;
}

std::optional<Conflict> Solver::load(const Grid& puzzle) {
  if (puzzle.shape != shape_ || puzzle.cells.size() != static_cast<std::size_t>(shape_.cells()))
    throw std::invalid_argument("sudoku::Solver::load: a " + to_string(puzzle.shape) + " puzzle given to a " +
                                to_string(shape_) + " solver");
  // A plain 9x9 puzzle may need no engine at all (singles, the band solver): it is reset when it runs.
  const bool lazy = band_allowed();
  if (!lazy) search_.reset();
  impossible_ = false;
  symmetry_ = 1;
  patterns_.clear();
  next_pattern_ = 0;
  from_pattern_ = false;
  front_ = Front::off;
  engine_loaded_ = true;
  band_skip_ = 0;
  front_stats_ = false;
  const int n = shape_.side();
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
      if (!search_.force(option_id(shape_, 0, d - 1, d))) {
        impossible_ = true;  // a rule forbids even this row (a region of one row's cells... ): no grid
        return std::nullopt;
      }
    }
    return std::nullopt;
  }
  // The givens' options, in cell order, forced in one call (dlx::Solver::force_all). A value above the side
  // sends the puzzle down the loop below, which throws for it only once the givens before it forced cleanly,
  // as it always did.
  const std::size_t cells = puzzle.cells.size();
  const std::uint8_t* const values = puzzle.cells.data();
  givens_.resize(cells);
  dlx::OptionId* const out = givens_.data();
  std::size_t count = 0;
  bool too_large = false;
  // A plain 9x9 puzzle's givens go on a SinglesBoard as well, which tells whether they clash.
  const bool singles = rules_.plain() && shape_ == Shape{3, 3};
  bool clash = false;
  if (singles) singles_board_.clear();
  const auto add = [&](std::size_t cell) {
    const int d = values[cell];
    out[count++] = option_id(shape_, cell, d);
    too_large |= d > n;
    if (singles) clash |= d <= n && !singles_board_.add(static_cast<int>(cell), d);
  };
  std::size_t cell = 0;
  if constexpr (std::endian::native == std::endian::little) {
    // Eight cells at a time: the high bit of each byte of `given` says whether that cell holds a value (the
    // low seven bits plus 0x7F carry into it when any is set), and only those cells are visited: far fewer
    // instructions than a loop over every cell where most cells are blank.
    constexpr std::uint64_t kLow = 0x7F7F7F7F7F7F7F7F, kHigh = 0x8080808080808080;
    for (; cell + 8 <= cells; cell += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, values + cell, sizeof word);
      for (std::uint64_t given = (((word & kLow) + kLow) | word) & kHigh; given != 0; given &= given - 1)
        add(cell + static_cast<std::size_t>(std::countr_zero(given)) / 8);
    }
  }
  for (; cell < cells; ++cell)
    if (values[cell] != 0) add(cell);
  if (!too_large && singles && !clash) {
    // Most published puzzles need no search: singles fill them at a fraction of the engine's cost. Only a
    // filled grid is used (the puzzle's one solution); otherwise the band solver starts from the values singles
    // placed (each forced, so the solutions are the puzzle's), or the search from the givens, which the board
    // found free of clashes (so they are forced unchecked), when the engine first runs.
    singles_solution_.shape = shape_;
    singles_solution_.cells.assign(puzzle.cells.begin(), puzzle.cells.end());
    given_count_ = count;
    if (singles_board_.fill(singles_solution_.cells.data())) {
      front_ = Front::ready;
      if (lazy) {
        engine_loaded_ = false;
        front_stats_ = true;  // no search: no figures
        front_stats_value_ = dlx::Stats{};
      }
    } else if (lazy) {
      front_ = Front::pending;
      engine_loaded_ = false;
    } else {
      search_.force_disjoint(std::span<const dlx::OptionId>(out, count));
    }
    return std::nullopt;
  }
  if (lazy) search_.reset();  // givens that clash, or a value above 9: the engine tells which
  if (!too_large) {
    const std::size_t forced = search_.force_all(std::span<const dlx::OptionId>(out, count));
    if (forced == count) {
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
      if (!search_.force(option_id(shape_, r, c, d))) {
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
  const BandCount band = band_count(singles_solution_.cells.data(), limit, kBandGuesses, solution);
  if (band.gave_up) {
    front_ = Front::off;
    return false;
  }
  front_stats_ = true;
  front_stats_value_ = dlx::Stats{};
  front_stats_value_.nodes = band.nodes;
  front_stats_value_.solutions = band.solutions;
  if (band.complete) {
    front_ = band.solutions == 1 && solution != nullptr ? Front::ready : Front::exhausted;
  } else {
    front_ = Front::counted;
    band_skip_ = band.solutions;
  }
  return true;
}

void Solver::load_engine() {
  front_ = Front::off;
  front_stats_ = false;
  if (engine_loaded_) return;
  engine_loaded_ = true;
  search_.reset();
  search_.force_disjoint(std::span<const dlx::OptionId>(givens_.data(), given_count_));
  if (band_skip_ != 0) search_.count(band_skip_);
}

bool Solver::next(Grid& solution) {
  from_pattern_ = false;
  if (impossible_) return false;
  // Two solutions or more: the engine's first, as ever (the band solver's order differs).
  if (front_ == Front::pending && run_band(2, singles_solution_.cells.data()) && front_ == Front::counted)
    band_skip_ = 0;
  if (front_ == Front::ready || front_ == Front::found || front_ == Front::exhausted) {
    const bool ready = front_ == Front::ready;
    front_ = ready ? Front::found : Front::exhausted;
    if (ready) solution = singles_solution_;
    return ready;
  }
  load_engine();
  if (next_pattern_ < patterns_.size()) {
    solution = patterns_[next_pattern_++];
    from_pattern_ = true;
    return true;
  }
  const auto cell_options = static_cast<dlx::OptionId>(shape_.cells() * shape_.side());
  while (search_.next()) {
    solution.reset(shape_);
    for (dlx::OptionId option : search_.solution()) {
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
  if (impossible_) return {0, true};
  if (front_ == Front::pending && run_band(limit, nullptr))
    return {front_stats_value_.solutions, front_ == Front::exhausted};
  if (front_ == Front::ready || front_ == Front::found || front_ == Front::exhausted) {
    // As the search counts: a limit of one stops at the solution (found, not complete).
    const bool ready = front_ == Front::ready;
    const bool stop = ready && limit == 1;
    front_ = stop ? Front::found : Front::exhausted;
    return {ready ? 1u : 0u, !stop};
  }
  load_engine();
  if (patterns_.empty()) return search_.count(limit);
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
  return {total, search_.status() == dlx::Status::exhausted};
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
