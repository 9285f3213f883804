// The steps of the line, dot and cell rules (model/constraints.hpp) and of the neighbour rules as techniques of
// the engine's table: "a candidate in no admissible digit combination of a rule is removed". For one rule, the
// digit combinations of its cells that the candidates allow (cells sharing a house differing, a cell met twice
// taking one digit) are enumerated; a candidate that none of them uses cannot be the cell's digit. A rule whose
// combinations pass a budget is passed over, never guessed at; so are the negative constraints.
#include <algorithm>
#include <bit>
#include <limits>
#include <memory>

#include "sudoku/maker/logic/rule_scan.hpp"
#include "sudoku/maker/logic/rule_techniques.hpp"
#include "sudoku/model/constraints.hpp"
#include "sudoku/model/neighbours.hpp"

namespace sudoku::logic {
namespace {

void add_elimination(std::vector<Candidate>& eliminations, Candidate gone) {
  if (std::find(eliminations.begin(), eliminations.end(), gone) == eliminations.end())
    eliminations.push_back(gone);
}

// "thermometer at r1c1: r1c2<>1, r1c3<>1,2 (in no admissible combination of the rule)".
std::string rule_text(const std::string& rule, const std::vector<Candidate>& eliminations, int side) {
  std::string text = rule + ":";
  for (std::size_t i = 0; i < eliminations.size(); ++i) {
    const auto [cell, digit] = eliminations[i];
    const bool same = i > 0 && eliminations[i - 1].cell == cell;
    text += same ? "," + std::to_string(digit)
                 : std::string(i > 0 ? ", " : " ") + cell_name(cell / side, cell % side) + "<>" +
                       std::to_string(digit);
  }
  return text + " (in no admissible combination of the rule)";
}

void finish(const Board& board, double rating, GradedStep& step) {
  step.technique = "rule";
  step.rating = rating;
  step.text = rule_text(step.rule, step.eliminations, board.side());
}

// The first rule of `kind` with a candidate in none of its combinations.
bool constraint_step(const RuleScanner& scanner, ConstraintKind kind, std::size_t budget, const Board& board,
                     GradedStep& step) {
  const Rules& rules = scanner.rules();
  const int n = rules.shape.side();
  for (std::size_t r = 0; r < scanner.size(); ++r) {
    const Constraint& c = rules.constraints[r];
    if (c.kind != kind) continue;
    const std::vector<int>& cells = scanner.places(r);
    const RuleScan scan = scanner.scan(r, board, budget);
    if (!scan.whole) continue;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (!board.open(cells[i])) continue;
      // A cell met twice is decided by all its places together.
      Mask keep = ~Mask{0};
      for (std::size_t j = 0; j < cells.size(); ++j)
        if (cells[j] == cells[i]) keep &= scan.keep[j];
      const Mask open = board.candidates(cells[i]);
      for (int d = 1; d <= n; ++d)
        if ((open & digit_bit(d)) != 0 && (keep & digit_bit(d)) == 0)
          add_elimination(step.eliminations, {cells[i], d});
    }
    if (step.eliminations.empty()) continue;
    step.rule = constraint_name(rules, c);
    finish(board, rule_rating(kind, static_cast<int>(cells.size())), step);
    return true;
  }
  return false;
}

// "renban at r1c1 holds 5 (in every admissible combination) in r1c1,r1c2: r2c3<>5": a digit that every
// combination of a rule holds, in places that one cell outside the rule sees all of, is not that cell's.
bool rule_pointing(const RuleScanner& scanner, const Board& board, GradedStep& step) {
  const Rules& rules = scanner.rules();
  const int n = rules.shape.side();
  for (std::size_t r = 0; r < scanner.size(); ++r) {
    const std::vector<int>& cells = scanner.places(r);
    const RuleScan scan = scanner.scan(r, board, kRuleBudget);
    if (!scan.whole || scan.must == 0) continue;
    for (int d = 1; d <= n; ++d) {
      if ((scan.must & digit_bit(d)) == 0) continue;
      std::vector<int> where;
      for (std::size_t i = 0; i < cells.size(); ++i)
        if ((scan.keep[i] & digit_bit(d)) != 0 &&
            std::find(where.begin(), where.end(), cells[i]) == where.end())
          where.push_back(cells[i]);
      for (int cell = 0; cell < board.cells(); ++cell) {
        if (!board.has(cell, d) || std::find(cells.begin(), cells.end(), cell) != cells.end()) continue;
        if (std::all_of(where.begin(), where.end(), [&](int w) { return board.sees(cell, w); }))
          step.eliminations.push_back({cell, d});
      }
      if (step.eliminations.empty()) continue;
      const Constraint& c = rules.constraints[r];
      step.rule = constraint_name(rules, c);
      step.technique = "rule-pointing";
      step.rating = rule_pointing_rating(c.kind, static_cast<int>(cells.size()));
      std::string places;
      for (const int w : where) places += (places.empty() ? "" : ",") + cell_name(w / n, w % n);
      step.text = step.rule + " holds " + std::to_string(d) + " (in every admissible combination) in " +
                  places + ": " + eliminations_text(step.eliminations, n);
      return true;
    }
  }
  return false;
}

// A neighbour rule: the cells it joins (model/neighbours.hpp), and whether two digits there clash.
struct Neighbours {
  const char* name;
  std::vector<std::vector<int>> of;  // by cell
  bool consecutive;                  // digits one apart clash (non-consecutive); otherwise equal digits do
};

// Of the first cell whose candidates all clash with some neighbour's candidate, those neighbours' candidates.
bool neighbour_step(const std::vector<Neighbours>& kinds, const Board& board, GradedStep& step) {
  const int n = board.side();
  for (const Neighbours& kind : kinds) {
    for (int cell = 0; cell < n * n; ++cell) {
      const Mask own = board.candidates(cell);
      if (own == 0) continue;
      for (const int other : kind.of[static_cast<std::size_t>(cell)]) {
        if (!board.open(other)) continue;
        for (int d = 1; d <= n; ++d) {
          if (!board.has(other, d)) continue;
          const Mask clash = kind.consecutive
                                 ? (d > 1 ? digit_bit(d - 1) : 0) | (d < n ? digit_bit(d + 1) : 0)
                                 : digit_bit(d);
          if ((own & ~clash) == 0) step.eliminations.push_back({other, d});
        }
      }
      if (!step.eliminations.empty()) {
        step.rule = std::string(kind.name) + " beside " + cell_name(cell / n, cell % n);
        finish(board, kNeighbourRating, step);
        return true;
      }
    }
  }
  return false;
}

}  // namespace

