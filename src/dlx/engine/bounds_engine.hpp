// Algorithm M of TAOCP 7.2.2.1 (exact cover with multiplicities and colors), with optional minimum-cost
// pruning (Knuth's dlx5 idea): the engine behind dlx::Solver for problems whose primary items have bounds
// lo:hi other than 1:1, whose primary items have names beginning with '#', and behind dlx::cheapest()
// (internal header).
//
// The table is dancing links: item headers 0..item_count-1 (item ids as in the Problem), then the options'
// nodes, option o's nodes at [first_node_[o], first_node_[o + 1]) in input order. There are no spacers: a
// node knows its option (option_of_), and an option's nodes are a contiguous range.
//
//   member          meaning                                           invariant (between steps of the search)
//   up_, down_      the circular column list of each item             a node is in its item's list iff its
//                                                                      option is available, except the node
//                                                                      through which the option was hidden and
//                                                                      nodes whose color_ is -1
//   len_[i]         nodes in item i's list                            = the list's length (headers excluded)
//   color_[p]       the color of node p; -1 once p's option agrees   -1 only below a purified secondary item
//                   with the color committed to p's item
//   left_, right_   the circular list of active primary items,       an active item has taken_ < hi and was
//                   root = item_count                                  not finished by a branch
//   taken_[i]       chosen options that cover primary item i          <= bounds hi; == hi => i is inactive
//   cost_           sum of the net costs of the options taken         (cost mode: net of taxes)
//
// Branching on item i with options x1..xk left (in list order), Algorithm M's way: child j takes x_j and
// excludes x1..x_{j-1} from the whole subtree (Knuth's "tweak"), so that every set of options is reached once;
// a last child, when i already has its lower bound, finishes i with no further option. An item chosen again
// deeper down continues with the options after the one taken.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "engine.hpp"

namespace dlx::detail {

class BoundsEngine final : public EngineBase<BoundsEngine> {
 public:
  // With by_cost, costs are taxed (Knuth's dlx5: see levy_taxes), every column is ordered by increasing share
  // (net cost over primary items), only the options that fit under the cost limit count and are tried, and the
  // search prunes nodes whose cost plus a lower bound reaches the limit.
  BoundsEngine(const Problem& problem, const SearchOptions& options, bool by_cost = false);

  void reset() override;
  bool force(OptionId option) override;
  std::vector<OptionId> branch_options() override;
  bool all_covered() const override { return right_[root_] == root_; }

  void build_solution(int depth, std::vector<OptionId>& out) const;

  // Cost mode: the cost of the options in the current solution (valid inside a visit), and the pruning limit:
  // nodes whose cost cannot get below it are cut. UINT64_MAX: no limit.
  std::uint64_t current_cost() const { return cost_ + total_tax_; }
  void set_cost_limit(std::uint64_t limit) { net_limit_ = limit == UINT64_MAX ? limit : limit - total_tax_; }

  // Throws std::logic_error naming the first broken invariant (tests call it after every step).
  void check_invariants() const override;

 private:
  friend class EngineBase<BoundsEngine>;  // its search loop calls the steps below
  // The steps of EngineBase::run (Algorithm M's M2-M9): a node; the next child of a level.
  Outcome enter(int depth);
  bool next_child(int depth);
  // Takes the first child of the level at depth from node p of its item's list on (the item itself: none left
  // but finishing the item), or undoes the level's exclusions and says false when none is left.
  bool take_child(int depth, std::int32_t p);

  // One level of the search: the item branched on and where its options stand.
  struct Level {
    std::int32_t item;       // the primary item branched on
    std::int32_t node;       // the node (in item's list) of the option being tried; item when none is
    std::uint32_t excluded;  // size of excluded_ when the level began
    bool finishing;          // the last child: item finished with no further option
  };

  // The best item to branch on and its branching degree (<= 0: dead end); root_ when none is active.
  struct Choice {
    std::int32_t item;
    std::int64_t degree;
  };
  Choice choose_item();
  std::int64_t degree(std::int32_t item) const;

