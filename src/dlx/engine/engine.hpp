// What the two search engines behind dlx::Solver share (internal header).
//
// An engine is a resumable Algorithm X/C (or M) search over one Problem. The links, bitset and mask engines
// branch on the same item (fewest options, leftmost on ties, or seeded random ties) and try its options in
// option order, so they find the same solutions in the same order; their trees differ only in where a dead
// end shows (whether the scan for the item stops at one with a single option; see bitset_engine.cpp) and in
// propagation, and they differ in how they keep the table of available options. The search loop itself is
// written once, EngineBase::run; an engine provides its steps (enter a node, take the next child of a level),
// and EngineBase builds the public operations on the loop.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "dlx/assert.hpp"
#include "dlx/solver.hpp"
#include "dlx/vector_copy.hpp"
#include "random.hpp"

namespace dlx::detail {

// Branch decisions that are not plain options (Engine::bounds; see Solver::branch_options): bit 31 set. The
// option part (bits 0..30) is the option taken; kFinishItem finishes the branching item instead.
inline constexpr OptionId kBranchBit = OptionId{1} << 31;
inline constexpr OptionId kFinishItem = ~OptionId{0};

// The engines' operations. Solver checks what every engine would (see check_before_search) before it calls
// force() and branch_options(), so that the engines need not.
class Engine {
 public:
  virtual ~Engine() = default;
  virtual void reset() = 0;
  virtual bool force(OptionId option) = 0;
  // force() for each option, up to the first refused; returns how many were forced. An engine whose force()
  // is final overrides it with the same loop, which then calls force() directly.
  virtual std::size_t force_all(std::span<const OptionId> options) {
    for (std::size_t i = 0; i < options.size(); ++i)
      if (!force(options[i])) return i;
    return options.size();
  }
  // force_all() for options that share no item with each other or with those forced before, each with a
  // primary item: the caller has checked (Solver::force_disjoint). An engine that checks at a cost per
  // option overrides it without the check.
  virtual void force_disjoint(std::span<const OptionId> options) {
    [[maybe_unused]] const std::size_t forced = force_all(options);
    DLX_ASSERT(forced == options.size());
  }
  virtual std::vector<OptionId> branch_options() = 0;
  virtual bool all_covered() const = 0;
  virtual bool next() = 0;
  virtual Count count(std::uint64_t limit) = 0;
  virtual void for_each(const std::function<bool(std::span<const OptionId>)>& visit) = 0;
  virtual std::span<const OptionId> solution() const = 0;
  // Throws std::logic_error when the engine's data structures break an invariant (engines that check them).
  virtual void check_invariants() const {}

  // Throws std::logic_error once the search has started: force() and branch_options() are for the root.
  void check_before_search(const char* operation) const {
    if (pc_ != Pc::start)
      throw std::logic_error(std::string("dlx::Solver::") + operation +
                             "() after the search started; call reset() first");
  }

  Status status() const { return status_; }
  const Stats& stats() const { return stats_; }

  void set_time_limit(std::chrono::nanoseconds limit) {
    options_.time_limit = std::max(limit, std::chrono::nanoseconds::zero());
    if (options_.time_limit.count() > 0) deadline_ = std::chrono::steady_clock::now() + options_.time_limit;
  }
  void set_node_limit(std::uint64_t nodes) {
    options_.node_limit = nodes;
    next_poll_ = std::min(next_poll_, stats_.nodes);  // poll at the next node, which applies the new limit
  }

 protected:
  // Where a paused search resumes.
  enum class Pc : std::uint8_t { start, enter, after_solution, done };
  // What a node of the search is (EngineBase::run).
  enum class Outcome : std::uint8_t { branch, solution, dead };

  explicit Engine(const SearchOptions& options) : options_(options) {}

  // Called when the search (re)starts from the root.
  void start_clock(std::chrono::steady_clock::time_point now) {
    deadline_ = now + options_.time_limit;
    next_poll_ = 0;
  }
  // Cheap enough for every node: a compare, and every kPollInterval nodes a look at flag, budget and clock.
  bool should_pause() { return stats_.nodes >= next_poll_ && poll(); }

