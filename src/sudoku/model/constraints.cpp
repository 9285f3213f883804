#include "sudoku/model/constraints.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <functional>

#include "sudoku/model/grid.hpp"

namespace sudoku {
namespace {

const char* kind_name(ConstraintKind kind) {
  switch (kind) {
    case ConstraintKind::clone:
      return "clone";
    case ConstraintKind::nabner:
      return "nabner line";
    case ConstraintKind::row_indexer:
      return "row indexer";
    case ConstraintKind::column_indexer:
      return "column indexer";
    case ConstraintKind::box_indexer:
      return "box indexer";
    case ConstraintKind::xsum:
      return "X-sum";
    case ConstraintKind::skyscraper:
      return "skyscraper";
    case ConstraintKind::thermometer:
      return "thermometer";
    case ConstraintKind::arrow:
      return "arrow";
    case ConstraintKind::little_killer:
      return "little killer";
    case ConstraintKind::sandwich:
      return "sandwich";
    case ConstraintKind::difference:
      return "difference dot";
    case ConstraintKind::ratio:
      return "ratio dot";
    case ConstraintKind::sum:
      return "XV sum";
    case ConstraintKind::palindrome:
      return "palindrome";
    case ConstraintKind::candidates:
      return "candidates";
    case ConstraintKind::odd:
      return "odd cell";
    case ConstraintKind::even:
      return "even cell";
    case ConstraintKind::minimum:
      return "minimum";
    case ConstraintKind::maximum:
      return "maximum";
    case ConstraintKind::quadruple:
      return "quadruple";
    case ConstraintKind::between_line:
      return "between line";
    case ConstraintKind::renban:
      return "renban";
    case ConstraintKind::whispers:
      return "whispers";
    case ConstraintKind::region_sum:
      return "region sum line";
    case ConstraintKind::entropic:
      return "entropic line";
    case ConstraintKind::modular:
      return "modular line";
    case ConstraintKind::zipper:
      return "zipper line";
    case ConstraintKind::slow_thermometer:
      return "slow thermometer";
    case ConstraintKind::double_arrow:
      return "double arrow";
  }
  return "rule";
}

// The number a circle's digits show, read in order (one cell: its digit).
int circle_number(const std::vector<int>& digits) {
  int number = 0;
  for (int d : digits) number = number * 10 + d;
  return number;
}

// keeps_prefix for clones, nabner lines, indexers, X-sums and skyscrapers (Constraint's kinds say their places).
bool keeps_prefix_more(const Constraint& c, const std::vector<int>& d, int n) {
  const std::size_t k = d.size();
  if (k == 0) return true;
  const int last = d[k - 1];
  switch (c.kind) {
    case ConstraintKind::clone:  // a place of the clone's line matches the place of cells it copies
      return k <= c.cells.size() || last == d[k - 1 - c.cells.size()];
    case ConstraintKind::nabner:
      return std::all_of(d.begin(), d.end() - 1, [&](int x) { return std::abs(x - last) >= 2; });
    case ConstraintKind::row_indexer:
    case ConstraintKind::column_indexer:
    case ConstraintKind::box_indexer: {
      if (k < 2) return true;
      // Place k - 1 is the line's cell at index i; the indexing cell is the line's cell at index at.
      const std::vector<int>& line = c.lines[0];
      const auto at = static_cast<int>(std::find(line.begin(), line.end(), c.cells[0]) - line.begin());
      const auto i = static_cast<int>(k - 2);
      return (last == at + 1) == (d[0] == i + 1);
    }
    case ConstraintKind::xsum: {
      const auto count = static_cast<std::size_t>(d[0]);
      int sum = 0;
      for (std::size_t i = 0; i < std::min(k, count); ++i) sum += d[i];
      // The places still to add hold between 1 and n each.
      const auto left = static_cast<int>(count - std::min(k, count));
      return sum + left <= c.value && sum + left * n >= c.value;
    }
    case ConstraintKind::skyscraper: {
      int seen = 0, top = 0;
      for (const int x : d)
        if (x > top) top = x, ++seen;
      // The n, not met yet, is seen when it comes; at most one more is seen per place and per digit above the top.
      const auto left = static_cast<int>(c.cells.size() - k);
      return seen + (top < n ? 1 : 0) <= c.value && seen + std::min(left, n - top) >= c.value;
    }
    default:
      return true;
  }
}

// check_constraints for clones, nabner lines, indexers, X-sums and skyscrapers.
void check_more_rule(const Constraint& c, int n, const std::string& name) {
  const auto line_size = [&] { return c.lines.size() == 1 ? c.lines[0].size() : std::size_t{0}; };
  switch (c.kind) {
    case ConstraintKind::clone:
      if (line_size() != c.cells.size())
        throw RulesError(name + " has " + std::to_string(c.cells.size()) + " cells but " +
                         std::to_string(line_size()) + " clone cells");
      break;
    case ConstraintKind::nabner:
      if (static_cast<int>(c.cells.size()) > n)
        throw RulesError(name + " has " + std::to_string(c.cells.size()) + " cells; at most " +
                         std::to_string(n) + " can hold distinct digits");
      break;
    case ConstraintKind::row_indexer:
    case ConstraintKind::column_indexer:
    case ConstraintKind::box_indexer:
      if (c.cells.size() != 1 || static_cast<int>(line_size()) != n ||
          std::find(c.lines[0].begin(), c.lines[0].end(), c.cells[0]) == c.lines[0].end())
        throw RulesError(name + " needs 1 cell and the " + std::to_string(n) + " cells of its house");
      break;
    case ConstraintKind::xsum:
    case ConstraintKind::skyscraper: {
      if (static_cast<int>(c.cells.size()) != n) throw RulesError(name + " is not a whole row or column");
      const int most = c.kind == ConstraintKind::xsum ? n * (n + 1) / 2 : n;
      if (c.value < 1 || c.value > most)
        throw RulesError(name + ": clue " + std::to_string(c.value) + " is out of range 1-" +
                         std::to_string(most));
      break;
    }
    default:
      break;
  }
}

class Encoder {
 public:
  Encoder(dlx::Problem& problem, const Rules& rules, std::vector<std::vector<dlx::ItemUse>>& cell_items,
          std::size_t max_options)
      : problem_(problem),
        rules_(rules),
        cell_items_(cell_items),
        n_(rules.shape.side()),
        max_options_(max_options) {}

