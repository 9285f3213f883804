// What the engines that keep one state per search level share (internal header): the bitset engine and the
// mask engine. Level k of the search owns its own state (kept by the engine); level k+1 is level k after the
// option choice_[k] and what it forces, so backtracking is going back a level, with nothing to undo.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "engine.hpp"

namespace dlx::detail {

// The option tried at a level.
struct LevelChoice {
  int item;    // the primary item branched on
  int option;  // the option being tried (-1 before the first)
  std::uint32_t
      where;  // where the engine found it in the item's column (a span, a bit), to find the next one
};

// Derived provides (and makes LevelEngine a friend):
//   void begin_search()                           at the root, before the first node
//   Outcome settle(int level, int& item)          take the forced options; then solved, dead, or branch on
//   item bool next_option(int level, LevelChoice& c)   c's next option at level (the first when c.option is
//   -1) void make_child(int level, int option)        level+1 from level and option void copy_root(int level)
//   the root, as the search starts from it, into level bool all_covered_at(int level) const
template <class Derived>
class LevelEngine : public EngineBase<Derived> {
 public:
  std::vector<OptionId> branch_options() final {
    // Settle a copy of the root (level 1 is free before the search) so that the branching matches the search.
    Derived& d = derived();
    d.copy_root(1);
    propagated_begin_[1] = 0;
    std::vector<OptionId> out;
    this->stats_.updates = 0;
    int item = 0;
    if (d.settle(1, item) != Engine::Outcome::branch) return out;
    LevelChoice choice{item, -1, 0};
    while (d.next_option(1, choice)) out.push_back(static_cast<OptionId>(choice.option));
    return out;
  }

  bool all_covered() const final {
    auto& d =
        const_cast<Derived&>(static_cast<const Derived&>(*this));  // level 1 is scratch before the search
    if (this->pc_ != Engine::Pc::start) return d.all_covered_at(level_);
    // Before the search: do the forced options, with what they force in turn, cover every primary item?
    d.copy_root(1);
    d.propagated_begin_[1] = 0;
    int item = 0;
    return d.settle(1, item) == Engine::Outcome::solution;
  }

  void build_solution(int depth, std::vector<OptionId>& out) const {
    out.assign(forced_.begin(), forced_.end());
    for (int k = 0; k <= depth; ++k) {
      out.insert(out.end(), propagated_.begin() + propagated_begin_[k],
                 propagated_.begin() + propagated_begin_[k + 1]);
      if (k < depth) out.push_back(static_cast<OptionId>(choice_[k].option));
    }
  }

  // The search, resumable at a node or after a solution (see EngineBase).
  template <class Visit>
  void run(Visit&& visit) {
    Derived& d = derived();
    int l = level_;
    int item = 0;
    switch (this->pc_) {
      case Engine::Pc::start:
        d.begin_search();
        propagated_begin_[0] = 0;
        this->pc_ = Engine::Pc::enter;
        goto enter;
      case Engine::Pc::enter:
        goto enter;
      case Engine::Pc::after_solution:
        goto leave;
      case Engine::Pc::done:
        this->status_ = Status::exhausted;
        return;
    }

  enter:  // A new level: take the forced options, then it is solved, dead, or branches on an item.
    if (this->should_pause()) {
      level_ = l;
      this->pc_ = Engine::Pc::enter;
      return;
    }
    ++this->stats_.nodes;
    switch (d.settle(l, item)) {
      case Engine::Outcome::solution:
        ++this->stats_.solutions;
        if (!visit(l)) {
          level_ = l;
          this->pc_ = Engine::Pc::after_solution;
          this->status_ = Status::found;
          return;
        }
        goto leave;
      case Engine::Outcome::dead:
        goto leave;
      case Engine::Outcome::branch:
        break;
    }
    choice_[l] = {item, -1, 0};
    d.next_option(l, choice_[l]);

  try_option:
    d.make_child(l, choice_[l].option);
    ++l;
    goto enter;

  leave:  // Back to the previous level and its next option.
    if (l == 0) {
      level_ = 0;
      this->pc_ = Engine::Pc::done;
      this->status_ = Status::exhausted;
      return;
    }
    --l;
    if (d.next_option(l, choice_[l])) goto try_option;
    goto leave;
  }

 protected:
  using EngineBase<Derived>::EngineBase;

  std::vector<LevelChoice> choice_;
  // Options taken without branching (forced by propagation): level k's are
  // propagated_[propagated_begin_[k] .. propagated_begin_[k + 1]).
  std::vector<OptionId> propagated_;
  std::vector<std::uint32_t> propagated_begin_;
  std::vector<OptionId> forced_;  // by force(), before the search
  int level_ = 0;

 private:
  Derived& derived() { return static_cast<Derived&>(*this); }
};

}  // namespace dlx::detail
