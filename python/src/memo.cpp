// The module's counts that go past plain enumeration: the memoized counter's ZDD of all solutions (as xcover's
// covers_zdd yields it) and its uniform samples, Knuth's estimate of the search tree, and limited counts that
// say whether the limit cut them short. Only wiring: the arguments are checked by the Python package
// (python/dlx/__init__.py), every decision is the library's.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <dlx/estimate.hpp>
#include <dlx/memo.hpp>
#include <dlx/parallel.hpp>
#include <dlx/problem.hpp>
#include <dlx/solver.hpp>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "interrupt.hpp"

namespace py = pybind11;

namespace dlxpy {
namespace {

// xcover's names for the item a search branches on.
dlx::MemoOrder order_named(const std::string& name) {
  if (name == "MRV") return dlx::MemoOrder::fewest;
  if (name == "leftmost") return dlx::MemoOrder::first;
  throw py::value_error("choose_heuristic must be 'MRV' or 'leftmost', not '" + name + "'");
}

void check_overflow(dlx::Status status) {
  if (status == dlx::Status::overflow) throw std::overflow_error("more than 2^128 - 1 solutions");
}

// The ZDD's nodes as (id, option, lo, hi) tuples, children before parents (memo/zdd.hpp), and the root's id.
py::tuple zdd_nodes(const dlx::Problem& shared, const std::string& heuristic) {
  const dlx::Problem problem = shared;  // the search runs without the GIL: another thread may change `shared`
  dlx::MemoOptions options;
  options.order = order_named(heuristic);
  std::atomic<bool> stop{false};
  options.stop = &stop;
  std::ostringstream out;
  const dlx::MemoCount c =
      run_stoppable(stop, [&] { return dlx::MemoCounter(problem, options).write_zdd(out); });
  check_overflow(c.status);
  std::istringstream in(std::move(out).str());
  py::list nodes;
  unsigned long long root = 0;
  for (std::string line; std::getline(in, line);) {
    unsigned long long id = 0, option = 0, lo = 0, hi = 0;
    if (std::sscanf(line.c_str(), "%llu: (%llu) %llu %llu", &id, &option, &lo, &hi) == 4)
      nodes.append(py::make_tuple(id, option, lo, hi));
    else if (std::sscanf(line.c_str(), "root: %llu", &root) != 1)
      throw std::logic_error("unexpected ZDD line: " + line);
  }
  return py::make_tuple(nodes, root);
}

// n solutions drawn uniformly at random (options in the order the search chose them).
std::vector<std::vector<dlx::OptionId>> sample(const dlx::Problem& shared, std::uint64_t n,
                                               std::uint64_t seed) {
  const dlx::Problem problem = shared;
  std::atomic<bool> stop{false};
  dlx::MemoOptions options;
  options.stop = &stop;
  std::vector<std::vector<dlx::OptionId>> drawn;
  const dlx::MemoCount c = run_stoppable(stop, [&] {
    return dlx::MemoCounter(problem, options).sample(n, seed, [&](std::span<const dlx::OptionId> solution) {
      drawn.emplace_back(solution.begin(), solution.end());
      return true;
    });
  });
  check_overflow(c.status);
  return drawn;
}

py::dict estimate(const dlx::Problem& shared, std::uint64_t probes, std::uint64_t seed) {
  const dlx::Problem problem = shared;
  std::atomic<bool> stop{false};
  const dlx::Estimate e = run_stoppable(stop, [&] {
    dlx::Solver solver(problem);
    return dlx::estimate_tree(solver, probes, seed, &stop);
  });
  py::dict d;
  d["probes"] = e.probes;
  d["solutions"] = e.solutions;
  d["nodes"] = e.nodes;
  d["standard_error"] = e.solutions_error;
  d["nodes_standard_error"] = e.nodes_error;
  return d;
}

// (solutions, complete): complete when the whole tree was searched, so that the count is exact; otherwise the
// limit was reached and there are at least that many.
py::tuple count_with_limit(const dlx::Problem& shared, std::uint64_t limit, unsigned threads) {
  const dlx::Problem problem = shared;
  std::atomic<bool> stop{false};
  dlx::ParallelOptions options;
  options.threads = threads;
  options.search.stop = &stop;
  const auto [c, status] = run_stoppable(stop, [&] {
    dlx::ParallelSolver search(problem, options);
    const dlx::Count counted = search.count(limit);
    return std::make_pair(counted, search.status());
  });
  check_overflow(status);
  return py::make_tuple(to_python(c.solutions), c.complete);
}

}  // namespace

void bind_memo(py::module_& m) {
  m.def("_zdd_nodes", &zdd_nodes, py::arg("problem"), py::arg("choose_heuristic") = "MRV",
        "(nodes, root): the ZDD of all solutions as (id, option, lo, hi) tuples, children first");
  m.def("_sample", &sample, py::arg("problem"), py::arg("n"), py::arg("seed"),
        "n solutions drawn independently and uniformly at random");
  m.def("_estimate", &estimate, py::arg("problem"), py::arg("probes"), py::arg("seed"),
        "Knuth's estimate of the search tree from random probes, as a dict");
  m.def("_count_with_limit", &count_with_limit, py::arg("problem"), py::arg("limit"), py::arg("threads"),
        "(solutions, complete): a count stopped at limit (0: none), and whether it is exact");
}

}  // namespace dlxpy
