// macmahon: MacMahon's colored squares, an exact-cover problem that needs colors.
#include <iostream>

#include "common/cli.hpp"
#include "macmahon/macmahon.hpp"

namespace {

constexpr const char* kNotes =
    "Each square is named by its edge colors clockwise from the top, turned to give the smallest number:\n"
    "1123 is a square with edges 1, 1, 2, 3 in clockwise order. Squares may be turned, not flipped over.\n"
    "Every edge between two cells is a secondary item colored by both squares beside it, so the search\n"
    "puts squares side by side only where their colors agree.\n"
    "\n"
    "Up to symmetry (--no-symmetry), tilings count once up to turning or reflecting the rectangle and\n"
    "renaming the colors other than the border's (the set of all squares is closed under both).\n"
    "\n"
    "P. A. MacMahon (New Mathematical Pastimes, 1921) asked for the 24 three-colored squares in a 4x6\n"
    "rectangle with touching edges alike and a one-colored border. There are 106624 such tilings with a\n"
    "given border color (`macmahon --count`) and 13328 up to symmetry (`macmahon --count --no-symmetry`),\n"
    "the number Grokipedia's \"MacMahon Squares\" page gives \"accounting for rotations and color\n"
    "permutations\". The 12261 found by a 1964 computer run, quoted by Wikipedia's page, does not match\n"
    "a complete search (tests/examples checks 13328 by counting the classes of all 106624 tilings).\n"
    "Two colors give 6 squares, which no 2x3 rectangle with a one-colored border can hold.\n";

std::array<int, 2> parse_board(const std::string& text) {
  const auto x = text.find_first_of("xX");
  if (x == std::string::npos)
    throw examples::UsageError("--board wants ROWSxCOLUMNS, like 4x6, not '" + text + "'");
  return {static_cast<int>(
              examples::parse_integer(std::string_view(text).substr(0, x), 1, 10000, "--board rows")),
          static_cast<int>(
              examples::parse_integer(std::string_view(text).substr(x + 1), 1, 10000, "--board columns"))};
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return examples::run_main("macmahon", [&] {
    namespace mm = examples::macmahon;
    examples::Cli cli(
        "macmahon", "[options]",
        "Fits all of MacMahon's squares with K colors (every way to color the four edges of a square,\n"
        "counting squares that differ by a turn once: 24 for K = 3) into a rectangle so that touching\n"
        "edges have the same color and the border has one color, and draws the rectangle with each\n"
        "square's diagonals and the colors 1..K of its four quarters.",
        kNotes);
    cli.options().add_options()(
        "colors,k", examples::po::value<std::string>()->value_name("K")->default_value("3"),
        "the number of colors, 1 to 5")("board", examples::po::value<std::string>()->value_name("RxC"),
                                        "the rectangle (default: as square as possible, 4x6 for 3 colors)")(
        "border", examples::po::value<std::string>()->value_name("C")->default_value("1"),
        "the color of the border")("no-symmetry",
                                   "find each tiling once up to the symmetries of the rectangle")(
        "color", examples::po::value<std::string>()->value_name("WHEN")->default_value("auto"),
        "show colors: auto (on a terminal), always or never");
    if (!cli.parse(argc, argv, std::cout)) return examples::kExitOk;
    const bool color = examples::use_color(cli.values()["color"].as<std::string>());
    const int colors = static_cast<int>(
        examples::parse_integer(cli.values()["colors"].as<std::string>(), 1, mm::kMaxColors, "--colors"));
    const int border = static_cast<int>(
        examples::parse_integer(cli.values()["border"].as<std::string>(), 1, colors, "--border"));
    const auto [rows, cols] = cli.has("board")
                                  ? parse_board(cli.values()["board"].as<std::string>())
                                  : mm::default_board(static_cast<int>(mm::all_squares(colors).size()));
    const mm::Puzzle puzzle(colors, rows, cols, border, cli.has("no-symmetry"));
    if (cli.settings().emit && puzzle.needs_filter())
      std::cerr
          << "macmahon: warning: a symmetry of the board fixes a placement of every square that is its own\n"
             "mirror image, so the emitted problem finds some tilings more than once up to symmetry\n";
    examples::SolutionFilter keep;
    if (puzzle.needs_filter())
      keep = [&](std::span<const dlx::OptionId> solution) { return puzzle.keep(solution); };
    return examples::solve(
        puzzle.problem(), cli.settings(),
        [&](std::ostream& out, std::span<const dlx::OptionId> solution) {
          puzzle.draw(out, solution, color);
        },
        std::cout, std::cerr, keep);
  });
}