  std::vector<std::vector<dlx::ItemUse>> options;

  // The link items of a place of `cell` in a rule: n secondary items, covered by the cell's options.
  dlx::ItemId link(int cell) {
    const auto base = static_cast<dlx::ItemId>(problem_.item_count());
    const std::string name = "l" + std::to_string(++links_) + "=";
    for (int d = 0; d < n_; ++d) {
      problem_.add_secondary(name + std::to_string(d + 1));
      cell_items_[static_cast<std::size_t>(cell * n_ + d)].push_back({base + static_cast<dlx::ItemId>(d)});
    }
    return base;
  }
  // The uses that allow only the digits of `mask` (bit d-1 for digit d) at the place with links `base`.
  void allow(std::vector<dlx::ItemUse>& uses, dlx::ItemId base, std::uint64_t mask) const {
    for (int d = 0; d < n_; ++d)
      if ((mask >> d & 1) == 0) uses.push_back({base + static_cast<dlx::ItemId>(d)});
  }
  dlx::ItemId primary() { return problem_.add_primary("u" + std::to_string(++units_)); }
  void add(std::vector<dlx::ItemUse> uses, const std::string& name) {
    if (options.size() - counted_ >= max_options_)
      throw RulesError(name + " has more than " + std::to_string(max_options_) +
                       " admissible digit combinations: too many for this model");
    options.push_back(std::move(uses));
  }
  void begin_rule() { counted_ = options.size(); }

  // One option per tuple of digits of `cells` that `keep` accepts (called on each prefix: it sees the digits
  // so far and may reject early; `complete` says when all are there). A cell twice takes one digit.
  void tuples(const std::vector<int>& cells, const std::string& name,
              const std::function<bool(const std::vector<int>&, bool complete)>& keep,
              const std::function<void(const std::vector<int>&, std::vector<dlx::ItemUse>&)>& more = {}) {
    begin_rule();
    const dlx::ItemId unit = primary();
    std::vector<dlx::ItemId> bases;
    for (int cell : cells) bases.push_back(link(cell));
    for_each_tuple(
        rules_, cells, {},
        [&](const std::vector<int>& digits) { return keep(digits, digits.size() == cells.size()); },
        [&](const std::vector<int>& digits) {
          std::vector<dlx::ItemUse> uses{{unit}};
          for (std::size_t i = 0; i < digits.size(); ++i)
            allow(uses, bases[i], std::uint64_t{1} << (digits[i] - 1));
          if (more) more(digits, uses);
          add(std::move(uses), name);
        });
  }

  // A chain over `cells` whose digits add up to a total: one option per (place, sum so far, digit). With
  // total >= 0 the last place must reach it; otherwise the last place colors `end` with its sum.
  void chain(const std::vector<int>& cells, int total, int most, dlx::ItemId end, const std::string& name) {
    begin_rule();
    const std::size_t length = cells.size();
    std::vector<dlx::ItemId> bases, places, carries;
    for (int cell : cells) bases.push_back(link(cell));
    for (std::size_t k = 0; k < length; ++k) places.push_back(primary());
    for (std::size_t k = 0; k + 1 < length; ++k)
      carries.push_back(problem_.add_secondary("s" + std::to_string(++carries_)));
    for (std::size_t k = 0; k < length; ++k) {
      const int left = static_cast<int>(length - k - 1);  // places after this one, each adding at least 1
      for (int sum = k == 0 ? 0 : static_cast<int>(k); sum <= (k == 0 ? 0 : most); ++sum) {
        for (int d = 1; d <= n_; ++d) {
          const int after = sum + d;
          if (after + left > most) break;
          // A known total must stay reachable: what is left needs between 1 and n a place.
          if (total >= 0 && (after + left > total || after + left * n_ < total)) continue;
          std::vector<dlx::ItemUse> uses{{places[k]}};
          allow(uses, bases[k], std::uint64_t{1} << (d - 1));
          if (k > 0) uses.push_back({carries[k - 1], color(sum)});
          if (k + 1 < length) {
            uses.push_back({carries[k], color(after)});
          } else if (total < 0) {
            uses.push_back({end, color(after)});
          }
          add(std::move(uses), name);
        }
      }
    }
  }

  dlx::ColorId color(int value) { return problem_.color(std::to_string(value)); }

  // The cell options of `cell` color `item`: digit d with color_of(d), none where color_of gives a negative.
  void color_cell(int cell, dlx::ItemId item, const std::function<int(int)>& color_of) {
    for (int d = 1; d <= n_; ++d)
      if (const int value = color_of(d); value >= 0)
        cell_items_[static_cast<std::size_t>(cell * n_ + d - 1)].push_back({item, color(value)});
  }

  // Clone: one secondary item per pair of cells, which each cell's option of digit d colors d.
  void clone(const Constraint& c) {
    for (std::size_t i = 0; i < c.cells.size(); ++i) {
      const dlx::ItemId item = problem_.add_secondary("e" + std::to_string(++more_items_));
      for (const int cell : {c.cells[i], c.lines[0][i]}) color_cell(cell, item, [](int d) { return d; });
    }
  }

