// The template of `sudoku generate --template`: one puzzle whose rules every generated puzzle takes.
#pragma once

#include <istream>
#include <string_view>

#include "sudoku/io/reader.hpp"

namespace sudoku {

// The one puzzle of `in` (an f-puzzles document, line or link, a rule line, a killer line...), with its rules
// and givens. Throws RulesError "SOURCE:LINE: what is wrong" when the input holds no puzzle or several, an
// unreadable one, one without rules, or pencil marks.
Puzzle read_template(std::istream& in, std::string_view source, const ReaderOptions& options = {});

}  // namespace sudoku
