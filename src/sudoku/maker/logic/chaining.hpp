// The chaining techniques' parts that nested forcing chains (nested.cpp) reuse: the forcing-chain search with a
// choice of techniques continuing its chains, and the chaining techniques run as inner rules of another chain
// (every step they find, with what it rests on).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sudoku/maker/logic/board.hpp"
#include "sudoku/maker/logic/implications.hpp"

namespace sudoku::logic {

struct ForcingKind {
  bool multiple, dynamic, nishio;
  int base_tenths;
  const char* prefix;  // "Dynamic ", "Nishio ", ""
  const char* suffix;  // " Chains", " Chains (+)", ...
};

// forcing.cpp: the lowest-rated step of a forcing-chain kind; `advanced` (may be empty) continues the chains
// when their links run dry.
bool forcing_search(const Board& board, const ForcingKind& kind, const ChainRules::AdvancedRule& advanced,
                    GradedStep& step);
// plus.cpp: the "(+)" rules (locked candidates, hidden and naked pairs, X-wings), the first that applies on
// `reduced`, every instance that rests on what the chain took out of `start`.
void plus_steps(const Board& reduced, const Board& start, std::vector<ChainRules::Advanced>& steps);

// A step of a chaining technique run on a grid an outer chain reduced from `start`: its rating (tenths), node
// count and SE's kind order, its eliminations, and the candidates the outer chain took out that it rests on
// (SE's rule parents; none: the step holds without the outer chain).
struct InnerHint {
  int tenths, complexity, sort_key;
  std::vector<Candidate> eliminations, parents;
  std::uint64_t chain;  // names the chains by their nodes: equal chains, equal keys
};

// A node's share of a chain's key (a sum of them over the chain's nodes, so their order does not matter).
inline std::uint64_t mix_node(int node) {
  std::uint64_t x = static_cast<std::uint64_t>(node) + 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
// chains.cpp: what cycle_hints keeps of the grid the outer chains start from (its links' graph), for the
// grids they reduce from it: owned by the caller (one per start, or it is worked out again).
class CycleStart {
 public:
  virtual ~CycleStart() = default;
};
std::unique_ptr<CycleStart> cycle_start();
// chains.cpp: every cycle and forcing chain of single links (SE's "Forcing Chains & Cycles"). With `kept`,
// the searches on a `board` reduced from `start` skip what `start`'s graph shows they cannot find.
void cycle_hints(const Board& board, const Board& start, std::vector<InnerHint>& out,
                 CycleStart* kept = nullptr);
// forcing.cpp: every step of a forcing-chain kind (`advanced` continuing its chains, may be empty). With
// `base` (`start`'s, for a static kind), the search takes the links `board` shares with `start` from it.
void forcing_hints(const Board& board, const Board& start, const ForcingKind& kind,
                   const ChainRules::AdvancedRule& advanced, std::vector<InnerHint>& out,
                   StaticBase* base = nullptr);
// forcing.cpp: every static cell and region forcing chain (SE's "Multiple Forcing Chains").
void multiple_chain_hints(const Board& board, const Board& start, std::vector<InnerHint>& out,
                          StaticBase* base = nullptr);

}  // namespace sudoku::logic
