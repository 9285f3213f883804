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
#include <optional>
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

using Steps = std::vector<ChainRules::Advanced>;

// A grid's candidates (0 for a placed cell) and their hash.
struct GridKey {
  GridKey() = default;
  explicit GridKey(const Board& b) { load(b); }
  // In the storage so far: the memo looks up a grid at every dry run of a chain.
  void load(const Board& b) {
    cells.resize(static_cast<std::size_t>(b.cells()));
    hash = 1469598103934665603ull;
    for (int c = 0; c < b.cells(); ++c) {
      cells[static_cast<std::size_t>(c)] = b.open(c) ? b.candidates(c) : 0;
      hash = (hash ^ cells[static_cast<std::size_t>(c)]) * 1099511628211ull;
    }
  }
  std::vector<Mask> cells;
  std::uint64_t hash = 1469598103934665603ull;
};

// The inner steps by reduced grid, each rule's apart, for one start (what rests on the outer chain depends on
// the grid and the start only). The outer search's branches often run dry on the same grid (a bivalue cell's
// two candidates, a region's branches that repeat a cell's), and the levels' searches on one board reach
// mostly the same grids, trying the same rules first: level 3 after level 2, level 4 after level 3.
class Memo {
 public:
  struct Parts {
    std::optional<Steps> plus, cycles, multiple, dynamic[4];
  };
  Parts& at(const Board& reduced) {
    key_.load(reduced);
    auto& bucket = map_[key_.hash];
    for (auto& [grid, parts] : bucket)
      if (grid == key_.cells) return *parts;
    bucket.emplace_back(key_.cells, std::make_unique<Parts>());
    return *bucket.back().second;
  }
  // The cycle searches' analysis of the start, made at its first need.
  CycleStart* cycles() {
    if (!cycles_) cycles_ = cycle_start();
    return cycles_.get();
  }
  // The static searches' links on the start, worked out node by node as they are needed.
  StaticBase* statics(const Board& start) {
    if (!statics_) statics_ = std::make_unique<StaticBase>(start);
    return statics_.get();
  }
  // Starts over unless `start` (its candidates and houses) is the one the memo holds.
  void use(const Board& start) {
    GridKey key(start);
    std::vector<int> houses;
    for (int h = 0; h < start.houses().count(); ++h) {
      houses.push_back(static_cast<int>(start.houses().kind(h)));
      houses.insert(houses.end(), start.houses().cells(h).begin(), start.houses().cells(h).end());
    }
    if (key.cells == start_ && houses == houses_) return;
    map_.clear();
    cycles_.reset();
    statics_.reset();
    start_ = std::move(key.cells);
    houses_ = std::move(houses);
  }

 private:
  std::vector<Mask> start_;
  std::vector<int> houses_;
  GridKey key_;  // at()'s, kept
  std::unique_ptr<CycleStart> cycles_;
  std::unique_ptr<StaticBase> statics_;
  std::unordered_map<std::uint64_t, std::vector<std::pair<std::vector<Mask>, std::unique_ptr<Parts>>>> map_;
};

// The steps of one rule on a reduced grid, worked out at their first need (and not kept when the search was
// stopped on the way: they are partial).
template <class F>
void part(std::optional<Steps>& slot, const Board& reduced, Steps& steps, F&& find) {
  if (slot) {
    steps = *slot;
    return;
  }
  steps.clear();
  find(steps);
  if (!reduced.stopped()) slot = steps;
}

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

ChainRules::AdvancedRule continuation(int level, int inner, std::shared_ptr<Memo> memo);

// The "(+)" rules' steps on `reduced`, every level's first continuation.
void plus_part(const Board& reduced, const Board& start, Memo::Parts& parts, Steps& steps) {
  part(parts.plus, reduced, steps, [&](Steps& s) { plus_steps(reduced, start, s); });
}

// What continues a chain at `level` (2 to 4; `inner`: level 4's inner level) that ran dry on `reduced`.
void nested_steps(int level, int inner, const Board& reduced, const Board& start, Memo& memo, Steps& steps) {
  Memo::Parts& parts = memo.at(reduced);
  plus_part(reduced, start, parts, steps);
  if (!steps.empty()) return;
  if (level == 4) {
    part(parts.dynamic[inner], reduced, steps, [&](Steps& s) {
      std::vector<InnerHint> hints;
      forcing_hints(reduced, start, dynamic_kind(inner), continuation(inner, 0, std::make_shared<Memo>()),
                    hints);
      continue_with(hints, s);
    });
    return;
  }
  part(parts.cycles, reduced, steps, [&](Steps& s) {
    std::vector<InnerHint> hints;
    cycle_hints(reduced, start, hints, memo.cycles());
    continue_with(hints, s);
  });
  if (!steps.empty() || level < 3) return;
  part(parts.multiple, reduced, steps, [&](Steps& s) {
    std::vector<InnerHint> hints;
    multiple_chain_hints(reduced, start, hints, memo.statics(start));
    continue_with(hints, s);
  });
}

// What continues the chains of a dynamic forcing chain at `level` (0: nothing, 1: the "(+)" rules, 2 to 4:
// nested, `inner` naming level 4's inner level), the nested steps kept in `memo` (one start).
ChainRules::AdvancedRule continuation(int level, int inner, std::shared_ptr<Memo> memo) {
  if (level == 0) return nullptr;
  if (level == 1)
    return [memo](const Board& reduced, const Board& start, Steps& steps) {
      plus_part(reduced, start, memo->at(reduced), steps);
    };
  return [level, inner, memo](const Board& reduced, const Board& start, Steps& steps) {
    nested_steps(level, inner, reduced, start, *memo, steps);
  };
}

// The outer searches' memo: kept from one level's search to the next on the same board.
std::shared_ptr<Memo> outer_memo(const Board& board) {
  thread_local std::shared_ptr<Memo> memo = std::make_shared<Memo>();
  memo->use(board);
  return memo;
}

}  // namespace

// "(+)" chains keep their rules' steps in the memo that the nested levels after them on the same board read.
bool dynamic_chains_plus(const Board& board, GradedStep& step) {
  return forcing_search(board, dynamic_kind(1), continuation(1, 0, outer_memo(board)), step);
}

bool nested_chains(const Board& board, int level, GradedStep& step) {
  return forcing_search(board, dynamic_kind(level), continuation(level, 0, outer_memo(board)), step);
}

bool dynamic_nested_chains(const Board& board, int inner, GradedStep& step) {
  return forcing_search(board, dynamic_kind(4), continuation(4, inner, outer_memo(board)), step);
}

}  // namespace sudoku::logic
