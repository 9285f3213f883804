// Small problems under Propagation::automatic's own search: it propagates only past 200 primary items, so a
// problem gets 200 more, each in one option of its own, which the root takes. The padded problem's solutions
// are the core's plus the pads. Shared by the brute-force tests and the fuzz targets.
#pragma once

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "dlx/problem.hpp"

namespace test {

inline constexpr int kPropagationPads = 200;

// Adds the pads, primary items "pad.N", each option with `secondaries` secondary items of its own too
// ("pad.N.E": options of a uniform length stay uniform). Throws dlx::ProblemError when the problem has one of
// those names.
inline void add_propagation_pads(dlx::Problem& p, int secondaries = 0) {
  for (int k = 0; k < kPropagationPads; ++k) {
    const std::string name = "pad." + std::to_string(k);
    std::vector<dlx::ItemUse> pad{{p.add_primary(name)}};
    for (int e = 0; e < secondaries; ++e) pad.push_back({p.add_secondary(name + "." + std::to_string(e))});
    p.add_option(pad);
  }
}

// A padded problem's solution without the pads (the options numbered from core_options on), sorted.
inline std::vector<dlx::OptionId> core_of(std::span<const dlx::OptionId> solution,
                                          dlx::OptionId core_options) {
  std::vector<dlx::OptionId> core;
  for (const dlx::OptionId o : solution)
    if (o < core_options) core.push_back(o);
  std::sort(core.begin(), core.end());
  return core;
}

}  // namespace test
