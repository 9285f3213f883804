// Multiple, Nishio and dynamic forcing chains as Sukaku Explainer finds and grades them: from every candidate of
// a cell, its "on" and "off" assumptions are followed (implications.hpp); a contradiction, a conclusion shared by
// both, by every candidate of the cell or by every place of the digit in a house is a step. Of all the steps one
// pass finds, the lowest-rated (then the shortest, then SE's kind order) is taken.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/maker/logic/implications.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

struct Kind {
  bool multiple, dynamic, nishio;
  int level;  // 1: "(+)", the techniques below chains continue the chains
  int base_tenths;
  const char* prefix;  // "Dynamic ", "Nishio ", ""
  const char* suffix;  // " Chains", " Chains (+)"
};

struct Best {
  bool found = false;
  int tenths = 0, complexity = 0, sort_key = 0;
  GradedStep step;
};

class Search {
 public:
  Search(const Board& board, const Kind& kind, ChainRules rules)
      : board_(board), kind_(kind), chainer_(board, std::move(rules)), n_(board.side()) {}

  bool run(GradedStep& step) {
    const int cells = board_.cells();
    std::vector<Implications> on_of(static_cast<std::size_t>(n_) + 1);
    Implications off;
    for (int c = 0; c < cells; ++c) {
      if (!board_.open(c)) continue;
      const Mask cands = board_.candidates(c);
      const int card = std::popcount(cands);
      if (!(card > 2 || (card > 1 && kind_.dynamic))) continue;
      for (Mask m = cands; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        Implications& on = on_of[static_cast<std::size_t>(d)];
        binary(c, d, card, on, off);
        if (!kind_.nishio) regions(c, d, on);
      }
      if (!kind_.nishio && (card == 2 || (kind_.multiple && card > 2))) cell_reduction(c, cands, on_of);
    }
    if (!best_.found) return false;
    step = std::move(best_.step);
    return true;
  }

 private:
  // The candidates a conclusion takes out: an "on" node every other candidate of its cell, an "off" node itself.
  std::vector<Candidate> removable(int node) const {
    const int cell = node_cell(node, n_), digit = node_digit(node, n_);
    std::vector<Candidate> result;
    if (!board_.open(cell)) return result;
    if (!node_on(node)) {
      if (board_.has(cell, digit)) result.push_back({cell, digit});
      return result;
    }
    for (Mask m = board_.candidates(cell) & ~digit_bit(digit); m != 0; m &= m - 1)
      result.push_back({cell, std::countr_zero(m) + 1});
    return result;
  }

  void offer(std::vector<Candidate> eliminations, int complexity, int sort_key, const std::string& name,
             const std::string& from) {
    if (eliminations.empty() || complexity > limit()) return;
    const int tenths = kind_.base_tenths + length_tenths(complexity);
    if (best_.found &&
        (tenths > best_.tenths || (tenths == best_.tenths && complexity > best_.complexity) ||
         (tenths == best_.tenths && complexity == best_.complexity && sort_key >= best_.sort_key)))
      return;
    best_.found = true;
    best_.tenths = tenths;
    best_.complexity = complexity;
    best_.sort_key = sort_key;
    GradedStep& s = best_.step;
    s.technique = std::string(kind_.prefix) + name + kind_.suffix;
    s.rating = tenths / 10.0;
    s.placements.clear();
    s.eliminations = std::move(eliminations);
    s.text = s.technique + " " + from + " (" + std::to_string(complexity) +
             " nodes): " + eliminations_text(s.eliminations, n_);
  }

  std::string assumption(int cell, int digit, bool on) const {
    return "from " + cell_text(cell, n_) + (on ? "=" : "<>") + digit_text(digit);
  }

  // One candidate on and off: a contradiction of either, or what both lead to.
  void binary(int c, int d, int card, Implications& on, Implications& off) {
    const bool contradiction = kind_.dynamic || kind_.nishio;
    const bool both = card >= 3 && !kind_.nishio && kind_.dynamic;
    const char* absurd = kind_.nishio ? "Forcing" : "Contradiction Forcing";
    int a = 0, b = 0;
    if (!chainer_.run_from(node_of(c, d, true, n_), on, a, b) && contradiction)
      offer({{c, d}}, on.ancestors(a, limit()) + on.ancestors(b, limit()), 7, absurd, assumption(c, d, true));
    if (!chainer_.run_from(node_of(c, d, false, n_), off, a, b) && contradiction)
      offer(removable(node_of(c, d, true, n_)), off.ancestors(a, limit()) + off.ancestors(b, limit()), 7,
            absurd, assumption(c, d, false));
    if (!both) return;
    for (const bool state : {true, false})
      for (const int x : on.order())
        if (node_on(x) == state && off.has(x) && worth(x))
          offer(removable(x), on.ancestors(x, limit()) + off.ancestors(x, limit()), 1, "Double Forcing",
                "from " + cell_text(c, n_) + "=" + digit_text(d) + " and <>" + digit_text(d));
  }