  // Nabner: n - 1 secondary items per line, item d shared by digits d and d + 1 of every cell on it, so that no
  // two cells take equal or consecutive digits (non-consecutive's encoding, over the whole line).
  void nabner(const Constraint& c) {
    const auto base = static_cast<dlx::ItemId>(problem_.item_count());
    for (int d = 1; d < n_; ++d) problem_.add_secondary("e" + std::to_string(++more_items_));
    for (const int cell : c.cells) {
      for (int x = 1; x <= n_; ++x) {
        auto& uses = cell_items_[static_cast<std::size_t>(cell * n_ + x - 1)];
        if (x > 1) uses.push_back({base + static_cast<dlx::ItemId>(x - 2)});
        if (x < n_) uses.push_back({base + static_cast<dlx::ItemId>(x - 1)});
      }
    }
  }

  // Indexer: the indexing cell at index `at` of its line holds v exactly when the line's cell at index v - 1
  // holds at + 1. The line holds at + 1 once, so one secondary item says it: the indexing cell's option of
  // digit v colors it v, and the option putting at + 1 in the line's cell at index w colors it w + 1.
  void indexer(const Constraint& c) {
    const std::vector<int>& line = c.lines[0];
    const int cell = c.cells[0];
    const auto at = static_cast<int>(std::find(line.begin(), line.end(), cell) - line.begin());
    const dlx::ItemId item = problem_.add_secondary("e" + std::to_string(++more_items_));
    // The indexing cell's own option of digit at + 1 plays both parts, with the same color.
    color_cell(cell, item, [](int d) { return d; });
    for (int w = 0; w < n_; ++w)
      if (w != at)
        color_cell(line[static_cast<std::size_t>(w)], item, [&](int d) { return d == at + 1 ? w + 1 : -1; });
  }

  // X-sum: one option per first digit x and set of x - 1 other digits adding up to the rest of the sum: x
  // allowed at the first place, the set at the next x - 1 (a row or column holds them once each).
  void xsum(const Constraint& c, const std::string& name) {
    begin_rule();
    const dlx::ItemId unit = primary();
    std::vector<dlx::ItemId> bases;
    for (int cell : c.cells) bases.push_back(link(cell));
    for (int x = 1; x <= n_; ++x) {
      for (std::uint64_t set = 0; set < (std::uint64_t{1} << n_); ++set) {
        if ((set >> (x - 1) & 1) != 0 || std::popcount(set) != x - 1) continue;
        int sum = x;
        for (int d = 0; d < n_; ++d)
          if (set >> d & 1) sum += d + 1;
        if (sum != c.value) continue;
        std::vector<dlx::ItemUse> uses{{unit}};
        allow(uses, bases[0], std::uint64_t{1} << (x - 1));
        for (int k = 1; k < x; ++k) allow(uses, bases[static_cast<std::size_t>(k)], set);
        add(std::move(uses), name);
      }
    }
  }

  // Skyscraper: one option per way the seen digits (the line's records) can lie: their places q1 = 0 < q2 < ...
  // and digits v1 < v2 < ... < n, each record's digit allowed at its place, digits below it at the places up to
  // the next record, and the digits below n after n. A line's records are one such way, so a grid that keeps
  // the clue fits one option; the places before record j + 1 hold distinct digits up to v_j, so q_{j+1} <= v_j.
  void skyscraper(const Constraint& c, const std::string& name) {
    begin_rule();
    const dlx::ItemId unit = primary();
    std::vector<dlx::ItemId> bases;
    for (int cell : c.cells) bases.push_back(link(cell));
    const int length = static_cast<int>(c.cells.size());
    std::vector<std::uint64_t> masks(static_cast<std::size_t>(length));
    const auto below = [](int v) { return (std::uint64_t{1} << (v - 1)) - 1; };
    // Record `seen` (from 1) at place q with digit v: the places after it, up to the next record, hold less.
    const std::function<void(int, int, int)> place = [&](int q, int v, int seen) {
      masks[static_cast<std::size_t>(q)] = std::uint64_t{1} << (v - 1);
      if (v == n_) {
        if (seen != c.value) return;
        for (int k = q + 1; k < length; ++k) masks[static_cast<std::size_t>(k)] = below(n_);
        std::vector<dlx::ItemUse> uses{{unit}};
        for (int k = 0; k < length; ++k)
          allow(uses, bases[static_cast<std::size_t>(k)], masks[static_cast<std::size_t>(k)]);
        add(std::move(uses), name);
        return;
      }
      if (seen + 1 > c.value) return;
      for (int next = q + 1; next < length && next <= v; ++next) {
        masks[static_cast<std::size_t>(next - 1)] =
            next - 1 == q ? masks[static_cast<std::size_t>(q)] : below(v);
        for (int w = v + 1; w <= n_; ++w) place(next, w, seen + 1);
      }
    };
    for (int v = 1; v <= n_; ++v) place(0, v, 1);
  }

