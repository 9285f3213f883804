// The f-puzzles forms written (io/puzzle_line.hpp's append_fpuzzles_form: f-puzzles JSON, f-puzzles and
// SudokuPad links) and read back by the reader as the same puzzle, for every rule kind the f-puzzles writer
// handles, the published documents of tests/sudoku/data and the rules of the other puzzle forms; and
// lz-string's encoder (io/lz_string.hpp) against vectors made by lz-string itself (web/lz.js, which
// python3-lzstring agrees with) and through the decoder on random and large texts.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "read_one.hpp"
#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/io/json.hpp"
#include "sudoku/io/lz_string.hpp"
#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/io/sudokupad.hpp"

using namespace sudoku;

namespace {

// A rule set compared as a set: constraints, cages and extra regions in any order, regions cell by cell.
struct Normal {
  std::vector<int> regions;
  std::vector<std::vector<int>> extra;
  bool anti_knight, anti_king, non_consecutive;
  std::vector<std::pair<std::vector<int>, int>> cages;
  std::vector<std::tuple<int, std::vector<int>, std::vector<std::vector<int>>, int, int, std::vector<int>>>
      constraints;
  Negatives negatives;
  friend bool operator==(const Normal&, const Normal&) = default;
};

Normal normal(const Rules* rules, Shape shape) {
  Rules plain;
  plain.shape = shape;
  const Rules& r = rules != nullptr ? *rules : plain;
  Normal out{{}, {}, r.anti_knight, r.anti_king, r.non_consecutive, {}, {}, r.negatives};
  for (int cell = 0; cell < shape.cells(); ++cell) out.regions.push_back(r.region_of(cell));
  for (const Region& region : r.extra) out.extra.push_back(region.cells);
  for (const Cage& cage : r.cages) out.cages.emplace_back(cage.cells, cage.sum);
  for (const Constraint& c : r.constraints)
    out.constraints.emplace_back(static_cast<int>(c.kind), c.cells, c.lines, c.value, c.clue, c.digits);
  std::sort(out.extra.begin(), out.extra.end());
  std::sort(out.cages.begin(), out.cages.end());
  std::sort(out.constraints.begin(), out.constraints.end());
  return out;
}

// The puzzle written in each f-puzzles form, with and without a filled grid, and read back: the same givens
// and the same rules.
void check_round_trips(const Puzzle& puzzle) {
  REQUIRE_MESSAGE(puzzle.ok(), puzzle.error);
  const Rules* rules = puzzle.rules.get();
  const Normal want = normal(rules, puzzle.grid.shape);
  Grid filled = puzzle.grid;  // any digits will do: the reader leaves out digits that are not given
  for (std::size_t i = 0; i < filled.cells.size(); ++i)
    if (filled.cells[i] == 0) filled.cells[i] = static_cast<std::uint8_t>(i % filled.side() + 1);
  for (const Format form : {Format::fpuzzles, Format::fpuzzles_link, Format::sudokupad_link}) {
    for (const Grid* with : {static_cast<const Grid*>(nullptr), static_cast<const Grid*>(&filled)}) {
      std::string text;
      append_fpuzzles_form(text, form, puzzle.grid, rules, with);
      CAPTURE(text);
      CHECK(text.find_first_of(" \t\n") == std::string::npos);
      if (form == Format::fpuzzles_link) CHECK(text.starts_with("https://www.f-puzzles.com/?load=N4Ig"));
      if (form == Format::sudokupad_link) CHECK(text.starts_with("https://sudokupad.app/fpuzzlesN4Ig"));
      const Puzzle back = test::read_one(text);
      REQUIRE_MESSAGE(back.ok(), back.error);
      CHECK(back.grid.cells == puzzle.grid.cells);
      CHECK(back.grid.side() == puzzle.grid.side());
      CHECK(normal(back.rules.get(), back.grid.shape) == want);
    }
  }
  // The filled grid's digits are all in the document, the givens' as given and the others' as entered.
  std::string doc;
  append_fpuzzles_form(doc, Format::fpuzzles, puzzle.grid, rules, &filled);
  const json::Value value = json::parse(doc, 1'000'000);
  const int n = puzzle.grid.side();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const json::Value& cell =
          value.find("grid")->array[static_cast<std::size_t>(r)].array[static_cast<std::size_t>(c)];
      REQUIRE(cell.find("value") != nullptr);
      CHECK(cell.find("value")->number == filled.at(r, c));
      CHECK(cell.find("given")->boolean == (puzzle.grid.at(r, c) != 0));
    }
}

