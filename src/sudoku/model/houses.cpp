#include "sudoku/model/houses.hpp"

#include <algorithm>

#include "dlx/assert.hpp"

namespace sudoku {

namespace {

Rules plain_rules(Shape shape) {
  Rules rules;
  rules.shape = shape;
  return rules;
}

}  // namespace

Houses::Houses(Shape shape) : Houses(plain_rules(shape)) {}

Houses::Houses(const Rules& rules)
    : shape_(rules.shape),
      jigsaw_(!rules.regions.empty()),
      cells_(static_cast<std::size_t>(3 * rules.shape.side())) {
  const int n = shape_.side();
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c;
      const int region = rules.region_of(cell);
      DLX_ASSERT(region >= 0 && region < n);  // the reader checked the jigsaw's layout
      cells_[static_cast<std::size_t>(r)].push_back(cell);
      cells_[static_cast<std::size_t>(n + c)].push_back(cell);
      cells_[static_cast<std::size_t>(2 * n + region)].push_back(cell);
    }
  }
  for (const Region& region : rules.extra) {
    // cells() promises them ascending (the variant model's binary searches rely on it), and on the board.
    DLX_ASSERT(std::is_sorted(region.cells.begin(), region.cells.end()));
    DLX_ASSERT(region.cells.empty() || (region.cells.front() >= 0 && region.cells.back() < shape_.cells()));
    cells_.push_back(region.cells);
    extra_names_.push_back(region.name);
  }
  // Each cell's houses, in house order (so ascending).
  std::vector<std::vector<int>> of(static_cast<std::size_t>(shape_.cells()));
  for (int h = 0; h < count(); ++h)
    for (int cell : cells(h)) of[static_cast<std::size_t>(cell)].push_back(h);
  of_begin_.push_back(0);
  for (const std::vector<int>& houses : of) {
    of_.insert(of_.end(), houses.begin(), houses.end());
    of_begin_.push_back(of_.size());
  }
}

bool Houses::holds(const Rules& rules) {
  return !rules.anti_knight && !rules.anti_king && rules.relabels() && rules.constraints.empty();
}

bool Houses::has(int cell, int h) const {
  const std::span<const int> houses = of(cell);
  return std::binary_search(houses.begin(), houses.end(), h);
}

std::string Houses::name(int h) const {
  static constexpr const char* kNames[] = {"row ", "column ", "box "};
  if (kind(h) == HouseKind::extra) return extra_names_[static_cast<std::size_t>(h - 3 * side())];
  if (jigsaw_ && kind(h) == HouseKind::box) return "region " + std::to_string(h % side() + 1);
  return kNames[static_cast<int>(kind(h))] + std::to_string(h % side() + 1);
}

}  // namespace sudoku
