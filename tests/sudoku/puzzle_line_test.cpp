// The self-describing line (io/puzzle_line.hpp): every combination of rules written and read back gives the
// same rules (up to the order and names of extra regions) and the same givens; malformed prefixes are errors.
#include "sudoku/io/puzzle_line.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "read_one.hpp"
#include "sudoku/io/reader.hpp"
#include "sudoku/pipeline/answer.hpp"

namespace {

using sudoku::Rules;

// The rules with their extra regions and cages as sorted cell lists, names dropped: what the model sees.
struct Normal {
  std::vector<int> regions;
  std::vector<std::vector<int>> extra;
  std::vector<std::pair<int, std::vector<int>>> cages;
  bool knight, king, nonconsecutive;
  friend bool operator==(const Normal&, const Normal&) = default;
};

Normal normal(const Rules& rules) {
  Normal n{rules.regions, {}, {}, rules.anti_knight, rules.anti_king, rules.non_consecutive};
  for (const auto& r : rules.extra) n.extra.push_back(r.cells);
  for (const auto& c : rules.cages) n.cages.emplace_back(c.sum, c.cells);
  std::sort(n.extra.begin(), n.extra.end());
  n.extra.erase(std::unique(n.extra.begin(), n.extra.end()), n.extra.end());
  std::sort(n.cages.begin(), n.cages.end());
  // A region layout is known up to the names of its regions: number them by first cell.
  std::vector<int> rename(n.regions.size(), -1);
  int next = 0;
  for (int& r : n.regions) {
    if (rename[static_cast<std::size_t>(r)] < 0) rename[static_cast<std::size_t>(r)] = next++;
    r = rename[static_cast<std::size_t>(r)];
  }
  return n;
}

}  // namespace

TEST_CASE("self-describing lines: every combination of rules reads back as written") {
  const sudoku::Shape shape{3, 3};
  const std::string jigsaw =
      "AAABBBCCCAAABBBCCCAAEBBBCCCDDDAEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
  const std::string extra =
      "12.............................................................................21";
  int written = 0;
  for (int mask = 0; mask < 128; ++mask) {
    sudoku::Variants v;
    v.x = mask & 1;
    v.windoku = mask & 2;
    v.anti_knight = mask & 4;
    v.anti_king = mask & 8;
    v.non_consecutive = mask & 16;
    if (mask & 32) v.regions = jigsaw;
    if (mask & 64) v.extra_regions = extra;
    for (const bool killer : {false, true}) {
      Rules rules = sudoku::make_rules(shape, v);
      if (killer) {
        rules.cages.push_back({3, {0, 1}});
        rules.cages.push_back({17, {79, 80}});
      }
      sudoku::Grid givens;
      givens.reset(shape);
      givens.cells[40] = 5;
      std::string line;
      sudoku::append_puzzle_line(line, givens, {}, &rules, sudoku::Symbols());
      CAPTURE(line);
      const sudoku::Puzzle back = test::read_one(line);
      REQUIRE(back.ok());
      CHECK(back.grid.cells == givens.cells);
      if (rules.plain()) {
        CHECK(back.rules == nullptr);
      } else {
        REQUIRE(back.rules != nullptr);
        CHECK(normal(*back.rules) == normal(rules));
      }
      // The same line inside this program's JSON and CSV records reads back the same.
      const sudoku::Puzzle json =
          test::read_one("{\"line\":1,\"puzzle\":\"" + line + "\",\"status\":\"unique\"}");
      REQUIRE(json.ok());
      CHECK(json.grid.cells == givens.cells);
      CHECK((json.rules == nullptr) == (back.rules == nullptr));
      if (json.rules) CHECK(normal(*json.rules) == normal(rules));
      ++written;
    }
  }
  CHECK(written == 256);
}

TEST_CASE("self-describing lines: prefixes and their errors") {
  CHECK_FALSE(sudoku::parse_rules_prefix("4.....8.5.3").has_value());
  CHECK_FALSE(sudoku::parse_rules_prefix("3x3::k:3841:").has_value());  // SudoCue: a shape, no rule word
  CHECK_FALSE(sudoku::parse_rules_prefix("123:note").has_value());
  const auto p = sudoku::parse_rules_prefix("x,anti-king:....");
  REQUIRE(p.has_value());
  CHECK(p->variants.x);
  CHECK(p->variants.anti_king);
  CHECK(p->length == 12);
  CHECK_THROWS_AS(sudoku::parse_rules_prefix("x,bogus:...."), sudoku::RulesError);
  CHECK_THROWS_AS(sudoku::parse_rules_prefix("regions=AB:...."), sudoku::RulesError);
  // In a file, a bad prefix is that line's error alone.
  std::istringstream in("x,bogus:" + std::string(81, '.') + "\nx:" + std::string(81, '.') + "\n");
  sudoku::PuzzleReader reader(in);
  sudoku::Puzzle puzzle;
  REQUIRE(reader.next(puzzle));
  CHECK_FALSE(puzzle.ok());
  CHECK(puzzle.error.find("unknown rule 'bogus'") != std::string::npos);
  REQUIRE(reader.next(puzzle));
  CHECK(puzzle.ok());
  REQUIRE(puzzle.rules != nullptr);
  CHECK(puzzle.rules->extra.size() == 2);
}

