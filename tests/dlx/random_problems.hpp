// Small random exact-cover problems (with colors when asked) and every solution of one by brute force over all
// subsets of its options: the definition checked directly, nothing of dancing links. Shared by the tests that
// compare a search, or a rewriting of the problem, with it.
#pragma once

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "../common/exact_cover_check.hpp"
#include "dlx/problem.hpp"

namespace test {

using Solution = std::vector<dlx::OptionId>;

inline bool is_solution(const dlx::Problem& p, std::uint32_t subset) {
  Solution options;
  for (dlx::OptionId o = 0; o < p.option_count(); ++o) {
    if (!(subset >> o & 1)) continue;
    if (!p.has_primary_item(o)) return false;  // never chosen by Algorithm C
    options.push_back(o);
  }
  return test::is_exact_cover(p, options);
}

inline std::set<Solution> brute_force(const dlx::Problem& p) {
  std::set<Solution> out;
  for (std::uint32_t subset = 0; subset < (1u << p.option_count()); ++subset) {
    if (!is_solution(p, subset)) continue;
    Solution s;
    for (dlx::OptionId o = 0; o < p.option_count(); ++o)
      if (subset >> o & 1) s.push_back(o);
    out.insert(s);
  }
  return out;
}

inline dlx::Problem random_problem(std::mt19937& rng, bool colors) {
  dlx::Problem p;
  const int primaries = std::uniform_int_distribution<int>(1, 6)(rng);
  const int secondaries = std::uniform_int_distribution<int>(0, 4)(rng);
  // Interleave primary and secondary declarations to exercise the solver's own ordering.
  int made_primary = 0, made_secondary = 0;
  while (made_primary < primaries || made_secondary < secondaries) {
    if (made_secondary == secondaries || (made_primary < primaries && rng() % 2 == 0)) {
      p.add_primary("p" + std::to_string(made_primary++));
    } else {
      p.add_secondary("s" + std::to_string(made_secondary++));
    }
  }
  const int options = std::uniform_int_distribution<int>(0, 14)(rng);
  for (int o = 0; o < options; ++o) {
    std::vector<dlx::ItemUse> uses;
    for (dlx::ItemId i = 0; i < p.item_count(); ++i) {
      if (rng() % 3 != 0) continue;
      dlx::ColorId c = dlx::kNoColor;
      if (colors && !p.is_primary(i) && rng() % 4 != 0)
        c = p.color(std::string(1, static_cast<char>('A' + rng() % 2)));
      uses.push_back({i, c});
    }
    if (uses.empty()) uses.push_back({static_cast<dlx::ItemId>(rng() % p.item_count())});
    std::shuffle(uses.begin(), uses.end(), rng);
    p.add_option(uses);
  }
  return p;
}

}  // namespace test
