// Minimum-cost exact cover (Knuth's dlx5): the cheapest solutions of a problem whose options have costs
// (Problem::set_cost, or "|n" tokens in Knuth's format), with multiplicities and colors as in any problem.
//
//   dlx::CheapestResult r = dlx::cheapest(problem, 3);     // the 3 cheapest solutions, cheapest first
//   if (r.optimal) ...                                      // the search finished: they are proven the cheapest
//
// Branch and bound on Algorithm M: each column ordered by increasing cost share (an option's cost divided among
// its primary items), and a node is cut when its cost plus, for every item still short of its lower bound, the
// cheapest share left to it times the options it still needs cannot beat the k-th cheapest solution so far.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "dlx/problem.hpp"
#include "dlx/solver.hpp"

namespace dlx {

struct CostedSolution {
  std::vector<OptionId> options;  // as Solver::solution() gives them
  std::uint64_t cost = 0;         // the sum of their costs
};

struct CheapestResult {
  std::vector<CostedSolution> solutions;  // the cheapest found, by increasing cost (ties: in search order)
  bool optimal = false;  // the whole tree was searched: no solution is cheaper than the last one here (or,
                         // with fewer than k, there are no others)
  Status status = Status::ready;  // exhausted when optimal; else why the search stopped (stop flag, time)
  Stats stats;
};

// The k cheapest solutions (k >= 1). SearchOptions' stop flag, time limit and node limit end the search early,
// with the best found so far and optimal false. `solution_limit` (0: none) stops it after that many improving
// solutions were found.
CheapestResult cheapest(const Problem& problem, std::size_t k = 1, SearchOptions options = {},
                        std::uint64_t solution_limit = 0);

}  // namespace dlx