  void sandwich(const Constraint& c, const std::string& name) {
    begin_rule();
    const dlx::ItemId unit = primary();
    std::vector<dlx::ItemId> bases;
    for (int cell : c.cells) bases.push_back(link(cell));
    const int length = static_cast<int>(c.cells.size());
    const std::uint64_t all = (std::uint64_t{1} << n_) - 1, ends = 1 | std::uint64_t{1} << (n_ - 1);
    // Sets of digits from 2 to n-1 of each size adding up to the value.
    std::vector<std::vector<std::uint64_t>> sets(static_cast<std::size_t>(n_));
    for (std::uint64_t set = 0; set < (std::uint64_t{1} << (n_ - 2)); ++set) {
      int sum = 0, size = 0;
      for (int d = 0; d < n_ - 2; ++d)
        if (set >> d & 1) sum += d + 2, ++size;
      if (sum == c.value) sets[static_cast<std::size_t>(size)].push_back(set << 1);
    }
    for (int i = 0; i < length; ++i) {
      for (int j = i + 1; j < length; ++j) {
        for (const std::uint64_t set : sets[static_cast<std::size_t>(j - i - 1)]) {
          for (const bool low_first : {true, false}) {
            std::vector<dlx::ItemUse> uses{{unit}};
            for (int k = 0; k < length; ++k) {
              std::uint64_t mask = all & ~(set | ends);
              if (k == i) mask = low_first ? 1 : std::uint64_t{1} << (n_ - 1);
              if (k == j) mask = low_first ? std::uint64_t{1} << (n_ - 1) : 1;
              if (k > i && k < j) mask = set;
              allow(uses, bases[static_cast<std::size_t>(k)], mask);
            }
            add(std::move(uses), name);
          }
        }
      }
    }
  }

  // The line rules (docs/variants.md, "The encodings"): a few options per line, never one per tuple of digits
  // (a renban of 6 cells on 9x9 has 2,880): past about 4096 options in all a 9x9 is searched by the engine that
  // does not propagate, and on random near-empty line puzzles whole tuples were no faster even below that.
  void line(const Constraint& c, const std::string& name) {
    const std::vector<int>& cells = c.cells;
    const std::size_t length = cells.size();
    // Too short a line (no cell between two ends, one run of a region sum line...) is no rule.
    const bool three = c.kind == ConstraintKind::between_line || c.kind == ConstraintKind::zipper ||
                       c.kind == ConstraintKind::double_arrow;
    if (length < (three ? 3u : 2u) ||
        (c.kind == ConstraintKind::region_sum && region_runs(rules_, cells).size() < 2))
      return;
    switch (c.kind) {
      case ConstraintKind::whispers:
      case ConstraintKind::slow_thermometer:
        // One rule per pair of neighbours, which says the same.
        for (std::size_t i = 0; i + 1 < length; ++i) {
          Constraint pair = c;
          pair.cells = {cells[i], cells[i + 1]};
          tuples(pair.cells, name,
                 [&](const std::vector<int>& d, bool) { return keeps_prefix(rules_, pair, d); });
        }
        return;
      case ConstraintKind::between_line: {
        begin_rule();
        const dlx::ItemId unit = primary();
        std::vector<dlx::ItemId> bases;
        for (const int cell : cells) bases.push_back(link(cell));
        // One option per pair of end digits, low < high, and which end holds the low one.
        for (int low = 1; low <= n_; ++low) {
          for (int high = low + 2; high <= n_; ++high) {
            const std::uint64_t inside = (std::uint64_t{1} << (high - 1)) - (std::uint64_t{1} << low);
            for (const bool low_first : {true, false}) {
              std::vector<dlx::ItemUse> uses{{unit}};
              allow(uses, bases.front(), std::uint64_t{1} << ((low_first ? low : high) - 1));
              allow(uses, bases.back(), std::uint64_t{1} << ((low_first ? high : low) - 1));
              for (std::size_t k = 1; k + 1 < length; ++k) allow(uses, bases[k], inside);
              add(std::move(uses), name);
            }
          }
        }
        return;
      }
      case ConstraintKind::renban: {
        // Distinct digits (one secondary item per digit, covered by each of the line's cells holding it), all
        // within one run of `length` digits: so exactly that run, and its first digit names the option.
        const auto base = static_cast<dlx::ItemId>(problem_.item_count());
        const std::string item = "renban" + std::to_string(++renbans_) + "=";
        for (int d = 0; d < n_; ++d) problem_.add_secondary(item + std::to_string(d + 1));
        for (const int cell : cells)
          for (int d = 0; d < n_; ++d)
            cell_items_[static_cast<std::size_t>(cell * n_ + d)].push_back(
                {base + static_cast<dlx::ItemId>(d)});
        begin_rule();
        const dlx::ItemId unit = primary();
        std::vector<dlx::ItemId> bases;
        for (const int cell : cells) bases.push_back(link(cell));
        const std::uint64_t run = (std::uint64_t{1} << length) - 1;
        for (int first = 1; first + static_cast<int>(length) - 1 <= n_; ++first) {
          std::vector<dlx::ItemUse> uses{{unit}};
          for (const dlx::ItemId b : bases) allow(uses, b, run << (first - 1));
          add(std::move(uses), name);
        }
        return;
      }
      case ConstraintKind::entropic:
      case ConstraintKind::modular: {
        // The digits of each class: the ranks, or the remainders modulo 3.
        std::uint64_t classes[3] = {0, 0, 0};
        for (int d = 1; d <= n_; ++d)
          classes[c.kind == ConstraintKind::entropic ? entropic_group(d, n_) : d % 3] |= std::uint64_t{1}
                                                                                         << (d - 1);
        // Place k takes the class of its phase k mod 3; the phases take distinct classes: one option per
        // assignment of classes to the phases the line has.
        begin_rule();
        const dlx::ItemId unit = primary();
        std::vector<dlx::ItemId> bases;
        for (const int cell : cells) bases.push_back(link(cell));
        // With two places the six orders of three classes give each pair of distinct classes once.
        int of[3] = {0, 1, 2};
        do {
          std::vector<dlx::ItemUse> uses{{unit}};
          for (std::size_t k = 0; k < length; ++k) allow(uses, bases[k], classes[of[k % 3]]);
          add(std::move(uses), name);
        } while (std::next_permutation(of, of + 3));
        return;
      }
      case ConstraintKind::region_sum: {
        const std::vector<std::vector<int>> runs = region_runs(rules_, cells);
        // The largest sum every run can reach: distinct digits in a region, the largest ones.
        int most = std::numeric_limits<int>::max();
        for (const std::vector<int>& run : runs) {
          int top = 0;
          for (int i = 0; i < static_cast<int>(run.size()); ++i) top += n_ - i;
          most = std::min(most, top);
        }
        const dlx::ItemId total = problem_.add_secondary("s" + std::to_string(++carries_));
        for (const std::vector<int>& run : runs) chain(run, -1, most, total, name);
        return;
      }
      case ConstraintKind::zipper: {
        const dlx::ItemId total = problem_.add_secondary("s" + std::to_string(++carries_));
        const auto sum_color = [&](const std::vector<int>& d, std::vector<dlx::ItemUse>& uses) {
          uses.push_back({total, color(d.size() == 1 ? d[0] : d[0] + d[1])});
        };
        const auto any = [](const std::vector<int>&, bool) { return true; };
        for (std::size_t i = 0, j = length - 1; i <= j; ++i, --j)
          tuples(i == j ? std::vector<int>{cells[i]} : std::vector<int>{cells[i], cells[j]}, name, any,
                 sum_color);
        return;
      }
      case ConstraintKind::double_arrow: {
        const dlx::ItemId total = problem_.add_secondary("s" + std::to_string(++carries_));
        const std::vector<int> middle(cells.begin() + 1, cells.end() - 1);
        const int most = std::min(2 * n_, n_ * static_cast<int>(middle.size()));
        tuples(
            {cells.front(), cells.back()}, name,
            [&](const std::vector<int>& d, bool complete) {
              return !complete || d[0] + d[1] >= static_cast<int>(middle.size());
            },
            [&](const std::vector<int>& d, std::vector<dlx::ItemUse>& uses) {
              uses.push_back({total, color(d[0] + d[1])});
            });
        chain(middle, -1, most, total, name);
        return;
      }
      default:
        return;
    }
  }

