#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

// A strong link of one digit: its places in `house` split into two groups, one of which holds the digit. A
// group is one cell, or (grouped) the places in one box of a line, or those in one line of a box.
// A link has at most 6 places, so its groups live in place (the search makes links at every step).
struct Group {
  std::array<int, 6> cells{};
  int size = 0;
  void push_back(int c) { cells[static_cast<std::size_t>(size++)] = c; }
  const int* begin() const { return cells.data(); }
  const int* end() const { return cells.data() + size; }
  int front() const { return cells[0]; }
  bool empty() const { return size == 0; }
  int operator[](int i) const { return cells[static_cast<std::size_t>(i)]; }
};

struct Link {
  int house = -1;
  Group ends[2];
  bool grouped = false;
};

int box_of(const Houses& houses, int cell) {
  for (const int h : houses.of(cell))
    if (houses.kind(h) == HouseKind::box) return h;
  return -1;
}

// SE's base ratings by the number of strong links (2 to 6).
constexpr double kBase[] = {0, 0, 4.0, 5.4, 5.8, 6.2, 6.6};

void links_of(const Board& board, int d, std::vector<Link>& links) {
  const Houses& houses = board.houses();
  links.clear();
  for (int h = 0; h < houses.count(); ++h) {
    if (!houses.full(h) || board.placed(h, d)) continue;
    const Mask where = board.positions(h, d);
    const int count = bit_count(where);
    if (count < 2 || count > 6) continue;
    Group places;
    for (Mask m = where; m != 0; m &= m - 1)
      places.push_back(houses.cells(h)[static_cast<std::size_t>(std::countr_zero(m))]);
    const HouseKind kind = houses.kind(h);
    if (count == 2) {
      // Two places in a box that share a line are that line's link.
      const bool aligned = places[0] / board.side() == places[1] / board.side() ||
                           places[0] % board.side() == places[1] % board.side();
      if (kind != HouseKind::box || !aligned) {
        Link link{h, {}, false};
        link.ends[0].push_back(places[0]);
        link.ends[1].push_back(places[1]);
        links.push_back(link);
      }
      continue;
    }
    // A line whose places lie in two boxes; a box whose places lie in one row and one column (crossing at a
    // "heart" cell, which joins either side).
    if (kind == HouseKind::row || kind == HouseKind::column) {
      Link link{h, {}, true};
      int boxes[2] = {-1, -1};
      bool two = true;
      for (const int p : places) {
        const int b = box_of(houses, p);
        const int side = b < 0           ? -1
                         : b == boxes[0] ? 0
                         : b == boxes[1] ? 1
                         : boxes[0] < 0  ? 0
                         : boxes[1] < 0  ? 1
                                         : -1;
        if (side < 0) {
          two = false;
          break;
        }
        boxes[side] = b;
        link.ends[side].push_back(p);
      }
      if (two && !link.ends[1].empty()) links.push_back(link);
      continue;
    }
    if (kind != HouseKind::box) continue;
    const int n = board.side();
    for (const int heart : houses.cells(h)) {
      const int r = heart / n, col = heart % n;
      Group row_side, col_side;
      bool cross = true, in_heart = false;
      for (const int p : places) {
        if (p == heart)
          in_heart = true;
        else if (p / n == r)
          row_side.push_back(p);
        else if (p % n == col)
          col_side.push_back(p);
        else
          cross = false;
      }
      if (!cross || row_side.empty() || col_side.empty()) continue;
      for (int side = 0; side < (in_heart ? 2 : 1); ++side) {
        Link link{h, {row_side, col_side}, true};
        if (in_heart) link.ends[side].push_back(heart);
        links.push_back(link);
      }
    }
  }
}

