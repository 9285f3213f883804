#include "sudoku/houses.hpp"

namespace sudoku {

Houses::Houses(Shape shape)
    : shape_(shape),
      cells_(static_cast<std::size_t>(3 * shape.side())),
      of_(static_cast<std::size_t>(shape.cells())) {
  const int n = shape.side();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c, b = shape.box_of(r, c);
      cells_[static_cast<std::size_t>(r)].push_back(cell);
      cells_[static_cast<std::size_t>(n + c)].push_back(cell);
      cells_[static_cast<std::size_t>(2 * n + b)].push_back(cell);
      of_[static_cast<std::size_t>(cell)] = {r, n + c, 2 * n + b};
    }
  }
}

std::string Houses::name(int h) const {
  static constexpr const char* kNames[] = {"row ", "column ", "box "};
  return kNames[static_cast<int>(kind(h))] + std::to_string(h % side() + 1);
}

}  // namespace sudoku
