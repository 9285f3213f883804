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
//   void begin_search()                             at the root, before the first node
//   Outcome settle(int level, int& item)            take the forced options; then solved, dead, or branch on item
//   bool next_option(int level, LevelChoice& c)     c's next option at level (the first when c.option is -1)
//   void make_child(int level, int option)          level + 1 from level and option
//   void copy_root(int level)                       the root, as the search starts from it, into level
//   bool all_covered_at(int level) const            are all primary items covered at level?
// LevelEngine turns them into the steps of EngineBase::run.
template <class Derived>
class LevelEngine : public EngineBase<Derived> {
 public:
  std::vector<OptionId> branch_options() final {
    // Settle a copy of the root (level 1 is free before the search) so that the branching matches the search.
    Derived& d = derived();
    d.copy_root(1);
    propagated_begin_[1] = 0;
    std::vector<OptionId> out;
    // The scratch level's propagation is not the search's work: the search redoes it at the root.
    const std::uint64_t updates = this->stats_.updates;
    int item = 0;
    const Engine::Outcome outcome = d.settle(1, item);
    this->stats_.updates = updates;
    if (outcome != Engine::Outcome::branch) return out;
    LevelChoice choice{item, -1, 0};
    while (d.next_option(1, choice)) out.push_back(static_cast<OptionId>(choice.option));
    return out;
  }

  bool all_covered() const final {
    auto& d =
        const_cast<Derived&>(static_cast<const Derived&>(*this));  // level 1 is scratch before the search
    if (this->pc_ != Engine::Pc::start) return d.all_covered_at(this->depth_);
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

 protected:
  using EngineBase<Derived>::EngineBase;
  friend class EngineBase<Derived>;  // its search loop calls the steps below

  // The steps of EngineBase::run.
  void start_search() {
    derived().begin_search();
    propagated_begin_[0] = 0;
  }

  Engine::Outcome enter(int level) {
    Derived& d = derived();
    int item = 0;
    const Engine::Outcome outcome = d.settle(level, item);
    if (outcome == Engine::Outcome::branch) {
      LevelChoice& choice = choice_[static_cast<std::size_t>(level)];
      choice = {item, -1, 0};
      d.next_option(level, choice);  // an item to branch on has an option
      d.make_child(level, choice.option);
    }
    return outcome;
  }

  // Nothing to undo: level + 1 is simply rebuilt from level.
  bool next_child(int level) {
    Derived& d = derived();
    LevelChoice& choice = choice_[static_cast<std::size_t>(level)];
    if (!d.next_option(level, choice)) return false;
    d.make_child(level, choice.option);
    return true;
  }

  std::vector<LevelChoice> choice_;
  // Options taken without branching (forced by propagation): level k's are
  // propagated_[propagated_begin_[k] .. propagated_begin_[k + 1]).
  std::vector<OptionId> propagated_;
  std::vector<std::uint32_t> propagated_begin_;
  std::vector<OptionId> forced_;  // by force(), before the search

 private:
  Derived& derived() { return static_cast<Derived&>(*this); }
};

}  // namespace dlx::detail