// The chain's rating once it has k links: a lower bound while it is being built, as links only add kinds.
double chain_rating(const Board& board, const std::vector<const Link*>& chain, int k) {
  const Houses& houses = board.houses();
  bool box = false, row = false, column = false, special = false;
  for (const Link* l : chain) {
    special = special || l->grouped;
    switch (houses.kind(l->house)) {
      case HouseKind::box:
        box = true;
        break;
      case HouseKind::row:
        row = true;
        break;
      case HouseKind::column:
        column = true;
        break;
      default:
        special = true;
    }
  }
  const double base = kBase[k];
  if (special) return base + 0.3;
  if (!box && !(row && column)) return base;
  return base + (box && row && column ? 0.2 : 0.1);
}

// The links of one digit as cell sets, and for each link end the full houses holding all of it, in the order
// SE tries a joining house (a column, then a row, then a box): the chains' search asks for the house joining
// two ends at every step.
struct LinkTable {
  std::size_t words;
  std::vector<Word> places;  // by link
  std::vector<Word> ends;    // by end (2 * link + side)
  // End e's column, row and box (-1 where the end is not in one) at lined[3 * e ..], in the order SE tries
  // them; its extra regions at extra[extra_begin[e] .. extra_begin[e + 1]).
  std::vector<int> lined;
  std::vector<int> extra;
  std::vector<std::size_t> extra_begin;
  struct Step {
    std::size_t end;  // the next link's entry
    int house;        // joining it
  };
  std::vector<Step> next;  // from end a: next[next_begin[a] .. next_begin[a + 1])
  std::vector<std::size_t> next_begin;
  // Each house's ends (those lying wholly in it): in_house[house_begin[h] .. house_begin[h + 1]).
  std::vector<std::size_t> in_house, house_begin, reach;

  explicit LinkTable(std::size_t w) : words(w) {}

  // The tables of one digit's links (the buffers are kept from digit to digit).
  void build(const Board& board, const CellSets& sets, const std::vector<Link>& links) {
    const std::size_t count = links.size();
    places.assign(count * words, 0);
    ends.assign(2 * count * words, 0);
    const Houses& houses = board.houses();
    lined.clear();
    extra.clear();
    extra_begin.assign(1, 0);
    for (std::size_t i = 0; i < count; ++i)
      for (int side = 0; side < 2; ++side) {
        const Group& cells = links[i].ends[side];
        Word* e = ends.data() + (2 * i + static_cast<std::size_t>(side)) * words;
        for (const int c : cells) {
          set_cell(places.data() + i * words, c);
          set_cell(e, c);
        }
        const std::size_t at = lined.size();
        lined.insert(lined.end(), 3, -1);
        for (const int h : houses.of(cells.front())) {
          bool all = houses.full(h);
          for (std::size_t w = 0; w < words && all; ++w) all = (e[w] & ~sets.house(h)[w]) == 0;
          if (!all) continue;
          switch (houses.kind(h)) {
            case HouseKind::column:
              lined[at] = h;
              break;
            case HouseKind::row:
              lined[at + 1] = h;
              break;
            case HouseKind::box:
              lined[at + 2] = h;
              break;
            default:
              extra.push_back(h);
          }
        }
        extra_begin.push_back(extra.size());
      }
    // The ends a chain may go on to from each end, in the search's order (links, then sides): those lying in
    // one of the end's houses.
    house_begin.assign(static_cast<std::size_t>(houses.count()) + 1, 0);
    for (std::size_t e = 0; e < 2 * count; ++e)
      for_each_house(e, [&](int h) { ++house_begin[static_cast<std::size_t>(h) + 1]; });
    for (std::size_t h = 0; h + 1 < house_begin.size(); ++h) house_begin[h + 1] += house_begin[h];
    in_house.resize(house_begin.back());
    reach.assign(house_begin.begin(), house_begin.end() - 1);  // each house's next free slot
    for (std::size_t e = 0; e < 2 * count; ++e)
      for_each_house(e, [&](int h) { in_house[reach[static_cast<std::size_t>(h)]++] = e; });
    next.clear();
    next_begin.assign(1, 0);
    for (std::size_t a = 0; a < 2 * count; ++a) {
      reach.clear();
      for_each_house(a, [&](int h) {
        reach.insert(
            reach.end(),
            in_house.begin() + static_cast<std::ptrdiff_t>(house_begin[static_cast<std::size_t>(h)]),
            in_house.begin() + static_cast<std::ptrdiff_t>(house_begin[static_cast<std::size_t>(h) + 1]));
      });
      std::sort(reach.begin(), reach.end());
      reach.erase(std::unique(reach.begin(), reach.end()), reach.end());
      for (const std::size_t b : reach) next.push_back({b, join(a, b)});
      next_begin.push_back(next.size());
    }
  }
  // Calls f(h) for each full house holding all of end e.
  template <class F>
  void for_each_house(std::size_t e, F&& f) const {
    for (std::size_t i = 0; i < 3; ++i)
      if (lined[3 * e + i] >= 0) f(lined[3 * e + i]);
    for (std::size_t i = extra_begin[e]; i < extra_begin[e + 1]; ++i) f(extra[i]);
  }
  const Word* end(std::size_t e) const { return ends.data() + e * words; }
  // The house holding both ends, or -1.
  int join(std::size_t a, std::size_t b) const {
    for (std::size_t i = 0; i < 3; ++i)
      if (lined[3 * a + i] >= 0 && lined[3 * a + i] == lined[3 * b + i]) return lined[3 * a + i];
    for (std::size_t i = extra_begin[a]; i < extra_begin[a + 1]; ++i)
      for (std::size_t j = extra_begin[b]; j < extra_begin[b + 1]; ++j)
        if (extra[i] == extra[j]) return extra[i];
    return -1;
  }
};

