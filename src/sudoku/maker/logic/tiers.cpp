// The tiers' techniques (logic.hpp: singles, locked candidates, subsets) as entries of an engine's table, on
// logic::Board: the rater's coarse words and the generator's --tier, whose step counts ("hidden-single=40
// pointing=2") were pinned before Sukaku Explainer's table came. They scan as a person does, every house for a
// hidden single before any naked single, boxes first, then rows, columns and extra regions; the step counts
// depend on that order, the tier does not (every rule only removes candidates, so the state the rules reach is
// the same whatever order they are tried in). The steps are counted, not shown: they carry no text.
#include "sudoku/maker/logic/tiers.hpp"

#include <bit>
#include <span>

#include "sudoku/maker/logic/combinations.hpp"
#include "sudoku/maker/logic/rule_techniques.hpp"

namespace sudoku::logic {
namespace {

// Boxes first, then rows, then columns, then a variant's extra regions.
int house_in_tier_order(const Houses& houses, int order) {
  const int lines = 3 * houses.side();
  return order < lines ? (order + 2 * houses.side()) % lines : order;
}

int lowest_digit(Mask m) {
  return std::countr_zero(m) + 1;
}

void eliminate(const Board& board, int cell, int digit, GradedStep& step) {
  if (board.has(cell, digit)) step.eliminations.push_back({cell, digit});
}

// A digit with one place left in a full house (a smaller extra region need not hold every digit).
bool tier_hidden_single(const Board& board, GradedStep& step) {
  const Houses& houses = board.houses();
  for (int order = 0; order < houses.count(); ++order) {
    const int h = house_in_tier_order(houses, order);
    if (!houses.full(h)) continue;
    for (int d = 1; d <= board.side(); ++d) {
      if (board.placed(h, d)) continue;
      const Mask where = board.positions(h, d);
      if (std::popcount(where) != 1) continue;
      step.technique = technique_name(Technique::hidden_single);
      step.placements = {{houses.cells(h)[static_cast<std::size_t>(std::countr_zero(where))], d}};
      return true;
    }
  }
  return false;
}

bool tier_naked_single(const Board& board, GradedStep& step) {
  for (int c = 0; c < board.cells(); ++c) {
    if (!board.open(c) || std::popcount(board.candidates(c)) != 1) continue;
    step.technique = technique_name(Technique::naked_single);
    step.placements = {{c, lowest_digit(board.candidates(c))}};
    return true;
  }
  return false;
}

// A digit that must go in a full house h, and whose places there all lie in another house too, goes from that
// house's other cells (the subset rule for the item h-digit). Boxes against lines are pointing, lines against
// boxes claiming; with extra regions either side may be one of those, named by h's kind.
bool tier_locked(const Board& board, GradedStep& step) {
  const Houses& houses = board.houses();
  std::vector<int> shared;
  for (int order = 0; order < houses.count(); ++order) {
    const int h = house_in_tier_order(houses, order);
    if (!houses.full(h)) continue;
    const std::vector<int>& cells = houses.cells(h);
    for (int d = 1; d <= board.side(); ++d) {
      if (board.placed(h, d)) continue;
      const Mask where = board.positions(h, d);
      if (std::popcount(where) < 2) continue;
      // The houses every one of these cells is in, other than h: ascending, like each cell's own list.
      const std::span<const int> first = houses.of(cells[static_cast<std::size_t>(std::countr_zero(where))]);
      shared.assign(first.begin(), first.end());
      std::erase(shared, h);
      for (Mask m = where & (where - 1); m != 0 && !shared.empty(); m &= m - 1) {
        const int cell = cells[static_cast<std::size_t>(std::countr_zero(m))];
        std::erase_if(shared, [&](int other) { return !houses.has(cell, other); });
      }
      for (const int other : shared) {
        for (int cell : houses.cells(other))
          if (!houses.has(cell, h)) eliminate(board, cell, d, step);
        if (step.eliminations.empty()) continue;
        const HouseKind kind = houses.kind(h);
        step.technique = technique_name(
            kind == HouseKind::row || kind == HouseKind::column ? Technique::claiming : Technique::pointing);
        return true;
      }
    }
  }
  return false;
}

bool tier_subsets(const Board& board, int k, bool naked, GradedStep& step) {
  const Houses& houses = board.houses();
  std::array<int, kMaxSide> members{};  // naked: open cells' indices in the house; hidden: open digits
  std::array<Mask, kMaxSide> sets{};    // naked: their candidates; hidden: their positions in the house
  for (int order = 0; order < houses.count(); ++order) {
    const int h = house_in_tier_order(houses, order);
    // k digits confined to k cells need a house that holds every digit; k cells with k digits between them need
    // only a house that holds each at most once.
    if (!naked && !houses.full(h)) continue;
    const std::vector<int>& cells = houses.cells(h);
    const int size = static_cast<int>(cells.size());
    int count = 0;
    if (naked) {
      for (int i = 0; i < size; ++i) {
        const int c = cells[static_cast<std::size_t>(i)];
        if (board.open(c) && std::popcount(board.candidates(c)) <= k) {
          members[static_cast<std::size_t>(count)] = i;
          sets[static_cast<std::size_t>(count++)] = board.candidates(c);
        }
      }
    } else {
      for (int d = 1; d <= board.side(); ++d) {
        if (board.placed(h, d)) continue;
        const Mask where = board.positions(h, d);
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
            eliminate(board, cells[static_cast<std::size_t>(i)], lowest_digit(m), step);
        }
      } else {
        // These k digits fill exactly these k cells: no other digit can go there.
        for (Mask m = together; m != 0; m &= m - 1) {
          const int cell = cells[static_cast<std::size_t>(std::countr_zero(m))];
          for (Mask other = board.candidates(cell) & ~chosen; other != 0; other &= other - 1)
            eliminate(board, cell, lowest_digit(other), step);
        }
      }
      return !step.eliminations.empty();
    });
    if (!found) continue;
    static constexpr Technique kNaked[] = {Technique::naked_pair, Technique::naked_triple,
                                           Technique::naked_quad};
    static constexpr Technique kHidden[] = {Technique::hidden_pair, Technique::hidden_triple,
                                            Technique::hidden_quad};
    step.technique = technique_name((naked ? kNaked : kHidden)[k - 2]);
    return true;
  }
  return false;
}

}  // namespace

