// Algorithm C of TAOCP 7.2.2.1 (exact cover with colors), laid out as in Knuth's dlx2 program.
//
// The table. Item i (1..item count) has a header node nodes_[i] and links llink_[i]/rlink_[i]. Primary items
// are 1..primary_count_ and form, with the root 0, the circular list of items still to cover; a covered item is
// unlinked from it. Secondary items each point at themselves, so unlinking one changes nothing and covering
// needs no special case. Below each header hangs the circular list (ulink/dlink) of the nodes of the options
// still available that contain the item; the header's `top` counts them (Knuth's LEN). Options are stored one
// after another, their nodes in input order, each preceded by a spacer node (top <= 0).
//
// The invariants the search keeps: an option is available iff all its nodes are in their items' lists, except
// that the node through which it was hidden stays put (hide() removes the *other* nodes of an option). A node
// whose color is -1 belongs to an available option that already agrees with the color committed to its item, so
// hiding and unhiding skip it. Every change is undone in exactly the reverse order (dancing links), so restoring
// needs no saved copies.
//
// With a propagator (propagator.hpp), the search runs PropagatingSteps: at every node it may remove available
// options, each wholly out of its items' lists (nodes colored -1 stay, as hide() leaves them), recorded in
// trail_; trail_start_[k] is where the removals of the node at depth k begin, and they are undone, in reverse,
// before the choice that led to that node is (next_child_propagating, reset). in_solution_ marks the forced and
// chosen options, so that the propagator sees a covered item's option.
#include "links_engine.hpp"

#include <algorithm>
#include <climits>
#include <memory>
#include <stdexcept>
#include <string>

#include "dlx/assert.hpp"

