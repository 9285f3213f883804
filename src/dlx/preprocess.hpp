// Knuth's preprocessing of an exact-cover problem (his program dlx-pre): a smaller problem with the same
// solutions, and the way back from its options to the input's.
//
// Repeated until nothing changes:
//   - an option is dropped when choosing it would leave some primary item with no compatible option (it
//     shares a primary item, or an uncolored or differently colored secondary item, with all of that item's
//     options), and an option without a primary item is dropped (the search never chooses one);
//   - a primary item is dropped when another primary item's options are exactly its own: covering one covers
//     the other (before that, the options of i without j are dropped when every option of j contains i);
//   - a secondary item is dropped from the options when it can no longer exclude anything: it is in one
//     option only, or every option gives it the same color.
// Every solution of the result, mapped back with `original`, is a solution of the input and the other way
// round, so counts are the same; only the order in which a search meets them may differ.
//
//   dlx::Preprocessed pre = dlx::preprocess(problem);
//   dlx::Solver solver(pre.problem);
//   while (solver.next()) for (dlx::OptionId o : pre.to_input(solver.solution())) ...
#pragma once

#include <atomic>
#include <cstddef>
#include <span>
#include <vector>

#include "dlx/problem.hpp"

namespace dlx {

struct PreprocessStats {
  std::size_t options_removed = 0;
  std::size_t items_removed = 0;  // primary and secondary items dropped from every option
  std::size_t rounds = 0;         // passes over the problem until nothing changed
  bool stopped = false;  // the stop flag ended it early: the result is smaller, but not reduced fully
};

struct Preprocessed {
  Problem problem;  // the reduced problem: its options in the input's order, with the same costs
  std::vector<OptionId> original;  // original[o]: the input option that the reduced option o came from
  PreprocessStats stats;

  // A solution of the reduced problem as the input's options, in the same order.
  std::vector<OptionId> to_input(std::span<const OptionId> solution) const;
};

// Throws ProblemError for problems with multiplicities (Algorithm M's bounds), which these rules do not cover.
// A raised `stop` flag ends the passes early; what was found so far is still sound.
Preprocessed preprocess(const Problem& problem, const std::atomic<bool>* stop = nullptr);

}  // namespace dlx
