#include "sudoku/model/rules.hpp"

#include <algorithm>
#include <map>

#include "dlx/input_error.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {
namespace {

std::string quoted(char c) {
  return std::string("'") + c + "'";
}

void sort_cells(Region& region) {
  std::sort(region.cells.begin(), region.cells.end());
}

}  // namespace

int Rules::region_of(int cell) const {
  if (!regions.empty()) return regions[static_cast<std::size_t>(cell)];
  const int n = shape.side();
  return shape.box_of(cell / n, cell % n);
}

void parse_variant_names(std::string_view names, Variants& variants) {
  std::size_t at = 0;
  while (at <= names.size()) {
    const std::size_t end = std::min(names.find(',', at), names.size());
    const std::string_view name = names.substr(at, end - at);
    if (name == "x" || name == "diagonal") {
      variants.x = true;
    } else if (name == "windoku" || name == "hyper") {
      variants.windoku = true;
    } else if (name == "anti-knight") {
      variants.anti_knight = true;
    } else if (name == "anti-king") {
      variants.anti_king = true;
    } else if (name == "non-consecutive") {
      variants.non_consecutive = true;
    } else {
      throw RulesError("unknown variant '" + dlx::echo_text(name) +
                       "': expected x, windoku, anti-knight, anti-king or non-consecutive, comma-separated");
    }
    at = end + 1;
  }
}

void check_distinct_cells(const std::vector<int>& cells, int n, const std::string& name) {
  std::vector<bool> seen(static_cast<std::size_t>(n * n), false);
  for (const int cell : cells) {
    if (cell < 0 || cell >= n * n) continue;  // the callers name cells off the board themselves
    if (seen[static_cast<std::size_t>(cell)])
      throw RulesError(name + " lists cell " + cell_name(cell / n, cell % n) + " twice");
    seen[static_cast<std::size_t>(cell)] = true;
  }
}

void check_extra_regions(const Rules& rules) {
  const int n = rules.shape.side();
  for (const Region& region : rules.extra) {
    if (std::any_of(region.cells.begin(), region.cells.end(), [&](int c) { return c < 0 || c >= n * n; }))
      throw RulesError(region.name + " has a cell outside the board");
    check_distinct_cells(region.cells, n, region.name);
    if (static_cast<int>(region.cells.size()) > n)
      throw RulesError(region.name + " has " + std::to_string(region.cells.size()) + " cells; at most " +
                       std::to_string(n) + " can hold distinct digits");
  }
}

int layout_side(std::string_view layout, std::string_view what) {
  int side = 1;
  while (static_cast<std::size_t>(side * side) < layout.size()) ++side;
  if (static_cast<std::size_t>(side * side) != layout.size() || side < 2 || side > kMaxSide)
    throw RulesError(std::string(what) + " has " + std::to_string(layout.size()) +
                     " characters; a layout has one per cell (81 for 9x9)");
  return side;
}

std::vector<int> parse_regions(std::string_view layout, int side) {
  if (layout.size() != static_cast<std::size_t>(side * side))
    throw RulesError("the region layout has " + std::to_string(layout.size()) + " characters; a " +
                     std::to_string(side) + "x" + std::to_string(side) + " board needs " +
                     std::to_string(side * side));
  std::vector<char> symbols;  // in order of first appearance: the region ids
  std::vector<int> sizes, of(layout.size());
  for (std::size_t i = 0; i < layout.size(); ++i) {
    const char c = layout[i];
    if (static_cast<unsigned char>(c) <= ' ' || static_cast<unsigned char>(c) >= 0x7f)
      throw RulesError("region layout: character " + std::to_string(i + 1) + " is not a printable symbol");
    auto it = std::find(symbols.begin(), symbols.end(), c);
    if (it == symbols.end()) {
      if (static_cast<int>(symbols.size()) == side)
        throw RulesError("region layout: region " + quoted(c) + " is one region too many; a " +
                         std::to_string(side) + "x" + std::to_string(side) + " board has " +
                         std::to_string(side));
      symbols.push_back(c);
      sizes.push_back(0);
      it = symbols.end() - 1;
    }
    const auto id = static_cast<std::size_t>(it - symbols.begin());
    ++sizes[id];
    of[i] = static_cast<int>(id);
  }
  for (std::size_t id = 0; id < symbols.size(); ++id)
    if (sizes[id] != side)
      throw RulesError("region layout: region " + quoted(symbols[id]) + " has " + std::to_string(sizes[id]) +
                       " cells; each region needs " + std::to_string(side));
  return of;
}

