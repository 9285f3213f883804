// Generates puzzles with exactly one solution: a random solution grid, then givens removed (a symmetry orbit
// at a time, in random order) while the puzzle stays unique. Minimal and symmetric puzzles need more: see
// Generator::make_minimal.
//
// Puzzle number i of a seed is made from a random stream of its own, derived from (seed, i) alone, so the same
// seed gives the same puzzles whatever the number of threads or the order they are made in. An attempt that
// misses the asked clue count, minimality or tier is thrown away and the next one, from the same stream,
// starts afresh, up to GenerateOptions::attempts.
#pragma once

#include <atomic>
#include <cstdint>
#include <dlx/thread_pool.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/maker/logic.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/maker/symmetry.hpp"
#include "sudoku/model/houses.hpp"
#include "sudoku/model/solver.hpp"

namespace sudoku {

// A typed killer line names at most 86 cages (puzzle_line.cpp); 12x12 with cages of 2 cells needs 72.
inline constexpr int kKillerMaxSide = 12;

struct GenerateOptions {
  Shape shape;
  Symmetry symmetry = Symmetry::none;
  // Removing any given leaves several solutions. Without it, removal stops after `side` failures in a row:
  // faster, a few givens above minimal.
  bool minimal = false;
  int clues = 0;             // exactly this many givens (0: as removal leaves it)
  std::optional<Tier> tier;  // the puzzle rates exactly this
  std::uint64_t seed = 0;
  std::uint64_t attempts = 1000;  // per puzzle, before giving up
  // Killers: cages of cage_min..cage_max cells over the whole board (see random_cages), then as few givens as
  // keep the puzzle unique; an attempt needing more than max_givens (-1: any number) is thrown away.
  bool killer = false;
  int cage_min = 2, cage_max = 4;
  int max_givens = -1;
  // Jigsaws: a new random region layout (random_regions) for each attempt, replacing the boxes.
  bool random_regions = false;
  // A template's rules (an f-puzzles document's lines, dots and cages, a rule line's words): every puzzle has
  // them, on top of the variants, and is written back with them. Its solution is random under them; givens
  // are added while it has another solution, then every added one it stays unique without goes. The
  // template's own givens (template_givens, of options.shape; empty: none) stay in every puzzle.
  std::shared_ptr<const Rules> template_rules{};
  Grid template_givens{};
  // The puzzle's ER on Sukaku Explainer's scale (docs/rating.md), at one decimal, lies in [first, second]
  // (the same as Generator::target_rating). Last, so that aggregate initialisers written before it still
  // mean what they did.
  std::optional<std::pair<double, double>> rating{};
};

struct Generated {
  Grid puzzle, solution;
  Tier tier = Tier::search;
  std::uint64_t attempts = 0;  // how many it took (1: the first)
  // The puzzle's own rules when they are made with it (killer cages, random regions); null: the generator's.
  std::shared_ptr<const Rules> rules;
  // ER, EP and ED on Sukaku Explainer's scale, when the generator targets a rating (0 otherwise).
  double er = 0, ep = 0, ed = 0;
};

// A small, fast, fully specified random generator (splitmix64), so that puzzles do not depend on the
// standard library's distributions.
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  // Uniform enough in 0..bound-1 for shuffling (bound far below 2^64).
  std::uint64_t below(std::uint64_t bound) { return next() % bound; }
  template <class T>
  void shuffle(std::vector<T>& v) {
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[static_cast<std::size_t>(below(i))]);
  }

 private:
  std::uint64_t state_;
};

// Throws std::invalid_argument naming a clue count no puzzle of the shape can have with one solution: below
// 0, above the cells, or (plain rules) below the fewest known: 4 on 4x4, 8 on 6x6, 17 on 9x9 (McGuire et al.,
// 2012), side - 1 on any board (a puzzle missing two digits swaps them). Such a count would otherwise cost
// every one of its attempts in vain.
void check_clues(const GenerateOptions& options, bool plain = true);

// Throws std::invalid_argument naming killer or jigsaw options that cannot work (read_generate_options()
// makes the same checks, spelling the options as the front end does): cage sizes outside 1..side or
// in the wrong order, a killer board over 12x12 (a typed killer line names at most 86 cages, and uniqueness
// checks grow long), a symmetry, --clues or --minimal with killers (their givens are what uniqueness needs),
// random regions together with a region layout; a template with killers, random regions, a symmetry, --clues
// or --minimal, or of another shape.
void check_generated_rules(const GenerateOptions& options, const Variants& variants);

// Takes the word "killer" out of a comma-separated list of variant names (the other names are rules, for
// parse_variant_names): true when it was there. Killers are made by the generator, not named as a rule.
bool take_killer_word(std::string& names);

class Generator {
 public:
  // With variants (not cages), puzzles unique under those rules. Their tier is not rated under neighbour, line
  // or dot rules (the tiers' techniques know regions and cages), so options.tier must stay unset there; a
  // rating is graded under every rule. Throws as check_clues() does.
  explicit Generator(GenerateOptions options, const Variants& variants = {});

  // Puzzle number `index`; nothing when every attempt missed, or when `stop` was raised (its searches poll
  // it: the call returns within a few thousand search nodes of it).
  std::optional<Generated> generate(std::uint64_t index, const std::atomic<bool>* stop = nullptr);

