#include "sudoku/io/reader.hpp"

#include <doctest/doctest.h>

#include <random>
#include <sstream>

#include "helpers.hpp"
#include "sudoku/io/fpuzzles.hpp"

using sudoku::Layout;
using sudoku::Puzzle;
using sudoku::Shape;

namespace {

constexpr std::string_view kPuzzle =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
constexpr std::string_view kJudge =
    "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n"
    "7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n";
constexpr std::string_view kJudgeLine =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

std::vector<Puzzle> read_all(std::string_view text, sudoku::ReaderOptions options = {}) {
  std::istringstream in{std::string(text)};
  sudoku::PuzzleReader reader(in, std::move(options));
  std::vector<Puzzle> puzzles;
  Puzzle p;
  while (reader.next(p)) puzzles.push_back(p);
  return puzzles;
}

// A grid's rows, one per line.
std::string rows_of(std::string_view cells, int n, std::string_view between = "") {
  std::string out;
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      if (c > 0) out += between;
      out += cells[static_cast<std::size_t>(r * n + c)];
    }
    out += '\n';
  }
  return out;
}

}  // namespace

TEST_CASE("one puzzle per line with annotations / comments / blank lines / CRLF") {
  const std::string text = "# a header\r\n\r\n" + std::string(kPuzzle) + "  SE 9.1 \"hard\"\r\n   \n" +
                           std::string(kJudgeLine) + "\n# trailing comment\n" + std::string(kPuzzle);
  const auto puzzles = read_all(text);
  REQUIRE(puzzles.size() == 3);
  CHECK(puzzles[0].ok());
  CHECK(puzzles[0].layout == Layout::line);
  CHECK(puzzles[0].line == 3);
  CHECK(puzzles[0].annotation == "SE 9.1 \"hard\"");
  CHECK(test::text_of(puzzles[0].grid) == kPuzzle);
  CHECK(puzzles[1].line == 5);
  CHECK(puzzles[1].annotation.empty());
  CHECK(test::text_of(puzzles[1].grid) == kJudgeLine);
  CHECK(puzzles[2].ok());  // the last line has no newline
  CHECK(puzzles[2].line == 7);
}

TEST_CASE("annotations of numbers or letters do not make a line look like a grid row") {
  for (const char* note : {" 1 2 3 4 5 6 7 8 9", " a b c", " 12 | 34", "\t#5 rated 9.9"}) {
    const auto puzzles = read_all(std::string(kPuzzle) + note + "\n" + std::string(kPuzzle) + "\n");
    REQUIRE(puzzles.size() == 2);
    CHECK(puzzles[0].layout == Layout::line);
    CHECK(puzzles[0].ok());
    CHECK(puzzles[1].ok());
  }
}

TEST_CASE("blanks are '.' '0' '_' and '*'") {
  std::string text(kPuzzle);
  text[1] = '0';
  text[2] = '_';
  text[3] = '*';
  const auto puzzles = read_all(text);
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].ok());
  CHECK(test::text_of(puzzles[0].grid) == kPuzzle);
}

TEST_CASE("bad lines are reported alone and the puzzles after them stay in place") {
  std::string unknown(kPuzzle);
  unknown[10] = '!';
  std::string too_large(kPuzzle);
  too_large[4] = 'A';
  std::string nul(kPuzzle);
  nul[20] = '\0';
  const std::string text = std::string(kPuzzle) + "\n" + std::string(kPuzzle.substr(1)) + "\n" + unknown +
                           "\n" + too_large + "\n" + nul + "\n" + std::string(kPuzzle) + "x\n" +
                           std::string(kPuzzle) + "\n" + std::string(kPuzzle) + ":1\n" +
                           std::string(kPuzzle) + "1\n";
  const auto puzzles = read_all(text);
  REQUIRE(puzzles.size() == 9);
  // A ':' or ',' after the cells starts the annotation ("puzzle:count" lines).
  CHECK(puzzles[7].ok());
  CHECK(puzzles[7].annotation == "1");
  CHECK(puzzles[8].error.starts_with("wrong length: 82 cells"));
  CHECK(puzzles[0].ok());
  CHECK(puzzles[1].error ==
        "wrong length: 80 cells; a one-line puzzle has 16, 36, 64, 81, 144, 256 or 625 (or use --box)");
  CHECK(puzzles[1].error_line == 2);
  CHECK(puzzles[2].error == "unknown character '!' at column 11");
  CHECK(puzzles[3].error == "'A' at column 5 is not a digit of a 9x9 board (1-9)");
  CHECK(puzzles[4].error == "unknown character 0x00 at column 21");
  CHECK(puzzles[5].error == "unknown character 'x' at column 82");  // says more than "wrong length"
  CHECK(puzzles[6].ok());
  CHECK(puzzles[6].line == 7);
}