Tier tier_of_family(std::string_view family) {
  if (family == "locked" || family == "rules") return Tier::locked;
  if (family == "subsets") return Tier::subsets;
  return Tier::singles;  // singles, and the cage steps
}

Engine make_tier_engine(const Rules& rules, const Houses& houses, Tier max, const Symbols& symbols) {
  using S = GradedStep;
  using B = Board;
  std::vector<GradedTechnique> table = {{"singles", tier_hidden_single}, {"singles", tier_naked_single}};
  if (!rules.cages.empty()) {
    table.push_back(cage_combinations(rules, symbols));
    table.push_back(innies_outies(rules, symbols));
  }
  table.push_back({"locked", tier_locked});
  for (int k = 2; k <= 4; ++k)
    for (const bool naked : {true, false})
      table.push_back({"subsets", [k, naked](const B& b, S& s) { return tier_subsets(b, k, naked, s); }});
  for (GradedTechnique& t : rule_techniques(rules)) table.push_back(std::move(t));
  std::erase_if(table, [max](const GradedTechnique& t) { return tier_of_family(t.family) > max; });
  return Engine(houses, std::move(table), false);
}

TierRun run_tiers(Engine& tiers) {
  TierRun run;
  while (const auto step = tiers.step()) {
    run.tier = std::max(run.tier, tier_of_family(step->family));
    if (step->technique == "cage-combination") {
      ++run.cage_combinations;
    } else if (step->technique == "innies-outies") {
      ++run.innies_outies;
    } else if (step->technique == "rule") {
      ++run.rule_steps;
    } else {
      for (int t = 0; t < kTechniques; ++t)
        if (step->technique == technique_name(static_cast<Technique>(t)))
          ++run.used[static_cast<std::size_t>(t)];
    }
  }
  if (!tiers.board().solved()) run.tier = Tier::search;
  return run;
}

std::string counts_text(const TierRun& run) {
  std::string text;
  const auto count = [&](const char* name, std::uint64_t n) {
    if (n > 0) text += std::string(" ") + name + "=" + std::to_string(n);
  };
  for (int t = 0; t < kTechniques; ++t)
    count(technique_name(static_cast<Technique>(t)), run.used[static_cast<std::size_t>(t)]);
  count("cage-combination", run.cage_combinations);
  count("innies-outies", run.innies_outies);
  count("rule", run.rule_steps);
  return text;
}

}  // namespace sudoku::logic

namespace sudoku {

bool logic_knows(const Rules& rules) {
  return !rules.anti_knight && !rules.anti_king && !rules.non_consecutive && rules.constraints.empty();
}

}  // namespace sudoku