  void unlink_node(std::int32_t p);
  void relink_node(std::int32_t p);
  void hide(std::int32_t p);
  void unhide(std::int32_t p);
  void deactivate(std::int32_t item);
  void reactivate(std::int32_t item);
  void cover(std::int32_t item);
  void uncover(std::int32_t item);
  void purify(std::int32_t p);
  void unpurify(std::int32_t p);
  void take(std::int32_t p, std::int32_t via_item);
  void untake(std::int32_t p, std::int32_t via_item);
  void exclude(std::int32_t p);
  void include(std::int32_t p);
  bool available(OptionId option) const;
  bool below_cost_limit() const;
  bool share_less(OptionId a, OptionId b) const;
  std::int32_t affordable(std::int32_t item, std::int64_t enough) const;
  void levy_taxes(const std::vector<std::vector<std::int32_t>>& column);
  bool apply_branch(OptionId decision);
  std::int32_t need(std::int32_t item) const;
  void restore_exclusions(std::uint32_t mark);

  std::int32_t root_;                       // the head of the active list (= item count)
  std::int32_t item_count_;                 // items, primary and secondary
  std::vector<std::int32_t> up_, down_;     // column lists, headers then nodes
  std::vector<std::int32_t> item_of_;       // the item of each node (headers: themselves)
  std::vector<std::int32_t> color_;         // each node's color (0: none; -1: agrees with its item)
  std::vector<OptionId> option_of_;         // the option of each node (headers: unused)
  std::vector<std::int32_t> first_node_;    // option o's nodes: [first_node_[o], first_node_[o + 1])
  std::vector<std::int32_t> len_;           // per item: nodes in its list
  std::vector<std::int32_t> left_, right_;  // the active primary items (indices 0..root_)
  std::vector<std::uint32_t> lo_, hi_;      // per item: its bounds (secondary: 0:1, never consulted)
  std::vector<std::uint32_t> taken_;        // per item: options taken that contain it
  std::vector<bool> primary_;               // per item
  std::vector<bool> sharp_;                 // per primary item: name begins with '#': branched on first
  bool any_sharp_ = false;                  // some primary item is sharp

  bool by_cost_;                          // cost mode
  std::vector<std::uint64_t> net_;        // per option: its cost, less its items' taxes in cost mode
  std::uint64_t total_tax_ = 0;           // cost mode: what every solution pays on top of its net cost
  std::vector<std::uint64_t> primaries_;  // per option: its primary items (at least 1)
  std::uint64_t cost_ = 0;                // net cost of the options taken (forced and chosen)
  std::uint64_t net_limit_ = UINT64_MAX;  // prune what cannot get its net cost below this

  // A decision made before the search: force(option), or a branch decision of branch_options().
  struct Forced {
    OptionId option;         // the option taken, or kFinishItem
    std::int32_t node;       // the node it was taken through (-1 for a finished item)
    std::int32_t item;       // the item it was taken via, or the item finished
    std::uint32_t excluded;  // size of excluded_ before the decision
  };

  std::vector<Level> levels_;           // levels_[0..depth_): the branches on the current path
  std::vector<std::int32_t> excluded_;  // the nodes excluded so far (decisions, then levels), in order
  std::vector<Forced> forced_;          // the decisions made before the search, in order
};

// The search of dlx::cheapest: the engine in cost mode calls visit(solution, cost) at each solution cheaper
// than the limit; visit sets the limit for what follows (UINT64_MAX: none) and returns false to stop.
// Returns the engine's final status and statistics.
struct CostVisit {
  std::function<bool(std::span<const OptionId> solution, std::uint64_t cost, std::uint64_t& limit)> visit;
};
std::pair<Status, Stats> search_by_cost(const Problem& problem, const SearchOptions& options,
                                        const CostVisit& visit);

}  // namespace dlx::detail
