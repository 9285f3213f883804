#include "dlx/memo.hpp"

#include <unistd.h>

#include <bit>
#include <mutex>
#include <random>
#include <span>
#include <stdexcept>
#include <vector>

#include "dlx/memo/portfolio.hpp"
#include "dlx/memo/search.hpp"
#include "dlx/memo/state.hpp"
#include "dlx/memo/zdd.hpp"
#include "dlx/thread_pool.hpp"

namespace dlx {

namespace {

// Subproblems per thread when a count is split: enough that a thread which drew easy ones takes more.
constexpr std::size_t kPartsPerThread = 16;
// The split stops at this depth even if it has fewer parts.
constexpr int kMaxSplitDepth = 12;

MemoCount to_count(const memo::Counted& c) {
  return {c.count, c.status == Status::exhausted, c.status};
}

// A number drawn uniformly from [0, bound) (bound > 0), by rejection from random bits, so that the same seed
// draws the same numbers on every platform.
Count128 uniform_below(Count128 bound, std::mt19937_64& random) {
  const Count128 top = bound - 1;
  const auto high = static_cast<std::uint64_t>(top >> 64);
  const auto bits = high != 0 ? 64 + std::bit_width(high) : std::bit_width(static_cast<std::uint64_t>(top));
  const Count128 mask = bits >= 128 ? kCount128Max : (Count128{1} << bits) - 1;
  for (;;) {
    const Count128 draw = ((Count128{random()} << 64) | random()) & mask;
    if (draw <= top) return draw;
  }
}

// The status of a count made of parts: the worst of theirs (overflow, then a stop).
Status combine(Status a, Status b) {
  if (a == Status::overflow || b == Status::overflow) return Status::overflow;
  if (a == Status::exhausted) return b;
  return a;
}

// A portfolio's totals, as statistics.
MemoStats totals(const memo::Portfolio& p) {
  MemoStats s;
  s.nodes = p.nodes();
  s.hits = p.hits();
  s.states = p.states();
  s.evictions = p.evictions();
  s.memory_bytes = p.bytes();
  s.plain_subtrees = p.plain_subtrees();
  s.plain_nodes = p.plain_nodes();
  if (p.plain_depth() != memo::Search::kNever) s.plain_depth = static_cast<int>(p.plain_depth());
  return s;
}

// Adds b's counters (from nodes to memory) to a's, less base's (the counters' values when a call began).
void add(MemoStats& a, const MemoStats& b, const MemoStats& base = {}) {
  a.nodes += b.nodes - base.nodes;
  a.hits += b.hits - base.hits;
  a.states += b.states - base.states;
  a.evictions += b.evictions - base.evictions;
  a.memory_bytes += b.memory_bytes;
  a.plain_subtrees += b.plain_subtrees - base.plain_subtrees;
  a.plain_nodes += b.plain_nodes - base.plain_nodes;
  if (b.plain_depth >= 0 && (a.plain_depth < 0 || b.plain_depth < a.plain_depth))
    a.plain_depth = b.plain_depth;
}

}  // namespace

std::size_t default_cache_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return std::size_t{1} << 30;
  return static_cast<std::size_t>(pages) / 4 * static_cast<std::size_t>(page);
}

std::optional<std::size_t> parse_byte_size(std::string_view text) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || digits > 19) return std::nullopt;
  std::uint64_t value = 0;
  for (std::size_t k = 0; k < digits; ++k) value = value * 10 + static_cast<std::uint64_t>(text[k] - '0');
  std::string_view unit = text.substr(digits);
  if (unit.ends_with("iB")) {
    unit.remove_suffix(2);
    if (unit.empty()) return std::nullopt;  // "iB" alone
  } else if (unit.ends_with("B") || unit.ends_with("b")) {
    unit.remove_suffix(1);
  }
  int shift = 0;
  if (unit.size() > 1) return std::nullopt;
  if (!unit.empty()) {
    switch (unit[0]) {
      case 'k':
      case 'K':
        shift = 10;
        break;
      case 'm':
      case 'M':
        shift = 20;
        break;
      case 'g':
      case 'G':
        shift = 30;
        break;
      case 't':
      case 'T':
        shift = 40;
        break;
      default:
        return std::nullopt;
    }
  }
  if (value == 0 || value > (SIZE_MAX >> shift)) return std::nullopt;
  return static_cast<std::size_t>(value << shift);
}

