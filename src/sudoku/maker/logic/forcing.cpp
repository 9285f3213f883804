// Multiple, Nishio and dynamic forcing chains as Sukaku Explainer finds and grades them: from every candidate of
// a cell, its "on" and "off" assumptions are followed (implications.hpp); a contradiction, a conclusion shared by
// both, by every candidate of the cell or by every place of the digit in a house is a step. Of all the steps one
// pass finds, the lowest-rated (then the shortest, then SE's kind order) is taken.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/maker/logic/chaining.hpp"
#include "sudoku/maker/logic/implications.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

struct Best {
  bool found = false;
  int tenths = 0, complexity = 0, sort_key = 0;
  GradedStep step;
};

// One branch's conclusion: the node reached in the branch's implications.
struct Target {
  const Implications* in;
  int node;
};

// A search's branches, each with tables as large as the grid's nodes, kept on each thread from one search to
// the next (the engine runs these searches at every step of a hard puzzle); a nested search takes its own.
struct Branches {
  std::vector<Implications> on_of, regions;
  Implications off;
  // "On" chains worked out ahead of their own cell's turn: a region's places after its first are later cells,
  // whose own branches are the same chains (and several regions of a cell share places). ahead[slot] holds the
  // chain of the candidate k = cell * side + digit - 1 when ahead_slot[k] == slot, with how its run ended; the
  // chain goes to its cell's branch when that cell's turn comes. Slots are reused within a search and across.
  struct Outcome {
    bool ok;
    int clash_a, clash_b;
  };
  std::vector<Implications> ahead;
  std::vector<Outcome> ahead_outcome;  // by slot
  std::vector<int> ahead_slot;         // by candidate, -1: not worked out ahead
  std::vector<int> free_slots;
};

// The most chains a search keeps ahead (each holds tables as large as the grid's nodes); past it, a region's
// branches are worked out where they are needed, as without the store.
constexpr std::size_t kMostAhead = 256;

class BranchesLease {
 public:
  BranchesLease() {
    if (spare_.empty()) {
      held_ = std::make_unique<Branches>();
    } else {
      held_ = std::move(spare_.back());
      spare_.pop_back();
    }
  }
  ~BranchesLease() { spare_.push_back(std::move(held_)); }
  BranchesLease(const BranchesLease&) = delete;
  BranchesLease& operator=(const BranchesLease&) = delete;
  Branches& operator*() const { return *held_; }

 private:
  static thread_local std::vector<std::unique_ptr<Branches>> spare_;
  std::unique_ptr<Branches> held_;
};

thread_local std::vector<std::unique_ptr<Branches>> BranchesLease::spare_;

class Search {
 public:
  // With `sink`, every step found goes there (as an inner technique of nested chains on a grid the outer chain
  // reduced from `outer_start`) instead of the best one to `run`'s step.
  Search(const Board& board, const ForcingKind& kind, ChainRules rules, const Board* outer_start = nullptr,
         std::vector<InnerHint>* sink = nullptr, StaticBase* base = nullptr)
      : board_(board),
        kind_(kind),
        chainer_(board, std::move(rules), base ? &base->chainer : nullptr),
        n_(board.side()),
        outer_start_(outer_start),
        sink_(sink) {}

