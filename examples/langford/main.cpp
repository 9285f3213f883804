// langford N: Langford pairs, two copies of each of 1..N with k numbers between the two k's.
#include <iostream>

#include "common/cli.hpp"
#include "langford/langford.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return examples::run_main("langford", [&] {
    examples::Cli cli(
        "langford", "N [options]",
        "Arranges two copies of each of the numbers 1..N in a row so that the two copies of each k\n"
        "have exactly k numbers between them, and prints the row: for N = 3, '2 3 1 2 1 3'.\n"
        "N is 1 to " +
            std::to_string(examples::langford::kMaxN) +
            "; there are solutions only when N is 0 or 3 modulo 4.",
        "Every arrangement read backwards is another one; both are counted unless --no-mirror.\n"
        "Solutions up to mirror image for N = 3, 4, 7, 8, 11, 12, 15, 16: 1, 1, 26, 150, 17792, 108144,\n"
        "39809640, 326721800 (OEIS A014552).\n");
    cli.options().add_options()("no-mirror", "find each arrangement only once with its mirror image");
    cli.positional("n");
    if (!cli.parse(argc, argv, std::cout)) return examples::kExitOk;
    if (!cli.has("n")) throw examples::UsageError("give N, the largest number (see langford --help)");
    const int n = static_cast<int>(examples::parse_integer(
        cli.values()["n"].as<std::vector<std::string>>().front(), 1, examples::langford::kMaxN, "N"));
    const examples::langford::Langford langford = examples::langford::build(n, cli.has("no-mirror"));
    return examples::solve(
        langford.problem, cli.settings(),
        [&](std::ostream& out, std::span<const dlx::OptionId> solution) {
          examples::langford::draw(out, langford, solution);
        },
        std::cout, std::cerr, {}, "");
  });
}
