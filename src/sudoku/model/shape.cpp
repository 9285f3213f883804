#include "sudoku/model/shape.hpp"

#include <charconv>

namespace sudoku {

std::string to_string(Shape shape) {
  return std::to_string(shape.box_rows) + "x" + std::to_string(shape.box_cols);
}

std::optional<Shape> parse_box(std::string_view text) {
  const auto x = text.find_first_of("xX");
  if (x == std::string_view::npos) return std::nullopt;
  const auto number = [](std::string_view digits) -> std::optional<int> {
    int value = 0;
    const char* end = digits.data() + digits.size();
    if (digits.empty() || digits.size() > 3) return std::nullopt;
    const auto [ptr, ec] = std::from_chars(digits.data(), end, value);
    if (ec != std::errc{} || ptr != end) return std::nullopt;
    return value;
  };
  const auto rows = number(text.substr(0, x)), cols = number(text.substr(x + 1));
  if (!rows || !cols || *rows < 1 || *cols < 1) return std::nullopt;
  const Shape shape{*rows, *cols};
  if (shape.side() < 2 || shape.side() > kMaxSide) return std::nullopt;
  return shape;
}

std::optional<Shape> shape_for_side(std::size_t side) {
  if (side < 4 || side > static_cast<std::size_t>(kMaxSide)) return std::nullopt;
  int rows = 1;
  for (int r = 2; r * r <= static_cast<int>(side); ++r)
    if (side % static_cast<std::size_t>(r) == 0) rows = r;
  if (rows == 1) return std::nullopt;
  return Shape{rows, static_cast<int>(side) / rows};
}

std::optional<Shape> shape_for_cells(std::size_t cells) {
  std::size_t side = 0;
  while ((side + 1) * (side + 1) <= cells && side <= static_cast<std::size_t>(kMaxSide)) ++side;
  if (side * side != cells) return std::nullopt;
  return shape_for_side(side);
}

}  // namespace sudoku
