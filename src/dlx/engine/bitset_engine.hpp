// Algorithm X/C on bitsets of options, with propagation of forced choices (internal header; see solver.hpp).
#pragma once

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "isa.hpp"
#include "knobs.hpp"
#include "level_engine.hpp"

namespace dlx::detail {
DLX_ISA_BEGIN

class BitsetEngine final : public LevelEngine<BitsetEngine> {
 public:
  BitsetEngine(const Problem& problem, const SearchOptions& options);

  void reset() override;
  bool force(OptionId option) override;
  // The table at the head of bitset_engine.cpp, checked: throws std::logic_error naming the first broken one.
  void check_invariants() const override;

  // Whether this engine would propagate forced choices on this problem (see SearchOptions::propagation).
  static bool propagates(const Problem& problem, const SearchOptions& options);

 private:
  friend class LevelEngine<BitsetEngine>;  // its search calls the hooks below
  friend class EngineBase<BitsetEngine>;   // its public operations call run() below
  using Choice = LevelChoice;
  void begin_search();
  void copy_root(int level);
  bool all_covered_at(int level) const;
  using Word = std::uint64_t;
  // Options left per primary item. An item already covered is set to kCovered, and later decrements (by options
  // removed afterwards) leave it above kCoveredFloor: columns are shorter than kCoveredFloor in this mode, so
  // the hot loops need not test whether an item is covered.
  using Count = std::int16_t;
  static constexpr Count kCovered = INT16_MAX;
  static constexpr Count kCoveredFloor = 16384;
  static bool is_covered(Count c) { return c >= kCoveredFloor; }

  // The words of one primary item's column that have bits: options are numbered in input order, so a
  // column usually touches a few words only.
  struct Span {
    std::uint32_t word;
    Word mask;
  };
  Word* alive(int level) { return alive_.data() + static_cast<std::size_t>(level) * words_; }
  const Word* alive(int level) const { return alive_.data() + static_cast<std::size_t>(level) * words_; }
  Word* uncovered(int level) { return uncovered_.data() + static_cast<std::size_t>(level) * item_words_; }
  const Word* uncovered(int level) const {
    return uncovered_.data() + static_cast<std::size_t>(level) * item_words_;
  }
  Count* counts(int level) { return counts_.data() + static_cast<std::size_t>(level) * count_stride_; }
  const Word* conflicts(int option) const {
    return conflicts_.data() + static_cast<std::size_t>(option) * words_;
  }
  const Word* items_of(int option) const {
    return items_of_.data() + static_cast<std::size_t>(option) * item_words_;
  }

  void make_child(int level, int option);
  // The search loop (EngineBase::run), with LevelEngine's steps, or on the dense path (dense_words_) with
  // DenseSteps<W, IW>, chosen once per search: the loop is then compiled around the steps for that number of words
  // of options (W) and of items (IW: 1, or 0 for item_words_), with fixed-length loops and no calls.
  template <class Visit>
  void run(Visit&& visit) {
    const bool one = item_words_ == 1;
    switch (dense_words_) {
      case 1:
        return one ? run_dense<1, 1>(visit) : run_dense<1, 0>(visit);
      case 2:
        return one ? run_dense<2, 1>(visit) : run_dense<2, 0>(visit);
      case 3:
        return one ? run_dense<3, 1>(visit) : run_dense<3, 0>(visit);
      case 4:
        return one ? run_dense<4, 1>(visit) : run_dense<4, 0>(visit);
      default:
        return this->run_with(*this, visit);
    }
  }
  template <int W, int IW>
  struct DenseSteps {
    BitsetEngine& engine;
    [[gnu::always_inline]] Outcome enter(int level) { return engine.enter_dense<W, IW>(level); }
    [[gnu::always_inline]] bool next_child(int level) { return engine.next_child_dense<W, IW>(level); }
  };
  template <int W, int IW, class Visit>
  void run_dense(Visit& visit) {
    DenseSteps<W, IW> steps{*this};
    this->run_with(steps, visit);
  }
  template <int W, int IW>
  Outcome enter_dense(int level);
  template <int W, int IW>
  bool next_child_dense(int level);
  template <int W, int IW>
  void make_child_dense(int level, int option);
  template <int W, int IW>
  void make_child_into_frame(int level, int option);
  template <int W, int IW>
  void take_in_place(int level, Word* a, Word* u, int option);
  template <int IW>
  void take_option_in_place(int level, Word* u, OptionId option, std::uint64_t removed);
  template <int W>
  void build_frame(int level, const Word* live, int n, const Word* u);
  template <int IW>
  Outcome enter_framed(int level);
  template <int IW>
  bool next_child_framed(int level);
  template <int IW>
  void make_child_framed(int level, int j);
  void framed_alive(int level, Word* out) const;
  void recount(int level, const Count* from, const Word* alive_before, const Word* uncovered_before,
               std::uint64_t removed, bool queue_singles = false);
  void count_from_scratch(int level);
  Outcome propagate(int level, int& item);
  template <int K>
  Outcome propagate_with(int level, int& item);
  template <int K, bool QueueSingles>
  void decrement_removed(Count* to, const Word* alive_before, const Word* alive_after);
  template <int K>
  void decrement_removed(Count* to, const Word* alive_before, const Word* alive_after, bool queue_singles) {
    if (queue_singles) {
      decrement_removed<K, true>(to, alive_before, alive_after);
    } else {
      decrement_removed<K, false>(to, alive_before, alive_after);
    }
  }
  // The primary items of option o: K of them at o*K when every option has K (K > 0), else from primary_begin_.
  template <int K>
  std::pair<const std::uint32_t*, const std::uint32_t*> primaries_of(int o) const {
    if constexpr (K > 0) {
      const std::uint32_t* first = primary_items_.data() + static_cast<std::size_t>(o) * K;
      return {first, first + K};
    } else {
      return {primary_items_.data() + primary_begin_[o], primary_items_.data() + primary_begin_[o + 1]};
    }
  }
  Outcome scan(int level, int& item);
  template <int W>
  Outcome scan_dense(int level, int& item);
  bool keep_fewest(int candidate, int c, int& item, int& best_count, std::uint64_t& ties, bool random_ties);
  template <int... Ks>
  Outcome propagate_for(int level, int& item, std::integer_sequence<int, Ks...>);
  Outcome settle(int level, int& item) {
    if (propagating_) return propagate(level, item);
    switch (words_) {
      case 1:
        return scan_dense<1>(level, item);
      case 2:
        return scan_dense<2>(level, item);
      case 3:
        return scan_dense<3>(level, item);
      case 4:
        return scan_dense<4>(level, item);
      default:
        return scan(level, item);
    }
  }
  int unique_option(int level, int item) const;
  int most_removing_tie(int level, int first);
  int tie_candidates_ = 0;  // 0: the leftmost of the items with fewest options, as dancing links takes
  int choose_item(int level, int& count);
  bool next_option(int level, Choice& choice);

