#include "dlx/parallel.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <thread>

#include "dlx/periodic_worker.hpp"

namespace dlx {

namespace {

// Nodes with more children than this are not split (expand_subproblem): the target number of subproblems, but
// never so few that an ordinary branching (a Sudoku cell, a queen's row) stays whole.
std::size_t wide_node(std::size_t target) {
  constexpr std::size_t kNeverWide = 256;
  return std::max(target, kNeverWide);
}

}  // namespace

void enter_subproblem(Solver& solver, std::span<const OptionId> prefix) {
  solver.reset();
  for (OptionId option : prefix) {
    if (!solver.force(option))
      throw std::logic_error("dlx: a subproblem prefix is not a path of the search tree");
  }
}

std::vector<OptionId> expand_subproblem(Solver& solver, std::vector<OptionId>& prefix,
                                        std::size_t max_children, std::uint64_t& expanded) {
  for (;;) {
    std::vector<OptionId> children = solver.branch_options();
    if (children.empty() || children.size() > max_children) return {};
    if (children.size() > 1) {
      ++expanded;
      return children;
    }
    // One way on: follow it here rather than as a subproblem of its own, which would re-force the whole prefix
    // from a reset solver (a chain of n forced choices then cost n^2).
    if (!solver.force(children[0])) throw std::logic_error("dlx: a branch option could not be forced");
    prefix.push_back(children[0]);
    ++expanded;
  }
}

Split split_search(Solver& solver, std::size_t target) {
  struct Node {
    std::vector<OptionId> prefix;
    std::vector<std::uint32_t> path;  // child numbers from the root: sorting by it gives depth-first order
    double weight;
    std::uint64_t order;
  };
  const auto lighter = [](const Node& a, const Node& b) {
    return a.weight < b.weight || (a.weight == b.weight && a.order > b.order);
  };
  Split split;
  std::vector<Node> heap{{{}, {}, 1.0, 0}}, leaves;
  std::uint64_t made = 1;
  while (!heap.empty() && heap.size() + leaves.size() < target) {
    std::pop_heap(heap.begin(), heap.end(), lighter);
    Node node = std::move(heap.back());
    heap.pop_back();
    enter_subproblem(solver, node.prefix);
    const std::vector<OptionId> children =
        expand_subproblem(solver, node.prefix, wide_node(target), split.expanded_nodes);
    if (children.empty()) {  // a solution, a dead end or too wide a node: a leaf of the split
      leaves.push_back(std::move(node));
      continue;
    }
    const double weight = node.weight / static_cast<double>(children.size());
    for (std::uint32_t k = 0; k < children.size(); ++k) {
      Node child{node.prefix, node.path, weight, made++};
      child.prefix.push_back(children[k]);
      child.path.push_back(k);
      heap.push_back(std::move(child));
      std::push_heap(heap.begin(), heap.end(), lighter);
    }
  }
  solver.reset();
  for (Node& node : heap) leaves.push_back(std::move(node));
  std::sort(leaves.begin(), leaves.end(), [](const Node& a, const Node& b) { return a.path < b.path; });
  split.subproblems.reserve(leaves.size());
  for (Node& node : leaves) split.subproblems.push_back({std::move(node.prefix), node.weight});
  return split;
}

ParallelSolver::ParallelSolver(const Problem& problem, ParallelOptions options)
    : problem_(&problem), options_(options) {
  if (options_.search.node_limit != 0)
    throw std::invalid_argument("dlx::ParallelSolver: node_limit is not supported");
  if (options_.pool != nullptr) {
    pool_ = options_.pool;
  } else {
    own_pool_ = std::make_unique<ThreadPool>(options_.threads);
    pool_ = own_pool_.get();
  }
  solvers_.resize(pool_->size());
}

ParallelSolver::~ParallelSolver() = default;

Solver& ParallelSolver::solver(unsigned worker) {
  std::unique_ptr<Solver>& s = solvers_[worker];
  if (!s) {
    SearchOptions search = options_.search;
    search.stop = &stop_;
    search.time_limit = std::chrono::nanoseconds(0);
    s = std::make_unique<Solver>(*problem_, search);
  }
  return *s;
}

Progress ParallelSolver::progress() const {
  std::lock_guard lock(mutex_);
  Progress p = progress_;
  if (status_ == Status::ready) {
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  }
  return p;
}

void ParallelSolver::work(unsigned worker, const Leaf& leaf) {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock,
               [&] { return stop_.load(std::memory_order_relaxed) || !heap_.empty() || in_flight_ == 0; });
    if (stop_.load(std::memory_order_relaxed) || heap_.empty()) break;
    const auto lighter = [](const Task& a, const Task& b) {
      return a.weight < b.weight || (a.weight == b.weight && a.order > b.order);
    };
    std::pop_heap(heap_.begin(), heap_.end(), lighter);
    Task task = std::move(heap_.back());
    heap_.pop_back();
    ++in_flight_;
    // Split the heavy prefixes, and any prefix when the others would find nothing left to take.
    const bool split = task.weight > split_weight_ || heap_.size() + 1 < threads();
    lock.unlock();

