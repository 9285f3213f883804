#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {

namespace {

// SE's house kinds in the order it walks them: box, row, column.
constexpr int kKinds = 3;

// The cell's house of kind k (0 box, 1 row, 2 column); Houses::of lists row, column, box.
int house_of(const Houses& houses, int cell, int k) {
  const int n = houses.side();
  return k == 0 ? houses.of(cell)[2] : k == 1 ? cell / n : n + cell % n;
}

int lowest(Mask m) {
  return std::countr_zero(m) + 1;
}

// Calls f(mask) for every k-subset of 0..count-1 as a bit mask, in colexicographic order (ascending masks, the
// order SE's Permutations walks), k = 0 giving the empty set once.
template <class F>
void for_each_combination(int count, int k, F&& f) {
  if (k > count || count > 63) return;
  if (k == 0) {
    f(Mask{0});
    return;
  }
  const Mask limit = Mask{1} << count;
  for (Mask v = (Mask{1} << k) - 1; v < limit;) {
    f(v);
    const Mask low = v & (~v + 1);
    const Mask ripple = v + low;
    v = (((ripple ^ v) >> 2) / low) | ripple;
  }
}

void add_digits(std::vector<Candidate>& out, int cell, Mask digits) {
  for (Mask m = digits; m != 0; m &= m - 1) out.push_back({cell, lowest(m)});
}

// The closed loops of cells holding both digits of `pair` that start at a bivalue cell, found as SE walks them:
// depth first, each link a house of another kind than the link before (box, row, column in turn, the house's
// cells in order), at most two cells with extra digits unless every extra is the same one digit. A loop is kept
// when every house it enters holds two of its cells, one at an even and one at an odd place: the loop's
// digits could then alternate either way, so at least one extra candidate must be true (a deadly pattern).
class LoopFinder {
 public:
  explicit LoopFinder(const Board& board)
      : board_(board),
        houses_(board.houses()),
        parity_(static_cast<std::size_t>(houses_.count()), 0),
        in_path_(static_cast<std::size_t>(board.cells()), 0) {}

  std::vector<std::vector<int>> loops(int start, Mask pair) {
    pair_ = pair;
    found_.clear();
    extend(start, 2, 0, -1);
    return std::move(found_);
  }

 private:
  // The houses of `cell` already holding a path cell at the parity `parity`: a loop through both is not one.
  bool clashes(int cell, int parity) const {
    for (int k = 0; k < kKinds; ++k)
      if (parity_[static_cast<std::size_t>(house_of(houses_, cell, k))] & (1u << parity)) return true;
    return false;
  }

  void mark(int cell, int parity, bool on) {
    for (int k = 0; k < kKinds; ++k) {
      std::uint8_t& p = parity_[static_cast<std::size_t>(house_of(houses_, cell, k))];
      p = static_cast<std::uint8_t>(on ? p | (1u << parity) : p & ~(1u << parity));
    }
    in_path_[static_cast<std::size_t>(cell)] = on ? 1 : 0;
  }

  bool closed() const {
    for (const int c : path_)
      for (int k = 0; k < kKinds; ++k)
        if (parity_[static_cast<std::size_t>(house_of(houses_, c, k))] != 3) return false;
    return true;
  }

  // Paths whose cells share a house at the same parity can only close into invalid loops, so they stop early;
  // the valid loops still come in SE's order.
  void extend(int cell, int allowed, Mask extras, int last_kind) {
    const int parity = static_cast<int>(path_.size() % 2);
    path_.push_back(cell);
    mark(cell, parity, true);
    const int next_parity = static_cast<int>(path_.size() % 2);
    for (int k = 0; k < kKinds; ++k) {
      if (k == last_kind) continue;
      for (const int next : houses_.cells(house_of(houses_, cell, k))) {
        if (next == path_[0] && path_.size() >= 4) {
          if (closed()) found_.push_back(path_);
          continue;
        }
        if (in_path_[static_cast<std::size_t>(next)] || !board_.open(next)) continue;
        const Mask cand = board_.candidates(next);
        if ((cand & pair_) != pair_) continue;
        const Mask more = extras | (cand & ~pair_);
        const bool bivalue = std::popcount(cand) == 2;
        if (!bivalue && std::popcount(more) != 1 && allowed <= 0) continue;
        if (clashes(next, next_parity)) continue;
        extend(next, bivalue ? allowed : allowed - 1, more, k);
      }
    }
    mark(cell, parity, false);
    path_.pop_back();
  }

