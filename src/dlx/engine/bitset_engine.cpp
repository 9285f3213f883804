// Algorithm C with the table of available options kept as bitsets instead of linked lists.
//
// Two options conflict when they share a primary item, or a secondary item that either leaves uncolored or
// that they color differently. That relation is fixed, so it is computed once: conflicts_ holds, per option,
// the bitset of the options it excludes. A set of options is a solution of Algorithm C exactly when its
// options are pairwise compatible and cover every primary item once, so the search needs no other state
// than, per level, the bitset of options still available and the bitset of primary items still uncovered:
// choosing option x at level k makes level k+1 with alive &= ~conflicts(x) and uncovered &= ~items_of(x).
// Backtracking costs nothing (the parent level is untouched) and the search allocates nothing.
//
// Branching needs each uncovered item's number of available options. The plain way counts them with popcounts
// over the few words each item's column spans, item by item. With many items and short columns (Sudoku) that
// scan dominates, and another way is faster: each level keeps the counts in a small array (counts), made from
// its parent's in one of two ways, whichever is cheaper at that node: decrement the items of each option the
// choice removed (cheap when a choice removes few options, as in Sudoku), or recount every uncovered item
// with popcounts over the few words its column spans (cheap when a choice removes many, as in polyomino
// packing). The item to branch on is then found with a vector scan of the array, and every item left with a
// single option takes it at once, in rounds (propagation), so that a level branches only on a real choice.
//
// With at most 4 words of options (up to 256), no propagation and no seed (the dense path: N-queens, Langford
// pairs), the search loop is compiled once per number of words W around steps that inline the scan, the choice
// of the next option and the making of the child, with loops of fixed length W (and of one word of items when
// there are at most 64 primary items). Calls, loops of unknown length and reloads of the sizes were two fifths
// of the instructions (callgrind, count all: queens 11 17.7M -> 10.1M, Langford 10 30.1M -> 18.8M). Deep in the
// tree few options are left (a handful a node on Langford pairs and N-queens), yet each count still took W
// popcounts and each child W words: so the first node on a path whose available options fit in one word
// renumbers them 0..n-1 (a frame: their conflicts among themselves and the uncovered items' columns, packed with
// PEXT) and its whole subtree runs on that one word. A node whose children's options fit in one word (its own
// less its item's column, which every child loses) makes one frame for all its children rather than one each:
// Langford 11 built 3,445 frames, 5.6M instructions of 72.8M; it now builds 926. The tree, its nodes and the
// order of the solutions do not change. Two thirds of the branchings on those puzzles are on an item with one option left, a node with one
// child: left to itself (Propagation::automatic) the dense path takes such an option at the node itself and
// scans again, as one node, rather than making a child node for it (the same choices in the same order, so the
// same solutions, each listing its options in the same order; Langford 11: 440k nodes -> 229k). A node's scan
// then runs over every uncovered item and looks for an item with no option left only at the end, without a branch
// per item: the exit from the scan taken at an item with none was a mispredicted branch per dead end.
//
// The branching rule and the order of the options tried are those of the dancing-links engine (fewest
// options, leftmost on ties; options in input order), so both engines find the same solutions in the same
// order. Their trees differ only in dead ends: the dense path (below) ends a node at once when an item has no
// option left, wherever it is, as Knuth's dlx1 does; scan() and the links engine take the first item with one
// option without looking further, as the rest of the scan over many items or long columns costs more than the
// dead ends it finds. And when propagation was left to the engine (Propagation::automatic) and it propagates,
// ties go to the item whose options remove the most (most_removing_tie), for a smaller tree. This engine wins
// when options are few (up to a few thousand): each node costs a few hundred word operations, branch-free,
// where dancing links pays a cache miss per link.
//
// The tables and what holds of them (check_invariants() tests every line; the brute-force and fuzz tests call
// it at every solution):
//
//   member                  meaning                                  invariant                       valid
//   conflicts_[o]           options o cannot go with                 symmetric; o excludes itself     always
//   items_of_[o]            o's primary items (bitset)               = primary_items_ of o (list)    always
//   spans_ of item p        p's column: the options on p             = {o : p in items_of_[o]}       always
//   alive(k)                options still available at level k       alive(k+1) subset of alive(k);  levels
//                                                                    no bit past the last option     0..depth_
//                                                                                                    (from a
//                                                                                                    frame's level
//                                                                                                    on: from
//                                                                                                    frame_alive_)
//   frame_alive_[k]         alive(k), numbered as the frame's        alive(k) = frame_options_ of    levels from
//                           options (frame_options_)                 its bits                        frame_level_
//   uncovered(k)            primary items not yet covered at k       uncovered(k+1) subset of it;    levels
//                                                                    items_of(o) subset of it for    0..depth_
//                                                                    every o in alive(k)
//   choice_[k].option       the option level k tried                 in alive(k), not in alive(k+1)  k < depth_
//   counts(k)[p]            options left to p (propagating only)     (not checked: rebuilt lazily)   -
#include "bitset_engine.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

#include "dlx/assert.hpp"
#include "simd.hpp"

namespace dlx::detail {
DLX_ISA_BEGIN
namespace {

constexpr std::size_t kCountLanes = 8;  // counts per 128-bit vector

// Frames (see frame_level_ in the header) pack rows of options with BMI2's PEXT, one instruction: they exist in
// the copies compiled with it (isa.hpp). A loop in its place cost more than frames save (bench/README.md).
#if defined(__BMI2__)
constexpr bool kFrames = true;

// Whether the processor runs PEXT fast: AMD's before Zen 3 (families 15h and 17h) run it in microcode, up to
// hundreds of cycles for a full mask.
bool fast_extract() {
  static const bool fast = !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
  return fast;
}

// The bits of a W-word row at the options of live, packed into one word in option order (live has at most 64):
// word w's bits go at shift[w], the number of options of live in the words before it. A shift of 64 (only past
// the last word with options, whose bits extract to nothing) is taken as 0.
template <int W>
std::uint64_t extract_row(const std::uint64_t* row, const std::uint64_t* live, const int* shift) {
  std::uint64_t out = 0;
  for (int w = 0; w < W; ++w) out |= _pext_u64(row[w], live[w]) << (shift[w] & 63);
  return out;
}
#else
constexpr bool kFrames = false;
bool fast_extract() {
  return false;
}
#endif

// The first index whose count is 0 or 1, or -1.
template <class Count>
int first_at_most_one(const Count* counts, std::size_t n) {
#if DLX_SSE2
  const __m128i two = _mm_set1_epi16(2);
  for (std::size_t i = 0; i < n; i += kCountLanes) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counts + i));
    if (const int m = _mm_movemask_epi8(_mm_cmplt_epi16(v, two)); m != 0)
      return static_cast<int>(i) + std::countr_zero(static_cast<unsigned>(m)) / 2;
  }
#else
  for (std::size_t i = 0; i < n; ++i)
    if (counts[i] <= 1) return static_cast<int>(i);
#endif
  return -1;
}

