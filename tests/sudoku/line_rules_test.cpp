// The line rules' checker (keeps_prefix, constraints.hpp), asked as for_each_tuple asks it (each prefix in
// turn): on every tuple of digits of lines on 4x4, 6x6 and 9x9 boards, a tuple passes exactly when it keeps the
// rule as written below from the rules' statements, so no prefix of a tuple that keeps it is refused (the rule
// steps rely on that to eliminate only what no solution holds). Plus the entropic thirds and region sum runs.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <set>
#include <vector>

#include "sudoku/model/constraints.hpp"

namespace {

using sudoku::ConstraintKind;

// The rank of a digit on an entropic line: 1..n cut into three runs whose middle one is the odd size out.
int third(int digit, int n) {
  const int size = n / 3;
  const int low = n % 3 == 2 ? size + 1 : size;  // n % 3 == 1: the middle run takes the extra digit
  if (digit <= low) return 0;
  return digit <= n - low ? 1 : 2;
}

// Whether the digits d of line `cells` keep the rule, from its statement.
bool keeps(const sudoku::Rules& rules, ConstraintKind kind, int value, const std::vector<int>& cells,
           const std::vector<int>& d) {
  const int n = rules.shape.side();
  const std::size_t k = d.size();
  switch (kind) {
    case ConstraintKind::between_line: {
      if (k < 3) return true;
      const int low = std::min(d.front(), d.back()), high = std::max(d.front(), d.back());
      return std::all_of(d.begin() + 1, d.end() - 1, [&](int x) { return low < x && x < high; });
    }
    case ConstraintKind::renban: {
      const std::set<int> distinct(d.begin(), d.end());
      return distinct.size() == k && *distinct.rbegin() - *distinct.begin() == static_cast<int>(k) - 1;
    }
    case ConstraintKind::whispers:
      for (std::size_t i = 1; i < k; ++i)
        if (std::abs(d[i] - d[i - 1]) < value) return false;
      return true;
    case ConstraintKind::slow_thermometer:
      return std::is_sorted(d.begin(), d.end());
    case ConstraintKind::entropic:
    case ConstraintKind::modular: {
      std::vector<int> cls;
      for (const int x : d) cls.push_back(kind == ConstraintKind::entropic ? third(x, n) : x % 3);
      if (k == 2) return cls[0] != cls[1];
      for (std::size_t i = 0; i + 2 < k; ++i)
        if (std::set<int>{cls[i], cls[i + 1], cls[i + 2]}.size() != 3) return false;
      return true;
    }
    case ConstraintKind::region_sum: {
      std::vector<int> sums;
      for (std::size_t i = 0; i < k; ++i) {
        if (i == 0 || rules.region_of(cells[i]) != rules.region_of(cells[i - 1])) sums.push_back(0);
        sums.back() += d[i];
      }
      return std::set<int>(sums.begin(), sums.end()).size() <= 1;
    }
    case ConstraintKind::zipper: {
      if (k < 3) return true;
      std::set<int> sums;
      for (std::size_t i = 0; i < (k + 1) / 2; ++i) sums.insert(i == k - 1 - i ? d[i] : d[i] + d[k - 1 - i]);
      return sums.size() == 1;
    }
    case ConstraintKind::double_arrow:
      return k < 3 || d.front() + d.back() == std::accumulate(d.begin() + 1, d.end() - 1, 0);
    default:
      FAIL("not a line rule");
      return false;
  }
}

const ConstraintKind kLines[] = {
    ConstraintKind::between_line, ConstraintKind::renban,           ConstraintKind::whispers,
    ConstraintKind::region_sum,   ConstraintKind::entropic,         ConstraintKind::modular,
    ConstraintKind::zipper,       ConstraintKind::slow_thermometer, ConstraintKind::double_arrow};

}  // namespace

TEST_CASE("line rules: keeps_prefix accepts exactly the tuples that keep the rule, and their prefixes") {
  // A snake through the board (row 1 left to right, then row 2 back...), so that lines cross boxes.
  for (const int n : {4, 6, 9}) {
    sudoku::Rules rules;
    rules.shape = *sudoku::shape_for_side(static_cast<std::size_t>(n));
    std::vector<int> snake;
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) snake.push_back(r * n + (r % 2 == 0 ? c : n - 1 - c));
    for (const ConstraintKind kind : kLines) {
      for (std::size_t length = 1; length <= (n == 9 ? 4u : 5u); ++length) {
        for (const int value : {1, (n + 1) / 2}) {
          if (kind != ConstraintKind::whispers && value != 1) continue;
          for (std::size_t start : {std::size_t{0}, static_cast<std::size_t>(n) - 2}) {
            sudoku::Constraint c;
            c.kind = kind;
            c.value = value;
            c.cells.assign(snake.begin() + static_cast<long>(start),
                           snake.begin() + static_cast<long>(start + length));
            CAPTURE(n);
            CAPTURE(static_cast<int>(kind));
            CAPTURE(length);
            CAPTURE(start);
            // Every tuple of digits, repeats included (the checker judges the rule alone, not the houses).
            std::vector<int> d(length, 1);
            std::size_t kept = 0;
            while (true) {
              const bool want = keeps(rules, kind, value, c.cells, d);
              kept += want;
              // As for_each_tuple asks it: each prefix in turn, the whole tuple last.
              bool accepted = true;
              for (std::size_t p = 1; p <= length && accepted; ++p)
                accepted = sudoku::keeps_prefix(
                    rules, c, std::vector<int>(d.begin(), d.begin() + static_cast<long>(p)));
              CHECK(accepted == want);
              std::size_t i = 0;
              while (i < length && d[i] == n) d[i++] = 1;
              if (i == length) break;
              ++d[i];
            }
            if (length >= 3 && static_cast<int>(length) <= n) CHECK(kept > 0);  // a renban of 5 on 4x4: none
          }
        }
      }
    }
  }
}

TEST_CASE("line rules: entropic thirds and region sum runs") {
  CHECK(sudoku::entropic_group(1, 4) == 0);
  CHECK(sudoku::entropic_group(2, 4) == 1);
  CHECK(sudoku::entropic_group(3, 4) == 1);
  CHECK(sudoku::entropic_group(4, 4) == 2);
  for (const int n : {4, 5, 6, 7, 8, 9, 10, 12, 16})
    for (int d = 1; d <= n; ++d) CHECK(sudoku::entropic_group(d, n) == third(d, n));
  // 9x9: thirds of three; 8x8: 1-3, 4-5, 6-8.
  CHECK(sudoku::entropic_group(3, 9) == 0);
  CHECK(sudoku::entropic_group(4, 9) == 1);
  CHECK(sudoku::entropic_group(7, 9) == 2);
  CHECK(sudoku::entropic_group(3, 8) == 0);
  CHECK(sudoku::entropic_group(6, 8) == 2);

  sudoku::Rules rules;
  rules.shape = *sudoku::shape_for_side(9);
  // r1c3 r1c4 r1c5 r2c5 r2c4 r1c2...: box 1, box 2 (three cells), then back into box 1: a new run.
  const std::vector<int> line{2, 3, 4, 13, 12, 1};
  const std::vector<std::vector<int>> runs = sudoku::region_runs(rules, line);
  REQUIRE(runs.size() == 3);
  CHECK(runs[0] == std::vector<int>{2});
  CHECK(runs[1] == std::vector<int>{3, 4, 13, 12});
  CHECK(runs[2] == std::vector<int>{1});
}
