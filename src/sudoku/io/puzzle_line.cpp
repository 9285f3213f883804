#include "sudoku/io/puzzle_line.hpp"

#include <algorithm>
#include <map>

#include "dlx/input_error.hpp"
#include "sudoku/io/fpuzzles.hpp"
#include "sudoku/io/pencilmarks.hpp"
#include "sudoku/io/sudokupad.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/model/candidates.hpp"

namespace sudoku {
namespace {

// Names for regions and cages in written layouts: never '.', '=', ',', ':' or white space.
constexpr std::string_view kNames =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&()*+-/;<>?@[]^_{|}~";

bool is_gap(char c) {
  return c == ' ' || c == '\t';
}

// Whether `region` is one of `of`'s regions (same cells).
bool contains(const std::vector<Region>& of, const Region& region) {
  return std::any_of(of.begin(), of.end(), [&](const Region& r) { return r.cells == region.cells; });
}

// Whether every region of `group` is among `extra`.
bool holds_all(const std::vector<Region>& extra, const std::vector<Region>& group) {
  return !group.empty() &&
         std::all_of(group.begin(), group.end(), [&](const Region& r) { return contains(extra, r); });
}

// n*n characters naming each cell's group (of `groups`, by index), '.' for none; empty when there are more
// groups than names.
template <class Groups>
std::string layout_of(const Groups& groups, int cells) {
  std::string layout(static_cast<std::size_t>(cells), '.');
  if (groups.size() > kNames.size()) return {};
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (const int cell : groups[g].cells) layout[static_cast<std::size_t>(cell)] = kNames[g];
  return layout;
}

}  // namespace

std::optional<RulesPrefix> parse_rules_prefix(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size() && is_gap(text[at])) ++at;
  const std::size_t colon = text.find(':', at);
  if (colon == std::string_view::npos) return std::nullopt;
  RulesPrefix prefix;
  bool first = true;
  while (at < colon) {
    const std::size_t end = std::min(text.find(',', at), colon);
    const std::string_view word = text.substr(at, end - at);
    const auto layout = [&](std::string_view key) -> std::optional<std::string> {
      if (!word.starts_with(key)) return std::nullopt;
      if (word.size() == key.size())
        throw RulesError("rules prefix: " + std::string(key) +
                         " has no layout; it takes one character per cell (81 for 9x9)");
      return std::string(word.substr(key.size()));
    };
    if (const auto extra = layout("extra=")) {
      // Each extra= is a layout of its own: regions that overlap cannot share one.
      layout_side(*extra, "extra=");
      prefix.extra_layouts.push_back(*extra);
    } else if (const auto regions = layout("regions=")) {
      if (!prefix.variants.regions.empty())
        throw RulesError("rules prefix: regions= is given twice; a board has one set of regions");
      parse_regions(*regions, layout_side(*regions, "regions="));
      prefix.variants.regions = *regions;
    } else if (word == "x" || word == "windoku" || word == "anti-knight" || word == "anti-king" ||
               word == "non-consecutive") {
      parse_variant_names(word, prefix.variants);
    } else if (first) {
      return std::nullopt;  // no rule word: another line form
    } else {
      throw RulesError("rules prefix: unknown rule '" + dlx::echo_text(word) +
                       "': expected x, windoku, anti-knight, anti-king, non-consecutive, extra=LAYOUT or "
                       "regions=LAYOUT before ':'");
    }
    first = false;
    at = end + 1;
  }
  if (first) return std::nullopt;
  for (const std::string& extra : prefix.extra_layouts)
    parse_extra_regions(extra, layout_side(extra, "extra="));
  prefix.length = colon + 1;
  return prefix;
}

Rules prefix_rules(const RulesPrefix& prefix, Shape shape) {
  Rules rules = make_rules(shape, prefix.variants);
  const int n = shape.side();
  for (const std::string& layout : prefix.extra_layouts) {
    if (layout.size() != static_cast<std::size_t>(n * n))
      throw RulesError("rules prefix: extra= has " + std::to_string(layout.size()) + " characters, but a " +
                       std::to_string(n) + "x" + std::to_string(n) + " board has " + std::to_string(n * n) +
                       " cells");
    for (Region& region : parse_extra_regions(layout, n))
      if (!contains(rules.extra, region)) rules.extra.push_back(std::move(region));
  }
  return rules;
}

void append_fpuzzles_form(std::string& out, Format form, const Grid& givens, const Rules* rules,
                          const Grid* filled, const std::vector<std::uint64_t>& marks) {
  const int n = givens.side();
  if (n > kMaxFpuzzlesSide)
    throw RulesError("a " + std::to_string(n) + "x" + std::to_string(n) +
                     " board has no f-puzzles form: " + "f-puzzles and SudokuPad boards are 4x4 to " +
                     std::to_string(kMaxFpuzzlesSide) + "x" + std::to_string(kMaxFpuzzlesSide));
  Rules board = rules != nullptr ? *rules : Rules{};
  board.shape = givens.shape;
  const std::uint64_t all = (std::uint64_t{1} << n) - 1;
  for (std::size_t cell = 0; cell < marks.size(); ++cell)
    if ((marks[cell] & all) != all && givens.cells[cell] == 0)
      board.constraints.push_back({ConstraintKind::candidates,
                                   {static_cast<int>(cell)},
                                   {},
                                   static_cast<int>(marks[cell] & all),
                                   -1,
                                   {}});
  std::string json;
  append_fpuzzles(json, givens, board, filled);
  if (form == Format::fpuzzles_link) {
    out += fpuzzles_link(json);
  } else if (form == Format::sudokupad_link) {
    out += sudokupad_link(json);
  } else {
    out += json;
  }
}

