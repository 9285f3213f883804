#include <algorithm>
#include <bit>
#include <utility>
#include <vector>

#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

// Sukaku Explainer's increment for a chain of `complexity` nodes: +0.1 each time the length passes 4, 6, 8,
// 12, 16, 24, ... (alternately times 3/2 and 4/3).
double length_increment(int complexity) {
  double added = 0;
  int ceil = 4;
  bool odd = false;
  for (int length = complexity - 2; length > ceil; odd = !odd) {
    added += 0.1;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
  }
  return added;
}

// The propagation of one assumption: the steps of `rules` applied until none applies or the board breaks.
// Returns the number of deductions made (the chain's nodes) when it breaks, 0 otherwise.
template <class Rules>
int propagate_to_contradiction(Board board, int cell, int digit, Rules&& rules, bool& one_digit) {
  board.place(cell, digit);
  int nodes = 1;
  one_digit = true;
  GradedStep step;
  while (!board.broken()) {
    step.placements.clear();
    step.eliminations.clear();
    if (!rules(board, step)) return 0;
    for (const Candidate& p : step.placements) one_digit = one_digit && p.digit == digit;
    for (const Candidate& e : step.eliminations) one_digit = one_digit && e.digit == digit;
    nodes += static_cast<int>(step.placements.size() + step.eliminations.size());
    board.apply(step);
  }
  return nodes;
}

bool singles(const Board& board, GradedStep& step) {
  return hidden_single(board, step) || naked_single(board, step);
}

bool below_chains(const Board& board, GradedStep& step) {
  return singles(board, step) || locked(board, step) || naked_subset(board, 2, step) ||
         hidden_subset(board, 2, step) || naked_subset(board, 3, step) || hidden_subset(board, 3, step) ||
         fish(board, 2, step) || fish(board, 3, step) || xy_wing(board, false, step) ||
         xy_wing(board, true, step);
}

// The candidate whose assumption breaks the board by the fewest deductions of `rules`.
template <class Rules>
bool shortest_contradiction(const Board& board, Rules&& rules, bool one_digit_only, double base,
                            const char* name, GradedStep& step) {
  int best = 0, best_cell = -1, best_digit = 0;
  bool best_one_digit = false;
  for (int c = 0; c < board.cells(); ++c) {
    if (!board.open(c)) continue;
    for (Mask m = board.candidates(c); m != 0; m &= m - 1) {
      const int d = std::countr_zero(m) + 1;
      bool one_digit = false;
      const int nodes = propagate_to_contradiction(board, c, d, rules, one_digit);
      if (nodes > 0 && (one_digit || !one_digit_only) && (best == 0 || nodes < best)) {
        best = nodes;
        best_cell = c;
        best_digit = d;
        best_one_digit = one_digit;
      }
    }
  }
  if (best == 0) return false;
  (void)best_one_digit;
  step.technique = name;
  step.rating = base + length_increment(2 * best);
  step.eliminations = {{best_cell, best_digit}};
  step.text = step.technique + ": " + cell_text(best_cell, board.side()) + "=" + digit_text(best_digit) +
              " leads to a contradiction in " + std::to_string(best) +
              " deductions: " + eliminations_text(step.eliminations, board.side());
  return true;
}

// The board each assumption of `branches` (one of which holds) leads to by `rules`; what every one of them
// places or eliminates holds too. Fills `step` with that and returns the largest branch's deductions, 0 when
// the branches share nothing.
template <class Rules>
int common_consequences(const Board& board, const std::vector<Candidate>& branches, Rules&& rules,
                        GradedStep& step) {
  std::vector<Mask> removed(static_cast<std::size_t>(board.cells()), ~Mask{0});
  std::vector<int> value(static_cast<std::size_t>(board.cells()), -1);
  int longest = 0;
  for (const Candidate& b : branches) {
    Board copy = board;
    copy.place(b.cell, b.digit);
    int nodes = 1;
    GradedStep s;
    while (!copy.broken()) {
      s.placements.clear();
      s.eliminations.clear();
      if (!rules(copy, s)) break;
      nodes += static_cast<int>(s.placements.size() + s.eliminations.size());
      copy.apply(s);
    }
    if (copy.broken()) continue;  // an impossible branch constrains nothing
    longest = std::max(longest, nodes);
    for (int c = 0; c < board.cells(); ++c) {
      const auto i = static_cast<std::size_t>(c);
      removed[i] &= board.candidates(c) & ~copy.candidates(c);
      const int v = copy.open(c) ? 0 : copy.value(c);
      value[i] = value[i] == -1 ? v : value[i] == v ? v : 0;
    }
  }
  if (longest == 0) return 0;
  step.placements.clear();
  step.eliminations.clear();
  for (int c = 0; c < board.cells(); ++c) {
    if (!board.open(c)) continue;
    const auto i = static_cast<std::size_t>(c);
    if (value[i] > 0) {
      step.placements = {{c, value[i]}};
      step.eliminations.clear();
      return longest;
    }
    for (Mask m = removed[i]; m != 0; m &= m - 1) step.eliminations.push_back({c, std::countr_zero(m) + 1});
  }
  return step.eliminations.empty() ? 0 : longest;
}