namespace {

// One branch of the search from a state: the item branched on and the branch's number (memo::State::take).
struct Branch {
  ItemId item;
  std::uint32_t index;
};

// Enters a path of branches from the state's current state; returns what leave() needs to come back.
std::vector<std::uint32_t> enter(memo::State& state, std::span<const Branch> path) {
  std::vector<std::uint32_t> firsts;
  firsts.reserve(path.size());
  for (const Branch& branch : path) {
    firsts.push_back(state.position(branch.item));
    state.take(branch.item, branch.index);
  }
  return firsts;
}

// The options a path of branches takes (a branch that closes a bounded item takes none).
std::vector<OptionId> options_of(const memo::State& state, std::span<const Branch> path) {
  std::vector<OptionId> options;
  for (const Branch& branch : path) {
    const auto list = state.options_of(branch.item);
    if (branch.index < list.size()) options.push_back(list[branch.index]);
  }
  return options;
}

// Undoes enter(state, path), last branch first.
void leave(memo::State& state, std::span<const Branch> path, std::span<const std::uint32_t> firsts) {
  for (std::size_t k = path.size(); k-- > 0;) {
    state.untake(path[k].item, path[k].index);
    state.rewind(path[k].item, firsts[k]);
  }
}

}  // namespace

MemoCounter::MemoCounter(const Problem& problem, MemoOptions options) : problem_(problem), options_(options) {
  if (options_.cache_bytes == 0) options_.cache_bytes = default_cache_bytes();
  if (options_.threads == 0) options_.threads = ThreadPool::default_workers();
}

MemoCounter::~MemoCounter() = default;

std::unique_ptr<memo::Portfolio> MemoCounter::make_portfolio(memo::State& state,
                                                             std::size_t cache_bytes) const {
  std::optional<memo::Order> order;
  if (options_.order == MemoOrder::fewest) order = memo::Order::fewest;
  if (options_.order == MemoOrder::first) order = memo::Order::first;
  return std::make_unique<memo::Portfolio>(state, cache_bytes, order, options_.plain_depth,
                                           options_.check_every_step);
}

void MemoCounter::begin() {
  began_ = std::chrono::steady_clock::now();
  stats_ = {};
  worker_stats_ = {};
  if (!state_) {
    state_ = std::make_unique<memo::State>(problem_);
    portfolio_ = make_portfolio(*state_, options_.cache_bytes);
  }
  start_ = totals(*portfolio_);
}

void MemoCounter::end() {
  stats_ = worker_stats_;
  add(stats_, totals(*portfolio_), start_);
  if (stats_.subproblems == 0) stats_.subproblems = 1;
  stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began_).count();
}

memo::Limits MemoCounter::limits(const std::atomic<bool>* halt) const {
  memo::Limits limits{options_.stop, halt, 0, std::nullopt};
  if (options_.time_limit.count() > 0)
    limits.deadline =
        began_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(options_.time_limit);
  return limits;
}

MemoCount MemoCounter::count_here(memo::ZddWriter* zdd) {
  portfolio_->set_zdd(zdd);
  const memo::Counted counted = portfolio_->count(limits(nullptr));
  portfolio_->set_zdd(nullptr);
  if (zdd != nullptr && counted.status == Status::exhausted) zdd->finish(counted.zdd);
  return to_count(counted);
}

MemoCount MemoCounter::count() {
  begin();
  const MemoCount result = options_.threads > 1 ? count_parallel(options_.threads) : count_here(nullptr);
  end();
  return result;
}

MemoCount MemoCounter::write_zdd(std::ostream& out) {
  begin();
  // The cache's states have ZDD nodes only from this writer: start from an empty cache.
  portfolio_ = make_portfolio(*state_, options_.cache_bytes);
  start_ = {};
  memo::ZddWriter writer(out);
  const MemoCount result = count_here(&writer);
  end();
  // Later counts must not hand out this writer's node numbers as if they were another's.
  portfolio_ = make_portfolio(*state_, options_.cache_bytes);
  stats_.zdd_nodes = writer.nodes();
  return result;
}