  int option_count_ = 0, primaries_ = 0;
  // Two ways to find the item to branch on, chosen per problem (see the constructor): keep every item's count
  // per level and take all forced options in rounds (wins with many items and short columns, as in Sudoku), or
  // count items with popcounts at each node (wins on the classic puzzles).
  bool propagating_ = false;
  // W (1 to 4) when the search takes the dense path: no propagation, at most 4 words of options (W of them), and
  // no seed (ties go to the leftmost item, with no random draw in the scan). 0 otherwise.
  int dense_words_ = 0;
  // Whether the dense path takes an item's last option at the node itself (Propagation::automatic) rather than
  // in a child node of its own: the same choices in the same order, with fewer nodes.
  bool dense_forced_in_place_ = false;
  std::size_t words_ = 0, item_words_ = 0, count_stride_ = 0;
  std::vector<Word> conflicts_;  // per option: the options it cannot go with (itself included)
  std::vector<Word> items_of_;   // per option: its primary items, as a bitset
  std::vector<std::uint32_t> primary_begin_, primary_items_;  // per option: its primary items, as a list
  int primaries_per_option_ = 0;           // K when every option has exactly K primary items (2 to 6), else 0
  std::vector<Span> spans_;                // every primary item's column, item after item
  std::vector<Word> dense_columns_;        // with at most 4 words of options: each item's column, whole
  std::vector<std::uint32_t> span_begin_;  // per primary item, into spans_ (one more at the end)
  std::vector<std::uint32_t> span_cost_;   // per option: spans of its primary items' columns
  std::vector<bool> has_primary_;
  std::vector<Word> initial_alive_, initial_uncovered_;
  std::vector<Count> initial_counts_;
  std::uint64_t initial_scratch_cost_ = 0;
  void count_root();
  std::uint64_t primary_uses_ = 0;  // total primary items over all options

  std::vector<std::uint32_t> queue_;  // items left with at most one option, during propagation
  // Set when make_child's recount already queued every item whose count fell to 1 or 0 (queue_[0, queued_)),
  // so that propagation needs no scan of the counts.
  bool queue_ready_ = false;
  std::size_t queued_ = 0;
  bool root_counts_valid_ = false;

  // Level k of the search owns alive(k) (options still available), uncovered(k) (primary items still to
  // cover) and counts(k) (available options per uncovered primary item). Level k+1 is level k minus the
  // conflicts of choice_[k] (a Choice's `where` is the span of the item's column that holds its option; the
  // dense path finds the next option from the option itself and keeps in `where` how many are left to try, or
  // in a frame keeps the options left in frame_untried_).
  std::vector<Word> alive_, uncovered_;
  std::vector<Count> counts_;
  std::vector<std::uint64_t> scratch_cost_;  // per level: spans over the uncovered items' columns

  // The frame (dense path with W > 1 words): the first node on a path whose available options fit in one word
  // numbers them 0..n-1 in option order, and its whole subtree runs on that one word: a count is one popcount,
  // not W, and a child one AND. A node whose children's options fit in one word (its options less its item's
  // column) makes the frame for them all, once, rather than each child its own (frame_from_parent_). The levels
  // from frame_level_ on then keep their options in frame_alive_ only (alive(k) is not written there;
  // framed_alive() rebuilds it); uncovered(k) and choice_ (options by their own numbers) are kept as everywhere.
  bool dense_frames_ = false;  // whether the dense path makes frames (the knob dense_frames, and W > 1)
  static constexpr int kNoFrame = std::numeric_limits<int>::max();
  // The first level framed: the level of the node that made the frame, or of its children; kNoFrame: none.
  int frame_level_ = kNoFrame;
  // Whether the node at frame_level_ - 1 made the frame for its children: each of its children starts from it.
  bool frame_from_parent_ = false;
  Word frame_full_ = 0;                  // the frame's options, all of them: its first n bits
  Word frame_live_[4] = {};              // the options framed, as a bitset of options (W words)
  int frame_shift_[4] = {};              // per word of frame_live_: the options framed in the words before it
  std::vector<OptionId> frame_options_;  // per frame number j < 64: the option it stands for
  std::vector<Word> frame_conflicts_;    // per frame number: the frame numbers it excludes
  std::vector<Word> frame_columns_;      // per primary item uncovered at frame_level_: its column, framed
  std::vector<Word> frame_alive_;        // per level from frame_level_ down: the options available, framed
  std::vector<Word>
      frame_untried_;  // per level from frame_level_ down: its item's options not tried yet, framed
};

DLX_ISA_END
}  // namespace dlx::detail
