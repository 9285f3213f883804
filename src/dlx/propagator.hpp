// A constraint hook for the search: a user propagator that, at every node, may remove options that can no
// longer be part of a solution (or declare a dead end), where items and options alone propagate weakly (sums,
// orders). The search stays exact as long as the propagator only removes options that no solution extending
// the current partial one contains: counts and the set of solutions are unchanged, the tree only smaller. (A
// propagator that removes more, or rejects solutions, restricts the problem: the search then finds exactly
// the solutions it leaves.)
//
//   struct Mine : dlx::Propagator {
//     std::unique_ptr<dlx::Propagator> clone() const override { return std::make_unique<Mine>(*this); }
//     bool propagate(dlx::PropagationView& view) override { ... view.remove(o) ...; return true; }
//   };
//   dlx::SearchOptions options;
//   options.propagator = std::make_shared<Mine>();
//
// Only the links engine (Engine::links, and Engine::automatic, which then picks it) calls a propagator; the
// others refuse one (std::invalid_argument). A search without one runs a loop compiled without the hook.
#pragma once

#include <cstdint>
#include <memory>

#include "dlx/problem.hpp"

namespace dlx {

// What a propagator sees of a node of the search, and what it may change there.
class PropagationView {
 public:
  // Bit k set when option first + k (k < 64) is in the partial solution (forced or chosen) or still available
  // to it; options past the problem's last are clear.
  virtual std::uint64_t live(OptionId first, int count) const = 0;
  // Removes an available option until the search backs up past this node (as a cover would hide it). An option
  // that is not available (chosen, or hidden already) is left as it is.
  virtual void remove(OptionId option) = 0;

 protected:
  ~PropagationView() = default;
};

class Propagator {
 public:
  virtual ~Propagator() = default;
  // A propagator of the same rules for another search (each engine, and so each thread, has its own copy).
  virtual std::unique_ptr<Propagator> clone() const = 0;
  // Called at every node of the search (a solution's too), before it branches: removes options no solution
  // below it can hold, and returns false when there is none (a dead end; at a solution, it is not counted).
  // Nothing it needs is kept between calls: the view is the node's whole state, and what it removed is
  // restored when the search backs up.
  virtual bool propagate(PropagationView& view) = 0;
};

}  // namespace dlx
