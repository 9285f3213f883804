#include "sudoku/maker/generate_options.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <map>
#include <optional>
#include <span>
#include <sstream>

#include "sudoku/io/template_reader.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/maker/logic.hpp"
#include "sudoku/maker/logic/tiers.hpp"
#include "sudoku/model/solver.hpp"

namespace sudoku {

namespace {

// How far the check that a template has a solution searches before letting the generator try.
constexpr std::uint64_t kTemplateNodes = 1'000'000;
// A template's attempts per puzzle unless attempts says otherwise: each is bounded (generator.cpp), and a
// template that this many random solutions do not settle rarely yields to more.
constexpr std::uint64_t kTemplateAttempts = 20;
constexpr std::uint64_t kDefaultAttempts = 1000;
// What a message shows of a value: its first characters, control characters escaped.
constexpr std::size_t kShown = 40;

std::string shown(std::string_view text) {
  std::string out;
  for (const char c : text.substr(0, kShown)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
      out += c;
    } else {
      out += "\\x";
      out += "0123456789abcdef"[byte >> 4];
      out += "0123456789abcdef"[byte & 15];
    }
  }
  return text.size() > kShown ? out + "..." : out;
}

// The pairs by key, as typed; keys with '_' between their words (Python's) read as with '-'.
class Given {
 public:
  // `keys`: those the caller reads; any other is refused.
  Given(const OptionPairs& pairs, const OptionSpelling& spelling, std::span<const char* const> keys)
      : spelling_(spelling) {
    for (const auto& [key, value] : pairs) {
      std::string k = key;
      std::replace(k.begin(), k.end(), '_', '-');
      if (std::find(keys.begin(), keys.end(), k) == keys.end()) {
        std::string expected;
        for (const char* known : keys) expected += (expected.empty() ? "" : ", ") + spelling.name(known, "");
        throw OptionError("unknown option " + spelling.name(shown(k), "") + ": expected " + expected);
      }
      values_[k] = value;
    }
  }
  const std::string* find(std::string_view key) const {
    const auto it = values_.find(std::string(key));
    return it == values_.end() ? nullptr : &it->second;
  }
  bool has(std::string_view key) const { return find(key) != nullptr; }
  // "--clues 82" / "clues=82"; the value as given.
  std::string named(std::string_view key) const {
    const std::string* value = find(key);
    return spelling_.name(key, value != nullptr ? shown(*value) : "");
  }
  std::string name(std::string_view key, std::string_view value = "") const {
    return spelling_.name(key, value);
  }
  [[noreturn]] void fail(std::string_view key, const std::string& what) const {
    throw OptionError(named(key) + ": " + what);
  }
  // A whole decimal number from min to max ("-1" is out of range, never 2^64 - 1).
  std::uint64_t number(std::string_view key, std::uint64_t min, std::uint64_t max) const {
    const std::string& text = *find(key);
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [at, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || text.front() == '+' || at != end || ec != std::errc{} || value < min || value > max)
      fail(key, "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max));
    return value;
  }
  bool flag(std::string_view key) const {
    const std::string* value = find(key);
    if (value == nullptr || value->empty() || *value == "true" || *value == "1") return value != nullptr;
    if (*value == "false" || *value == "0") return false;
    fail(key, "expected true or false");
  }

 private:
  std::map<std::string, std::string> values_;
  const OptionSpelling& spelling_;
};

// "A-B" or "A": an ER range on Sukaku Explainer's scale, 1.0 to 20.0.
std::pair<double, double> read_rating(const Given& given) {
  const std::string& r = *given.find("rating");
  const std::size_t dash = r.find('-', 1);
  const auto number = [&](std::string_view text) {
    // Digits and a point only (strtod alone takes "nan", "1e1", white space); not every standard library has
    // from_chars for doubles (the page's).
    const bool decimal = !text.empty() && text.size() < 16 &&
                         text.find_first_not_of("0123456789.") == std::string_view::npos &&
                         std::count(text.begin(), text.end(), '.') <= 1 && text.front() != '.' &&
                         text.back() != '.';
    const double v = decimal ? std::strtod(std::string(text).c_str(), nullptr) : -1;
    if (!(v >= 1.0 && v <= 20.0))
      given.fail("rating", "expected A-B or A, ratings from 1.0 to 20.0 (such as 6.0-7.5)");
    return v;
  };
  const double low = number(std::string_view(r).substr(0, dash));
  const double high = dash == std::string::npos ? low : number(std::string_view(r).substr(dash + 1));
  if (low > high) given.fail("rating", "the lower bound is above the upper");
  return {low, high};
}

// "MIN-MAX" or one size, cells from 1 to the side.
void read_cage_size(const Given& given, GenerateOptions& g) {
  const std::string& text = *given.find("cage-size");
  const int side = g.shape.side();
  const std::size_t dash = text.find('-');
  const auto size = [&](std::string_view part) {
    int v = 0;
    const auto [at, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || at != part.data() + part.size() || ec != std::errc{} || v < 1 || v > side)
      given.fail("cage-size", "expected MIN-MAX (or one size), cells from 1 to " + std::to_string(side) +
                                  " on a " + std::to_string(side) + "x" + std::to_string(side) +
                                  " board, MIN <= MAX");
    return v;
  };
  g.cage_min = size(std::string_view(text).substr(0, dash));
  g.cage_max = dash == std::string::npos ? g.cage_min : size(std::string_view(text).substr(dash + 1));
  if (g.cage_min > g.cage_max) size("");
}

// The box, symbols and rules; "killer" among the variants and regions "random" are generate's (null: they
// are refused).
void read_rules(const Given& given, ReaderOptions& reader, Variants& variants, GenerateOptions* generate) {
  if (const std::string* box = given.find("box")) {
    reader.box = parse_box(*box);
    if (!reader.box)
      given.fail("box",
                 "expected RxC, such as 3x3 or 2x3, with a side from 2 to " + std::to_string(kMaxSide));
  }
  if (const std::string* symbols = given.find("symbols")) {
    try {
      reader.symbols = Symbols(*symbols);
    } catch (const std::invalid_argument& e) {
      given.fail("symbols", e.what());
    }
  }
  const auto check = [&](const char* key, auto&& parse) {
    try {
      parse();
    } catch (const RulesError& e) {
      throw OptionError(given.name(key) + ": " + e.what());
    }
  };
  if (const std::string* variant = given.find("variant")) {
    std::string names = *variant;
    if (take_killer_word(names)) {
      if (generate == nullptr)
        throw OptionError(given.name("variant", "killer") +
                          " applies to generate only: killer puzzles carry their own cages");
      generate->killer = true;
    }
    if (!names.empty()) check("variant", [&] { parse_variant_names(names, variants); });
  }
  // An empty layout is a mistake, not "no regions": leave the option out for that.
  if (const std::string* regions = given.find("regions"); regions && *regions == "random") {
    if (generate == nullptr) throw OptionError(given.name("regions", "random") + " applies to generate only");
    generate->random_regions = true;
  } else if (regions) {
    check("regions", [&] { parse_regions(*regions, layout_side(*regions, "LAYOUT")); });
    variants.regions = *regions;
  }
  if (const std::string* extra = given.find("extra-regions")) {
    check("extra-regions", [&] { parse_extra_regions(*extra, layout_side(*extra, "LAYOUT")); });
    variants.extra_regions = *extra;
  }
}

// The one puzzle of the template's text, whose rules (and givens) every generated puzzle takes.
void read_template_text(const std::string& text, std::string_view source, GenerateRequest& r) {
  GenerateOptions& g = r.generate;
  std::istringstream in(text);
  Puzzle puzzle = read_template(in, source, r.reader);
  // Givens that clash or that no grid fits would cost every attempt of every puzzle in vain.
  dlx::SearchOptions bounded;
  bounded.node_limit = kTemplateNodes;
  Solver solver(*puzzle.rules, bounded);
  const std::string where = std::string(source) + ':' + std::to_string(puzzle.line) + ": ";
  if (const auto conflict = solver.load(puzzle.grid))
    throw RulesError(where + "the template's givens clash: " +
                     describe(*conflict, puzzle.grid.side(),
                              digit_name(conflict->digit, puzzle.layout, r.reader.symbols)));
  if (solver.check(puzzle.grid) == Verdict::none)
    throw RulesError(where + "the template has no solution under its rules");
  g.template_rules = puzzle.rules;
  g.template_givens = std::move(puzzle.grid);
}

// Whether the techniques can tier the puzzles: a tier needs rules they know (regions and cages). A rating
// (the graded engine) takes every rule: its table has a technique for each (maker/logic/rule_techniques.hpp).
void check_rated(const Given& given, const GenerateRequest& r) {
  const GenerateOptions& g = r.generate;
  Rules rules;
  try {
    rules = make_rules(g.shape, r.variants);
    if (g.template_rules) add_rules(rules, *g.template_rules);
  } catch (const RulesError& e) {
    throw OptionError(e.what());
  }
  if (given.has("tier") && !logic_knows(rules))
    throw OptionError(
        given.name("tier") +
        " does not apply to neighbour, line or dot rules: the techniques know regions only (rows, "
        "columns, boxes or jigsaw regions, x, windoku, extra regions) and killer cages");
}

}  // namespace

std::string clue_problem(const GenerateOptions& options, bool plain) {
  const Shape shape = options.shape;
  const int n = shape.side(), clues = options.clues;
  const std::string board = std::to_string(n) + "x" + std::to_string(n);
  if (clues < 0 || clues > shape.cells())
    return "a " + board + " board has 0 to " + std::to_string(shape.cells()) + " cells to give";
  if (clues == 0 || !plain) return {};
  const int fewest = n == 4 ? 4 : n == 6 ? 8 : n == 9 ? 17 : n - 1;
  if (clues < fewest)
    return "no " + board + " puzzle with fewer than " + std::to_string(fewest) +
           " givens has exactly one solution";
  return {};
}

void check_generate_combinations(const GenerateOptions& options, const Variants& variants,
                                 const OptionSpelling& spelling) {
  const int n = options.shape.side();
  const std::string board = std::to_string(n) + "x" + std::to_string(n);
  const auto name = [&](std::string_view key, std::string_view value = "") {
    return spelling.name(key, value);
  };
  if (options.random_regions && !variants.regions.empty())
    throw OptionError(name("regions", "random") + ": give a region layout or random, not both");
  if (options.template_rules) {
    const std::string clash = options.killer                       ? name("variant", "killer")
                              : options.random_regions             ? name("regions", "random")
                              : options.symmetry != Symmetry::none ? name("symmetry")
                              : options.clues > 0                  ? name("clues")
                              : options.minimal                    ? name("minimal")
                                                                   : std::string();
    if (!clash.empty())
      throw OptionError(name("template") + ": " + clash +
                        " does not apply (a template's puzzles get the givens its rules leave open, "
                        "and are minimal but for the template's own givens)");
    if (options.template_rules->shape != options.shape ||
        (!options.template_givens.cells.empty() && options.template_givens.shape != options.shape))
      throw OptionError(name("template") + ": a " + std::to_string(options.template_rules->shape.side()) +
                        "x" + std::to_string(options.template_rules->shape.side()) + " template for a " +
                        board + " board");
  }
  if (const std::string problem = clue_problem(
          options, !variants.any() && !options.killer && !options.random_regions && !options.template_rules);
      !problem.empty())
    throw OptionError(name("clues", std::to_string(options.clues)) + ": " + problem);
  if (!options.killer) return;
  if (n > kKillerMaxSide)
    throw OptionError("killer: boards up to " + std::to_string(kKillerMaxSide) + "x" +
                      std::to_string(kKillerMaxSide) + ", not " + board);
  if (options.cage_min < 1 || options.cage_min > options.cage_max || options.cage_max > n)
    throw OptionError("cage sizes " + std::to_string(options.cage_min) + "-" +
                      std::to_string(options.cage_max) + ": a " + board +
                      " killer takes sizes MIN-MAX with 1 <= MIN <= MAX <= " + std::to_string(n));
  if (options.symmetry != Symmetry::none)
    throw OptionError("killer: " + name("symmetry") +
                      " does not apply (givens are only what the cages leave open)");
  if (options.clues > 0)
    throw OptionError("killer: " + name("clues") + " does not apply; " + name("max-givens", "K") +
                      " bounds the givens");
  if (options.minimal)
    throw OptionError("killer: " + name("minimal") + " does not apply (killer givens are always minimal)");
  if (options.max_givens > options.shape.cells())
    throw OptionError(name("max-givens", std::to_string(options.max_givens)) + ": a " + board +
                      " board has " + std::to_string(options.shape.cells()) + " cells");
}

OptionSpelling OptionSpelling::flags() {
  return {[](std::string_view key, std::string_view value) {
    return "--" + std::string(key) + (value.empty() ? "" : " " + std::string(value));
  }};
}

OptionSpelling OptionSpelling::keywords() {
  return {[](std::string_view key, std::string_view value) {
    std::string keyword(key);
    std::replace(keyword.begin(), keyword.end(), '-', '_');
    return value.empty() ? keyword : keyword + "=" + std::string(value);
  }};
}

PuzzleOptions read_puzzle_options(const OptionPairs& pairs, const OptionSpelling& spelling) {
  const Given given(pairs, spelling, kPuzzleKeys);
  PuzzleOptions p;
  read_rules(given, p.reader, p.variants, nullptr);
  return p;
}

GenerateRequest read_generate_options(const OptionPairs& pairs, const OptionSpelling& spelling,
                                      std::string_view template_source) {
  const Given given(pairs, spelling, kGenerateKeys);
  GenerateRequest r;
  GenerateOptions& g = r.generate;
  if (given.has("count")) r.count = given.number("count", 0, UINT64_MAX);
  read_rules(given, r.reader, r.variants, &g);
  g.shape = r.reader.box.value_or(Shape{3, 3});
  if (const std::string* text = given.find("template")) {
    read_template_text(*text, template_source, r);
    if (!r.reader.box) g.shape = g.template_rules->shape;
  }
  if (!r.variants.regions.empty() && !r.reader.box) {
    // A jigsaw's size is its layout's; its boxes (unused) the usual ones, or rows for a prime side.
    const int side = layout_side(r.variants.regions, "regions");
    g.shape = shape_for_side(static_cast<std::size_t>(side)).value_or(Shape{1, side});
  }
  check_rated(given, r);
  if (const std::string* symmetry = given.find("symmetry")) {
    const auto parsed = parse_symmetry(*symmetry);
    if (!parsed) given.fail("symmetry", "expected none, rotate90, rotate180, mirror, flip or diagonal");
    g.symmetry = *parsed;
  }
  g.minimal = given.flag("minimal");
  // At least one clue: 0 would mean "as removal leaves it", which is not what was asked.
  if (given.has("clues"))
    g.clues = static_cast<int>(given.number("clues", 1, static_cast<std::uint64_t>(g.shape.cells())));
  if (const std::string* tier = given.find("tier")) {
    g.tier = parse_tier(*tier);
    if (!g.tier) given.fail("tier", "expected singles, locked, subsets or search");
  }
  if (given.has("rating")) g.rating = read_rating(given);
  r.seed_given = given.has("seed");
  if (r.seed_given) g.seed = given.number("seed", 0, UINT64_MAX);
  g.attempts = given.has("attempts") ? given.number("attempts", 1, UINT64_MAX)
               : g.template_rules    ? kTemplateAttempts
                                     : kDefaultAttempts;
  for (const char* killer_only : {"cage-size", "max-givens"})
    if (given.has(killer_only) && !g.killer)
      throw OptionError(given.name(killer_only) + " applies to " + spelling.name("variant", "killer") +
                        " only");
  if (given.has("cage-size"))
    read_cage_size(given, g);
  else if (g.killer)
    g.cage_max = std::min(g.cage_max, g.shape.side());  // 4x4: 2 to 4 cells still
  if (given.has("max-givens"))
    g.max_givens =
        static_cast<int>(given.number("max-givens", 0, static_cast<std::uint64_t>(g.shape.cells())));
  check_generate_combinations(g, r.variants, spelling);
  const int side = g.shape.side();
  if (side > r.reader.symbols.size())
    throw OptionError("a " + std::to_string(side) + "x" + std::to_string(side) + " board needs " +
                      std::to_string(side) + " symbols; give them with " + spelling.name("symbols", ""));
  return r;
}

}  // namespace sudoku
