#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {

namespace {

Mask open_candidates(const Board& board, int c) {
  return board.open(c) ? board.candidates(c) : Mask{0};
}

// What a thread's last search of a kind saw when it found nothing (it tried every pair or triplet of its
// bases): one of cells that were bases then, none of them changed since and none of their common peers, has
// the same candidates and the same common excluders, so it finds nothing again. The engine asks at every step
// of a puzzle past 6.2 or 7.5, and a step changes few cells.
struct LastSearch {
  bool valid = false;
  std::vector<Word> peers;       // its peer rows (the same houses)
  std::vector<Mask> candidates;  // its cells' open candidates
  std::vector<Word> is_base;
  std::vector<Word> changed, fresh;  // since then: the cells changed; the bases then, unchanged

  // Works out changed and fresh for `board`; false when the last search is of no use to it. The search that
  // follows calls keep() when it finds nothing.
  bool compare(const Board& board) {
    const CellSets& cell_sets = board.cell_sets();
    const std::size_t words = cell_sets.words(), cells = static_cast<std::size_t>(board.cells());
    const bool use = valid && candidates.size() == cells && is_base.size() == words &&
                     std::equal(peers.begin(), peers.end(), cell_sets.peers(0));
    valid = false;
    if (!use) return false;
    changed.assign(words, 0);
    for (int c = 0; c < board.cells(); ++c)
      if (open_candidates(board, c) != candidates[static_cast<std::size_t>(c)]) set_cell(changed.data(), c);
    fresh.resize(words);
    for (std::size_t w = 0; w < words; ++w) fresh[w] = is_base[w] & ~changed[w];
    return true;
  }
  // Keeps what a search that found nothing saw: the board and its bases.
  void keep(const Board& board, const Word* bases) {
    const CellSets& cell_sets = board.cell_sets();
    const std::size_t words = cell_sets.words(), cells = static_cast<std::size_t>(board.cells());
    peers.assign(cell_sets.peers(0), cell_sets.peers(0) + cells * words);
    candidates.resize(cells);
    for (int c = 0; c < board.cells(); ++c)
      candidates[static_cast<std::size_t>(c)] = open_candidates(board, c);
    is_base.assign(bases, bases + words);
    valid = true;
  }
};

}  // namespace

