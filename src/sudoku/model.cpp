#include "sudoku/model.hpp"

#include <string>

namespace sudoku {

dlx::Problem make_problem(Shape shape) {
  const int n = shape.side();
  dlx::Problem problem;
  problem.reserve(static_cast<std::size_t>(4 * n * n), static_cast<std::size_t>(n * n * n),
                  static_cast<std::size_t>(4 * n * n * n));
  // Names only matter for dumps (dlx::write_knuth); the ids are what the search uses: item k of a group is
  // group_base + unit * n + (digit - 1), added in exactly that order.
  const auto name = [](char kind, int unit, char sep, int value) {
    return std::string(1, kind) + std::to_string(unit + 1) + sep + std::to_string(value + 1);
  };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      problem.add_primary("r" + std::to_string(r + 1) + "c" + std::to_string(c + 1));
  for (char kind : {'r', 'c', 'b'})
    for (int u = 0; u < n; ++u)
      for (int d = 0; d < n; ++d) problem.add_primary(name(kind, u, '=', d));

  const auto items = static_cast<dlx::ItemId>(n * n);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      for (int d = 0; d < n; ++d) {
        const auto cell = static_cast<dlx::ItemId>(r * n + c);
        const dlx::ItemUse uses[] = {
            {cell},
            {items + static_cast<dlx::ItemId>(r * n + d)},
            {2 * items + static_cast<dlx::ItemId>(c * n + d)},
            {3 * items + static_cast<dlx::ItemId>(shape.box_of(r, c) * n + d)},
        };
        problem.add_option(uses);
      }
    }
  }
  return problem;
}

}  // namespace sudoku
