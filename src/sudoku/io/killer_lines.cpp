#include "sudoku/io/killer_lines.hpp"

#include <charconv>
#include <map>
#include <optional>

#include "dlx/input_error.hpp"
#include "sudoku/model/cages.hpp"

namespace sudoku {
namespace {

std::string_view trim_spaces(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::optional<long long> whole_number(std::string_view text) {
  long long value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value < 0) return std::nullopt;
  return value;
}

}  // namespace

bool is_sudocue_killer(std::string_view text) {
  text = trim_spaces(text);
  const std::size_t colon = text.find(':');
  return colon != std::string_view::npos && parse_box(text.substr(0, colon)).has_value();
}

bool is_typed_killer(std::string_view text) {
  text = trim_spaces(text);
  return text.starts_with("killer ") || text.starts_with("killer\t");
}

KillerPuzzle parse_sudocue_killer(std::string_view text) {
  text = trim_spaces(text);
  // RxC : flags : k : cells
  std::vector<std::string_view> fields;
  for (std::size_t at = 0;;) {
    const std::size_t end = text.find(':', at);
    fields.push_back(text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  if (!fields.empty() && fields.back().empty()) fields.pop_back();  // a closing ':'
  KillerPuzzle puzzle;
  const auto shape = parse_box(fields[0]);
  puzzle.rules.shape = *shape;
  const int n = shape->side();
  if (fields.size() < 3 || fields[2] != "k")
    throw RulesError("killer line: expected " + std::string(fields[0]) + "::k: (or " +
                     std::string(fields[0]) + ":d:k:) before the cells");
  if (fields[1] == "d") {
    add_diagonals(puzzle.rules);
  } else if (!fields[1].empty()) {
    throw RulesError("killer line: unknown flags '" + dlx::echo_text(fields[1]) +
                     "' (expected nothing, or d for the diagonals)");
  }
  const std::size_t cells = fields.size() - 3;
  if (cells != static_cast<std::size_t>(n * n))
    throw RulesError("killer line: " + std::to_string(cells) + " cells, but a " + std::to_string(n) + "x" +
                     std::to_string(n) + " killer has " + std::to_string(n * n));
  puzzle.givens.reset(*shape);
  std::map<long long, Cage> by_id;
  std::vector<long long> order;
  for (int cell = 0; cell < n * n; ++cell) {
    const std::string_view field = trim_spaces(fields[static_cast<std::size_t>(cell) + 3]);
    const auto value = whole_number(field);
    if (!value || *value > 1'000'000)
      throw RulesError("killer line: cell " + cell_name(cell / n, cell % n) + " is '" +
                       dlx::echo_text(field) + "', not a number sum * 256 + cage");
    if (*value < 256) continue;
    const long long id = *value % 256;
    const int sum = static_cast<int>(*value / 256);
    Cage& cage = by_id[id];
    if (cage.cells.empty()) {
      cage.sum = sum;
      order.push_back(id);
    } else if (cage.sum != sum) {
      throw RulesError("killer line: cage " + std::to_string(id) + " has sum " + std::to_string(cage.sum) +
                       " at " + cell_name(cage.cells[0] / n, cage.cells[0] % n) + " but " +
                       std::to_string(sum) + " at " + cell_name(cell / n, cell % n));
    }
    cage.cells.push_back(cell);
  }
  for (long long id : order) puzzle.rules.cages.push_back(std::move(by_id[id]));
  check_cages(puzzle.rules);
  return puzzle;
}

KillerPuzzle parse_typed_killer(std::string_view text, const Symbols& symbols) {
  text = trim_spaces(text);
  text.remove_prefix(6);  // "killer"
  std::vector<std::string_view> tokens;
  for (std::size_t at = 0; at < text.size();) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
    std::size_t end = at;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
    if (end > at) tokens.push_back(text.substr(at, end - at));
    at = end;
  }
  if (tokens.empty()) throw RulesError("killer line: expected the cage layout after 'killer'");
  const std::string_view layout = tokens[0];
  const int n = layout_side(layout, "the cage layout");
  const auto shape = shape_for_side(static_cast<std::size_t>(n));
  if (!shape)
    throw RulesError("killer line: no usual box shape for a " + std::to_string(n) + "x" + std::to_string(n) +
                     " board");
  KillerPuzzle puzzle;
  puzzle.rules.shape = *shape;
  puzzle.givens.reset(*shape);
  std::map<char, Cage> by_name;
  std::vector<char> order;
  for (std::size_t i = 0; i < layout.size(); ++i) {
    const char c = layout[i];
    if (c == '.') continue;
    if (c == '=') throw RulesError("killer line: '=' cannot name a cage");
    Cage& cage = by_name[c];
    if (cage.cells.empty()) order.push_back(c);
    cage.cells.push_back(static_cast<int>(i));
  }
  std::map<char, bool> summed;
  for (std::size_t t = 1; t < tokens.size(); ++t) {
    const std::string_view token = tokens[t];
    if (token.starts_with("givens=")) {
      const std::string_view cells = token.substr(7);
      if (cells.size() != layout.size())
        throw RulesError("killer line: givens= has " + std::to_string(cells.size()) + " cells, the layout " +
                         std::to_string(layout.size()));
      for (std::size_t i = 0; i < cells.size(); ++i) {
        const int value = symbols.value(cells[i], n);
        if (value < 0)
          throw RulesError("killer line: given " + std::to_string(i + 1) + " ('" + std::string(1, cells[i]) +
                           "') is no digit of a " + std::to_string(n) + "x" + std::to_string(n) + " board");
        puzzle.givens.cells[i] = static_cast<std::uint8_t>(value);
      }
      continue;
    }
    const auto value = token.size() >= 3 && token[1] == '=' ? whole_number(token.substr(2)) : std::nullopt;
    if (!value || *value > 100000)
      throw RulesError("killer line: '" + dlx::echo_text(token) +
                       "' is not NAME=SUM (such as A=15) or givens=...");
    const auto cage = by_name.find(token[0]);
    if (cage == by_name.end())
      throw RulesError("killer line: " + dlx::echo_text(token) + " names no cage of the layout");
    if (summed[token[0]])
      throw RulesError("killer line: cage '" + std::string(1, token[0]) + "' has two sums");
    summed[token[0]] = true;
    cage->second.sum = static_cast<int>(*value);
  }
  for (char c : order) {
    if (!summed[c])
      throw RulesError("killer line: cage '" + std::string(1, c) + "' has no sum (add " + c + "=SUM)");
    puzzle.rules.cages.push_back(std::move(by_name[c]));
  }
  check_cages(puzzle.rules);
  return puzzle;
}

}  // namespace sudoku
