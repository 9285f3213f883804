#include "dlx/estimate.hpp"

#include <climits>
#include <cmath>
#include <cstdint>
#include <vector>

#include "random.hpp"

namespace dlx {
namespace {

// Uniform in [0, n), n > 0, without modulo bias.
std::uint64_t uniform(std::uint64_t& state, std::uint64_t n) {
  const std::uint64_t end = UINT64_MAX - UINT64_MAX % n;  // a multiple of n
  for (;;) {
    const std::uint64_t x = detail::splitmix64(state);
    if (x < end) return x % n;
  }
}

// Welford's running mean and variance.
struct Moments {
  std::uint64_t n = 0;
  double mean = 0, m2 = 0;
  void add(double x) {
    ++n;
    const double delta = x - mean;
    mean += delta / static_cast<double>(n);
    m2 += delta * (x - mean);
  }
  double standard_error() const {
    return n < 2 ? 0 : std::sqrt(m2 / static_cast<double>(n - 1) / static_cast<double>(n));
  }
};

}  // namespace

Estimate estimate_tree(Solver& solver, std::uint64_t probes, std::uint64_t seed,
                       const std::atomic<bool>* stop) {
  std::uint64_t state = seed;
  Moments nodes, solutions;
  for (std::uint64_t probe = 0; probe < probes; ++probe) {
    // Between probes only: a probe is short (one path from the root), and the random stream stays that of an
    // uninterrupted run, so a stopped estimate is the first probes of the full one.
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) break;
    solver.reset();
    double weight = 1;  // nodes of this level the current one stands for: d1*...*dj
    double tree = 0;
    double found = 0;
    for (;;) {
      tree += weight;  // the node entered here
      if (solver.all_covered()) {
        found = weight;
        break;
      }
      const std::vector<OptionId> options = solver.branch_options();
      if (options.empty()) break;  // dead end
      weight *= static_cast<double>(options.size());
      solver.force(options[static_cast<std::size_t>(uniform(state, options.size()))]);
    }
    nodes.add(tree);
    solutions.add(found);
  }
  solver.reset();
  return {nodes.n, nodes.mean, solutions.mean, nodes.standard_error(), solutions.standard_error()};
}

NodeRate measure_node_rate(const Problem& problem, std::chrono::nanoseconds time,
                           std::optional<std::uint64_t> seed) {
  Solver solver(problem, SearchOptions{.seed = seed, .time_limit = time});
  const Count count = solver.count();
  return {solver.stats().nodes, count.solutions, solver.stats().seconds, count.complete};
}

}  // namespace dlx
