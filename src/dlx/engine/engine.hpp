// What the two search engines behind dlx::Solver share (internal header).
//
// An engine is a resumable Algorithm X/C search over one Problem. Both engines branch on the same item (fewest
// options, leftmost on ties, or seeded random ties) and try its options in option order, so they visit the same
// tree and find the same solutions in the same order; they differ only in how they keep the table of available
// options. Each engine defines `template <class Visit> void run(Visit&&)` that calls visit(depth) at every
// solution and pauses when visit returns false; EngineBase builds the public operations on it.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "dlx/solver.hpp"
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
  // What settle() finds at a level, in the engines that keep one state per level (bitset, mask).
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

// The public operations, written once on top of Derived::run.
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

 protected:
  using Engine::Engine;
  std::vector<OptionId> solution_;

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
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

}  // namespace dlx::detail
