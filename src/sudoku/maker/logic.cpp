#include "sudoku/maker/logic.hpp"

namespace sudoku {
namespace {

constexpr const char* kTechniqueNames[kTechniques] = {
    "hidden-single", "naked-single", "pointing",      "claiming",   "naked-pair",
    "hidden-pair",   "naked-triple", "hidden-triple", "naked-quad", "hidden-quad",
};

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

}  // namespace sudoku
