// Walking the k-subsets (k <= 4) of 0..count-1, as subsets and fish choose their base sets.
#pragma once

#include <array>
#include <cstddef>

namespace sudoku::logic {

// Calls f(indices) for every k-subset of 0..count-1 in colexicographic order (by largest index, then the next:
// {0,1}, {0,2}, {1,2}, {0,3}, ...), the order Sukaku Explainer scans its tuples in, or with `lexicographic` by
// smallest index, then the next ({0,1}, {0,2}, {0,3}, ... {1,2}, ...), until f returns true.
template <class F>
bool for_each_subset(int count, int k, F&& f, bool lexicographic = false) {
  std::array<int, 4> idx{};
  if (k > count) return false;
  for (int i = 0; i < k; ++i) idx[static_cast<std::size_t>(i)] = i;
  for (;;) {
    if (f(idx)) return true;
    if (lexicographic) {
      int i = k - 1;
      while (i >= 0 && idx[static_cast<std::size_t>(i)] == count - k + i) --i;
      if (i < 0) return false;
      ++idx[static_cast<std::size_t>(i)];
      for (int j = i + 1; j < k; ++j)
        idx[static_cast<std::size_t>(j)] = idx[static_cast<std::size_t>(j - 1)] + 1;
      continue;
    }
    int i = 0;
    while (i < k &&
           idx[static_cast<std::size_t>(i)] + 1 == (i + 1 < k ? idx[static_cast<std::size_t>(i + 1)] : count))
      ++i;
    if (i == k) return false;
    ++idx[static_cast<std::size_t>(i)];
    for (int j = 0; j < i; ++j) idx[static_cast<std::size_t>(j)] = j;
  }
}

}  // namespace sudoku::logic