TEST_CASE("boards of other sizes on one line - each line's shape from its length") {
  const std::string four = "1.3.3..2.1.34..1";
  const std::string six = "1.....4.....2.....5.....3.....6.....";
  const std::string sixteen = "1234567.9ABCDEFG" + std::string(240, '.');
  std::string twenty_five(625, '.');
  twenty_five[0] = 'P';
  twenty_five[624] = 'O';
  const auto puzzles =
      read_all(four + "\n" + six + "\n" + sixteen + "\n" + twenty_five + "\n" + std::string(144, '.') + "\n");
  REQUIRE(puzzles.size() == 5);
  for (const Puzzle& p : puzzles) CHECK_MESSAGE(p.ok(), p.error);
  CHECK(puzzles[0].grid.shape == Shape{2, 2});
  CHECK(puzzles[1].grid.shape == Shape{2, 3});
  CHECK(puzzles[2].grid.shape == Shape{4, 4});
  CHECK(puzzles[2].grid.cells[9] == 10);
  CHECK(puzzles[2].grid.cells[15] == 16);
  CHECK(puzzles[3].grid.shape == Shape{5, 5});
  CHECK(puzzles[3].grid.cells[0] == 25);
  CHECK(puzzles[3].grid.cells[624] == 24);
  CHECK(read_all(std::string(624, '.') + "p")[0].error == "unknown character 'p' at column 625");
  CHECK(puzzles[4].grid.shape == Shape{3, 4});
  // '0' is a blank only up to 9x9; in a 16x16 puzzle it is a mistake, or a digit of 0-F.
  CHECK(read_all("0" + std::string(255, '.'))[0].error ==
        "'0' at column 1 is no digit of a 16x16 board (1-9, A-G, blanks '.'); if its digits are 0-F, give "
        "--symbols 0123456789ABCDEF");
  CHECK(read_all("1.3.3..2.1.34..1\nG...............\n")[1].error ==
        "'G' at column 1 is not a digit of a 4x4 board (1-4)");
}

TEST_CASE("--box fixes the shape - --symbols sets the alphabet") {
  sudoku::ReaderOptions options;
  options.box = Shape{4, 2};
  auto puzzles = read_all(std::string(64, '.') + "\n" + std::string(81, '.') + "\n", options);
  REQUIRE(puzzles.size() == 2);
  CHECK(puzzles[0].ok());
  CHECK(puzzles[0].grid.shape == Shape{4, 2});
  CHECK(puzzles[1].error == "wrong length: 81 cells, but 8x8 puzzles (boxes 4x2) have 64");

  sudoku::ReaderOptions hex;
  hex.symbols = sudoku::Symbols("0123456789ABCDEF");
  puzzles = read_all("0F" + std::string(254, '.'), hex);
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].ok());
  CHECK(puzzles[0].grid.cells[0] == 1);
  CHECK(puzzles[0].grid.cells[1] == 16);
  CHECK(read_all("0" + std::string(80, '.'), hex)[0].grid.cells[0] == 1);  // '0' is a symbol now, even in 9x9

  CHECK_THROWS_AS(sudoku::Symbols("11"), std::invalid_argument);
  CHECK_THROWS_AS(sudoku::Symbols("12.4"), std::invalid_argument);
  CHECK_THROWS_AS(sudoku::Symbols("1"), std::invalid_argument);
  CHECK_THROWS_AS(sudoku::Symbols("12 4"), std::invalid_argument);
  sudoku::ReaderOptions few;
  few.symbols = sudoku::Symbols("abcd");
  CHECK(read_all(std::string(81, '.'), few)[0].error ==
        "a 9x9 board needs 9 symbols; give them with --symbols");
}

