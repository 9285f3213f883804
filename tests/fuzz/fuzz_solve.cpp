// Parse, then search with a small node budget on both engines: every solution found must be an exact cover
// (checked here from the definition), and the engines must agree on the solutions they both reach; so must
// Propagation::automatic's own search, where it and dancing links finish. Problems with multiplicities go to
// the bounds engine alone: its solutions must be exact covers within the bounds, each found once, and all of
// them when a small problem lets brute force list them.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../common/exact_cover_check.hpp"
#include "dlx/engine/knobs.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"
#include "fuzz_check.hpp"

namespace {

int check_bounds(const dlx::Problem& problem) {
  dlx::SearchOptions options;
  options.node_limit = 2000;
  options.check_every_step = true;
  dlx::Solver solver(problem, options);
  std::set<std::vector<dlx::OptionId>> found;
  while (found.size() < 50 && solver.next()) {
    FUZZ_EXPECT(test::is_exact_cover(problem, solver.solution()));
    std::vector<dlx::OptionId> s(solver.solution().begin(), solver.solution().end());
    std::sort(s.begin(), s.end());
    FUZZ_EXPECT(found.insert(s).second);
  }
  solver.check_invariants();
  if (solver.status() != dlx::Status::exhausted || problem.option_count() > 12) return 0;
  std::size_t brute = 0;
  for (std::uint32_t subset = 0; subset < (1u << problem.option_count()); ++subset) {
    std::vector<dlx::OptionId> s;
    bool usable = true;
    for (dlx::OptionId o = 0; o < problem.option_count(); ++o) {
      if (!(subset >> o & 1)) continue;
      usable = usable && problem.has_primary_item(o);
      s.push_back(o);
    }
    if (usable && test::is_exact_cover(problem, s)) ++brute;
  }
  FUZZ_EXPECT(brute == found.size());
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  dlx::KnuthInput input;
  try {
    input = dlx::read_knuth(in, "fuzz");
  } catch (const dlx::InputError&) {
    return 0;
  }
  if (input.problem.option_count() > 2000) return 0;  // keep each run fast
  if (input.problem.has_multiplicities()) return check_bounds(input.problem);
  std::vector<std::vector<dlx::OptionId>> found[3];
  bool links_finished = false;  // found[0] holds every solution
  int k = 0;
  for (const auto engine : {dlx::Engine::links, dlx::Engine::bitset, dlx::Engine::bitset}) {
    dlx::SearchOptions options;
    options.engine = engine;
    options.propagation = k == 2 ? dlx::Propagation::always : dlx::Propagation::never;
    options.node_limit = 500;
    options.check_every_step = true;  // the fuzz build checks the engine's tables after every step
    dlx::Solver solver(input.problem, options);
    while (solver.next() && found[k].size() < 20) {
      FUZZ_EXPECT(test::is_exact_cover(input.problem, solver.solution()));
      std::vector<dlx::OptionId> s(solver.solution().begin(), solver.solution().end());
      std::sort(s.begin(), s.end());
      found[k].push_back(s);
    }
    if (k == 0) links_finished = solver.status() == dlx::Status::exhausted;
    ++k;
  }
  // Node budgets differ in what they reach (propagation takes fewer nodes), so compare the common prefix.
  const std::size_t common = std::min(found[0].size(), found[1].size());
  for (std::size_t i = 0; i < common; ++i) FUZZ_EXPECT(found[0][i] == found[1][i]);
  for (std::size_t i = 0; i < std::min(common, found[2].size()); ++i) FUZZ_EXPECT(found[0][i] == found[2][i]);

  // Propagation::automatic with its own branching and, on the masks, the subset rule, brought to small
  // problems by the knobs (src/dlx/engine/knobs.hpp): propagation whatever the size, tie-breaks and the rule at
  // every level. Its order differs; where both searches finish within their budgets, the solutions must be the
  // same.
  dlx::detail::Knobs knobs;
  knobs.propagate_primaries = 0;
  knobs.tie_break_above_percent = 0;
  knobs.subset_below_above_percent = 0;
  knobs.subset_three_above_percent = 0;
  knobs.subset_root_above_percent = 0;
  const dlx::detail::ScopedKnobs steer(knobs);
  dlx::SearchOptions options;
  options.node_limit = 500;
  options.check_every_step = true;
  std::vector<std::vector<dlx::OptionId>> automatic;
  dlx::Solver solver(input.problem, options);
  while (automatic.size() <= found[0].size() && solver.next()) {
    FUZZ_EXPECT(test::is_exact_cover(input.problem, solver.solution()));
    std::vector<dlx::OptionId> s(solver.solution().begin(), solver.solution().end());
    std::sort(s.begin(), s.end());
    automatic.push_back(s);
  }
  if (links_finished) FUZZ_EXPECT(automatic.size() <= found[0].size());
  if (links_finished && solver.status() == dlx::Status::exhausted) {
    std::sort(automatic.begin(), automatic.end());
    std::sort(found[0].begin(), found[0].end());
    FUZZ_EXPECT(automatic == found[0]);
  }
  return 0;
}
