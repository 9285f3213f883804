// Walking the k-subsets (k <= 4) of 0..count-1, as subsets and fish choose their base sets.
#pragma once

#include <array>
#include <cstddef>

namespace sudoku::logic {

// Calls f(indices) for every k-subset of 0..count-1 in lexicographic order, until f returns true.
template <class F>
bool for_each_subset(int count, int k, F&& f) {
  std::array<int, 4> idx{};
  if (k > count) return false;
  for (int i = 0; i < k; ++i) idx[static_cast<std::size_t>(i)] = i;
  for (;;) {
    if (f(idx)) return true;
    int i = k - 1;
    while (i >= 0 && idx[static_cast<std::size_t>(i)] == count - k + i) --i;
    if (i < 0) return false;
    ++idx[static_cast<std::size_t>(i)];
    for (int j = i + 1; j < k; ++j)
      idx[static_cast<std::size_t>(j)] = idx[static_cast<std::size_t>(j - 1)] + 1;
  }
}

}  // namespace sudoku::logic
