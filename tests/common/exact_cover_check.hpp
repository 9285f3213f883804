// The definition of a solution, checked directly (nothing of dancing links): every primary item covered exactly
// once (or within its bounds lo:hi), every secondary item at most once or else always with the same color. Shared by the brute-force tests and
// the fuzz targets.
#pragma once

#include <span>
#include <vector>

#include "dlx/problem.hpp"

namespace test {

inline bool is_exact_cover(const dlx::Problem& p, std::span<const dlx::OptionId> solution) {
  std::vector<int> uses(p.item_count(), 0);
  std::vector<dlx::ColorId> color(p.item_count(), dlx::kNoColor);
  std::vector<bool> uncolored(p.item_count(), false);
  for (const dlx::OptionId o : solution) {
    for (const dlx::ItemUse& u : p.option(o)) {
      ++uses[u.item];
      if (u.color == dlx::kNoColor) {
        uncolored[u.item] = true;
      } else if (color[u.item] != dlx::kNoColor && color[u.item] != u.color) {
        return false;
      } else {
        color[u.item] = u.color;
      }
    }
  }
  for (dlx::ItemId i = 0; i < p.item_count(); ++i) {
    if (p.is_primary(i) &&
        (uses[i] < static_cast<int>(p.bounds(i).lo) || uses[i] > static_cast<int>(p.bounds(i).hi)))
      return false;
    if (!p.is_primary(i) && uncolored[i] && uses[i] > 1) return false;
  }
  return true;
}

}  // namespace test
