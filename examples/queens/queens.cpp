#include "queens/queens.hpp"

#include <ostream>
#include <stdexcept>
#include <string>

namespace examples::queens {

namespace {

std::string name(char kind, int index) {
  return kind + std::to_string(index);
}

}  // namespace

dlx::Problem build(int n) {
  if (n < 1 || n > kMaxN) throw std::invalid_argument("n must be 1 to " + std::to_string(kMaxN));
  dlx::Problem problem;
  // Organ-pipe order: middle row and column first, then their neighbours on either side.
  for (int step = 0; step < n; ++step) {
    const int line = step % 2 == 0 ? (n - 1) / 2 - step / 2 : (n - 1) / 2 + (step + 1) / 2;
    problem.add_primary(name('r', line));
    problem.add_primary(name('c', line));
  }
  for (int d = 0; d < 2 * n - 1; ++d) problem.add_secondary(name('a', d));
  for (int d = 0; d < 2 * n - 1; ++d) problem.add_secondary(name('b', d));

  std::vector<dlx::ItemId> row(n), column(n), diagonal(2 * n - 1), anti(2 * n - 1);
  for (int i = 0; i < n; ++i) {
    row[i] = *problem.find_item(name('r', i));
    column[i] = *problem.find_item(name('c', i));
  }
  for (int d = 0; d < 2 * n - 1; ++d) {
    diagonal[d] = *problem.find_item(name('a', d));
    anti[d] = *problem.find_item(name('b', d));
  }
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      problem.add_option({{row[r]}, {column[c]}, {diagonal[r + c]}, {anti[r - c + n - 1]}});
  return problem;
}

std::vector<int> columns(int n, std::span<const dlx::OptionId> solution) {
  std::vector<int> column(n, -1);
  for (dlx::OptionId option : solution) column[option / n] = static_cast<int>(option % n);
  return column;
}

void draw(std::ostream& out, int n, std::span<const dlx::OptionId> solution) {
  const std::vector<int> column = columns(n, solution);
  for (int r = 0; r < n; ++r) {
    std::string line;
    for (int c = 0; c < n; ++c) {
      if (c > 0) line += ' ';
      line += column[r] == c ? 'Q' : '.';
    }
    out << line << '\n';
  }
}

}  // namespace examples::queens