  bool run(GradedStep& step) {
    const int cells = board_.cells();
    std::vector<Implications>& on_of = (*branches_).on_of;
    on_of.resize(static_cast<std::size_t>(n_) + 1);
    Implications& off = (*branches_).off;
    Branches& b = *branches_;
    // Never reallocated while a search holds pointers into it (regions' branches).
    b.ahead.reserve(kMostAhead);
    b.ahead_slot.assign(static_cast<std::size_t>(cells * n_), -1);
    b.free_slots.clear();
    for (std::size_t i = b.ahead.size(); i-- > 0;) b.free_slots.push_back(static_cast<int>(i));
    for (int c = 0; c < cells; ++c) {
      if (board_.stopped()) return false;
      if (!board_.open(c)) continue;
      const Mask cands = board_.candidates(c);
      const int card = bit_count(cands);
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

  // The step's count: the nodes each target rests on, plus the inner chains (nested) they rest on.
  int count_of(const std::vector<Target>& targets) const {
    int complexity = 0;
    for (const Target& t : targets) {
      if (complexity > limit()) break;
      complexity += t.in->ancestors(t.node, limit() - complexity);
    }
    nested_.clear();
    for (const Target& t : targets)
      if (t.in->any_nested()) t.in->nested(t.node, nested_);
    std::sort(nested_.begin(), nested_.end());
    for (std::size_t i = 0; i < nested_.size(); ++i)
      if (i == 0 || nested_[i].first != nested_[i - 1].first) complexity += nested_[i].second;
    return complexity;
  }

  // What an inner step rests on, as SE collects a chain's rule parents: for each "on" node of its chains (the
  // assumption itself for cell and region forcing: `assumed`), what the outer chain took out of the node's
  // cell, or of its house's places of the digit.
  std::vector<Candidate> rule_parents(const std::vector<Target>& targets, int assumed) const {
    std::vector<Candidate> out;
    for (const Target& t : targets)
      t.in->each_ancestor(t.node, [&](int n) {
        if (!node_on(n) || !t.in->has(n)) return true;
        const int cause = t.in->cause(n) == cause_none ? assumed : t.in->cause(n);
        removed_by_outer(*outer_start_, board_, node_cell(n, n_), node_digit(n, n_), cause, out);
        return true;
      });
    return out;
  }

  // Names a step's chains by their nodes, target by target.
  static std::uint64_t chain_key(const std::vector<Target>& targets) {
    std::uint64_t key = 0;
    for (const Target& t : targets) {
      std::uint64_t sum = 0;
      t.in->each_ancestor(t.node, [&](int n) {
        sum += mix_node(n);
        return true;
      });
      key = key * 1099511628211ull + sum;
    }
    return key;
  }

  void offer(std::vector<Candidate> eliminations, int sort_key, const std::string& name,
             const std::string& from, const std::vector<Target>& targets, int assumed = cause_none) {
    if (eliminations.empty()) return;
    const int complexity = count_of(targets);
    if (complexity > limit()) return;
    const int tenths = kind_.base_tenths + length_tenths(complexity);
    if (sink_) {
      sink_->push_back({tenths, complexity, sort_key, std::move(eliminations), rule_parents(targets, assumed),
                        chain_key(targets)});
      return;
    }
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
    if (!run_on(c, d, on, a, b) && contradiction)
      offer({{c, d}}, 7, absurd, assumption(c, d, true), {{&on, a}, {&on, b}});
    // Static cell and region forcing chains only read the "on" branches.
    if (!contradiction) return;
    if (!chainer_.run_from(node_of(c, d, false, n_), off, a, b) && contradiction)
      offer(removable(node_of(c, d, true, n_)), 7, absurd, assumption(c, d, false), {{&off, a}, {&off, b}});
    if (!both) return;
    branch_.assign(1, &off);
    if (!any_shared(on, branch_)) return;
    on_then_off(
        on, [&](int x) { return off.has(x); },
        [&](int x) {
          if (worth(x))
            offer(removable(x), 1, "Double Forcing",
                  "from " + cell_text(c, n_) + "=" + digit_text(d) + " and <>" + digit_text(d),
                  {{&on, x}, {&off, x}});
        });
  }

  // Every place of d in a house of c, when c is the house's first place of d.
  void regions(int c, int d, const Implications& on) {
    const Houses& houses = board_.houses();
    for (const Places::Slot& slot : chainer_.slots(c)) {
      if (!slot.full) continue;
      const int h = slot.house;
      const Mask where = board_.positions(h, d);
      const int card = bit_count(where);
      if (!(card == 2 || (kind_.multiple && card > 2))) continue;
      const std::vector<int>& cells = houses.cells(h);
      if (cells[static_cast<std::size_t>(std::countr_zero(where))] != c) continue;
      std::vector<Implications>& scratch = (*branches_).regions;
      if (scratch.size() < static_cast<std::size_t>(card)) scratch.resize(static_cast<std::size_t>(card));
      branch_.clear();
      for (Mask m = where & (where - 1); m != 0; m &= m - 1)
        branch_.push_back(
            &ahead(cells[static_cast<std::size_t>(std::countr_zero(m))], d, scratch[branch_.size()]));
      const std::size_t k = branch_.size();
      if (!any_shared(on, branch_)) continue;
      on_then_off(
          on,
          [&](int x) {
            bool all = true;
            for (std::size_t i = 0; i < k && all; ++i) all = branch_[i]->has(x);
            return all;
          },
          [&](int x) {
            if (!worth(x)) return;
            targets_.assign(1, {&on, x});
            for (std::size_t i = 0; i < k; ++i) targets_.push_back({branch_[i], x});
            offer(removable(x), 6, "Region Forcing",
                  "from each place of " + digit_text(d) + " in " + houses.name(h), targets_, h);
          });
    }
  }

  // The chain from c=d on, into `on`: the one worked out ahead when there is one.
  bool run_on(int c, int d, Implications& on, int& a, int& b) {
    Branches& br = *branches_;
    const auto k = static_cast<std::size_t>(c * n_ + d - 1);
    const int slot = br.ahead_slot[k];
    if (slot < 0) return chainer_.run_from(node_of(c, d, true, n_), on, a, b);
    const auto i = static_cast<std::size_t>(slot);
    std::swap(on, br.ahead[i]);
    const Branches::Outcome outcome = br.ahead_outcome[i];
    br.ahead_slot[k] = -1;
    br.free_slots.push_back(slot);
    a = outcome.clash_a;
    b = outcome.clash_b;
    return outcome.ok;
  }

  // The chain from c=d on for a region's branch, kept for c's own turn (in `scratch` when the store is full).
  const Implications& ahead(int c, int d, Implications& scratch) {
    Branches& br = *branches_;
    const auto k = static_cast<std::size_t>(c * n_ + d - 1);
    int a = 0, b = 0;
    if (br.ahead_slot[k] >= 0) return br.ahead[static_cast<std::size_t>(br.ahead_slot[k])];
    if (br.free_slots.empty() && br.ahead.size() < kMostAhead) {
      br.free_slots.push_back(static_cast<int>(br.ahead.size()));
      br.ahead.emplace_back();
      br.ahead_outcome.emplace_back();
    }
    if (br.free_slots.empty()) {
      chainer_.run_from(node_of(c, d, true, n_), scratch, a, b);
      return scratch;
    }
    const int slot = br.free_slots.back();
    br.free_slots.pop_back();
    const auto i = static_cast<std::size_t>(slot);
    const bool ok = chainer_.run_from(node_of(c, d, true, n_), br.ahead[i], a, b);
    br.ahead_outcome[i] = {ok, a, b};
    br.ahead_slot[k] = slot;
    return br.ahead[i];
  }

  // Whether `first` and every one of `others` reached a node in common. Mostly they share none: that is
  // found going through the shortest of them, not `first` (whose order the steps follow).
  static bool any_shared(const Implications& first, const std::vector<const Implications*>& others) {
    const Implications* shortest = &first;
    for (const Implications* in : others)
      if (in->order().size() < shortest->order().size()) shortest = in;
    for (const int x : shortest->order()) {
      bool all = first.has(x);
      for (std::size_t i = 0; i < others.size() && all; ++i) all = others[i]->has(x);
      if (all) return true;
    }
    return false;
  }

  // Every candidate of c.
  void cell_reduction(int c, Mask cands, const std::vector<Implications>& on_of) {
    const auto branch = [&](Mask m) -> const Implications& {
      return on_of[static_cast<std::size_t>(std::countr_zero(m) + 1)];
    };
    branch_.clear();
    for (Mask m = cands & (cands - 1); m != 0; m &= m - 1) branch_.push_back(&branch(m));
    if (!any_shared(branch(cands), branch_)) return;
    on_then_off(
        branch(cands),
        [&](int x) {
          bool all = true;
          for (Mask m = cands & (cands - 1); m != 0 && all; m &= m - 1) all = branch(m).has(x);
          return all;
        },
        [&](int x) {
          if (!worth(x)) return;
          targets_.clear();
          for (Mask m = cands; m != 0; m &= m - 1) targets_.push_back({&branch(m), x});
          offer(removable(x), 5, "Cell Forcing", "from each candidate of " + cell_text(c, n_), targets_,
                cause_cell);
        });
  }

  // Calls f(x) for each node x of `in` that keep(x) holds for, the "on" ones first, each kind in `in`'s order
  // (one pass over `in`: f changes nothing keep reads).
  template <class Keep, class F>
  void on_then_off(const Implications& in, Keep&& keep, F&& f) {
    later_.clear();
    for (const int x : in.order()) {
      if (!keep(x)) continue;
      if (node_on(x))
        f(x);
      else
        later_.push_back(x);
    }
    for (const int x : later_) f(x);
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
  const ForcingKind& kind_;
  Chainer chainer_;
  int n_;
  const Board* outer_start_;
  std::vector<InnerHint>* sink_;
  Best best_;
  BranchesLease branches_;
  std::vector<Target> targets_;
  std::vector<const Implications*> branch_;  // a region's branches but the first place's
  std::vector<int> later_;                   // on_then_off's "off" nodes
  mutable std::vector<std::pair<std::uint64_t, int>> nested_;
};

}  // namespace

namespace {

ChainRules rules_of(const ForcingKind& kind, const ChainRules::AdvancedRule& advanced) {
  ChainRules rules;
  rules.y_links = !kind.nishio;
  rules.dynamic = kind.dynamic;
  rules.advanced = advanced;
  return rules;
}

}  // namespace

bool forcing_search(const Board& board, const ForcingKind& kind, const ChainRules::AdvancedRule& advanced,
                    GradedStep& step) {
  return Search(board, kind, rules_of(kind, advanced)).run(step);
}

void forcing_hints(const Board& board, const Board& start, const ForcingKind& kind,
                   const ChainRules::AdvancedRule& advanced, std::vector<InnerHint>& out, StaticBase* base) {
  GradedStep unused;
  Search(board, kind, rules_of(kind, advanced), &start, &out, base).run(unused);
}

void multiple_chain_hints(const Board& board, const Board& start, std::vector<InnerHint>& out,
                          StaticBase* base) {
  static const ForcingKind kind{true, false, false, 80, "", " Chains"};
  forcing_hints(board, start, kind, nullptr, out, base);
}

bool multiple_chains(const Board& board, GradedStep& step) {
  static const ForcingKind kind{true, false, false, 80, "", " Chains"};
  return forcing_search(board, kind, nullptr, step);
}

bool nishio(const Board& board, GradedStep& step) {
  static const ForcingKind kind{false, true, true, 75, "Nishio ", " Chains"};
  return forcing_search(board, kind, nullptr, step);
}

bool dynamic_chains(const Board& board, GradedStep& step) {
  static const ForcingKind kind{true, true, false, 85, "Dynamic ", " Chains"};
  return forcing_search(board, kind, nullptr, step);
}

}  // namespace sudoku::logic
