// Knuth's Algorithm C (exact cover with colors) on dancing links, as a resumable search.
//
// A Solver copies a Problem into flat index arrays once (dancing links, or bitsets for small problems); reset() and force() then let one Solver serve many
// searches of the same problem (a Sudoku shape solved for every puzzle, a subtree per worker thread). The search
// keeps its own stack of choices, so it neither recurses nor allocates, and it can stop after any solution and
// carry on from there with the next call.
//
//   dlx::Solver solver(problem);
//   while (solver.next()) use(solver.solution());   // every solution, in a deterministic order
//   dlx::Count c = solver.count(1000);               // or count, stopping at 1000
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "dlx/count128.hpp"
#include "dlx/problem.hpp"

namespace dlx {

class Propagator;  // propagator.hpp

struct Stats {
  // Search tree nodes entered. Knuth's programs count the same thing, but their trees differ a little where an
  // item has one option left: the plain engines take it at once, while Knuth's dlx1/dlx2 look further for an
  // item with none (queens 8: 1373 nodes here, 1199 in dlx2). Engine::bounds chooses exactly as dlx3 and so
  // matches its node counts.
  std::uint64_t nodes = 0;
  // Table updates: links removed (dancing links, Algorithm M) or options removed (bitset, mask), by the search
  // and by force(). One exception: the mask engine forces an option it has forced a few times before (a Sudoku
  // batch's common givens, a thread's subproblems) with a precomputed keep row, whose removals it does not count.
  std::uint64_t updates = 0;
  // Solutions found: 128 bits, like Count, so that totals summed over subtrees (ParallelSolver, checkpoints,
  // dlx-mpi) stay exact past 2^64.
  Count128 solutions = 0;
  double seconds = 0;  // time spent inside next()/count()/for_each()
};

// How the search keeps its table of available options. Every engine finds the same solutions; links, bitset and
// mask, with the same branching (Propagation::always or never, or a seed), walk the same search tree and find
// them in the same order, and only speed and memory differ.
enum class Engine : std::uint8_t {
  // The one the problem suits (engine_for() says which): bounds for multiplicities or sharp items; for
  // problems with up to kBitsetAutoOptions options and primary items, mask where it fits and the bitset engine
  // would propagate, else bitset; dancing links for larger ones.
  automatic,
  links,   // Knuth's dancing links: memory in proportion to the problem, best for large sparse problems
  bitset,  // bitsets of options: fastest for up to a few thousand options; memory options^2 / 8 bytes
  // 16-bit masks of the options left per item and level, with propagation: for problems without colors whose
  // items have at most 14 options (Sudoku); the automatic choice where the bitset engine would propagate.
  mask,
  // Knuth's Algorithm M on dancing links: items with multiplicities lo:hi, and Knuth's "sharp" preference
  // (primary items named '#...' are branched on first unless another item's choice is forced). The automatic
  // choice for every problem with bounds other than 1:1 or with sharp items; it runs any problem.
  bounds,
};
// Whether a problem needs Engine::bounds: multiplicities other than 1:1, or sharp primary items.
bool needs_bounds_engine(const Problem& problem);
inline constexpr std::size_t kBitsetAutoOptions = 4096;
inline constexpr std::size_t kBitsetMaxOptions =
    32766;  // Engine::bitset beyond this throws std::length_error

// Bitset engine only: whether a level takes every option that is the last one left for its item at once,
// keeping each item's count per level (fastest with many items and short columns, as in Sudoku), or counts
// items one by one with popcounts until one has at most one option left (fastest on the classic puzzles).
// Same solutions in the same order either way; fewer nodes with propagation. Propagating with at most 14
// options per item and no colors, the engine keeps a 16-bit mask of available options per item and level
// instead (memory in proportion to the problem). `automatic`, when it propagates, also breaks ties between
// equally constrained items in favour of the one whose options remove the most (a smaller tree on hard
// Sudoku); with the masks it also applies a subset rule at the root (when every option left to a primary item
// has item j, j's other options go: Sudoku's locked candidates). So its tree and order of solutions may differ
// from the other settings'. The measurements behind these choices are in bench/README.md.
enum class Propagation : std::uint8_t { automatic, always, never };

struct SearchOptions {
  Engine engine = Engine::automatic;
  Propagation propagation = Propagation::automatic;
  // When set, ties between items with equally few options are broken at random with this seed instead of
  // taking the leftmost. The same seed gives the same search.
  std::optional<std::uint64_t> seed;
  // Polled every few thousand nodes; the search stops (resumably) once it reads true.
  const std::atomic<bool>* stop = nullptr;
  // Stop (resumably) after this much search time; zero means no limit.
  std::chrono::nanoseconds time_limit{0};
  // Stop (resumably) after this many search nodes; zero means no limit.
  std::uint64_t node_limit = 0;
  // For tests: check the engine's invariants (Solver::check_invariants) after every step of the search, each
  // node entered and each child taken. Honoured by debug and sanitizer builds of the library (DLX_CHECK_INVARIANTS),
  // ignored by Release builds.
  bool check_every_step = false;
  // A constraint hook (propagator.hpp) called at every node to remove options no solution can hold. Only the
  // links engine runs one (Engine::automatic then picks it); the other engines throw std::invalid_argument.
  // Each engine works on its own clone().
  std::shared_ptr<const Propagator> propagator = nullptr;
};

// Why the latest next()/count()/for_each() call returned.
enum class Status {
  ready,       // nothing searched since construction or reset()
  found,       // next() found a solution, or count()/for_each() reached their limit; more may follow
  exhausted,   // the whole search tree has been explored
  stopped,     // the stop flag was raised
  timed_out,   // the time limit ran out
  node_limit,  // the node limit ran out
  overflow,    // a count would have passed 2^128 - 1 (Count128)
};

struct Count {
  // 128 bits: a sum of subtree counts (threads, a checkpoint, MPI ranks) may pass 2^64 - 1; a count past
  // 2^128 - 1 stops with Status::overflow at kCount128Max.
  Count128 solutions = 0;
  bool complete = false;  // true when the whole tree was searched, so solutions is exact
};

namespace detail {
class Engine;
}

class Solver {
 public:
  // The Solver keeps a pointer to the problem, which must outlive it: a temporary problem would be gone by the
  // first search, hence the deleted overload (`dlx::Solver s(make_problem())` does not compile).
  explicit Solver(const Problem& problem, SearchOptions options = {});
  explicit Solver(const Problem&& problem, SearchOptions options = {}) = delete;
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  // Back to the state right after construction: no forced options, search not started.
  void reset();