  // Keeps only puzzles whose ER on Sukaku Explainer's scale (docs/rating.md), at one decimal, lies in
  // [low, high], as GenerateOptions::rating does.
  void target_rating(double low, double high);

  // A random complete grid from the stream.
  Grid solution_grid(Random& random);

 private:
  std::optional<Generated> attempt(Random& random, const std::atomic<bool>* stop);
  // An attempt on a random region layout of its own, made by a generator of that layout.
  std::optional<Generated> jigsaw_attempt(Random& random, const std::atomic<bool>* stop);
  // Whether g meets the rating asked for (always, when none is), setting its ER, EP and ED: graded by the
  // engine of the generator's rules, or `graded` (a killer attempt's cages).
  bool rated(Generated& g, const std::atomic<bool>* stop);
  bool rated(Generated& g, logic::Engine& graded, const std::atomic<bool>* stop);
  // Random cages over a random solution, then givens while the puzzle is not unique (see generator.cpp).
  std::optional<Generated> killer_attempt(Random& random, const std::atomic<bool>* stop);
  // A random solution under the template's rules (and its givens), then givens as killer_attempt adds them.
  std::optional<Generated> template_attempt(Random& random, const std::atomic<bool>* stop);
  // What settle_givens may spend: the search nodes of all its checks together (0: no bound), past which the
  // attempt is given up. A check that cannot tell (its solver's node limit) adds a given, never counts as
  // unique.
  struct SettleBudget {
    std::uint64_t nodes = 0;
  };
  // From g.puzzle, adds givens of g.solution while `solver` finds the puzzle not unique, then removes every
  // given not in `kept` that it stays unique without, in random order. False when stopped, the solution
  // breaks the rules or the budget is spent; the puzzle is then not known to be unique.
  bool settle_givens(Generated& g, Solver& solver, const Grid& kept, Random& random,
                     const std::atomic<bool>* stop, SettleBudget budget);
  // Whether the puzzle has exactly one solution under `solver`'s rules; also false when its bounded search
  // cannot tell.
  static bool unique(Solver& solver, const Grid& puzzle);
  // Turns a unique puzzle from which no whole orbit can go into a minimal one with the same pattern symmetry,
  // or says false after kRepairRounds rounds (see generator.cpp).
  bool make_minimal(Generated& g, Random& random, const std::atomic<bool>* stop);
  // Removes every orbit (in random order) whose givens can go with the puzzle staying unique.
  void remove_orbits(Generated& g, Random& random);
  void set_orbit(Generated& g, std::size_t orbit, bool given);
  // A solution of g.puzzle other than g.solution, or null when it has none (see generator.cpp).
  const Grid* other_solution(const Generated& g);

  // A random complete grid of a variant: the solver's first solution with random tie-breaking, its digits
  // relabelled at random where the rules allow it.
  Grid variant_grid(Random& random);
  // A template's fallback when variant_grid's seeded search finds no grid: the first grids of the solver's
  // own order (see generator.cpp), the same for every attempt and thread.
  const std::vector<Grid>& template_grids();
  // The stop flag of the generate() under way, for the searches made on the way (variant_grid).
  const std::atomic<bool>* stop_ = nullptr;
  // variant_grid's search bound (0: none): a random layout no grid fits can take the search very long.
  std::uint64_t grid_nodes_ = 0;
  std::optional<std::vector<Grid>> template_grids_;  // found once, on first need

  GenerateOptions options_;
  Variants variants_;
  Rules rules_;
  Solver solver_;
  // Without --minimal a removal is tried with a bounded search (kQuickNodes): a given whose removal the bound
  // cannot settle stays. Uniqueness is still proven; only minimality is given up, and big boards gain most.
  Solver quick_;
  Houses houses_;
  logic::Engine tiers_;  // the tiers' techniques (logic/tiers.hpp), for --tier
  logic::Engine graded_;
  std::optional<std::pair<double, double>> rating_;
  std::vector<std::vector<int>> orbits_;
  std::vector<std::size_t> orbit_of_;  // by cell: its orbit's index in orbits_
  // Solutions other than the attempt's own met by make_minimal's searches, the latest kKeptSolutions: a puzzle
  // that agrees with one of them is ambiguous without a search.
  std::vector<Grid> others_;
  std::size_t next_other_ = 0;  // where the next one found goes once others_ is full
};

// "seed=7 index=0 clues=24 symmetry=rotate180 tier=singles": what generate prints after the cells (without
// the tier when not `rated`: variants).
std::string annotation(const Generated& puzzle, const GenerateOptions& options, std::uint64_t index,
                       bool rated = true);

// Puzzles index 0..count-1 on the pool's threads, handed to `emit` in index order (nothing when it was not
// found). `done`, when given, counts finished puzzles for a progress line. Stops early when `stop` is raised.
// Throws as check_clues() does, before making any. Kept for programs written against it: the sudoku command,
// and anything that wants formats, ordered output and stopping, runs sudoku::Batch::generate (pipeline/).
void generate_many(const GenerateOptions& options, std::uint64_t count, dlx::ThreadPool& pool,
                   const std::function<void(std::uint64_t, const std::optional<Generated>&)>& emit,
                   const std::atomic<bool>* stop = nullptr, std::atomic<std::uint64_t>* done = nullptr,
                   const Variants& variants = {});

}  // namespace sudoku
