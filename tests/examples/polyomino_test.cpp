// polyomino: the published pentomino counts, symmetry reduction checked against a brute-force count of classes,
// and the text formats with their FILE:LINE errors.
#include "polyomino/polyomino.hpp"

#include <doctest/doctest.h>

#include <set>
#include <sstream>
#include <string>

#include "common/cli.hpp"
#include "dlx/input_error.hpp"
#include "dlx/solver.hpp"
#include "polyomino_counts.hpp"

namespace poly = examples::polyomino;
using examples::test::count_tiling;
using examples::test::eight_by_eight_with_hole;
using examples::test::pieces_from;

namespace {

poly::Board board_from(const std::string& text) {
  std::istringstream in(text);
  return poly::read_board(in, "board.txt");
}

// The number of classes of solutions under the board's symmetries, found the slow way: every solution, each
// reduced to the smallest of its images.
std::uint64_t classes_by_brute_force(const std::vector<poly::Piece>& pieces, const poly::Board& board,
                                     poly::Freedom freedom) {
  const poly::Tiling tiling(pieces, board, freedom, false);
  dlx::Solver solver(tiling.problem());
  std::set<std::vector<int>> classes;
  solver.for_each([&](std::span<const dlx::OptionId> solution) {
    const std::vector<int> labels = tiling.labels(solution);
    std::vector<int> smallest = labels;
    for (const std::vector<int>& map : tiling.symmetries())
      smallest = std::min(smallest, tiling.transform_labels(map, labels));
    classes.insert(smallest);
    return true;
  });
  return classes.size();
}

std::string error_of(const std::function<void()>& read) {
  try {
    read();
  } catch (const dlx::InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("polyomino: the 12 pentominoes and their 63 orientations") {
  const std::vector<poly::Piece> pieces = poly::pentominoes();
  REQUIRE(pieces.size() == 12);
  std::string names;
  std::size_t orientations = 0;
  for (const poly::Piece& piece : pieces) {
    names += piece.name;
    CHECK(piece.shape.size() == 5);
    std::set<poly::Shape> distinct;
    for (int s = 0; s < poly::kSymmetryCount; ++s) distinct.insert(poly::transform(s, piece.shape));
    orientations += distinct.size();
  }
  CHECK(names == "FILNPTUVWXYZ");
  CHECK(orientations == 63);  // F L N P Y: 8 each, T U V W Z: 4, I: 2, X: 1
}

TEST_CASE("polyomino: the square's symmetries") {
  const poly::Shape l = {{0, 0}, {1, 0}, {2, 0}, {2, 1}};
  std::set<poly::Shape> images;
  for (int s = 0; s < poly::kSymmetryCount; ++s) images.insert(poly::transform(s, l));
  CHECK(images.size() == 8);
  CHECK(poly::transform(1, l) == poly::Shape{{0, 0}, {0, 1}, {0, 2}, {1, 0}});  // a quarter turn clockwise
  CHECK(poly::transform(4, l) == poly::Shape{{0, 1}, {1, 1}, {2, 0}, {2, 1}});  // mirrored left to right
  CHECK(poly::allowed_symmetries({true, true}).size() == 8);
  CHECK(poly::allowed_symmetries({true, false}) == std::vector<int>{0, 1, 2, 3});
  CHECK(poly::allowed_symmetries({false, true}) == std::vector<int>{0, 4});
  CHECK(poly::allowed_symmetries({false, false}) == std::vector<int>{0});
  const std::vector<int> all = poly::allowed_symmetries({});
  CHECK(poly::board_symmetries(poly::rectangle(6, 10), all) == std::vector<int>{0, 2, 4, 6});
  CHECK(poly::board_symmetries(poly::rectangle(5, 5), all).size() == 8);
  CHECK(poly::board_symmetries(eight_by_eight_with_hole(), all).size() == 8);
  CHECK(poly::board_symmetries(poly::Board{2, 3, {{0, 0}, {1, 0}, {1, 1}, {1, 2}}}, all) ==
        std::vector<int>{0});
}

TEST_CASE("polyomino: pentominoes in 3x20 and 4x15, all and up to symmetry") {
  CHECK(count_tiling(poly::rectangle(3, 20), false) == 8);
  CHECK(count_tiling(poly::rectangle(3, 20), true) == 2);
  CHECK(count_tiling(poly::rectangle(4, 15), false) == 1472);
  CHECK(count_tiling(poly::rectangle(4, 15), true) == 368);
}

TEST_CASE("polyomino: pentominoes in the 8x8 square with a 2x2 hole, all and up to symmetry") {
  CHECK(count_tiling(eight_by_eight_with_hole(), false) == 520);
  CHECK(count_tiling(eight_by_eight_with_hole(), true) == 65);
}

TEST_CASE("polyomino: up to symmetry agrees with a brute-force count of classes") {
  struct Case {
    std::string what;
    std::string pieces;  // empty: the pentominoes
    poly::Board board;
    poly::Freedom freedom;
    int filtered;  // 1: every piece has a placement that a symmetry fixes, so keep() must drop surplus solutions
  };
  const std::string lnpvy =
      "L   .N  PP  V..  .Y\nL   .N  PP  V..  YY\nL   NN  P.  VVV  .Y\nLL  N.           .Y\n";
  const std::vector<Case> cases = {
      {"pentominoes 3x20", "", poly::rectangle(3, 20), {}, 0},
      {"pentominoes 4x15 unreflected", "", poly::rectangle(4, 15), {true, false}, 0},
      {"pentominoes in the 8x8 square with a hole", "", eight_by_eight_with_hole(), {}, 0},
      {"pentominoes L N P V Y in 5x5", lnpvy, poly::rectangle(5, 5), {}, 0},
      {"pentominoes L N P V Y in 5x5 unreflected", lnpvy, poly::rectangle(5, 5), {true, false}, 0},
      {"T tetrominoes in 4x4", "TTT AAA BBB CCC\n T   A   B   C\n", poly::rectangle(4, 4), {}, 0},
      {"straight tetrominoes in 4x4", "AAAA BBBB CCCC DDDD\n", poly::rectangle(4, 4), {}, 1},
      {"straight trominoes in 3x4", "AAA\n\nBBB\n\nCCC\n\nDDD\n", poly::rectangle(3, 4), {}, 1},
      {"squares in 4x4", "AA BB CC DD\nAA BB CC DD\n", poly::rectangle(4, 4), {}, 1},
      {"L trominoes and a straight one in 3x3", "VV LL W\nV  L  W\n      W\n", poly::rectangle(3, 3), {}, 1},
  };
  for (const Case& c : cases) {
    CAPTURE(c.what);
    const std::vector<poly::Piece> pieces = c.pieces.empty() ? poly::pentominoes() : pieces_from(c.pieces);
    const poly::Tiling tiling(pieces, c.board, c.freedom, true);
    CHECK(tiling.needs_filter() == (c.filtered == 1));
    dlx::Solver solver(tiling.problem());
    std::uint64_t kept = 0;
    solver.for_each([&](std::span<const dlx::OptionId> solution) {
      kept += tiling.keep(solution) ? 1 : 0;
      return true;
    });
    const std::uint64_t classes = classes_by_brute_force(pieces, c.board, c.freedom);
    CHECK(classes > 0);
    CHECK(kept == classes);
  }
}

TEST_CASE("polyomino: piece files") {
  const std::vector<poly::Piece> pieces = pieces_from(
      "; two trominoes and a domino\r\n"
      "AA  B\r\n"
      "A.  B\r\n"
      "    B\r\n"
      "\r\n"
      "   ; a comment inside\r\n"
      "#.\n"
      "#\n");
  REQUIRE(pieces.size() == 3);
  CHECK(pieces[0].name == 'A');
  CHECK(pieces[0].shape == poly::Shape{{0, 0}, {0, 1}, {1, 0}});
  CHECK(pieces[0].line == 2);
  CHECK(pieces[1].name == 'B');
  CHECK(pieces[1].shape == poly::Shape{{0, 0}, {1, 0}, {2, 0}});
  CHECK(pieces[2].name == '#');
  CHECK(pieces[2].shape == poly::Shape{{0, 0}, {1, 0}});
  CHECK(pieces[2].line == 7);
}

TEST_CASE("polyomino: malformed piece files name the file and line") {
  CHECK(error_of([] { pieces_from("AA\n\tA\n"); }) == "pieces.txt:2: tab at column 1: draw with spaces");
  CHECK(error_of([] { pieces_from("AA\n\nBB\n\nA\n"); }) ==
        "pieces.txt:5: piece 'A' was drawn already, at line 1; give each piece its own character");
  CHECK(error_of([] { pieces_from("AA\n\nB.B\n"); }) ==
        "pieces.txt:3: piece 'B' is not connected: its cells must touch side by side");
  CHECK(error_of([] { pieces_from("AA\nA:\n"); }) ==
        "pieces.txt:2: ':' at column 2 cannot name a piece (use a letter or digit)");
  CHECK(error_of([] { pieces_from("AA\nA\xc3\xa9\n"); }) == "pieces.txt:2: invalid byte 0xc3 at column 2");
  CHECK(error_of([] { pieces_from("; nothing\n\n...\n"); }) ==
        "pieces.txt:3: no pieces: draw each piece with its own letter, '.' or space for empty squares");
  CHECK(error_of([] { pieces_from(""); }) ==
        "pieces.txt:1: no pieces: draw each piece with its own letter, '.' or space for empty squares");
  CHECK(error_of([] { pieces_from("A\n" + std::string(5000, 'B') + "\n"); }) ==
        "pieces.txt:2: line longer than 4096 bytes");
}

TEST_CASE("polyomino: board files") {
  const poly::Board board =
      board_from("; a 2x3 rectangle with a corner missing, drawn indented\n\n  ##.\n  ...\n");
  CHECK(board.rows == 2);
  CHECK(board.cols == 3);
  CHECK(board.cells == poly::Shape{{0, 2}, {1, 0}, {1, 1}, {1, 2}});
  const poly::Board holed = eight_by_eight_with_hole();
  CHECK(holed.cells.size() == 60);
  CHECK(holed.rows == 8);
  CHECK(holed.cols == 8);
  CHECK(error_of([] { board_from("...\n.x.\n"); }) ==
        "board.txt:2: unexpected 'x' at column 2: draw the board with '.' for cells to cover, '#' or space "
        "for none");
  CHECK(error_of([] { board_from("..\n\t..\n"); }) == "board.txt:2: tab at column 1: draw with spaces");
  CHECK(error_of([] { board_from("; empty\n###\n"); }) ==
        "board.txt:2: the board has no cells: draw each cell to cover with '.'");
  CHECK(error_of([] { board_from(std::string(1001, '.') + "\n"); }) ==
        "board.txt:1: the board is larger than 1000 x 1000");
}

TEST_CASE("polyomino: --board sizes") {
  const poly::Board board = poly::parse_rectangle("6x10");
  CHECK(board.rows == 6);
  CHECK(board.cols == 10);
  CHECK(board.cells.size() == 60);
  CHECK(poly::parse_rectangle("3X20").cols == 20);
  for (const char* bad : {"6by10", "0x5", "6x", "x10", "1001x2", "-3x4", "6x10x2", ""}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(poly::parse_rectangle(bad), examples::UsageError);
  }
}

TEST_CASE("polyomino: the pieces must fill the board exactly") {
  CHECK_THROWS_WITH_AS(poly::Tiling(poly::pentominoes(), poly::rectangle(8, 8), {}, false),
                       "the pieces cover 60 cells but the board has 64; each piece is used exactly once",
                       examples::UsageError);
  const std::vector<poly::Piece> twins = {{'A', {{0, 0}}, 0}, {'A', {{0, 0}}, 0}};
  CHECK_THROWS_WITH_AS(poly::Tiling(twins, poly::rectangle(1, 2), {}, false), "two pieces are named 'A'",
                       examples::UsageError);
}

TEST_CASE("polyomino: solutions are drawn as letter grids") {
  const poly::Tiling tiling(poly::pentominoes(), poly::rectangle(3, 20), {}, false);
  dlx::Solver solver(tiling.problem());
  REQUIRE(solver.next());
  std::ostringstream plain;
  tiling.draw(plain, solver.solution(), false);
  std::istringstream lines(plain.str());
  std::string line, all;
  int rows = 0;
  while (std::getline(lines, line)) {
    ++rows;
    CHECK(line.size() == 20);
    all += line;
  }
  CHECK(rows == 3);
  for (char name : std::string("FILNPTUVWXYZ")) CHECK(std::count(all.begin(), all.end(), name) == 5);

  std::ostringstream color;
  tiling.draw(color, solver.solution(), true);
  CHECK(color.str().find("\x1b[30;48;5;") != std::string::npos);
  CHECK(color.str().find("\x1b[0m\n") != std::string::npos);

  // Squares off the board are blank.
  const poly::Tiling holed(pieces_from("AB\n"), board_from(".#.\n"), {}, false);
  dlx::Solver holed_solver(holed.problem());
  REQUIRE(holed_solver.next());
  std::ostringstream out;
  holed.draw(out, holed_solver.solution(), false);
  CHECK((out.str() == "A B\n" || out.str() == "B A\n"));
}