// Calls f(i) for every index i whose count is 0 or 1, in increasing order, starting at least from the vector
// that holds index `from` (the caller knows there is none before it).
template <class Count, class F>
void for_each_at_most_one(const Count* counts, std::size_t from, std::size_t n, F&& f) {
#if DLX_SSE2
  const __m128i two = _mm_set1_epi16(2);
  for (std::size_t i = from / kCountLanes * kCountLanes; i < n; i += kCountLanes) {
    auto m = static_cast<unsigned>(_mm_movemask_epi8(
        _mm_cmplt_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(counts + i)), two)));
    for (m &= 0x5555u; m != 0; m &= m - 1) f(i + static_cast<std::size_t>(std::countr_zero(m)) / 2);
  }
#else
  for (std::size_t i = from; i < n; ++i)
    if (counts[i] <= 1) f(i);
#endif
}

// The leftmost index holding the smallest count.
template <class Count>
int leftmost_min(const Count* counts, std::size_t n) {
  Count least = counts[0];
  for (std::size_t i = 1; i < n; ++i) least = std::min(least, counts[i]);  // vectorized by the compiler
  for (std::size_t i = 0;; ++i)
    if (counts[i] == least) return static_cast<int>(i);
}

}  // namespace

// Measured (instructions, callgrind): propagation wins 2.7x on 9x9 Sudoku (324 items, columns of 9) and loses
// 1.2-1.8x on N-queens, Langford pairs and pentominoes (26-72 items, columns of 10 to 300).
bool BitsetEngine::propagates(const Problem& problem, const SearchOptions& options) {
  if (options.propagation == Propagation::never) return false;
  std::vector<std::size_t> column(problem.item_count(), 0);
  for (OptionId o = 0; o < problem.option_count(); ++o)
    for (const ItemUse& use : problem.option(o)) ++column[use.item];
  std::size_t column_uses = 0, longest_column = 0;
  for (ItemId item = 0; item < problem.item_count(); ++item) {
    if (!problem.is_primary(item)) continue;
    column_uses += column[item];
    longest_column = std::max(longest_column, column[item]);
  }
  const std::size_t primaries = problem.primary_count();
  const Knobs& k = knobs();
  return longest_column < static_cast<std::size_t>(kCoveredFloor) &&
         (options.propagation == Propagation::always || primaries >= k.propagate_primaries ||
          (primaries >= k.propagate_sparse_primaries &&
           column_uses <= k.propagate_uses_per_item * primaries));
}

BitsetEngine::BitsetEngine(const Problem& problem, const SearchOptions& options) : LevelEngine(options) {
  option_count_ = static_cast<int>(problem.option_count());
  words_ = (problem.option_count() + 63) / 64;
  std::vector<int> primary_index(problem.item_count(), -1);
  for (ItemId item = 0; item < problem.item_count(); ++item)
    if (problem.is_primary(item)) primary_index[item] = primaries_++;
  item_words_ = (static_cast<std::size_t>(primaries_) + 63) / 64;
  count_stride_ = (static_cast<std::size_t>(primaries_) + kCountLanes - 1) / kCountLanes * kCountLanes;
  if (count_stride_ == 0) count_stride_ = kCountLanes;

  // The options of each item, with the color each gives it; the primary items of each option.
  struct Use {
    int option;
    ColorId color;
  };
  std::vector<std::vector<Use>> uses(problem.item_count());
  items_of_.assign(static_cast<std::size_t>(option_count_) * item_words_, 0);
  has_primary_.assign(static_cast<std::size_t>(option_count_), false);
  primary_begin_.push_back(0);
  for (int o = 0; o < option_count_; ++o) {
    for (const ItemUse& use : problem.option(static_cast<OptionId>(o))) {
      uses[use.item].push_back({o, use.color});
      if (const int p = primary_index[use.item]; p >= 0) {
        items_of_[static_cast<std::size_t>(o) * item_words_ + p / 64] |= Word{1} << (p % 64);
        has_primary_[o] = true;
        primary_items_.push_back(static_cast<std::uint32_t>(p));
      }
    }
    primary_begin_.push_back(static_cast<std::uint32_t>(primary_items_.size()));
  }

  conflicts_.assign(static_cast<std::size_t>(option_count_) * words_, 0);
  std::vector<Word> column(words_);
  std::map<ColorId, std::vector<Word>> same_color;
  for (ItemId item = 0; item < problem.item_count(); ++item) {
    std::fill(column.begin(), column.end(), 0);
    same_color.clear();
    for (const Use& u : uses[item]) {
      column[u.option / 64] |= Word{1} << (u.option % 64);
      if (u.color != kNoColor) {
        auto& bits = same_color[u.color];
        bits.resize(words_);
        bits[u.option / 64] |= Word{1} << (u.option % 64);
      }
    }
    for (const Use& u : uses[item]) {
      Word* row = conflicts_.data() + static_cast<std::size_t>(u.option) * words_;
      const Word* agree = u.color != kNoColor ? same_color[u.color].data() : nullptr;
      for (std::size_t w = 0; w < words_; ++w) row[w] |= column[w] & ~(agree != nullptr ? agree[w] : 0);
      row[u.option / 64] |= Word{1} << (u.option % 64);  // an option excludes itself, colored or not
    }
    if (const int p = primary_index[item]; p >= 0) {
      span_begin_.push_back(static_cast<std::uint32_t>(spans_.size()));
      for (const Use& u : uses[item]) {
        const auto word = static_cast<std::uint32_t>(u.option / 64);
        if (spans_.size() == span_begin_.back() || spans_.back().word != word) spans_.push_back({word, 0});
        spans_.back().mask |= Word{1} << (u.option % 64);
      }
    }
  }
  span_begin_.push_back(static_cast<std::uint32_t>(spans_.size()));
  if (words_ <= 4) {
    dense_columns_.assign(static_cast<std::size_t>(primaries_) * words_, 0);
    for (int p = 0; p < primaries_; ++p)
      for (std::uint32_t k = span_begin_[p]; k < span_begin_[p + 1]; ++k)
        dense_columns_[static_cast<std::size_t>(p) * words_ + spans_[k].word] = spans_[k].mask;
  }
  primary_uses_ = primary_items_.size();
  // Most problems give every option the same number of primary items (Sudoku 4, pentominoes 6): loops over them
  // then have a fixed length that the compiler unrolls.
  if (option_count_ > 0 && primary_uses_ % static_cast<std::size_t>(option_count_) == 0) {
    const auto k = static_cast<int>(primary_uses_ / static_cast<std::size_t>(option_count_));
    bool uniform = k >= 2 && k <= 6;
    for (int o = 0; uniform && o < option_count_; ++o)
      uniform = primary_begin_[o + 1] - primary_begin_[o] == static_cast<std::uint32_t>(k);
    primaries_per_option_ = uniform ? k : 0;
  }
  propagating_ = propagates(problem, options);
  if (!propagating_ && words_ <= 4 && !options.seed) dense_words_ = static_cast<int>(words_);
  dense_forced_in_place_ = dense_words_ > 0 && options.propagation == Propagation::automatic;
  // Left to itself (Propagation::automatic), the propagating engine also breaks ties its own way (see
  // most_removing_tie); Propagation::always keeps the leftmost, and so the tree of the dancing-links engine.
  if (propagating_ && options.propagation == Propagation::automatic && !options.seed)
    tie_candidates_ = std::clamp(knobs().tie_candidates, 1, kMaxTieCandidates);
  span_cost_.assign(static_cast<std::size_t>(option_count_), 0);
  for (int o = 0; o < option_count_; ++o)
    for (std::uint32_t k = primary_begin_[o]; k < primary_begin_[o + 1]; ++k)
      span_cost_[o] += span_begin_[primary_items_[k] + 1] - span_begin_[primary_items_[k]];

  // Each level chooses one more option, covering at least one more primary item.
  const std::size_t levels = static_cast<std::size_t>(std::min(primaries_, option_count_)) + 2;
  alive_.assign(levels * words_, 0);
  uncovered_.assign(levels * item_words_, 0);
  counts_.assign((propagating_ ? levels : 2) * count_stride_, kCovered);
  scratch_cost_.assign(levels, 0);
  choice_.resize(levels);
  const int frames = knobs().dense_frames;
  dense_frames_ = kFrames && dense_words_ > 1 && (frames == 2 || (frames == 1 && fast_extract()));
  if (dense_frames_) {
    frame_options_.assign(64, 0);
    frame_conflicts_.assign(64, 0);
    frame_columns_.assign(static_cast<std::size_t>(primaries_), 0);
    frame_alive_.assign(levels, 0);
    frame_untried_.assign(levels, 0);
  }
  propagated_.resize(static_cast<std::size_t>(primaries_) + 1);
  propagated_begin_.resize(levels + 1);
  forced_.reserve(levels);
  solution_.reserve(static_cast<std::size_t>(primaries_) + 1);
  // Within a level counts only fall, and an item is queued when its count falls to 1 and to 0, or once by the
  // first scan: at most three times.
  queue_.resize(3 * static_cast<std::size_t>(primaries_) + 8);
  initial_alive_.assign(words_, 0);
  for (int o = 0; o < option_count_; ++o) initial_alive_[o / 64] |= Word{1} << (o % 64);
  initial_uncovered_.assign(item_words_, 0);
  for (int p = 0; p < primaries_; ++p) initial_uncovered_[p / 64] |= Word{1} << (p % 64);
  reset();
  count_from_scratch(0);
  initial_counts_.assign(counts(0), counts(0) + count_stride_);
  initial_scratch_cost_ = scratch_cost_[0];
}

