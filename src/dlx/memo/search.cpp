#include "dlx/memo/search.hpp"

#include <algorithm>
#include <stdexcept>

namespace dlx::memo {

namespace {

constexpr std::uint32_t kNone = State::kNoBranch;
constexpr std::uint64_t kPollMask = 1023;  // poll the stop flag and the clock every 1024 nodes
// Giving up memoizing (see search.hpp). Lookups before the savings are judged: few next to what a puzzle worth
// counting costs (queens 12: 240,000 plain nodes); judged again every 1024 lookups after that.
constexpr std::uint64_t kDecideAfter = std::uint64_t{1} << 14;
// The plain engines enter nodes 4 to 25 times faster than the counter's tables (Langford pairs: 0.12 us against
// 0.59 us, pentominoes 0.2 against 4): memoizing states pays where it shrinks the tree more than this.
constexpr std::uint64_t kCostRatio = 4;

// Nodes of a plain count between two looks at the limits: about a millisecond.
constexpr std::uint64_t kPlainSlice = 4096;

// Tree sizes add up past 2^64 on tilings; capped, they still say "memoizing pays".
std::uint64_t add_capped(std::uint64_t a, std::uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

}  // namespace

Search::Search(State& state, Cache& cache, Order order, ZddWriter* zdd)
    : state_(state), cache_(cache), order_(order), zdd_(zdd) {
  frames_.resize(state.max_depth());
  // An option is on the list of only one frame of the stack at a time: below a frame, its item is covered, or
  // (bounded) the options before its branch are left out.
  children_.reserve(state.option_count());
  lookups_.resize(state.max_depth() + 1);
  saved_.resize(state.max_depth() + 1);
  next_judgement_ = kDecideAfter;
  path_.reserve(state.max_depth() + state.primary_count());
  paused_path_.reserve(path_.capacity());
}

void Search::set_plain_depth(int depth) {
  judge_ = depth == 0;
  // A plain Solver knows no bounded items' positions: with multiplicities, memoize everywhere.
  cutoff_ = depth > 0 && !state_.has_bounds() ? static_cast<std::size_t>(depth) : kNever;
}

void Search::maybe_give_up() {
  next_judgement_ += kPollMask + 1;  // judged again after another 1024 lookups, while it has not given up
  if (!judge_ || cutoff_ != kNever || !plain_allowed_ || zdd_ != nullptr || state_.has_bounds()) return;
  // The shallowest depth where the tree below, as the plain engine would walk it (the states entered there or
  // deeper, and the subtrees their hits skipped), is less than kCostRatio times what the counter entered.
  std::uint64_t saved = 0, lookups = 0;
  for (std::size_t d = deepest_ + 1; d-- > 0;) {
    saved = add_capped(saved, saved_[d]);
    lookups += lookups_[d];
    if (lookups >= kDecideAfter / 4 && saved / (kCostRatio - 1) < lookups) cutoff_ = d;
  }
  // Never at the root itself: the root's branches counted so far are in the cache, and the next count (a
  // Portfolio's next turn) finds them there instead of counting the root again from scratch.
  if (cutoff_ == 0) cutoff_ = 1;
}

std::optional<Status> Search::count_plain(std::size_t depth, const Limits& limits, std::uint64_t start,
                                          Count128& count, std::uint64_t& size) {
  if (!plain_) plain_ = std::make_unique<Solver>(state_.problem());
  // The state's options: the prefix, then one per frame (items without bounds: a branch is an option).
  path_.assign(prefix_.begin(), prefix_.end());
  for (std::size_t k = 0; k < depth; ++k)
    path_.push_back(state_.options_of(frames_[k].item)[frames_[k].chosen]);
  if (paused_ && path_ == paused_path_) {
    // The count a stop cut short (a Portfolio's turn ending, mostly): the search walks back to the same state
    // first, since the subtrees before it are in the cache, and the plain Solver goes on where it paused.
    count = paused_count_;
  } else {
    plain_->reset();
    if (state_.has_bounds()) throw std::logic_error("memoized counting: no plain counts with multiplicities");
    for (const OptionId option : path_) {
      // Each option was possible where the search took it, so none clashes with those before it.
      if (!plain_->force(option))
        throw std::logic_error("memoized counting: a plain count could not force its path");
    }
    ++plain_subtrees_;
    count = 0;
  }
  paused_ = false;
  bool overflow = false;
  for (;;) {
    const std::uint64_t before = plain_->stats().nodes;
    plain_->set_node_limit(before + kPlainSlice);
    const Count c = plain_->count();
    count = saturating_add(count, c.solutions, overflow);
    const std::uint64_t entered = plain_->stats().nodes - before;
    nodes_ += entered;
    plain_nodes_ += entered;
    if (overflow || plain_->status() == Status::overflow) return Status::overflow;
    if (plain_->status() == Status::exhausted) {
      size = plain_->stats().nodes;
      return std::nullopt;
    }
    if (std::optional<Status> why = poll(limits, start)) {
      paused_ = true;
      paused_path_.assign(path_.begin(), path_.end());
      paused_count_ = count;
      return why;
    }
  }
}

std::optional<Status> Search::poll(const Limits& limits, std::uint64_t start) const {
  if (limits.node_limit != 0 && nodes_ - start >= limits.node_limit) return Status::node_limit;
  if (limits.stop != nullptr && limits.stop->load(std::memory_order_relaxed)) return Status::stopped;
  if (limits.halt != nullptr && limits.halt->load(std::memory_order_relaxed)) return Status::stopped;
  if (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) return Status::timed_out;
  return std::nullopt;
}

std::uint64_t Search::write_chain(const Frame& frame) {
  std::uint64_t lo = frame.closed;
  for (std::size_t k = children_.size(); k-- > frame.children;)
    lo = zdd_->node(children_[k].first, lo, children_[k].second);
  children_.resize(frame.children);
  return lo;
}

void Search::check_step() const {
#ifdef DLX_CHECK_INVARIANTS
  if (check_every_step_) state_.check_invariants();
#endif
}

Counted Search::count(const Limits& limits) {
  std::size_t depth = 0;   // frames in use
  Count128 result = 0;     // the completions of the state just left
  std::uint64_t node = 0;  // and its ZDD node
  bool overflow = false;
  std::optional<Status> stop;
  Count128 cut = 0;  // a plain count's solutions (when a stop cut it: those found so far)
  const std::uint64_t start = nodes_;
  bool entering = true;  // at a new state (else: back in the top frame, to try its next option)
  for (;;) {
    check_step();
    if (entering) {
      if ((++nodes_ & kPollMask) == 0 && (stop = poll(limits, start))) break;
      if (state_.solved()) {
        result = 1;
        node = 1;
      } else {
        const std::uint64_t hash = state_.hash();
        ++lookups_[depth];
        deepest_ = std::max(deepest_, depth);
        if (++lookups_total_ >= next_judgement_) maybe_give_up();
        if (const Entry* cached = cache_.find(hash, state_.key()); cached != nullptr) {
          result = cached->count;
          node = cached->zdd;
          if (zdd_ == nullptr) {  // the size of the tree the hit skips
            saved_[depth] = add_capped(saved_[depth], node);
            saved_sum_ = add_capped(saved_sum_, node);
          }
        } else if (depth >= cutoff_ && plain_allowed_ && zdd_ == nullptr) {
          std::uint64_t size = 0;
          if ((stop = count_plain(depth, limits, start, cut, size))) break;
          result = cut;
          cut = 0;
          node = size;
          cache_.insert(hash, state_.key(), {result, node});
        } else if (const ItemId item = state_.choose(order_); state_.hopeless(item)) {
          result = 0;
          node = 0;
        } else {
          const std::uint32_t first = state_.position(item);
          frames_[depth++] = {
              hash, item, first,  first,        kNone, static_cast<std::uint32_t>(children_.size()),
              0,    0,    nodes_, saved_total()};
          entering = false;
          continue;
        }
      }
    } else {
      Frame& frame = frames_[depth - 1];
      frame.chosen = state_.next_branch(frame.item, frame.next);
      if (frame.chosen != kNone) {
        frame.next = frame.chosen + 1;
        state_.take(frame.item, frame.chosen);
        entering = true;
        continue;
      }
      state_.rewind(frame.item, frame.first);
      result = frame.sum;
      // Without a ZDD, the entry's node word keeps the size of the state's tree as plain counting walks it.
      node = zdd_ != nullptr ? write_chain(frame)
                             : add_capped(nodes_ - frame.entered, saved_total() - frame.saved);
      cache_.insert(frame.hash, state_.key(), {result, node});
      --depth;
    }
    // Back from a state with its result: add it to the frame above, if any.
    if (depth == 0) return {result, node, overflow ? Status::overflow : Status::exhausted};
    Frame& parent = frames_[depth - 1];
    parent.sum = saturating_add(parent.sum, result, overflow);
    state_.untake(parent.item, parent.chosen);
    if (overflow) {
      parent.chosen = kNone;  // undone already
      stop = Status::overflow;
      break;
    }
    if (zdd_ != nullptr && result != 0) {
      const auto options = state_.options_of(parent.item);
      if (parent.chosen < options.size())
        children_.emplace_back(options[parent.chosen], node);
      else
        parent.closed = node;  // the branch that takes no more of the item's options
    }
    entering = false;
  }
  // Stopped: the finished subtrees' counts are a lower bound. Undo the choices still applied.
  Count128 partial = cut;
  bool ignored = false;
  while (depth > 0) {
    Frame& frame = frames_[--depth];
    partial = saturating_add(partial, frame.sum, ignored);
    if (frame.chosen != kNone) state_.untake(frame.item, frame.chosen);
    state_.rewind(frame.item, frame.first);
  }
  children_.clear();
  check_step();
  return {*stop == Status::overflow ? kCount128Max : partial, 0, *stop};
}

}  // namespace dlx::memo
