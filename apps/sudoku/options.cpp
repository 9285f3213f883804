#include "options.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <dlxapp/duration.hpp>
#include <dlxapp/usage.hpp>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sudoku/maker/generate_options.hpp>
#include <sudoku/maker/generator.hpp>
#include <sudoku/model/rules.hpp>

namespace po = boost::program_options;

namespace sudoku_app {

const char* const kUsage = R"(Usage: sudoku [COMMAND] [OPTION...] [FILE...]
       sudoku generate [N] [--box RxC] [--symmetry S] [--minimal] [--clues K] [--tier T] [--rating A-B]
                       [--seed S]
       sudoku generate [N] --variant killer [--cage-size MIN-MAX] [--max-givens K] [--regions random]
       sudoku generate [N] --template FILE [--seed S]

Reads Sudoku puzzles from the FILEs, or from standard input when there is none or FILE is '-'.
  solve       (the default) print each puzzle's first solution, or "no solution"; --all: every solution,
              --limit N: the first N
  count       print each puzzle's number of solutions; "N+" when --limit stopped the count
  check       print "unique", "multiple" or "none" ("none: why" when givens clash); with --minimal,
              "minimal" or "not-minimal" after "unique"
  rate        the easiest tier solving it without guessing: singles, locked, subsets, else search;
              then the steps of each technique used (for search: guesses and nodes); none or multiple;
              then "ER=er/ep/ed technique" on Sukaku Explainer's scale (docs/rating.md); line and dot
              rules: the tier and step counts of hint's road, no ER (docs/variants.md)
  hint        the easiest next deduction in Sukaku Explainer's order, e.g. "r3c4=5 hidden single in box 2",
              "X-Wing on 7 in rows 2 and 8: r5c3<>7"
  steps       every deduction in order, then "solved" or "stuck: ..."
  minimize    the puzzle with givens removed while it stays unique: a minimal puzzle
  candidates  the true candidates (digits in some solution) as a pencilmark line of n^3 characters,
              under any rules
  generate    N puzzles (default 1) with exactly one solution, each with "seed=.. index=.. clues=..
              symmetry=.. tier=.." after the cells; the same --seed gives the same puzzles;
              --variant killer: killers (typed killer lines, cages of 2-4 cells, few or no givens);
              --regions random: jigsaws, each on a random layout of connected regions;
              --template FILE: puzzles under the rules of FILE's one puzzle (f-puzzles JSON: thermometers,
              arrows, dots, cages...), each written back in that form after a "# seed=.." line
  emit        the first puzzle's exact-cover model in Knuth's format (each given the only option of its
              cell): `sudoku emit p.txt | dlx --count` counts what `sudoku count p.txt` counts

