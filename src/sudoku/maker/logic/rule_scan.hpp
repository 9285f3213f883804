// What the candidates of a board leave to each line, dot or cell rule (model/constraints.hpp): the digits each
// of its places can still take in some admissible combination, and the digits every combination holds. The
// rules' steps (rule_steps.cpp) and the rule forcing (rule_forcing.cpp) read it.
//
// A rule's answer depends only on the candidates of its own cells, so it is kept by those candidates: the
// engine asks every rule again at every step, and on an open board most rules' cells have not changed since
// (the enumeration of a long line is what a step cost). A rule whose combinations pass the budget is passed
// over, never guessed at, and that answer is kept too; the answers never depend on what was asked before.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "sudoku/maker/logic/board.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku::logic {

struct RuleScan {
  bool whole = false;      // every combination was enumerated (within the budget)
  std::size_t tuples = 0;  // the admissible combinations found
  std::vector<Mask> keep;  // by place (the rule's cells, then its lines' cells): digits some combination uses
  Mask must = 0;           // digits every combination holds somewhere
  std::size_t work = 0;    // the prefixes the enumeration tried
};

// The prefixes the scans of this thread have tried, a kept answer charged as when it was found, so that the
// count does not depend on what was asked before: the rule forcing bounds a step's work by it.
std::size_t& rule_scan_work();

class RuleScanner {
 public:
  explicit RuleScanner(const Rules& rules);

  const Rules& rules() const { return rules_; }
  std::size_t size() const { return places_.size(); }
  // The places of rule i: its cells, then its lines' cells (a cell may be met twice).
  const std::vector<int>& places(std::size_t rule) const { return places_[rule]; }
  // Rule i on the board's candidates, enumerating at most `budget` prefixes. Safe from several threads. A kept
  // whole answer is given under any budget: a scanner is to be asked with one budget (each technique has its
  // own), so that its answers do not depend on what was asked before.
  RuleScan scan(std::size_t rule, const Board& board, std::size_t budget) const;
  // Whether a rule whose places are all placed is broken by them.
  bool broken(std::size_t rule, const Board& board) const;

 private:
  struct Kept {
    std::size_t budget = 0;
    RuleScan scan;
  };
  struct KeyHash {
    std::size_t operator()(const std::vector<Mask>& key) const;
  };
  using Cache = std::unordered_map<std::vector<Mask>, Kept, KeyHash>;

  Rules rules_;
  std::vector<std::vector<int>> places_;
  // By rule, places x places: kSame (one cell met twice), kDiffer (cells sharing a house) or 0.
  std::vector<std::vector<std::uint8_t>> relation_;
  mutable std::mutex mutex_;
  mutable std::vector<Cache> cache_;  // by rule
};

}  // namespace sudoku::logic