    LeafResult result;
    std::vector<OptionId> children;
    std::uint64_t expanded = 0;  // nodes the expansion entered above the children or the leaf
    std::uint64_t updates = 0;   // all the work on this prefix: forcing it, expanding it, searching the leaf
    try {
      Solver& s = solver(worker);
      enter_subproblem(s, task.prefix);
      if (split) children = expand_subproblem(s, task.prefix, max_children_, expanded);
      if (children.empty()) result = leaf(s);  // a leaf of the split (or of the tree: a solution or dead end)
      updates = s.stats().updates;             // since enter_subproblem's reset
    } catch (...) {
      // The Solver may be mid-search in an unknown state: drop it (rebuilt on next use) and stop everyone.
      solvers_[worker].reset();
      lock.lock();
      --in_flight_;
      stop_all();
      wake_.notify_all();
      throw;
    }

    if (!children.empty()) {
      const double weight = task.weight / static_cast<double>(children.size());
      lock.lock();
      for (OptionId child : children) {
        Task t{task.prefix, weight, made_++};
        t.prefix.push_back(child);
        heap_.push_back(std::move(t));
        std::push_heap(heap_.begin(), heap_.end(), lighter);
      }
      progress_.nodes += expanded;  // the search enters these nodes once, above the children
      updates_ += updates;
      --in_flight_;
      wake_.notify_all();
      continue;
    }

    lock.lock();
    --in_flight_;
    progress_.nodes += expanded + result.nodes;
    updates_ += updates;
    bool overflow = false;
    progress_.solutions = saturating_add(progress_.solutions, result.solutions, overflow);
    if (overflow) result.status = Status::overflow;
    if (result.status == Status::exhausted) {
      progress_.fraction += task.weight;
      ++progress_.subproblems;
    } else if (result.status == Status::found || result.status == Status::overflow) {
      if (outcome_ == Status::exhausted) outcome_ = result.status;
      stop_all();
    }
    if (stop_.load(std::memory_order_relaxed) || (in_flight_ == 0 && heap_.empty())) wake_.notify_all();
  }
}

void ParallelSolver::run(const Leaf& leaf) {
  {
    std::lock_guard lock(mutex_);
    heap_.assign(1, Task{{}, 1.0, 0});
    made_ = 1;
    in_flight_ = 0;
    updates_ = 0;
    const std::size_t target = std::max<std::size_t>(1, options_.subproblems_per_thread) * threads();
    split_weight_ = 1.0 / static_cast<double>(target);
    max_children_ = wide_node(target);
    progress_ = {};
    outcome_ = Status::exhausted;
    started_ = std::chrono::steady_clock::now();
    status_ = Status::ready;
    stop_.store(false, std::memory_order_relaxed);
  }

  // The workers' Solvers poll only stop_; a watcher relays the caller's stop flag and deadline to it.
  std::optional<PeriodicWorker> watcher;
  if (options_.search.stop != nullptr || options_.search.time_limit.count() > 0) {
    const auto deadline = started_ + options_.search.time_limit;
    watcher.emplace(std::chrono::nanoseconds(0), std::chrono::milliseconds(10), [this, deadline] {
      Status why = Status::exhausted;
      if (options_.search.stop != nullptr && options_.search.stop->load(std::memory_order_relaxed)) {
        why = Status::stopped;
      } else if (options_.search.time_limit.count() > 0 && std::chrono::steady_clock::now() >= deadline) {
        why = Status::timed_out;
      }
      if (why == Status::exhausted) return true;
      std::lock_guard lock(mutex_);
      if (outcome_ == Status::exhausted) outcome_ = why;
      stop_all();
      wake_.notify_all();
      return false;
    });
  }
  const auto finish_watcher = [&] {
    if (watcher) watcher->stop();
  };

  std::exception_ptr error;
  try {
    pool_->for_each_index(threads(), [&](unsigned worker, std::size_t) { work(worker, leaf); });
  } catch (...) {
    error = std::current_exception();
  }
  finish_watcher();

  std::lock_guard lock(mutex_);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  progress_.seconds = seconds;
  stats_ = {progress_.nodes, updates_, progress_.solutions, seconds};
  // Stopped early but for no reason recorded: someone else's stop (a visit that threw).
  status_ = outcome_ != Status::exhausted ? outcome_ : heap_.empty() ? Status::exhausted : Status::stopped;
  heap_.clear();
  if (error) std::rethrow_exception(error);
}

