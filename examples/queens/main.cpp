// queens N: place N queens on an N x N board, none attacking another.
#include <iostream>

#include "common/cli.hpp"
#include "queens/queens.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return examples::run_main("queens", [&] {
    examples::Cli cli(
        "queens", "N [options]",
        "Places N queens on an N x N chessboard so that no two share a row, a column or a diagonal,\n"
        "and draws the board, one row per line ('Q' a queen, '.' an empty square). N is 1 to " +
            std::to_string(examples::queens::kMaxN) + ".",
        "Rows and columns are primary items (exactly one queen each), diagonals secondary (at most one).\n"
        "Solutions for N = 1, 2, ...: 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200 (OEIS A000170).\n");
    cli.positional("n");
    if (!cli.parse(argc, argv, std::cout)) return examples::kExitOk;
    if (!cli.has("n")) throw examples::UsageError("give the board size N (see queens --help)");
    const int n = static_cast<int>(examples::parse_integer(
        cli.values()["n"].as<std::vector<std::string>>().front(), 1, examples::queens::kMaxN, "N"));
    const dlx::Problem problem = examples::queens::build(n);
    return examples::solve(
        problem, cli.settings(),
        [n](std::ostream& out, std::span<const dlx::OptionId> solution) {
          examples::queens::draw(out, n, solution);
        },
        std::cout, std::cerr);
  });
}
