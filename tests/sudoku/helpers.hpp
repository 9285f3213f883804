// Test helpers written without the library's logic, so that they can judge it: a board from text, a solution
// checker and a brute-force solution counter.
#pragma once

#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/model/grid.hpp"

namespace test {

// A fixed sequence of pseudo-random numbers, the same on every platform and standard library (a 64-bit linear
// congruential generator with Knuth's MMIX constants; its high bits are the well-mixed ones).
class Lcg {
 public:
  explicit Lcg(std::uint64_t seed) : state_(seed) {}
  // The next number, 31 bits.
  std::uint64_t next() {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return state_ >> 33;
  }
  // The next number below n (n > 0).
  unsigned below(unsigned n) { return static_cast<unsigned>(next() % n); }

 private:
  std::uint64_t state_;
};

inline std::string data_path(std::string_view name) {
  return std::string(SUDOKU_TEST_DATA) + "/" + std::string(name);
}

inline std::vector<std::string> read_lines(std::string_view name) {
  std::ifstream in(data_path(name));
  if (!in) throw std::runtime_error("cannot open " + data_path(name));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

// '.', '0' blank; 1-9 then A-Z digits.
inline sudoku::Grid grid_from(std::string_view text, int box_rows, int box_cols) {
  sudoku::Grid g;
  g.shape = {box_rows, box_cols};
  const auto n = static_cast<std::size_t>(box_rows * box_cols);
  if (text.size() != n * n) throw std::invalid_argument("grid_from: wrong length");
  for (char c : text) {
    int v = 0;
    if (c >= '1' && c <= '9')
      v = c - '0';
    else if (c >= 'A' && c <= 'Z')
      v = c - 'A' + 10;
    else if (c != '.' && c != '0')
      throw std::invalid_argument("grid_from: bad character");
    g.cells.push_back(static_cast<std::uint8_t>(v));
  }
  return g;
}

inline std::string text_of(const sudoku::Grid& g) {
  std::string s;
  for (int v : g.cells)
    s += v == 0 ? '.' : v <= 9 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10);
  return s;
}

// True when `solution` fills every cell, keeps the givens of `puzzle`, and has each digit once in every row,
// column and box.
inline bool is_solution_of(const sudoku::Grid& puzzle, const sudoku::Grid& solution) {
  const int R = puzzle.shape.box_rows, C = puzzle.shape.box_cols, n = R * C;
  if (solution.cells.size() != static_cast<std::size_t>(n * n) ||
      puzzle.cells.size() != solution.cells.size())
    return false;
  for (std::size_t i = 0; i < puzzle.cells.size(); ++i)
    if (puzzle.cells[i] != 0 && puzzle.cells[i] != solution.cells[i]) return false;
  const auto value = [&](int r, int c) {
    return static_cast<int>(solution.cells[static_cast<std::size_t>(r * n + c)]);
  };
  for (int unit = 0; unit < n; ++unit) {
    std::vector<int> in_row(n + 1), in_col(n + 1), in_box(n + 1);
    for (int k = 0; k < n; ++k) {
      const int a = value(unit, k), b = value(k, unit);
      const int box_r = (unit / R) * R + k / C, box_c = (unit % R) * C + k % C;
      const int c = value(box_r, box_c);
      if (a < 1 || a > n || b < 1 || b > n || c < 1 || c > n) return false;
      ++in_row[a], ++in_col[b], ++in_box[c];
    }
    for (int d = 1; d <= n; ++d)
      if (in_row[d] != 1 || in_col[d] != 1 || in_box[d] != 1) return false;
  }
  return true;
}

// Plain backtracking, cell by cell: the number of solutions, stopping at limit.
inline std::uint64_t brute_force_count(sudoku::Grid g, std::uint64_t limit) {
  const int R = g.shape.box_rows, C = g.shape.box_cols, n = R * C;
  const auto ok = [&](int cell, int d) {
    const int r = cell / n, c = cell % n;
    for (int k = 0; k < n; ++k) {
      if (k != c && g.cells[static_cast<std::size_t>(r * n + k)] == d) return false;
      if (k != r && g.cells[static_cast<std::size_t>(k * n + c)] == d) return false;
      const int br = r / R * R + k / C, bc = c / C * C + k % C;
      if ((br != r || bc != c) && g.cells[static_cast<std::size_t>(br * n + bc)] == d) return false;
    }
    return true;
  };
  for (int cell = 0; cell < n * n; ++cell)
    if (g.cells[static_cast<std::size_t>(cell)] != 0 && !ok(cell, g.cells[static_cast<std::size_t>(cell)]))
      return 0;
  std::uint64_t count = 0;
  const auto search = [&](auto&& self, int cell) -> void {
    if (count >= limit) return;
    if (cell == n * n) {
      ++count;
      return;
    }
    auto& v = g.cells[static_cast<std::size_t>(cell)];
    if (v != 0) return self(self, cell + 1);
    for (int d = 1; d <= n; ++d) {
      if (!ok(cell, d)) continue;
      v = static_cast<std::uint8_t>(d);
      self(self, cell + 1);
      v = 0;
    }
  };
  search(search, 0);
  return count;
}

}  // namespace test