namespace dlx::detail {

LinksEngine::LinksEngine(const Problem& problem, const SearchOptions& options) : EngineBase(options) {
  const std::size_t item_count = problem.item_count();
  primary_count_ = static_cast<int>(problem.primary_count());

  // Primary items first, in declaration order, then secondary ones: their index in the table.
  std::vector<std::int32_t> index_of(item_count);
  std::int32_t next_primary = 1, next_secondary = primary_count_ + 1;
  for (ItemId item = 0; item < item_count; ++item)
    index_of[item] = problem.is_primary(item) ? next_primary++ : next_secondary++;

  llink_.resize(item_count + 1);
  rlink_.resize(item_count + 1);
  for (int i = 0; i <= primary_count_; ++i) {
    llink_[i] = i == 0 ? primary_count_ : i - 1;
    rlink_[i] = i == primary_count_ ? 0 : i + 1;
  }
  for (auto i = static_cast<std::int32_t>(primary_count_ + 1); i <= static_cast<std::int32_t>(item_count);
       ++i)
    llink_[i] = rlink_[i] = i;

  nodes_.reserve(item_count + 1 + problem.use_count() + problem.option_count() + 1);
  nodes_.push_back({0, 0, 0, 0});
  for (auto i = 1; i <= static_cast<int>(item_count); ++i) nodes_.push_back({0, i, i, 0});

  option_first_node_.resize(problem.option_count());
  auto spacer = static_cast<std::int32_t>(nodes_.size());
  nodes_.push_back({0, 0, 0, 0});
  for (OptionId option = 0; option < problem.option_count(); ++option) {
    const auto first = static_cast<std::int32_t>(nodes_.size());
    option_first_node_[option] = first;
    for (const ItemUse& use : problem.option(option)) {
      const std::int32_t item = index_of[use.item];
      const auto p = static_cast<std::int32_t>(nodes_.size());
      nodes_.push_back({item, nodes_[item].ulink, item, static_cast<std::int32_t>(use.color)});
      nodes_[nodes_[item].ulink].dlink = p;
      nodes_[item].ulink = p;
      ++nodes_[item].top;
    }
    nodes_[spacer].dlink = static_cast<std::int32_t>(nodes_.size()) - 1;
    spacer = static_cast<std::int32_t>(nodes_.size());
    nodes_.push_back({-static_cast<std::int32_t>(option + 1), first, 0, 0});
  }

  // Every solution has at most one option per primary item, so these never grow during a search.
  choice_.resize(static_cast<std::size_t>(primary_count_) + 1);
  forced_.reserve(static_cast<std::size_t>(primary_count_) + 1);
  solution_.reserve(static_cast<std::size_t>(primary_count_) + 1);
  if (options.propagator) {
    propagator_ = options.propagator->clone();
    primary_node_.assign(problem.option_count(), -1);
    node_option_.assign(nodes_.size(), -1);
    for (OptionId option = 0; option < problem.option_count(); ++option) {
      for (int q = option_first_node_[option]; nodes_[q].top > 0; ++q) {
        node_option_[static_cast<std::size_t>(q)] = static_cast<std::int32_t>(option);
        if (primary_node_[option] < 0 && nodes_[q].top <= primary_count_) primary_node_[option] = q;
      }
    }
    in_solution_.assign(problem.option_count(), 0);
    // An option is removed at most once on a path: the trail never grows past the options.
    trail_.reserve(problem.option_count());
    trail_start_.resize(static_cast<std::size_t>(primary_count_) + 2);
  }
  reset_common();
}

// hide'(p): take every other node of p's option out of its item's list.
void LinksEngine::hide(int p) {
  Node* const n = nodes_.data();
  std::uint64_t updates = 0;
  for (int q = p + 1; q != p;) {
    const Node& node = n[q];
    if (node.top <= 0) {
      q = node.ulink;  // spacer: wrap to the option's first node
    } else {
      if (node.color >= 0) {
        DLX_ASSERT(n[node.top].top > 0);  // the node is in its item's list, which counts it
        n[node.ulink].dlink = node.dlink;
        n[node.dlink].ulink = node.ulink;
        --n[node.top].top;
        ++updates;
      }
      ++q;
    }
  }
  stats_.updates += updates;
}

// unhide'(p): the exact reverse of hide'(p).
void LinksEngine::unhide(int p) {
  Node* const n = nodes_.data();
  for (int q = p - 1; q != p;) {
    const Node& node = n[q];
    if (node.top <= 0) {
      q = node.dlink;  // spacer: wrap to the option's last node
    } else {
      if (node.color >= 0) {
        n[node.ulink].dlink = q;
        n[node.dlink].ulink = q;
        ++n[node.top].top;
      }
      --q;
    }
  }
}

// cover'(i): no other option may use item i; a primary item also leaves the list of items to cover.
void LinksEngine::cover(int i) {
  DLX_ASSERT(i > 0 && static_cast<std::size_t>(i) < llink_.size());  // an item header, not the root
  for (int p = nodes_[i].dlink; p != i; p = nodes_[p].dlink) hide(p);
  const int l = llink_[i], r = rlink_[i];
  rlink_[l] = r;
  llink_[r] = l;
}

void LinksEngine::uncover(int i) {
  DLX_ASSERT(i > 0 && static_cast<std::size_t>(i) < llink_.size());
  const int l = llink_[i], r = rlink_[i];
  rlink_[l] = i;
  llink_[r] = i;
  for (int p = nodes_[i].ulink; p != i; p = nodes_[p].ulink) unhide(p);
}

// purify(p): p's option gives its secondary item color c; hide the options that give it another color or none,
// and mark those that agree (color -1) so that committing them later costs nothing.
void LinksEngine::purify(int p) {
  const int c = nodes_[p].color, i = nodes_[p].top;
  for (int q = nodes_[i].dlink; q != i; q = nodes_[q].dlink) {
    if (nodes_[q].color == c) {
      if (q != p) nodes_[q].color = -1;
    } else {
      hide(q);
    }
  }
}

void LinksEngine::unpurify(int p) {
  const int c = nodes_[p].color, i = nodes_[p].top;
  for (int q = nodes_[i].ulink; q != i; q = nodes_[q].ulink) {
    if (nodes_[q].color < 0) {
      nodes_[q].color = c;
    } else if (q != p) {
      unhide(q);
    }
  }
}

void LinksEngine::commit(int p) {
  const int c = nodes_[p].color;
  if (c == 0) {
    cover(nodes_[p].top);
  } else if (c > 0) {
    purify(p);
  }
}

void LinksEngine::uncommit(int p) {
  const int c = nodes_[p].color;
  if (c == 0) {
    uncover(nodes_[p].top);
  } else if (c > 0) {
    unpurify(p);
  }
}

// Commit the items of x's option other than x's own (already covered by the level's choice).
void LinksEngine::commit_others(int x) {
  for (int p = x + 1; p != x;) {
    if (nodes_[p].top <= 0) {
      p = nodes_[p].ulink;
    } else {
      commit(p);
      ++p;
    }
  }
}

void LinksEngine::uncommit_others(int x) {
  for (int p = x - 1; p != x;) {
    if (nodes_[p].top <= 0) {
      p = nodes_[p].dlink;
    } else {
      uncommit(p);
      --p;
    }
  }
}

// The primary item with fewest options left, leftmost on ties (or a seeded random one among the ties). An item
// with one option is taken at once: that choice is forced, so looking further only costs time.
int LinksEngine::choose_item() {
  int best = 0, best_len = INT_MAX;
  if (!options_.seed) {
    for (int i = rlink_[0]; i != 0; i = rlink_[i]) {
      const int len = nodes_[i].top;
      if (len < best_len) {
        best = i;
        best_len = len;
        if (len <= 1) break;
      }
    }
    return best;
  }
  std::uint64_t ties = 0;
  for (int i = rlink_[0]; i != 0; i = rlink_[i]) {
    const int len = nodes_[i].top;
    if (len < best_len) {
      best = i;
      best_len = len;
      ties = 1;
      if (len == 0) break;
    } else if (len == best_len && random() % ++ties == 0) {
      best = i;
    }
  }
  return best;
}

OptionId LinksEngine::option_of(int node) const {
  while (nodes_[node].top > 0) --node;
  return static_cast<OptionId>(-nodes_[node].top);
}

void LinksEngine::build_solution(int depth, std::vector<OptionId>& out) const {
  out.assign(forced_.begin(), forced_.end());
  for (int k = 0; k < depth; ++k) out.push_back(option_of(choice_[k]));
}

bool LinksEngine::force(OptionId option) {
  const int first = option_first_node_[option];
  int p = first;
  while (nodes_[p].top > 0 && nodes_[p].top > primary_count_) ++p;
  if (nodes_[p].top <= 0) return false;  // no primary item
  // An option is still available iff its primary item is uncovered and its node is in that item's list: any
  // clash elsewhere would have hidden this node (see the invariants above).
  const int i = nodes_[p].top;
  if (rlink_[llink_[i]] != i || nodes_[nodes_[p].ulink].dlink != p) return false;
  for (int q = first; nodes_[q].top > 0; ++q) commit(q);
  forced_.push_back(option);
  if (propagator_) in_solution_[option] = 1;
  return true;
}

std::vector<OptionId> LinksEngine::branch_options() {
  std::vector<OptionId> out;
  if (rlink_[0] == 0) return out;
  const int i = choose_item();
  for (int x = nodes_[i].dlink; x != i; x = nodes_[x].dlink) out.push_back(option_of(x));
  return out;
}

void LinksEngine::reset() {
  // In exactly the reverse order of the search: the removals of the node at depth k + 1 (made after the
  // choice at depth k), then that choice, and the root's removals last. A node the search paused before
  // entering removed nothing yet.
  if (propagator_ && pc_ == Pc::enter) trail_start_[static_cast<std::size_t>(depth_)] = trail_.size();
  for (int k = depth_ - 1; k >= 0; --k) {
    if (propagator_) restore_options(trail_start_[static_cast<std::size_t>(k) + 1]);
    const int x = choice_[k];
    uncommit_others(x);
    uncover(nodes_[x].top);
  }
  if (propagator_) {
    restore_options(0);
    std::fill(in_solution_.begin(), in_solution_.end(), char{0});
  }
  for (auto it = forced_.rbegin(); it != forced_.rend(); ++it) {
    const int first = option_first_node_[*it];
    int last = first;
    while (nodes_[last + 1].top > 0) ++last;
    for (int q = last; q >= first; --q) uncommit(q);
  }
  forced_.clear();
  solution_.clear();
  depth_ = 0;
  reset_common();
}

// C2-C5: a node at depth. All primary items covered is a solution; an item with no option left, a dead end;
// else cover the chosen item and take its first option.
[[gnu::always_inline]] inline Engine::Outcome LinksEngine::enter(int depth) {
  if (rlink_[0] == 0) return Outcome::solution;
  const int i = choose_item();  // C3
  if (nodes_[i].top == 0) return Outcome::dead;
  cover(i);  // C4
  const int x = nodes_[i].dlink;
  choice_[static_cast<std::size_t>(depth)] = x;  // C5
  commit_others(x);
  return Outcome::branch;
}

// C6, then C5 or C7: undo the option tried at depth and take the item's next one, or uncover the item once
// every option was tried.
[[gnu::always_inline]] inline bool LinksEngine::next_child(int depth) {
  int x = choice_[static_cast<std::size_t>(depth)];
  uncommit_others(x);
  const int i = nodes_[x].top;
  x = nodes_[x].dlink;
  if (x == i) {
    uncover(i);
    return false;
  }
  choice_[static_cast<std::size_t>(depth)] = x;
  commit_others(x);
  return true;
}

// The propagator's view of a node: options in the partial solution, options still available, removal.
class LinksEngine::View final : public PropagationView {
 public:
  explicit View(LinksEngine& engine) : engine_(engine) {}
  std::uint64_t live(OptionId first, int count) const override {
    std::uint64_t mask = 0;
    const std::size_t options = engine_.in_solution_.size();
    for (int k = 0; k < count && k < 64 && first + static_cast<OptionId>(k) < options; ++k) {
      const OptionId option = first + static_cast<OptionId>(k);
      if (engine_.in_solution_[option] != 0 || engine_.available(option)) mask |= std::uint64_t{1} << k;
    }
    return mask;
  }
  void remove(OptionId option) override {
    if (option < engine_.in_solution_.size() && engine_.in_solution_[option] == 0 &&
        engine_.available(option))
      engine_.remove_option(option);
  }

