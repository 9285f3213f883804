#include "sudoku/houses.hpp"

namespace sudoku {

Houses::Houses(Shape shape) : Houses(Rules{shape, {}, {}, false, false, false, {}}) {}

Houses::Houses(const Rules& rules)
    : shape_(rules.shape),
      jigsaw_(!rules.regions.empty()),
      cells_(static_cast<std::size_t>(3 * rules.shape.side())),
      of_(static_cast<std::size_t>(rules.shape.cells())) {
  const int n = shape_.side();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c, b = rules.region_of(cell);
      cells_[static_cast<std::size_t>(r)].push_back(cell);
      cells_[static_cast<std::size_t>(n + c)].push_back(cell);
      cells_[static_cast<std::size_t>(2 * n + b)].push_back(cell);
      of_[static_cast<std::size_t>(cell)] = {r, n + c, 2 * n + b};
    }
  }
}

std::string Houses::name(int h) const {
  static constexpr const char* kNames[] = {"row ", "column ", "box "};
  if (jigsaw_ && kind(h) == HouseKind::box) return "region " + std::to_string(h % side() + 1);
  return kNames[static_cast<int>(kind(h))] + std::to_string(h % side() + 1);
}

}  // namespace sudoku
