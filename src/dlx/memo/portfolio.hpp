// Memoized counts under both branching orders at once (see Order), since neither wins everywhere: `first`
// needs 290 times fewer states on tilings, `fewest` 3 to 10 times fewer on Langford pairs and pentominoes.
//
// With Order chosen automatically the two take turns, each running until a node budget that doubles every
// round, each with its own cache (half the budget) that it keeps between its turns: a turn cut short loses
// only the subtrees it had not finished, so the first order to finish costs at most about three times what
// it costs alone, whichever it is. With one order fixed, that order alone runs.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "dlx/memo/cache.hpp"
#include "dlx/memo/search.hpp"
#include "dlx/memo/state.hpp"
#include "dlx/memo/zdd.hpp"

namespace dlx::memo {

class Portfolio {
 public:
  // order: one order, or nothing for both in turns. cache_bytes: the budget of all caches together.
  // plain_depth: Search::set_plain_depth for every order; check_every_step: Search::set_check_every_step.
  Portfolio(State& state, std::size_t cache_bytes, std::optional<Order> order, int plain_depth = 0,
            bool check_every_step = false);

  // The completions of the state's current state (exactly as Search::count, never Status::node_limit).
  Counted count(const Limits& limits);
  // Writes the ZDD of the states counted from now on (nullptr: none).
  void set_zdd(ZddWriter* zdd);
  // Search::set_plain and Search::set_prefix, for every order.
  void set_plain(bool allowed);
  void set_prefix(std::span<const OptionId> prefix);

  // Totals over the searches and caches.
  std::uint64_t nodes() const;
  std::uint64_t hits() const;
  std::uint64_t states() const;
  std::uint64_t evictions() const;
  std::size_t bytes() const;
  std::uint64_t plain_subtrees() const;
  std::uint64_t plain_nodes() const;
  std::size_t plain_depth() const;  // the shallowest of the searches' (Search::kNever: none gave up)

 private:
  // One order with its cache.
  struct Runner {
    std::unique_ptr<Cache> cache;
    std::unique_ptr<Search> search;
  };
  // The runner to let finish alone (see portfolio.cpp), or nothing.
  std::optional<std::size_t> plain_alone() const;
  // The sum of get(runner) over the runners in use.
  template <class Get>
  std::uint64_t total(Get get) const {
    std::uint64_t sum = 0;
    for (std::size_t k = 0; k < count_; ++k) sum += get(runners_[k]);
    return sum;
  }

  std::array<Runner, 2> runners_;  // fewest, then first (only [0] when one order is fixed)
  std::size_t count_ = 0;          // runners in use
};

}  // namespace dlx::memo