// Counts for the root after force(): from the problem's own counts, minus what the forced options removed
// (recount() picks decrementing or counting afresh, whichever is cheaper).
void BitsetEngine::count_root() {
  std::uint64_t removed = 0;
  const Word* a = alive(0);
  for (std::size_t w = 0; w < words_; ++w)
    removed += static_cast<std::uint64_t>(std::popcount(initial_alive_[w] & ~a[w]));
  std::uint64_t cost = initial_scratch_cost_;
  for (OptionId option : forced_) cost -= span_cost_[option];
  scratch_cost_[0] = cost;
  recount(0, initial_counts_.data(), initial_alive_.data(), initial_uncovered_.data(), removed);
}

void BitsetEngine::reset() {
  std::copy(initial_alive_.begin(), initial_alive_.end(), alive(0));
  std::copy(initial_uncovered_.begin(), initial_uncovered_.end(), uncovered(0));
  root_counts_valid_ = false;  // counted when a search or branch_options() needs them
  queue_ready_ = false;
  forced_.clear();
  solution_.clear();
  depth_ = 0;
  frame_level_ = kNoFrame;
  reset_common();
}

// Makes level+1 from level by choosing option.
void BitsetEngine::make_child(int level, int option) {
  DLX_ASSERT(option >= 0 && option < option_count_ && level >= 0 &&
             level + 1 < static_cast<int>(choice_.size()));
  DLX_ASSERT((alive(level)[option / 64] >> (option % 64) & 1) != 0);  // only an available option is taken
  const Word* a = alive(level);
  Word* next = alive(level + 1);
  const Word* c = conflicts(option);
  std::uint64_t removed = 0;
  for (std::size_t w = 0; w < words_; ++w) {
    next[w] = a[w] & ~c[w];
    removed += static_cast<std::uint64_t>(std::popcount(a[w] & c[w]));
  }
  const Word* u = uncovered(level);
  Word* next_u = uncovered(level + 1);
  const Word* items = items_of(option);
  for (std::size_t w = 0; w < item_words_; ++w) next_u[w] = u[w] & ~items[w];
  if (!propagating_) {
    stats_.updates += removed;
    return;
  }
  scratch_cost_[level + 1] = scratch_cost_[level] - span_cost_[option];
  recount(level + 1, counts(level), a, u, removed, /*queue_singles=*/true);
}

// Makes counts(level) for the state alive(level)/uncovered(level), given the counts `from` of an earlier state
// (alive_before/uncovered_before) from which `removed` options are gone: either decrement the primary items of
// each removed option, or count every uncovered item afresh with popcounts over its column's spans, whichever
// the cost model (instructions measured on Sudoku, Langford pairs and polyomino packing) says is cheaper.
void BitsetEngine::recount(int level, const Count* from, const Word* alive_before,
                           const Word* uncovered_before, std::uint64_t removed, bool queue_singles) {
  stats_.updates += removed;
  queue_ready_ = false;
  const Word* u = uncovered(level);
  std::uint64_t items = 0;
  for (std::size_t w = 0; w < item_words_; ++w) items += static_cast<std::uint64_t>(std::popcount(u[w]));
  const std::uint64_t decrement_cost = removed *
                                       (8 * static_cast<std::uint64_t>(option_count_) + 4 * primary_uses_) /
                                       std::max<std::uint64_t>(1, static_cast<std::uint64_t>(option_count_));
  const std::uint64_t scratch_cost = 12 * items + 8 * scratch_cost_[level];
  if (decrement_cost > scratch_cost) {
    count_from_scratch(level);
    return;
  }
  Count* to = counts(level);
  if (from != to) std::copy(from, from + count_stride_, to);
  // Items covered since `from` first, so that the decrements below never queue them.
  for (std::size_t w = 0; w < item_words_; ++w)
    for (Word bits = uncovered_before[w] & ~u[w]; bits != 0; bits &= bits - 1)
      to[w * 64 + static_cast<std::size_t>(std::countr_zero(bits))] = kCovered;
  queued_ = 0;
  switch (primaries_per_option_) {
    case 2:
      decrement_removed<2>(to, alive_before, alive(level), queue_singles);
      break;
    case 3:
      decrement_removed<3>(to, alive_before, alive(level), queue_singles);
      break;
    case 4:
      decrement_removed<4>(to, alive_before, alive(level), queue_singles);
      break;
    case 5:
      decrement_removed<5>(to, alive_before, alive(level), queue_singles);
      break;
    case 6:
      decrement_removed<6>(to, alive_before, alive(level), queue_singles);
      break;
    default:
      decrement_removed<0>(to, alive_before, alive(level), queue_singles);
      break;
  }
  // Only valid when the earlier state had no uncovered item with fewer than two options (a parent level after
  // propagation): then every item now at 0 or 1 was decremented there, and queued.
  queue_ready_ = queue_singles;
}