MemoCount MemoCounter::count_parallel(unsigned threads) {
  // The first levels of the tree, breadth first, until there are enough parts (or the tree ends). States
  // solved on the way are counted here.
  std::vector<std::vector<Branch>> parts{{}};
  Count128 total = 0;
  bool overflow = false;
  for (int depth = 0; depth < kMaxSplitDepth && parts.size() < kPartsPerThread * threads; ++depth) {
    std::vector<std::vector<Branch>> next;
    for (const std::vector<Branch>& prefix : parts) {
      const std::vector<std::uint32_t> firsts = enter(*state_, prefix);
      if (state_->solved()) {
        total = saturating_add(total, 1, overflow);
      } else if (const ItemId item = state_->choose(memo::Order::fewest); !state_->hopeless(item)) {
        for (std::uint32_t b = state_->next_branch(item, state_->position(item)); b != memo::State::kNoBranch;
             b = state_->next_branch(item, b + 1)) {
          next.push_back(prefix);
          next.back().push_back({item, b});
        }
      }
      leave(*state_, prefix, firsts);
    }
    parts = std::move(next);
    if (parts.empty()) break;
  }

  // Each worker counts parts with its own state and cache: no locks in the search, at the price of counting
  // again the states that two workers both meet.
  struct Worker {
    std::unique_ptr<memo::State> state;
    std::unique_ptr<memo::Portfolio> portfolio;
  };
  std::vector<Worker> workers(threads);
  std::mutex mutex;
  std::atomic<bool> halt{false};  // raised on overflow, to stop the others
  Status status = Status::exhausted;
  const memo::Limits shared = limits(&halt);
  ThreadPool pool(threads);
  pool.for_each_index(parts.size(), [&](unsigned w, std::size_t index) {
    Worker& worker = workers[w];
    if (!worker.state) {
      worker.state = std::make_unique<memo::State>(problem_);
      worker.portfolio = make_portfolio(*worker.state, options_.cache_bytes / threads);
    }
    const std::vector<std::uint32_t> firsts = enter(*worker.state, parts[index]);
    worker.portfolio->set_prefix(options_of(*worker.state, parts[index]));
    const memo::Counted counted = worker.portfolio->count(shared);
    leave(*worker.state, parts[index], firsts);
    const std::lock_guard lock(mutex);
    total = saturating_add(total, counted.count, overflow);
    status = combine(status, counted.status);
    if (overflow || counted.status == Status::overflow) halt.store(true);
  });

  worker_stats_.subproblems = parts.size();
  for (const Worker& worker : workers) {
    if (!worker.state) continue;
    add(worker_stats_, totals(*worker.portfolio));
  }
  if (overflow) status = Status::overflow;
  return {status == Status::overflow ? kCount128Max : total, status == Status::exhausted, status};
}

MemoCount MemoCounter::sample(std::uint64_t n, std::uint64_t seed,
                              const std::function<bool(std::span<const OptionId>)>& visit) {
  begin();
  // The draws walk down the cache from the root: memoize every state, as before the counter could give up.
  portfolio_->set_plain(false);
  MemoCount total = count_here(nullptr);
  std::mt19937_64 random(seed);
  std::vector<Branch> path;
  std::vector<std::uint32_t> firsts;
  for (std::uint64_t drawn = 0; drawn < n && total.complete && total.solutions > 0; ++drawn) {
    // Down from the root: at each state, a branch with probability (its completions) / (the state's).
    Count128 here = total.solutions;
    bool stopped = false;
    while (!state_->solved() && !stopped) {
      Count128 r = uniform_below(here, random);
      const ItemId item = state_->choose(memo::Order::fewest);
      const std::uint32_t first = state_->position(item);
      bool found = false;
      for (std::uint32_t b = state_->next_branch(item, first); b != memo::State::kNoBranch && !found;
           b = state_->next_branch(item, b + 1)) {
        state_->take(item, b);
        const MemoCount c = count_here(nullptr);  // from the cache, unless it was evicted
        if (!c.complete) {
          total = {total.solutions, false, c.status};
          stopped = true;
        } else if (r < c.solutions) {
          path.push_back({item, b});
          firsts.push_back(first);
          here = c.solutions;
          found = true;
          continue;
        } else {
          r -= c.solutions;
        }
        state_->untake(item, b);
        if (stopped) break;
      }
      if (!found) {
        state_->rewind(item, first);
        stopped = true;  // only when the count stopped: the draws add up to the state's count
      }
    }
    const bool go_on = stopped || visit(options_of(*state_, path));
    leave(*state_, path, firsts);
    path.clear();
    firsts.clear();
    if (stopped || !go_on) break;
  }
  portfolio_->set_plain(true);
  end();
  return total;
}

}  // namespace dlx
