// generate's one option layer (sudoku/maker/generate_options.hpp): what every front end's pairs mean, and one
// message per mistake, spelled as the command line ("--clues 82") or as Python and the page ("clues=82").
#include "sudoku/maker/generate_options.hpp"

#include <doctest/doctest.h>

#include <dlx/thread_pool.hpp>
#include <optional>
#include <sstream>
#include <string>

#include "sudoku/pipeline/batch.hpp"

namespace {

using sudoku::GenerateRequest;
using sudoku::OptionPairs;
using sudoku::OptionSpelling;

GenerateRequest flags(const OptionPairs& pairs) {
  return sudoku::read_generate_options(pairs, OptionSpelling::flags());
}

// The message of the OptionError the pairs give, in each spelling ("" when they give none).
std::string message(const OptionPairs& pairs, bool keywords = false) {
  try {
    sudoku::read_generate_options(pairs, keywords ? OptionSpelling::keywords() : OptionSpelling::flags());
  } catch (const sudoku::OptionError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("generate options: defaults and the values as the command takes them") {
  const GenerateRequest none = flags({});
  CHECK(none.count == 1);
  CHECK(none.generate.shape == sudoku::Shape{3, 3});
  CHECK(none.generate.attempts == 1000);
  CHECK(!none.seed_given);
  CHECK(!none.generate.rating);
  const GenerateRequest r = flags({{"count", "5"},
                                   {"box", "2x3"},
                                   {"symmetry", "rotate180"},
                                   {"clues", "12"},
                                   {"tier", "singles"},
                                   {"rating", "1.0-2.5"},
                                   {"seed", "18446744073709551615"},
                                   {"attempts", "7"},
                                   {"minimal", ""}});
  CHECK(r.count == 5);
  CHECK(r.generate.shape == sudoku::Shape{2, 3});
  CHECK(r.generate.symmetry == sudoku::Symmetry::rotate180);
  CHECK(r.generate.clues == 12);
  CHECK(r.generate.tier == sudoku::Tier::singles);
  REQUIRE(r.generate.rating);
  CHECK(r.generate.rating->first == doctest::Approx(1.0));
  CHECK(r.generate.rating->second == doctest::Approx(2.5));
  CHECK(r.generate.seed == UINT64_MAX);
  CHECK(r.seed_given);
  CHECK(r.generate.attempts == 7);
  CHECK(r.generate.minimal);
  // One rating is a range of one; Python's keywords use '_' between words.
  CHECK(flags({{"rating", "4.5"}}).generate.rating == std::pair{4.5, 4.5});
  const GenerateRequest killer = flags({{"variant", "killer,x"}, {"cage_size", "2-3"}, {"max_givens", "4"}});
  CHECK(killer.generate.killer);
  CHECK(killer.variants.x);
  CHECK(killer.generate.cage_min == 2);
  CHECK(killer.generate.cage_max == 3);
  CHECK(killer.generate.max_givens == 4);
  CHECK(flags({{"variant", "killer"}, {"box", "2x2"}}).generate.cage_max == 4);
  CHECK(flags({{"regions", "random"}}).generate.random_regions);
  CHECK(flags({{"regions", "AABBAABBCCDDCCDD"}}).generate.shape.side() == 4);
  CHECK(!flags({{"minimal", "false"}}).generate.minimal);
}

TEST_CASE("generate options: one message per mistake, spelled as each front end names the option") {
  CHECK(message({{"clues", "82"}}) == "--clues 82: expected a whole number from 1 to 81");
  CHECK(message({{"clues", "82"}}, true) == "clues=82: expected a whole number from 1 to 81");
  CHECK(message({{"clues", "5"}}) ==
        "--clues 5: no 9x9 puzzle with fewer than 17 givens has exactly one solution");
  CHECK(message({{"clues", "-1"}}, true) == "clues=-1: expected a whole number from 1 to 81");
  CHECK(message({{"count", "100000000000000000000"}}, true) ==
        "count=100000000000000000000: expected a whole number from 0 to 18446744073709551615");
  CHECK(message({{"seed", "18446744073709551616"}}, true) ==
        "seed=18446744073709551616: expected a whole number from 0 to 18446744073709551615");
  CHECK(message({{"seed", "+3"}}).find("--seed +3: expected a whole number") == 0);
  CHECK(message({{"attempts", "0"}}) ==
        "--attempts 0: expected a whole number from 1 to 18446744073709551615");
  CHECK(message({{"rating", "9-3"}}) == "--rating 9-3: the lower bound is above the upper");
  CHECK(message({{"rating", "6.0-x"}}, true) ==
        "rating=6.0-x: expected A-B or A, ratings from 1.0 to 20.0 (such as 6.0-7.5)");
  CHECK(message({{"rating", "nan"}}).find("expected A-B or A") != std::string::npos);
  CHECK(message({{"rating", "0.5-3"}}).find("expected A-B or A") != std::string::npos);
  CHECK(message({{"symmetry", "spiral"}}, true) ==
        "symmetry=spiral: expected none, rotate90, rotate180, mirror, flip or diagonal");
  CHECK(message({{"tier", "hard"}}) == "--tier hard: expected singles, locked, subsets or search");
  CHECK(message({{"box", "9x"}}).find("--box 9x: expected RxC") == 0);
  CHECK(message({{"cage-size", "2-3"}}) == "--cage-size applies to --variant killer only");
  CHECK(message({{"cage_size", "2-3"}}, true) == "cage_size applies to variant=killer only");
  CHECK(message({{"variant", "killer"}, {"cage-size", "5-2"}}).find("--cage-size 5-2: expected MIN-MAX") ==
        0);
  CHECK(message({{"variant", "killer"}, {"max-givens", "82"}}) ==
        "--max-givens 82: expected a whole number from 0 to 81");
  CHECK(message({{"variant", "killer"}, {"symmetry", "rotate180"}}, true) ==
        "killer: symmetry does not apply (givens are only what the cages leave open)");
  CHECK(message({{"variant", "bogus"}}).find("--variant: ") == 0);
  CHECK(message({{"colour", "red"}}, true).find("unknown option colour: expected count, box, symbols") == 0);
  CHECK(message({{"regions", ""}}).find("--regions: LAYOUT has 0 characters") == 0);
  CHECK(message({{"minimal", "maybe"}}, true) == "minimal=maybe: expected true or false");
  CHECK(message({{"box", "4x4"}, {"symbols", "123456789"}}) ==
        "a 16x16 board needs 16 symbols; give them with --symbols");
  // Long values are cut and control characters escaped: one short line.
  CHECK(message({{"tier", std::string(5000, 'x') + "\n"}}).size() < 120);
  CHECK(message({{"tier", "a\nb"}}) == "--tier a\\x0ab: expected singles, locked, subsets or search");
}

// Killers and neighbour rules used to refuse a rating (the graded engine knew regions only); their
// techniques are now entries of the engine's table, so a rating applies under every rule and is honoured.
TEST_CASE("generate options: a rating applies under every rule, killers and neighbour rules included") {
  CHECK(flags({{"variant", "killer"}, {"rating", "2-3"}}).generate.rating);
  CHECK(flags({{"variant", "anti-knight"}, {"rating", "3-4"}}).generate.rating);
  CHECK(message({{"variant", "anti-knight"}, {"tier", "singles"}}).find("--tier does not apply") == 0);
  // Regions of any kind are rated: x, jigsaw layouts, random ones (each attempt's own layout).
  CHECK(flags({{"variant", "x"}, {"rating", "3-4"}}).generate.rating);
  CHECK(flags({{"regions", "random"}, {"rating", "3-4"}}).generate.rating);
  // The generator meets it, for programs that fill GenerateOptions themselves: each killer's ER in range.
  sudoku::GenerateOptions killer;
  killer.shape = {2, 2};
  killer.killer = true;
  killer.seed = 5;
  killer.rating = std::pair{2.2, 2.9};
  sudoku::Generator rated(killer);
  for (std::uint64_t index = 0; index < 3; ++index) {
    const std::optional<sudoku::Generated> g = rated.generate(index);
    REQUIRE(g);
    REQUIRE(g->rules);
    CHECK_FALSE(g->rules->cages.empty());
    CHECK(g->er >= 2.2);
    CHECK(g->er <= 2.9);
    CHECK(g->ep <= g->er);
    CHECK(g->ed > 0);
  }
  killer.rating.reset();
  sudoku::Generator unrated(killer);
  unrated.target_rating(1.0, 3.0);
  CHECK(unrated.generate(0)->er > 0);
}

TEST_CASE("generate options: a template's text, its shape, attempts and what does not go with it") {
  const std::string x_template = "x:" + std::string(16, '.');
  const GenerateRequest r = flags({{"template", x_template}});
  REQUIRE(r.generate.template_rules);
  CHECK(r.generate.shape.side() == 4);
  CHECK(r.generate.attempts == 20);
  CHECK(message({{"template", x_template}, {"symmetry", "rotate180"}}) ==
        "--template: --symmetry does not apply (a template's puzzles get the givens its rules leave open, "
        "and are "
        "minimal but for the template's own givens)");
  CHECK(message({{"template", x_template}, {"clues", "5"}}, true).find("template: clues does not apply") ==
        0);
  // --box reads the template as the command reads puzzles: a 16-cell line is no 9x9 puzzle.
  CHECK_THROWS_AS(flags({{"template", x_template}, {"box", "3x3"}}), sudoku::RulesError);
  // A template that cannot be read is a bad input, named by its source and line.
  try {
    sudoku::read_generate_options({{"template", "nonsense"}}, OptionSpelling::flags(), "t.txt");
    FAIL("no error");
  } catch (const sudoku::RulesError& e) {
    CHECK(std::string(e.what()).find("t.txt:1:") == 0);
  }
  CHECK_THROWS_AS(sudoku::read_generate_options({{"template", "x:11" + std::string(14, '.')}},
                                                OptionSpelling::keywords()),
                  sudoku::RulesError);
}

TEST_CASE("generate options: random jigsaws meet a rating given in the options or by target_rating") {
  sudoku::GenerateOptions options;
  options.shape = {2, 2};
  options.random_regions = true;
  options.seed = 3;
  for (const bool by_target : {false, true}) {
    if (!by_target) options.rating = std::pair{1.0, 1.5};
    sudoku::Generator generator(options);
    if (by_target) generator.target_rating(1.0, 1.5);
    for (std::uint64_t index = 0; index < 2; ++index) {
      const std::optional<sudoku::Generated> g = generator.generate(index);
      REQUIRE(g);
      CHECK(g->er >= 1.0);
      CHECK(g->er <= 1.5);
      CHECK(g->ep > 0);
      CHECK(g->ed > 0);
    }
    options.rating.reset();
  }
}

TEST_CASE("puzzle options: the rules every command takes, read as generate reads them") {
  const auto read = [](const OptionPairs& pairs, bool keywords = false) {
    return sudoku::read_puzzle_options(pairs,
                                       keywords ? OptionSpelling::keywords() : OptionSpelling::flags());
  };
  const auto refused = [&](const OptionPairs& pairs, bool keywords = false) -> std::string {
    try {
      read(pairs, keywords);
    } catch (const sudoku::OptionError& e) {
      return e.what();
    }
    return "";
  };
  const sudoku::PuzzleOptions p = read(
      {{"box", "2x3"}, {"variant", "x,anti-knight"}, {"extra_regions", std::string(35, '.') + "A"}}, true);
  CHECK(p.reader.box == sudoku::Shape{2, 3});
  CHECK(p.variants.x);
  CHECK(p.variants.anti_knight);
  CHECK(p.variants.extra_regions.size() == 36);
  CHECK(refused({{"variant", "killer"}}) ==
        "--variant killer applies to generate only: killer puzzles carry their own cages");
  CHECK(refused({{"regions", "random"}}, true) == "regions=random applies to generate only");
  CHECK(refused({{"box", "9x"}}, true).find("box=9x: expected RxC") == 0);
  CHECK(refused({{"variant", "bogus"}}).find("--variant: ") == 0);
  CHECK(refused({{"symbols", "1123"}}) == "--symbols 1123: '1' appears twice");
  CHECK(refused({{"symbols", "1"}}, true) == "symbols=1: an alphabet needs 2 to 64 characters");
  CHECK(refused({{"extra-regions", ""}}).find("--extra-regions: LAYOUT has 0 characters") == 0);
  CHECK(refused({{"seed", "3"}}) ==
        "unknown option --seed: expected --box, --symbols, --variant, --regions, "
        "--extra-regions");
}

TEST_CASE("generate options: the pipeline's killers to a rating carry their ER, EP and ED") {
  sudoku::BatchOptions options;
  options.command = sudoku::Command::generate;
  options.format = sudoku::Format::json;
  options.generate.shape = {2, 2};
  options.generate.killer = true;
  options.generate.cage_max = 4;
  options.generate_rating = std::pair{1.0, 3.0};  // the older name of GenerateOptions::rating
  dlx::ThreadPool pool(1);
  sudoku::Batch batch(options, pool);
  std::ostringstream out, err;
  batch.generate(2, out, err);
  const std::string text = out.str();
  CHECK(err.str().empty());
  std::size_t records = 0;
  for (std::size_t at = text.find("\"er\":"); at != std::string::npos; at = text.find("\"er\":", at + 1)) {
    ++records;
    const double er = std::stod(text.substr(at + 5));
    CHECK(er >= 1.0);
    CHECK(er <= 3.0);
  }
  CHECK(records == 2);
}