  // The seeded tie-breaking's stream (random.hpp).
  std::uint64_t random() { return splitmix64(random_state_); }
  void reset_common() {
    status_ = Status::ready;
    stats_ = {};
    random_state_ = options_.seed.value_or(0);
    pc_ = Pc::start;
  }

  SearchOptions options_;
  Status status_ = Status::ready;
  Stats stats_;
  Pc pc_ = Pc::start;
  // Levels on the current path (each holds one branching whose child is taken): where a paused search resumes.
  int depth_ = 0;
  std::uint64_t random_state_ = 0;

 private:
  static constexpr std::uint64_t kPollInterval = 1024;
  bool poll() {
    next_poll_ = stats_.nodes + kPollInterval;
    if (options_.node_limit != 0) {
      if (stats_.nodes >= options_.node_limit) {
        status_ = Status::node_limit;
        return true;
      }
      next_poll_ = std::min(next_poll_, options_.node_limit);
    }
    if (options_.stop != nullptr && options_.stop->load(std::memory_order_relaxed)) {
      status_ = Status::stopped;
      return true;
    }
    if (options_.time_limit.count() > 0 && std::chrono::steady_clock::now() >= deadline_) {
      status_ = Status::timed_out;
      return true;
    }
    return false;
  }

  std::chrono::steady_clock::time_point deadline_{};
  std::uint64_t next_poll_ = 0;
};

// The search loop and the public operations on it, written once for every engine.
//
// Derived provides the steps of the search (and makes EngineBase a friend):
//   void start_search()          once, before the root's first node (EngineBase's does nothing)
//   Outcome enter(int depth)     a node at depth: `solution` (every primary item covered), `dead` (some item
//                                cannot be covered; nothing to undo), or `branch`: the node branched and took
//                                its first child, so that depth + 1 is the child's node
//   bool next_child(int depth)   undo the child taken at depth and take the next one; false when none is left,
//                                the branching at depth then undone as well
// and `build_solution(depth, out)`, the options of the solution at a visit.
template <class Derived>
class EngineBase : public Engine {
 public:
  bool next() final {
    timed([&] {
      self().run([&](int depth) {
        self().build_solution(depth, solution_);
        return false;
      });
    });
    return status_ == Status::found;
  }

  Count count(std::uint64_t limit) final {
    // The solutions are counted in 64 bits, as before Count became 128 bits wide, so the per-solution step
    // costs what it did; the rare wrap of the 64-bit counter (never in a lifetime of one search, but exact
    // anyway) is flushed into the 128-bit total.
    Count result;
    std::uint64_t found = 0;
    bool overflow = false;
    timed([&] {
      self().run([&](int) {
        if (found == UINT64_MAX) {
          result.solutions = saturating_add(result.solutions, found, overflow);
          found = 0;
          if (overflow) return false;
        }
        ++found;
        return limit == 0 || found < limit;  // with a limit, found never reaches the flush
      });
    });
    result.solutions = saturating_add(result.solutions, found, overflow);
    if (overflow) status_ = Status::overflow;
    result.complete = status_ == Status::exhausted;
    return result;
  }

  void for_each(const std::function<bool(std::span<const OptionId>)>& visit) final {
    timed([&] {
      self().run([&](int depth) {
        self().build_solution(depth, solution_);
        return visit(solution_);
      });
    });
  }

  std::span<const OptionId> solution() const final { return solution_; }

  // The search: a depth-first walk of the tree with the recursion replaced by depth_ and gotos, so that it can
  // return after any solution (visit(depth) returned false) or poll (should_pause) and pick up at the same place.
  // An engine may hide run() with its own, to pass other steps to run_with (see BitsetEngine::run).
  template <class Visit>
  void run(Visit&& visit) {
    run_with(self(), visit);
  }