  const Board& board_;
  const Houses& houses_;
  Mask pair_ = 0;
  std::vector<int> path_;
  std::vector<std::uint8_t> parity_;  // by house: bit 0 an even path cell in it, bit 1 an odd one
  std::vector<std::uint8_t> in_path_;
  std::vector<std::vector<int>> found_;
};

// The best unique loop step so far: SE sorts them by rating, then type, and takes the first found among equals.
// Ratings are summed as SE sums them, so that ties and near-ties order the same way.
struct LoopStep {
  bool found = false;
  double rating = 0;
  int type = 0;
  std::vector<int> loop;
  std::vector<Candidate> eliminations;

  void offer(double r, int t, const std::vector<int>& cells, std::vector<Candidate>&& elims) {
    if (elims.empty()) return;
    if (found && (r > rating || (r == rating && t >= type))) return;
    found = true;
    rating = r;
    type = t;
    loop = cells;
    eliminations = std::move(elims);
  }
};

// SE's rating of a unique rectangle (4 cells) or loop: 4.5, 4.6 for 6 cells, 4.7 for 8, 5.0 from 10.
double loop_rating(std::size_t size) {
  double r = 4.5;
  if (size >= 10) r += 0.3;
  if (size >= 8)
    r += 0.2;
  else if (size >= 6)
    r += 0.1;
  return r;
}

// Type 3: the two extra cells c1 and c2 hold at most one of the loop's digits between them. As one cell with
// their extra digits they make a naked set with other cells of a house they share; or, holding one of the
// loop's digits, a hidden set of the loop's digits and others with cells of that house.
void type3(const Board& board, const std::vector<int>& loop, int c1, int c2, Mask pair, LoopStep& best) {
  const Houses& houses = board.houses();
  const int n = board.side();
  const double base = loop_rating(loop.size());
  const Mask extra = (board.candidates(c1) | board.candidates(c2)) & ~pair;
  const Mask common_extra = extra & board.candidates(c1) & board.candidates(c2);
  for (int degree = 2; degree <= std::min(7, n - 2); ++degree)
    for (int k = 0; k < kKinds; ++k) {
      const int h = house_of(houses, c1, k);
      if (h != house_of(houses, c2, k)) continue;
      const std::vector<int>& cells = houses.cells(h);
      const int size = static_cast<int>(cells.size());
      int empty = 0, at1 = -1, at2 = -1;
      for (int i = 0; i < size; ++i) {
        const int c = cells[static_cast<std::size_t>(i)];
        empty += board.open(c) ? 1 : 0;
        at1 = c == c1 ? i : at1;
        at2 = c == c2 ? i : at2;
      }
      if (degree * 2 <= empty && degree >= std::popcount(extra))
        for_each_combination(size, degree, [&](Mask set) {
          if (!(set & (Mask{1} << at1)) || (set & (Mask{1} << at2))) return;
          Mask others = 0;
          bool wide = true;
          for (Mask m = set & ~(Mask{1} << at1); m != 0; m &= m - 1) {
            const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
            const Mask cand = board.open(c) ? board.candidates(c) : 0;
            wide = wide && std::popcount(cand) > 1;
            others |= cand;
          }
          if (std::popcount(common_extra | others) != degree || !wide) return;
          const Mask digits = extra | others;
          if (std::popcount(digits) != degree) return;
          std::vector<Candidate> elims;
          for (int i = 0; i < size; ++i) {
            const int c = cells[static_cast<std::size_t>(i)];
            if ((set & (Mask{1} << i)) || c == c2 || !board.open(c)) continue;
            add_digits(elims, c, board.candidates(c) & digits);
          }
          best.offer(base + (degree - 1) * 0.1, 3, loop, std::move(elims));
        });
      if (degree * 2 < empty) {
        std::vector<int> rest;
        for (int d = 1; d <= n; ++d)
          if (!(digit_bit(d) & (pair | extra))) rest.push_back(d);
        for_each_combination(static_cast<int>(rest.size()), degree - 2, [&](Mask chosen) {
          Mask hidden = pair;
          for (Mask m = chosen; m != 0; m &= m - 1)
            hidden |= digit_bit(rest[static_cast<std::size_t>(std::countr_zero(m))]);
          Mask places = 0;
          for (Mask m = hidden; m != 0; m &= m - 1) {
            const Mask p = board.positions(h, lowest(m)) & ~(Mask{1} << at2);
            if (p == 0) return;
            places |= p;
          }
          if (std::popcount(places) != degree) return;
          const Mask inner = places & ~(Mask{1} << at1);
          std::vector<Candidate> elims;
          for (Mask m = inner; m != 0; m &= m - 1) {
            const int c = cells[static_cast<std::size_t>(std::countr_zero(m))];
            add_digits(elims, c, board.candidates(c) & ~hidden);
          }
          const double add = (static_cast<double>(std::popcount(inner)) - 1) * 0.1;
          best.offer(base + add, 3, loop, std::move(elims));
        });
      }
    }
}

// The steps of one loop, as SE derives them from its cells with extra digits.
void loop_steps(const Board& board, const std::vector<int>& loop, Mask pair, LoopStep& best) {
  const Houses& houses = board.houses();
  const double rating = loop_rating(loop.size());
  std::vector<int> extra;
  Mask extras = 0;
  for (const int c : loop)
    if (std::popcount(board.candidates(c)) > 2) {
      extra.push_back(c);
      extras |= board.candidates(c) & ~pair;
    }
  if (extra.empty()) return;  // two solutions: not for this technique to say
  if (extra.size() == 1) {
    std::vector<Candidate> elims;
    add_digits(elims, extra[0], pair);
    best.offer(rating, 1, loop, std::move(elims));
    return;
  }
  // Type 2: the extras are one digit x, which one of the extra cells holds: x goes from every cell seeing them.
  if (std::popcount(extras) == 1 || extra.size() > 2) {
    const int x = lowest(board.candidates(extra[0]) & ~pair);
    std::vector<Candidate> elims;
    for (int c = 0; c < board.cells(); ++c) {
      if (!board.has(c, x) || std::find(extra.begin(), extra.end(), c) != extra.end()) continue;
      if (std::all_of(extra.begin(), extra.end(), [&](int e) { return board.sees(c, e); }))
        elims.push_back({c, x});
    }
    best.offer(rating, 2, loop, std::move(elims));
    if (extra.size() > 2) return;
  } else {
    type3(board, loop, extra[0], extra[1], pair, best);
  }
  // Type 4: one loop digit has no other place in a house of both extra cells, so the other digit goes from them.
  const int c1 = extra[0], c2 = extra[1];
  const Mask first = pair & (~pair + 1);
  bool first_locked = false, second_locked = false;
  for (int k = 0; k < kKinds; ++k) {
    const int h = house_of(houses, c1, k);
    if (h != house_of(houses, c2, k)) continue;
    Mask elsewhere = 0;
    for (const int c : houses.cells(h))
      if (c != c1 && c != c2 && board.open(c)) elsewhere |= board.candidates(c);
    first_locked = first_locked || !(elsewhere & first);
    second_locked = second_locked || !(elsewhere & pair & ~first);
  }
  if (!first_locked && !second_locked) return;
  // SE prefers the lower digit locked, taking the higher from the two cells.
  const int other = lowest(first_locked ? pair & ~first : first);
  best.offer(rating, 4, loop, {{c1, other}, {c2, other}});
}

}  // namespace