template <int K, bool QueueSingles>
void BitsetEngine::decrement_removed(Count* to, const Word* alive_before, const Word* alive_after) {
  for (std::size_t w = 0; w < words_; ++w) {
    for (Word bits = alive_before[w] & ~alive_after[w]; bits != 0; bits &= bits - 1) {
      const auto [first, last] = primaries_of<K>(static_cast<int>(w * 64) + std::countr_zero(bits));
      for (const std::uint32_t* p = first; p != last; ++p) {
        const Count left = --to[*p];
        // Branch-free: whether a count falls to 1 is unpredictable, and a mispredicted branch costs more.
        if constexpr (QueueSingles) {
          queue_[queued_] = *p;
          queued_ += left <= 1 ? 1 : 0;
        }
      }
    }
  }
}

void BitsetEngine::count_from_scratch(int level) {
  const Word* a = alive(level);
  const Word* u = uncovered(level);
  Count* to = counts(level);
  std::fill(to, to + count_stride_, kCovered);
  std::uint64_t cost = 0;
  for (std::size_t w = 0; w < item_words_; ++w) {
    for (Word bits = u[w]; bits != 0; bits &= bits - 1) {
      const int item = static_cast<int>(w * 64) + std::countr_zero(bits);
      int c = 0;
      for (std::uint32_t s = span_begin_[item]; s < span_begin_[item + 1]; ++s)
        c += std::popcount(a[spans_[s].word] & spans_[s].mask);
      to[item] = static_cast<Count>(c);
      cost += span_begin_[item + 1] - span_begin_[item];
    }
  }
  scratch_cost_[level] = cost;
}

// The one option left for item at level, or -1 if it has none.
int BitsetEngine::unique_option(int level, int item) const {
  const Word* a = alive(level);
  for (std::uint32_t s = span_begin_[item]; s < span_begin_[item + 1]; ++s)
    if (const Word bits = a[spans_[s].word] & spans_[s].mask; bits != 0)
      return static_cast<int>(spans_[s].word * 64) + std::countr_zero(bits);
  return -1;
}

// Without propagation: the first item with at most one option left, else the leftmost with fewest (or with a seed
// a random one of those), counted with popcounts. Unlike the dense path, the scan ends at an item with one
// option: counting the long columns after it to find one with none cost more time than the dead ends it cut
// saved (pentominoes; bench/README.md).
BitsetEngine::Outcome BitsetEngine::scan(int level, int& item) {
  propagated_begin_[level + 1] = propagated_begin_[level];
  const Word* a = alive(level);
  const Word* u = uncovered(level);
  const bool random_ties = options_.seed.has_value();
  int best_count = INT_MAX;
  std::uint64_t ties = 0;
  item = -1;
  for (std::size_t w = 0; w < item_words_; ++w) {
    for (Word bits = u[w]; bits != 0; bits &= bits - 1) {
      const int candidate = static_cast<int>(w * 64) + std::countr_zero(bits);
      int c = 0;
      const std::uint32_t end = span_begin_[candidate + 1];
      std::uint32_t s = span_begin_[candidate];
      // Once the count reaches the best so far, a long column cannot win (ties go to the leftmost): stop early,
      // checking every four spans to keep the loop branch-light.
      if (!random_ties && end - s >= 8) {
        for (; s + 4 <= end && c < best_count; s += 4)
          c += std::popcount(a[spans_[s].word] & spans_[s].mask) +
               std::popcount(a[spans_[s + 1].word] & spans_[s + 1].mask) +
               std::popcount(a[spans_[s + 2].word] & spans_[s + 2].mask) +
               std::popcount(a[spans_[s + 3].word] & spans_[s + 3].mask);
        if (c >= best_count) continue;
      }
      for (; s < end; ++s) c += std::popcount(a[spans_[s].word] & spans_[s].mask);
      if (keep_fewest(candidate, c, item, best_count, ties, random_ties)) return Outcome::dead;
      if (best_count == 1 && !random_ties) return Outcome::branch;
    }
  }
  return item < 0 ? Outcome::solution : Outcome::branch;
}

// The scans' choice between the best item so far and a candidate with c options: fewer wins; ties go to the
// leftmost, or with a seed to one drawn at random. Returns whether the candidate has no option left, which ends
// the scan and the node (dead).
bool BitsetEngine::keep_fewest(int candidate, int c, int& item, int& best_count, std::uint64_t& ties,
                               bool random_ties) {
  if (c < best_count) {
    item = candidate;
    best_count = c;
    ties = 1;
    return c == 0;
  }
  if (random_ties && c == best_count && random() % ++ties == 0) item = candidate;
  return false;
}

// scan() for problems of at most 4 words of options (up to 256): each count is W popcounts, unrolled.
template <int W>
BitsetEngine::Outcome BitsetEngine::scan_dense(int level, int& item) {
  propagated_begin_[level + 1] = propagated_begin_[level];
  Word* a = alive(level);
  Word* u = uncovered(level);
  const bool random_ties = options_.seed.has_value();
again:
  Word live[W];
  for (int w = 0; w < W; ++w) live[w] = a[w];
  int best_count = INT_MAX;
  std::uint64_t ties = 0;
  item = -1;
  for (std::size_t w = 0; w < item_words_; ++w) {
    for (Word bits = u[w]; bits != 0; bits &= bits - 1) {
      const int candidate = static_cast<int>(w * 64) + std::countr_zero(bits);
      const Word* column = dense_columns_.data() + static_cast<std::size_t>(candidate) * W;
      int c = 0;
      for (int k = 0; k < W; ++k) c += std::popcount(live[k] & column[k]);
      if (keep_fewest(candidate, c, item, best_count, ties, random_ties)) return Outcome::dead;
    }
  }
  // The dense path's search takes an item's last option in place (enter_dense): so do the nodes settled outside
  // it (branch_options(), all_covered()), so that a split of the search (ParallelSolver) meets the same nodes.
  if (best_count == 1 && dense_forced_in_place_) {
    take_in_place<W, 0>(level, a, u, unique_option(level, item));
    goto again;
  }
  return item < 0 ? Outcome::solution : Outcome::branch;
}

