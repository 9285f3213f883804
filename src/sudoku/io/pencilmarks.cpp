#include "sudoku/io/pencilmarks.hpp"

namespace sudoku {

bool is_pencilmark_text(std::string_view text, int side, const Symbols& symbols) {
  const auto n = static_cast<std::size_t>(side);
  if (side < 2 || text.size() != n * n * n || side > symbols.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int v = symbols.value(text[i], side);
    if (v != Symbols::kBlank && v != static_cast<int>(i % n) + 1) return false;
  }
  return true;
}

CandidateGrid read_pencilmarks(std::string_view text, Shape shape, const Symbols& symbols) {
  const auto n = static_cast<std::size_t>(shape.side());
  CandidateGrid grid{shape, std::vector<Mask>(n * n, 0)};
  for (std::size_t i = 0; i < text.size() && i < n * n * n; ++i)
    if (symbols.value(text[i], shape.side()) > 0) grid.cells[i / n] |= Mask{1} << (i % n);
  return grid;
}

void append_pencilmarks(std::string& out, const CandidateGrid& grid, const Symbols& symbols) {
  const int n = grid.shape.side();
  for (Mask m : grid.cells)
    for (int d = 1; d <= n; ++d) out += (m & digit_bit(d)) ? symbols.symbol(d) : '.';
}

}  // namespace sudoku
