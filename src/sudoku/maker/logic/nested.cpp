// Nested forcing chains, Sukaku Explainer's last resort (9.5 upward): dynamic forcing chains whose chains, when
// their links run dry, go on with the "(+)" rules and then with whole chaining techniques run on the grid the
// chain has reduced: the cycles and forcing chains of single links ("(+ Forcing Chains)", 9.5), then also the
// static cell and region forcing chains ("(+ Multiple Forcing Chains)", 10.0), or instead dynamic forcing chains
// of a lower nesting level ("(+ Dynamic Forcing Chains)", 10.5, SE's level 4: the inner chains plain, "(+)",
// "(+ Forcing Chains)" or "(+ Multiple Forcing Chains)", tried in that order). Every step of the first inner
// technique that finds one resting on what the chain took out continues the chain; a conclusion that rests on
// an inner chain counts that chain's nodes too (its own inner chains' included), so these steps rate high.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sudoku/maker/logic/chaining.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

// The inner technique's steps as SE hands them on: lowest-rated first, then shortest, then its kind order
// (ties in the order found), one per set of eliminations, and only those that rest on the outer chain.
bool continue_with(std::vector<InnerHint>& hints, std::vector<ChainRules::Advanced>& steps) {
  for (InnerHint& h : hints)
    std::sort(h.eliminations.begin(), h.eliminations.end(), [](Candidate a, Candidate b) {
      return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
    });
  std::stable_sort(hints.begin(), hints.end(), [](const InnerHint& a, const InnerHint& b) {
    if (a.tenths != b.tenths) return a.tenths < b.tenths;
    if (a.complexity != b.complexity) return a.complexity < b.complexity;
    return a.sort_key < b.sort_key;
  });
  std::vector<const std::vector<Candidate>*> seen;
  for (const InnerHint& h : hints) {
    bool again = false;
    for (const auto* e : seen) again = again || *e == h.eliminations;
    if (again) continue;
    seen.push_back(&h.eliminations);
    if (h.parents.empty()) continue;  // it holds without the chain
    steps.push_back({h.eliminations, h.parents, h.complexity, h.chain});
  }
  return !steps.empty();
}

// The inner steps by reduced grid: the outer search's branches often run dry on the same grid (a bivalue
// cell's two candidates, a region's branches that repeat a cell's), and what rests on the outer chain only
// depends on the grid and the start, which one search keeps.
class Memo {
 public:
  const std::vector<ChainRules::Advanced>* find(const Board& b) {
    key(b);
    const auto it = map_.find(hash_);
    if (it == map_.end()) return nullptr;
    for (const auto& [grid, steps] : it->second)
      if (grid == key_) return &steps;
    return nullptr;
  }
  void keep(const std::vector<ChainRules::Advanced>& steps) { map_[hash_].push_back({key_, steps}); }

 private:
  void key(const Board& b) {
    key_.resize(static_cast<std::size_t>(b.cells()));
    hash_ = 1469598103934665603ull;
    for (int c = 0; c < b.cells(); ++c) {
      key_[static_cast<std::size_t>(c)] = b.open(c) ? b.candidates(c) : 0;
      hash_ = (hash_ ^ key_[static_cast<std::size_t>(c)]) * 1099511628211ull;
    }
  }
  std::vector<Mask> key_;
  std::uint64_t hash_ = 0;
  std::unordered_map<std::uint64_t,
                     std::vector<std::pair<std::vector<Mask>, std::vector<ChainRules::Advanced>>>>
      map_;
};

// SE's dynamic forcing chains by nesting level: plain, "(+)", then nested with the inner forcing chains,
// multiple forcing chains or dynamic forcing chains.
const ForcingKind& dynamic_kind(int level) {
  static const ForcingKind kinds[] = {
      {true, true, false, 85, "Dynamic ", " Chains"},
      {true, true, false, 90, "Dynamic ", " Chains (+)"},
      {true, true, false, 95, "Dynamic ", " Chains (+ Forcing Chains)"},
      {true, true, false, 100, "Dynamic ", " Chains (+ Multiple Forcing Chains)"},
      {true, true, false, 105, "Dynamic ", " Chains (+ Dynamic Forcing Chains)"},
  };
  return kinds[level];
}

ChainRules::AdvancedRule continuation(int level, int inner);

void nested_steps(int level, int inner, const Board& reduced, const Board& start,
                  std::vector<ChainRules::Advanced>& steps) {
  plus_steps(reduced, start, steps);
  if (!steps.empty()) return;
  std::vector<InnerHint> hints;
  if (level == 4) {
    forcing_hints(reduced, start, dynamic_kind(inner), continuation(inner, 0), hints);
    continue_with(hints, steps);
    return;
  }
  cycle_hints(reduced, start, hints);
  if (continue_with(hints, steps) || level < 3) return;
  hints.clear();
  multiple_chain_hints(reduced, start, hints);
  continue_with(hints, steps);
}

// What continues the chains of a dynamic forcing chain at `level` (0: nothing, 1: the "(+)" rules, 2 to 4:
// nested, `inner` naming level 4's inner level), the nested steps memoised for one search (one start).
ChainRules::AdvancedRule continuation(int level, int inner) {
  if (level == 0) return nullptr;
  if (level == 1) return plus_steps;
  auto memo = std::make_shared<Memo>();
  return [level, inner, memo](const Board& reduced, const Board& start,
                              std::vector<ChainRules::Advanced>& steps) {
    if (const auto* known = memo->find(reduced)) {
      steps = *known;
      return;
    }
    nested_steps(level, inner, reduced, start, steps);
    memo->keep(steps);
  };
}

}  // namespace

bool nested_chains(const Board& board, int level, GradedStep& step) {
  return forcing_search(board, dynamic_kind(level), continuation(level, 0), step);
}

bool dynamic_nested_chains(const Board& board, int inner, GradedStep& step) {
  return forcing_search(board, dynamic_kind(4), continuation(4, inner), step);
}

}  // namespace sudoku::logic