  void negatives() {
    const Negatives& neg = rules_.negatives;
    if (!neg.any()) return;
    const auto key = [&](int a, int b) { return std::min(a, b) * n_ * n_ + std::max(a, b); };
    std::vector<int> dotted, crossed;  // pairs with a kropki dot, pairs with an X or V
    // The ratios the negative constraint bans: those of the black dots given (f-puzzles' solver reads it so),
    // 2 when there are none.
    std::vector<int> ratios;
    for (const Constraint& c : rules_.constraints) {
      if (c.cells.size() != 2) continue;
      if (c.kind == ConstraintKind::ratio && std::find(ratios.begin(), ratios.end(), c.value) == ratios.end())
        ratios.push_back(c.value);
      if (c.kind == ConstraintKind::difference || c.kind == ConstraintKind::ratio)
        dotted.push_back(key(c.cells[0], c.cells[1]));
      if (c.kind == ConstraintKind::sum) crossed.push_back(key(c.cells[0], c.cells[1]));
    }
    if (ratios.empty()) ratios.push_back(2);
    const auto in_ratio = [&](int x, int y) {
      return std::any_of(ratios.begin(), ratios.end(), [&](int r) { return x == r * y || y == r * x; });
    };
    std::sort(dotted.begin(), dotted.end());
    std::sort(crossed.begin(), crossed.end());
    for (int a = 0; a < n_ * n_; ++a) {
      for (const int b : {a + 1, a + n_}) {
        if (b >= n_ * n_ || (b == a + 1 && b % n_ == 0)) continue;
        const bool dot = std::binary_search(dotted.begin(), dotted.end(), key(a, b));
        const bool cross = std::binary_search(crossed.begin(), crossed.end(), key(a, b));
        for (int x = 1; x <= n_; ++x) {
          for (int y = 1; y <= n_; ++y) {
            const bool banned = (!dot && neg.difference && std::abs(x - y) == 1) ||
                                (!dot && neg.ratio && in_ratio(x, y)) ||
                                (!cross && neg.xv && (x + y == 5 || x + y == 10));
            if (!banned) continue;
            const dlx::ItemId item = problem_.add_secondary("g" + std::to_string(++bans_));
            cell_items_[static_cast<std::size_t>(a * n_ + x - 1)].push_back({item});
            cell_items_[static_cast<std::size_t>(b * n_ + y - 1)].push_back({item});
          }
        }
      }
    }
  }

