#include "dlx/memo/portfolio.hpp"

#include <algorithm>

namespace dlx::memo {

namespace {

// The node budget of each order's first turn (it doubles every round): small problems end in the first.
constexpr std::uint64_t kFirstTurn = std::uint64_t{1} << 16;

}  // namespace

Portfolio::Portfolio(State& state, std::size_t cache_bytes, std::optional<Order> order) {
  count_ = order ? 1 : 2;
  const Order orders[2] = {order.value_or(Order::fewest), Order::first};
  for (std::size_t k = 0; k < count_; ++k) {
    runners_[k].cache = std::make_unique<Cache>(state.key_words(), cache_bytes / count_);
    runners_[k].search = std::make_unique<Search>(state, *runners_[k].cache, orders[k]);
  }
}

Counted Portfolio::count(const Limits& limits) {
  if (count_ == 1) return runners_[0].search->count(limits);
  Limits turn = limits;
  for (std::uint64_t budget = kFirstTurn;; budget = budget > UINT64_MAX / 2 ? budget : budget * 2) {
    for (Runner& runner : runners_) {
      turn.node_limit = limits.node_limit != 0 ? std::min(budget, limits.node_limit) : budget;
      const Counted counted = runner.search->count(turn);
      if (counted.status != Status::node_limit || limits.node_limit != 0) return counted;
    }
  }
}

void Portfolio::set_zdd(ZddWriter* zdd) {
  for (std::size_t k = 0; k < count_; ++k) runners_[k].search->set_zdd(zdd);
}

std::uint64_t Portfolio::nodes() const {
  return total([](const Runner& r) { return r.search->nodes(); });
}
std::uint64_t Portfolio::hits() const {
  return total([](const Runner& r) { return r.cache->hits(); });
}
std::uint64_t Portfolio::states() const {
  return total([](const Runner& r) { return r.cache->inserts(); });
}
std::uint64_t Portfolio::evictions() const {
  return total([](const Runner& r) { return r.cache->evictions(); });
}
std::size_t Portfolio::bytes() const {
  return total([](const Runner& r) { return r.cache->bytes(); });
}

}  // namespace dlx::memo