// LevelEngine::enter on the dense path: scan_dense<W> without random ties, then the item's first option and the
// child it makes, all inlined. The levels are found with W and IW (when nonzero) for words_ and item_words_.
// The options a node takes in place (dense_forced_in_place_) are its propagated ones (propagated_begin_).
template <int W, int IW>
[[gnu::always_inline]] inline BitsetEngine::Outcome BitsetEngine::enter_dense(int level) {
  propagated_begin_[static_cast<std::size_t>(level) + 1] = propagated_begin_[static_cast<std::size_t>(level)];
  if constexpr (W > 1 && kFrames) {
    // Most nodes are inside a frame where there are frames: the hint (here and in next_child_dense) keeps the work
    // of the unframed path, such as its levels' addresses, off the framed one (Langford 11: 69.4M -> 68.4M
    // instructions, about 3% less time on Langford 11 and 12 and queens 13).
    if (level >= frame_level_) [[likely]]
      return enter_framed<IW>(level);
  }
  const std::size_t item_words = IW > 0 ? IW : item_words_;
  Word* a = alive_.data() + static_cast<std::size_t>(level) * W;
  Word* u = uncovered_.data() + static_cast<std::size_t>(level) * item_words;
  const Word* columns = dense_columns_.data();
again:
  Word live[W];
  for (int w = 0; w < W; ++w) live[w] = a[w];
  if constexpr (W > 1 && kFrames) {
    if (dense_frames_) {
      frame_level_ = kNoFrame;  // a frame made at this level or below belonged to a node that is gone
      int n = 0;
      for (int w = 0; w < W; ++w) n += std::popcount(live[w]);
      if (n <= 64) {
        build_frame<W>(level, live, n, u);
        frame_from_parent_ = false;
        return enter_framed<IW>(level);
      }
    }
  }
  int best_count = INT_MAX;
  std::size_t item = 0;
  for (std::size_t w = 0; w < item_words; ++w) {
    for (Word bits = u[w]; bits != 0; bits &= bits - 1) {
      const std::size_t candidate = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      const Word* column = columns + candidate * W;
      int c = 0;
      for (int k = 0; k < W; ++k) c += std::popcount(live[k] & column[k]);
      // One option does not end the scan: an item further on may have none, and the node is then dead at once
      // rather than after a chain of forced choices.
      if (c == 0) return Outcome::dead;
      // Kept without a branch: whether an item has fewer options than those before it follows the data.
      const bool fewer = c < best_count;
      item = fewer ? candidate : item;
      best_count = fewer ? c : best_count;
    }
  }
  if (best_count == INT_MAX) return Outcome::solution;
  // Its first option (it has one), from the last word to the first without a branch: which word holds it
  // follows the data, and a loop that stopped there was mispredicted at 44% of the nodes (queens 12).
  const Word* column = columns + item * W;
  int first = 0;
  for (int w = W - 1; w >= 0; --w) {
    const Word bits = live[w] & column[w];
    first = bits != 0 ? w * 64 + std::countr_zero(bits) : first;
  }
  if (best_count == 1 && dense_forced_in_place_) {
    take_in_place<W, IW>(level, a, u, first);
    goto again;
  }
  LevelChoice& choice = choice_[static_cast<std::size_t>(level)];
  choice.item = static_cast<int>(item);
  choice.option = first;
  choice.where = static_cast<std::uint32_t>(best_count - 1);  // the options left to try after it
  if constexpr (W > 1 && kFrames) {
    if (dense_frames_) {
      // Every child's options are among the node's less the item's column (each child's option excludes them).
      Word rest[W];
      int n = 0;
      for (int w = 0; w < W; ++w) n += std::popcount(rest[w] = live[w] & ~column[w]);
      if (n <= 64) {
        build_frame<W>(level + 1, rest, n, uncovered(level));
        frame_from_parent_ = true;
        make_child_into_frame<W, IW>(level, first);
        return Outcome::branch;
      }
    }
  }
  make_child_dense<W, IW>(level, choice.option);
  return Outcome::branch;
}

// LevelEngine::next_child on the dense path: the item's next available option, from its whole column.
template <int W, int IW>
[[gnu::always_inline]] inline bool BitsetEngine::next_child_dense(int level) {
  bool into_frame = false;
  if constexpr (W > 1 && kFrames) {
    if (level >= frame_level_) [[likely]]
      return next_child_framed<IW>(level);
    into_frame = frame_from_parent_ && level + 1 == frame_level_;
    // Unless this level made it, a frame below belonged to the child that is gone: framed_alive() must not read
    // the new child from it.
    if (!into_frame) frame_level_ = kNoFrame;
  }
  LevelChoice& choice = choice_[static_cast<std::size_t>(level)];
  // Whether there is one, from the count the scan gave: a branch on it is predicted better than the exit from
  // the loop over the words below, which then need no bound.
  if (choice.where == 0) return false;
  --choice.where;
  const Word* a = alive_.data() + static_cast<std::size_t>(level) * W;
  const Word* column = dense_columns_.data() + static_cast<std::size_t>(choice.item) * W;
  const auto current = static_cast<unsigned>(choice.option);
  unsigned w = current / 64;
  // Only options after the current one in its word (none when it is bit 63: the shift gives 0).
  Word bits = a[w] & column[w] & ~((Word{2} << (current % 64)) - 1);
  while (bits == 0) {
    ++w;
    bits = a[w] & column[w];
  }
  choice.option = static_cast<int>(w * 64) + std::countr_zero(bits);
  if constexpr (W > 1 && kFrames) {
    if (into_frame) {
      make_child_into_frame<W, IW>(level, choice.option);
      return true;
    }
  }
  make_child_dense<W, IW>(level, choice.option);
  return true;
}

#if defined(__BMI2__)
// make_child_dense for a child of the node that made the frame for its children: the child's options go to
// frame_alive_, framed.
template <int W, int IW>
[[gnu::always_inline]] inline void BitsetEngine::make_child_into_frame(int level, int option) {
  const std::size_t item_words = IW > 0 ? IW : item_words_;
  const Word* a = alive_.data() + static_cast<std::size_t>(level) * W;
  const Word* c = conflicts_.data() + static_cast<std::size_t>(option) * W;
  std::uint64_t removed = 0;
  for (int w = 0; w < W; ++w) removed += static_cast<std::uint64_t>(std::popcount(a[w] & c[w]));
  stats_.updates += removed;
  frame_alive_[static_cast<std::size_t>(level) + 1] =
      frame_full_ & ~extract_row<W>(c, frame_live_, frame_shift_);
  const Word* u = uncovered_.data() + static_cast<std::size_t>(level) * item_words;
  Word* next_u = uncovered_.data() + static_cast<std::size_t>(level + 1) * item_words;
  const Word* items = items_of_.data() + static_cast<std::size_t>(option) * item_words;
  for (std::size_t w = 0; w < item_words; ++w) next_u[w] = u[w] & ~items[w];
}
#endif