  void encode(const Constraint& c) {
    const std::string name = constraint_name(rules_, c);
    const int value = c.value;
    switch (c.kind) {
      case ConstraintKind::clone:
        clone(c);
        return;
      case ConstraintKind::nabner:
        nabner(c);
        return;
      case ConstraintKind::row_indexer:
      case ConstraintKind::column_indexer:
      case ConstraintKind::box_indexer:
        indexer(c);
        return;
      case ConstraintKind::xsum:
        xsum(c, name);
        return;
      case ConstraintKind::skyscraper:
        skyscraper(c, name);
        return;
      case ConstraintKind::thermometer:
      case ConstraintKind::difference:
      case ConstraintKind::ratio:
      case ConstraintKind::sum:
      case ConstraintKind::candidates:
      case ConstraintKind::odd:
      case ConstraintKind::even:
      case ConstraintKind::quadruple:
        tuples(c.cells, name, [&](const std::vector<int>& d, bool) { return keeps_prefix(c, d, n_); });
        return;
      case ConstraintKind::minimum:
      case ConstraintKind::maximum:
        // One rule per neighbour, as a dot is: the pairs say all, with far fewer options than one tuple.
        for (std::size_t i = 1; i < c.cells.size(); ++i)
          tuples({c.cells[0], c.cells[i]}, name,
                 [&](const std::vector<int>& d, bool) { return keeps_prefix(c, d, n_); });
        return;
      case ConstraintKind::palindrome:
        for (std::size_t i = 0, j = c.cells.size() - 1; i < j; ++i, --j)
          tuples({c.cells[i], c.cells[j]}, name,
                 [](const std::vector<int>& d, bool complete) { return !complete || d[0] == d[1]; });
        return;
      case ConstraintKind::little_killer:
        chain(c.cells, value, value, 0, name);
        return;
      case ConstraintKind::sandwich:
        sandwich(c, name);
        return;
      case ConstraintKind::arrow: {
        std::vector<int> line;
        for (const std::vector<int>& l : c.lines) line.insert(line.end(), l.begin(), l.end());
        const int most = std::min<int>(n_ * static_cast<int>(line.size()),
                                       circle_number(std::vector<int>(c.cells.size(), n_)));
        const dlx::ItemId total = problem_.add_secondary("s" + std::to_string(++carries_));
        // The circle's options color the total with the number they show.
        tuples(
            c.cells, name,
            [&](const std::vector<int>& d, bool complete) {
              if (!complete) return true;
              const int number = circle_number(d);
              return number >= static_cast<int>(line.size()) && number <= most;
            },
            [&](const std::vector<int>& d, std::vector<dlx::ItemUse>& uses) {
              uses.push_back({total, color(circle_number(d))});
            });
        chain(line, -1, most, total, name);
        return;
      }
      default:  // the line rules (is_line_rule)
        line(c, name);
        return;
    }
  }