  // Puts an option into every solution before the search starts (the givens of a puzzle). Returns false and
  // changes nothing when the option clashes with one forced earlier or has no primary item.
  // Throws std::logic_error once the search has started (call reset() first).
  bool force(OptionId option);
  // force() for each option in turn, up to the first one refused: returns how many were forced (all of them:
  // options.size()). The same as calling force() for each, at less cost per option (a puzzle's givens); throws
  // as force() would, after forcing the options before the one it throws for.
  std::size_t force_all(std::span<const OptionId> options);
  // force_all() for options the caller knows to share no item with each other or with those forced before,
  // each with a primary item (the givens of a puzzle it has checked): forced with no check, which on Sudoku
  // saves about a third of force_all()'s cost. Options that break this leave the Solver's answers undefined
  // (builds with DLX_ASSERT on check it), as do options out of range.
  void force_disjoint(std::span<const OptionId> options);

  // The options the search would branch on first from the current forced state: those still available for the
  // primary item with fewest of them. With Engine::bounds, a child may also be a branch decision (bit 31 set:
  // take that option and leave out the item's options before it; all bits set: the item takes no further
  // option), which force() understands; a prefix of them is still a path of the tree (parallel.hpp). Empty when every primary item is covered (the forced options are a
  // solution) or when some item has no option left (no solution). Their subtrees partition the solutions, so
  // forcing each in turn splits the search into independent parts (parallel search, estimates).
  // Only before the search starts, like force().
  std::vector<OptionId> branch_options();
  // Every primary item is covered by the forced options (before the search starts).
  bool all_covered() const;

  // Finds the next solution; false when there is none left or the search stopped (see status()).
  bool next();
  // The options of the latest solution found by next() or passed to for_each(), forced ones first, then the
  // choices in search order. Valid until the next call.
  std::span<const OptionId> solution() const;

  // Counts solutions from here on, stopping once `limit` more were found (0: no limit).
  Count count(std::uint64_t limit = 0);

  // Calls visit with each solution from here on; visit returns false to stop (resumably) after it.
  void for_each(const std::function<bool(std::span<const OptionId>)>& visit);

  // Replaces SearchOptions::time_limit for the calls that follow: they stop (resumably, status timed_out)
  // once `limit` has passed from now (for a search not started yet: from its start); zero or less means no
  // limit. A caller can so run a long search in slices and do something between them.
  void set_time_limit(std::chrono::nanoseconds limit);
  // Replaces SearchOptions::node_limit for the calls that follow: they stop (resumably, status node_limit) once
  // the search has entered `nodes` nodes since it started (stats().nodes); 0 means no limit. Raising it lets a
  // caller run a search in slices of nodes, checking its own limits between them (the memoized counter does).
  void set_node_limit(std::uint64_t nodes);

  // Throws std::logic_error naming the first broken invariant of the engine's tables (for tests; engines that
  // do not check theirs do nothing).
  void check_invariants() const;

  Status status() const;
  const Stats& stats() const;
  const Problem& problem() const { return *problem_; }
  Engine engine() const { return engine_kind_; }  // the engine that runs (never automatic)

 private:
  const Problem* problem_;
  Engine engine_kind_;
  std::unique_ptr<detail::Engine> engine_;
};

// The engine a Solver of this problem with these options runs (engine/select.cpp has the decision table), and
// its name ("links", "bitset", "mask", "bounds"). Throws as the Solver would for an engine that cannot run it.
Engine engine_for(const Problem& problem, const SearchOptions& options = {});
const char* engine_name(Engine engine);
// The instruction set the bitset and mask engines run with in this process: "portable", "avx2" or "avx512", the
// widest copy the build has that dlx::vector_copy() picks for them (vector_copy.hpp: DLX_ISA in the environment,
// else the processor).
const char* instruction_set();

// Convenience: the first solution, or nothing.
std::optional<std::vector<OptionId>> solve_first(const Problem& problem, SearchOptions options = {});

}  // namespace dlx
