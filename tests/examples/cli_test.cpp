// The code all examples share: option parsing, the emit/count/print loop, and errors turned into exit statuses.
#include "common/cli.hpp"

#include <doctest/doctest.h>

#include <sstream>

#include "dlx/input_error.hpp"
#include "dlx/knuth_format.hpp"
#include "queens/queens.hpp"

namespace {

struct Run {
  int status;
  std::string out, err;
};

Run run(int n, examples::RunSettings settings, const examples::SolutionFilter& keep = {}) {
  const dlx::Problem problem = examples::queens::build(n);
  std::ostringstream out, err;
  const int status = examples::solve(
      problem, settings,
      [n](std::ostream& o, std::span<const dlx::OptionId> solution) {
        examples::queens::draw(o, n, solution);
      },
      out, err, keep);
  return {status, out.str(), err.str()};
}

examples::RunSettings with(bool count, bool all, std::uint64_t limit) {
  examples::RunSettings s;
  s.count = count;
  s.all = all;
  s.limit = limit;
  return s;
}

// Parses a command line for a Cli like queens'.
examples::RunSettings parse(std::vector<const char*> args, std::string* help = nullptr) {
  examples::Cli cli("queens", "N [options]", "about", "notes\n");
  cli.positional("n");
  args.insert(args.begin(), "queens");
  std::ostringstream out;
  const bool go_on = cli.parse(static_cast<int>(args.size()), args.data(), out);
  if (help) *help = go_on ? "" : out.str();
  return cli.settings();
}

}  // namespace

TEST_CASE("common: solve() counts") {
  CHECK(run(4, with(true, false, 0)).out == "2\n");
  CHECK(run(4, with(true, false, 1)).out == "1+\n");
  CHECK(run(4, with(true, false, 3)).out == "2\n");
  CHECK(run(2, with(true, false, 0)).out == "0\n");
  CHECK(run(2, with(true, false, 0)).status == examples::kExitOk);
  CHECK(run(6, with(true, false, 0)).out == "4\n");
  // With a filter only the solutions it keeps count, and the limit applies to those.
  int seen = 0;
  const auto every_other = [&](std::span<const dlx::OptionId>) { return seen++ % 2 == 0; };
  CHECK(run(6, with(true, false, 0), every_other).out == "2\n");
  seen = 0;
  CHECK(run(6, with(true, false, 1), every_other).out == "1+\n");
}

TEST_CASE("common: solve() prints the first solution, or all, or up to the limit") {
  const Run first = run(4, with(false, false, 0));
  CHECK(first.status == examples::kExitOk);
  CHECK((first.out == ". Q . .\n. . . Q\nQ . . .\n. . Q .\n" ||
         first.out == ". . Q .\nQ . . .\n. . . Q\n. Q . .\n"));
  const Run all = run(4, with(false, true, 0));
  CHECK(all.out.size() == 2 * first.out.size() + 1);  // a blank line between the two boards
  CHECK(all.out.find("\n\n") == first.out.size() - 1);
  CHECK(run(6, with(false, false, 2)).out.size() == 2 * 6 * 12 + 1);
  CHECK(run(6, with(false, true, 3)).out.size() == 3 * 6 * 12 + 2);
  const Run none = run(3, with(false, false, 0));
  CHECK(none.status == examples::kExitNoSolution);
  CHECK(none.out.empty());
  CHECK(none.err == "no solution\n");
  const Run none_all = run(3, with(false, true, 0));
  CHECK(none_all.status == examples::kExitOk);
  CHECK(none_all.err == "no solution\n");
}

TEST_CASE("common: solve() emits the problem in Knuth's format") {
  examples::RunSettings emit;
  emit.emit = true;
  const Run emitted = run(4, emit);
  std::ostringstream expected;
  dlx::write_knuth(expected, examples::queens::build(4));
  CHECK(emitted.status == examples::kExitOk);
  CHECK(emitted.out == expected.str());
  std::istringstream in(emitted.out);
  CHECK(dlx::read_knuth(in, "emitted").problem.option_count() == 16);
}

TEST_CASE("common: solve() prints statistics on stderr") {
  examples::RunSettings s = with(true, false, 0);
  s.stats = true;
  const Run stats = run(5, s);
  CHECK(stats.out == "10\n");
  CHECK(stats.err.find("nodes: ") == 0);
  CHECK(stats.err.find("\nsolutions: 10\n") != std::string::npos);
}

