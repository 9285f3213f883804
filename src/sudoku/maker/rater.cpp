#include "sudoku/maker/rater.hpp"

#include <bit>
#include <vector>

#include "sudoku/maker/logic/tiers.hpp"

namespace sudoku {
namespace {

// Runs the tiers to their end, counting the steps.
Tier run_logic(logic::Engine& tiers, std::array<std::uint64_t, kTechniques>* used) {
  const logic::TierRun run = logic::run_tiers(tiers);
  if (used != nullptr) *used = run.used;
  return run.tier;
}

// Places every single, hidden before naked, until none is left (or the board breaks).
void singles(logic::Board& board, const logic::Engine& tiers) {
  while (const auto step = tiers.next_on(board, "singles")) board.apply(*step);
}

// Guesses of a depth-first search from the tiers' stuck state: singles after each guess, a cell with the
// fewest candidates to guess on, digits in order. The stack of states is explicit, one per open guess.
std::uint64_t count_guesses(const logic::Engine& tiers) {
  struct Frame {
    logic::Board state;
    int cell;
    Mask left;
  };
  std::vector<Frame> frames;
  logic::Board state = tiers.board();
  std::uint64_t guesses = 0;
  for (;;) {
    singles(state, tiers);
    if (state.solved()) return guesses;
    if (!state.broken()) {
      int best = -1;
      for (int c = 0; c < state.cells(); ++c)
        if (state.open(c) &&
            (best < 0 || std::popcount(state.candidates(c)) < std::popcount(state.candidates(best))))
          best = c;
      frames.push_back({state, best, state.candidates(best)});
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
  logic::TierRun run;
  run.used = rating.used;
  return text + logic::counts_text(run);
}

Rating rate(const Grid& puzzle, Solver& solver, logic::Engine& tiers) {
  Rating rating;
  rating.verdict = solver.check(puzzle);
  rating.nodes = solver.stats().nodes;
  if (rating.verdict != Verdict::unique) return rating;
  tiers.load(puzzle);
  rating.tier = run_logic(tiers, &rating.used);
  if (rating.tier == Tier::search) rating.guesses = count_guesses(tiers);
  return rating;
}

Rating rate_candidates(const CandidateGrid& grid, Verdict verdict, std::uint64_t nodes,
                       logic::Engine& tiers) {
  Rating rating;
  rating.verdict = verdict;
  rating.nodes = nodes;
  if (verdict != Verdict::unique) return rating;
  // Pencilmarks as they are: a cell of one candidate is a naked single to take, counted.
  tiers.load(grid, false);
  rating.tier = run_logic(tiers, &rating.used);
  if (rating.tier == Tier::search) rating.guesses = count_guesses(tiers);
  return rating;
}

Tier logic_tier(const Grid& puzzle, logic::Engine& tiers) {
  if (!tiers.load(puzzle)) return Tier::search;
  return run_logic(tiers, nullptr);
}

}  // namespace sudoku
