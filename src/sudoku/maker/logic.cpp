#include "sudoku/maker/logic.hpp"

#include <bit>

#include "dlx/assert.hpp"
#include "sudoku/maker/logic/combinations.hpp"
#include "sudoku/maker/logic/detail/candidate_check.hpp"

namespace sudoku {
namespace {

using logic::for_each_subset;

constexpr const char* kTechniqueNames[kTechniques] = {
    "hidden-single", "naked-single", "pointing",      "claiming",   "naked-pair",
    "hidden-pair",   "naked-triple", "hidden-triple", "naked-quad", "hidden-quad",
};
constexpr const char* kSubsetWords[] = {"", "", "pair", "triple", "quad"};

int lowest_digit(Mask m) {
  return std::countr_zero(m) + 1;
}

std::string digit_text(int digit, const Symbols& symbols) {
  return digit <= symbols.size() ? std::string(1, symbols.symbol(digit)) : std::to_string(digit);
}

std::string cell_text(int cell, int side) {
  return cell_name(cell / side, cell % side);
}

}  // namespace

std::optional<Tier> parse_tier(std::string_view name) {
  for (int t = 0; t < 4; ++t)
    if (name == kTierNames[t]) return static_cast<Tier>(t);
  return std::nullopt;
}

const char* technique_name(Technique technique) {
  return kTechniqueNames[static_cast<int>(technique)];
}

Tier tier_of(Technique technique) {
  switch (technique) {
    case Technique::hidden_single:
    case Technique::naked_single:
      return Tier::singles;
    case Technique::pointing:
    case Technique::claiming:
      return Tier::locked;
    default:
      return Tier::subsets;
  }
}

std::string describe(const Step& step, const Houses& houses, const Symbols& symbols) {
  const int n = houses.side();
  std::string text;
  const auto eliminations = [&] {
    text += ", so ";
    for (std::size_t i = 0; i < step.eliminated.size(); ++i) {
      if (i > 0) text += ", ";
      text += cell_text(step.eliminated[i].first, n) + "<>" + digit_text(step.eliminated[i].second, symbols);
    }
  };
  switch (step.technique) {
    case Technique::naked_single:
      return cell_text(step.cell, n) + "=" + digit_text(step.digit, symbols) + " naked single";
    case Technique::hidden_single:
      return cell_text(step.cell, n) + "=" + digit_text(step.digit, symbols) + " hidden single in " +
             houses.name(step.house);
    case Technique::pointing:
    case Technique::claiming:
      text = houses.name(step.house) + ": " + digit_text(step.digit, symbols) + " only in " +
             houses.name(step.other_house);
      eliminations();
      return text;
    default: {
      const bool naked = step.technique == Technique::naked_pair ||
                         step.technique == Technique::naked_triple || step.technique == Technique::naked_quad;
      text = houses.name(step.house) + (naked ? ": naked " : ": hidden ") +
             kSubsetWords[std::popcount(step.digits)] + " {";
      bool first = true;
      for (Mask m = step.digits; m != 0; m &= m - 1) {
        if (!first) text += ',';
        first = false;
        text += digit_text(lowest_digit(m), symbols);
      }
      text += "} in";
      for (int cell : step.cells) text += ' ' + cell_text(cell, n);
      eliminations();
      return text;
    }
  }
}

bool LogicSolver::load(const Grid& puzzle) {
  load(candidates_of(Grid{puzzle.shape, std::vector<std::uint8_t>(puzzle.cells.size(), 0)}));
  for (std::size_t cell = 0; cell < puzzle.cells.size(); ++cell) {
    const int d = puzzle.cells[cell];
    if (d == 0) continue;
    if (!(cand_[cell] & digit_bit(d))) broken_ = true;
    if (broken_) return false;
    place(static_cast<int>(cell), d);
  }
  DLX_ASSERT(check_invariants());
  return !broken_;
}

void LogicSolver::load(const CandidateGrid& grid) {
  cand_ = grid.cells;
  value_.assign(cand_.size(), 0);
  placed_.assign(static_cast<std::size_t>(houses_->count()), 0);
  unsolved_ = static_cast<int>(cand_.size());
  broken_ = false;
}

void LogicSolver::place(int cell, int digit) {
  DLX_ASSERT(cell >= 0 && static_cast<std::size_t>(cell) < cand_.size());
  DLX_ASSERT(digit >= 1 && digit <= houses_->side());
  const auto c = static_cast<std::size_t>(cell);
  if (value_[c] != 0) {
    broken_ = broken_ || value_[c] != digit;
    return;
  }
  const Mask bit = digit_bit(digit);
  if (!(cand_[c] & bit)) broken_ = true;
  value_[c] = static_cast<std::uint8_t>(digit);
  cand_[c] = bit;
  --unsolved_;
  for (int h : houses_->of(cell)) {
    if (placed_[static_cast<std::size_t>(h)] & bit) broken_ = true;
    placed_[static_cast<std::size_t>(h)] |= bit;
    for (int peer : houses_->cells(h)) {
      if (peer == cell) continue;
      Mask& m = cand_[static_cast<std::size_t>(peer)];
      m &= ~bit;
      if (m == 0) broken_ = true;
    }
  }
}

Mask LogicSolver::positions(int house, int digit) const {
  const Mask bit = digit_bit(digit);
  Mask result = 0;
  const std::vector<int>& cells = houses_->cells(house);
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (value_[static_cast<std::size_t>(cells[i])] == 0 && (cand_[static_cast<std::size_t>(cells[i])] & bit))
      result |= Mask{1} << i;
  return result;
}

bool LogicSolver::eliminate(int cell, int digit, Step& step) {
  DLX_ASSERT(cell >= 0 && static_cast<std::size_t>(cell) < cand_.size());
  DLX_ASSERT(digit >= 1 && digit <= houses_->side());
  const auto c = static_cast<std::size_t>(cell);
  const Mask bit = digit_bit(digit);
  if (value_[c] != 0 || !(cand_[c] & bit)) return false;
  cand_[c] &= ~bit;
  if (cand_[c] == 0) broken_ = true;
  step.eliminated.emplace_back(cell, digit);
  return true;
}

std::string LogicSolver::invariant_violation() const {
  if (value_.size() != cand_.size() || placed_.size() != static_cast<std::size_t>(houses_->count()))
    return "the solver's tables are not the size of its grid and houses";
  return logic::detail::candidate_state_violation({*houses_, cand_, value_, placed_, unsolved_, broken_});
}

std::optional<Step> LogicSolver::step(Tier max) {
  // Here, as the rater, the generator and the killer and rule logic all come through step() between their
  // own changes (place(), remove()).
  DLX_ASSERT(check_invariants());
  if (broken_ || unsolved_ == 0) return std::nullopt;
  Step step;
  if (hidden_single(step) || naked_single(step)) {
    place(step.cell, step.digit);
    return step;
  }
  if (broken_) return std::nullopt;
  if (max >= Tier::locked && locked(step)) return step;
  if (max >= Tier::subsets) {
    for (int k = 2; k <= 4; ++k)
      for (bool naked : {true, false})
        if (subsets(k, naked, step)) return step;
  }
  return std::nullopt;
}

// The houses in the order people look at them: boxes first, then rows, then columns, then a variant's extra
// regions.
int LogicSolver::house_in_order(int order) const {
  const int lines = 3 * houses_->side();
  return order < lines ? (order + 2 * houses_->side()) % lines : order;
}

// A digit with one place left in a full house (a smaller extra region need not hold every digit).
bool LogicSolver::hidden_single(Step& step) {
  const int n = houses_->side();
  for (int order = 0; order < houses_->count(); ++order) {
    const int h = house_in_order(order);
    if (!houses_->full(h)) continue;
    for (int d = 1; d <= n; ++d) {
      if (placed_[static_cast<std::size_t>(h)] & digit_bit(d)) continue;
      const Mask where = positions(h, d);
      if (where == 0) {
        broken_ = true;
        return false;
      }
      if (std::popcount(where) != 1) continue;
      step.technique = Technique::hidden_single;
      step.house = h;
      step.cell = houses_->cells(h)[static_cast<std::size_t>(std::countr_zero(where))];
      step.digit = d;
      return true;
    }
  }
  return false;
}

bool LogicSolver::naked_single(Step& step) {
  for (std::size_t c = 0; c < cand_.size(); ++c) {
    if (value_[c] != 0) continue;
    if (cand_[c] == 0) {
      broken_ = true;
      return false;
    }
    if (std::popcount(cand_[c]) != 1) continue;
    step.technique = Technique::naked_single;
    step.cell = static_cast<int>(c);
    step.digit = lowest_digit(cand_[c]);
    return true;
  }
  return false;
}

// A digit that must go in a full house h, and whose places there all lie in another house too, goes from that
// house's other cells (the subset rule for the item h-digit). Boxes against lines are pointing, lines against
// boxes claiming; with extra regions (a diagonal, a window) either side may be one of those, named by h's kind.
bool LogicSolver::locked(Step& step) {
  const int n = houses_->side();
  std::vector<int> shared;
  for (int order = 0; order < houses_->count(); ++order) {
    const int h = house_in_order(order);
    if (!houses_->full(h)) continue;
    const std::vector<int>& cells = houses_->cells(h);
    for (int d = 1; d <= n; ++d) {
      if (placed_[static_cast<std::size_t>(h)] & digit_bit(d)) continue;
      const Mask where = positions(h, d);
      if (std::popcount(where) < 2) continue;
      // The houses every one of these cells is in, other than h: ascending, like each cell's own list.
      const std::span<const int> first =
          houses_->of(cells[static_cast<std::size_t>(std::countr_zero(where))]);
      shared.assign(first.begin(), first.end());
      std::erase(shared, h);
      for (Mask m = where & (where - 1); m != 0 && !shared.empty(); m &= m - 1) {
        const int cell = cells[static_cast<std::size_t>(std::countr_zero(m))];
        std::erase_if(shared, [&](int other) { return !houses_->has(cell, other); });
      }
      for (const int other : shared) {
        for (int cell : houses_->cells(other))
          if (!houses_->has(cell, h)) eliminate(cell, d, step);
        if (step.eliminated.empty()) continue;
        const HouseKind kind = houses_->kind(h);
        step.technique =
            kind == HouseKind::row || kind == HouseKind::column ? Technique::claiming : Technique::pointing;
        step.house = h;
        step.other_house = other;
        step.digit = d;
        return true;
      }
    }
  }
  return false;
}

bool LogicSolver::subsets(int k, bool naked, Step& step) {
  const int n = houses_->side();
  std::array<int, kMaxSide> members{};  // naked: open cells' indices in the house; hidden: open digits
  std::array<Mask, kMaxSide> sets{};    // naked: their candidates; hidden: their positions in the house
  for (int order = 0; order < houses_->count(); ++order) {
    const int h = house_in_order(order);
    // k digits confined to k cells need a house that holds every digit; k cells with k digits between them need
    // only a house that holds each at most once.
    if (!naked && !houses_->full(h)) continue;
    const std::vector<int>& cells = houses_->cells(h);
    const int size = static_cast<int>(cells.size());
    int count = 0;
    if (naked) {
      for (int i = 0; i < size; ++i) {
        const auto c = static_cast<std::size_t>(cells[static_cast<std::size_t>(i)]);
        if (value_[c] == 0 && std::popcount(cand_[c]) <= k) {
          members[static_cast<std::size_t>(count)] = i;
          sets[static_cast<std::size_t>(count++)] = cand_[c];
        }
      }
    } else {
      for (int d = 1; d <= n; ++d) {
        if (placed_[static_cast<std::size_t>(h)] & digit_bit(d)) continue;
        const Mask where = positions(h, d);
        if (std::popcount(where) > k) continue;
        members[static_cast<std::size_t>(count)] = d;
        sets[static_cast<std::size_t>(count++)] = where;
      }
    }
    const bool found = for_each_subset(count, k, [&](const std::array<int, 4>& idx) {
      Mask together = 0, chosen = 0;
      for (int i = 0; i < k; ++i) {
        together |= sets[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
        const int member = members[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])];
        chosen |= naked ? Mask{1} << member : digit_bit(member);
      }
      if (std::popcount(together) != k) return false;
      if (naked) {
        // The k cells hold exactly these k digits: no other cell of the house can.
        for (int i = 0; i < size; ++i) {
          if (chosen & (Mask{1} << i)) continue;
          for (Mask m = together; m != 0; m &= m - 1)
            eliminate(cells[static_cast<std::size_t>(i)], lowest_digit(m), step);
        }
        if (step.eliminated.empty()) return false;
        step.digits = together;
        for (Mask m = chosen; m != 0; m &= m - 1)
          step.cells.push_back(cells[static_cast<std::size_t>(std::countr_zero(m))]);
      } else {
        // These k digits fill exactly these k cells: no other digit can go there.
        const Mask digits = chosen;
        for (Mask m = together; m != 0; m &= m - 1) {
          const int cell = cells[static_cast<std::size_t>(std::countr_zero(m))];
          for (Mask other = cand_[static_cast<std::size_t>(cell)] & ~digits; other != 0; other &= other - 1)
            eliminate(cell, lowest_digit(other), step);
        }
        if (step.eliminated.empty()) return false;
        step.digits = digits;
        for (Mask m = together; m != 0; m &= m - 1)
          step.cells.push_back(cells[static_cast<std::size_t>(std::countr_zero(m))]);
      }
      return true;
    });
    if (!found) continue;
    static constexpr Technique kNaked[] = {Technique::naked_pair, Technique::naked_triple,
                                           Technique::naked_quad};
    static constexpr Technique kHidden[] = {Technique::hidden_pair, Technique::hidden_triple,
                                            Technique::hidden_quad};
    step.technique = (naked ? kNaked : kHidden)[k - 2];
    step.house = h;
    return true;
  }
  return false;
}

}  // namespace sudoku