// Two cells a and b with the bivalue cells seeing both (at least two): a pair of digits (x at a, y at b) is
// impossible when x = y and a sees b, or when one of those bivalue cells holds exactly {x,y} (it would be left
// empty). A digit of a or b in no possible pair goes. SE grades it 6.2 and takes the first it finds.
bool aligned_pair_exclusion(const Board& board, GradedStep& step) {
  const int n = board.side();
  const CellSets& cell_sets = board.cell_sets();
  const std::size_t words = cell_sets.words();
  // The bivalue cells as a bit set, so that the two bases' common ones are a few ANDs; kept per thread, as the
  // search runs at every step of the puzzles that get past 6.2.
  thread_local std::vector<int> bases;
  thread_local std::vector<Word> bivalues;
  thread_local std::vector<Mask> excluded;  // by common excluder: its two digits
  thread_local std::vector<Word> is_base;
  thread_local LastSearch last;
  const bool reuse = last.compare(board);
  bases.clear();
  bivalues.assign(words, 0);
  is_base.assign(words, 0);
  for (int c = 0; c < board.cells(); ++c) {
    if (!board.open(c) || bit_count(board.candidates(c)) < 2) continue;
    bases.push_back(c);
    set_cell(is_base.data(), c);
    if (bit_count(board.candidates(c)) == 2) set_cell(bivalues.data(), c);
  }
  for (std::size_t i = 0; i < bases.size(); ++i) {
    const Word* pa = cell_sets.peers(bases[i]);
    const bool a_fresh = reuse && has_cell(last.fresh.data(), bases[i]);
    for (std::size_t j = i + 1; j < bases.size(); ++j) {
      const int a = bases[i], b = bases[j];
      const Word* pb = cell_sets.peers(b);
      if (a_fresh && has_cell(last.fresh.data(), b)) {
        Word changed = 0;
        for (std::size_t w = 0; w < words; ++w) changed |= pa[w] & pb[w] & last.changed[w];
        if (changed == 0) continue;  // as in the last search, which found nothing
      }
      // At least two common excluders; only those whose digits are both a's or b's can be left empty (with
      // none, every digit of a has a different one in b).
      const Mask digits = board.candidates(a) | board.candidates(b);
      int common = 0;
      excluded.clear();
      for (std::size_t w = 0; w < words; ++w)
        for (Word m = pa[w] & pb[w] & bivalues[w]; m != 0; m &= m - 1) {
          ++common;
          const Mask e = board.candidates(static_cast<int>(w * 64) + std::countr_zero(m));
          if ((e & ~digits) == 0) excluded.push_back(e);
        }
      if (common < 2 || excluded.empty()) continue;
      const bool aligned = board.sees(a, b);
      Mask allowed_a = 0, allowed_b = 0;
      for (Mask ma = board.candidates(a); ma != 0; ma &= ma - 1) {
        const Mask x = ma & (~ma + 1);
        for (Mask mb = board.candidates(b); mb != 0; mb &= mb - 1) {
          const Mask y = mb & (~mb + 1);
          if (x == y && aligned) continue;
          bool possible = true;
          for (const Mask e : excluded) possible = possible && (e & ~(x | y)) != 0;
          if (!possible) continue;
          allowed_a |= x;
          allowed_b |= y;
        }
      }
      step.eliminations.clear();
      for (Mask m = board.candidates(a) & ~allowed_a; m != 0; m &= m - 1)
        step.eliminations.push_back({a, std::countr_zero(m) + 1});
      for (Mask m = board.candidates(b) & ~allowed_b; m != 0; m &= m - 1)
        step.eliminations.push_back({b, std::countr_zero(m) + 1});
      if (step.eliminations.empty()) continue;
      step.technique = "Aligned Pair Exclusion";
      step.rating = 6.2;
      step.text = step.technique + " on " + cell_text(a, n) + " and " + cell_text(b, n) + ": " +
                  eliminations_text(step.eliminations, n);
      return true;
    }
  }
  last.keep(board, is_base.data());
  return false;
}

}  // namespace sudoku::logic

namespace sudoku::logic {

// SE's Aligned Triplet Exclusion (7.5): three cells, the second and third seeing the first two's excluders
// (cells of two or three candidates), with at least two excluders seeing all three. A combination of digits
// for the three is impossible when two cells that see each other get the same digit, or when it covers every
// candidate of an excluder; a digit of a cell in no possible combination goes. Cells and excluders are walked
// as SE walks them (pairs of base cells in colexicographic order, then the third from their excluders), and the
// first triplet that eliminates is taken.
namespace {

// The cell sets of a search as bit sets of `words` words each, so that the common excluders of two or three
// cells are a few ANDs; kept per thread, as the search runs at every step of the puzzles that reach Nishio
// chains.
struct TripletSets {
  explicit TripletSets(const Board& board) : cell_sets(board.cell_sets()), words(cell_sets.words()) {
    thread_local std::vector<std::uint64_t> buffer;
    buffer.assign(5 * words, 0);
    std::uint64_t* at = buffer.data();
    for (std::uint64_t** set : {&few, &single, &is_base, &common01, &common}) {
      *set = at;
      at += words;
    }
    thread_local std::vector<std::uint64_t> rows;
    rows.resize(static_cast<std::size_t>(board.cells()) * words);
    by_cell = rows.data();
  }
  // Each base's excluders (its peers among the open cells of two or three candidates), worked out once per
  // board: the pairs and triplets of bases read them again and again.
  void find_excluders(const std::vector<int>& bases) {
    for (const int c : bases) {
      std::uint64_t* out = by_cell + static_cast<std::size_t>(c) * words;
      for (std::size_t w = 0; w < words; ++w) out[w] = cell_sets.peers(c)[w] & few[w];
    }
  }
  const std::uint64_t* excluders(int base) const { return by_cell + static_cast<std::size_t>(base) * words; }
  // At least two cells (std::popcount is a library call on the default target).
  bool two(const std::uint64_t* set) const {
    bool one = false;
    for (std::size_t w = 0; w < words; ++w) {
      if (set[w] == 0) continue;
      if ((set[w] & (set[w] - 1)) != 0 || one) return true;
      one = true;
    }
    return false;
  }

