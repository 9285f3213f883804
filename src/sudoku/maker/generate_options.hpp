// The commands' options, read once for every front end: the rules every command takes (read_puzzle_options)
// and generate's (read_generate_options). The sudoku command's flags, Python's keyword arguments and
// the page's "name=value" lines all arrive as pairs of text (the option's name without "--", '_' or '-'
// between its words; its value as typed, "" for a flag such as minimal) and get the same checks, the same
// defaults and the same messages; only the way a message spells the option is the front end's
// (OptionSpelling).
//
//   const sudoku::GenerateRequest r = sudoku::read_generate_options(
//       {{"count", "5"}, {"rating", "3.0-4.5"}, {"seed", "7"}}, sudoku::OptionSpelling::keywords());
//
// Keys: count, box, symbols, variant (may name "killer"), regions (may be "random"), extra-regions, symmetry,
// minimal, clues, tier, rating ("A-B" or "A", Sukaku Explainer's scale), seed, attempts, cage-size,
// max-givens, template (the template's text: f-puzzles JSON or link, a rule line, a killer line).
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudoku/io/reader.hpp"
#include "sudoku/maker/generator.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

// How a front end writes an option in a message: the command line "--clues 82", Python and the page
// "clues=82". `name(key, value)` gets the option's key (words joined by '-') and the value to show, already
// made printable and cut short; an empty value asks for the option's name alone ("--cage-size").
struct OptionSpelling {
  std::function<std::string(std::string_view key, std::string_view value)> name;
  static OptionSpelling flags();     // "--cage-size 2-5"
  static OptionSpelling keywords();  // "cage_size=2-5"
};

// A bad option value or a combination that cannot work: what() is the one line to show, naming the option as
// the front end spells it. (A template's text that cannot be read throws RulesError "SOURCE:LINE: ...",
// a bad input rather than a bad option.)
class OptionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The options every command takes: how puzzles are read and the rules on top of their own.
struct PuzzleOptions {
  ReaderOptions reader;  // box, symbols
  Variants variants;     // variant, regions, extra-regions
};

// Every key read_puzzle_options() takes.
inline constexpr const char* kPuzzleKeys[] = {"box", "symbols", "variant", "regions", "extra-regions"};

// Reads box, symbols, variant, regions and extra-regions as every command but generate takes them (generate's
// "killer" and regions "random" are refused, as is an empty layout); OptionError otherwise.
PuzzleOptions read_puzzle_options(const std::vector<std::pair<std::string, std::string>>& pairs,
                                  const OptionSpelling& spelling);

// What generate is asked for.
struct GenerateRequest {
  std::uint64_t count = 1;   // how many puzzles
  ReaderOptions reader;      // box, symbols
  Variants variants;         // the rules named (without "killer"; regions without "random")
  GenerateOptions generate;  // shape, symmetry, clues, tier, rating, seed, attempts, killer, template...
  bool seed_given = false;   // false: generate.seed is 0, and a front end may take one from the clock
};

using OptionPairs = std::vector<std::pair<std::string, std::string>>;

// Every key read_generate_options() takes.
inline constexpr const char* kGenerateKeys[] = {
    "count", "box",  "symbols", "variant", "regions",  "extra-regions", "symmetry",   "minimal",
    "clues", "tier", "rating",  "seed",    "attempts", "cage-size",     "max-givens", "template"};

// Reads and checks every pair (a key given twice: the last one counts, as on a command line). Throws
// OptionError for an unknown key, a malformed value, or options that do not go together (a rating with
// killers or neighbour rules, cage sizes without killers, a clue count no puzzle of the board has, ...);
// RulesError for a template that cannot be read or has no solution. `template_source` names the template's
// text in messages (a file name).
GenerateRequest read_generate_options(const OptionPairs& pairs, const OptionSpelling& spelling,
                                      std::string_view template_source = "template");

// check_generated_rules() and check_clues() with messages spelled by the front end: throws OptionError.
void check_generate_combinations(const GenerateOptions& options, const Variants& variants,
                                 const OptionSpelling& spelling);

// What is wrong with options.clues on its board (check_clues), or "" when nothing is.
std::string clue_problem(const GenerateOptions& options, bool plain);

}  // namespace sudoku