// SE's Unique Rectangles and Loops (types 1 to 4). In a loop of cells holding digits {a,b}, every house it
// enters holding two of its cells, the two digits could swap and the puzzle would have two solutions, so the
// extra candidates are needed. Type 1: one cell has extras, so a and b go from it. Type 2: the extras are one
// digit. Type 3: the two extra cells as one cell of a naked or hidden set of a house they share. Type 4: a or b
// is confined to the two extra cells in a house they share, so the other goes from both.
bool unique_loops(const Board& board, GradedStep& step) {
  const Houses& houses = board.houses();
  const int n = board.side();
  if (houses.count() != 3 * n) return false;  // an extra region may hold both digits of a loop's pair
  LoopFinder finder(board);
  LoopStep best;
  for (int start = 0; start < board.cells(); ++start) {
    if (!board.open(start) || std::popcount(board.candidates(start)) != 2) continue;
    const Mask pair = board.candidates(start);
    for (const std::vector<int>& loop : finder.loops(start, pair)) loop_steps(board, loop, pair, best);
  }
  if (!best.found) return false;
  std::vector<int> cells = best.loop;
  std::sort(cells.begin(), cells.end());
  const std::string shape =
      cells.size() == 4 ? "Rectangle" : "Loop " + std::to_string(static_cast<int>(cells.size()));
  step.technique = "Unique " + shape + " type " + std::to_string(best.type);
  step.rating = best.rating;
  step.eliminations = std::move(best.eliminations);
  step.text = step.technique + " on ";
  for (std::size_t i = 0; i < cells.size(); ++i) step.text += (i ? "," : "") + cell_text(cells[i], n);
  step.text += ": " + eliminations_text(step.eliminations, n);
  return true;
}

