// A puzzle written back with its rules, on one line that every command reads (the self-describing form):
//
//   plain          the n*n cells:                                   4...3.......6..8....
//   jigsaw         the cells, then each cell's region:              ....1...  AAABBBCCC...
//   killer         our typed killer form (cages.hpp):               killer AAB.C... A=15 B=7 givens=...
//   pencilmarks    n^3 characters (candidates.hpp)
//   other rules    a prefix of comma-separated rule words and a ':', before any of the forms above:
//                  x,windoku,anti-knight,anti-king,non-consecutive,extra=LAYOUT,regions=LAYOUT:<rest>
//                  (extra= and regions= take n*n characters naming regions, '.' for no extra region; the
//                  writer names regions with letters and digits, so that a layout never holds ',' or ':').
//                  Each extra= adds its regions (overlapping ones need several); regions= comes at most
//                  once, and never before a jigsaw line, which names its regions itself.
//
// A rules prefix starts with one of those words followed by ',' or ':', which no other line form does (a
// SudoCue killer starts with its box shape, "3x3:", a puzzle with cells).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/io/writer.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

struct RulesPrefix {
  Variants variants;                       // the rules it names (regions as a layout; no extra regions)
  std::vector<std::string> extra_layouts;  // each extra= in turn: regions of several may overlap
  std::size_t length = 0;                  // characters of the prefix, its ':' included
};

// The prefix at the start of `text` (after white space), or nothing when the line has none. Throws RulesError
// for a prefix that starts with a rule word but is malformed ("x,foo:...").
std::optional<RulesPrefix> parse_rules_prefix(std::string_view text);

// The rules a prefix names on a board of this shape; throws RulesError when a layout does not fit it.
Rules prefix_rules(const RulesPrefix& prefix, Shape shape);

// The puzzle as one self-describing line, without line end: the givens (or pencilmarks, cell by cell, when
// `marks` is not empty) under `rules` (null or plain: none). Reads back, with the same reader, as the same
// puzzle with the same rules.
void append_puzzle_line(std::string& out, const Grid& givens, const std::vector<std::uint64_t>& marks,
                        const Rules* rules, const Symbols& symbols);

// The puzzle in an f-puzzles form (is_fpuzzles_form(form)): its f-puzzles document, or the f-puzzles or
// SudokuPad link of it, on one line without line end; with `filled`, a solution's digits in its other cells
// (append_fpuzzles); a pencilmark puzzle's `marks` (as append_puzzle_line takes them) as given pencil marks.
// The f-puzzles reader (or SudokuPad's, for its link) reads it back as the same puzzle with the same rules.
// Throws RulesError for a board f-puzzles cannot hold (sides 4 to 16 only).
void append_fpuzzles_form(std::string& out, Format form, const Grid& givens, const Rules* rules,
                          const Grid* filled = nullptr, const std::vector<std::uint64_t>& marks = {});

// Whether append_puzzle_line writes something after the cells that an annotation could not follow (a killer
// line: every word after "killer" is read as a cage sum).
bool takes_annotation(const Rules* rules);

}  // namespace sudoku