TEST_CASE("grids plain / spaced / with box drawing and several per file") {
  const std::string plain = rows_of(kJudgeLine, 9);
  const std::string ss =
      "53.|.7.|...\n6..|195|...\n.98|...|.6.\n-----------\n8..|.6.|..3\n4..|8.3|..1\n7..|.2.|..6\n-----------"
      "\n"
      ".6.|...|28.\n...|419|..5\n...|.8.|.79\n";
  const std::string pretty =
      "+-------+-------+-------+\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . "
      "6 . |\n"
      "+-------+-------+-------+\n| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . "
      ". 6 |\n"
      "+-------+-------+-------+\n| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . "
      "7 9 |\n"
      "+-------+-------+-------+\n";
  for (const std::string& text :
       {plain + "\n" + plain + plain, ss + "\n# next\n" + ss, pretty + "\n" + pretty}) {
    CAPTURE(text);
    const auto puzzles = read_all(text);
    REQUIRE(puzzles.size() >= 2);
    for (const Puzzle& p : puzzles) {
      CHECK_MESSAGE(p.ok(), p.error);
      CHECK(p.layout == Layout::grid);
      CHECK(test::text_of(p.grid) == kJudgeLine);
    }
  }
  CHECK(read_all(plain + "\n" + plain + plain).size() == 3);
  CHECK(read_all(plain)[0].line == 1);
  CHECK(read_all("\n\n" + plain + "\n" + plain)[1].line == 13);
}

TEST_CASE("grids: Simple Sudoku .ss frames and [Puzzle] headers") {
  const std::string ss =
      "[Puzzle]\n*-----------*\n|53.|.7.|...|\n|6..|195|...|\n|.98|...|.6.|\n|---+---+---|\n|8..|.6.|..3|\n"
      "|4..|8.3|..1|\n|7..|.2.|..6|\n|---+---+---|\n|.6.|...|28.|\n|...|419|..5|\n|...|.8.|.79|\n*-----------"
      "*\n";
  const auto puzzles = read_all(ss + ss);
  REQUIRE(puzzles.size() == 2);
  for (const Puzzle& p : puzzles) {
    CHECK_MESSAGE(p.ok(), p.error);
    CHECK(test::text_of(p.grid) == kJudgeLine);
  }
  CHECK(puzzles[1].line == 17);
}

TEST_CASE("grids: a damaged grid costs only itself") {
  const std::string plain = rows_of(kJudgeLine, 9);
  const std::string short_row =
      "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..\n....8..79\n";
  const std::string cut = "53..7....\n6..195...\n.98....6.\n";
  const std::string bad_char =
      "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419.?5\n....8..79\n";
  const auto puzzles =
      read_all(plain + "\n" + short_row + "\n" + cut + "\n" + bad_char + "\n" + plain + "\n" + cut);
  REQUIRE(puzzles.size() == 6);
  CHECK(puzzles[0].ok());
  CHECK(puzzles[1].error == "row 8 has 8 cells, expected 9");
  CHECK(puzzles[1].line == 11);
  CHECK(puzzles[1].error_line == 18);
  CHECK(puzzles[2].error == "the grid ends after 3 of 9 rows");
  CHECK(puzzles[2].error_line == 24);
  CHECK(puzzles[3].error == "unknown character '?' at column 8");
  CHECK(puzzles[3].error_line == 32);
  CHECK(puzzles[4].ok());
  CHECK(puzzles[4].line == 35);
  CHECK(test::text_of(puzzles[4].grid) == kJudgeLine);
  CHECK(puzzles[5].error == "the grid ends after 3 of 9 rows");  // the input ends
}

