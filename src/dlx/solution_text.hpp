// A solution as the dlx command prints it: one option per line, as the input wrote it (Problem::option_text),
// each after its input line number ("12: a b c") when option_lines is given. Shared by the command and by
// every other front end (the web page) so that they print the same text.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

// Appends the solution's lines to `text`.
void append_solution_text(std::string& text, const Problem& problem, std::span<const OptionId> solution,
                          const std::vector<std::size_t>* option_lines = nullptr);

}  // namespace dlx