double rule_rating(ConstraintKind kind, int places) {
  const double more = std::max(places - 2, 0);  // places past the first two
  switch (kind) {
    case ConstraintKind::candidates:
    case ConstraintKind::odd:
    case ConstraintKind::even:
    case ConstraintKind::clone:
      return 2.0;
    case ConstraintKind::difference:
    case ConstraintKind::ratio:
    case ConstraintKind::sum:
    case ConstraintKind::whispers:
    case ConstraintKind::slow_thermometer:
      return 2.2;
    case ConstraintKind::minimum:
    case ConstraintKind::maximum:
    case ConstraintKind::thermometer:
    case ConstraintKind::palindrome:
    case ConstraintKind::nabner:
    case ConstraintKind::between_line:
    case ConstraintKind::renban:
    case ConstraintKind::entropic:
    case ConstraintKind::modular:
      return std::min(2.2 + 0.1 * more, 2.9);
    case ConstraintKind::row_indexer:
    case ConstraintKind::column_indexer:
    case ConstraintKind::box_indexer:
      return 2.4;
    case ConstraintKind::quadruple:
      return 2.5;
    case ConstraintKind::arrow:
    case ConstraintKind::little_killer:
    case ConstraintKind::region_sum:
    case ConstraintKind::zipper:
    case ConstraintKind::double_arrow:
      return std::min(2.4 + 0.1 * more, 3.2);
    case ConstraintKind::sandwich:
    case ConstraintKind::xsum:
    case ConstraintKind::skyscraper:
      return 3.0;
  }
  return 3.0;
}

