// Rule forcing: a candidate is assumed placed on a copy of the board, and the cheap steps (singles, the rules'
// steps, cage combinations, locked candidates) run on the copy; when the copy breaks (a cell without
// candidates, a house without a place for a digit, a rule or cage whose placed digits break it) no solution has
// the candidate. This is how a solver reads a rule puzzle past its single steps ("if this were 5, the line
// would need..."), as Nishio reads the houses, with the rules among the links.
//
// Sound on any board: each step on the copy removes only candidates that no solution with the assumption has,
// so a broken copy means there is none. The work of one call is bounded by the step limits (2 to 32 steps a
// candidate) and the rules' enumeration budget, never by the clock.
#include <algorithm>
#include <bit>
#include <memory>
#include <string>

#include "sudoku/maker/logic/rule_scan.hpp"
#include "sudoku/maker/logic/rule_techniques.hpp"
#include "sudoku/maker/logic/techniques.hpp"
#include "sudoku/model/neighbours.hpp"

namespace sudoku::logic {
namespace {

// A rule's enumeration budget inside a trial: the copies are many, each seen once.
constexpr std::size_t kTrialBudget = 20000;
constexpr int kStepLimits[] = {2, 4, 8, 16, 32};
// A step of a trial, in the units of rule_scan_work() (a scan of the board's houses, roughly).
constexpr std::size_t kTrialStepWork = 500;
// The work one rule forcing step may do before it gives up (finds nothing): a bound on its time that does not
// depend on the machine.
constexpr std::size_t kForcingWork = 200'000'000;

struct Forcing {
  std::vector<GradedTechnique> steps;  // what runs on the copy, in order
  RuleScanner scanner;
  std::vector<std::pair<int, int>> equal_pairs, consecutive_pairs;  // neighbour pairs that may not be so
  explicit Forcing(const Rules& rules) : scanner(rules) {}
};

// A break that the steps do not show as an empty cell: a rule, cage or neighbour pair whose placed digits
// break it.
bool rules_broken(const Forcing& f, const Board& board) {
  for (std::size_t r = 0; r < f.scanner.size(); ++r)
    if (f.scanner.broken(r, board)) return true;
  for (const Cage& cage : f.scanner.rules().cages) {
    int sum = 0;
    Mask seen = 0;
    bool full = true;
    for (const int cell : cage.cells) {
      if (board.open(cell)) {
        full = false;
        continue;
      }
      const Mask bit = digit_bit(board.value(cell));
      if ((seen & bit) != 0) return true;
      seen |= bit;
      sum += board.value(cell);
    }
    if (sum > cage.sum || (full && sum != cage.sum)) return true;
  }
  for (const auto& [a, b] : f.equal_pairs)
    if (!board.open(a) && board.value(a) == board.value(b)) return true;
  for (const auto& [a, b] : f.consecutive_pairs)
    if (!board.open(a) && !board.open(b) && std::abs(board.value(a) - board.value(b)) == 1) return true;
  return false;
}

// The number of steps after which placing the candidate breaks the board, or 0 when it does not within
// `limit` steps.
int breaks_after(const Forcing& f, const Board& board, Candidate c, int limit) {
  Board copy = board;
  copy.place(c.cell, c.digit);
  if (copy.broken() || rules_broken(f, copy)) return 1;
  GradedStep step;
  for (int taken = 1; taken <= limit; ++taken) {
    bool found = false;
    for (const GradedTechnique& t : f.steps) {
      step = GradedStep{};
      if (t.find(copy, step)) {
        found = true;
        break;
      }
    }
    if (!found || copy.stopped()) return 0;
    rule_scan_work() += kTrialStepWork;
    copy.apply(step);
    if (copy.broken() || rules_broken(f, copy)) return taken + 1;
  }
  return 0;
}

// Every candidate that breaks the board within the least step limit that breaks any: one step, so that the
// trials of a pass are not run again for each of them.
bool rule_forcing_step(const Forcing& f, const Board& board, GradedStep& step) {
  const int n = board.side();
  const std::size_t start = rule_scan_work();
  for (const int limit : kStepLimits) {
    int longest = 0;
    std::string why;
    for (int cell = 0; cell < board.cells(); ++cell) {
      if (!board.open(cell)) continue;
      for (Mask m = board.candidates(cell); m != 0; m &= m - 1) {
        const Candidate c{cell, std::countr_zero(m) + 1};
        const int taken = breaks_after(f, board, c, limit);
        if (board.stopped()) return false;
        if (rule_scan_work() - start > kForcingWork) {
          step.eliminations.clear();
          return false;
        }
        if (taken == 0) continue;
        longest = std::max(longest, taken);
        step.eliminations.push_back(c);
        why += (why.empty() ? "" : ", ") + cell_text(cell, n) + "=" + digit_text(c.digit) + " in " +
               std::to_string(taken);
      }
    }
    if (longest == 0) continue;
    step.technique = "Rule Forcing";
    step.rating = kRuleForcingRating + 0.1 * std::bit_width(static_cast<unsigned>(longest) - 1);
    step.text =
        "Rule Forcing: steps break the board from " + why + ": " + eliminations_text(step.eliminations, n);
    return true;
  }
  return false;
}

}  // namespace

GradedTechnique rule_forcing(const Rules& rules, const Symbols& symbols) {
  auto f = std::make_shared<Forcing>(rules);
  f->steps = {{"singles", hidden_single}, {"singles", naked_single}};
  if (!rules.cages.empty()) f->steps.push_back(cage_combinations(rules, symbols));
  for (GradedTechnique& t : rule_techniques(rules, kTrialBudget)) f->steps.push_back(std::move(t));
  f->steps.push_back({"locked", locked});
  const int n = rules.shape.side();
  if (rules.anti_knight)
    for (const auto& p : neighbour_pairs(n, Neighbourhood::knight)) f->equal_pairs.push_back(p);
  if (rules.anti_king)
    for (const auto& p : neighbour_pairs(n, Neighbourhood::king)) f->equal_pairs.push_back(p);
  if (rules.non_consecutive) f->consecutive_pairs = neighbour_pairs(n, Neighbourhood::orthogonal);
  return {"rule-forcing",
          [shared = std::shared_ptr<const Forcing>(std::move(f))](const Board& board, GradedStep& step) {
            return rule_forcing_step(*shared, board, step);
          },
          kRuleForcingRating};
}

}  // namespace sudoku::logic