// One board's links and their tables, digit by digit, kept per thread across strong_links(board, 2 / 3 / 4):
// the engine asks the three in turn on the same board, and neither depends on the number of links.
class LinkCache {
 public:
  struct Digit {
    std::vector<Link> links;
    LinkTable table{0};
    bool built = false;  // table holds links' tables
  };
  // The digits' entries (from digit 1) for `board`: those kept, when they are this board's.
  std::vector<Digit>& of(const Board& board) {
    if (!same(board)) {
      if (!same_houses_) barren_.clear();
      digits_.resize(static_cast<std::size_t>(board.side()));
      for (int d = 1; d <= board.side(); ++d) {
        Digit& digit = digits_[static_cast<std::size_t>(d - 1)];
        links_of(board, d, digit.links);
        digit.table = LinkTable(board.cell_sets().words());
        digit.built = false;
      }
    }
    return digits_;
  }

 private:
  // Whether the entries are `board`'s (its cells' candidates and values, its houses); if not, keeps its key.
  bool same(const Board& board) {
    const Houses& houses = board.houses();
    bool equal = board.cells() == static_cast<int>(cells_.size()) && houses.count() == house_count_;
    for (int c = 0; c < board.cells() && equal; ++c)
      equal = cells_[static_cast<std::size_t>(c)] == key_of(board, c);
    std::size_t at = 0;
    for (int h = 0; h < houses.count() && equal; ++h)
      for (const int c : houses.cells(h)) {
        equal = equal && at < house_cells_.size() && house_cells_[at] == c;
        ++at;
      }
    if (equal && at == house_cells_.size()) return true;
    std::size_t next = 0;
    same_houses_ = house_count_ == houses.count();
    for (int h = 0; h < houses.count() && same_houses_; ++h)
      for (const int c : houses.cells(h)) {
        same_houses_ = same_houses_ && next < house_cells_.size() && house_cells_[next] == c;
        ++next;
      }
    same_houses_ = same_houses_ && next == house_cells_.size();
    cells_.resize(static_cast<std::size_t>(board.cells()));
    for (int c = 0; c < board.cells(); ++c) cells_[static_cast<std::size_t>(c)] = key_of(board, c);
    house_cells_.clear();
    for (int h = 0; h < houses.count(); ++h)
      house_cells_.insert(house_cells_.end(), houses.cells(h).begin(), houses.cells(h).end());
    house_count_ = houses.count();
    return false;
  }
  // A cell's candidates, and whether it is placed.
  static std::pair<Mask, bool> key_of(const Board& board, int c) {
    return {board.candidates(c), board.open(c)};
  }

