// Rates a puzzle by the easiest tier of techniques (see logic.hpp) that solves it without guessing:
//
//   singles   naked and hidden singles only
//   locked    adds pointing and claiming
//   subsets   adds naked and hidden pairs, triples and quads
//   search    none of that is enough
//
// The tiers' engine (logic/tiers.hpp: make_tier_engine()) always takes the easiest step available, so the tier
// is the hardest technique its one pass needed. For `search`, the details say how many guesses a plain
// backtracking from the stuck state (singles after each guess) made before reaching the solution, and how many
// nodes the dlx search needed to prove the solution unique.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "sudoku/maker/logic.hpp"
#include "sudoku/maker/logic/engine.hpp"
#include "sudoku/model/solver.hpp"

namespace sudoku {

struct Rating {
  Verdict verdict = Verdict::unknown;  // only a unique puzzle gets a tier
  Tier tier = Tier::search;
  std::array<std::uint64_t, kTechniques> used{};  // steps of each technique
  std::uint64_t guesses = 0;                      // search only
  std::uint64_t nodes = 0;                        // the dlx search's nodes for the uniqueness check
};

// "singles hidden-single=40 naked-single=11", "search guesses=3 nodes=212 ...", "multiple", "none".
std::string to_string(const Rating& rating);

// Rates with the caller's solver (of the puzzle's shape) and tiers' engine (logic::make_tier_engine() of its
// rules), so that rating many puzzles reuses them. A puzzle with clashing givens is Verdict::none.
Rating rate(const Grid& puzzle, Solver& solver, logic::Engine& tiers);

// The same for a pencilmark puzzle, whose uniqueness the caller found (`verdict`, `nodes`).
Rating rate_candidates(const CandidateGrid& grid, Verdict verdict, std::uint64_t nodes, logic::Engine& tiers);

// The tier alone for a puzzle known to be unique (no uniqueness search): what a generator asks each attempt.
Tier logic_tier(const Grid& puzzle, logic::Engine& tiers);

}  // namespace sudoku