std::vector<Region> parse_extra_regions(std::string_view layout, int side) {
  if (layout.size() != static_cast<std::size_t>(side * side))
    throw RulesError("the extra-region layout has " + std::to_string(layout.size()) + " characters; a " +
                     std::to_string(side) + "x" + std::to_string(side) + " board needs " +
                     std::to_string(side * side));
  std::map<char, Region> by_symbol;
  std::vector<char> order;
  for (std::size_t i = 0; i < layout.size(); ++i) {
    const char c = layout[i];
    if (c == '.') continue;
    if (static_cast<unsigned char>(c) <= ' ' || static_cast<unsigned char>(c) >= 0x7f)
      throw RulesError("extra-region layout: character " + std::to_string(i + 1) +
                       " is not a printable symbol");
    Region& region = by_symbol[c];
    if (region.cells.empty()) {
      region.name = "extra region " + quoted(c);
      order.push_back(c);
    }
    region.cells.push_back(static_cast<int>(i));
    if (static_cast<int>(region.cells.size()) > side)
      throw RulesError("extra-region layout: region " + quoted(c) + " has more than " + std::to_string(side) +
                       " cells");
  }
  std::vector<Region> regions;
  for (char c : order) regions.push_back(std::move(by_symbol[c]));
  return regions;
}

void add_diagonals(Rules& rules) {
  const int n = rules.shape.side();
  Region main{"diagonal 1", {}}, anti{"diagonal 2", {}};
  for (int i = 0; i < n; ++i) {
    main.cells.push_back(i * n + i);
    anti.cells.push_back(i * n + (n - 1 - i));
  }
  sort_cells(anti);
  rules.extra.push_back(std::move(main));
  rules.extra.push_back(std::move(anti));
}

void add_windows(Rules& rules) {
  const int n = rules.shape.side(), rows = rules.shape.box_rows, cols = rules.shape.box_cols;
  int number = 0;
  for (int top = 1; top + rows <= n; top += rows + 1) {
    for (int left = 1; left + cols <= n; left += cols + 1) {
      Region window{"window " + std::to_string(++number), {}};
      for (int r = top; r < top + rows; ++r)
        for (int c = left; c < left + cols; ++c) window.cells.push_back(r * n + c);
      rules.extra.push_back(std::move(window));
    }
  }
}

std::vector<Region> disjoint_groups(const Rules& rules) {
  const int n = rules.shape.side();
  std::vector<Region> groups(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k)
    groups[static_cast<std::size_t>(k)].name = "disjoint group " + std::to_string(k + 1);
  std::vector<int> seen(static_cast<std::size_t>(n), 0);  // cells of each region met so far
  for (int cell = 0; cell < n * n; ++cell) {
    const int place = seen[static_cast<std::size_t>(rules.region_of(cell))]++;
    if (place < n) groups[static_cast<std::size_t>(place)].cells.push_back(cell);
  }
  return groups;
}

void add_rules(Rules& rules, const Rules& own) {
  if (!own.regions.empty()) rules.regions = own.regions;
  // A region both bring (a self-describing "x:" line read with --variant x) is kept once.
  for (const Region& region : own.extra)
    if (std::none_of(rules.extra.begin(), rules.extra.end(),
                     [&](const Region& r) { return r.cells == region.cells; }))
      rules.extra.push_back(region);
  rules.cages.insert(rules.cages.end(), own.cages.begin(), own.cages.end());
  rules.constraints.insert(rules.constraints.end(), own.constraints.begin(), own.constraints.end());
  rules.negatives.difference = rules.negatives.difference || own.negatives.difference;
  rules.negatives.ratio = rules.negatives.ratio || own.negatives.ratio;
  rules.negatives.xv = rules.negatives.xv || own.negatives.xv;
  rules.fpuzzles = rules.fpuzzles || own.fpuzzles;
  rules.anti_knight = rules.anti_knight || own.anti_knight;
  rules.anti_king = rules.anti_king || own.anti_king;
  rules.non_consecutive = rules.non_consecutive || own.non_consecutive;
}

