// f-puzzles JSON: the document the f-puzzles editor exports, and the lz-string base64 of it inside its links
// (https://www.f-puzzles.com/?load=N4Ig...). docs/variants.md lists the fields read and how each rule is taken.
#pragma once

#include <string>
#include <string_view>

#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

// The largest document read, as text or decompressed from a link (16 MiB), and its caps: JSON values (each
// number, string, list and object) and rules (each entry of a rule list, each line of a thermometer or
// palindrome). No published puzzle comes near them; they keep a hostile document's memory bounded and its
// error prompt.
inline constexpr std::size_t kMaxFpuzzlesDocument = std::size_t{16} << 20;
inline constexpr std::size_t kMaxFpuzzlesValues = 200'000;
inline constexpr std::size_t kMaxFpuzzlesRules = 2'000;
// f-puzzles' largest board (its "size" is 4 to 16).
inline constexpr int kMaxFpuzzlesSide = 16;

struct FPuzzle {
  Grid givens;
  Rules rules;  // rules.fpuzzles is set
};

// Whether a line starts an f-puzzles link or its compressed string (which always starts "N4Ig": the
// compression of '{"').
bool is_fpuzzles_link(std::string_view text);
// The JSON text of a link or compressed string; throws RulesError when it does not decompress.
std::string fpuzzles_link_json(std::string_view text);
// Whether a JSON text is an f-puzzles document rather than one of this program's records: it has a "grid".
bool is_fpuzzles_json(std::string_view text);

// Reads the document. Throws RulesError naming the field that is malformed, or the rule no model here can
// express ("f-puzzles rule 'quadruple' is not supported").
FPuzzle parse_fpuzzles(std::string_view json_text);

// The puzzle as one line of f-puzzles JSON that parse_fpuzzles reads back as the same puzzle and rules. With
// `filled` (a solution), its digits in the other cells too, as digits entered rather than given: f-puzzles
// shows them, SudokuPad takes them as the solution it checks against, and the reader leaves them out.
// Boards that are not the side's default boxes carry their regions.
void append_fpuzzles(std::string& out, const Grid& givens, const Rules& rules, const Grid* filled = nullptr);

// The f-puzzles link that opens a document in the editor: https://www.f-puzzles.com/?load= and the
// lz-string base64 of the document (as f-puzzles itself writes it; the reader takes it back).
std::string fpuzzles_link(std::string_view json_text);

}  // namespace sudoku