Count ParallelSolver::count(std::uint64_t limit) {
  if (threads() == 1) return count_alone(limit);
  std::atomic<std::uint64_t> total{0};
  run([&](Solver& s) {
    const Count c = s.count(limit);
    LeafResult r{c.solutions, s.stats().nodes, s.status()};
    if (limit != 0) {
      // Solutions found anywhere count toward the limit; once it is reached, everyone stops.
      // A subtree's count under a 64-bit limit fits in 64 bits (Solver::count stops at the limit).
      const auto found = static_cast<std::uint64_t>(c.solutions);
      const std::uint64_t sum = total.fetch_add(found, std::memory_order_relaxed) + found;
      if (sum >= limit && r.status != Status::overflow) r.status = Status::found;
    }
    return r;
  });
  std::lock_guard lock(mutex_);  // progress() may be reading status_
  Count result;
  if (limit != 0 && stats_.solutions >= limit) {
    result.solutions = limit;
    status_ = Status::found;
  } else {
    result.solutions = stats_.solutions;
  }
  result.complete = status_ == Status::exhausted;
  return result;
}

// One worker: the split would only re-force prefixes. The search runs whole, in slices of kSlice, between which
// progress_ is brought up to date; the Solver polls the caller's stop flag itself, the deadline is kept here.
Count ParallelSolver::count_alone(std::uint64_t limit) {
  constexpr auto kSlice = std::chrono::milliseconds(100);
  {
    std::lock_guard lock(mutex_);
    progress_ = {.fraction = -1};
    started_ = std::chrono::steady_clock::now();
    status_ = Status::ready;
  }
  const auto deadline = started_ + options_.search.time_limit;
  const bool timed = options_.search.time_limit.count() > 0;
  SearchOptions search = options_.search;
  search.time_limit = std::chrono::nanoseconds(0);
  Solver s(*problem_, search);
  Count total;
  Status status = Status::ready;
  for (;;) {
    const auto now = std::chrono::steady_clock::now();
    if (timed && now >= deadline) {
      status = Status::timed_out;
      break;
    }
    s.set_time_limit(timed ? std::min<std::chrono::nanoseconds>(kSlice, deadline - now) : kSlice);
    // limit - total is below limit: the slices stop once total reaches it.
    const Count part = s.count(limit == 0 ? 0 : static_cast<std::uint64_t>(limit - total.solutions));
    status = s.status();
    bool overflow = false;
    total.solutions = saturating_add(total.solutions, part.solutions, overflow);
    if (overflow) status = Status::overflow;
    std::lock_guard lock(mutex_);
    progress_.solutions = total.solutions;
    progress_.nodes = s.stats().nodes;
    progress_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    if (status != Status::timed_out) break;
  }
  std::lock_guard lock(mutex_);
  if (status == Status::exhausted) progress_.fraction = 1;
  status_ = status;
  stats_ = s.stats();
  stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  progress_.seconds = stats_.seconds;
  total.complete = status == Status::exhausted;
  return total;
}

std::optional<std::vector<OptionId>> ParallelSolver::first() {
  std::mutex found_mutex;
  std::optional<std::vector<OptionId>> found;
  run([&](Solver& s) {
    const bool got = s.next();
    LeafResult r{got ? 1u : 0u, s.stats().nodes, s.status()};
    if (got) {
      std::lock_guard lock(found_mutex);
      if (!found) found.emplace(s.solution().begin(), s.solution().end());
    }
    return r;
  });
  return found;
}

void ParallelSolver::for_each(const std::function<bool(std::span<const OptionId>)>& visit) {
  std::mutex visit_mutex;
  bool done = false;
  run([&](Solver& s) {
    std::uint64_t solutions = 0;
    bool said_stop = false;
    s.for_each([&](std::span<const OptionId> solution) {
      std::lock_guard lock(visit_mutex);
      if (done) return false;  // another worker's visit said stop
      ++solutions;
      if (!visit(solution)) {
        done = said_stop = true;
        stop_all();
        return false;
      }
      return true;
    });
    LeafResult r{solutions, s.stats().nodes, s.status()};
    if (r.status == Status::found && !said_stop) r.status = Status::stopped;  // cut short by another's stop
    return r;
  });
}

}  // namespace dlx