 protected:
  // run() with the two steps taken from `steps` (enter(depth), next_child(depth), as Derived provides them), so
  // that an engine can have the loop compiled around a specialized pair of steps, chosen once per search.
  template <class Steps, class Visit>
  void run_with(Steps& steps, Visit&& visit) {
    Derived& d = self();
    int depth = depth_;
    switch (pc_) {
      case Pc::start:
        d.start_search();
        pc_ = Pc::enter;
        break;
      case Pc::enter:
        break;
      case Pc::after_solution:
        goto leave;
      case Pc::done:
        status_ = Status::exhausted;
        return;
    }

  enter:  // A node: a solution, a dead end, or a branching that took its first child.
    if (should_pause()) {
      depth_ = depth;
      pc_ = Pc::enter;
      return;
    }
    ++stats_.nodes;
    switch (check_step(steps.enter(depth), depth)) {
      case Outcome::branch:
        ++depth;
        goto enter;
      case Outcome::solution:
        ++stats_.solutions;
        if (!visit(depth)) {
          depth_ = depth;
          pc_ = Pc::after_solution;
          status_ = Status::found;
          return;
        }
        break;
      case Outcome::dead:
        break;
    }

  leave:  // Back up to the deepest level with a child left, and take it.
    while (depth > 0) {
      --depth;
      if (check_step(steps.next_child(depth), depth)) {
        ++depth;
        goto enter;
      }
    }
    depth_ = 0;
    pc_ = Pc::done;
    status_ = Status::exhausted;
  }

  using Engine::Engine;
  void start_search() {}
  std::vector<OptionId> solution_;

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
  // Pass the result of a step at `depth` through, checking the tables after it when a test asks (see
  // check_every_step). A step that took a child left depth + 1 levels on the path, for the check to walk.
  Outcome check_step(Outcome entered, int depth) {
    check_after_step(entered == Outcome::branch ? depth + 1 : depth);
    return entered;
  }
  bool check_step(bool took_child, int depth) {
    check_after_step(took_child ? depth + 1 : depth);
    return took_child;
  }
  void check_after_step([[maybe_unused]] int levels) {
#ifdef DLX_CHECK_INVARIANTS
    if (options_.check_every_step) {
      depth_ = levels;
      self().check_invariants();
    }
#endif
  }
  template <class F>
  void timed(F&& body) {
    const auto started = std::chrono::steady_clock::now();
    if (pc_ == Pc::start) start_clock(started);
    body();
    stats_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
};

// The engine for a problem and the options (the decision table is in select.cpp), and one of that kind.
dlx::Engine select_engine(const Problem& problem, const SearchOptions& options);
std::unique_ptr<Engine> make_engine(dlx::Engine kind, const Problem& problem, const SearchOptions& options);
// Each defined beside its engine, whose search (a template) is only visible there.
std::unique_ptr<Engine> make_links_engine(const Problem& problem, const SearchOptions& options);
std::unique_ptr<Engine> make_bitset_engine(const Problem& problem, const SearchOptions& options);
std::unique_ptr<Engine> make_mask_engine(const Problem& problem, const SearchOptions& options);
std::unique_ptr<Engine> make_bounds_engine(const Problem& problem, const SearchOptions& options);

// The bitset and mask engines compiled for AVX2, BMI1 and BMI2, and for AVX-512 on top (isa.hpp), in builds
// that have them (DLX_ISA_DISPATCH, DLX_ISA_AVX512_COPY); make_engine() takes the copy engine_isa() names.
namespace avx2 {
std::unique_ptr<Engine> make_bitset_engine(const Problem& problem, const SearchOptions& options);
std::unique_ptr<Engine> make_mask_engine(const Problem& problem, const SearchOptions& options);
}  // namespace avx2
namespace avx512 {
std::unique_ptr<Engine> make_bitset_engine(const Problem& problem, const SearchOptions& options);
std::unique_ptr<Engine> make_mask_engine(const Problem& problem, const SearchOptions& options);
}  // namespace avx512
// Which copy runs: the widest the build has, chosen by dlx::vector_copy() (vector_copy.hpp: DLX_ISA, and where
// the AVX-512 copy pays) for a kernel that does not gain from AVX-512 where 512-bit operations are split.
using Isa = VectorCopy;
Isa engine_isa();

}  // namespace dlx::detail