  std::vector<std::pair<Mask, bool>> cells_;
  std::vector<int> house_cells_;
  int house_count_ = -1;
  bool same_houses_ = false;  // the last board's houses were those before it
  std::vector<Digit> digits_;

 public:
  // A digit's chains of k links depend only on its candidates' cells and the houses it is placed in (and the
  // houses): when a search of k links found nothing for a digit (none of lower rating found before it to cut
  // it short), it finds nothing again while those stay as they were. Kept per number of links and digit, the
  // key being those cells' words followed by the placed houses' bits; cleared when the houses change.
  static void digit_key(const Board& board, int d, std::vector<Word>& key) {
    const std::size_t words = board.cell_sets().words();
    key.assign(words + static_cast<std::size_t>(board.houses().count() + 63) / 64, 0);
    board.cell_sets().digit(board, d, key.data());
    for (int h = 0; h < board.houses().count(); ++h)
      if (board.placed(h, d)) key[words + static_cast<std::size_t>(h) / 64] |= Word{1} << (h % 64);
  }
  std::vector<Word>* barren(int k, int d) {
    const auto at = static_cast<std::size_t>(k) * 64 + static_cast<std::size_t>(d);
    if (barren_.size() <= at) barren_.resize(at + 1);
    return &barren_[at];
  }

 private:
  std::vector<std::vector<Word>> barren_;  // by 64 * k + digit: the key it found nothing for (empty: none)
};

std::string chain_name(const Board& board, const std::vector<const Link*>& chain, bool ring) {
  const Houses& houses = board.houses();
  bool box = false, row = false, column = false, grouped = false;
  for (const Link* l : chain) {
    grouped = grouped || l->grouped;
    box = box || houses.kind(l->house) == HouseKind::box;
    row = row || houses.kind(l->house) == HouseKind::row;
    column = column || houses.kind(l->house) == HouseKind::column;
  }
  const std::string k = std::to_string(chain.size());
  if (ring) return "(" + k + " Strong Links) " + (grouped ? "Grouped " : "") + "X-Loop";
  std::string name = !box && !(row && column)   ? (chain.size() < 3 ? "Skyscraper" : k + " Skyscrapers")
                     : !box && chain.size() < 4 ? k + "-String Kite"
                                                : k + " Strong links";
  return (grouped ? "Grouped " : "") + name;
}

}  // namespace

