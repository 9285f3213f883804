// The self-describing line (io/puzzle_line.hpp): every combination of rules written and read back gives the
// same rules (up to the order and names of extra regions) and the same givens; malformed prefixes are errors.
#include "sudoku/io/puzzle_line.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "read_one.hpp"
#include "sudoku/io/reader.hpp"

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
  // Pencilmarks take no rules.
  std::istringstream marks("x:" + std::string(729, '.') + "\n");
  sudoku::PuzzleReader marks_reader(marks);
  REQUIRE(marks_reader.next(puzzle));
  CHECK_FALSE(puzzle.ok());
}
