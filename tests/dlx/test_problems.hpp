// Small problems the engine tests share, and every solution of one by brute force over all subsets of its
// options: the definition checked directly, nothing of dancing links.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "../common/exact_cover_check.hpp"
#include "dlx/problem.hpp"

namespace test {

using Solution = std::vector<dlx::OptionId>;

// N-queens: rows and columns primary, diagonals secondary.
inline dlx::Problem queens(int n) {
  dlx::Problem p;
  for (int i = 0; i < n; ++i) p.add_primary("r" + std::to_string(i));
  for (int i = 0; i < n; ++i) p.add_primary("c" + std::to_string(i));
  for (int i = 0; i < 2 * n - 1; ++i) p.add_secondary("a" + std::to_string(i));
  for (int i = 0; i < 2 * n - 1; ++i) p.add_secondary("b" + std::to_string(i));
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const auto item = [](int first, int k) { return static_cast<dlx::ItemId>(first + k); };
      p.add_option({{item(0, r)}, {item(n, c)}, {item(2 * n, r + c)}, {item(4 * n - 1, r - c + n - 1)}});
    }
  }
  return p;
}

// k non-attacking rooks on an n x n board: rows and columns 0:1, a counter item K taken exactly k times.
inline std::string rooks(int n, int k) {
  std::string text;
  for (int i = 0; i < n; ++i) text += "0:1|r" + std::to_string(i) + " 0:1|c" + std::to_string(i) + " ";
  text += std::to_string(k) + "|K\n";
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) text += "r" + std::to_string(i) + " c" + std::to_string(j) + " K\n";
  return text;
}

// Every subset of the options that is a solution (each option at most once), sorted.
inline std::set<Solution> brute_force(const dlx::Problem& p) {
  std::set<Solution> out;
  for (std::uint32_t subset = 0; subset < (1u << p.option_count()); ++subset) {
    Solution s;
    bool primary_less = false;
    for (dlx::OptionId o = 0; o < p.option_count(); ++o) {
      if (!(subset >> o & 1)) continue;
      primary_less = primary_less || !p.has_primary_item(o);
      s.push_back(o);
    }
    if (!primary_less && test::is_exact_cover(p, s)) out.insert(s);
  }
  return out;
}

// Small random problems with bounds lo:hi (0..2 : 1..3), secondary items, colors and costs.
inline dlx::Problem random_problem(std::mt19937& rng) {
  dlx::Problem p;
  const int primaries = std::uniform_int_distribution<int>(1, 5)(rng);
  const int secondaries = std::uniform_int_distribution<int>(0, 3)(rng);
  for (int i = 0; i < primaries; ++i) {
    const auto hi = std::uniform_int_distribution<std::uint32_t>(1, 3)(rng);
    const auto lo = std::uniform_int_distribution<std::uint32_t>(0, std::min(hi, 2u))(rng);
    p.add_primary("p" + std::to_string(i), lo, hi);
  }
  for (int i = 0; i < secondaries; ++i) p.add_secondary("s" + std::to_string(i));
  const int options = std::uniform_int_distribution<int>(0, 13)(rng);
  for (int o = 0; o < options; ++o) {
    std::vector<dlx::ItemUse> uses;
    for (dlx::ItemId i = 0; i < p.item_count(); ++i) {
      if (rng() % 3 != 0) continue;
      dlx::ColorId color = dlx::kNoColor;
      if (!p.is_primary(i) && rng() % 2 == 0) color = p.color(rng() % 2 == 0 ? "red" : "blue");
      uses.push_back({i, color});
    }
    if (uses.empty()) uses.push_back({static_cast<dlx::ItemId>(rng() % p.primary_count()), dlx::kNoColor});
    const dlx::OptionId id = p.add_option(uses);
    p.set_cost(id, rng() % 10);
  }
  return p;
}

// Small random problems without bounds or costs (colors when asked), primary and secondary items declared
// interleaved to exercise the solver's own ordering: for the searches and rewritings that take plain problems.
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
