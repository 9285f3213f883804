#include "sudoku/model/model.hpp"

#include <charconv>
#include <string>
#include <string_view>

namespace sudoku {

dlx::Problem make_problem(Shape shape) {
  const int n = shape.side();
  dlx::Problem problem;
  problem.reserve(static_cast<std::size_t>(4 * n * n), static_cast<std::size_t>(n * n * n),
                  static_cast<std::size_t>(4 * n * n * n));
  // Names only matter for dumps (dlx::write_knuth); the ids are what the search uses: item k of a group is
  // group_base + unit * n + (digit - 1), added in exactly that order. Written into a small buffer: building
  // them is a good part of a one-puzzle run.
  std::string text;
  const auto append = [&](int value) {
    char digits[16];
    text.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
  };
  const auto name = [&](char kind, int unit, char separator, int value) {
    text.assign(1, kind);
    append(unit + 1);
    text += separator;
    append(value + 1);
    return std::string_view(text);
  };
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) problem.add_primary(name('r', r, 'c', c));
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
