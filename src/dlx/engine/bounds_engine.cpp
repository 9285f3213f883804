// Algorithm M (exact cover with multiplicities and colors) on dancing links; the table and its invariants are
// described in bounds_engine.hpp.
#include "bounds_engine.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>

#include "dlx/assert.hpp"

namespace dlx::detail {
namespace {

// Added to the degree of an item that is not sharp, so that sharp items win unless another is forced.
constexpr std::int64_t kNotSharp = std::int64_t{1} << 40;

}  // namespace

BoundsEngine::BoundsEngine(const Problem& problem, const SearchOptions& options, bool by_cost)
    : EngineBase(options), by_cost_(by_cost) {
  item_count_ = static_cast<std::int32_t>(problem.item_count());
  root_ = item_count_;
  const std::size_t node_count = problem.item_count() + problem.use_count();
  up_.resize(node_count);
  down_.resize(node_count);
  item_of_.resize(node_count);
  color_.assign(node_count, 0);
  option_of_.assign(node_count, 0);
  len_.assign(problem.item_count(), 0);
  lo_.resize(problem.item_count());
  hi_.resize(problem.item_count());
  taken_.assign(problem.item_count(), 0);
  primary_.resize(problem.item_count());
  sharp_.resize(problem.item_count());
  left_.resize(problem.item_count() + 1);
  right_.resize(problem.item_count() + 1);

  // The active list: the primary items in input order; secondary items point at themselves.
  std::int32_t last = root_;
  for (ItemId item = 0; item < problem.item_count(); ++item) {
    const auto i = static_cast<std::int32_t>(item);
    primary_[item] = problem.is_primary(item);
    lo_[item] = problem.bounds(item).lo;
    hi_[item] = problem.bounds(item).hi;
    left_[item] = right_[item] = i;
    if (!primary_[item]) continue;
    sharp_[item] = problem.item_name(item).front() == '#';
    any_sharp_ = any_sharp_ || sharp_[item];
    left_[item] = last;
    right_[last] = i;
    last = i;
  }
  right_[last] = root_;
  left_[root_] = last;

  // The nodes, option by option.
  first_node_.reserve(problem.option_count() + 1);
  net_.resize(problem.option_count());
  std::vector<std::vector<std::int32_t>> column(problem.item_count());
  auto p = item_count_;
  for (OptionId option = 0; option < problem.option_count(); ++option) {
    first_node_.push_back(p);
    net_[option] = problem.cost(option);
    std::uint32_t primaries = 0;
    for (const ItemUse& use : problem.option(option)) {
      item_of_[p] = static_cast<std::int32_t>(use.item);
      color_[p] = static_cast<std::int32_t>(use.color);
      option_of_[p] = option;
      primaries += primary_[use.item] ? 1 : 0;
      column[use.item].push_back(p++);
    }
    primaries_.push_back(std::max(primaries, 1u));
  }
  first_node_.push_back(p);
  if (by_cost) levy_taxes(column);

  // Each column in option order or (cost mode) by increasing net cost.
  for (ItemId item = 0; item < problem.item_count(); ++item) {
    auto& nodes = column[item];
    if (by_cost)
      std::stable_sort(nodes.begin(), nodes.end(), [&](std::int32_t a, std::int32_t b) {
        return share_less(option_of_[a], option_of_[b]);
      });
    const auto head = static_cast<std::int32_t>(item);
    item_of_[head] = head;
    std::int32_t prev = head;
    for (std::int32_t q : nodes) {
      up_[q] = prev;
      down_[prev] = q;
      prev = q;
    }
    down_[prev] = head;
    up_[head] = prev;
    len_[item] = static_cast<std::int32_t>(nodes.size());
  }

  // Each level takes an option or finishes an item; each option is excluded at most once on a path.
  levels_.resize(problem.option_count() + problem.primary_count() + 1);
  excluded_.reserve(problem.option_count());
  forced_.reserve(problem.option_count() + problem.primary_count());
  solution_.reserve(problem.option_count());
  reset_common();
}

// Knuth's taxes (dlx5): an item that every solution covers exactly once (bounds 1:1) pays the cheapest net
// cost among its options, which is taken off each of them. Every solution then costs its net cost plus the
// total tax, no net cost is negative, and each such item has an option of net cost 0, so that net costs show at
// once which options are too dear. (Measured: spreading each option's cost over its items instead, in fair
// shares, doubled the instructions on assignments and bin packing alike.)
void BoundsEngine::levy_taxes(const std::vector<std::vector<std::int32_t>>& column) {
  for (std::int32_t item = 0; item < item_count_; ++item) {
    if (!primary_[item] || lo_[item] != 1 || hi_[item] != 1 || column[item].empty()) continue;
    std::uint64_t tax = UINT64_MAX;
    for (std::int32_t q : column[item]) tax = std::min(tax, net_[option_of_[q]]);
    for (std::int32_t q : column[item]) net_[option_of_[q]] -= tax;
    total_tax_ += tax;
  }
}

void BoundsEngine::unlink_node(std::int32_t p) {
  down_[up_[p]] = down_[p];
  up_[down_[p]] = up_[p];
  --len_[item_of_[p]];
  ++stats_.updates;
}

void BoundsEngine::relink_node(std::int32_t p) {
  down_[up_[p]] = p;
  up_[down_[p]] = p;
  ++len_[item_of_[p]];
}

// Takes p's option out of every list but p's own (nodes that agree with a committed color stay: see the header).
void BoundsEngine::hide(std::int32_t p) {
  DLX_ASSERT(p >= 0 && static_cast<std::size_t>(p) < option_of_.size());
  const OptionId option = option_of_[p];
  for (std::int32_t q = first_node_[option], end = first_node_[option + 1]; q < end; ++q)
    if (q != p && color_[q] >= 0) unlink_node(q);
}

void BoundsEngine::unhide(std::int32_t p) {
  const OptionId option = option_of_[p];
  for (std::int32_t q = first_node_[option + 1] - 1, begin = first_node_[option]; q >= begin; --q)
    if (q != p && color_[q] >= 0) relink_node(q);
}

void BoundsEngine::deactivate(std::int32_t item) {
  right_[left_[item]] = right_[item];
  left_[right_[item]] = left_[item];
}

void BoundsEngine::reactivate(std::int32_t item) {
  right_[left_[item]] = item;
  left_[right_[item]] = item;
}

// No further option may use the item: it is full (primary) or used (secondary without a color).
void BoundsEngine::cover(std::int32_t item) {
  DLX_ASSERT(item >= 0 && static_cast<std::size_t>(item) < len_.size());
  for (std::int32_t p = down_[item]; p != item; p = down_[p]) hide(p);
  deactivate(item);
}

void BoundsEngine::uncover(std::int32_t item) {
  reactivate(item);
  for (std::int32_t p = up_[item]; p != item; p = up_[p]) unhide(p);
}

// p's option gives its secondary item p's color: options with another color or none go; those that agree
// are marked (-1) so that taking them later commits nothing.
void BoundsEngine::purify(std::int32_t p) {
  const std::int32_t c = color_[p], item = item_of_[p];
  for (std::int32_t q = down_[item]; q != item; q = down_[q]) {
    if (color_[q] == c) {
      color_[q] = -1;
    } else {
      hide(q);
    }
  }
}

void BoundsEngine::unpurify(std::int32_t p) {
  const std::int32_t c = color_[p], item = item_of_[p];
  for (std::int32_t q = up_[item]; q != item; q = up_[q]) {
    if (color_[q] < 0) {
      color_[q] = c;
    } else {
      unhide(q);
    }
  }
}

// Puts p's option into the solution through p, a node of the active primary item via_item.
void BoundsEngine::take(std::int32_t p, std::int32_t via_item) {
  if (taken_[via_item] + 1 == hi_[via_item]) {
    cover(via_item);  // full now: its other options go too (and p's option through p)
  } else {
    unlink_node(p);
    hide(p);
  }
  ++taken_[via_item];
  const OptionId option = option_of_[p];
  cost_ += net_[option];
  for (std::int32_t q = first_node_[option], end = first_node_[option + 1]; q < end; ++q) {
    if (q == p) continue;
    const std::int32_t item = item_of_[q];
    if (primary_[item]) {
      if (++taken_[item] == hi_[item]) cover(item);
    } else if (color_[q] == 0) {
      cover(item);
    } else if (color_[q] > 0) {
      purify(q);
    }
  }
}

void BoundsEngine::untake(std::int32_t p, std::int32_t via_item) {
  const OptionId option = option_of_[p];
  for (std::int32_t q = first_node_[option + 1] - 1, begin = first_node_[option]; q >= begin; --q) {
    if (q == p) continue;
    const std::int32_t item = item_of_[q];
    if (primary_[item]) {
      if (taken_[item]-- == hi_[item]) uncover(item);
    } else if (color_[q] == 0) {
      uncover(item);
    } else if (color_[q] > 0) {
      unpurify(q);
    }
  }
  cost_ -= net_[option];
  if (taken_[via_item]-- == hi_[via_item]) {
    uncover(via_item);
  } else {
    unhide(p);
    relink_node(p);
  }
}

// Knuth's tweak: p's option leaves the subtree altogether (it was tried, or a later sibling is taken).
void BoundsEngine::exclude(std::int32_t p) {
  unlink_node(p);
  hide(p);
  excluded_.push_back(p);
}

void BoundsEngine::include(std::int32_t p) {
  unhide(p);
  relink_node(p);
}

// Options the item still needs to reach its lower bound.
std::int32_t BoundsEngine::need(std::int32_t item) const {
  return taken_[item] < lo_[item] ? static_cast<std::int32_t>(lo_[item] - taken_[item]) : 0;
}

// Algorithm M's branching degree: the options left minus the options still needed, plus one (<= 0: the item
// cannot reach its lower bound any more).
std::int64_t BoundsEngine::degree(std::int32_t item) const {
  return std::int64_t{len_[item]} + 1 - need(item);
}

void BoundsEngine::restore_exclusions(std::uint32_t mark) {
  while (excluded_.size() > mark) {
    include(excluded_.back());
    excluded_.pop_back();
  }
}

// Knuth's choice for Algorithm M: the smallest degree; on ties the smaller slack (min of room left and hi - lo),
// then the longer list; then leftmost, or at random with a seed. Sharp items first unless some item has
// degree <= 1. The scan stops early only at a dead end.
BoundsEngine::Choice BoundsEngine::choose_item() {
  Choice best{root_, INT64_MAX};
  std::uint32_t best_slack = 0;
  std::int32_t best_len = 0;
  std::uint64_t ties = 0;
  for (std::int32_t i = right_[root_]; i != root_; i = right_[i]) {
    // In cost mode only the options that fit under the limit count (Knuth's dlx5).
    // Counting past what could beat the best so far is no use.
    const std::int64_t enough = best.degree >= kNotSharp ? INT32_MAX : best.degree + need(i);
    std::int64_t d = by_cost_ ? std::int64_t{affordable(i, enough)} + 1 - need(i) : degree(i);
    if (d <= 0) return {i, d};
    if (any_sharp_ && d > 1 && !sharp_[i]) d += kNotSharp;
    const std::uint32_t slack = std::min(hi_[i] - taken_[i], hi_[i] - lo_[i]);
    const bool better =
        d < best.degree ||
        (d == best.degree && (slack < best_slack || (slack == best_slack && len_[i] > best_len)));
    if (better) {
      best = {i, d};
      best_slack = slack;
      best_len = len_[i];
      ties = 1;
    } else if (options_.seed && pc_ != Pc::start && d == best.degree && slack == best_slack &&
               len_[i] == best_len && random() % ++ties == 0) {
      best.item = i;
    }
  }
  if (best.degree >= kNotSharp) best.degree -= kNotSharp;
  return best;
}

// Cost mode: does option a cost less per primary item than option b (net costs)? Exact: no rounding.
bool BoundsEngine::share_less(OptionId a, OptionId b) const {
  return net_[a] * primaries_[b] < net_[b] * primaries_[a];
}

// Cost mode: can this node still lead below the cost limit? An option costs its share (net cost over its
// primary items) for each primary item it covers, so every item still needing k options adds at least k times
// the cheapest share left to it: its list's first.
bool BoundsEngine::below_cost_limit() const {
  if (net_limit_ == UINT64_MAX) return true;
  if (cost_ >= net_limit_) return false;
  double bound = 0;
  for (std::int32_t i = right_[root_]; i != root_; i = right_[i]) {
    if (taken_[i] >= lo_[i]) continue;
    if (len_[i] == 0) return false;
    const OptionId first = option_of_[down_[i]];
    bound += static_cast<double>(lo_[i] - taken_[i]) * static_cast<double>(net_[first]) /
             static_cast<double>(primaries_[first]);
  }
  // Rounding may only weaken the bound: the true completion costs a whole number at least `bound`.
  return std::ceil(bound * (1 - 1e-12) - 1e-9) < static_cast<double>(net_limit_ - cost_);
}

// Cost mode: the options of item's list that still fit under the limit, counted up to `enough`.
std::int32_t BoundsEngine::affordable(std::int32_t item, std::int64_t enough) const {
  if (net_limit_ == UINT64_MAX) return len_[item];
  const std::uint64_t budget = net_limit_ - cost_;
  std::int32_t n = 0;
  for (std::int32_t p = down_[item]; p != item && n < enough; p = down_[p]) n += net_[option_of_[p]] < budget;
  return n;
}

bool BoundsEngine::available(OptionId option) const {
  for (std::int32_t q = first_node_[option], end = first_node_[option + 1]; q < end; ++q) {
    const std::int32_t item = item_of_[q];
    if (color_[q] >= 0 && down_[up_[q]] != q) return false;
    if (primary_[item] && (right_[left_[item]] != item || left_[right_[item]] != item)) return false;
  }
  return true;
}

bool BoundsEngine::force(OptionId option) {
  if ((option & kBranchBit) != 0) return apply_branch(option);
  if (!available(option)) return false;
  std::int32_t p = first_node_[option];
  while (p < first_node_[option + 1] && !primary_[item_of_[p]]) ++p;
  if (p == first_node_[option + 1]) return false;  // no primary item
  forced_.push_back({option, p, item_of_[p], static_cast<std::uint32_t>(excluded_.size())});
  take(p, item_of_[p]);
  return true;
}

// A child of the branching at the current (pre-search) state, as branch_options() named it.
bool BoundsEngine::apply_branch(OptionId decision) {
  const Choice choice = choose_item();
  if (choice.item == root_ || choice.degree <= 0) return false;
  const std::int32_t item = choice.item;
  const auto mark = static_cast<std::uint32_t>(excluded_.size());
  if (decision == kFinishItem) {
    if (need(item) > 0) return false;
    while (down_[item] != item) exclude(down_[item]);
    deactivate(item);
    forced_.push_back({kFinishItem, -1, item, mark});
    return true;
  }
  const OptionId option = decision & ~kBranchBit;
  std::int32_t p = down_[item];
  while (p != item && option_of_[p] != option) p = down_[p];
  if (p == item) return false;
  while (down_[item] != p) exclude(down_[item]);
  if (len_[item] < need(item)) {  // not a child that branch_options() names
    restore_exclusions(mark);
    return false;
  }
  forced_.push_back({option, p, item, mark});
  take(p, item);
  return true;
}

std::vector<OptionId> BoundsEngine::branch_options() {
  std::vector<OptionId> out;
  const Choice choice = choose_item();
  if (choice.item == root_ || choice.degree <= 0) return out;
  const std::int32_t item = choice.item;
  // An item that one option fills has no use for exclusions: its children are plain forced options.
  const OptionId flag = hi_[item] - taken_[item] == 1 ? 0 : kBranchBit;
  std::int32_t left = len_[item];
  for (std::int32_t p = down_[item]; p != item && left >= need(item); p = down_[p], --left)
    out.push_back(option_of_[p] | flag);
  if (need(item) == 0) out.push_back(kFinishItem);
  return out;
}

void BoundsEngine::build_solution(int depth, std::vector<OptionId>& out) const {
  out.clear();
  for (const Forced& f : forced_)
    if (f.option != kFinishItem) out.push_back(f.option);
  for (int k = 0; k < depth; ++k)
    if (!levels_[static_cast<std::size_t>(k)].finishing)
      out.push_back(option_of_[levels_[static_cast<std::size_t>(k)].node]);
}

void BoundsEngine::reset() {
  for (int k = depth_ - 1; k >= 0; --k) {
    const Level& level = levels_[static_cast<std::size_t>(k)];
    if (level.finishing) {
      reactivate(level.item);
    } else if (level.node != level.item) {
      untake(level.node, level.item);
    }
    restore_exclusions(level.excluded);
  }
  for (auto f = forced_.rbegin(); f != forced_.rend(); ++f) {
    if (f->node < 0) {
      reactivate(f->item);
    } else {
      untake(f->node, f->item);
    }
    restore_exclusions(f->excluded);
  }
  forced_.clear();
  solution_.clear();
  depth_ = 0;
  reset_common();
}

// A node: a solution, a dead end (no item can be branched on, or in cost mode the cost limit is out of reach),
// or a branching on the chosen item.
Engine::Outcome BoundsEngine::enter(int depth) {
  if (right_[root_] == root_) return Outcome::solution;
  if (by_cost_ && !below_cost_limit()) return Outcome::dead;
  const Choice choice = choose_item();
  if (choice.degree <= 0) return Outcome::dead;
  levels_[static_cast<std::size_t>(depth)] = {choice.item, choice.item,
                                              static_cast<std::uint32_t>(excluded_.size()), false};
  return take_child(depth, down_[choice.item]) ? Outcome::branch : Outcome::dead;
}

// Undo the level's child; an option tried is excluded from the level's later children.
bool BoundsEngine::next_child(int depth) {
  Level& level = levels_[static_cast<std::size_t>(depth)];
  const std::int32_t item = level.item;
  if (level.finishing) {
    reactivate(item);
    return take_child(depth, item);
  }
  const std::int32_t p = level.node;
  untake(p, item);
  exclude(p);
  return take_child(depth, down_[p]);
}

bool BoundsEngine::take_child(int depth, std::int32_t p) {
  Level& level = levels_[static_cast<std::size_t>(depth)];
  const std::int32_t item = level.item;
  // Cost mode: an option that alone reaches the limit is left out, like one tried already.
  while (by_cost_ && p != item && net_limit_ != UINT64_MAX && net_[option_of_[p]] >= net_limit_ - cost_) {
    exclude(p);
    p = down_[p];
  }
  if (p != item && len_[item] >= need(item)) {
    level.node = p;
    take(p, item);
    return true;
  }
  if (need(item) == 0 && !level.finishing) {
    level.finishing = true;
    level.node = item;
    while (down_[item] != item) exclude(down_[item]);  // the dear options a cost limit cut, if any
    deactivate(item);
    return true;
  }
  restore_exclusions(level.excluded);
  return false;
}

void BoundsEngine::check_invariants() const {
  const auto fail = [](const std::string& what) { throw std::logic_error("dlx bounds engine: " + what); };
  std::vector<std::uint32_t> uses(static_cast<std::size_t>(item_count_), 0);
  std::uint64_t cost = 0;
  const auto count_option = [&](OptionId option) {
    cost += net_[option];
    for (std::int32_t q = first_node_[option]; q < first_node_[option + 1]; ++q)
      ++uses[static_cast<std::size_t>(item_of_[q])];
  };
  for (const Forced& f : forced_)
    if (f.option != kFinishItem) count_option(f.option);
  for (int k = 0; k < depth_; ++k) {
    const Level& level = levels_[static_cast<std::size_t>(k)];
    if (!level.finishing && level.node != level.item) count_option(option_of_[level.node]);
  }
  if (cost != cost_) fail("cost_ is not the cost of the options taken");
  for (std::int32_t i = 0; i < item_count_; ++i) {
    std::int32_t n = 0;
    for (std::int32_t q = down_[i]; q != i; q = down_[q]) {
      if (item_of_[q] != i) fail("a node in the list of another item");
      if (down_[up_[q]] != q || up_[down_[q]] != q) fail("a list's links disagree");
      if (++n > static_cast<std::int32_t>(up_.size())) fail("a list does not close");
    }
    if (n != len_[i]) fail("len_ of item " + std::to_string(i) + " is not its list's length");
    if (primary_[static_cast<std::size_t>(i)]) {
      if (taken_[i] > hi_[i]) fail("an item taken more often than its upper bound");
      if (taken_[i] != uses[static_cast<std::size_t>(i)]) fail("taken_ disagrees with the options taken");
    }
  }
  std::int32_t n = 0;
  for (std::int32_t i = right_[root_]; i != root_; i = right_[i]) {
    if (left_[right_[i]] != i) fail("the active list's links disagree");
    if (!primary_[static_cast<std::size_t>(i)] || taken_[i] >= hi_[i])
      fail("a full or secondary item is active");
    if (++n > item_count_) fail("the active list does not close");
  }
}

std::unique_ptr<Engine> make_bounds_engine(const Problem& problem, const SearchOptions& options) {
  return std::make_unique<BoundsEngine>(problem, options);
}

std::pair<Status, Stats> search_by_cost(const Problem& problem, const SearchOptions& options,
                                        const CostVisit& visit) {
  BoundsEngine engine(problem, options, true);
  engine.for_each([&](std::span<const OptionId> solution) {
    std::uint64_t limit = UINT64_MAX;
    const bool go_on = visit.visit(solution, engine.current_cost(), limit);
    engine.set_cost_limit(limit);
    return go_on;
  });
  return {engine.status(), engine.stats()};
}

}  // namespace dlx::detail