namespace {

// The bug candidates of a board as SE finds them, and the cells seeing every bug cell.
class BugCells {
 public:
  explicit BugCells(const Board& board)
      : bug_digits(static_cast<std::size_t>(board.cells()), 0),
        board_(board),
        rest_(static_cast<std::size_t>(board.cells()), 0),
        extra_cells_(static_cast<std::size_t>(board.cells()), 0) {
    for (int c = 0; c < board.cells(); ++c) rest_[static_cast<std::size_t>(c)] = cand(c);
  }

  Mask cand(int c) const { return board_.open(c) ? board_.candidates(c) : Mask{0}; }

  // Walks the houses kind by kind (box, row, column): a digit with neither 0 nor 2 places in a house is a bug
  // digit of the one cell of three candidates or more among them. With one bug digit throughout, every such
  // wide cell is a bug cell. False when there is no BUG.
  bool find() {
    const Houses& houses = board_.houses();
    const int n = board_.side();
    for (int k = 0; k < kKinds; ++k)
      for (int i = 0; i < n; ++i)
        for (int d = 1; d <= n; ++d)
          if (!house_digit(k == 0 ? 2 * n + i : k == 1 ? i : n + i, d)) return false;
    if (one_digit_ && any_extra_ &&
        std::count(extra_cells_.begin(), extra_cells_.end(), 1) > static_cast<std::ptrdiff_t>(bug.size()))
      for (int c = 0; c < board_.cells(); ++c) {
        if (!extra_cells_[static_cast<std::size_t>(c)] || is_bug(c)) continue;
        bug.push_back(c);
        bug_digits[static_cast<std::size_t>(c)] = digit_bit(only_digit_);
        rest_[static_cast<std::size_t>(c)] &= ~digit_bit(only_digit_);
        if (!narrow(c)) return false;
      }
    if (bug.empty() || !rest_is_grave(houses)) return false;
    for (int c = 0; c < static_cast<int>(common_.size()); ++c)
      if (common_[static_cast<std::size_t>(c)]) seen.push_back(c);
    return true;
  }

  std::vector<int> bug;          // the bug cells, in the order found
  std::vector<Mask> bug_digits;  // by cell
  Mask all_bug = 0;
  std::vector<int> seen;  // the cells seeing every bug cell, bug cells left out, ascending

 private:
  bool is_bug(int c) const { return std::find(bug.begin(), bug.end(), c) != bug.end(); }

