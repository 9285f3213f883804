// Algorithm C on dancing links (internal header; see solver.hpp for the public interface).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "dlx/propagator.hpp"
#include "engine.hpp"

namespace dlx::detail {

class LinksEngine final : public EngineBase<LinksEngine> {
 public:
  LinksEngine(const Problem& problem, const SearchOptions& options);

  void reset() override;
  bool force(OptionId option) override;
  std::vector<OptionId> branch_options() override;
  bool all_covered() const override { return rlink_[0] == 0; }

  // Throws std::logic_error naming the first broken invariant of the table (see links_engine.cpp).
  void check_invariants() const override;
  void build_solution(int depth, std::vector<OptionId>& out) const;

  // The search loop (EngineBase::run): with a propagator (SearchOptions::propagator), around steps that call
  // it at every node; without, around the plain steps, which so pay nothing for the hook.
  template <class Visit>
  void run(Visit&& visit) {
    if (propagator_) return run_propagating(visit);
    this->run_with(*this, visit);
  }

 private:
  friend class EngineBase<LinksEngine>;  // its search loop calls the steps below
  // The steps of EngineBase::run: C2-C5 at a node, C6-C7 to the next option of a level.
  Outcome enter(int depth);
  bool next_child(int depth);

  // The propagator's side (links_engine.cpp): the steps that call it, and what it sees (PropagationView).
  struct PropagatingSteps {
    LinksEngine& engine;
    Outcome enter(int depth) { return engine.enter_propagating(depth); }
    bool next_child(int depth) { return engine.next_child_propagating(depth); }
  };
  class View;
  // Out of line, so that the plain loop is compiled as it would be without the hook.
  template <class Visit>
  [[gnu::noinline]] void run_propagating(Visit& visit) {
    PropagatingSteps steps{*this};
    this->run_with(steps, visit);
  }
  Outcome enter_propagating(int depth);
  bool next_child_propagating(int depth);
  bool available(OptionId option) const;
  void remove_option(OptionId option);
  void restore_options(std::size_t trail_size);

  // One entry of the table (Knuth's TOP/ULINK/DLINK/COLOR); see links_engine.cpp for the layout.
  struct Node {
    std::int32_t top;
    std::int32_t ulink;
    std::int32_t dlink;
    std::int32_t color;
  };

  int choose_item();
  void cover(int item);
  void uncover(int item);
  void hide(int node);
  void unhide(int node);
  void commit(int node);
  void uncommit(int node);
  void purify(int node);
  void unpurify(int node);
  void commit_others(int node);
  void uncommit_others(int node);
  OptionId option_of(int node) const;

  std::vector<std::int32_t> llink_, rlink_;
  std::vector<Node> nodes_;
  std::vector<std::int32_t> option_first_node_;
  int primary_count_ = 0;

  std::vector<std::int32_t> choice_;  // choice_[k]: node of the option tried at depth k
  std::vector<OptionId> forced_;

  // With a propagator only: per option its first node of a primary item (-1: none) and whether it is in the
  // partial solution; per node its option; the options removed, in order, and where each node's removals
  // begin in that trail (trail_start_[k]: node at depth k).
  std::unique_ptr<Propagator> propagator_;
  std::vector<std::int32_t> primary_node_;
  std::vector<char> in_solution_;
  std::vector<std::int32_t> node_option_;
  std::vector<OptionId> trail_;
  std::vector<std::size_t> trail_start_;
};

}  // namespace dlx::detail
