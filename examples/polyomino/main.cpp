// polyomino: tile a board with a set of polyominoes, each used exactly once.
#include <fstream>
#include <iostream>
#include <optional>

#include "common/cli.hpp"
#include "dlx/input_error.hpp"
#include "polyomino/polyomino.hpp"

namespace {

namespace poly = examples::polyomino;

constexpr const char* kNotes =
    "Pieces file (--pieces): each piece is drawn with its own character, which also names it: a letter,\n"
    "a digit or other printable character except '.', ':', '|' and ';'. '.' and spaces are empty squares.\n"
    "Pieces may be drawn side by side in one block; blank lines separate blocks; lines starting with ';'\n"
    "are comments. A piece's cells must touch side by side. The pentominoes, for instance:\n"
    "    .FF  I  L    .N  PP  TTT  U.U  V..  W..  .X.  .Y  ZZ.\n"
    "    FF.  I  L    .N  PP  .T.  UUU  V..  WW.  XXX  YY  .Z.\n"
    "    .F.  I  L    NN  P.  .T.       VVV  .WW  .X.  .Y  .ZZ\n"
    "         I  LL   N.                               .Y\n"
    "         I\n"
    "\n"
    "Board file (--board-file): '.' is a cell to cover, '#' or a space a square left empty; lines starting\n"
    "with ';' are comments. The 8x8 board with a 2x2 hole in the middle:\n"
    "    ........\n"
    "    ........\n"
    "    ........\n"
    "    ...##...\n"
    "    ...##...\n"
    "    ........\n"
    "    ........\n"
    "    ........\n"
    "\n"
    "The pieces' cells must add up to the board's. Pentomino counts, all / up to symmetry (--no-symmetry):\n"
    "3x20: 8 / 2, 4x15: 1472 / 368, 5x12: 4040 / 1010, 6x10: 9356 / 2339, 8x8 with the hole: 520 / 65.\n"
    "Up to symmetry, solutions that a rotation or reflection of the board (one the pieces may make too)\n"
    "maps onto each other count once: one piece keeps one placement of each class of its placements.\n"
    "If every piece has a placement that some symmetry maps onto itself, the program also drops surplus\n"
    "solutions as it finds them, which a problem written by --emit cannot do (a warning says so).\n"
    "\n"
    "With --unlimited every piece may be used any number of times, so a board tiled by dominoes is\n"
    "'--pieces FILE --unlimited' with FILE holding one domino (\"xx\"). Such counts grow fast: count them "
    "with\n"
    "--emit | dlx --count --memo (the 10x10 board has 258,584,046,368 domino tilings).\n"
    "With --copies U:V each piece is used between U and V times (Knuth's multiplicities, Algorithm M):\n"
    "--copies 0:2 on a 5x5 board with the five pieces of a file tiles it with any of them, twice at most;\n"
    "--emit writes the bounds in Knuth's dlx3 syntax (U:V|F).\n";

std::ifstream open(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw dlx::InputError(path, 0, "cannot open file");
  return in;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return examples::run_main("polyomino", [&] {
    examples::Cli cli(
        "polyomino", "[options]",
        "Tiles a board with polyominoes, each piece used exactly once, and draws the tiling as a grid\n"
        "of piece letters (in color on a terminal). Without --pieces the pieces are the 12 pentominoes\n"
        "F I L N P T U V W X Y Z; without --board or --board-file the board is a 6x10 rectangle.",
        kNotes);
    cli.options().add_options()("pieces", examples::po::value<std::string>()->value_name("FILE"),
                                "read the pieces from FILE (format below)")(
        "board", examples::po::value<std::string>()->value_name("RxC"),
        "a rectangle of R rows and C columns, like 6x10")(
        "board-file", examples::po::value<std::string>()->value_name("FILE"),
        "read the board's shape from FILE (format below)")(
        "no-rotate", "pieces keep the orientation they are drawn in (but may be flipped over)")(
        "no-reflect", "pieces may not be flipped over (only turned)")(
        "no-symmetry", "find each solution once up to the symmetries of the board")(
        "unlimited", "each piece may be used any number of times (or not at all): only the cells are items")(
        "copies", examples::po::value<std::string>()->value_name("U:V"),
        "each piece used between U and V times (V alone: exactly V), Knuth's multiplicities")(
        "color", examples::po::value<std::string>()->value_name("WHEN")->default_value("auto"),
        "color the pieces: auto (on a terminal), always or never");
    if (!cli.parse(argc, argv, std::cout)) return examples::kExitOk;
    if (cli.has("board") && cli.has("board-file"))
      throw examples::UsageError("give --board or --board-file, not both");
    const bool color = examples::use_color(cli.values()["color"].as<std::string>());

    std::vector<poly::Piece> pieces;
    if (cli.has("pieces")) {
      const std::string path = cli.values()["pieces"].as<std::string>();
      std::ifstream in = open(path);
      pieces = poly::read_pieces(in, path);
    } else {
      pieces = poly::pentominoes();
    }
    poly::Board board;
    if (cli.has("board-file")) {
      const std::string path = cli.values()["board-file"].as<std::string>();
      std::ifstream in = open(path);
      board = poly::read_board(in, path);
    } else {
      board = poly::parse_rectangle(cli.has("board") ? cli.values()["board"].as<std::string>() : "6x10");
    }
    const poly::Freedom freedom{!cli.has("no-rotate"), !cli.has("no-reflect")};
    if (cli.has("unlimited") && cli.has("copies"))
      throw examples::UsageError("give --unlimited or --copies, not both");
    const poly::Copies copies = cli.has("unlimited") ? poly::Copies::any()
                                : cli.has("copies")
                                    ? poly::parse_copies(cli.values()["copies"].as<std::string>())
                                    : poly::Copies::one();
    const poly::Tiling tiling(std::move(pieces), std::move(board), freedom, cli.has("no-symmetry"), copies);
    if (cli.settings().emit && tiling.needs_filter())
      std::cerr << "polyomino: warning: every piece has a placement that a symmetry of the board maps onto "
                   "itself,\n"
                   "so the emitted problem finds some solutions more than once up to symmetry\n";
    examples::SolutionFilter keep;
    if (tiling.needs_filter())
      keep = [&](std::span<const dlx::OptionId> solution) { return tiling.keep(solution); };
    return examples::solve(
        tiling.problem(), cli.settings(),
        [&](std::ostream& out, std::span<const dlx::OptionId> solution) {
          tiling.draw(out, solution, color);
        },
        std::cout, std::cerr, keep);
  });
}