  // House h's places of d; false when they rule a BUG out.
  bool house_digit(int h, int d) {
    const Mask places = board_.positions(h, d);
    if (std::popcount(places) == 0 || std::popcount(places) == 2) return true;
    std::vector<int> wide;
    for (Mask m = places; m != 0; m &= m - 1) {
      const int c = board_.houses().cells(h)[static_cast<std::size_t>(std::countr_zero(m))];
      if (std::popcount(cand(c)) >= 3) wide.push_back(c);
    }
    if (!any_extra_) {
      any_extra_ = true;
      only_digit_ = d;
      for (const int c : wide) extra_cells_[static_cast<std::size_t>(c)] = 1;
    } else if (one_digit_) {
      if (only_digit_ == d)
        for (const int c : wide) extra_cells_[static_cast<std::size_t>(c)] = 1;
      else
        one_digit_ = false;
    }
    if (wide.size() == 1) {
      const int c = wide[0];
      if (!is_bug(c)) bug.push_back(c);
      bug_digits[static_cast<std::size_t>(c)] |= digit_bit(d);
      all_bug |= digit_bit(d);
      rest_[static_cast<std::size_t>(c)] &= ~digit_bit(d);
      if (!narrow(c)) return false;
    }
    return !wide.empty();  // a digit with 3 places among bivalue cells: no BUG
  }

  // Adds a bug cell's sight to common_; false when two bug cells with two bug digits see no cell in common.
  bool narrow(int cell) {
    const int cells = board_.cells();
    if (common_.empty()) {
      common_.assign(static_cast<std::size_t>(cells), 0);
      for (int c = 0; c < cells; ++c) common_[static_cast<std::size_t>(c)] = board_.sees(cell, c) ? 1 : 0;
    } else {
      for (int c = 0; c < cells; ++c)
        if (!board_.sees(cell, c)) common_[static_cast<std::size_t>(c)] = 0;
    }
    for (const int b : bug) common_[static_cast<std::size_t>(b)] = 0;
    const bool none = std::find(common_.begin(), common_.end(), 1) == common_.end();
    return !(bug.size() > 1 && std::popcount(all_bug) > 1 && none);
  }

  // Without the bug candidates every open cell is bivalue and every digit has 0 or 2 places in each house.
  bool rest_is_grave(const Houses& houses) const {
    const int n = board_.side();
    for (int c = 0; c < board_.cells(); ++c)
      if (board_.open(c) && std::popcount(rest_[static_cast<std::size_t>(c)]) != 2) return false;
    for (int h = 0; h < 3 * n; ++h)
      for (int d = 1; d <= n; ++d) {
        int places = 0;
        for (const int c : houses.cells(h))
          places += (rest_[static_cast<std::size_t>(c)] & digit_bit(d)) ? 1 : 0;
        if (places != 0 && places != 2) return false;
      }
    return true;
  }

