#include "dlx/knuth_format.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "dlx/line_reader.hpp"

namespace dlx {
namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// Splits a line into tokens; throws on bytes that have no business in a text file.
std::vector<std::string_view> tokens(std::string_view line, std::string_view source,
                                     std::size_t line_number) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) {
      const auto byte = static_cast<unsigned char>(line[i]);
      if (byte < 0x20 || byte == 0x7f)
        throw InputError(source, line_number,
                         "invalid byte " + describe_byte(byte) + " at column " + std::to_string(i + 1));
      ++i;
    }
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

void read_items(const std::vector<std::string_view>& names, Problem& problem, std::string_view source,
                std::size_t line_number) {
  bool secondary = false;
  for (std::string_view name : names) {
    if (name == "|") {
      if (secondary) throw InputError(source, line_number, "a second '|' in the item line");
      secondary = true;
      continue;
    }
    try {
      if (secondary) {
        problem.add_secondary(name);
      } else {
        problem.add_primary(name);
      }
    } catch (const ProblemError& e) {
      throw InputError(source, line_number, e.what());
    }
  }
  if (problem.item_count() == 0) throw InputError(source, line_number, "the item line names no items");
  if (problem.primary_count() == 0)
    throw InputError(source, line_number, "no primary items (the line starts with '|')");
}

}  // namespace

std::string describe_byte(unsigned char byte) {
  std::array<char, 8> buf{};
  if (byte >= 0x21 && byte < 0x7f) {
    std::snprintf(buf.data(), buf.size(), "'%c'", byte);
  } else {
    std::snprintf(buf.data(), buf.size(), "0x%02x", byte);
  }
  return buf.data();
}

KnuthInput read_knuth(std::istream& in, std::string_view source) {
  KnuthInput result;
  LineReader reader(in, kMaxKnuthLineLength);
  bool have_items = false;
  std::vector<ItemUse> uses;
  while (auto line = reader.next()) {
    const std::size_t number = reader.line_number();
    if (reader.too_long())
      throw InputError(source, number, "line longer than " + std::to_string(reader.max_length()) + " bytes");
    const auto words = tokens(*line, source, number);
    if (words.empty() || words.front().front() == '|') continue;  // blank or comment
    if (!have_items) {
      read_items(words, result.problem, source, number);
      have_items = true;
      continue;
    }
    try {
      for (std::string_view word : words)
        if (word == "|") throw ProblemError("'|' belongs only in the item line");
      uses = result.problem.uses_of(words);
      if (std::none_of(uses.begin(), uses.end(),
                       [&](const ItemUse& u) { return result.problem.is_primary(u.item); })) {
        std::sort(uses.begin(), uses.end(),
                  [](const ItemUse& a, const ItemUse& b) { return a.item < b.item; });
        const auto twice = std::adjacent_find(
            uses.begin(), uses.end(), [](const ItemUse& a, const ItemUse& b) { return a.item == b.item; });
        if (twice != uses.end())
          throw ProblemError("item '" + result.problem.item_name(twice->item) +
                             "' appears twice in one option");
        result.warnings.push_back(std::string(source) + ":" + std::to_string(number) +
                                  ": warning: option has no primary item and is skipped");
        continue;
      }
      result.problem.add_option(uses);
      result.option_lines.push_back(number);
    } catch (const ProblemError& e) {
      throw InputError(source, number, e.what());
    }
  }
  if (reader.read_error()) throw InputError(source, 0, "cannot read file: " + *reader.read_error());
  if (!have_items) throw InputError(source, reader.line_number() + 1, "no item line: the input has no items");
  return result;
}

void write_knuth(std::ostream& out, const Problem& problem) {
  bool first = true;
  for (ItemId item = 0; item < problem.item_count(); ++item) {
    if (!problem.is_primary(item)) continue;
    out << (first ? "" : " ") << problem.item_name(item);
    first = false;
  }
  if (problem.primary_count() < problem.item_count()) {
    out << " |";
    for (ItemId item = 0; item < problem.item_count(); ++item)
      if (!problem.is_primary(item)) out << ' ' << problem.item_name(item);
  }
  out << '\n';
  for (OptionId option = 0; option < problem.option_count(); ++option)
    out << problem.option_text(option) << '\n';
}

}  // namespace dlx
