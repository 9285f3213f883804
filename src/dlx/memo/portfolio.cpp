#include "dlx/memo/portfolio.hpp"

#include <algorithm>

namespace dlx::memo {

namespace {

// The node budget of each order's first turn (it doubles every round): small problems end in the first.
constexpr std::uint64_t kFirstTurn = std::uint64_t{1} << 16;

}  // namespace

Portfolio::Portfolio(State& state, std::size_t cache_bytes, std::optional<Order> order, int plain_depth,
                     bool check_every_step) {
  count_ = order ? 1 : 2;
  const Order orders[2] = {order.value_or(Order::fewest), Order::first};
  for (std::size_t k = 0; k < count_; ++k) {
    runners_[k].cache = std::make_unique<Cache>(state.key_words(), cache_bytes / count_);
    runners_[k].search = std::make_unique<Search>(state, *runners_[k].cache, orders[k]);
    runners_[k].search->set_plain_depth(plain_depth);
    runners_[k].search->set_check_every_step(check_every_step);
  }
}

// Once every order has given up memoizing somewhere and one has given up right below the root
// (Search::plain_depth 1), that one's count is nearly the plain engine's alone, the cheapest there is: taking
// turns would only add the others' work. The runner to finish alone then, or nothing.
std::optional<std::size_t> Portfolio::plain_alone() const {
  std::optional<std::size_t> alone;
  for (std::size_t k = 0; k < count_; ++k) {
    const std::size_t depth = runners_[k].search->plain_depth();
    if (depth == Search::kNever) return std::nullopt;
    if (depth <= 1 && !alone) alone = k;  // fewest first: its branching is the plain engines'
  }
  return alone;
}

Counted Portfolio::count(const Limits& limits) {
  if (count_ == 1) return runners_[0].search->count(limits);
  Limits turn = limits;
  for (std::uint64_t budget = kFirstTurn;; budget = budget > UINT64_MAX / 2 ? budget : budget * 2) {
    for (Runner& runner : runners_) {
      if (const std::optional<std::size_t> alone = plain_alone(); alone && limits.node_limit == 0)
        return runners_[*alone].search->count(limits);
      turn.node_limit = limits.node_limit != 0 ? std::min(budget, limits.node_limit) : budget;
      const Counted counted = runner.search->count(turn);
      if (counted.status != Status::node_limit || limits.node_limit != 0) return counted;
    }
  }
}

void Portfolio::set_zdd(ZddWriter* zdd) {
  for (std::size_t k = 0; k < count_; ++k) runners_[k].search->set_zdd(zdd);
}

void Portfolio::set_plain(bool allowed) {
  for (std::size_t k = 0; k < count_; ++k) runners_[k].search->set_plain(allowed);
}
void Portfolio::set_prefix(std::span<const OptionId> prefix) {
  for (std::size_t k = 0; k < count_; ++k) runners_[k].search->set_prefix(prefix);
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
  return static_cast<std::size_t>(total([](const Runner& r) { return r.cache->bytes(); }));
}

std::uint64_t Portfolio::plain_subtrees() const {
  return total([](const Runner& r) { return r.search->plain_subtrees(); });
}
std::uint64_t Portfolio::plain_nodes() const {
  return total([](const Runner& r) { return r.search->plain_nodes(); });
}
std::size_t Portfolio::plain_depth() const {
  std::size_t depth = Search::kNever;
  for (std::size_t k = 0; k < count_; ++k) depth = std::min(depth, runners_[k].search->plain_depth());
  return depth;
}

}  // namespace dlx::memo