  const Board& board_;
  std::vector<Mask> rest_;                 // by cell: its candidates but the bug ones
  std::vector<std::uint8_t> common_;       // cells seeing every bug cell, bug cells left out; empty: none yet
  std::vector<std::uint8_t> extra_cells_;  // the wide cells among the places of the only bug digit so far
  bool any_extra_ = false, one_digit_ = true;
  int only_digit_ = 0;
};

// Words a step of a type and rating with its eliminations.
using BugStep = Visitor<bool(int, double, std::vector<Candidate>&&)>;

// Type 4: two bug cells in one house sharing one other digit: each keeps that digit and its bug digits.
bool bug_type4(const Board& board, const BugCells& b, BugStep done) {
  const int c1 = b.bug[0], c2 = b.bug[1];
  const Mask shared = b.cand(c1) & b.cand(c2) & ~b.all_bug;
  if (std::popcount(shared) != 1) return false;
  for (int k = 0; k < kKinds; ++k)
    if (house_of(board.houses(), c1, k) == house_of(board.houses(), c2, k)) {
      std::vector<Candidate> elims;
      add_digits(elims, c1, b.cand(c1) & ~b.bug_digits[static_cast<std::size_t>(c1)] & ~shared);
      add_digits(elims, c2, b.cand(c2) & ~b.bug_digits[static_cast<std::size_t>(c2)] & ~shared);
      return done(4, 5.7, std::move(elims));
    }
  return false;
}

// Type 3: the bug digits, one of which is true in a bug cell, and degree-1 cells of a house of all bug cells
// seeing them hold `degree` digits: those digits go from the house's other cells seeing every bug cell.
bool bug_type3(const Board& board, const BugCells& b, BugStep done) {
  const Houses& houses = board.houses();
  for (int degree = 2; degree <= std::min(6, board.side() - 2); ++degree)
    for (int k = 0; k < kKinds; ++k) {
      const int h = house_of(houses, b.bug[0], k);
      bool shared = true;
      for (const int c : b.bug) shared = shared && house_of(houses, c, k) == h;
      if (!shared) continue;
      std::vector<int> region;
      for (const int c : b.seen)
        if (houses.has(c, h)) region.push_back(c);
      if (static_cast<int>(region.size()) < degree) continue;
      bool found = false;
      for_each_combination(static_cast<int>(region.size()), degree - 1, [&](Mask set) {
        if (found) return;
        Mask others = 0;
        bool wide = std::popcount(b.all_bug) > 1;
        for (Mask m = set; m != 0; m &= m - 1) {
          const Mask c = b.cand(region[static_cast<std::size_t>(std::countr_zero(m))]);
          wide = wide && std::popcount(c) > 1;
          others |= c;
        }
        if (std::popcount(others) != degree || !wide || std::popcount(others | b.all_bug) != degree) return;
        const Mask naked = others | b.all_bug;
        std::vector<Candidate> elims;
        for (std::size_t i = 0; i < region.size(); ++i)
          if (!(set & (Mask{1} << i))) add_digits(elims, region[i], b.cand(region[i]) & naked);
        if (elims.empty()) return;
        found = done(3, 5.7 + (std::popcount(naked) - 1) * 0.1, std::move(elims));
      });
      if (found) return true;
    }
  return false;
}

}  // namespace

// SE's Bivalue Universal Grave: were the bug candidates (a digit with neither 0 nor 2 places in a house, in
// the one cell of more than two candidates among those places) gone, every open cell would be bivalue and every
// digit would have two places in each house, a pattern with two solutions; so a bug candidate is true.
// Type 1 (5.6): one bug cell keeps only its bug digits. Type 2 (5.7): one bug digit goes from every cell seeing
// all bug cells. Type 3 (5.7 + 0.1 a cell): the bug digits act as one cell of a naked set. Type 4 (5.7): two
// bug cells in one house sharing one other digit: each keeps that digit and its bug digits.
bool bivalue_universal_grave(const Board& board, GradedStep& step) {
  const int n = board.side();
  if (board.houses().count() != 3 * n) return false;
  BugCells b(board);
  if (!b.find()) return false;
  std::string cells_text;
  for (std::size_t i = 0; i < b.bug.size(); ++i) cells_text += (i ? "," : "") + cell_text(b.bug[i], n);
  const auto done = [&](int type, double rating, std::vector<Candidate>&& elims) {
    step.technique = "BUG type " + std::to_string(type);
    step.rating = rating;
    step.eliminations = std::move(elims);
    step.text = step.technique + " on " + cells_text + ": " + eliminations_text(step.eliminations, n);
    return true;
  };
  if (b.bug.size() == 1) {
    std::vector<Candidate> elims;
    add_digits(elims, b.bug[0], b.cand(b.bug[0]) & ~b.all_bug);
    return done(1, 5.6, std::move(elims));
  }
  if (std::popcount(b.all_bug) == 1) {
    const int x = lowest(b.all_bug);
    std::vector<Candidate> elims;
    for (const int c : b.seen)
      if (board.has(c, x)) elims.push_back({c, x});
    if (!elims.empty()) return done(2, 5.7, std::move(elims));
    return b.bug.size() == 2 && bug_type4(board, b, done);
  }
  if (b.seen.empty()) return false;
  if (b.bug.size() == 2 && bug_type4(board, b, done)) return true;
  return bug_type3(board, b, done);
}

}  // namespace sudoku::logic