TEST_CASE("16 characters: a 4x4 puzzle - or a row of a 16x16 grid when it uses larger digits") {
  auto puzzles = read_all("1.3.3..2.1.34..1\n.2.4............\n");
  REQUIRE(puzzles.size() == 2);
  CHECK(puzzles[0].layout == Layout::line);
  CHECK(puzzles[0].grid.shape == Shape{2, 2});

  std::string sixteen;
  for (int r = 0; r < 16; ++r) sixteen += (r == 0 ? "G" : ".") + std::string(15, '.') + "\n";
  puzzles = read_all(sixteen);
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].ok());
  CHECK(puzzles[0].layout == Layout::grid);
  CHECK(puzzles[0].grid.shape == Shape{4, 4});
  CHECK(puzzles[0].grid.cells[0] == 16);
}

TEST_CASE("judge layout: numbers separated by spaces - 0 for a blank") {
  auto puzzles = read_all(kJudge);
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].ok());
  CHECK(puzzles[0].layout == Layout::judge);
  CHECK(test::text_of(puzzles[0].grid) == kJudgeLine);

  // CRLF, extra spaces, tabs, no final newline, leading blank lines.
  std::string messy = "\r\n";
  for (char c : kJudge)
    messy += c == '\n' ? std::string(" \r\n") : c == ' ' ? std::string(" \t ") : std::string(1, c);
  messy.resize(messy.size() - 2);
  puzzles = read_all(messy);
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].ok());
  CHECK(test::text_of(puzzles[0].grid) == kJudgeLine);

  // 16x16 with numbers up to 16.
  std::string big;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 16; ++c) big += (c ? " " : "") + std::to_string(r == c ? (r % 16) + 1 : 0);
    big += '\n';
  }
  puzzles = read_all(big);
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].ok());
  CHECK(puzzles[0].grid.shape == Shape{4, 4});
  CHECK(puzzles[0].grid.at(15, 15) == 16);

  // Out of range and not a number.
  std::string bad(kJudge);
  bad.replace(bad.find("0 0 5"), 1, "10");
  puzzles = read_all(bad + "\n" + std::string(kJudge));
  REQUIRE(puzzles.size() == 2);
  CHECK(puzzles[0].error == "number 10 at column 13 is out of range 0..9");
  CHECK(puzzles[1].ok());
  std::string word(kJudge);
  word.replace(0, 1, "five");
  CHECK(read_all(word)[0].error == "'five' at column 1 is not a number");
  std::string control(kJudge);
  control.replace(0, 1, "5\x01");
  CHECK(read_all(control)[0].error == "unknown character 0x01 at column 2");
  // Spaced symbols are accepted among the numbers.
  std::string dots(kJudge);
  for (char& c : dots)
    if (c == '0') c = '.';
  puzzles = read_all(dots);
  CHECK(puzzles[0].ok());
  CHECK(test::text_of(puzzles[0].grid) == kJudgeLine);
}

TEST_CASE("empty input / only comments / a byte order mark") {
  CHECK(read_all("").empty());
  CHECK(read_all("\n\n   \n").empty());
  CHECK(read_all("# nothing\r\n#\n").empty());
  const auto puzzles = read_all("\xEF\xBB\xBF" + std::string(kPuzzle) + "\n");
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].ok());
}

TEST_CASE("a line over the length limit is an error for that puzzle only") {
  sudoku::ReaderOptions options;
  options.max_line_length = 200;
  const std::string text =
      std::string(kPuzzle) + "\n" + std::string(1000, '.') + "\n" + std::string(kPuzzle) + "\n";
  const auto puzzles = read_all(text, options);
  REQUIRE(puzzles.size() == 3);
  CHECK(puzzles[0].ok());
  CHECK(puzzles[1].error == "line longer than 200 bytes");
  CHECK(puzzles[2].ok());
  CHECK(puzzles[2].line == 3);
}