// Cell forcing (each candidate of a cell) and region forcing (each place of a digit in a house).
template <class Rules>
bool forcing(const Board& board, Rules&& rules, double base, const char* suffix, GradedStep& step) {
  const Houses& houses = board.houses();
  std::vector<Candidate> branches;
  for (int c = 0; c < board.cells(); ++c) {
    if (!board.open(c) || std::popcount(board.candidates(c)) > 3) continue;
    branches.clear();
    for (Mask m = board.candidates(c); m != 0; m &= m - 1) branches.push_back({c, std::countr_zero(m) + 1});
    const int nodes = common_consequences(board, branches, rules, step);
    if (nodes == 0) continue;
    step.technique = std::string("Dynamic Cell Forcing Chains") + suffix;
    step.rating = base + length_increment(2 * nodes);
    step.text = step.technique + " from each candidate of " + cell_text(c, board.side()) + ": ";
    step.text += step.placements.empty() ? eliminations_text(step.eliminations, board.side())
                                         : cell_text(step.placements[0].cell, board.side()) + "=" +
                                               digit_text(step.placements[0].digit);
    return true;
  }
  for (int h = 0; h < houses.count(); ++h) {
    if (!houses.full(h)) continue;
    for (int d = 1; d <= board.side(); ++d) {
      const Mask where = board.positions(h, d);
      if (board.placed(h, d) || std::popcount(where) > 3) continue;
      branches.clear();
      for (Mask m = where; m != 0; m &= m - 1)
        branches.push_back({houses.cells(h)[static_cast<std::size_t>(std::countr_zero(m))], d});
      const int nodes = common_consequences(board, branches, rules, step);
      if (nodes == 0) continue;
      step.technique = std::string("Dynamic Region Forcing Chains") + suffix;
      step.rating = base + length_increment(2 * nodes);
      step.text = step.technique + " from each place of " + digit_text(d) + " in " + houses.name(h) + ": ";
      step.text += step.placements.empty() ? eliminations_text(step.eliminations, board.side())
                                           : cell_text(step.placements[0].cell, board.side()) + "=" +
                                                 digit_text(step.placements[0].digit);
      return true;
    }
  }
  return false;
}

}  // namespace

bool nishio(const Board& board, GradedStep& step) {
  return shortest_contradiction(board, singles, true, 7.5, "Nishio Forcing Chains", step);
}

// SE's dynamic chains take the lowest-rated of their contradiction, cell and region forms.
bool dynamic_chains(const Board& board, GradedStep& step) {
  GradedStep other;
  const bool a =
      shortest_contradiction(board, singles, false, 8.5, "Dynamic Contradiction Forcing Chains", step);
  const bool b = forcing(board, singles, 8.5, "", other);
  if (b && (!a || other.rating < step.rating)) step = std::move(other);
  return a || b;
}

bool dynamic_chains_plus(const Board& board, GradedStep& step) {
  GradedStep other;
  const bool a = shortest_contradiction(board, below_chains, false, 9.0,
                                        "Dynamic Contradiction Forcing Chains (+)", step);
  const bool b = forcing(board, below_chains, 9.0, " (+)", other);
  if (b && (!a || other.rating < step.rating)) step = std::move(other);
  return a || b;
}

}  // namespace sudoku::logic
