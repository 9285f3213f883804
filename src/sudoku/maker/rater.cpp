#include "sudoku/maker/rater.hpp"

#include <algorithm>
#include <bit>
#include <vector>

namespace sudoku {
namespace {

// Runs the logic to its end, counting the steps; the hardest tier used, or search when it got stuck.
Tier run_logic(LogicSolver& logic, std::array<std::uint64_t, kTechniques>* used) {
  Tier hardest = Tier::singles;
  while (const auto step = logic.step(Tier::subsets)) {
    hardest = std::max(hardest, tier_of(step->technique));
    if (used) ++(*used)[static_cast<std::size_t>(step->technique)];
  }
  return logic.solved() ? hardest : Tier::search;
}

// Guesses of a depth-first search from the logic's stuck state: singles after each guess, a cell with the
// fewest candidates to guess on, digits in order. The stack of states is explicit, one per open guess.
std::uint64_t count_guesses(const LogicSolver& stuck) {
  struct Frame {
    LogicSolver state;
    int cell;
    Mask left;
  };
  std::vector<Frame> frames;
  LogicSolver state = stuck;
  std::uint64_t guesses = 0;
  for (;;) {
    while (state.step(Tier::singles)) {
    }
    if (state.solved()) return guesses;
    if (!state.broken()) {
      int best = -1;
      const auto& cand = state.candidates();
      for (std::size_t c = 0; c < cand.size(); ++c)
        if (state.values()[c] == 0 &&
            (best < 0 || std::popcount(cand[c]) < std::popcount(cand[static_cast<std::size_t>(best)])))
          best = static_cast<int>(c);
      frames.push_back({state, best, cand[static_cast<std::size_t>(best)]});
    }
    while (!frames.empty() && frames.back().left == 0) frames.pop_back();
    if (frames.empty()) return guesses;
    Frame& f = frames.back();
    const int digit = std::countr_zero(f.left) + 1;
    f.left &= f.left - 1;
    state = f.state;
    state.place(f.cell, digit);
    ++guesses;
  }
}

}  // namespace

std::string to_string(const Rating& rating) {
  switch (rating.verdict) {
    case Verdict::none:
      return "none";
    case Verdict::multiple:
      return "multiple";
    case Verdict::unknown:
      return "unknown";
    case Verdict::unique:
      break;
  }
  std::string text = kTierNames[static_cast<int>(rating.tier)];
  if (rating.tier == Tier::search)
    text += " guesses=" + std::to_string(rating.guesses) + " nodes=" + std::to_string(rating.nodes);
  for (int t = 0; t < kTechniques; ++t)
    if (rating.used[static_cast<std::size_t>(t)] > 0)
      text += std::string(" ") + technique_name(static_cast<Technique>(t)) + "=" +
              std::to_string(rating.used[static_cast<std::size_t>(t)]);
  return text;
}

Rating rate(const Grid& puzzle, Solver& solver, LogicSolver& logic) {
  Rating rating;
  rating.verdict = solver.check(puzzle);
  rating.nodes = solver.stats().nodes;
  if (rating.verdict != Verdict::unique) return rating;
  logic.load(puzzle);
  rating.tier = run_logic(logic, &rating.used);
  if (rating.tier == Tier::search) rating.guesses = count_guesses(logic);
  return rating;
}

Rating rate_candidates(const CandidateGrid& grid, Verdict verdict, std::uint64_t nodes, LogicSolver& logic) {
  Rating rating;
  rating.verdict = verdict;
  rating.nodes = nodes;
  if (verdict != Verdict::unique) return rating;
  logic.load(grid);
  rating.tier = run_logic(logic, &rating.used);
  if (rating.tier == Tier::search) rating.guesses = count_guesses(logic);
  return rating;
}

Tier logic_tier(const Grid& puzzle, LogicSolver& logic) {
  if (!logic.load(puzzle)) return Tier::search;
  return run_logic(logic, nullptr);
}

}  // namespace sudoku
