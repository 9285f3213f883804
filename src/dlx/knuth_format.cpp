#include "dlx/knuth_format.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>

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

// A bound of Knuth's dlx3 syntax: a whole number from 0 to kMaxBound.
std::uint32_t parse_bound(std::string_view text, std::string_view token) {
  std::uint32_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || value > kMaxBound)
    throw ProblemError("bound '" + echo_text(text) + "' in '" + echo_text(token) +
                       "' is not a whole number from 0 to " + std::to_string(kMaxBound));
  return value;
}

// "name", "v|name" (exactly v times) or "u:v|name" (between u and v times): Knuth's dlx3 item syntax.
void add_item_token(std::string_view token, bool secondary, Problem& problem) {
  const auto bar = token.find('|');
  if (bar == std::string_view::npos) {
    if (secondary) {
      problem.add_secondary(token);
    } else {
      problem.add_primary(token);
    }
    return;
  }
  const std::string_view bounds = token.substr(0, bar), name = token.substr(bar + 1);
  if (secondary)
    throw ProblemError("secondary item '" + echo_text(name) + "' cannot have a multiplicity ('" +
                       echo_text(token) + "'): bounds belong to primary items");
  const auto colon = bounds.find(':');
  const std::uint32_t hi =
      parse_bound(colon == std::string_view::npos ? bounds : bounds.substr(colon + 1), token);
  const std::uint32_t lo = colon == std::string_view::npos ? hi : parse_bound(bounds.substr(0, colon), token);
  problem.add_primary(name, lo, hi);
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
    // A line that starts with such a name would be a comment: the item's options could not be read. The name
    // is what follows the bounds of "u:v|name" too, as the writer writes a name alone where its bounds are 1.
    const auto bar = name.find('|');
    if ((bar == std::string_view::npos ? name : name.substr(bar + 1)).starts_with("//"))
      throw InputError(source, line_number,
                       "item '" + echo_text(name) + "': a name cannot begin with '//' (a comment line)");
    try {
      add_item_token(name, secondary, problem);
    } catch (const ProblemError& e) {
      throw InputError(source, line_number, e.what());
    }
  }
  if (problem.item_count() == 0) throw InputError(source, line_number, "the item line names no items");
  if (problem.primary_count() == 0)
    throw InputError(source, line_number, "no primary items (the line starts with '|')");
}

// "|n": the cost n of an option, a whole number from 0 to kMaxCost.
std::uint64_t parse_cost(std::string_view token) {
  std::uint64_t value = 0;
  const std::string_view digits = token.substr(1);
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || value > kMaxCost)
    throw ProblemError("cost '" + echo_text(token) + "' is not '|' and a whole number from 0 to " +
                       std::to_string(kMaxCost));
  return value;
}

}  // namespace

KnuthInput read_knuth(std::istream& in, std::string_view source) {
  KnuthInput result;
  LineReader reader(in, kMaxKnuthLineLength);
  bool have_items = false;
  std::vector<ItemUse> uses;
  while (auto line = reader.next()) {
    const std::size_t number = reader.line_number();
    if (reader.too_long())
      throw InputError(source, number, "line longer than " + std::to_string(reader.max_length()) + " bytes");
    auto words = tokens(*line, source, number);
    // Blank, or a comment: Knuth's '|', or xcover's '//'.
    if (words.empty() || words.front().front() == '|' || words.front().starts_with("//")) continue;
    if (!have_items) {
      read_items(words, result.problem, source, number);
      have_items = true;
      continue;
    }
    try {
      // Knuth's dlx5: a token "|n" is a cost; several add up.
      std::uint64_t cost = 0;
      std::erase_if(words, [&](std::string_view word) {
        if (word.front() != '|') return false;
        if (word == "|") throw ProblemError("'|' belongs only in the item line (a cost is written '|n')");
        cost += parse_cost(word);
        if (cost > kMaxCost)
          throw ProblemError("the option's costs add up to more than " + std::to_string(kMaxCost));
        return true;
      });
      if (words.empty()) throw ProblemError("an option needs at least one item (it has only a cost)");
      uses = result.problem.uses_of(words);
      if (std::none_of(uses.begin(), uses.end(),
                       [&](const ItemUse& u) { return result.problem.is_primary(u.item); })) {
        std::sort(uses.begin(), uses.end(),
                  [](const ItemUse& a, const ItemUse& b) { return a.item < b.item; });
        const auto twice = std::adjacent_find(
            uses.begin(), uses.end(), [](const ItemUse& a, const ItemUse& b) { return a.item == b.item; });
        if (twice != uses.end())
          throw ProblemError("item '" + echo_text(result.problem.item_name(twice->item)) +
                             "' appears twice in one option");
        result.warnings.push_back(std::string(source) + ":" + std::to_string(number) +
                                  ": warning: option has no primary item and is skipped");
        continue;
      }
      result.problem.set_cost(result.problem.add_option(uses), cost);
      result.option_lines.push_back(number);
    } catch (const ProblemError& e) {
      throw InputError(source, number, e.what());
    }
  }
  if (reader.read_error()) throw InputError(source, 0, "cannot read file: " + *reader.read_error());
  if (!have_items) throw InputError(source, reader.line_number() + 1, "no item line: the input has no items");
  return result;
}

void write_knuth(const Problem& problem, std::ostream& out) {
  bool first = true;
  for (ItemId item = 0; item < problem.item_count(); ++item) {
    if (!problem.is_primary(item)) continue;
    out << (first ? "" : " ");
    first = false;
    if (const Bounds b = problem.bounds(item); b != Bounds{}) {
      if (b.lo != b.hi) out << b.lo << ':';
      out << b.hi << '|';
    }
    out << problem.item_name(item);
  }
  if (problem.primary_count() < problem.item_count()) {
    out << " |";
    for (ItemId item = 0; item < problem.item_count(); ++item)
      if (!problem.is_primary(item)) out << ' ' << problem.item_name(item);
  }
  out << '\n';
  for (OptionId option = 0; option < problem.option_count(); ++option) {
    out << problem.option_text(option);
    if (problem.cost(option) != 0) out << " |" << problem.cost(option);
    out << '\n';
  }
}

}  // namespace dlx
