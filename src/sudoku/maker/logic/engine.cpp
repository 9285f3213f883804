#include "sudoku/maker/logic/engine.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "dlx/assert.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {

Engine::Engine(const Houses& houses, bool unique) : board_(houses), unique_(unique) {
  using S = GradedStep;
  using B = Board;
  techniques_ = {
      {"singles", hidden_single},
      {"direct", direct_locked},
      {"direct", [](const B& b, S& s) { return direct_hidden_subset(b, 2, s); }},
      {"singles", naked_single},
      {"direct", [](const B& b, S& s) { return direct_hidden_subset(b, 3, s); }},
      {"locked", locked},
      {"subsets", [](const B& b, S& s) { return naked_subset(b, 2, s); }},
      {"fish", [](const B& b, S& s) { return fish(b, 2, s); }},
      {"subsets", [](const B& b, S& s) { return hidden_subset(b, 2, s); }},
      {"subsets", [](const B& b, S& s) { return naked_subset(b, 3, s); }},
      {"fish", [](const B& b, S& s) { return fish(b, 3, s); }},
      {"subsets", [](const B& b, S& s) { return hidden_subset(b, 3, s); }},
      {"links", [](const B& b, S& s) { return strong_links(b, 2, s); }},
      {"wings", [](const B& b, S& s) { return xy_wing(b, false, s); }},
      {"wings", [](const B& b, S& s) { return xy_wing(b, true, s); }},
      {"uniqueness", unique_loops},
      {"subsets", [](const B& b, S& s) { return naked_subset(b, 4, s); }},
      {"fish", [](const B& b, S& s) { return fish(b, 4, s); }},
      {"subsets", [](const B& b, S& s) { return hidden_subset(b, 4, s); }},
      {"links", [](const B& b, S& s) { return strong_links(b, 3, s); }},
      {"wings", [](const B& b, S& s) { return big_wing(b, 4, s); }},
      {"uniqueness", bivalue_universal_grave},
      {"links", [](const B& b, S& s) { return strong_links(b, 4, s); }},
      // SE's 5 strong links (after aligned pair exclusion) and 6 strong links (after the UVWXYZ-Wing) are off
      // in its default settings, those serate rates with: left out, so that ratings agree.
      {"wings", [](const B& b, S& s) { return big_wing(b, 5, s); }, 6.2},
      {"aligned", aligned_pair_exclusion, 6.2},
      {"wings", [](const B& b, S& s) { return big_wing(b, 6, s); }, 6.6},
      {"chains", chains, 6.5},
      {"wings", [](const B& b, S& s) { return big_wing(b, 7, s); }, 7.5},
      {"aligned", aligned_triple_exclusion, 7.5},
      {"chains", nishio, 7.5},
      {"chains", multiple_chains, 8.0},
      {"chains", dynamic_chains, 8.5},
      {"chains", dynamic_chains_plus, 9.0},
      {"nested", [](const B& b, S& s) { return nested_chains(b, 2, s); }, 9.5},
      {"nested", [](const B& b, S& s) { return nested_chains(b, 3, s); }, 10.0},
      {"nested", [](const B& b, S& s) { return dynamic_nested_chains(b, 0, s); }, 10.5},
      {"nested", [](const B& b, S& s) { return dynamic_nested_chains(b, 1, s); }, 10.5},
      {"nested", [](const B& b, S& s) { return dynamic_nested_chains(b, 2, s); }, 10.5},
      {"nested", [](const B& b, S& s) { return dynamic_nested_chains(b, 3, s); }, 10.5},
  };
  find_rest_floors();
}

Engine::Engine(const Houses& houses, std::vector<GradedTechnique> table, bool unique)
    : board_(houses), unique_(unique), techniques_(std::move(table)) {
  find_rest_floors();
}

void Engine::insert_after(std::string_view after, GradedTechnique technique) {
  auto at = techniques_.end();
  for (auto it = techniques_.begin(); it != techniques_.end(); ++it)
    if (it->family == after) at = it + 1;
  techniques_.insert(at, std::move(technique));
  find_rest_floors();
}

void Engine::remove_family(std::string_view family) {
  std::erase_if(techniques_, [&](const GradedTechnique& t) { return t.family == family; });
  find_rest_floors();
}

void Engine::find_rest_floors() {
  rest_floor_.assign(techniques_.size(), 0);
  double least = std::numeric_limits<double>::infinity();
  for (std::size_t i = techniques_.size(); i-- > 0;) {
    least = std::min(least, techniques_[i].floor);
    rest_floor_[i] = least;
  }
}

std::optional<GradedStep> Engine::next_on(const Board& board, std::string_view family) const {
  if (board.solved() || board.broken()) return std::nullopt;
  DLX_ASSERT(rest_floor_.size() == techniques_.size());
  GradedStep step;
  for (std::size_t i = 0; i < techniques_.size(); ++i) {
    const GradedTechnique& t = techniques_[i];
    // Every technique from here on rates above the ceiling: so would SE's next step, if any.
    if (rest_floor_[i] > ceiling_ + 1e-9) return std::nullopt;
    if (t.family == "uniqueness" && !unique_) continue;
    if (!family.empty() && t.family != family) continue;
    step = GradedStep{};
    const bool found = t.find(board, step);
    if (board.stopped()) return std::nullopt;
    if (found && std::round(step.rating * 10) / 10 > ceiling_ + 1e-9) return std::nullopt;
    if (found) {
      step.family = t.family;
      // A step changes the board, and only through candidates it still has: one that did not would be taken
      // again and again, or make the board clash.
      [[maybe_unused]] const auto on_board = [&board](const Candidate& c) {
        return board.has(c.cell, c.digit);
      };
      DLX_ASSERT(!step.placements.empty() || !step.eliminations.empty());
      DLX_ASSERT(std::all_of(step.eliminations.begin(), step.eliminations.end(), on_board));
      DLX_ASSERT(std::all_of(step.placements.begin(), step.placements.end(), on_board));
      return step;
    }
  }
  return std::nullopt;
}

std::optional<GradedStep> Engine::step() {
  std::optional<GradedStep> s = next();
  if (s) board_.apply(*s);
  return s;
}

Grade grade(Engine& engine) {
  Grade g;
  bool placed = false, first = true;
  while (const auto s = engine.step()) {
    ++g.steps;
    if (s->rating > g.er) {
      g.er = s->rating;
      g.technique = s->technique;
    }
    if (first) g.ed = g.er;
    first = false;
    if (!placed && !s->placements.empty()) {
      placed = true;
      g.ep = g.er;
    }
  }
  g.solved = engine.board().solved();
  g.stopped = !g.solved && engine.stopped();
  return g;
}

std::string rating_text(double rating) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", std::round(rating * 10) / 10);
  return buffer;
}

}  // namespace sudoku::logic
