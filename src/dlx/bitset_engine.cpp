// Algorithm C with the table of available options kept as bitsets instead of linked lists.
//
// Two options conflict when they share a primary item, or a secondary item that either leaves uncolored or
// that they color differently. That relation is fixed, so it is computed once: conflicts_ holds, per option,
// the bitset of the options it excludes. A set of options is a solution of Algorithm C exactly when its
// options are pairwise compatible and cover every primary item once, so the search needs no other state
// than, per level, the bitset of options still available and the bitset of primary items still uncovered:
// choosing option x at level k makes level k+1 with alive &= ~conflicts(x) and uncovered &= ~items_of(x).
// Backtracking costs nothing (the parent level is untouched), the search allocates nothing, and an item's
// number of remaining options is a popcount over the few words its column spans.
//
// The branching rule and the order of the options tried are those of the dancing-links engine (fewest
// options, leftmost on ties; options in input order), so both engines walk the same tree. This one wins when
// options are few (up to a few thousand): each node costs a few hundred word operations, branch-free, where
// dancing links pays a cache miss per link.
#include "dlx/bitset_engine.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <map>
#include <memory>
#include <stdexcept>

namespace dlx::detail {

BitsetEngine::BitsetEngine(const Problem& problem, const SearchOptions& options) : EngineBase(options) {
  option_count_ = static_cast<int>(problem.option_count());
  words_ = (problem.option_count() + 63) / 64;
  std::vector<int> primary_index(problem.item_count(), -1);
  for (ItemId item = 0; item < problem.item_count(); ++item)
    if (problem.is_primary(item)) primary_index[item] = primaries_++;
  item_words_ = (static_cast<std::size_t>(primaries_) + 63) / 64;

  // The options of each item, with the color each gives it.
  struct Use {
    int option;
    ColorId color;
  };
  std::vector<std::vector<Use>> uses(problem.item_count());
  items_of_.assign(static_cast<std::size_t>(option_count_) * item_words_, 0);
  has_primary_.assign(static_cast<std::size_t>(option_count_), false);
  for (int o = 0; o < option_count_; ++o) {
    for (const ItemUse& use : problem.option(static_cast<OptionId>(o))) {
      uses[use.item].push_back({o, use.color});
      if (const int p = primary_index[use.item]; p >= 0) {
        items_of_[static_cast<std::size_t>(o) * item_words_ + p / 64] |= Word{1} << (p % 64);
        has_primary_[o] = true;
      }
    }
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

  // Each level chooses one more option, covering at least one more primary item.
  const std::size_t levels = static_cast<std::size_t>(std::min(primaries_, option_count_)) + 2;
  alive_.assign(levels * words_, 0);
  uncovered_.assign(levels * item_words_, 0);
  choice_.resize(levels);
  forced_.reserve(levels);
  solution_.reserve(levels);
  reset();
}

void BitsetEngine::reset() {
  Word* a = alive(0);
  std::fill(a, a + words_, 0);
  for (int o = 0; o < option_count_; ++o) a[o / 64] |= Word{1} << (o % 64);
  Word* u = uncovered(0);
  std::fill(u, u + item_words_, 0);
  for (int p = 0; p < primaries_; ++p) u[p / 64] |= Word{1} << (p % 64);
  forced_.clear();
  solution_.clear();
  level_ = 0;
  reset_common();
}

bool BitsetEngine::all_covered() const {
  const Word* u = uncovered_.data() + static_cast<std::size_t>(level_) * item_words_;
  return std::all_of(u, u + item_words_, [](Word w) { return w == 0; });
}

void BitsetEngine::apply(int level, int option) {
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
  stats_.updates += removed;
}

bool BitsetEngine::force(OptionId option) {
  if (pc_ != Pc::start) throw std::logic_error("dlx::Solver::force() after the search started; call reset() first");
  if (option >= static_cast<OptionId>(option_count_)) throw std::out_of_range("dlx::Solver::force(): no such option");
  const int o = static_cast<int>(option);
  if (!has_primary_[o] || (alive(0)[o / 64] >> (o % 64) & 1) == 0) return false;
  // Level 1 is scratch here: compute into it, then copy back to level 0.
  apply(0, o);
  std::copy(alive(1), alive(1) + words_, alive(0));
  std::copy(uncovered(1), uncovered(1) + item_words_, uncovered(0));
  forced_.push_back(option);
  return true;
}

// The primary item with fewest available options (leftmost on ties, or a seeded random one of the ties); an
// item with at most one is taken at once. Returns -1 when every primary item is covered.
int BitsetEngine::choose_item(int level, int& count) {
  const Word* a = alive(level);
  const Word* u = uncovered(level);
  int best = -1;
  int best_count = INT_MAX;
  std::uint64_t ties = 0;
  const bool random_ties = options_.seed.has_value();
  for (std::size_t w = 0; w < item_words_; ++w) {
    for (Word bits = u[w]; bits != 0; bits &= bits - 1) {
      const int item = static_cast<int>(w * 64) + std::countr_zero(bits);
      int c = 0;
      const std::uint32_t end = span_begin_[item + 1];
      std::uint32_t s = span_begin_[item];
      // Once the count reaches the best so far this item cannot win (ties go to the leftmost), so stop early;
      // checking every few spans keeps the loop branch-light.
      for (; s + 4 <= end && c < best_count; s += 4)
        c += std::popcount(a[spans_[s].word] & spans_[s].mask) + std::popcount(a[spans_[s + 1].word] & spans_[s + 1].mask) +
             std::popcount(a[spans_[s + 2].word] & spans_[s + 2].mask) + std::popcount(a[spans_[s + 3].word] & spans_[s + 3].mask);
      for (; s < end && (c < best_count || (random_ties && c == best_count)); ++s) c += std::popcount(a[spans_[s].word] & spans_[s].mask);
      if (c < best_count) {
        best = item;
        best_count = c;
        ties = 1;
        if (c == 0 || (c == 1 && !random_ties)) {
          count = c;
          return best;
        }
      } else if (random_ties && c == best_count && random() % ++ties == 0) {
        best = item;
      }
    }
  }
  count = best_count;
  return best;
}

// Advances choice to the next available option of its item after choice.option; false when there is none.
bool BitsetEngine::next_option(int level, Choice& choice) {
  const Word* a = alive(level);
  std::uint32_t s = choice.option < 0 ? span_begin_[choice.item] : choice.span;
  const std::uint32_t end = span_begin_[choice.item + 1];
  for (; s < end; ++s) {
    Word bits = a[spans_[s].word] & spans_[s].mask;
    if (choice.option >= 0 && static_cast<std::uint32_t>(choice.option / 64) == spans_[s].word)
      bits &= ~((Word{2} << (choice.option % 64)) - 1);  // only options after the current one
    if (bits != 0) {
      choice.option = static_cast<int>(spans_[s].word * 64) + std::countr_zero(bits);
      choice.span = s;
      return true;
    }
  }
  return false;
}

std::vector<OptionId> BitsetEngine::branch_options() {
  if (pc_ != Pc::start) throw std::logic_error("dlx::Solver::branch_options() after the search started");
  std::vector<OptionId> out;
  int count = 0;
  const int item = choose_item(0, count);
  if (item < 0) return out;
  Choice choice{item, -1, 0};
  while (next_option(0, choice)) out.push_back(static_cast<OptionId>(choice.option));
  return out;
}

void BitsetEngine::build_solution(int depth, std::vector<OptionId>& out) const {
  out.assign(forced_.begin(), forced_.end());
  for (int k = 0; k < depth; ++k) out.push_back(static_cast<OptionId>(choice_[k].option));
}

template <class Visit>
void BitsetEngine::run(Visit&& visit) {
  int l = level_;
  int count = 0, item = 0;
  switch (pc_) {
    case Pc::start:
      pc_ = Pc::enter;
      goto enter;
    case Pc::enter:
      goto enter;
    case Pc::after_solution:
      goto leave;
    case Pc::done:
      status_ = Status::exhausted;
      return;
  }

enter:  // A new level: a solution when every primary item is covered, else branch on the best item.
  if (should_pause()) {
    level_ = l;
    pc_ = Pc::enter;
    return;
  }
  ++stats_.nodes;
  item = choose_item(l, count);
  if (item < 0) {
    ++stats_.solutions;
    if (!visit(l)) {
      level_ = l;
      pc_ = Pc::after_solution;
      status_ = Status::found;
      return;
    }
    goto leave;
  }
  if (count == 0) goto leave;
  choice_[l] = {item, -1, 0};
  next_option(l, choice_[l]);

try_option:
  apply(l, choice_[l].option);
  ++l;
  goto enter;

leave:  // Back to the previous level and its next option.
  if (l == 0) {
    level_ = 0;
    pc_ = Pc::done;
    status_ = Status::exhausted;
    return;
  }
  --l;
  if (next_option(l, choice_[l])) goto try_option;
  goto leave;
}

std::unique_ptr<Engine> make_bitset_engine(const Problem& problem, const SearchOptions& options) {
  return std::make_unique<BitsetEngine>(problem, options);
}

}  // namespace dlx::detail
