#include "dlx/cost.hpp"

#include <algorithm>
#include <stdexcept>

#include "bounds_engine.hpp"

namespace dlx {

CheapestResult cheapest(const Problem& problem, std::size_t k, SearchOptions options,
                        std::uint64_t solution_limit) {
  if (k == 0) throw std::invalid_argument("dlx::cheapest: k must be at least 1");
  CheapestResult result;
  // The k best so far, as a max-heap on (cost, order found), so the worst of them is at the front.
  struct Entry {
    CostedSolution solution;
    std::uint64_t order;
  };
  const auto worse = [](const Entry& a, const Entry& b) {
    return a.solution.cost < b.solution.cost || (a.solution.cost == b.solution.cost && a.order < b.order);
  };
  std::vector<Entry> best;
  std::uint64_t found = 0;
  const auto [status, stats] = detail::search_by_cost(
      problem, options, {[&](std::span<const OptionId> solution, std::uint64_t cost, std::uint64_t& limit) {
        // The limit only lets through solutions cheaper than the k-th best, so each one improves the list.
        best.push_back({{{solution.begin(), solution.end()}, cost}, found++});
        std::push_heap(best.begin(), best.end(), worse);
        if (best.size() > k) {
          std::pop_heap(best.begin(), best.end(), worse);
          best.pop_back();
        }
        if (best.size() == k) limit = best.front().solution.cost;
        return solution_limit == 0 || found < solution_limit;
      }});
  std::sort_heap(best.begin(), best.end(), worse);
  for (Entry& e : best) result.solutions.push_back(std::move(e.solution));
  result.status = status;
  result.optimal = status == Status::exhausted;
  result.stats = stats;
  return result;
}

}  // namespace dlx
