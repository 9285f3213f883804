#include "sudoku/maker/generator.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "sudoku/maker/generate_options.hpp"
#include "sudoku/maker/logic/rule_techniques.hpp"
#include "sudoku/maker/logic/tiers.hpp"
#include "sudoku/maker/minimizer.hpp"
#include "sudoku/maker/random_layouts.hpp"
#include "sudoku/maker/rater.hpp"

namespace sudoku {
namespace {

constexpr std::uint64_t kQuickNodes = 20000;
// make_minimal's rounds before an attempt is given up: each swaps one orbit for others.
constexpr int kRepairRounds = 64;
// Other solutions make_minimal keeps: on 16x16 most orbits it tries to remove are told apart by one of them.
constexpr std::size_t kKeptSolutions = 64;
// A killer's uniqueness check gives up here (a given is added instead), and so does the search for a grid of
// a random region layout (another layout is drawn): either may otherwise run for minutes.
constexpr std::uint64_t kKillerNodes = 200000;
constexpr std::uint64_t kLayoutNodes = 200000;
// A template's uniqueness checks give up here, and its attempt after this many nodes of them all: thermometers
// or kropki dots on a near-empty 9x9 can otherwise add givens for minutes. Another random solution under the
// same rules usually settles in a few thousand nodes.
constexpr std::uint64_t kTemplateCheckNodes = 50000;
constexpr std::uint64_t kTemplateAttemptNodes = 1000000;
// Seeded searches, whose random tie-breaking suits regions and neighbour rules, can miss every grid of
// kropki dots that the solver's own order finds in a few hundred nodes: a template's attempt then takes one
// of the first grids of that order, found once within this many nodes.
constexpr std::uint64_t kTemplateGridNodes = 1000000;
constexpr std::size_t kTemplateGrids = 256;

dlx::SearchOptions bounded(std::uint64_t nodes) {
  dlx::SearchOptions options;
  options.node_limit = nodes;
  return options;
}

bool stopped(const std::atomic<bool>* stop) {
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

// A random order of 0..count-1 in groups of `group`, each group's members shuffled: the rows of a band, the
// bands; composing the two keeps every box a box.
std::vector<int> line_order(int groups, int group, Random& random) {
  std::vector<int> outer(static_cast<std::size_t>(groups));
  std::iota(outer.begin(), outer.end(), 0);
  random.shuffle(outer);
  std::vector<int> order;
  for (int g : outer) {
    std::vector<int> inner(static_cast<std::size_t>(group));
    std::iota(inner.begin(), inner.end(), g * group);
    random.shuffle(inner);
    order.insert(order.end(), inner.begin(), inner.end());
  }
  return order;
}

// The variants' rules, and the template's on top.
Rules rules_with_template(const GenerateOptions& options, const Variants& variants) {
  Rules rules = make_rules(options.shape, variants);
  if (options.template_rules) add_rules(rules, *options.template_rules);
  return rules;
}

}  // namespace

std::uint64_t Random::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

void check_clues(const GenerateOptions& options, bool plain) {
  if (const std::string problem = clue_problem(options, plain); !problem.empty())
    throw std::invalid_argument("clues " + std::to_string(options.clues) + ": " + problem);
}

void check_generated_rules(const GenerateOptions& options, const Variants& variants) {
  GenerateOptions rules_only = options;
  rules_only.clues = 0;  // check_clues' concern
  check_generate_combinations(rules_only, variants, OptionSpelling::flags());
}

bool take_killer_word(std::string& names) {
  std::string rest;
  bool killer = false;
  std::size_t at = 0;
  while (at <= names.size()) {
    const std::size_t comma = std::min(names.find(',', at), names.size());
    const std::string word = names.substr(at, comma - at);
    if (word == "killer")
      killer = true;
    else
      rest += (rest.empty() ? "" : ",") + word;
    at = comma + 1;
  }
  if (killer) names = rest;
  return killer;
}

Generator::Generator(GenerateOptions options, const Variants& variants)
    : options_((check_generated_rules(options, variants),
                check_clues(options, !variants.any() && !options.killer && !options.random_regions &&
                                         !options.template_rules),
                options)),
      variants_(variants),
      rules_(rules_with_template(options, variants)),
      solver_(rules_),
      quick_(rules_, bounded(kQuickNodes)),
      houses_(rules_),
      tiers_(logic::make_tier_engine(rules_, houses_)),
      graded_(logic::make_engine(rules_, houses_)),
      rating_(options.rating),
      orbits_(orbits(options.shape, options.symmetry)),
      orbit_of_(static_cast<std::size_t>(options.shape.cells())) {
  // A template's lines and dots can make some random search orders very long: another attempt, with another
  // order, is far quicker.
  if (options_.template_rules) grid_nodes_ = kLayoutNodes;
  for (std::size_t k = 0; k < orbits_.size(); ++k)
    for (int cell : orbits_[k]) orbit_of_[static_cast<std::size_t>(cell)] = k;
}

Grid Generator::variant_grid(Random& random) {
  dlx::SearchOptions search;
  search.seed = random.next();
  search.stop = stop_;
  search.node_limit = grid_nodes_;
  Solver seeded(rules_, search);
  Grid start = options_.template_givens, full;
  if (start.cells.empty()) start.reset(options_.shape);
  if (!seeded.solve(start, full)) {
    if (!options_.template_rules || template_grids().empty()) return Grid{};
    full = template_grids()[static_cast<std::size_t>(random.below(template_grids().size()))];
  }
  // Any permutation of the digits keeps regions and the anti-knight and anti-king rules; non-consecutive
  // allows only reversing them.
  const int n = options_.shape.side();
  std::vector<std::uint8_t> relabel(static_cast<std::size_t>(n + 1));
  std::iota(relabel.begin(), relabel.end(), std::uint8_t{0});
  if (!rules_.cages.empty() || !rules_.constraints.empty() || rules_.negatives.any() ||
      options_.template_givens.givens() > 0) {
    // Sums, lines, dots and givens hold for these digits only: the solver's grid as it is (its search is
    // seeded).
  } else if (!rules_.non_consecutive) {
    std::vector<std::uint8_t> digits(relabel.begin() + 1, relabel.end());
    random.shuffle(digits);
    std::copy(digits.begin(), digits.end(), relabel.begin() + 1);
  } else if (random.below(2) == 1) {
    for (int d = 1; d <= n; ++d) relabel[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(n + 1 - d);
  }
  for (std::uint8_t& v : full.cells) v = relabel[v];
  return full;
}

const std::vector<Grid>& Generator::template_grids() {
  if (!template_grids_) {
    template_grids_.emplace();
    dlx::SearchOptions search = bounded(kTemplateGridNodes);
    search.stop = stop_;
    Solver solver(rules_, search);
    Grid start = options_.template_givens, full;
    if (start.cells.empty()) start.reset(options_.shape);
    if (!solver.load(start))
      while (template_grids_->size() < kTemplateGrids && solver.next(full)) template_grids_->push_back(full);
  }
  return *template_grids_;
}

Grid Generator::solution_grid(Random& random) {
  if (!rules_.plain()) return variant_grid(random);
  const Shape shape = options_.shape;
  const int n = shape.side();
  // A random first row, then the solver's first completion: any first row completes (shift it box by box).
  Grid start;
  start.reset(shape);
  std::vector<std::uint8_t> digits(static_cast<std::size_t>(n));
  std::iota(digits.begin(), digits.end(), std::uint8_t{1});
  random.shuffle(digits);
  std::copy(digits.begin(), digits.end(), start.cells.begin());
  Grid full;
  if (!solver_.solve(start, full)) return Grid{};  // stopped
  // The solver's completion is far from random below the first row: shuffle rows within bands, bands,
  // columns within stacks and stacks, which keeps every row, column and box whole.
  const std::vector<int> rows = line_order(shape.box_cols, shape.box_rows, random);
  const std::vector<int> cols = line_order(shape.box_rows, shape.box_cols, random);
  Grid result;
  result.reset(shape);
  const bool transpose = shape.box_rows == shape.box_cols && random.below(2) == 1;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const std::uint8_t v = full.at(rows[static_cast<std::size_t>(r)], cols[static_cast<std::size_t>(c)]);
      (transpose ? result.at(c, r) : result.at(r, c)) = v;
    }
  return result;
}

std::optional<Generated> Generator::jigsaw_attempt(Random& random, const std::atomic<bool>* stop) {
  GenerateOptions options = options_;
  options.random_regions = false;
  options.rating = rating_;  // target_rating()'s too
  Variants variants = variants_;
  variants.regions = regions_layout(random_regions(options_.shape, random));
  Generator inner(options, variants);
  inner.stop_ = stop;
  inner.grid_nodes_ = kLayoutNodes;
  inner.solver_.set_stop(stop);
  inner.quick_.set_stop(stop);
  std::optional<Generated> g = inner.attempt(random, stop);
  if (g && !g->rules) g->rules = std::make_shared<const Rules>(inner.rules_);
  return g;
}

bool Generator::unique(Solver& solver, const Grid& puzzle) {
  return solver.check(puzzle) == Verdict::unique;
}

bool Generator::settle_givens(Generated& g, Solver& solver, const Grid& kept, Random& random,
                              const std::atomic<bool>* stop, SettleBudget budget) {
  const int cells = options_.shape.cells();
  std::vector<int> differing;
  Grid other;
  std::uint64_t spent = 0;
  // Adds the nodes of the solver's latest search; true once the budget is spent.
  const auto spend = [&] {
    spent += solver.stats().nodes;
    return budget.nodes > 0 && spent > budget.nodes;
  };
  for (;;) {
    if (stopped(stop)) return false;
    const Verdict verdict = solver.check(g.puzzle);
    if (spend()) return false;
    if (verdict == Verdict::unique) break;
    if (verdict == Verdict::none) return false;  // cannot be: the solution fits its own rules
    differing.clear();
    if (verdict == Verdict::multiple) {
      other.cells.clear();
      solver.load(g.puzzle);
      while (solver.next(other))
        if (other.cells != g.solution.cells) break;
      if (spend()) return false;
      for (int c = 0; c < cells; ++c)
        if (other.cells.size() == g.solution.cells.size() &&
            other.cells[std::size_t(c)] != g.solution.cells[std::size_t(c)] &&
            g.puzzle.cells[std::size_t(c)] == 0)
          differing.push_back(c);
    }
    if (differing.empty())
      for (int c = 0; c < cells; ++c)
        if (g.puzzle.cells[std::size_t(c)] == 0) differing.push_back(c);
    if (differing.empty()) return false;  // every cell given, and still not unique: the search gave up
    const auto cell = std::size_t(differing[std::size_t(random.below(differing.size()))]);
    g.puzzle.cells[cell] = g.solution.cells[cell];
  }
  std::vector<int> order;
  for (int c = 0; c < cells; ++c)
    if (g.puzzle.cells[std::size_t(c)] != 0 && (kept.cells.empty() || kept.cells[std::size_t(c)] == 0))
      order.push_back(c);
  random.shuffle(order);
  for (int c : order) {
    if (stopped(stop)) return false;
    const auto cell = std::size_t(c);
    g.puzzle.cells[cell] = 0;
    const bool needless = unique(solver, g.puzzle);
    // A check that could not tell keeps the given: the puzzle stays one proven unique.
    if (!needless) g.puzzle.cells[cell] = g.solution.cells[cell];
    if (spend()) return false;
  }
  return true;
}

// Cages first, over a random solution; then, while the puzzle has another solution, a given where that
// solution differs from ours (a random cell when the bounded search cannot tell); then every given that the
// puzzle stays unique without goes, in random order. Most 9x9 killers with cages of 2 to 4 cells need none.
std::optional<Generated> Generator::killer_attempt(Random& random, const std::atomic<bool>* stop) {
  Generated g;
  g.solution = solution_grid(random);
  if (g.solution.cells.empty()) return std::nullopt;
  Rules rules = rules_;
  rules.cages = random_cages(g.solution, options_.cage_min, options_.cage_max, random);
  dlx::SearchOptions search = bounded(kKillerNodes);
  search.stop = stop;
  Solver solver(rules, search);
  g.puzzle.reset(options_.shape);
  if (!settle_givens(g, solver, g.puzzle, random, stop, SettleBudget{})) return std::nullopt;
  if (options_.max_givens >= 0 && g.puzzle.givens() > options_.max_givens) return std::nullopt;
  if (logic_knows(rules)) {
    // The tiers of this attempt's cages.
    logic::Engine tiers = logic::make_tier_engine(rules, houses_);
    g.tier = tiers.load(g.puzzle) ? logic::run_tiers(tiers).tier : Tier::search;
    if (options_.tier && g.tier != *options_.tier) return std::nullopt;
  }
  if (rating_) {
    // Each attempt's cages are its own: so is the engine that rates it.
    logic::Engine engine = logic::make_engine(rules, houses_);
    if (!rated(g, engine, stop)) return std::nullopt;
  }
  g.rules = std::make_shared<const Rules>(std::move(rules));
  return g;
}

std::optional<Generated> Generator::template_attempt(Random& random, const std::atomic<bool>* stop) {
  Generated g;
  g.solution = solution_grid(random);
  if (g.solution.cells.empty()) return std::nullopt;  // rules (or givens) no grid fits, or stopped
  dlx::SearchOptions search = bounded(kTemplateCheckNodes);
  search.stop = stop;
  Solver solver(rules_, search);
  g.puzzle = options_.template_givens;
  if (g.puzzle.cells.empty()) g.puzzle.reset(options_.shape);
  if (!settle_givens(g, solver, options_.template_givens, random, stop, {kTemplateAttemptNodes}))
    return std::nullopt;
  if (logic_knows(rules_)) {
    g.tier = tiers_.load(g.puzzle) ? logic::run_tiers(tiers_).tier : Tier::search;
    if (options_.tier && g.tier != *options_.tier) return std::nullopt;
  }
  if (!rated(g, stop)) return std::nullopt;
  g.rules = std::make_shared<const Rules>(rules_);
  return g;
}

std::optional<Generated> Generator::attempt(Random& random, const std::atomic<bool>* stop) {
  if (options_.random_regions) return jigsaw_attempt(random, stop);
  if (options_.killer) return killer_attempt(random, stop);
  if (options_.template_rules) return template_attempt(random, stop);
  Generated g;
  g.solution = solution_grid(random);
  if (g.solution.cells.empty()) return std::nullopt;  // variant rules no grid fits
  g.puzzle = g.solution;
  std::vector<std::size_t> order(orbits_.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  random.shuffle(order);
  const int n = options_.shape.side();
  const int target = options_.clues;
  int clues = options_.shape.cells(), failures = 0;
  for (std::size_t k : order) {
    if (stopped(stop)) return std::nullopt;
    const std::vector<int>& orbit = orbits_[k];
    const int size = static_cast<int>(orbit.size());
    if (target > 0 && clues - size < target) {
      if (!options_.minimal && clues == target) break;
      continue;
    }
    for (int cell : orbit) g.puzzle.cells[static_cast<std::size_t>(cell)] = 0;
    // The bounded search only where complete ones can be slow: it costs small boards more than it saves.
    const bool bounded_check = !options_.minimal && n >= 16;
    if ((bounded_check ? quick_ : solver_).check(g.puzzle) == Verdict::unique) {
      clues -= size;
      failures = 0;
      continue;
    }
    for (int cell : orbit)
      g.puzzle.cells[static_cast<std::size_t>(cell)] = g.solution.cells[static_cast<std::size_t>(cell)];
    if (!options_.minimal && target == 0 && ++failures >= n) break;
  }
  if (target > 0 && clues != target) return std::nullopt;
  // Removing whole orbits ends minimal for orbits of one cell; otherwise a single given may still be implied.
  if (options_.minimal && target > 0 && !is_minimal(g.puzzle, solver_)) return std::nullopt;
  if (options_.minimal && target == 0 && options_.symmetry != Symmetry::none &&
      !make_minimal(g, random, stop))
    return std::nullopt;
  // The tiers' techniques know regions, not neighbour rules; the graded engine knows both.
  if (Houses::holds(rules_)) {
    g.tier = logic_tier(g.puzzle, tiers_);
    if (options_.tier && g.tier != *options_.tier) return std::nullopt;
  }
  if (!rated(g, stop)) return std::nullopt;
  return g;
}

void Generator::target_rating(double low, double high) {
  rating_ = std::pair{low, high};
}

bool Generator::rated(Generated& g, const std::atomic<bool>* stop) {
  return !rating_ || rated(g, graded_, stop);
}

bool Generator::rated(Generated& g, logic::Engine& graded, const std::atomic<bool>* stop) {
  if (!rating_) return true;
  graded.load(g.puzzle);
  graded.set_stop(stop);
  graded.set_ceiling(rating_->second);
  const logic::Grade grade = logic::grade(graded);
  if (grade.stopped) return false;
  // Compared at the scale's one decimal, as it is printed.
  const auto decimal = [](double rating) { return std::round(rating * 10) / 10; };
  const double er = decimal(grade.er);
  if (!grade.solved || er < rating_->first - 1e-9 || er > rating_->second + 1e-9) return false;
  g.er = er;
  g.ep = decimal(grade.ep);
  g.ed = decimal(grade.ed);
  return true;
}

void Generator::set_orbit(Generated& g, std::size_t orbit, bool given) {
  for (int cell : orbits_[orbit]) {
    const auto c = static_cast<std::size_t>(cell);
    g.puzzle.cells[c] = given ? g.solution.cells[c] : std::uint8_t{0};
  }
}

// A solution that agrees with every given is a solution of the puzzle. Solutions other than ours that were met
// before are tried first: removing givens keeps them solutions, so on a board that is being thinned out they
// settle most questions without a search (16x16, rotate180: 14 s a puzzle without them, see bench/README.md).
const Grid* Generator::other_solution(const Generated& g) {
  const auto agrees = [&](const Grid& s) {
    for (std::size_t i = 0; i < g.puzzle.cells.size(); ++i)
      if (g.puzzle.cells[i] != 0 && g.puzzle.cells[i] != s.cells[i]) return false;
    return true;
  };
  for (const Grid& s : others_)
    if (agrees(s)) return &s;
  solver_.load(g.puzzle);
  Grid found;
  while (solver_.next(found)) {
    if (found.cells == g.solution.cells) continue;
    if (others_.size() < kKeptSolutions) {
      others_.push_back(std::move(found));
      return &others_.back();
    }
    Grid& slot = others_[next_other_];
    next_other_ = (next_other_ + 1) % kKeptSolutions;
    slot = std::move(found);
    return &slot;
  }
  return nullptr;
}

void Generator::remove_orbits(Generated& g, Random& random) {
  std::vector<std::size_t> order(orbits_.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  random.shuffle(order);
  for (std::size_t k : order) {
    if (g.puzzle.cells[static_cast<std::size_t>(orbits_[k].front())] == 0) continue;
    set_orbit(g, k, false);
    if (other_solution(g) != nullptr) set_orbit(g, k, true);
  }
}

// With a symmetry, removing whole orbits can stop where no orbit can go but one given of an orbit is implied by
// the others: the pattern forbids removing it alone. Each round finds such a given and swaps its orbit for
// others: the orbit goes, and while the puzzle has another solution, the orbit of a cell where that solution
// differs from ours comes back (never the orbit just taken out, so that the swap changes the puzzle); then
// every orbit that became redundant goes. The puzzle stays unique and symmetric throughout; it is minimal when a
// round finds no given that can go alone.
bool Generator::make_minimal(Generated& g, Random& random, const std::atomic<bool>* stop) {
  const int cells = options_.shape.cells();
  others_.clear();
  next_other_ = 0;
  std::vector<int> order(static_cast<std::size_t>(cells));
  std::iota(order.begin(), order.end(), 0);
  std::vector<int> differing;
  for (int round = 0; round < kRepairRounds; ++round) {
    if (stopped(stop)) return false;
    random.shuffle(order);
    const auto implied = std::find_if(order.begin(), order.end(), [&](int cell) {
      std::uint8_t& given = g.puzzle.cells[static_cast<std::size_t>(cell)];
      if (given == 0) return false;
      const std::uint8_t value = given;
      given = 0;
      const bool unique = other_solution(g) == nullptr;
      given = value;
      return unique;
    });
    if (implied == order.end()) return true;
    const std::size_t out = orbit_of_[static_cast<std::size_t>(*implied)];
    set_orbit(g, out, false);
    while (const Grid* other = other_solution(g)) {
      differing.clear();
      for (int c = 0; c < cells; ++c) {
        const auto i = static_cast<std::size_t>(c);
        if (other->cells[i] != g.solution.cells[i] && orbit_of_[i] != out) differing.push_back(c);
      }
      // The other solution differs from ours only in the orbit taken out: that orbit is needed after all.
      if (differing.empty()) return false;
      const int cell = differing[static_cast<std::size_t>(random.below(differing.size()))];
      set_orbit(g, orbit_of_[static_cast<std::size_t>(cell)], true);
    }
    remove_orbits(g, random);
  }
  return false;
}

std::optional<Generated> Generator::generate(std::uint64_t index, const std::atomic<bool>* stop) {
  Random seeder(options_.seed);
  // Distinct, well mixed streams per index: the seed's own stream, advanced by the index's hash.
  Random random(seeder.next() ^ Random(index * 0x2545F4914F6CDD1DULL + 1).next());
  // The searches poll the flag themselves: one check on a big board can take long.
  stop_ = stop;
  solver_.set_stop(stop);
  quick_.set_stop(stop);
  for (std::uint64_t a = 1; a <= options_.attempts && !stopped(stop); ++a) {
    if (auto g = attempt(random, stop)) {
      g->attempts = a;
      return g;
    }
  }
  return std::nullopt;
}

std::string annotation(const Generated& puzzle, const GenerateOptions& options, std::uint64_t index,
                       bool rated) {
  return "seed=" + std::to_string(options.seed) + " index=" + std::to_string(index) +
         " clues=" + std::to_string(puzzle.puzzle.givens()) + " symmetry=" + symmetry_name(options.symmetry) +
         (!rated ? std::string() : std::string(" tier=") + kTierNames[static_cast<int>(puzzle.tier)]) +
         (puzzle.er > 0 ? " er=" + logic::rating_text(puzzle.er) : std::string());
}

void generate_many(const GenerateOptions& options, std::uint64_t count, dlx::ThreadPool& pool,
                   const std::function<void(std::uint64_t, const std::optional<Generated>&)>& emit,
                   const std::atomic<bool>* stop, std::atomic<std::uint64_t>* done,
                   const Variants& variants) {
  check_generated_rules(options, variants);
  check_clues(options,
              !variants.any() && !options.killer && !options.random_regions && !options.template_rules);
  std::vector<std::optional<Generator>> generators(pool.size());
  const std::uint64_t chunk = std::uint64_t{4} * pool.size();
  std::vector<std::optional<Generated>> results;
  for (std::uint64_t first = 0; first < count && !stopped(stop); first += chunk) {
    const std::uint64_t size = std::min(chunk, count - first);
    results.assign(static_cast<std::size_t>(size), std::nullopt);
    pool.for_each_index(static_cast<std::size_t>(size), [&](unsigned worker, std::size_t i) {
      std::optional<Generator>& generator = generators[worker];
      if (!generator) generator.emplace(options, variants);
      results[i] = generator->generate(first + i, stop);
      if (done) done->fetch_add(1, std::memory_order_relaxed);
    });
    for (std::uint64_t i = 0; i < size; ++i) {
      if (stopped(stop)) return;
      emit(first + i, results[static_cast<std::size_t>(i)]);
    }
  }
}

}  // namespace sudoku
