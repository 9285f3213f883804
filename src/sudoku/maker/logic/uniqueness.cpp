#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "sudoku/maker/logic/combinations.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {

namespace {

// Calls f(ur) for every rectangle of open cells in two rows, two columns and two boxes (each box holding a side,
// not a diagonal) whose cells all hold digits `pair`, one of them with those two alone.
template <class F>
void for_each_rectangle(const Board& board, F&& f) {
  const Houses& houses = board.houses();
  const int n = board.side();
  const auto box_of = [&](int cell) {
    for (const int h : houses.of(cell))
      if (houses.kind(h) == HouseKind::box) return h;
    return -1;
  };
  for (int r1 = 0; r1 < n; ++r1)
    for (int r2 = r1 + 1; r2 < n; ++r2)
      for (int c1 = 0; c1 < n; ++c1)
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const std::array<int, 4> cells = {r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2};
          bool open = true;
          for (const int c : cells) open = open && board.open(c);
          if (!open) continue;
          std::array<int, 4> boxes = {box_of(cells[0]), box_of(cells[1]), box_of(cells[2]), box_of(cells[3])};
          if (boxes[0] < 0) continue;
          const bool rows = boxes[0] == boxes[1] && boxes[2] == boxes[3] && boxes[0] != boxes[2];
          const bool cols = boxes[0] == boxes[2] && boxes[1] == boxes[3] && boxes[0] != boxes[1];
          if (!rows && !cols) continue;
          Mask common = board.candidates(cells[0]);
          for (const int c : cells) common &= board.candidates(c);
          for (const int c : cells) {
            const Mask pair = board.candidates(c);
            if (std::popcount(pair) == 2 && (common & pair) == pair) {
              f(cells, pair);
              break;
            }
          }
        }
}

// The houses holding both cells.
std::vector<int> shared_houses(const Houses& houses, int a, int b) {
  std::vector<int> result;
  for (const int h : houses.of(a))
    if (houses.has(b, h)) result.push_back(h);
  return result;
}

}  // namespace

// A rectangle of two rows, two columns and two boxes whose cells all hold digits {a,b}: were they only a and
// b, the two could swap and the puzzle would have two solutions, so the extra candidates are needed.
// Type 1: one cell has extras, so a and b go from it. Type 2: the cells with extras have one extra digit x
// between them, so x goes from every cell seeing them all. With two cells with extras: type 3, their extras
// act as one cell of a naked subset of their house (4.5 + 0.1 a cell); type 4, a or b is confined to them in
// a house they share, so the other goes from both. SE rates them all 4.5 and up and takes the lowest, then the
// lowest type.
bool unique_rectangle(const Board& board, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  if (houses.count() != 3 * n) return false;  // an extra region may hold both digits of a corner pair
  bool found = false;
  int found_type = 0;
  const auto offer = [&](int type, double rating, const std::array<int, 4>& cells,
                         std::vector<Candidate> elims) {
    if (elims.empty()) return;
    if (found && (rating > step.rating + 1e-9 || (rating > step.rating - 1e-9 && type >= found_type))) return;
    found = true;
    found_type = type;
    step.technique = "Unique Rectangle type " + std::to_string(type);
    step.rating = rating;
    step.eliminations = std::move(elims);
    step.text = step.technique + " on " + cell_text(cells[0], n) + "," + cell_text(cells[1], n) + "," +
                cell_text(cells[2], n) + "," + cell_text(cells[3], n) + ": " +
                eliminations_text(step.eliminations, n);
  };
  for_each_rectangle(board, [&](const std::array<int, 4>& cells, Mask pair) {
    std::vector<int> extra;
    Mask extras = 0;
    for (const int c : cells)
      if (board.candidates(c) != pair) {
        extra.push_back(c);
        extras |= board.candidates(c) & ~pair;
      }
    const auto in_rectangle = [&](int c) { return std::find(cells.begin(), cells.end(), c) != cells.end(); };
    if (extra.size() == 1) {
      std::vector<Candidate> elims;
      for (Mask m = pair; m != 0; m &= m - 1) elims.push_back({extra[0], std::countr_zero(m) + 1});
      offer(1, 4.5, cells, elims);
      return;
    }
    if (std::popcount(extras) == 1) {
      const int x = std::countr_zero(extras) + 1;
      std::vector<Candidate> elims;
      for (int c = 0; c < board.cells(); ++c) {
        if (!board.has(c, x) || in_rectangle(c)) continue;
        bool all = true;
        for (const int e : extra) all = all && board.sees(c, e);
        if (all) elims.push_back({c, x});
      }
      offer(2, 4.5, cells, elims);
    }
    if (extra.size() != 2) return;
    for (const int h : shared_houses(houses, extra[0], extra[1])) {
      // Type 4: a digit of the pair confined to the two cells in h.
      for (Mask m = pair; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        bool confined = true;
        for (const int c : houses.cells(h))
          confined = confined && (c == extra[0] || c == extra[1] || !board.has(c, d));
        if (!confined) continue;
        const int other = std::countr_zero(pair & ~digit_bit(d)) + 1;
        offer(4, 4.5, cells, {{extra[0], other}, {extra[1], other}});
      }
      // Type 3: the extras as one cell of a naked subset of h with 1 to 3 other cells.
      if (std::popcount(extras) < 2) continue;
      std::vector<int> others;
      for (const int c : houses.cells(h))
        if (board.open(c) && !in_rectangle(c) && std::popcount(board.candidates(c)) >= 2) others.push_back(c);
      for (int size = 1; size <= 3; ++size)
        for_each_subset(static_cast<int>(others.size()), size, [&](const std::array<int, 4>& idx) {
          Mask digits = extras;
          for (int i = 0; i < size; ++i)
            digits |= board.candidates(others[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])]);
          if (std::popcount(digits) != size + 1) return false;
          std::vector<Candidate> elims;
          for (const int c : houses.cells(h)) {
            if (!board.open(c) || c == extra[0] || c == extra[1]) continue;
            bool member = false;
            for (int i = 0; i < size; ++i)
              member = member || others[static_cast<std::size_t>(idx[static_cast<std::size_t>(i)])] == c;
            if (member) continue;
            for (Mask m = digits; m != 0; m &= m - 1)
              if (board.has(c, std::countr_zero(m) + 1)) elims.push_back({c, std::countr_zero(m) + 1});
          }
          offer(3, 4.5 + 0.1 * size, cells, elims);
          return false;
        });
    }
  });
  return found;
}

// Every open cell bivalue but one, which has three: a grid of bivalue cells only would have two solutions, so
// the digit that appears three times in that cell's houses goes there.
bool bug_plus_one(const Board& board, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  if (houses.count() != 3 * n) return false;
  int odd = -1;
  for (int c = 0; c < board.cells(); ++c) {
    if (!board.open(c)) continue;
    const int k = std::popcount(board.candidates(c));
    if (k == 2) continue;
    if (k != 3 || odd >= 0) return false;
    odd = c;
  }
  if (odd < 0) return false;
  for (Mask m = board.candidates(odd); m != 0; m &= m - 1) {
    const int d = std::countr_zero(m) + 1;
    bool three = true;
    for (const int h : houses.of(odd))
      if (houses.kind(h) != HouseKind::extra) three = three && std::popcount(board.positions(h, d)) == 3;
    if (!three) continue;
    step.technique = "Bivalue Universal Grave";
    step.rating = 5.6;
    step.placements = {{odd, d}};
    step.text = "BUG+1: " + cell_text(odd, n) + "=" + digit_text(d);
    return true;
  }
  return false;
}

}  // namespace sudoku::logic
