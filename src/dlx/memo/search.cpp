#include "dlx/memo/search.hpp"

namespace dlx::memo {

namespace {

constexpr std::uint32_t kNone = State::kNoBranch;
constexpr std::uint64_t kPollMask = 1023;  // poll the stop flag and the clock every 1024 nodes

}  // namespace

Search::Search(State& state, Cache& cache, Order order, ZddWriter* zdd)
    : state_(state), cache_(cache), order_(order), zdd_(zdd) {
  frames_.resize(state.max_depth());
  // An option is on the list of only one frame of the stack at a time: below a frame, its item is covered, or
  // (bounded) the options before its branch are left out.
  children_.reserve(state.option_count());
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

Counted Search::count(const Limits& limits) {
  std::size_t depth = 0;   // frames in use
  Count128 result = 0;     // the completions of the state just left
  std::uint64_t node = 0;  // and its ZDD node
  bool overflow = false;
  std::optional<Status> stop;
  const std::uint64_t start = nodes_;
  bool entering = true;  // at a new state (else: back in the top frame, to try its next option)
  for (;;) {
    if (entering) {
      if ((++nodes_ & kPollMask) == 0 && (stop = poll(limits, start))) break;
      if (state_.solved()) {
        result = 1;
        node = 1;
      } else {
        const std::uint64_t hash = state_.hash();
        if (const Entry* cached = cache_.find(hash, state_.key()); cached != nullptr) {
          result = cached->count;
          node = cached->zdd;
        } else if (const ItemId item = state_.choose(order_); state_.hopeless(item)) {
          result = 0;
          node = 0;
        } else {
          const std::uint32_t first = state_.position(item);
          frames_[depth++] = {hash, item, first, first, kNone, static_cast<std::uint32_t>(children_.size()),
                              0,    0};
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
      node = zdd_ != nullptr ? write_chain(frame) : 0;
      cache_.insert(frame.hash, state_.key(), {result, node});
      --depth;
    }
    // Back from a state with its result: add it to the frame above, if any.
    if (depth == 0) return {result, node, overflow ? Status::overflow : Status::exhausted};
    Frame& parent = frames_[depth - 1];
    state_.untake(parent.item, parent.chosen);
    parent.sum = saturating_add(parent.sum, result, overflow);
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
  Count128 partial = 0;
  bool ignored = false;
  while (depth > 0) {
    Frame& frame = frames_[--depth];
    partial = saturating_add(partial, frame.sum, ignored);
    if (frame.chosen != kNone) state_.untake(frame.item, frame.chosen);
    state_.rewind(frame.item, frame.first);
  }
  children_.clear();
  return {*stop == Status::overflow ? kCount128Max : partial, 0, *stop};
}

}  // namespace dlx::memo