Every command takes --threads, --progress, --time-limit and --format: text (the default: `same`, or line,
grid, judge, pretty for solutions), csv, json (JSON Lines: one object per puzzle with "line", "puzzle" and
"status", then the command's fields) or json-array. Output never depends on --threads. solve, generate and
minimize also write fpuzzles (each puzzle as one line of f-puzzles JSON), fpuzzles-link
(https://www.f-puzzles.com/?load=...) or sudokupad-link (https://sudokupad.app/fpuzzles...): the puzzle with
its rules, for boards up to 16x16; solve's holds the solution as digits entered beside the givens, which
SudokuPad checks answers against. Every command reads them back as the puzzle.

Input: one puzzle per line (81 characters for 9x9, '.', '0', '_' or '*' for a blank, then optionally, after
white space, ':' or ',', an annotation that is echoed with the result); CSV with a header naming a puzzle
column; this program's JSON output; pencilmark lines of n^3 characters (729 for 9x9); grids of n lines of n
cells, with or without spaces and |-+ box drawing; or n lines of n space-separated numbers with 0 for a
blank. '#' and '%' lines are comments. Boards from 4x4 to 25x25: the shape comes from the number of cells
(16, 36, 64, 81, 144, 256, 625) or --box. Every puzzle gets exactly one result, in input order; a bad
puzzle gets "error: what is wrong" in its place and "FILE:LINE: what is wrong" on standard error.

Variants: --variant x,windoku,anti-knight,anti-king,non-consecutive; --regions LAYOUT (jigsaw: n*n
characters naming each cell's region) or a line of 2*n*n characters (the givens, then the layout);
--extra-regions LAYOUT ('.' for no region); killers as SudoCue lines (3x3::k:... or 3x3:d:k:... with
diagonals, n*n numbers sum*256+cage) or typed lines (killer AAB.C... A=15 B=7 C=9 [givens=...]). rate, hint
and steps take them all: regions on SE's scale; cages, line, dot and neighbour rules by tiers and rule steps.
A puzzle is written back with its rules, in a line every command reads: rule words before a ':'
(x,windoku,anti-knight,anti-king,non-consecutive,extra=LAYOUT, regions=LAYOUT), then the cells, a jigsaw
line or a typed killer line:  x,anti-knight:4.....3....

f-puzzles: a line holding an f-puzzles JSON object, a file that is one JSON document, or an f-puzzles link
or its compressed string (N4Ig...). Thermometers, arrows, killer cages, little killers, sandwiches,
difference and ratio dots, XV, negative constraints, palindromes, odd and even cells, minimum and maximum
cells, quadruples, clones, disjoint groups, nabner lines, row, column and box indexers, X-sums, skyscrapers,
diagonals, anti-knight, anti-king, nonconsecutive, extra regions, jigsaw regions, givens and given pencil
marks; between, renban, whispers, region sum, entropic, modular, zipper, slow thermometer and double arrow
lines; any other rule is refused.
Such puzzles are written back as f-puzzles JSON; hint and steps add a rule step (docs/variants.md).

Ctrl-C or --time-limit stops the run: the puzzles finished by then keep their results, in order, a count
cut short is printed as "N+" (in JSON "complete": false), the others get nothing, and a note on standard
error says how far it got. A second Ctrl-C exits at once. Output into a pipe whose reader went away ends
the run quietly.

Exit status:
    0  every puzzle solved (solve), unique (check, rate, ...) or counted (count); or the reader went away
    1  some puzzle had no solution (solve) or was not unique (check, rate, ...); generate: a puzzle
       could not be made within --attempts
    2  some input was bad: an unreadable puzzle or file, clashing givens, or a usage error; or the output
       could not be written ("sudoku: write error: ...")
    3  --time-limit ran out
  130  interrupted by Ctrl-C (SIGINT); 143 by SIGTERM, 129 by SIGHUP, which stop it the same way
)";

namespace {

constexpr std::uint64_t kMaxThreads = 1024;
constexpr std::size_t kMaxTemplateBytes = std::size_t{32} << 20;
constexpr const char* kCommands[] = {"solve", "count",    "check",      "rate",     "hint",
                                     "steps", "minimize", "candidates", "generate", "emit"};

using dlxapp::usage_error;

// What the user typed, for a message: printable, at most 40 characters.
std::string shown(const std::string& text) {
  return dlxapp::echo_value(text);
}

// A whole decimal number from min to max: the kit's parser ("-1" is out of range, never 2^64 - 1).
std::uint64_t parse_number(const std::string& option, const std::string& text, std::uint64_t max,
                           std::uint64_t min = 0) {
  return dlxapp::parse_number(option, text, min, max);
}

struct Typed {  // the options as typed
  std::string box, variant, regions, extra_regions, symbols,
      format = "same", limit, threads, time_limit, symmetry = "none", clues, tier, rating, seed, attempts,
      cage_size, max_givens, template_file;
};

// Every command's but generate's (read_generate): box, symbols and rules, through the library's option layer.
void read_reader_and_variants(const po::variables_map& vm, Options& o) {
  sudoku::OptionPairs pairs;
  for (const char* key : sudoku::kPuzzleKeys)
    if (vm.count(key)) pairs.emplace_back(key, vm[key].as<std::string>());
  try {
    const sudoku::PuzzleOptions p = sudoku::read_puzzle_options(pairs, sudoku::OptionSpelling::flags());
    o.batch.reader = p.reader;
    o.batch.variants = p.variants;
  } catch (const sudoku::OptionError& e) {
    usage_error(e.what());
  }
}

// generate's options as the library's one option layer reads them (sudoku/maker/generate_options.hpp): the
// same checks and messages as Python's and the page's. A template that cannot be read is a bad input, not a
// usage error: one line naming the file (main's "sudoku: ..."), status 2.
void read_generate(const po::variables_map& vm, Options& o) {
  sudoku::OptionPairs pairs;
  for (const char* key : {"box", "symbols", "variant", "regions", "extra-regions", "symmetry", "clues",
                          "tier", "rating", "seed", "attempts", "cage-size", "max-givens"})
    if (vm.count(key)) pairs.emplace_back(key, vm[key].as<std::string>());
  if (vm.count("minimal")) pairs.emplace_back("minimal", "");
  if (o.args.size() > 1) usage_error("generate takes one number, the count of puzzles, and no files");
  if (!o.args.empty()) pairs.emplace_back("count", o.args[0]);
  std::string template_name;
  if (vm.count("template")) {
    const std::string& file = vm["template"].as<std::string>();
    std::ifstream in(file, std::ios::binary);
    if (!in) throw std::runtime_error("--template " + dlxapp::cannot_open(file, errno));
    // A template is one puzzle: a file past the largest document the reader takes (16 MiB) is not one, and
    // reading /dev/zero whole would never end.
    std::string text(kMaxTemplateBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxTemplateBytes)
      throw std::runtime_error("--template " + dlxapp::printable(file) + ": over " +
                               std::to_string(kMaxTemplateBytes >> 20) + " MiB; a template is one puzzle");
    pairs.emplace_back("template", std::move(text));
    template_name = dlxapp::printable(file);
  }
  // The count is generate's first argument: "generate 5x: ...".
  const sudoku::OptionSpelling flags = sudoku::OptionSpelling::flags();
  const sudoku::OptionSpelling spelling{[&](std::string_view key, std::string_view value) {
    return key == "count" ? "generate" + (value.empty() ? "" : " " + std::string(value))
                          : flags.name(key, value);
  }};
  sudoku::GenerateRequest r;
  try {
    r = sudoku::read_generate_options(pairs, spelling, template_name);
  } catch (const sudoku::OptionError& e) {
    usage_error(e.what());
  }
  sudoku::BatchOptions& b = o.batch;
  b.reader = r.reader;
  b.variants = r.variants;
  b.generate = std::move(r.generate);
  o.count = r.count;
  o.generate_clock_seed = !r.seed_given;
  if (!r.seed_given)
    b.generate.seed = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
}

}  // namespace

Options parse_options(int argc, char** argv) {
  po::options_description visible("Options", 110, 40);
  Options o;
  Typed t;
  // clang-format off
  visible.add_options()
      ("help,h", "print this help and exit")
      ("version", "print the version and exit")
      ("box", po::value(&t.box)->value_name("RxC"),
       "boxes of R rows by C columns, e.g. 3x3, 2x3, 3x4 (default: from each puzzle's size; generate: 3x3)")
      ("variant", po::value(&t.variant)->value_name("LIST"),
       "variant rules, comma-separated: x (both diagonals), windoku (extra windows), anti-knight, anti-king, "
       "non-consecutive")
      ("regions", po::value(&t.regions)->value_name("LAYOUT"),
       "jigsaw: n*n characters naming each cell's region (n symbols, each n times), replacing the boxes")
      ("extra-regions", po::value(&t.extra_regions)->value_name("LAYOUT"),
       "n*n characters, '.' for no region, naming regions of at most n cells whose digits differ too")
      ("symbols", po::value(&t.symbols)->value_name("STRING"),
       "the digits' characters in order (default 1-9 then A-Z), e.g. 0123456789ABCDEF")
      ("format", po::value(&t.format)->value_name("NAME"),
       "same (as the input), line, grid, judge, pretty (solve), csv, json (JSON Lines), json-array; solve, "
       "generate, minimize: fpuzzles (f-puzzles JSON), fpuzzles-link, sudokupad-link (links that open the "
       "puzzle in those apps; solve: with its solution)")
      ("all", "solve: every solution")
      ("limit", po::value(&t.limit)->value_name("N"),
       "count: stop after N solutions (default: count them all); solve: the first N solutions")
      ("minimal", "check: say minimal or not-minimal; generate: minimal puzzles")
      ("symmetry", po::value(&t.symmetry)->value_name("S"),
       "generate: none, rotate90, rotate180, mirror, flip or diagonal pattern of givens")
      ("clues", po::value(&t.clues)->value_name("K"), "generate: exactly K givens")
      ("tier", po::value(&t.tier)->value_name("T"), "generate: puzzles rating exactly T (singles, locked, subsets, search)")
      ("rating", po::value(&t.rating)->value_name("A-B"), "generate: puzzles whose ER (Sukaku Explainer's scale) is from A to B, such as 6.0-7.5; raise --attempts for rare ratings; every rule, killers included (docs/rating.md)")
      ("seed", po::value(&t.seed)->value_name("S"), "generate: the random seed (default: from the clock)")
      ("attempts", po::value(&t.attempts)->value_name("N"),
       "generate: attempts per puzzle before giving up (default 1000; 20 with --template)")
      ("cage-size", po::value(&t.cage_size)->value_name("MIN-MAX"),
       "generate --variant killer: cells per cage (default 2-4)")
      ("template", po::value(&t.template_file)->value_name("FILE"),
       "generate: puzzles under the rules of the one puzzle in FILE (f-puzzles JSON or link, a rule line, a "
       "killer line), written back in its form; its givens stay in every puzzle")
      ("max-givens", po::value(&t.max_givens)->value_name("K"),
       "generate --variant killer: at most K givens besides the cages (default: as many as uniqueness needs)")
      ("progress", "a progress line (puzzles done, time) on standard error during long runs even when it is not a terminal")
      ("threads", po::value(&t.threads)->value_name("N"), "worker threads (default 0: one per core)")
      ("time-limit", po::value(&t.time_limit)->value_name("SECONDS"),
       "stop after this much time (also 1.5m, 2h), keeping the results so far; exit status 3")
      ("stats", "print search nodes and time per puzzle and in all on standard error");
  // clang-format on
  po::options_description hidden;
  hidden.add_options()("args", po::value<std::vector<std::string>>(), "");
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("args", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    usage_error(dlxapp::shorten_words(e.what()));
  }
  o.help = vm.count("help") > 0;
  if (o.help) {  // formatting the table costs more than solving a thousand easy puzzles: only when asked
    std::ostringstream help;
    help << visible;
    o.help_text = help.str();
  }
  o.version = vm.count("version") > 0;
  if (o.help || o.version) return o;
  if (vm.count("args")) o.args = vm["args"].as<std::vector<std::string>>();
  if (!o.args.empty() &&
      std::find(std::begin(kCommands), std::end(kCommands), o.args[0]) != std::end(kCommands)) {
    o.command = o.args[0];
    o.args.erase(o.args.begin());
  }
  sudoku::BatchOptions& b = o.batch;
  const bool generating = o.command == "generate";
  for (const char* only :
       {"symmetry", "clues", "tier", "rating", "seed", "attempts", "cage-size", "max-givens", "template"})
    if (vm.count(only) && !generating) usage_error(std::string("--") + only + " applies to generate only");
  if (o.args.empty() && !generating) o.args.emplace_back("-");
  if (o.command != "emit") {
    const auto* name =
        std::find(std::begin(sudoku::kCommandNames), std::end(sudoku::kCommandNames), o.command);
    b.command = static_cast<sudoku::Command>(name - std::begin(sudoku::kCommandNames));
  }
  o.progress = vm.count("progress") > 0;
  b.stats = vm.count("stats") > 0;
  b.minimal = vm.count("minimal") > 0;
  if (b.minimal && o.command != "check" && !generating)
    usage_error("--minimal applies to check and generate only");
  if (vm.count("all") && o.command != "solve") usage_error("--all applies to solve only");
  if (vm.count("limit") && o.command != "count" && o.command != "solve")
    usage_error("--limit applies to count and solve only");
  if (vm.count("limit") && o.command == "count") b.limit = parse_number("--limit", t.limit, UINT64_MAX);
  if (vm.count("limit") && o.command == "solve")
    b.solutions = parse_number("--limit", t.limit, UINT64_MAX, 1);
  if (vm.count("all")) {
    if (vm.count("limit")) usage_error("--all and --limit: give one of them");
    b.solutions = 0;
  }
  const auto format = sudoku::parse_format(t.format);
  if (!format)
    usage_error("--format " + shown(t.format) +
                ": expected text (or same), line, grid, judge, pretty, csv, json, json-array, fpuzzles, "
                "fpuzzles-link or sudokupad-link");
  if (sudoku::is_fpuzzles_form(*format) && o.command != "solve" && o.command != "generate" &&
      o.command != "minimize")
    usage_error("--format " + t.format + ": " + o.command +
                " writes no puzzle; the f-puzzles and SudokuPad forms apply to solve, generate and minimize");
  const bool record = *format == sudoku::Format::csv || sudoku::is_json(*format);
  if (vm.count("format") && o.command != "solve" && !record && *format != sudoku::Format::same &&
      *format != sudoku::Format::line && !sudoku::is_fpuzzles_form(*format))
    usage_error("--format " + t.format + ": " + o.command + " writes text (same), csv, json or json-array");
  if (vm.count("format") && o.command == "emit")
    usage_error("--format does not apply to emit (Knuth's format)");
  b.format = *format;
  if (generating)
    read_generate(vm, o);
  else
    read_reader_and_variants(vm, o);
  if (vm.count("threads"))
    o.threads = static_cast<unsigned>(parse_number("--threads", t.threads, kMaxThreads));
  if (vm.count("time-limit")) {
    o.time_limit = dlxapp::parse_duration(t.time_limit);
    if (!o.time_limit)
      usage_error("--time-limit " + shown(t.time_limit) +
                  ": expected a number of seconds, such as 10 or 2.5, or with a unit: 90s, 1.5m, 2h, 1d");
  }
  return o;
}

}  // namespace sudoku_app