  // Every place of d in a house of c, when c is the house's first place of d.
  void regions(int c, int d, const Implications& on) {
    const Houses& houses = board_.houses();
    for (const Places::Slot& slot : chainer_.slots(c)) {
      if (!slot.full) continue;
      const int h = slot.house;
      const Mask where = board_.positions(h, d);
      const int card = std::popcount(where);
      if (!(card == 2 || (kind_.multiple && card > 2))) continue;
      const std::vector<int>& cells = houses.cells(h);
      if (cells[static_cast<std::size_t>(std::countr_zero(where))] != c) continue;
      std::vector<Implications>& branch = region_branches_;
      if (branch.size() < static_cast<std::size_t>(card)) branch.resize(static_cast<std::size_t>(card));
      std::size_t k = 0;
      for (Mask m = where & (where - 1); m != 0; m &= m - 1, ++k) {
        int a = 0, b = 0;
        chainer_.run_from(node_of(cells[static_cast<std::size_t>(std::countr_zero(m))], d, true, n_),
                          branch[k], a, b);
      }
      for (const bool state : {true, false})
        for (const int x : on.order()) {
          if (node_on(x) != state) continue;
          bool all = true;
          for (std::size_t i = 0; i < k && all; ++i) all = branch[i].has(x);
          if (!all || !worth(x)) continue;
          int complexity = on.ancestors(x, limit());
          for (std::size_t i = 0; i < k && complexity <= limit(); ++i)
            complexity += branch[i].ancestors(x, limit() - complexity);
          offer(removable(x), complexity, 6, "Region Forcing",
                "from each place of " + digit_text(d) + " in " + houses.name(h));
        }
    }
  }

  // Every candidate of c.
  void cell_reduction(int c, Mask cands, const std::vector<Implications>& on_of) {
    const auto branch = [&](Mask m) -> const Implications& {
      return on_of[static_cast<std::size_t>(std::countr_zero(m) + 1)];
    };
    for (const bool state : {true, false})
      for (const int x : branch(cands).order()) {
        if (node_on(x) != state) continue;
        bool all = true;
        for (Mask m = cands; m != 0 && all; m &= m - 1) all = branch(m).has(x);
        if (!all || !worth(x)) continue;
        int complexity = 0;
        for (Mask m = cands; m != 0 && complexity <= limit(); m &= m - 1)
          complexity += branch(m).ancestors(x, limit() - complexity);
        offer(removable(x), complexity, 5, "Cell Forcing", "from each candidate of " + cell_text(c, n_));
      }
  }

  // Whether a conclusion takes out a candidate (SE keeps only those steps).
  bool worth(int node) const {
    const int cell = node_cell(node, n_);
    if (!board_.open(cell)) return false;
    const Mask bit = digit_bit(node_digit(node, n_));
    return node_on(node) ? (board_.candidates(cell) & ~bit) != 0 : (board_.candidates(cell) & bit) != 0;
  }
  // The longest count that may still beat the best step so far (a longer one never rates lower).
  int limit() const { return best_.found ? best_.complexity : 1 << 30; }

  const Board& board_;
  const Kind& kind_;
  Chainer chainer_;
  int n_;
  Best best_;
  std::vector<Implications> region_branches_;
};

// The rules SE lets continue a "(+)" chain, the first that applies on the reduced grid, with every step of it:
// locked candidates, hidden pairs, naked pairs, X-wings. A step rests on what the chain took out of the
// houses of its eliminations.
void advanced(Board& reduced, const Board& start, std::vector<ChainRules::Advanced>& steps) {
  using Rule = bool (*)(const Board&, GradedStep&);
  static const Rule rules[] = {
      locked,
      [](const Board& b, GradedStep& s) { return hidden_subset(b, 2, s); },
      [](const Board& b, GradedStep& s) { return naked_subset(b, 2, s); },
      [](const Board& b, GradedStep& s) { return fish(b, 2, s); },
  };
  const Houses& houses = reduced.houses();
  std::vector<std::uint8_t> looked(static_cast<std::size_t>(reduced.cells()));
  for (const Rule rule : rules) {
    GradedStep step;
    while (rule(reduced, step) && !step.eliminations.empty()) {
      ChainRules::Advanced a;
      a.eliminations = step.eliminations;
      std::fill(looked.begin(), looked.end(), 0);
      for (const Candidate& e : a.eliminations)
        for (const int h : houses.of(e.cell))
          for (const int x : houses.cells(h)) looked[static_cast<std::size_t>(x)] = 1;
      for (int c = 0; c < reduced.cells(); ++c) {
        if (!looked[static_cast<std::size_t>(c)] || !start.open(c)) continue;
        for (Mask m = start.candidates(c) & ~reduced.candidates(c); m != 0; m &= m - 1)
          a.parents.push_back({c, std::countr_zero(m) + 1});
      }
      for (const Candidate& e : step.eliminations) reduced.eliminate(e.cell, e.digit);
      if (!a.parents.empty()) steps.push_back(std::move(a));  // else it holds without the chain
      step = GradedStep{};
    }
    if (!steps.empty()) return;
  }
}

bool search(const Board& board, const Kind& kind, GradedStep& step) {
  ChainRules rules;
  rules.y_links = !kind.nishio;
  rules.dynamic = kind.dynamic;
  if (kind.level > 0) rules.advanced = advanced;
  return Search(board, kind, std::move(rules)).run(step);
}

}  // namespace

bool multiple_chains(const Board& board, GradedStep& step) {
  static const Kind kind{true, false, false, 0, 80, "", " Chains"};
  return search(board, kind, step);
}

bool nishio(const Board& board, GradedStep& step) {
  static const Kind kind{false, true, true, 0, 75, "Nishio ", " Chains"};
  return search(board, kind, step);
}

bool dynamic_chains(const Board& board, GradedStep& step) {
  static const Kind kind{true, true, false, 0, 85, "Dynamic ", " Chains"};
  return search(board, kind, step);
}

bool dynamic_chains_plus(const Board& board, GradedStep& step) {
  static const Kind kind{true, true, false, 1, 90, "Dynamic ", " Chains (+)"};
  return search(board, kind, step);
}

}  // namespace sudoku::logic