// make_child on the dense path (which never propagates): W words, unrolled.
template <int W, int IW>
[[gnu::always_inline]] inline void BitsetEngine::make_child_dense(int level, int option) {
  const std::size_t item_words = IW > 0 ? IW : item_words_;
  const Word* a = alive_.data() + static_cast<std::size_t>(level) * W;
  Word* next = alive_.data() + static_cast<std::size_t>(level + 1) * W;
  const Word* c = conflicts_.data() + static_cast<std::size_t>(option) * W;
  std::uint64_t removed = 0;
  for (int w = 0; w < W; ++w) {
    // Both words read before the store: the compiler cannot tell that the levels do not overlap.
    const Word aw = a[w], cw = c[w];
    next[w] = aw & ~cw;
    removed += static_cast<std::uint64_t>(std::popcount(aw & cw));
  }
  stats_.updates += removed;
  const Word* u = uncovered_.data() + static_cast<std::size_t>(level) * item_words;
  Word* next_u = uncovered_.data() + static_cast<std::size_t>(level + 1) * item_words;
  const Word* items = items_of_.data() + static_cast<std::size_t>(option) * item_words;
  for (std::size_t w = 0; w < item_words; ++w) next_u[w] = u[w] & ~items[w];
}

// On the dense path with forced options taken in place (dense_forced_in_place_): takes option, the last one left
// to its item, at level itself, as the node's own choice rather than a child's: alive(level) loses its conflicts.
template <int W, int IW>
[[gnu::always_inline]] inline void BitsetEngine::take_in_place(int level, Word* a, Word* u, int option) {
  const Word* c = conflicts_.data() + static_cast<std::size_t>(option) * W;
  std::uint64_t removed = 0;
  for (int w = 0; w < W; ++w) {
    removed += static_cast<std::uint64_t>(std::popcount(a[w] & c[w]));
    a[w] &= ~c[w];
  }
  take_option_in_place<IW>(level, u, static_cast<OptionId>(option), removed);
}

// The rest of taking option at level in place: its items covered, the options it removed counted, and the option
// listed among the level's propagated ones (so that build_solution() lists it before the level's branch).
template <int IW>
[[gnu::always_inline]] inline void BitsetEngine::take_option_in_place(int level, Word* u, OptionId option,
                                                                      std::uint64_t removed) {
  const std::size_t item_words = IW > 0 ? IW : item_words_;
  stats_.updates += removed;
  const Word* items = items_of_.data() + static_cast<std::size_t>(option) * item_words;
  for (std::size_t w = 0; w < item_words; ++w) u[w] &= ~items[w];
  propagated_[propagated_begin_[static_cast<std::size_t>(level) + 1]++] = option;
}

#if defined(__BMI2__)
// Makes the frame whose first level is `level` (see frame_level_ in the header): the n <= 64 options of live,
// numbered in option order, with their conflicts among themselves and the columns of the items of u (those still
// uncovered at the node that makes it).
template <int W>
void BitsetEngine::build_frame(int level, const Word* live, int n, const Word* u) {
  int j = 0;
  for (int w = 0; w < W; ++w)
    for (Word bits = live[w]; bits != 0; bits &= bits - 1)
      frame_options_[static_cast<std::size_t>(j++)] = static_cast<OptionId>(w * 64 + std::countr_zero(bits));
  int* shift = frame_shift_;
  for (int w = 0, s = 0; w < W; s += std::popcount(live[w]), ++w) {
    shift[w] = s;
    frame_live_[w] = live[w];
  }
  for (j = 0; j < n; ++j)
    frame_conflicts_[static_cast<std::size_t>(j)] =
        extract_row<W>(conflicts(static_cast<int>(frame_options_[static_cast<std::size_t>(j)])), live, shift);
  for (std::size_t w = 0; w < item_words_; ++w)
    for (Word bits = u[w]; bits != 0; bits &= bits - 1) {
      const std::size_t p = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      frame_columns_[p] = extract_row<W>(dense_columns_.data() + p * W, live, shift);
    }
  frame_full_ = n == 64 ? ~Word{0} : (Word{1} << n) - 1;
  frame_alive_[static_cast<std::size_t>(level)] = frame_full_;
  frame_level_ = level;
}
#endif

// enter_dense below the frame: the same scan, choice and child, on one word of options.
template <int IW>
[[gnu::always_inline]] inline BitsetEngine::Outcome BitsetEngine::enter_framed(int level) {
  const std::size_t item_words = IW > 0 ? IW : item_words_;
  Word* u = uncovered_.data() + static_cast<std::size_t>(level) * item_words;
  const Word* columns = frame_columns_.data();
again:
  const Word live = frame_alive_[static_cast<std::size_t>(level)];
  int best_count = INT_MAX;
  std::size_t item = 0;
  for (std::size_t w = 0; w < item_words; ++w) {
    for (Word bits = u[w]; bits != 0; bits &= bits - 1) {
      const std::size_t candidate = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      const int c = std::popcount(live & columns[candidate]);
      const bool fewer = c < best_count;
      item = fewer ? candidate : item;
      best_count = fewer ? c : best_count;
    }
  }
  if (best_count == INT_MAX) return Outcome::solution;
  if (best_count == 0) return Outcome::dead;
  const Word options = live & columns[item];
  const int first = std::countr_zero(options);
  if (best_count == 1 && dense_forced_in_place_) {
    const Word c = frame_conflicts_[static_cast<std::size_t>(first)];
    frame_alive_[static_cast<std::size_t>(level)] = live & ~c;
    take_option_in_place<IW>(level, u, frame_options_[static_cast<std::size_t>(first)],
                             static_cast<std::uint64_t>(std::popcount(live & c)));
    goto again;
  }
  LevelChoice& choice = choice_[static_cast<std::size_t>(level)];
  choice.item = static_cast<int>(item);
  choice.option = static_cast<int>(frame_options_[static_cast<std::size_t>(first)]);
  frame_untried_[static_cast<std::size_t>(level)] = options & (options - 1);
  make_child_framed<IW>(level, first);
  return Outcome::branch;
}

// next_child_dense below the frame: the next of the options the scan left untried.
template <int IW>
[[gnu::always_inline]] inline bool BitsetEngine::next_child_framed(int level) {
  const Word untried = frame_untried_[static_cast<std::size_t>(level)];
  if (untried == 0) return false;
  const int j = std::countr_zero(untried);
  frame_untried_[static_cast<std::size_t>(level)] = untried & (untried - 1);
  choice_[static_cast<std::size_t>(level)].option =
      static_cast<int>(frame_options_[static_cast<std::size_t>(j)]);
  make_child_framed<IW>(level, j);
  return true;
}

template <int IW>
[[gnu::always_inline]] inline void BitsetEngine::make_child_framed(int level, int j) {
  const std::size_t item_words = IW > 0 ? IW : item_words_;
  const Word live = frame_alive_[static_cast<std::size_t>(level)];
  DLX_ASSERT(j >= 0 && j < 64 && (live >> j & 1) != 0);  // only an available option is taken
  const Word c = frame_conflicts_[static_cast<std::size_t>(j)];
  frame_alive_[static_cast<std::size_t>(level) + 1] = live & ~c;
  stats_.updates += static_cast<std::uint64_t>(std::popcount(live & c));
  const Word* u = uncovered_.data() + static_cast<std::size_t>(level) * item_words;
  Word* next_u = uncovered_.data() + static_cast<std::size_t>(level + 1) * item_words;
  const Word* items =
      items_of_.data() + static_cast<std::size_t>(frame_options_[static_cast<std::size_t>(j)]) * item_words;
  for (std::size_t w = 0; w < item_words; ++w) next_u[w] = u[w] & ~items[w];
}

