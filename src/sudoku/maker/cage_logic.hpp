// Killer cage logic, as a person solving a killer uses it, on a LogicSolver's candidates:
//
//   cage combination   the digits a cage can hold are its admissible digit sets (distinct digits adding up to
//                      its sum) that the cage's candidates can still place; a candidate in no such placement
//                      goes ("cage at r1c1 (2 cells, sum 4): {1,3}, so r1c1<>2")
//   innies / outies    the rule of 45 over a run of k consecutive rows or columns, or one region: they hold
//                      k times 1 + ... + n, so the cells of the run outside the cages wholly inside it (innies)
//                      add up to what those cages leave; and when every innie lies in a cage, the cells of those
//                      cages outside the run (outies) add up to the cages' sums less the innies'. A group of
//                      few cells with a known sum removes the candidates that no placement adding up to it
//                      uses (distinct digits when the group lies in one house).
//
// Each deduction only removes candidates that no solution of the rules has, so steps stay sound whatever the
// puzzle. The hint, steps and rate tasks call step() after singles: singles first, then cages, then locked
// candidates and subsets.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/maker/logic.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

enum class CageTechnique { combination, innies_outies };
// "cage-combination", "innies-outies": how ratings and JSON name them.
const char* cage_technique_name(CageTechnique technique);

struct CageStep {
  CageTechnique technique = CageTechnique::combination;
  std::string text;  // the deduction in words and r/c notation, the eliminations at its end
  std::vector<std::pair<int, int>> eliminated;  // (cell, digit) pairs removed
};

// Whether the logic (logic.hpp and cage steps) knows every rule of `rules`: regions and cages, no neighbour
// rule and no line or dot rule (those have only rule_logic.hpp's step, in hint and steps). Puzzles under such rules can be rated, hinted and stepped.
bool logic_knows(const Rules& rules);

class CageLogic {
 public:
  // Cage logic of these rules' cages; none (active() false) for rules without cages or boards over 12x12.
  explicit CageLogic(const Rules& rules);
  bool active() const { return !groups_.empty(); }

  // Finds the first cage deduction that removes a candidate of `logic`, removes them there and returns it;
  // nothing when none applies.
  std::optional<CageStep> step(LogicSolver& logic, const Symbols& symbols) const;

 private:
  // Cells known to add up to `sum`: a cage, or innies or outies of a run of houses.
  struct Group {
    CageTechnique technique;
    std::vector<int> cells;
    int sum = 0;
    bool distinct = false;  // one cage or one house: the digits differ
    std::string name;       // "cage at r1c1 (2 cells, sum 4)", "rows 1-2: innies r2c3+r2c4 = 11"
  };
  std::vector<Group> groups_;
  int side_ = 0;
};

// One step of a killer's logic, applied to `logic`: a single, else a cage step, else locked candidates or a
// subset (`step` set), or a cage step (`cage` set); nothing when none applies.
struct KillerStep {
  std::optional<Step> step;
  std::optional<CageStep> cage;
};
std::optional<KillerStep> killer_step(LogicSolver& logic, const CageLogic& cages, const Symbols& symbols);

// Rates a unique killer (or any puzzle under rules with cages) with killer_step() from its givens:
// "locked hidden-single=40 naked-single=11 pointing=2 cage-combination=14 innies-outies=3"; the tier is the
// hardest technique of logic.hpp used (cage steps count as singles), or search when the steps get stuck.
// With `rules` that have line, dot or neighbour rules (rule_logic.hpp), their steps are taken when the others
// run out, as `sudoku steps` takes them ("rule=2", ranked as locked candidates).
std::string rate_with_cages(const Grid& puzzle, LogicSolver& logic, const CageLogic& cages,
                            Tier* tier = nullptr, const Rules* rules = nullptr);

}  // namespace sudoku