  const CellSets& cell_sets;
  std::size_t words;
  std::uint64_t* few = nullptr;     // open cells of two or three candidates
  std::uint64_t* single = nullptr;  // open cells of one candidate
  std::uint64_t* is_base = nullptr;
  std::uint64_t *common01 = nullptr, *common = nullptr;
  const std::uint64_t *ea = nullptr, *eb = nullptr;  // the excluders of the first two cells
  std::uint64_t* by_cell = nullptr;  // find_excluders's rows, `words` a cell (the bases' only)
};

// The cells of one candidate and of two or three; then the bases, in `bases` and the set is_base: cells of two
// candidates or more with no peer of one candidate and an excluder.
void find_bases(const Board& board, TripletSets& sets, std::vector<int>& bases) {
  for (int c = 0; c < board.cells(); ++c) {
    const Mask m = open_candidates(board, c);
    if (m == 0) continue;
    if ((m & (m - 1)) == 0)
      set_cell(sets.single, c);
    else if (bit_count(m) <= 3)
      set_cell(sets.few, c);
  }
  bases.clear();
  for (int c = 0; c < board.cells(); ++c) {
    const Mask m = open_candidates(board, c);
    if ((m & (m - 1)) == 0) continue;
    bool single_peer = false, any = false;
    for (std::size_t w = 0; w < sets.words; ++w) {
      single_peer = single_peer || (sets.cell_sets.peers(c)[w] & sets.single[w]) != 0;
      any = any || (sets.cell_sets.peers(c)[w] & sets.few[w]) != 0;
    }
    if (single_peer || !any) continue;
    bases.push_back(c);
    set_cell(sets.is_base, c);
  }
}

// The third cells of bases a and b: the bases among a's excluders, then among b's (SE's order).
void third_cells(const TripletSets& sets, int a, int b, std::vector<int>& twin) {
  twin.clear();
  for (int pass = 0; pass < 2; ++pass)
    for (std::size_t w = 0; w < sets.words; ++w) {
      std::uint64_t m = (pass == 0 ? sets.ea[w] : sets.eb[w] & ~sets.ea[w]) & sets.is_base[w];
      for (; m != 0; m &= m - 1) {
        const int t = static_cast<int>(w * 64) + std::countr_zero(m);
        if (t != a && t != b) twin.push_back(t);
      }
    }
}

// The eliminations of triplet a, b, t with the common excluders sets.common: the digits of each cell in no
// combination that leaves two cells seeing each other different digits and every excluder a candidate.
void triplet_eliminations(const Board& board, const TripletSets& sets, int a, int b, int t,
                          std::vector<Mask>& shared, std::vector<Candidate>& out) {
  // Only an excluder whose candidates the three cells hold between them can be emptied.
  const Mask digits = open_candidates(board, a) | open_candidates(board, b) | open_candidates(board, t);
  shared.clear();
  for (std::size_t w = 0; w < sets.words; ++w)
    for (std::uint64_t m = sets.common[w]; m != 0; m &= m - 1) {
      const Mask e = open_candidates(board, static_cast<int>(w * 64) + std::countr_zero(m));
      if ((e & ~digits) == 0) shared.push_back(e);
    }
  const bool ab = board.sees(a, b), at = board.sees(a, t), bt = board.sees(b, t);
  if (shared.empty()) {
    // Without an excluder a digit d of one cell goes only when the other two are left one digit w each, the
    // same, and see each other: both hold {d, w} exactly. Without two such cells nothing goes.
    const Mask ma = board.candidates(a), mb = board.candidates(b), mt = board.candidates(t);
    const auto twin_pair = [](bool sees, Mask m1, Mask m2) { return sees && m1 == m2 && bit_count(m1) == 2; };
    if (!twin_pair(ab, ma, mb) && !twin_pair(at, ma, mt) && !twin_pair(bt, mb, mt)) {
      out.clear();
      return;
    }
  }
  Mask allowed_a = 0, allowed_b = 0, allowed_t = 0;
  for (Mask ma = open_candidates(board, a); ma != 0; ma &= ma - 1) {
    const Mask x = ma & (~ma + 1);
    for (Mask mb = open_candidates(board, b); mb != 0; mb &= mb - 1) {
      const Mask y = mb & (~mb + 1);
      if (x == y && ab) continue;
      // The third cell's digits z that leave every excluder a candidate besides x, y and z.
      Mask zs = open_candidates(board, t) & ~(at ? x : 0) & ~(bt ? y : 0);
      for (const Mask e : shared) {
        const Mask left = e & ~(x | y);
        if ((left & (left - 1)) == 0) zs &= left == 0 ? 0 : ~left;  // none left, or one: not z
      }
      if (zs == 0) continue;
      allowed_a |= x;
      allowed_b |= y;
      allowed_t |= zs;
    }
  }
  out.clear();
  for (const auto& [cell, allowed] :
       {std::pair{a, allowed_a}, std::pair{b, allowed_b}, std::pair{t, allowed_t}})
    for (Mask m = open_candidates(board, cell) & ~allowed; m != 0; m &= m - 1)
      out.push_back({cell, std::countr_zero(m) + 1});
}

}  // namespace

bool aligned_triple_exclusion(const Board& board, GradedStep& step) {
  const int n = board.side();
  TripletSets sets(board);
  thread_local std::vector<int> bases, twin;
  thread_local std::vector<Mask> shared;
  thread_local LastSearch last;
  thread_local std::vector<Word> dirty01;
  const bool reuse = last.compare(board);
  dirty01.resize(sets.words);
  find_bases(board, sets, bases);
  if (bases.size() < 3) {
    last.keep(board, sets.is_base);
    return false;
  }
  sets.find_excluders(bases);
  for (std::size_t j = 1; j < bases.size(); ++j) {
    const int b = bases[j];
    sets.eb = sets.excluders(b);
    for (std::size_t i = 0; i < j; ++i) {
      const int a = bases[i];
      sets.ea = sets.excluders(a);
      // A triplet's common excluders are among the first two cells' (at least two are needed).
      for (std::size_t w = 0; w < sets.words; ++w) sets.common01[w] = sets.ea[w] & sets.eb[w];
      if (!sets.two(sets.common01)) continue;
      // The changed cells among a's and b's common peers, when the last search's triplets of a and b hold.
      const bool pair_fresh = reuse && has_cell(last.fresh.data(), a) && has_cell(last.fresh.data(), b);
      Word dirty = 0;
      if (pair_fresh) {
        const Word *pa = sets.cell_sets.peers(a), *pb = sets.cell_sets.peers(b);
        for (std::size_t w = 0; w < sets.words; ++w) {
          dirty01[w] = pa[w] & pb[w] & last.changed[w];
          dirty |= dirty01[w];
        }
      }
      third_cells(sets, a, b, twin);
      for (const int t : twin) {
        if (pair_fresh && has_cell(last.fresh.data(), t)) {
          const Word* pt = sets.cell_sets.peers(t);
          Word changed = 0;
          for (std::size_t w = 0; dirty && w < sets.words; ++w) changed |= dirty01[w] & pt[w];
          if (changed == 0) continue;
        }
        const std::uint64_t* et = sets.excluders(t);
        for (std::size_t w = 0; w < sets.words; ++w) sets.common[w] = sets.common01[w] & et[w];
        if (!sets.two(sets.common)) continue;
        triplet_eliminations(board, sets, a, b, t, shared, step.eliminations);
        if (step.eliminations.empty()) continue;
        step.technique = "Aligned Triplet Exclusion";
        step.rating = 7.5;
        step.text = step.technique + " on " + cell_text(a, n) + ", " + cell_text(b, n) + " and " +
                    cell_text(t, n) + ": " + eliminations_text(step.eliminations, n);
        return true;
      }
    }
  }
  last.keep(board, sets.is_base);
  return false;
}

}  // namespace sudoku::logic
