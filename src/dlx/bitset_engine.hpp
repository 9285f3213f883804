// Algorithm X/C on bitsets of options (internal header; see solver.hpp for the public interface).
#pragma once

#include <cstdint>
#include <vector>

#include "dlx/engine.hpp"

namespace dlx::detail {

class BitsetEngine final : public EngineBase<BitsetEngine> {
 public:
  BitsetEngine(const Problem& problem, const SearchOptions& options);

  void reset() override;
  bool force(OptionId option) override;
  std::vector<OptionId> branch_options() override;
  bool all_covered() const override;

  template <class Visit>
  void run(Visit&& visit);
  void build_solution(int depth, std::vector<OptionId>& out) const;

 private:
  using Word = std::uint64_t;
  // The words of one primary item's column that have bits: options are numbered in input order, so a
  // column usually touches a few words only.
  struct Span {
    std::uint32_t word;
    Word mask;
  };
  struct Choice {
    int item;         // the primary item branched on
    int option;       // the option being tried (-1 before the first)
    std::uint32_t span;  // the span of the item's column that holds `option`
  };

  Word* alive(int level) { return alive_.data() + static_cast<std::size_t>(level) * words_; }
  Word* uncovered(int level) { return uncovered_.data() + static_cast<std::size_t>(level) * item_words_; }
  const Word* conflicts(int option) const { return conflicts_.data() + static_cast<std::size_t>(option) * words_; }
  const Word* items_of(int option) const { return items_of_.data() + static_cast<std::size_t>(option) * item_words_; }
  int choose_item(int level, int& count);
  bool next_option(int level, Choice& choice);
  void apply(int level, int option);

  int option_count_ = 0, primaries_ = 0;
  std::size_t words_ = 0, item_words_ = 0;
  std::vector<Word> conflicts_;   // per option: the options it cannot go with (itself included)
  std::vector<Word> items_of_;    // per option: its primary items
  std::vector<Span> spans_;       // every primary item's column, item after item
  std::vector<std::uint32_t> span_begin_;  // per primary item, into spans_ (one more at the end)
  std::vector<bool> has_primary_;

  // Level k of the search owns alive(k) (options still available) and uncovered(k) (primary items still to
  // cover); level k+1 is level k minus the conflicts of choice_[k]. Backtracking is just going back a level.
  std::vector<Word> alive_, uncovered_;
  std::vector<Choice> choice_;
  std::vector<OptionId> forced_;
  int level_ = 0;
};

}  // namespace dlx::detail
