// The exact-cover model of a variant (model.hpp describes its items and options).
#include <algorithm>
#include <dlx/solver.hpp>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/model/cages.hpp"
#include "sudoku/model/constraints.hpp"
#include "sudoku/model/model.hpp"
#include "sudoku/model/neighbours.hpp"

namespace sudoku {
namespace {

// Cells that must hold the same digit: when two houses that each hold every digit (rows, columns, regions,
// full extra and derived regions) share all cells but one each, those two cells hold the one digit the shared
// cells leave. On jigsaws this is common (a region with n - 1 cells in a row) and, with the derived regions,
// settles layouts that admit no grid (the twins then share a house): a search alone did not in minutes.
std::vector<std::pair<int, int>> twin_cells(const Rules& rules, const std::vector<Region>& extra) {
  const int n = rules.shape.side();
  const std::vector<std::vector<int>> houses = full_houses(rules, extra);
  std::vector<int> mark(static_cast<std::size_t>(n * n), -1);  // mark[cell] == a: cell is in house a
  std::vector<std::pair<int, int>> twins;
  for (std::size_t a = 0; a < houses.size(); ++a) {
    for (int cell : houses[a]) mark[static_cast<std::size_t>(cell)] = static_cast<int>(a);
    for (std::size_t b = a + 1; b < houses.size(); ++b) {
      int outside = -1, count = 0;  // b's cells outside a
      for (int cell : houses[b]) {
        if (mark[static_cast<std::size_t>(cell)] == static_cast<int>(a)) continue;
        outside = cell;
        if (++count > 1) break;
      }
      if (count != 1) continue;
      const auto alone = std::find_if(houses[a].begin(), houses[a].end(), [&](int cell) {
        return !std::binary_search(houses[b].begin(), houses[b].end(), cell);
      });
      twins.emplace_back(std::min(*alone, outside), std::max(*alone, outside));
    }
  }
  std::sort(twins.begin(), twins.end());
  twins.erase(std::unique(twins.begin(), twins.end()), twins.end());
  return twins;
}

}  // namespace

dlx::Problem make_problem(const Rules& rules) {
  if (rules.plain()) return make_problem(rules.shape);
  check_cages(rules);
  check_extra_regions(rules);
  const int n = rules.shape.side();
  const auto cells = static_cast<std::size_t>(n * n);
  dlx::Problem problem;
  const auto name = [](char kind, std::size_t unit, int digit) {
    return kind + std::to_string(unit + 1) + '=' + std::to_string(digit + 1);
  };
  for (std::size_t cell = 0; cell < cells; ++cell) problem.add_primary("p" + std::to_string(cell + 1));
  for (char kind : {'r', 'c', 'b'})
    for (std::size_t u = 0; u < static_cast<std::size_t>(n); ++u)
      for (int d = 0; d < n; ++d) problem.add_primary(name(kind, u, d));

  // For each cell, the items its option of digit d covers beyond the cell, row, column and region: item
  // base + d for each base listed (secondary pair items of non-consecutive are listed by their own rule).
  std::vector<std::vector<dlx::ItemId>> digit_items(cells);
  std::vector<Region> extra = rules.extra;
  for (Region& region : derived_regions(rules)) extra.push_back(std::move(region));
  for (std::size_t x = 0; x < extra.size(); ++x) {
    const Region& region = extra[x];
    const bool full = static_cast<int>(region.cells.size()) == n;
    const auto base = static_cast<dlx::ItemId>(problem.item_count());
    for (int d = 0; d < n; ++d) {
      if (full) {
        problem.add_primary(name('x', x, d));
      } else {
        problem.add_secondary(name('x', x, d));
      }
    }
    for (int cell : region.cells) digit_items[static_cast<std::size_t>(cell)].push_back(base);
  }
  // Twins: one secondary item per pair, which the two cells' options of digit d color d: they must agree.
  std::vector<std::vector<dlx::ItemId>> twin_items(cells);
  if (!rules.regions.empty()) {
    const std::vector<std::pair<int, int>> twins = twin_cells(rules, extra);
    // Twins that must differ (a row, a column or a region holds both) cannot be: no grid fits the rules. A
    // primary item no option covers says so at the root, where a search would have had to find it out.
    const auto apart = [&](std::pair<int, int> t) {
      if (t.first / n == t.second / n || t.first % n == t.second % n ||
          rules.region_of(t.first) == rules.region_of(t.second))
        return true;
      return std::any_of(extra.begin(), extra.end(), [&](const Region& region) {
        return std::binary_search(region.cells.begin(), region.cells.end(), t.first) &&
               std::binary_search(region.cells.begin(), region.cells.end(), t.second);
      });
    };
    if (std::any_of(twins.begin(), twins.end(), apart)) problem.add_primary("no-grid");
    for (std::size_t t = 0; t < twins.size(); ++t) {
      const dlx::ItemId item = problem.add_secondary("t" + std::to_string(t + 1));
      twin_items[static_cast<std::size_t>(twins[t].first)].push_back(item);
      twin_items[static_cast<std::size_t>(twins[t].second)].push_back(item);
    }
  }
  std::vector<dlx::ColorId> digit_color(static_cast<std::size_t>(n));
  std::vector<std::pair<int, int>> pairs;
  if (rules.anti_knight) pairs = neighbour_pairs(n, Neighbourhood::knight);
  if (rules.anti_king) {
    const std::vector<std::pair<int, int>> king = neighbour_pairs(n, Neighbourhood::king);
    pairs.insert(pairs.end(), king.begin(), king.end());
  }
  std::sort(pairs.begin(), pairs.end());
  pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const auto base = static_cast<dlx::ItemId>(problem.item_count());
    for (int d = 0; d < n; ++d) problem.add_secondary(name('k', p, d));
    digit_items[static_cast<std::size_t>(pairs[p].first)].push_back(base);
    digit_items[static_cast<std::size_t>(pairs[p].second)].push_back(base);
  }
  // Non-consecutive: n - 1 items per orthogonal pair, item d shared by digits d and d + 1 of both cells.
  std::vector<std::pair<int, int>> neighbours;
  if (rules.non_consecutive) neighbours = neighbour_pairs(n, Neighbourhood::orthogonal);
  std::vector<std::vector<dlx::ItemId>> step_items(cells);
  for (std::size_t q = 0; q < neighbours.size(); ++q) {
    const auto base = static_cast<dlx::ItemId>(problem.item_count());
    for (int d = 0; d + 1 < n; ++d) problem.add_secondary(name('n', q, d));
    step_items[static_cast<std::size_t>(neighbours[q].first)].push_back(base);
    step_items[static_cast<std::size_t>(neighbours[q].second)].push_back(base);
  }
  std::vector<Cage> cages = rules.cages;
  for (Cage& cage : derived_cages(rules)) cages.push_back(std::move(cage));
  std::vector<dlx::ItemId> cage_base(cages.size());
  for (std::size_t k = 0; k < cages.size(); ++k) {
    cage_base[k] = static_cast<dlx::ItemId>(problem.item_count());
    for (int d = 0; d < n; ++d) problem.add_primary(name('s', k, d));
    for (int cell : cages[k].cells) digit_items[static_cast<std::size_t>(cell)].push_back(cage_base[k]);
  }

