// Small problems the engine tests share.
#pragma once

#include <string>

#include "dlx/problem.hpp"

namespace test {

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

}  // namespace test