TEST_CASE("binary garbage never crashes the reader and every puzzle it returns is well formed") {
  std::mt19937 random(12345);
  for (int round = 0; round < 200; ++round) {
    std::string text;
    const int length = static_cast<int>(random() % 3000);
    for (int i = 0; i < length; ++i) {
      const auto pick = random() % 10;
      // Mostly plausible bytes, so that some puzzles get far into parsing.
      text += pick < 3 ? "123456789.\n |-+#\r"[random() % 17] : static_cast<char>(random() % 256);
    }
    if (round % 3 == 0) text = std::string(kPuzzle) + "\n" + text;
    sudoku::ReaderOptions options;
    options.max_line_length = 512;
    for (const Puzzle& p : read_all(text, options)) {
      if (!p.ok()) continue;
      const int n = p.grid.side();
      REQUIRE(p.grid.cells.size() == static_cast<std::size_t>(n * n));
      for (int v : p.grid.cells) CHECK(v <= n);
    }
  }
}

namespace {

// The error of the one puzzle `text` holds: it must be an error, on the first line, and the last puzzle.
std::string only_error(const std::string& text) {
  std::istringstream in(text);
  sudoku::PuzzleReader reader(in);
  Puzzle puzzle;
  REQUIRE(reader.next(puzzle));
  CHECK_FALSE(puzzle.ok());
  CHECK(puzzle.error_line == 1);
  const std::string error = puzzle.error;
  INFO(error);
  CHECK_FALSE(reader.next(puzzle));
  return error;
}

}  // namespace

TEST_CASE("long tokens are quoted cut short: a killer's sum, an f-puzzles rule name, a variant name") {
  const std::string empty_grid = R"("grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]])";
  for (const std::string& text :
       {"killer " + std::string(16, 'A') + " A=" + std::string(60000, '9') + "\n",
        R"({"size":4,)" + empty_grid + ",\"" + std::string(5000, 'q') + "\":true}\n",
        "x," + std::string(5000, 'q') + ":" + std::string(16, '.') + "\n"}) {
    const std::string message = only_error(text);
    INFO(message);
    CHECK(message.size() < 300);
    CHECK(message.find("...") != std::string::npos);
  }
  sudoku::Variants variants;
  try {
    sudoku::parse_variant_names(std::string(5000, 'q'), variants);
    FAIL("an unknown variant name was taken");
  } catch (const sudoku::RulesError& e) {
    CHECK(std::string(e.what()).size() < 300);
  }
}

TEST_CASE("f-puzzles: a member given twice, a 5x5 board without regions, a cell twice in one rule") {
  const auto error_of = [](const std::string& text) { return only_error(text + "\n"); };
  const std::string grid4 = R"("grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]])";
  // The second, empty list would replace the first: which one counts is a guess, so neither does.
  CHECK(
      error_of(R"({"size":4,)" + grid4 + R"(,"thermometer":[{"lines":[["R1C1","R1C2"]]}],"thermometer":[]})")
          .find("member \"thermometer\" given twice") != std::string::npos);
  std::string grid5 = R"("grid":[)";
  for (int r = 0; r < 5; ++r) grid5 += std::string(r > 0 ? "," : "") + "[{},{},{},{},{}]";
  grid5 += "]";
  CHECK(error_of(R"({"size":5,)" + grid5 + "}").find("no standard boxes") != std::string::npos);
  CHECK(error_of(R"({"size":4,)" + grid4 + R"(,"extraregion":[{"cells":["R1C1","R1C1","R2C3"]}]})")
            .find("lists cell r1c1 twice") != std::string::npos);
  CHECK(error_of(R"({"size":4,)" + grid4 + R"(,"killercage":[{"cells":["R1C1","R2C3","R1C1"],"value":"7"}]})")
            .find("lists cell r1c1 twice") != std::string::npos);
  CHECK(error_of(R"({"size":4,)" + grid4 + R"(,"thermometer":[{"lines":[["R1C1","R1C2","R1C1"]]}]})")
            .find("lists cell r1c1 twice") != std::string::npos);
  CHECK(error_of(R"({"size":4,)" + grid4 +
                 R"(,"arrow":[{"cells":["R1C1"],"lines":[["R1C1","R1C2","R2C2","R1C2"]]}]})")
            .find("lists cell r1c2 twice") != std::string::npos);
}