// The options available at level as alive(level) would hold them: from the frame on, from frame_alive_ (the frame's
// own level may take options in place after it made the frame).
void BitsetEngine::framed_alive(int level, Word* out) const {
  if (level < frame_level_) {
    std::copy(alive(level), alive(level) + words_, out);
    return;
  }
  std::fill(out, out + words_, 0);
  for (Word bits = frame_alive_[static_cast<std::size_t>(level)]; bits != 0; bits &= bits - 1) {
    const OptionId o = frame_options_[static_cast<std::size_t>(std::countr_zero(bits))];
    out[o / 64] |= Word{1} << (o % 64);
  }
}

// Takes, in the level's own state, every option that is the last one left for its item, and whatever that forces
// in turn (unit propagation with a queue: decrementing a count to 1 queues its item, to 0 ends the level). Returns
// whether the level is then solved, dead, or needs branching on `item`, an item with at least two options.
BitsetEngine::Outcome BitsetEngine::propagate(int level, int& item) {
  return propagate_for(level, item, std::integer_sequence<int, 2, 3, 4, 5, 6>{});
}

// propagate_with<K> for the K among Ks that is the problem's number of primary items per option (0: none).
template <int... Ks>
BitsetEngine::Outcome BitsetEngine::propagate_for(int level, int& item, std::integer_sequence<int, Ks...>) {
  Outcome outcome = Outcome::dead;
  const bool uniform =
      ((primaries_per_option_ == Ks && (outcome = propagate_with<Ks>(level, item), true)) || ...);
  return uniform ? outcome : propagate_with<0>(level, item);
}

template <int K>
BitsetEngine::Outcome BitsetEngine::propagate_with(int level, int& item) {
  std::uint32_t end = propagated_begin_[level];
  std::uint64_t removed = 0;
  const auto finish = [&](Outcome outcome) {
    propagated_begin_[level + 1] = end;
    stats_.updates += removed;
    return outcome;
  };
  Count* k = counts(level);
  Word* a = alive(level);
  Word* u = uncovered(level);
  const auto is_uncovered = [u](std::size_t j) { return (u[j / 64] >> (j % 64) & 1) != 0; };

  std::size_t head = 0, tail = 0;
  if (queue_ready_) {
    tail = queued_;
    queue_ready_ = false;
  } else if (const int first = first_at_most_one(k, count_stride_); first >= 0) {
    bool dead = false;
    for_each_at_most_one(k, static_cast<std::size_t>(first), count_stride_, [&](std::size_t j) {
      if (k[j] == 0) dead = true;
      queue_[tail++] = static_cast<std::uint32_t>(j);
    });
    if (dead) return finish(Outcome::dead);
  }
  // Removes the available options among `bits` (of word w): decrements their items' counts, queueing any item
  // left with one option (or none: `dead`).
  bool dead = false;
  const auto remove = [&](std::size_t w, Word bits) {
    a[w] &= ~bits;
    for (; bits != 0; bits &= bits - 1) {
      ++removed;
      const auto [first_item, last_item] = primaries_of<K>(static_cast<int>(w * 64) + std::countr_zero(bits));
      for (const std::uint32_t* p = first_item; p != last_item; ++p) {
        const std::uint32_t i = *p;
        // Branch-free: whether a count falls to 1 is unpredictable, and a mispredicted branch costs more.
        const Count left = --k[i];
        queue_[tail] = i;
        tail += left <= 1 ? 1 : 0;
        dead |= left == 0;
      }
    }
  };
  std::uint64_t covered_cost = 0;
  while (head < tail) {
    const std::uint32_t j = queue_[head++];
    if (!is_uncovered(j)) continue;  // an option taken meanwhile covered it
    if (k[j] == 0) return finish(Outcome::dead);
    const int option = unique_option(level, static_cast<int>(j));
    const Word* items = items_of(option);
    for (std::size_t w = 0; w < item_words_; ++w) u[w] &= ~items[w];
    const auto [own_first, own_last] = primaries_of<K>(option);
    for (const std::uint32_t* p = own_first; p != own_last; ++p) k[*p] = kCovered;
    const Word* c = conflicts(option);
    for (std::size_t w = 0; w < words_; ++w) remove(w, a[w] & c[w]);
    covered_cost += span_cost_[option];
    propagated_[end++] = static_cast<OptionId>(option);
    if (dead) return finish(Outcome::dead);
  }
  scratch_cost_[level] -= covered_cost;
  // Every uncovered item now has at least two options: the leftmost with fewest is the branch.
  if (options_.seed) {
    int count = 0;
    item = choose_item(level, count);
  } else {
    item = leftmost_min(k, count_stride_);
    if (is_covered(k[item])) {
      item = -1;
    } else if (tie_candidates_ > 1) {
      item = most_removing_tie(level, item);
    }
  }
  return finish(item < 0 ? Outcome::solution : Outcome::branch);
}

// Among the first tie_candidates_ items with as few options as `first` (the leftmost), the one whose options
// remove the most available options in all: its branches propagate furthest, so the subtrees below are
// smaller. Measured on Sudoku (first 2000 of forum_hardest_1905_11plus, limit 2, callgrind): nodes 648k ->
// 541k with 4 candidates, 502k with 6, 491k with 8, 441k with every tie; but a score costs a popcount per
// word of options for each option, and instructions are lowest with 6 (3.35G -> 3.13G; time -7%).
int BitsetEngine::most_removing_tie(int level, int first) {
  const Count* k = counts(level);
  const Word* a = alive(level);
  const Count least = k[first];
  int best = first;
  long best_score = -1;
  int seen = 0;
  for (std::size_t i = static_cast<std::size_t>(first); i < static_cast<std::size_t>(primaries_); ++i) {
    if (k[i] != least) continue;
    long score = 0;
    for (std::uint32_t s = span_begin_[i]; s < span_begin_[i + 1]; ++s) {
      for (Word bits = a[spans_[s].word] & spans_[s].mask; bits != 0; bits &= bits - 1) {
        const Word* c = conflicts(static_cast<int>(spans_[s].word * 64) + std::countr_zero(bits));
        for (std::size_t w = 0; w < words_; ++w) score += std::popcount(a[w] & c[w]);
      }
    }
    if (score > best_score) {
      best_score = score;
      best = static_cast<int>(i);
    }
    if (++seen == tie_candidates_) break;
  }
  return best;
}