 private:
  LinksEngine& engine_;
};

// Available iff its primary item is uncovered and its node there is in the item's list (as force() tells):
// an option hidden through another node lost this one, and one hidden through this one lost its item.
bool LinksEngine::available(OptionId option) const {
  const int p = primary_node_[option];
  if (p < 0) return false;  // no primary item: never part of a solution
  const int i = nodes_[p].top;
  return rlink_[llink_[i]] == i && nodes_[nodes_[p].ulink].dlink == p;
}

// Every node of the option out of its item's list, as hide() takes out all but one (a node that agrees with a
// purified item's color stays, as hide() leaves it); undone in reverse order by restore_options().
void LinksEngine::remove_option(OptionId option) {
  Node* const n = nodes_.data();
  for (int q = option_first_node_[option]; n[q].top > 0; ++q) {
    if (n[q].color < 0) continue;
    n[n[q].ulink].dlink = n[q].dlink;
    n[n[q].dlink].ulink = n[q].ulink;
    --n[n[q].top].top;
    ++stats_.updates;
  }
  trail_.push_back(option);
}

void LinksEngine::restore_options(std::size_t trail_size) {
  Node* const n = nodes_.data();
  while (trail_.size() > trail_size) {
    const OptionId option = trail_.back();
    trail_.pop_back();
    const int first = option_first_node_[option];
    int q = first;
    while (n[q + 1].top > 0) ++q;
    for (; q >= first; --q) {
      if (n[q].color < 0) continue;
      n[n[q].ulink].dlink = q;
      n[n[q].dlink].ulink = q;
      ++n[n[q].top].top;
    }
  }
}

// A node with a propagator: it removes what it can first (a dead end ends the node, a solution too), then
// the node branches as ever. What it removed stays until the parent takes its next child (next_child_propagating) or reset().
Engine::Outcome LinksEngine::enter_propagating(int depth) {
  trail_start_[static_cast<std::size_t>(depth)] = trail_.size();
  View view(*this);
  if (!propagator_->propagate(view)) return Outcome::dead;
  const Outcome outcome = enter(depth);
  if (outcome == Outcome::branch)
    in_solution_[static_cast<std::size_t>(
        node_option_[static_cast<std::size_t>(choice_[static_cast<std::size_t>(depth)])])] = 1;
  return outcome;
}

bool LinksEngine::next_child_propagating(int depth) {
  const auto chosen = [&] {
    return static_cast<std::size_t>(
        node_option_[static_cast<std::size_t>(choice_[static_cast<std::size_t>(depth)])]);
  };
  restore_options(trail_start_[static_cast<std::size_t>(depth) + 1]);  // the child's removals
  in_solution_[chosen()] = 0;
  if (!next_child(depth)) return false;
  in_solution_[chosen()] = 1;
  return true;
}

void LinksEngine::check_invariants() const {
  const auto fail = [](const std::string& what) { throw std::logic_error("dlx links engine: " + what); };
  const auto items = static_cast<int>(llink_.size()) - 1;
  // The list of items to cover: primary items only, doubly linked, closed through the root.
  std::vector<bool> listed(static_cast<std::size_t>(items) + 1, false);
  int steps = 0;
  for (int i = rlink_[0]; i != 0; i = rlink_[i]) {
    if (i < 1 || i > primary_count_) fail("a secondary item or a bad index in the list of items to cover");
    if (llink_[rlink_[i]] != i) fail("the list of items to cover is not doubly linked");
    if (++steps > items) fail("the list of items to cover does not close");
    listed[static_cast<std::size_t>(i)] = true;
  }
  // Every column: doubly linked, its nodes belong to it, and its header counts them (Knuth's LEN).
  for (int i = 1; i <= items; ++i) {
    if (i > primary_count_ && (llink_[i] != i || rlink_[i] != i)) fail("a secondary item is linked");
    int length = 0;
    for (int p = nodes_[i].dlink; p != i; p = nodes_[p].dlink) {
      if (p <= items || p >= static_cast<int>(nodes_.size())) fail("a column holds a header or a bad index");
      if (nodes_[p].top != i) fail("a node in the column of another item");
      if (nodes_[nodes_[p].ulink].dlink != p) fail("a column is not doubly linked");
      if (++length > static_cast<int>(nodes_.size())) fail("a column does not close");
    }
    if (length != nodes_[i].top) fail("item " + std::to_string(i) + "'s LEN is not its column's length");
  }
  // Each level's choice is a node of an option whose item is covered (out of the list), below the levels.
  for (int k = 0; k < depth_; ++k) {
    const int x = choice_[static_cast<std::size_t>(k)];
    if (x <= items || nodes_[x].top <= 0) fail("a level's choice is not an option's node");
    if (listed[static_cast<std::size_t>(nodes_[x].top)]) fail("a level's item is still in the list to cover");
  }
}

std::unique_ptr<Engine> make_links_engine(const Problem& problem, const SearchOptions& options) {
  return std::make_unique<LinksEngine>(problem, options);
}

}  // namespace dlx::detail
