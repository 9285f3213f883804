#include "sudoku/maker/random_layouts.hpp"

#include <algorithm>
#include <numeric>

#include "sudoku/model/candidates.hpp"

namespace sudoku {
namespace {

// The orthogonal neighbours of a cell on a board of side n.
template <class Visit>
void for_neighbours(int cell, int n, Visit&& visit) {
  const int r = cell / n, c = cell % n;
  if (r > 0) visit(cell - n);
  if (r + 1 < n) visit(cell + n);
  if (c > 0) visit(cell - 1);
  if (c + 1 < n) visit(cell + 1);
}

// Whether the cells of region `id` are connected when `without` is taken out and `with` put in.
bool connected(const std::vector<int>& regions, int n, int id, int without, int with) {
  const auto in = [&](int cell) {
    return cell == with || (cell != without && regions[std::size_t(cell)] == id);
  };
  std::vector<char> seen(regions.size(), 0);
  std::vector<int> stack{with};
  seen[std::size_t(with)] = 1;
  int reached = 0;
  while (!stack.empty()) {
    const int cell = stack.back();
    stack.pop_back();
    ++reached;
    for_neighbours(cell, n, [&](int next) {
      if (!seen[std::size_t(next)] && in(next)) {
        seen[std::size_t(next)] = 1;
        stack.push_back(next);
      }
    });
  }
  return reached == n;
}

}  // namespace

std::vector<int> random_regions(Shape shape, Random& random) {
  const int n = shape.side(), cells = n * n;
  std::vector<int> regions(static_cast<std::size_t>(cells));
  for (int cell = 0; cell < cells; ++cell) regions[std::size_t(cell)] = shape.box_of(cell / n, cell % n);
  // Trade a cell a of region A touching region B for a cell b of B touching A: sizes stay n, and the trade is
  // kept only when both regions stay connected. Enough trades that little of the boxes is left.
  const int trades = 8 * cells;
  std::vector<int> candidates;
  for (int done = 0, tries = 0; done < trades && tries < 50 * trades; ++tries) {
    const int a = static_cast<int>(random.below(std::uint64_t(cells)));
    const int from = regions[std::size_t(a)];
    candidates.clear();
    for_neighbours(a, n, [&](int next) {
      if (regions[std::size_t(next)] != from) candidates.push_back(regions[std::size_t(next)]);
    });
    if (candidates.empty()) continue;
    const int to = candidates[std::size_t(random.below(candidates.size()))];
    // A cell b of region `to` touching region `from` (other than through a alone).
    candidates.clear();
    for (int b = 0; b < cells; ++b) {
      if (regions[std::size_t(b)] != to) continue;
      bool touches = false;
      for_neighbours(b, n, [&](int next) { touches |= next != a && regions[std::size_t(next)] == from; });
      if (touches) candidates.push_back(b);
    }
    if (candidates.empty()) continue;
    const int b = candidates[std::size_t(random.below(candidates.size()))];
    if (!connected(regions, n, from, a, b) || !connected(regions, n, to, b, a)) continue;
    regions[std::size_t(a)] = to;
    regions[std::size_t(b)] = from;
    ++done;
  }
  return regions;
}

std::string regions_layout(const std::vector<int>& regions) {
  static constexpr std::string_view kNames = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  std::string layout;
  for (int id : regions) layout += kNames[std::size_t(id)];
  return layout;
}

std::vector<Cage> random_cages(const Grid& solution, int min_size, int max_size, Random& random) {
  const int n = solution.shape.side(), cells = n * n;
  const auto digit = [&](int cell) { return Mask{1} << (solution.cells[std::size_t(cell)] - 1); };
  std::vector<int> cage_of(static_cast<std::size_t>(cells), -1);
  std::vector<std::vector<int>> cages;
  std::vector<Mask> digits;
  std::vector<int> order(static_cast<std::size_t>(cells)), frontier;
  std::iota(order.begin(), order.end(), 0);
  random.shuffle(order);
  for (int start : order) {
    if (cage_of[std::size_t(start)] >= 0) continue;
    const int id = static_cast<int>(cages.size());
    const int size = min_size + static_cast<int>(random.below(std::uint64_t(max_size - min_size + 1)));
    cages.push_back({start});
    digits.push_back(digit(start));
    cage_of[std::size_t(start)] = id;
    while (static_cast<int>(cages.back().size()) < size) {
      frontier.clear();
      for (int cell : cages.back())
        for_neighbours(cell, n, [&](int next) {
          if (cage_of[std::size_t(next)] < 0 && (digits.back() & digit(next)) == 0) frontier.push_back(next);
        });
      if (frontier.empty()) break;
      const int next = frontier[std::size_t(random.below(frontier.size()))];
      cages.back().push_back(next);
      digits.back() |= digit(next);
      cage_of[std::size_t(next)] = id;
    }
  }
  // A cage left below min_size joins a touching cage when the two fit together.
  for (std::size_t id = 0; id < cages.size(); ++id) {
    if (cages[id].empty() || static_cast<int>(cages[id].size()) >= min_size) continue;
    frontier.clear();
    for (int cell : cages[id])
      for_neighbours(cell, n, [&](int next) {
        const int other = cage_of[std::size_t(next)];
        if (other != static_cast<int>(id) && (digits[std::size_t(other)] & digits[id]) == 0 &&
            cages[std::size_t(other)].size() + cages[id].size() <= std::size_t(max_size))
          frontier.push_back(other);
      });
    if (frontier.empty()) continue;
    const auto into = std::size_t(frontier[std::size_t(random.below(frontier.size()))]);
    for (int cell : cages[id]) cage_of[std::size_t(cell)] = static_cast<int>(into);
    cages[into].insert(cages[into].end(), cages[id].begin(), cages[id].end());
    digits[into] |= digits[id];
    cages[id].clear();
  }
  std::vector<Cage> result;
  for (std::vector<int>& cells_of : cages) {
    if (cells_of.empty()) continue;
    std::sort(cells_of.begin(), cells_of.end());
    Cage cage;
    for (int cell : cells_of) cage.sum += solution.cells[std::size_t(cell)];
    cage.cells = std::move(cells_of);
    result.push_back(std::move(cage));
  }
  // In reading order of their first cells, as the reader would number them.
  std::sort(result.begin(), result.end(),
            [](const Cage& a, const Cage& b) { return a.cells[0] < b.cells[0]; });
  return result;
}

}  // namespace sudoku