bool BitsetEngine::force(OptionId option) {
  const int o = static_cast<int>(option);
  if (!has_primary_[o] || (alive(0)[o / 64] >> (o % 64) & 1) == 0) return false;
  Word* a = alive(0);
  const Word* c = conflicts(o);
  std::uint64_t removed = 0;
  for (std::size_t w = 0; w < words_; ++w) {
    removed += static_cast<std::uint64_t>(std::popcount(a[w] & c[w]));
    a[w] &= ~c[w];
  }
  stats_.updates += removed;
  Word* u = uncovered(0);
  const Word* items = items_of(o);
  for (std::size_t w = 0; w < item_words_; ++w) u[w] &= ~items[w];
  root_counts_valid_ = false;
  forced_.push_back(option);
  return true;
}

// The primary item to branch on: the first with at most one option left if any (its choice is forced), else
// the leftmost with fewest, or with a seed a random one of those with fewest. -1 when all are covered.
int BitsetEngine::choose_item(int level, int& count) {
  const Count* k = counts(level);
  int best = -1;
  if (!options_.seed) {
    best = first_at_most_one(k, count_stride_);
    if (best < 0) best = leftmost_min(k, count_stride_);
  } else {
    Count least = kCovered;
    std::uint64_t ties = 0;
    for (std::size_t i = 0; i < count_stride_; ++i) {
      if (k[i] < least) {
        least = k[i];
        best = static_cast<int>(i);
        ties = 1;
        if (least == 0) break;
      } else if (k[i] == least && !is_covered(least) && random() % ++ties == 0) {
        best = static_cast<int>(i);
      }
    }
  }
  if (best < 0 || is_covered(k[best])) return -1;
  count = k[best];
  return best;
}
// Advances choice to the next available option of its item after choice.option; false when there is none.
bool BitsetEngine::next_option(int level, Choice& choice) {
  const Word* a = alive(level);
  std::uint32_t s = choice.option < 0 ? span_begin_[choice.item] : choice.where;
  const std::uint32_t end = span_begin_[choice.item + 1];
  for (; s < end; ++s) {
    Word bits = a[spans_[s].word] & spans_[s].mask;
    if (choice.option >= 0 && static_cast<std::uint32_t>(choice.option / 64) == spans_[s].word)
      bits &= ~((Word{2} << (choice.option % 64)) - 1);  // only options after the current one
    if (bits != 0) {
      choice.option = static_cast<int>(spans_[s].word * 64) + std::countr_zero(bits);
      choice.where = s;
      return true;
    }
  }
  return false;
}

void BitsetEngine::copy_root(int level) {
  std::copy(alive(0), alive(0) + words_, alive(level));
  std::copy(uncovered(0), uncovered(0) + item_words_, uncovered(level));
  if (propagating_) count_from_scratch(level);
}

bool BitsetEngine::all_covered_at(int level) const {
  const Word* u = uncovered(level);
  return std::all_of(u, u + item_words_, [](Word w) { return w == 0; });
}

void BitsetEngine::begin_search() {
  if (propagating_ && !root_counts_valid_) count_root();
  root_counts_valid_ = true;
}

void BitsetEngine::check_invariants() const {
  const auto fail = [](const std::string& what) { throw std::logic_error("dlx bitset engine: " + what); };
  const auto has = [](const Word* bits, std::size_t i) { return (bits[i / 64] >> (i % 64) & 1) != 0; };
  const auto option_count = static_cast<std::size_t>(option_count_);
  // The tables built once: conflicts are symmetric and every option conflicts with itself; the bitset and the
  // list of an option's primary items agree; an item's column (its spans) holds exactly the options on it.
  for (std::size_t o = 0; o < option_count; ++o) {
    if (!has(conflicts(static_cast<int>(o)), o))
      fail("option " + std::to_string(o) + " does not exclude itself");
    for (std::size_t q = 0; q < option_count; ++q)
      if (has(conflicts(static_cast<int>(o)), q) != has(conflicts(static_cast<int>(q)), o))
        fail("options " + std::to_string(o) + " and " + std::to_string(q) + " conflict one way only");
    std::size_t listed = 0;
    for (std::uint32_t k = primary_begin_[o]; k < primary_begin_[o + 1]; ++k, ++listed)
      if (!has(items_of(static_cast<int>(o)), primary_items_[k]))
        fail("an option's item list and bitset differ");
    std::size_t bits = 0;
    for (std::size_t w = 0; w < item_words_; ++w)
      bits += static_cast<std::size_t>(std::popcount(items_of(static_cast<int>(o))[w]));
    if (bits != listed) fail("an option's item list and bitset differ");
  }
  for (int p = 0; p < primaries_; ++p) {
    std::vector<Word> column(words_, 0);
    for (std::uint32_t k = span_begin_[p]; k < span_begin_[p + 1]; ++k)
      column[spans_[k].word] |= spans_[k].mask;
    for (std::size_t o = 0; o < option_count; ++o)
      if (has(column.data(), o) != has(items_of(static_cast<int>(o)), static_cast<std::size_t>(p)))
        fail("the column of item " + std::to_string(p) + " and option " + std::to_string(o) + " disagree");
  }
  if (this->pc_ == Engine::Pc::start) return;  // the levels hold nothing before the search
  std::vector<Word> here(words_), next(words_);
  for (int k = 0; k <= depth_; ++k) {
    framed_alive(k, here.data());
    const Word* a = here.data();
    const Word* u = uncovered(k);
    // An option still available covers only uncovered items (whatever covered them excluded it).
    for (std::size_t o = 0; o < option_count; ++o) {
      if (!has(a, o)) continue;
      for (std::size_t w = 0; w < item_words_; ++w)
        if ((items_of(static_cast<int>(o))[w] & ~u[w]) != 0)
          fail("option " + std::to_string(o) + " is available at level " + std::to_string(k) +
               " but has a covered item");
    }
    for (std::size_t o = option_count; o < words_ * 64; ++o)
      if (has(a, o)) fail("a bit past the last option is set at level " + std::to_string(k));
    if (k == depth_) continue;
    // Level k+1 is level k after its choice: fewer options and items, and the choice itself gone.
    framed_alive(k + 1, next.data());
    const Word* below = next.data();
    for (std::size_t w = 0; w < words_; ++w)
      if ((below[w] & ~a[w]) != 0)
        fail("level " + std::to_string(k + 1) + " has an option level " + std::to_string(k) + " had not");
    for (std::size_t w = 0; w < item_words_; ++w)
      if ((uncovered(k + 1)[w] & ~u[w]) != 0)
        fail("level " + std::to_string(k + 1) + " has an item level " + std::to_string(k) + " had covered");
    const int chosen = choice_[static_cast<std::size_t>(k)].option;
    if (chosen < 0 || !has(a, static_cast<std::size_t>(chosen)) ||
        has(below, static_cast<std::size_t>(chosen)))
      fail("level " + std::to_string(k) + "'s choice is not an option it had and its child has not");
  }
}

std::unique_ptr<Engine> make_bitset_engine(const Problem& problem, const SearchOptions& options) {
  return std::make_unique<BitsetEngine>(problem, options);
}

DLX_ISA_END
}  // namespace dlx::detail