std::vector<std::vector<int>> full_houses(const Rules& rules, const std::vector<Region>& extra) {
  const int n = rules.shape.side();
  std::vector<std::vector<int>> houses(static_cast<std::size_t>(3 * n));
  for (int cell = 0; cell < n * n; ++cell) {
    houses[static_cast<std::size_t>(cell / n)].push_back(cell);
    houses[static_cast<std::size_t>(n + cell % n)].push_back(cell);
    houses[static_cast<std::size_t>(2 * n + rules.region_of(cell))].push_back(cell);
  }
  for (const Region& region : extra)
    if (static_cast<int>(region.cells.size()) == n) houses.push_back(region.cells);
  return houses;
}

std::vector<Region> derived_regions(const Rules& rules) {
  std::vector<Region> derived;
  if (rules.regions.empty()) return derived;
  const int n = rules.shape.side();
  for (bool by_rows : {true, false}) {
    const auto line_of = [&](int cell) { return by_rows ? cell / n : cell % n; };
    for (int first = 0; first < n; ++first) {
      for (int last = first + 1; last < n - 1 || (first > 0 && last < n); ++last) {
        // Regions wholly inside lines first..last: count their cells there.
        std::vector<int> inside(static_cast<std::size_t>(n), 0), size(static_cast<std::size_t>(n), 0);
        for (int cell = 0; cell < n * n; ++cell) {
          const auto r = static_cast<std::size_t>(rules.regions[static_cast<std::size_t>(cell)]);
          ++size[r];
          if (line_of(cell) >= first && line_of(cell) <= last) ++inside[r];
        }
        int whole = 0;
        for (int r = 0; r < n; ++r)
          whole += inside[static_cast<std::size_t>(r)] == size[static_cast<std::size_t>(r)];
        if (whole != last - first) continue;
        Region rest{"leftovers", {}};
        for (int cell = 0; cell < n * n; ++cell) {
          const auto r = static_cast<std::size_t>(rules.regions[static_cast<std::size_t>(cell)]);
          if (line_of(cell) >= first && line_of(cell) <= last && inside[r] != size[r])
            rest.cells.push_back(cell);
        }
        derived.push_back(std::move(rest));
      }
    }
  }
  return derived;
}

Rules make_rules(Shape shape, const Variants& variants) {
  Rules rules;
  rules.shape = shape;
  const int n = shape.side();
  if (!variants.regions.empty()) {
    if (variants.regions.size() != static_cast<std::size_t>(n * n))
      throw RulesError("the region layout is for " + std::to_string(layout_side(variants.regions, "it")) +
                       "x" + std::to_string(layout_side(variants.regions, "it")) + " boards, not " +
                       std::to_string(n) + "x" + std::to_string(n));
    rules.regions = parse_regions(variants.regions, n);
  }
  if (variants.x) add_diagonals(rules);
  if (variants.windoku) add_windows(rules);
  if (!variants.extra_regions.empty()) {
    if (variants.extra_regions.size() != static_cast<std::size_t>(n * n))
      throw RulesError("the extra-region layout is for a different size than this " + std::to_string(n) +
                       "x" + std::to_string(n) + " board");
    for (Region& region : parse_extra_regions(variants.extra_regions, n))
      rules.extra.push_back(std::move(region));
  }
  rules.anti_knight = variants.anti_knight;
  rules.anti_king = variants.anti_king;
  rules.non_consecutive = variants.non_consecutive;
  return rules;
}

}  // namespace sudoku