 private:
  int more_items_ = 0;  // secondary items of clones, nabner lines and indexers
  dlx::Problem& problem_;
  const Rules& rules_;
  std::vector<std::vector<dlx::ItemUse>>& cell_items_;
  int n_;
  std::size_t max_options_;
  std::size_t counted_ = 0;
  int links_ = 0, units_ = 0, carries_ = 0, bans_ = 0, renbans_ = 0;
};

}  // namespace

bool must_differ(const Rules& rules, int a, int b) {
  const int n = rules.shape.side();
  if (a == b) return false;
  if (a / n == b / n || a % n == b % n || rules.region_of(a) == rules.region_of(b)) return true;
  return std::any_of(rules.extra.begin(), rules.extra.end(), [&](const Region& r) {
    return std::binary_search(r.cells.begin(), r.cells.end(), a) &&
           std::binary_search(r.cells.begin(), r.cells.end(), b);
  });
}

int entropic_group(int digit, int n) {
  // Thirds: the low and high ranks take the larger share when n % 3 == 2, the smaller one when n % 3 == 1.
  const int outer = n % 3 == 1 ? n / 3 : (n + 2) / 3;
  return digit <= outer ? 0 : digit <= n - outer ? 1 : 2;
}

std::vector<std::vector<int>> region_runs(const Rules& rules, const std::vector<int>& line) {
  std::vector<std::vector<int>> runs;
  for (std::size_t k = 0; k < line.size(); ++k) {
    if (k == 0 || rules.region_of(line[k]) != rules.region_of(line[k - 1])) runs.emplace_back();
    runs.back().push_back(line[k]);
  }
  return runs;
}

namespace {

// Whether the digits so far of a line rule (ConstraintKind's second block) can still keep it; with all of them,
// whether they keep it.
bool keeps_line_prefix(const Rules& rules, const Constraint& c, const std::vector<int>& d) {
  const int n = rules.shape.side();
  const std::size_t places = c.cells.size(), k = d.size();
  if (k == 0) return true;
  const int last = d[k - 1];
  switch (c.kind) {
    case ConstraintKind::between_line: {
      if (places < 3 || k < 2) return true;
      // Every cell between lies on the same side of the first end, never equal to it; the last end bounds them.
      const bool above = d[1] > d[0];
      for (std::size_t i = 1; i < k && i + 1 < places; ++i)
        if (d[i] == d[0] || (d[i] > d[0]) != above) return false;
      if (k < places) return true;
      for (std::size_t i = 1; i + 1 < places; ++i)
        if (above ? d[i] >= last : d[i] <= last) return false;
      return true;
    }
    case ConstraintKind::renban: {
      for (std::size_t i = 0; i + 1 < k; ++i)
        if (d[i] == last) return false;
      const auto [low, high] = std::minmax_element(d.begin(), d.end());
      return *high - *low < static_cast<int>(places);
    }
    case ConstraintKind::whispers:
      return k < 2 || std::abs(last - d[k - 2]) >= c.value;
    case ConstraintKind::slow_thermometer:
      return k < 2 || last >= d[k - 2];
    case ConstraintKind::entropic:
    case ConstraintKind::modular: {
      const auto class_of = [&](int x) {
        return c.kind == ConstraintKind::entropic ? entropic_group(x, n) : x % 3;
      };
      for (std::size_t i = 0; i + 1 < k; ++i)
        if ((class_of(d[i]) == class_of(last)) != ((k - 1 - i) % 3 == 0)) return false;
      return true;
    }
    case ConstraintKind::region_sum: {
      const std::vector<std::vector<int>> runs = region_runs(rules, c.cells);
      if (runs.size() < 2) return true;
      int target = -1;
      std::size_t start = 0;
      for (const std::vector<int>& run : runs) {
        if (start >= k) break;
        int sum = 0;
        const std::size_t end = std::min(k, start + run.size());
        for (std::size_t i = start; i < end; ++i) sum += d[i];
        const int left = static_cast<int>(start + run.size() - end);  // places of the run not given yet
        if (left == 0 && target < 0) target = sum;
        if (target >= 0 && (sum + left > target || sum + left * n < target)) return false;
        start += run.size();
      }
      return true;
    }
    case ConstraintKind::zipper: {
      if (places < 3) return true;
      int target = -1;
      for (std::size_t i = 0, j = places - 1; i <= j; ++i, --j) {
        if (j >= k) continue;  // not complete yet
        const int sum = i == j ? d[i] : d[i] + d[j];
        if (target >= 0 && sum != target) return false;
        target = sum;
      }
      return true;
    }
    case ConstraintKind::double_arrow: {
      if (places < 3) return true;
      int between = 0;
      for (std::size_t i = 1; i < k && i + 1 < places; ++i) between += d[i];
      if (k < places) {  // the cells between left, at least 1 each, still within reach of the two ends
        const int left = static_cast<int>(places - 1 - std::max<std::size_t>(k, 1));
        return between + left <= d[0] + n;
      }
      return d[0] + last == between;
    }
    default:
      return true;
  }
}

bool is_line_rule(ConstraintKind kind) {
  return kind >= ConstraintKind::between_line && kind <= ConstraintKind::double_arrow;
}

// The clone, nabner, indexer, X-sum and skyscraper kinds: the first of the enum, answered by keeps_prefix_more and
// check_more_rule.
bool is_more_rule(ConstraintKind kind) {
  return kind >= ConstraintKind::clone && kind <= ConstraintKind::skyscraper;
}

}  // namespace

bool keeps_prefix(const Constraint& c, const std::vector<int>& d, int n) {
  std::size_t places = c.cells.size();
  for (const std::vector<int>& line : c.lines) places += line.size();
  const std::size_t k = d.size();
  const bool complete = k == places;
  if (is_line_rule(c.kind)) {
    Rules boxes;
    boxes.shape = shape_for_side(static_cast<std::size_t>(n)).value_or(Shape{1, n});
    return keeps_line_prefix(boxes, c, d);
  }
  if (is_more_rule(c.kind)) return keeps_prefix_more(c, d, n);
  switch (c.kind) {
    case ConstraintKind::thermometer:
      return k < 2 || d[k - 1] > d[k - 2];
    case ConstraintKind::difference:
      return !complete || std::abs(d[0] - d[1]) == c.value;
    case ConstraintKind::ratio:
      return !complete || d[0] == c.value * d[1] || d[1] == c.value * d[0];
    case ConstraintKind::sum:
      return !complete || d[0] + d[1] == c.value;
    case ConstraintKind::candidates:
      return (c.value >> (d[0] - 1) & 1) != 0;
    case ConstraintKind::odd:
      return d[0] % 2 == 1;
    case ConstraintKind::even:
      return d[0] % 2 == 0;
    case ConstraintKind::minimum:
      return k < 2 || d[k - 1] > d[0];
    case ConstraintKind::maximum:
      return k < 2 || d[k - 1] < d[0];
    case ConstraintKind::quadruple: {
      // The places left must hold the listed digits still missing.
      std::size_t missing = 0;
      for (std::size_t i = 0; i < c.digits.size(); ++i) {
        const int x = c.digits[i];
        if (std::find(c.digits.begin(), c.digits.begin() + static_cast<long>(i), x) !=
            c.digits.begin() + static_cast<long>(i))
          continue;
        const auto listed = std::count(c.digits.begin(), c.digits.end(), x);
        const auto held = std::count(d.begin(), d.end(), x);
        if (listed > held) missing += static_cast<std::size_t>(listed - held);
      }
      return missing <= places - k;
    }
    case ConstraintKind::palindrome: {
      const std::size_t mirror = places - k;  // the place mirroring place k - 1
      return mirror >= k || d[k - 1] == d[mirror];
    }
    case ConstraintKind::little_killer: {
      int sum = 0;
      for (int x : d) sum += x;
      const int left = static_cast<int>(places - k);
      return sum + left <= c.value && sum + left * n >= c.value;
    }
    case ConstraintKind::arrow: {
      if (!complete) return true;
      int number = 0, total = 0;
      for (std::size_t i = 0; i < k; ++i) {
        if (i < c.cells.size())
          number = number * 10 + d[i];
        else
          total += d[i];
      }
      return number == total;
    }
    case ConstraintKind::sandwich: {
      if (!complete) return true;
      const auto low = std::find(d.begin(), d.end(), 1) - d.begin();
      const auto high = std::find(d.begin(), d.end(), n) - d.begin();
      int sum = 0;
      for (auto i = std::min(low, high) + 1; i < std::max(low, high); ++i)
        sum += d[static_cast<std::size_t>(i)];
      return sum == c.value;
    }
    default:  // the line and more rules, answered above
      return true;
  }
  return false;
}

bool keeps_prefix(const Rules& rules, const Constraint& c, const std::vector<int>& digits) {
  if (is_line_rule(c.kind)) return keeps_line_prefix(rules, c, digits);
  return keeps_prefix(c, digits, rules.shape.side());
}

bool for_each_tuple(const Rules& rules, const std::vector<int>& cells, const std::vector<std::uint64_t>& open,
                    const std::function<bool(const std::vector<int>&)>& keep,
                    const std::function<void(const std::vector<int>&)>& visit, std::size_t budget) {
  const int n = rules.shape.side();
  std::vector<int> digits;
  std::size_t tried = 0;
  bool over = false;
  const std::function<void()> place = [&] {
    if (over) return;
    if (++tried > budget) {
      over = true;
      return;
    }
    const std::size_t k = digits.size();
    if (k == cells.size()) {
      visit(digits);
      return;
    }
    const std::uint64_t allowed = open.empty() ? ~std::uint64_t{0} : open[static_cast<std::size_t>(cells[k])];
    for (int d = 1; d <= n; ++d) {
      if ((allowed >> (d - 1) & 1) == 0) continue;
      bool fits = true;
      for (std::size_t i = 0; i < k && fits; ++i) {
        if (cells[i] == cells[k])
          fits = digits[i] == d;
        else if (digits[i] == d)
          fits = !must_differ(rules, cells[i], cells[k]);
      }
      if (!fits) continue;
      digits.push_back(d);
      if (keep(digits)) place();
      digits.pop_back();
    }
  };
  place();
  return !over;
}

std::string constraint_name(const Rules& rules, const Constraint& constraint) {
  const int n = rules.shape.side();
  std::string name = kind_name(constraint.kind);
  if (!constraint.cells.empty() && constraint.cells[0] >= 0 && constraint.cells[0] < n * n)
    name += " at " + cell_name(constraint.cells[0] / n, constraint.cells[0] % n);
  return name;
}

void check_constraints(const Rules& rules) {
  const int n = rules.shape.side();
  for (const Constraint& c : rules.constraints) {
    const std::string name = constraint_name(rules, c);
    if (c.cells.empty()) throw RulesError(std::string("a ") + kind_name(c.kind) + " has no cells");
    const auto on_board = [&](const std::vector<int>& cells) {
      return std::all_of(cells.begin(), cells.end(), [&](int cell) { return cell >= 0 && cell < n * n; });
    };
    if (!on_board(c.cells)) throw RulesError(name + " has a cell outside the board");
    for (const std::vector<int>& line : c.lines)
      if (!on_board(line)) throw RulesError(name + " has a line cell outside the board");
    check_distinct_cells(c.cells, n, name);
    for (const std::vector<int>& line : c.lines) check_distinct_cells(line, n, name + "'s line");
    if (is_more_rule(c.kind)) check_more_rule(c, n, name);
    switch (c.kind) {
      case ConstraintKind::difference:
      case ConstraintKind::ratio:
      case ConstraintKind::sum: {
        if (c.cells.size() != 2)
          throw RulesError(name + " needs 2 cells, not " + std::to_string(c.cells.size()));
        if (c.cells[0] == c.cells[1]) throw RulesError(name + " joins a cell to itself");
        const bool low = c.kind == ConstraintKind::ratio ? c.value < 1 : c.value < 0;
        if (low || c.value > 1000)
          throw RulesError(name + ": value " + std::to_string(c.value) + " is out of range");
        break;
      }
      case ConstraintKind::arrow:
        if (c.lines.empty() || std::all_of(c.lines.begin(), c.lines.end(), [](auto& l) { return l.empty(); }))
          throw RulesError(name + " has no line");
        if (c.cells.size() > 1 && n > 9)
          throw RulesError(name +
                           ": a circle of several cells reads its digits as a number, which needs "
                           "digits below 10 (a board up to 9x9)");
        if (c.cells.size() > 3) throw RulesError(name + ": a circle of more than 3 cells");
        break;
      case ConstraintKind::sandwich:
        if (static_cast<int>(c.cells.size()) != n) throw RulesError(name + " is not a whole row or column");
        if (c.value < 0 || c.value > n * (n + 1) / 2) throw RulesError(name + ": sum out of range");
        break;
      case ConstraintKind::little_killer:
        if (c.value < 1) throw RulesError(name + ": sum " + std::to_string(c.value) + " is out of range");
        break;
      case ConstraintKind::candidates:
      case ConstraintKind::odd:
      case ConstraintKind::even:
        if (c.cells.size() != 1) throw RulesError(name + " needs 1 cell");
        break;
      case ConstraintKind::minimum:
      case ConstraintKind::maximum:
        for (std::size_t i = 1; i < c.cells.size(); ++i)
          if (std::abs(c.cells[0] / n - c.cells[i] / n) + std::abs(c.cells[0] % n - c.cells[i] % n) != 1)
            throw RulesError(name + ": " + cell_name(c.cells[i] / n, c.cells[i] % n) + " is not a neighbour");
        break;
      case ConstraintKind::quadruple:
        if (c.digits.empty()) throw RulesError(name + " lists no digit");
        if (c.digits.size() > c.cells.size())
          throw RulesError(name + " lists " + std::to_string(c.digits.size()) + " digits for " +
                           std::to_string(c.cells.size()) + " cells");
        for (const int d : c.digits)
          if (d < 1 || d > n)
            throw RulesError(name + ": " + std::to_string(d) + " is not a digit 1-" + std::to_string(n));
        break;
      case ConstraintKind::whispers:
        if (c.value < 1 || c.value > n - 1)
          throw RulesError(name + ": difference " + std::to_string(c.value) + " is out of range 1-" +
                           std::to_string(n - 1));
        break;
      case ConstraintKind::renban:
        if (static_cast<int>(c.cells.size()) > n)
          throw RulesError(name + " has " + std::to_string(c.cells.size()) +
                           " cells; a run of distinct digits has at most " + std::to_string(n));
        break;
      default:  // thermometers, palindromes and the other lines: any cells on the board
        break;
    }
  }
}

std::vector<std::vector<dlx::ItemUse>> add_constraints(dlx::Problem& problem, const Rules& rules,
                                                       std::vector<std::vector<dlx::ItemUse>>& cell_items,
                                                       std::size_t max_options) {
  check_constraints(rules);
  Encoder encoder(problem, rules, cell_items, max_options);
  for (const Constraint& c : rules.constraints) encoder.encode(c);
  encoder.negatives();
  return std::move(encoder.options);
}

}  // namespace sudoku