namespace {

// Every 4x4 grid with 2x2 boxes whose given regions (cell lists) hold distinct digits, by brute force: each
// row a permutation, then columns, boxes and the regions checked. Knows nothing of the reader or the model.
std::uint64_t brute_4x4(const std::vector<std::vector<int>>& regions, const std::string& marks = {}) {
  std::vector<std::array<int, 4>> perms;
  std::array<int, 4> p{1, 2, 3, 4};
  do perms.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  const auto distinct = [](const std::vector<int>& cells, const std::array<int, 16>& g) {
    int seen = 0;
    for (const int c : cells) {
      if (seen >> g[static_cast<std::size_t>(c)] & 1) return false;
      seen |= 1 << g[static_cast<std::size_t>(c)];
    }
    return true;
  };
  std::vector<std::vector<int>> houses = regions;
  for (int i = 0; i < 4; ++i) {
    houses.push_back({i, 4 + i, 8 + i, 12 + i});
    const int top = (i / 2) * 8 + (i % 2) * 2;
    houses.push_back({top, top + 1, top + 4, top + 5});
  }
  std::uint64_t count = 0;
  for (const auto& a : perms)
    for (const auto& b : perms)
      for (const auto& c : perms)
        for (const auto& d : perms) {
          std::array<int, 16> g{};
          for (int k = 0; k < 4; ++k) {
            g[static_cast<std::size_t>(k)] = a[static_cast<std::size_t>(k)];
            g[static_cast<std::size_t>(4 + k)] = b[static_cast<std::size_t>(k)];
            g[static_cast<std::size_t>(8 + k)] = c[static_cast<std::size_t>(k)];
            g[static_cast<std::size_t>(12 + k)] = d[static_cast<std::size_t>(k)];
          }
          bool ok = std::all_of(houses.begin(), houses.end(), [&](const auto& h) { return distinct(h, g); });
          // Pencilmarks: 4 characters a cell, the digit at its place or '.'.
          for (std::size_t cell = 0; ok && !marks.empty() && cell < 16; ++cell)
            ok = marks[cell * 4 + static_cast<std::size_t>(g[cell] - 1)] != '.';
          count += ok;
        }
  return count;
}

std::uint64_t count_line(const std::string& line) {
  const sudoku::Puzzle puzzle = test::read_one(line + "\n");
  REQUIRE_MESSAGE(puzzle.ok(), puzzle.error);
  return *sudoku::answer_puzzle(puzzle, 0, false).count.solutions.to_u64();
}

std::string error_of(const std::string& line) {
  const sudoku::Puzzle puzzle = test::read_one(line + "\n");
  CHECK_FALSE(puzzle.ok());
  return puzzle.error;
}

}  // namespace

TEST_CASE("rules prefix: each extra= adds its regions, regions= comes once, and no value is empty") {
  const std::string empty(16, '.');
  const std::vector<int> a{1, 2, 5, 6}, b{5, 6, 9, 10};
  // Two overlapping regions need two layouts: both count, in either order.
  CHECK(count_line("extra=.AA..AA.........:" + empty) == brute_4x4({a}));
  CHECK(count_line("extra=.AA..AA.........,extra=.....BB..BB.....:" + empty) == brute_4x4({a, b}));
  CHECK(count_line("extra=.....BB..BB.....,extra=.AA..AA.........:" + empty) == brute_4x4({a, b}));
  CHECK(brute_4x4({a, b}) < brute_4x4({a}));
  // Written back, the line keeps both regions.
  const sudoku::Puzzle two = test::read_one("extra=.AA..AA.........,extra=.....BB..BB.....:" + empty + "\n");
  REQUIRE(two.ok());
  std::string written;
  sudoku::append_puzzle_line(written, two.grid, {}, two.rules.get(), {});
  CHECK(count_line(written) == brute_4x4({a, b}));

  CHECK(error_of("regions=AABBAABBCCDDCCDD,regions=AABBAABBCCDDCCDD:" + empty)
            .find("regions= is given twice") != std::string::npos);
  // A jigsaw line names its regions itself: a regions= prefix as well is one set too many.
  CHECK(error_of("regions=AABBAABBCCDDCCDD:" + empty + "ABABABABCDCDCDCD").find("regions given twice") !=
        std::string::npos);
  for (const std::string prefix : {"extra=", "regions=", "x,extra=", "extra=,x"})
    CHECK(error_of(prefix + ":" + empty)
              .find(prefix.find("regions") != std::string::npos
                        ? "regions= has no layout"
                        : "extra= has no layout") != std::string::npos);
  // A long unknown word is quoted cut short.
  CHECK(error_of("x," + std::string(5000, 'q') + ":" + empty).size() < 300);
}

TEST_CASE("pencilmarks after a rules prefix are read with the rules, and written back so") {
  std::string marks;
  for (int cell = 0; cell < 16; ++cell) marks += cell == 0 ? "1..." : cell == 5 ? ".2.." : "1234";
  const std::vector<int> diagonal{0, 5, 10, 15}, anti{3, 6, 9, 12};
  CHECK(count_line(marks) == brute_4x4({}, marks));
  CHECK(count_line("x:" + marks) == brute_4x4({diagonal, anti}, marks));
  CHECK(count_line("x:" + marks) < count_line(marks));
  const sudoku::Puzzle read = test::read_one("x:" + marks + "\n");
  REQUIRE(read.ok());
  std::string written;
  sudoku::append_puzzle_line(written, read.grid, read.pencilmarks, read.rules.get(), {});
  CHECK(written == "x:" + marks);
  // With jigsaw regions, which the pencilmark form has no place for: in the prefix.
  const std::string layout = "AABBAABBCCDDCCDD";
  const sudoku::Puzzle jigsaw = test::read_one("regions=" + layout + ":" + marks + "\n");
  REQUIRE(jigsaw.ok());
  written.clear();
  sudoku::append_puzzle_line(written, jigsaw.grid, jigsaw.pencilmarks, jigsaw.rules.get(), {});
  CHECK(written == "regions=" + layout + ":" + marks);
}
