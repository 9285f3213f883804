#include "sudoku/io/writer.hpp"

#include <doctest/doctest.h>

#include <sstream>

#include "helpers.hpp"
#include "read_one.hpp"
#include "sudoku/io/reader.hpp"

using sudoku::Layout;
using sudoku::Shape;

namespace {}  // namespace

TEST_CASE("every layout reads back as the board written") {
  const sudoku::Symbols symbols;
  const std::vector<sudoku::Grid> boards = {
      test::grid_from("1.3.3..2.1.34..1", 2, 2),
      test::grid_from("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 3,
                      3),
      test::grid_from("1.....4.....2.....5.....3.....6.....", 2, 3),
      test::grid_from("G..A" + std::string(252, '.'), 4, 4),
  };
  for (const sudoku::Grid& board : boards) {
    CAPTURE(test::text_of(board));
    for (Layout layout : {Layout::line, Layout::grid, Layout::judge, Layout::spaced}) {
      std::string text;
      sudoku::append_board(text, board, layout, symbols);
      const sudoku::Puzzle back = test::read_one(text);
      CHECK_MESSAGE(back.ok(), back.error);
      CHECK(back.grid == board);
    }
    std::string pretty;
    sudoku::append_pretty(pretty, board, symbols);
    const sudoku::Puzzle back = test::read_one(pretty);
    CHECK_MESSAGE(back.ok(), back.error);
    CHECK(back.grid == board);
  }
}

TEST_CASE("the judge layout and the pretty layout exactly") {
  const sudoku::Grid g = test::grid_from("1234341221434321", 2, 2);
  std::string judge;
  sudoku::append_judge(judge, g);
  CHECK(judge == "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n");
  std::string pretty;
  sudoku::append_pretty(pretty, g, sudoku::Symbols());
  CHECK(pretty ==
        "+-----+-----+\n"
        "| 1 2 | 3 4 |\n"
        "| 3 4 | 1 2 |\n"
        "+-----+-----+\n"
        "| 2 1 | 4 3 |\n"
        "| 4 3 | 2 1 |\n"
        "+-----+-----+\n");
  sudoku::Grid six;
  six.reset(Shape{2, 3});
  std::string six_pretty;
  sudoku::append_pretty(six_pretty, six, sudoku::Symbols());
  CHECK(six_pretty.substr(0, six_pretty.find('\n')) == "+-------+-------+");
  CHECK(six_pretty.find("| . . . | . . . |") != std::string::npos);
  std::string big;
  sudoku::Grid sixteen = test::grid_from(std::string(255, '.') + "G", 4, 4);
  sudoku::append_judge(big, sixteen);
  CHECK(big.ends_with(" 0 16\n"));
}

TEST_CASE("digit names / CSV fields / JSON strings") {
  const sudoku::Symbols symbols;
  CHECK(sudoku::digit_name(12, Layout::line, symbols) == "C");
  CHECK(sudoku::digit_name(12, Layout::judge, symbols) == "12");
  CHECK(sudoku::digit_name(5, Layout::grid, symbols) == "5");

  std::string csv;
  sudoku::append_csv_field(csv, "plain");
  csv += ',';
  sudoku::append_csv_field(csv, "a,\"b\"");
  CHECK(csv == "plain,\"a,\"\"b\"\"\"");

  std::string json;
  sudoku::append_json_string(json, std::string("q\"b\\ \x01 \xC3\xA9 \xFF", 11));
  CHECK(json == "\"q\\\"b\\\\ \\u0001 \xC3\xA9 \\ufffd\"");
}