namespace {

using SharedScanner = std::shared_ptr<const RuleScanner>;

// The rules' techniques on one scanner: the engine's rule steps and rule pointing ask the same enumerations.
std::vector<GradedTechnique> rule_techniques_on(const SharedScanner& shared, std::size_t budget) {
  const Rules& rules = shared->rules();
  std::vector<GradedTechnique> techniques;
  // One entry per kind present, the cheapest kinds first (the floors of rule_rating()).
  std::vector<ConstraintKind> kinds;
  for (const Constraint& c : rules.constraints)
    if (std::find(kinds.begin(), kinds.end(), c.kind) == kinds.end()) kinds.push_back(c.kind);
  std::stable_sort(kinds.begin(), kinds.end(),
                   [](ConstraintKind a, ConstraintKind b) { return rule_rating(a, 0) < rule_rating(b, 0); });
  for (const ConstraintKind kind : kinds)
    techniques.push_back({"rules",
                          [shared, kind, budget](const Board& board, GradedStep& step) {
                            return constraint_step(*shared, kind, budget, board, step);
                          },
                          rule_rating(kind, 0)});
  const int n = rules.shape.side();
  std::vector<Neighbours> neighbours;
  if (rules.anti_knight)
    neighbours.push_back({"anti-knight", neighbours_of(n, Neighbourhood::knight), false});
  if (rules.anti_king) neighbours.push_back({"anti-king", neighbours_of(n, Neighbourhood::king), false});
  if (rules.non_consecutive)
    neighbours.push_back({"non-consecutive", neighbours_of(n, Neighbourhood::orthogonal), true});
  if (!neighbours.empty()) {
    const auto kinds_of = std::make_shared<const std::vector<Neighbours>>(std::move(neighbours));
    techniques.push_back(
        {"rules",
         [kinds_of](const Board& board, GradedStep& step) { return neighbour_step(*kinds_of, board, step); },
         kNeighbourRating});
  }
  return techniques;
}

std::vector<GradedTechnique> rule_pointing_on(const SharedScanner& shared) {
  const Rules& rules = shared->rules();
  if (rules.constraints.empty()) return {};
  double floor = std::numeric_limits<double>::infinity();
  for (const Constraint& c : rules.constraints) floor = std::min(floor, rule_pointing_rating(c.kind, 0));
  return {{"rule-pointing",
           [shared](const Board& board, GradedStep& step) { return rule_pointing(*shared, board, step); },
           floor}};
}

}  // namespace

std::vector<GradedTechnique> rule_techniques(const Rules& rules, std::size_t budget) {
  return rule_techniques_on(std::make_shared<const RuleScanner>(rules), budget);
}

double rule_pointing_rating(ConstraintKind kind, int places) {
  return rule_rating(kind, places) + 0.4;
}

std::vector<GradedTechnique> rule_pointing_techniques(const Rules& rules) {
  return rule_pointing_on(std::make_shared<const RuleScanner>(rules));
}

bool has_rule_techniques(const Rules& rules) {
  return !rules.cages.empty() || !rules.constraints.empty() || rules.anti_knight || rules.anti_king ||
         rules.non_consecutive;
}

Engine make_engine(const Rules& rules, const Houses& houses, bool unique, const Symbols& symbols) {
  Engine engine(houses, unique);
  if (!has_rule_techniques(rules)) return engine;
  engine.remove_family("uniqueness");
  // The nested chains know houses only: on a board that cages or lines keep wide open they try every
  // candidate at every level, minutes a step, for what the rules' own steps would see.
  engine.remove_family("nested");
  // After the singles, before the locked candidates: in rating order, the cage combinations and the rules.
  std::vector<GradedTechnique> early;
  if (!rules.cages.empty()) early.push_back(cage_combinations(rules, symbols));
  const auto scanner = std::make_shared<const RuleScanner>(rules);
  for (GradedTechnique& t : rule_techniques_on(scanner, kRuleBudget)) early.push_back(std::move(t));
  for (auto it = early.rbegin(); it != early.rend(); ++it) engine.insert_after("singles", std::move(*it));
  if (!rules.cages.empty()) engine.insert_after("locked", innies_outies(rules, symbols));
  for (GradedTechnique& t : rule_pointing_on(scanner))
    engine.insert_after(rules.cages.empty() ? "locked" : "innies", std::move(t));
  // Before Nishio and the dynamic chains, which know the houses only.
  engine.insert_after("aligned", rule_forcing(rules, symbols));
  return engine;
}

}  // namespace sudoku::logic