bool takes_annotation(const Rules* rules) {
  return rules == nullptr || (rules->cages.empty() && !rules->fpuzzles);
}

void append_puzzle_line(std::string& out, const Grid& givens, const std::vector<std::uint64_t>& marks,
                        const Rules* rules, const Symbols& symbols) {
  if (marks.empty() && rules != nullptr && rules->fpuzzles) {
    append_fpuzzles(out, givens, *rules);
    return;
  }
  // Pencilmarks under a prefix were read as candidates rules (line_puzzle.cpp): written back as pencilmarks.
  std::vector<std::uint64_t> pencil = marks;
  Rules rest;
  const auto is_marks = [](const Constraint& c) { return c.kind == ConstraintKind::candidates; };
  if (rules != nullptr && !rules->fpuzzles &&
      std::any_of(rules->constraints.begin(), rules->constraints.end(), is_marks)) {
    if (pencil.empty()) pencil = candidates_of(givens).cells;
    rest = *rules;
    std::erase_if(rest.constraints, is_marks);
    for (const Constraint& c : rules->constraints)
      if (is_marks(c)) pencil[static_cast<std::size_t>(c.cells[0])] &= static_cast<std::uint64_t>(c.value);
    rules = &rest;
  }
  const auto append_cells = [&] {
    if (pencil.empty())
      append_line(out, givens, symbols);
    else
      append_pencilmarks(out, CandidateGrid{givens.shape, pencil}, symbols);
  };
  if (rules == nullptr || rules->plain()) {
    append_cells();
    return;
  }
  const int cells = givens.shape.cells();
  // The extra regions that x and windoku stand for are written as those words; the rest as extra=LAYOUT.
  Rules words;
  words.shape = givens.shape;
  add_diagonals(words);
  const std::vector<Region> diagonals = words.extra;
  words.extra.clear();
  add_windows(words);
  const std::vector<Region> windows = words.extra;
  const bool x = holds_all(rules->extra, diagonals), windoku = holds_all(rules->extra, windows);
  std::vector<Region> others;
  for (const Region& r : rules->extra)
    if (!(x && contains(diagonals, r)) && !(windoku && contains(windows, r)) && !contains(others, r))
      others.push_back(r);
  std::string prefix;
  const auto word = [&](std::string_view w) {
    if (!prefix.empty()) prefix += ',';
    prefix += w;
  };
  if (x) word("x");
  if (windoku) word("windoku");
  if (rules->anti_knight) word("anti-knight");
  if (rules->anti_king) word("anti-king");
  if (rules->non_consecutive) word("non-consecutive");
  // One extra= per layer of regions that share no cell: overlapping regions cannot share a layout.
  std::vector<std::vector<Region>> layers;
  for (const Region& r : others) {
    const auto fits = [&](const std::vector<Region>& layer) {
      return layer.size() < kNames.size() && std::none_of(layer.begin(), layer.end(), [&](const Region& o) {
               return std::any_of(r.cells.begin(), r.cells.end(), [&](int cell) {
                 return std::binary_search(o.cells.begin(), o.cells.end(), cell);
               });
             });
    };
    const auto layer = std::find_if(layers.begin(), layers.end(), fits);
    if (layer == layers.end())
      layers.push_back({r});
    else
      layer->push_back(r);
  }
  for (const auto& layer : layers) word("extra=" + layout_of(layer, cells));
  // The regions go in the jigsaw line form, or in the prefix for a killer or pencilmarks (whose forms have no
  // place for them).
  std::string regions;
  if (!rules->regions.empty()) {
    const int n = givens.shape.side();
    std::vector<Region> by_region(static_cast<std::size_t>(n));
    for (int cell = 0; cell < cells; ++cell)
      by_region[static_cast<std::size_t>(rules->regions[static_cast<std::size_t>(cell)])].cells.push_back(
          cell);
    regions = layout_of(by_region, cells);
    if (!rules->cages.empty() || !pencil.empty()) word("regions=" + regions);
  }
  if (!prefix.empty()) out += prefix + ':';
  if (rules->cages.empty()) {
    append_cells();
    if (pencil.empty()) out += regions;
    return;
  }
  out += "killer ";
  out += layout_of(rules->cages, cells);
  for (std::size_t c = 0; c < rules->cages.size(); ++c) {
    out += ' ';
    out += kNames[c];
    out += '=' + std::to_string(rules->cages[c].sum);
  }
  if (std::any_of(givens.cells.begin(), givens.cells.end(), [](auto v) { return v != 0; })) {
    out += " givens=";
    append_line(out, givens, symbols);
  }
}

}  // namespace sudoku
