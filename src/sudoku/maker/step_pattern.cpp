#include "sudoku/maker/step_pattern.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace sudoku {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// The digits at text[at...] and the position after them ("" when there are none).
std::string_view digits_at(std::string_view text, std::size_t& at) {
  const std::size_t from = at;
  while (at < text.size() && is_digit(text[at])) ++at;
  return text.substr(from, at - from);
}

// The numbers a name gives, counting from 1: each digit on its own up to 9x9, where "r12c3" is HoDoKu's rows
// 1 and 2 of column 3; the whole number above.
std::vector<int> numbers(std::string_view digits, int n) {
  std::vector<int> out;
  if (n <= 9) {
    for (const char c : digits) out.push_back(c - '0');
  } else if (digits.size() <= 3) {
    out.push_back(std::stoi(std::string(digits)));
  }
  return out;
}

// Every cell the text names, rXcY: f(cell, what follows the name).
template <class F>
void named_cells(std::string_view text, int n, F&& f) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != 'r' || (i > 0 && is_letter(text[i - 1]))) continue;
    std::size_t at = i + 1;
    const std::string_view rows = digits_at(text, at);
    if (rows.empty() || at >= text.size() || text[at] != 'c') continue;
    ++at;
    const std::string_view columns = digits_at(text, at);
    if (columns.empty()) continue;
    for (const int r : numbers(rows, n))
      for (const int c : numbers(columns, n))
        if (r >= 1 && r <= n && c >= 1 && c <= n) f((r - 1) * n + c - 1, text.substr(at));
    i = at - 1;
  }
}

// Every house the text names: by its name ("row 3", "box 2", "diagonal 1") or in a list ("rows 2 and 8",
// "columns 1, 5 and 9", "boxes 1 and 2").
std::vector<int> named_houses(std::string_view text, const Houses& houses) {
  const int n = houses.side();
  std::vector<int> out;
  const auto whole_at = [&](std::size_t at, std::size_t length) {
    return (at == 0 || (!is_letter(text[at - 1]) && !is_digit(text[at - 1]))) &&
           (at + length >= text.size() || !is_digit(text[at + length]));
  };
  for (int h = 0; h < houses.count(); ++h) {
    const std::string name = houses.name(h);
    for (std::size_t at = text.find(name); at != std::string_view::npos; at = text.find(name, at + 1))
      if (whole_at(at, name.size())) {
        out.push_back(h);
        break;
      }
  }
  static constexpr std::string_view kLists[] = {"rows ", "columns ", "boxes ", "regions "};
  for (int kind = 0; kind < 4; ++kind) {
    const std::string_view word = kLists[kind];
    for (std::size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
      if (at > 0 && is_letter(text[at - 1])) continue;
      std::size_t next = at + word.size();
      for (;;) {
        const std::string_view number = digits_at(text, next);
        if (number.empty() || number.size() > 3) break;
        const int k = std::stoi(std::string(number));
        if (k >= 1 && k <= n) out.push_back((kind < 2 ? kind : 2) * n + k - 1);
        if (text.substr(next).starts_with(", ")) {
          next += 2;
        } else if (text.substr(next).starts_with(" and ")) {
          next += 5;
        } else {
          break;
        }
      }
    }
  }
  return out;
}

// The digits a pattern told by its houses is of: the numbers just before its first " in " ("Pointing 2 in box
// 5", "X-Wing on 7 in rows 2 and 8", "each place of 7 in box 3", "Hidden Pair 4,7 in row 2"); 0 when the text
// names none there (the step's own digits are then the pattern's).
Mask pattern_digits(std::string_view text, int n) {
  const std::size_t in = text.find(" in ");
  if (in == std::string_view::npos) return 0;
  std::size_t from = in;
  while (from > 0 && (is_digit(text[from - 1]) || text[from - 1] == ',')) --from;
  if (from > 0 && text[from - 1] != ' ') return 0;
  Mask digits = 0;
  for (std::size_t at = from; at < in;) {
    const std::string_view number = digits_at(text, at);
    if (number.empty() || number.size() > 2) return 0;
    const int d = std::stoi(std::string(number));
    if (d < 1 || d > n) return 0;
    digits |= digit_bit(d);
    if (at < in && text[at] == ',') ++at;
  }
  return digits;
}

}  // namespace

std::vector<int> step_pattern_cells(const logic::GradedStep& step, const logic::Board& after) {
  const Houses& houses = after.houses();
  const int n = houses.side();
  const auto cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
  // The pattern is told before the conclusions: "X-Wing on 7 in rows 2 and 8: r5c3<>7".
  std::string_view text = step.text, conclusions;
  if (const std::size_t colon = text.find(": "); colon != std::string_view::npos) {
    conclusions = text.substr(colon);
    text = text.substr(0, colon);
  }
  std::vector<bool> in(cells, false);
  named_cells(text, n, [&](int cell, std::string_view) { in[static_cast<std::size_t>(cell)] = true; });
  // A pattern told by its cells is those ("Naked Pair 1,2 in box 3 (r1c1,r1c2)"); one told by its houses
  // alone ("Pointing 7 in box 1 on row 2", "X-Wing on 7 in rows 2 and 8") is what keeps the step's digits there.
  bool by_houses = true;
  for (std::size_t c = 0; c < cells && by_houses; ++c) by_houses = !in[c];
  std::vector<Mask> removed(cells, 0);
  Mask digits = 0;
  for (const logic::Candidate& e : step.eliminations) {
    removed[static_cast<std::size_t>(e.cell)] |= digit_bit(e.digit);
    digits |= digit_bit(e.digit);
  }
  // A direct technique's text tells eliminations it leaves to its placement ("Pointing 7 in box 7 on column 2:
  // r1c2<>7; r1c3=7 in box 1"): those cells are no part of the pattern either.
  named_cells(conclusions, n, [&](int cell, std::string_view next) {
    if (!next.starts_with("<>")) return;
    std::size_t at = 2;
    const std::string_view digit = digits_at(next, at);
    if (!digit.empty() && digit.size() <= 2) {
      const int d = std::stoi(std::string(digit));
      if (d >= 1 && d <= n) removed[static_cast<std::size_t>(cell)] |= digit_bit(d);
    }
  });
  std::vector<bool> placed(cells, false);
  for (const logic::Candidate& p : step.placements) {
    placed[static_cast<std::size_t>(p.cell)] = in[static_cast<std::size_t>(p.cell)] = true;
    digits |= digit_bit(p.digit);
  }
  if (const Mask told = by_houses ? pattern_digits(text, n) : 0; told != 0) digits = told;
  for (const int h : by_houses ? named_houses(text, houses) : std::vector<int>{})
    for (const int cell : houses.cells(h)) {
      const auto c = static_cast<std::size_t>(cell);
      // A cell solved before the step is no part of it; one that keeps a digit of the step is.
      if (after.value(cell) != 0 && !placed[c]) continue;
      if ((after.candidates(cell) & digits & ~removed[c]) != 0) in[c] = true;
    }
  std::vector<int> out;
  for (std::size_t c = 0; c < cells; ++c)
    if (in[c]) out.push_back(static_cast<int>(c));
  return out;
}

}  // namespace sudoku