TEST_CASE("common: the common options") {
  CHECK(parse({"8", "--count"}).count);
  CHECK(parse({"-c", "8"}).count);
  CHECK(parse({"8", "-a"}).all);
  CHECK(parse({"8", "--emit"}).emit);
  CHECK(parse({"8", "-s"}).stats);
  CHECK(parse({"8", "--limit", "5"}).limit == 5);
  CHECK(parse({"8", "-l", "9223372036854775807"}).limit == 9223372036854775807u);
  std::string help;
  parse({"--help"}, &help);
  CHECK(help.find("Usage: queens N [options]\nabout\n") == 0);
  CHECK(help.find("--count") != std::string::npos);
  CHECK(help.find("notes\n") != std::string::npos);
  CHECK(help.find("Exit status:") != std::string::npos);
}

TEST_CASE("common: bad command lines are usage errors") {
  const auto error = [](std::vector<const char*> args) -> std::string {
    try {
      parse(std::move(args));
    } catch (const examples::UsageError& e) {
      return e.what();
    }
    return "no error";
  };
  CHECK(error({"8", "--count", "--all"}) == "--count and --all cannot be used together");
  CHECK(error({"8", "--limit", "0"}) == "--limit must be 1 or more, not 0");
  CHECK(error({"8", "--limit", "-5"}) == "--limit must be 1 or more, not -5");
  CHECK(error({"8", "--limit", "many"}) == "--limit wants a whole number (1 or more), not 'many'");
  CHECK(error({"8", "--limit", "18446744073709551616"}) ==
        "--limit must be 1 or more, not 18446744073709551616");
  CHECK(error({"8", "--emit", "--count"}).find("--emit writes the problem") == 0);
  CHECK(error({"8", "--frobnicate"}).find("(see queens --help)") != std::string::npos);
  CHECK(error({"8", "9"}).find("(see queens --help)") != std::string::npos);
  CHECK(error({"8", "--limit"}).find("(see queens --help)") != std::string::npos);
}

TEST_CASE("common: parse_integer") {
  CHECK(examples::parse_integer("12", 1, 20, "N") == 12);
  CHECK(examples::parse_integer("1", 1, 20, "N") == 1);
  CHECK_THROWS_WITH_AS(examples::parse_integer("0", 1, 20, "N"), "N must be 1 to 20, not 0",
                       examples::UsageError);
  CHECK_THROWS_WITH_AS(examples::parse_integer("21", 1, 20, "N"), "N must be 1 to 20, not 21",
                       examples::UsageError);
  CHECK_THROWS_WITH_AS(examples::parse_integer("", 1, 20, "N"), "N wants a whole number (1 to 20), not ''",
                       examples::UsageError);
  CHECK_THROWS_AS(examples::parse_integer("12abc", 1, 20, "N"), examples::UsageError);
  CHECK_THROWS_AS(examples::parse_integer(" 12", 1, 20, "N"), examples::UsageError);
  CHECK_THROWS_AS(examples::parse_integer("+12", 1, 20, "N"), examples::UsageError);
  CHECK_THROWS_AS(examples::parse_integer("99999999999999999999", 1, 20, "N"), examples::UsageError);
}

TEST_CASE("common: guard() turns errors into one line and an exit status") {
  const auto guarded = [](const std::function<int()>& body) {
    std::ostringstream err;
    const int status = examples::guard("prog", err, body);
    return std::pair(status, err.str());
  };
  CHECK(guarded([] { return 0; }) == std::pair(0, std::string()));
  CHECK(guarded([] { return 1; }) == std::pair(1, std::string()));
  CHECK(guarded([]() -> int { throw examples::UsageError("bad N"); }) ==
        std::pair(2, std::string("prog: bad N\n")));
  CHECK(guarded([]() -> int { throw dlx::InputError("f.txt", 3, "broken"); }) ==
        std::pair(2, std::string("f.txt:3: broken\n")));
  CHECK(guarded([]() -> int { throw dlx::ProblemError("too big"); }) ==
        std::pair(2, std::string("prog: too big\n")));
  CHECK(guarded([]() -> int { throw std::runtime_error("oops"); }) ==
        std::pair(examples::kExitFailure, std::string("prog: error: oops\n")));
  CHECK(guarded([]() -> int { throw std::bad_alloc(); }) ==
        std::pair(examples::kExitFailure, std::string("prog: error: out of memory\n")));
}

TEST_CASE("common: --color") {
  CHECK(examples::use_color("always"));
  CHECK_FALSE(examples::use_color("never"));
  CHECK_THROWS_AS(examples::use_color("sometimes"), examples::UsageError);
}