  std::vector<std::vector<dlx::ItemUse>> cell_items(cells * static_cast<std::size_t>(n));
  const std::vector<std::vector<dlx::ItemUse>> rule_options = add_constraints(problem, rules, cell_items);

  const auto items = static_cast<dlx::ItemId>(n * n);
  std::vector<dlx::ItemUse> uses;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const auto cell = static_cast<std::size_t>(r * n + c);
      for (int d = 0; d < n; ++d) {
        const auto digit = static_cast<dlx::ItemId>(d);
        uses.assign(
            {{static_cast<dlx::ItemId>(cell)},
             {items + static_cast<dlx::ItemId>(r * n + d)},
             {2 * items + static_cast<dlx::ItemId>(c * n + d)},
             {3 * items + static_cast<dlx::ItemId>(rules.region_of(static_cast<int>(cell)) * n + d)}});
        for (dlx::ItemId base : digit_items[cell]) uses.push_back({base + digit});
        for (dlx::ItemId base : step_items[cell]) {
          if (d > 0) uses.push_back({base + digit - 1});
          if (d + 1 < n) uses.push_back({base + digit});
        }
        if (!twin_items[cell].empty() && digit_color[digit] == dlx::kNoColor)
          digit_color[digit] = problem.color(std::to_string(d + 1));
        for (dlx::ItemId item : twin_items[cell]) uses.push_back({item, digit_color[digit]});
        const std::vector<dlx::ItemUse>& more = cell_items[cell * static_cast<std::size_t>(n) + digit];
        uses.insert(uses.end(), more.begin(), more.end());
        problem.add_option(uses);
      }
    }
  }
  for (std::size_t k = 0; k < cages.size(); ++k) {
    const Cage& cage = cages[k];
    for (std::uint64_t set : cage_digit_sets(static_cast<int>(cage.cells.size()), cage.sum, n)) {
      uses.clear();
      for (int d = 0; d < n; ++d)
        if ((set >> d & 1) == 0) uses.push_back({cage_base[k] + static_cast<dlx::ItemId>(d)});
      if (!uses.empty()) problem.add_option(uses);
    }
  }
  for (const std::vector<dlx::ItemUse>& option : rule_options) problem.add_option(option);
  return problem;
}