// k strong links of one digit, each joined to the next by a weak link (their near groups share a house): the
// digit is in the first link's start group or in the last link's end group, so it goes from every cell
// seeing both (outside the links' houses and, unless the ends share a house, the joining houses). The lowest
// rating wins, then the most eliminations, as SE sorts its hints.
bool strong_links(const Board& board, int k, GradedStep& step) {
  const int n = board.side();
  bool found = false;
  const CellSets& sets = board.cell_sets();
  const std::size_t words = sets.words();
  std::vector<const Link*> chain;
  thread_local LinkCache cache;
  std::vector<LinkCache::Digit>& digits = cache.of(board);
  std::vector<std::size_t> chain_ends;  // the table's end each link enters by
  std::vector<int> sides, joins;
  std::vector<Word> digit_cells(words), left(words);
  // used[depth]: the places of the chain's first `depth` links.
  std::vector<Word> used(static_cast<std::size_t>(k + 1) * words, 0);
  thread_local std::vector<Word> key;
  for (int d = 1; d <= n; ++d) {
    LinkCache::Digit& digit = digits[static_cast<std::size_t>(d - 1)];
    const std::vector<Link>& links = digit.links;
    if (static_cast<int>(links.size()) < k) continue;
    std::vector<Word>& barren = *cache.barren(k, d);
    LinkCache::digit_key(board, d, key);
    if (barren == key) continue;
    if (!digit.built) digit.table.build(board, sets, links);
    digit.built = true;
    const LinkTable& table = digit.table;
    std::copy(key.begin(), key.begin() + static_cast<std::ptrdiff_t>(words), digit_cells.begin());
    const bool found_before = found;
    const auto evaluate = [&]() {
      const double rating = chain_rating(board, chain, k);
      if (found && rating > step.rating + 1e-9) return;
      const std::size_t first = chain_ends.front(), last = chain_ends.back() ^ 1;
      const Group& start = chain.front()->ends[sides.front()];
      const Group& end = chain.back()->ends[1 - sides.back()];
      const bool ring = table.join(first, last) >= 0;
      for (std::size_t w = 0; w < words; ++w)
        left[w] = digit_cells[w] & ~table.end(first)[w] & ~table.end(last)[w];
      for (const int c : start)
        for (std::size_t w = 0; w < words; ++w) left[w] &= sets.peers(c)[w];
      for (const int c : end)
        for (std::size_t w = 0; w < words; ++w) left[w] &= sets.peers(c)[w];
      for (const Link* l : chain)
        for (std::size_t w = 0; w < words; ++w) left[w] &= ~sets.house(l->house)[w];
      if (!ring)
        for (const int j : joins)
          for (std::size_t w = 0; w < words; ++w) left[w] &= ~sets.house(j)[w];
      std::vector<Candidate> eliminations;
      for_each_cell(left.data(), words, [&](int x) { eliminations.push_back({x, d}); });
      if (eliminations.empty()) return;
      if (found && rating > step.rating - 1e-9 && eliminations.size() <= step.eliminations.size()) return;
      found = true;
      step.rating = rating;
      step.technique = chain_name(board, chain, ring);
      step.eliminations = std::move(eliminations);
      step.text = step.technique + " on " + digit_text(d) + " (";
      const auto group = [&](const Group& cells) {
        std::string t;
        for (const int c : cells) t += (t.empty() ? "" : "|") + cell_text(c, n);
        return t;
      };
      for (std::size_t i = 0; i < chain.size(); ++i)
        step.text +=
            (i ? "-" : "") + group(chain[i]->ends[sides[i]]) + "=" + group(chain[i]->ends[1 - sides[i]]);
      step.text += "): " + eliminations_text(step.eliminations, n);
    };
    const auto extend = [&](auto&& self) -> void {
      const std::size_t depth = chain.size();
      if (static_cast<int>(depth) == k) {
        evaluate();
        return;
      }
      // Every chain from here rates at least this: none can replace a lower-rated step found before.
      if (found && depth > 0 && chain_rating(board, chain, k) > step.rating + 1e-9) return;
      const Word* before = used.data() + depth * words;
      Word* after = used.data() + (depth + 1) * words;
      const auto go = [&](std::size_t entry, int join) {
        const std::size_t i = entry / 2;
        for (std::size_t w = 0; w < words; ++w)
          if (before[w] & table.places[i * words + w]) return;
        for (std::size_t w = 0; w < words; ++w) after[w] = before[w] | table.places[i * words + w];
        chain.push_back(&links[i]);
        chain_ends.push_back(entry);
        sides.push_back(static_cast<int>(entry % 2));
        if (join >= 0) joins.push_back(join);
        self(self);
        if (join >= 0) joins.pop_back();
        sides.pop_back();
        chain_ends.pop_back();
        chain.pop_back();
      };
      if (depth == 0) {
        for (std::size_t entry = 0; entry < 2 * links.size(); ++entry) go(entry, -1);
        return;
      }
      const std::size_t exit = chain_ends.back() ^ 1;
      for (std::size_t j = table.next_begin[exit]; j < table.next_begin[exit + 1]; ++j)
        go(table.next[j].end, table.next[j].house);
    };
    extend(extend);
    if (!found_before && !found) barren = key;
  }
  return found;
}

}  // namespace sudoku::logic