TEST_CASE("a JSON document over several lines: errors name its first line, one past 16 MiB is one error") {
  const std::string grid4 = R"("grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]])";
  const auto read_all = [](const std::string& text) {
    std::istringstream in(text);
    sudoku::PuzzleReader reader(in);
    std::vector<Puzzle> puzzles;
    Puzzle puzzle;
    while (reader.next(puzzle)) puzzles.push_back(puzzle);
    return puzzles;
  };
  // A bad cell on line 5 of a document that starts on line 2.
  auto puzzles = read_all("# title\n{\"size\":4,\n" + grid4 +
                          ",\n\"thermometer\":[{\"lines\":\n[[\"R9C1\",\"R1C2\"]]}]\n}\n");
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].error.find("R9C1") != std::string::npos);
  CHECK(puzzles[0].error_line == 2);
  CHECK(puzzles[0].line == 2);
  // One that never closes: named by its first line too.
  puzzles = read_all("{\"size\":4,\n" + grid4 + ",\n\"thermometer\":[\n");
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].error.find("does not end") != std::string::npos);
  CHECK(puzzles[0].error_line == 1);
  // Over 16 MiB but closed: one error, and the puzzle after it is read as usual (the document's tail is not).
  std::string big = "{\"size\":4,\n" + grid4 + ",\n\"title\":[\n";
  const std::string piece = "\"" + std::string(1000, 'a') + "\",\n";
  while (big.size() < (std::size_t{17} << 20)) big += piece;
  big += "\"end\"]\n}\n" + std::string(16, '.') + "\n";
  puzzles = read_all(big);
  REQUIRE(puzzles.size() == 2);
  CHECK(puzzles[0].error.find("longer than 16 MiB") != std::string::npos);
  CHECK(puzzles[0].error_line == 1);
  CHECK(puzzles[1].ok());
  CHECK(puzzles[1].grid.side() == 4);
  // A line cut short inside a document: one error naming it (never its text read as part of the JSON).
  puzzles = read_all("{\"size\":4,\n" + grid4 + ",\n\"title\":[\"" + std::string(100000, 'a') + "\"]\n}\n");
  REQUIRE(puzzles.size() == 1);
  CHECK(puzzles[0].error.find("line 3 is longer than") != std::string::npos);
  CHECK(puzzles[0].error_line == 1);
}

TEST_CASE("f-puzzles caps: values in a document, rules in a puzzle, one error each") {
  const std::string grid4 = R"("grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]])";
  std::string dots;
  for (std::size_t i = 0; i <= sudoku::kMaxFpuzzlesRules; ++i)
    dots += std::string(i > 0 ? ",\n" : "") + R"({"cells":["R1C1","R1C2"]})";
  CHECK(only_error("{\"size\":4,\n" + grid4 + ",\n\"difference\":[\n" + dots + "\n]}\n").find("2001 rules") !=
        std::string::npos);
  std::string values;
  for (std::size_t i = 0; i < sudoku::kMaxFpuzzlesValues / 8; ++i) values += "1,1,1,1,1,1,1,1,\n";
  CHECK(only_error("{\"size\":4,\n" + grid4 + ",\n\"text\":[\n" + values + "1]}\n").find("more values") !=
        std::string::npos);
}