std::optional<bool> admits_grid(const Rules& rules, std::uint64_t budget) {
  if (rules.regions.empty() || rules.anti_knight || rules.anti_king || !rules.relabels()) return std::nullopt;
  const int n = rules.shape.side();
  const auto cells = static_cast<std::size_t>(n * n);
  std::vector<Region> extra = rules.extra;
  for (Region& region : derived_regions(rules)) extra.push_back(std::move(region));
  std::vector<std::vector<int>> extra_of(cells);  // the extra regions of each cell
  for (std::size_t x = 0; x < extra.size(); ++x)
    for (int cell : extra[x].cells) extra_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(x));
  std::vector<int> twin(cells, -1);
  for (const auto& [a, b] : twin_cells(rules, extra)) {
    if (twin[static_cast<std::size_t>(a)] >= 0 || twin[static_cast<std::size_t>(b)] >= 0)
      continue;  // a cell with several twins: the first one filters enough
    twin[static_cast<std::size_t>(a)] = b;
    twin[static_cast<std::size_t>(b)] = a;
  }

  // The transversals, row by row: a column and a region not used yet, and no extra region twice.
  dlx::Problem problem;
  for (std::size_t cell = 0; cell < cells; ++cell) problem.add_primary("p" + std::to_string(cell + 1));
  std::vector<int> chosen(static_cast<std::size_t>(n));
  std::vector<char> in_transversal(cells, 0);
  std::vector<int> extra_used(extra.size(), 0);
  std::vector<dlx::ItemUse> uses;
  std::uint64_t steps = 0;
  bool over = false;
  const auto place = [&](auto&& self, int row, std::uint64_t columns, std::uint64_t regions) -> void {
    if (over) return;
    if (++steps > budget || problem.option_count() > budget / 8) {
      over = true;
      return;
    }
    if (row == n) {
      for (int r = 0; r < n; ++r) {
        const int t = twin[static_cast<std::size_t>(chosen[static_cast<std::size_t>(r)])];
        if (t >= 0 && !in_transversal[static_cast<std::size_t>(t)]) return;
      }
      uses.clear();
      for (int cell : chosen) uses.push_back({static_cast<dlx::ItemId>(cell)});
      problem.add_option(uses);
      return;
    }
    for (int c = 0; c < n; ++c) {
      const int cell = row * n + c;
      const auto region = static_cast<unsigned>(rules.regions[static_cast<std::size_t>(cell)]);
      if ((columns >> c & 1) != 0 || (regions >> region & 1) != 0) continue;
      const std::vector<int>& mine = extra_of[static_cast<std::size_t>(cell)];
      if (std::any_of(mine.begin(), mine.end(),
                      [&](int x) { return extra_used[static_cast<std::size_t>(x)] != 0; }))
        continue;
      for (int x : mine) extra_used[static_cast<std::size_t>(x)] = 1;
      chosen[static_cast<std::size_t>(row)] = cell;
      in_transversal[static_cast<std::size_t>(cell)] = 1;
      self(self, row + 1, columns | std::uint64_t{1} << c, regions | std::uint64_t{1} << region);
      in_transversal[static_cast<std::size_t>(cell)] = 0;
      for (int x : mine) extra_used[static_cast<std::size_t>(x)] = 0;
    }
  };
  place(place, 0, 0, 0);
  if (over) return std::nullopt;
  dlx::SearchOptions options;
  options.node_limit = budget;
  dlx::Solver cover(problem, options);
  if (cover.next()) return true;
  if (cover.status() == dlx::Status::exhausted) return false;
  return std::nullopt;
}

}  // namespace sudoku
