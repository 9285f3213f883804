// Knuth's estimate of the size of a backtrack tree (TAOCP 7.2.2, "Estimating the running time").
//
// A probe walks from the root to a leaf, choosing among the d branches of each node uniformly at random. If the
// branchings on its way are d1, d2, ..., dk, the walk passed one node of each level and each stands for
// d1*...*dj nodes of its level, so 1 + d1 + d1*d2 + ... + d1*...*dk estimates the nodes of the tree without bias,
// and d1*...*dk the solutions when the walk ends at a solution (0 when it ends at a dead end, a node whose item
// has no option left). The mean over many probes converges on the true sizes. Nodes are counted as
// Solver::stats() counts them: every node entered, solutions and dead ends included.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dlx {

struct Estimate {
  std::uint64_t probes = 0;
  double nodes = 0;        // mean of the probes' estimates of the nodes of the tree
  double solutions = 0;    // mean of their estimates of the solutions
  double nodes_error = 0;  // standard error of those means (their standard deviation / sqrt(probes))
  double solutions_error = 0;
};

// Runs `probes` random probes on solver's search tree from the root (the solver is reset before each probe and
// after the last). The same seed gives the same estimate. The solver's own seed, if any, decides its branching
// items as it would in a search. When `stop` is given, it is read before each probe and, once true, ends the run
// early: the estimate is then from the probes made, Estimate::probes of them (possibly 0, with all means 0).
Estimate estimate_tree(Solver& solver, std::uint64_t probes, std::uint64_t seed,
                       const std::atomic<bool>* stop = nullptr);

struct NodeRate {
  std::uint64_t nodes = 0;
  Count128 solutions = 0;
  double seconds = 0;
  bool complete = false;  // the whole tree was searched in that time: nodes and solutions are exact
  double per_second() const { return seconds > 0 ? static_cast<double>(nodes) / seconds : 0; }
};

// Counts solutions with a new Solver for at most `time`, to measure how fast the search enters nodes on this
// problem.
NodeRate measure_node_rate(const Problem& problem, std::chrono::nanoseconds time,
                           std::optional<std::uint64_t> seed = std::nullopt);

}  // namespace dlx