// A 9x9 f-puzzles document: givens in r1c1 and r9c9, pencil marks in r1c2, then `fields`.
std::string document(const std::string& fields, int n = 9, const std::string& regions = "") {
  std::string out = "{\"size\":" + std::to_string(n) + ",\"grid\":[";
  for (int r = 0; r < n; ++r) {
    out += r > 0 ? ",[" : "[";
    for (int c = 0; c < n; ++c) {
      std::string cell;
      if (r == 0 && c == 0) cell = "\"value\":1,\"given\":true";
      if (r == n - 1 && c == n - 1) cell = "\"value\":2,\"given\":true";
      if (r == 0 && c == 1) cell = "\"givenPencilMarks\":[2,3,4]";
      if (!regions.empty()) {
        if (!cell.empty()) cell += ',';
        cell += "\"region\":" + std::string(1, regions[static_cast<std::size_t>(r * n + c)]);
      }
      out += (c > 0 ? ",{" : "{") + cell + "}";
    }
    out += ']';
  }
  return out + "]" + fields + "}";
}

std::string data_file(const std::string& name) {
  std::ifstream in(std::string(SUDOKU_TEST_DATA) + "/" + name);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("lz-string encoder: lz-string's own output for fixed texts") {
  // Made with lz-string's compressToBase64 (web/lz.js under node; python3-lzstring agrees on all but the
  // clef, a code point past U+FFFF, which JavaScript holds as two code units and Python as one).
  CHECK(lz_compress_base64("") == "Q===");
  CHECK(lz_compress_base64("a") == "IZA=");
  CHECK(lz_compress_base64("Hello, world") == "BIUwNmD2A0AEDukBOYAmQ===");
  CHECK(lz_compress_base64("{\"size\":9}") == "N4IgzglgXgpiBcBOAvkA");
  CHECK(lz_compress_base64(std::string(40, 'a')) == "IY18ZVkA");
  CHECK(lz_compress_base64("h\xc3\xa9llo w\xc3\xb6rld \xe2\x82\xac") == "BYS4NmD2AEDuBvAnMATagagiA===");
  CHECK(lz_compress_base64("\xf0\x9d\x84\x9e clef") == "iwbjxdgEDGA2CmBmQ===");
}

TEST_CASE("lz-string encoder: random texts and a large one decoded back and bad UTF-8 refused") {
  std::mt19937 rng(59);
  // Alphabets from two letters (long phrases) to anything up to U+10FFFF (literals of 16 bits, pairs).
  const std::vector<std::vector<unsigned>> alphabets = {
      {'a', 'b'}, {'{', '}', '"', ':', ',', 'R', 'C', '1', '9'}, {0xe9, 0x20ac, 0x1d11e, 'x', 0xff, 0x100}};
  for (int round = 0; round < 400; ++round) {
    std::string text;
    const std::size_t length = std::uniform_int_distribution<std::size_t>(0, round % 4 == 0 ? 5000 : 60)(rng);
    const auto& alphabet = alphabets[static_cast<std::size_t>(round) % alphabets.size()];
    for (std::size_t i = 0; i < length; ++i) {
      unsigned code = alphabet[rng() % alphabet.size()];
      if (round % 7 == 6) {  // any code point but the surrogates
        code = std::uniform_int_distribution<unsigned>(1, 0x10ffff)(rng);
        if (code >= 0xd800 && code < 0xe000) code = 'z';
      }
      json::append_utf8(text, code);
    }
    const std::string packed = lz_compress_base64(text);
    CAPTURE(text);
    CHECK(packed.size() % 4 == 0);
    CHECK(lz_decompress_base64(packed, std::size_t{1} << 24) == text);
  }
  std::string large;
  for (int i = 0; i < 200'000; ++i) large += "{\"value\":" + std::to_string(rng() % 10) + ",\"given\":true},";
  const std::string packed = lz_compress_base64(large);
  CHECK(packed.size() < large.size() / 4);
  CHECK(lz_decompress_base64(packed, std::size_t{1} << 24) == large);
  for (const std::string bad : {"\xff", "a\xc3", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80"})
    CHECK_THROWS_AS(lz_compress_base64(bad), LzStringError);
}

TEST_CASE("f-puzzles forms read back: every rule kind of the f-puzzles writer") {
  const std::vector<std::string> docs = {
      // Lines, dots, cells, cages, neighbour rules and regions.
      document(R"(,"thermometer":[{"lines":[["R2C1","R2C2","R2C3"]]}],)"
               R"("palindrome":[{"lines":[["R3C1","R3C2","R3C3"]]}],)"
               R"("arrow":[{"cells":["R4C1"],"lines":[["R4C1","R4C2","R4C3"]]}],)"
               R"("killercage":[{"cells":["R5C1","R5C2"],"value":"3"}],)"
               R"("littlekillersum":[{"cell":"R0C1","cells":["R1C2","R2C3","R3C4"],"value":"12"}],)"
               R"("sandwichsum":[{"cell":"R0C5","value":"7"},{"cell":"R6C0","value":"0"}],)"
               R"("difference":[{"cells":["R6C1","R6C2"]}],"ratio":[{"cells":["R7C1","R7C2"],"value":"3"}],)"
               R"("xv":[{"cells":["R8C1","R8C2"],"value":"X"},{"cells":["R8C3","R8C4"],"value":"V"}],)"
               R"("negative":["ratio","xv"],"odd":[{"cell":"R9C1"}],"even":[{"cell":"R9C2"}],)"
               R"("minimum":[{"cell":"R5C5"}],"maximum":[{"cell":"R7C7"}],)"
               R"("quadruple":[{"cells":["R2C5","R2C6","R3C5","R3C6"],"values":[1,2]}],)"
               R"("antiknight":true,"antiking":true,"nonconsecutive":true,"diagonal+":true,"diagonal-":true,)"
               R"("extraregion":[{"cells":["R4C7","R4C8","R5C7"]}])"),
      // The nonconsecutive rule without dots, and f-puzzles' clone, nabner, indexer and outside rules.
      document(R"(,"nonconsecutive":true,"clone":[{"cells":["R1C3","R1C4"],"cloneCells":["R9C5","R9C6"]}],)"
               R"("nabner":[{"lines":[["R3C1","R3C2"]]}],"rowindexer":[{"cells":["R4C1","R5C1"]}],)"
               R"("columnindexer":[{"cells":["R6C4"]}],"boxindexer":[{"cells":["R7C7"]}],)"
               R"("xsum":[{"cell":"R0C3","value":"10"},{"cell":"R2C10","value":"15"}],)"
               R"("skyscraper":[{"cell":"R10C4","value":"3"},{"cell":"R5C0","value":"2"}])"),
      // Disjoint groups and every line rule.
      document(
          R"(,"disjointgroups":true,"betweenline":[{"lines":[["R2C1","R2C2","R2C3"]]}],)"
          R"("renban":[{"lines":[["R3C1","R3C2","R3C3"]]}],"whispers":[{"lines":[["R4C1","R4C2"]],"value":"4"}],)"
          R"("regionsumline":[{"lines":[["R5C3","R5C4"]]}],"entropicline":[{"lines":[["R6C1","R6C2","R6C3"]]}],)"
          R"("modularline":[{"lines":[["R7C1","R7C2","R7C3"]]}],"zipperline":[{"lines":[["R8C1","R8C2","R8C3"]]}],)"
          R"("slowthermometer":[{"lines":[["R9C4","R9C5"]]}],"doublearrow":[{"lines":[["R2C7","R2C8","R2C9"]]}])"),
      // A jigsaw 6x6 with a killer cage, and a 4x4 with white dots and the nonconsecutive rule (the dots'
      // negative constraint).
      document(R"(,"killercage":[{"cells":["R1C1","R2C1"],"value":"5"}])", 6,
               "000000111111222222333333444444555555"),
      document(R"(,"difference":[{"cells":["R1C1","R1C2"]}],"nonconsecutive":true)", 4),
  };
  for (const std::string& doc : docs) {
    CAPTURE(doc);
    check_round_trips(test::read_one(doc));
  }
}

TEST_CASE("f-puzzles forms read back: the published documents of the test data") {
  int read = 0;
  for (const char* file : {"variant_bench.txt", "published_lines.txt", "published_fpuzzles.txt"}) {
    std::istringstream lines(data_file(file));
    std::string line;
    while (std::getline(lines, line)) {
      if (line.empty() || line[0] == '#') continue;
      const std::size_t tab = line.find('\t'), end = line.find('\t', tab + 1);
      REQUIRE(tab != std::string::npos);
      CAPTURE(line.substr(0, tab));
      check_round_trips(test::read_one(line.substr(tab + 1, end - tab - 1)));
      ++read;
    }
  }
  CHECK(read >= 20);
}

TEST_CASE("f-puzzles forms read back: rules of the other puzzle forms, boxes of every shape") {
  ReaderOptions box32;
  box32.box = Shape{3, 2};
  const std::vector<std::pair<std::string, ReaderOptions>> puzzles = {
      {"x,windoku,anti-knight,anti-king,non-consecutive:1" + std::string(80, '.'), {}},
      {"extra=" + std::string(3, 'A') + std::string(78, '.') + ":" + std::string(81, '.'), {}},
      {"killer AAB" + std::string(78, '.') + " A=3 B=4", {}},
      {"12" + std::string(34, '.') + "AAABBBAAABBBCCCDDDCCCDDDEEEFFFEEEFFF", {}},
      {"1" + std::string(35, '.'), box32},
      {"1" + std::string(143, '.'), {}},
      {"1" + std::string(255, '.'), {}},
  };
  for (const auto& puzzle : puzzles) {
    // Not a structured binding: clang 14 cannot capture one, which CAPTURE does.
    const std::string& text = puzzle.first;
    CAPTURE(text);
    check_round_trips(test::read_one(text, puzzle.second));
  }
  // f-puzzles boards end at 16x16.
  const Puzzle big = test::read_one("1" + std::string(624, '.'));
  std::string out;
  CHECK_THROWS_WITH_AS(append_fpuzzles_form(out, Format::fpuzzles_link, big.grid, big.rules.get()),
                       "a 25x25 board has no f-puzzles form: f-puzzles and SudokuPad boards are 4x4 to 16x16",
                       RulesError);
}
