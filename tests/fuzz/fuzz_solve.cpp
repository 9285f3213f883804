// Parse, then search with a small node budget on both engines: every solution found must be an exact cover
// (checked here from the definition), and the engines must agree on the solutions they both reach.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "dlx/knuth_format.hpp"
#include "dlx/solver.hpp"
#include "../common/exact_cover_check.hpp"
#include "fuzz_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  dlx::KnuthInput input;
  try {
    input = dlx::read_knuth(in, "fuzz");
  } catch (const dlx::InputError&) {
    return 0;
  }
  if (input.problem.option_count() > 2000) return 0;  // keep each run fast
  std::vector<std::vector<dlx::OptionId>> found[3];
  int k = 0;
  for (const auto engine : {dlx::Engine::links, dlx::Engine::bitset, dlx::Engine::bitset}) {
    dlx::SearchOptions options;
    options.engine = engine;
    options.propagation = k == 2 ? dlx::Propagation::always : dlx::Propagation::never;
    options.node_limit = 500;
    dlx::Solver solver(input.problem, options);
    while (solver.next() && found[k].size() < 20) {
      FUZZ_EXPECT(test::is_exact_cover(input.problem, solver.solution()));
      std::vector<dlx::OptionId> s(solver.solution().begin(), solver.solution().end());
      std::sort(s.begin(), s.end());
      found[k].push_back(s);
    }
    ++k;
  }
  // Node budgets differ in what they reach (propagation takes fewer nodes), so compare the common prefix.
  const std::size_t common = std::min(found[0].size(), found[1].size());
  for (std::size_t i = 0; i < common; ++i) FUZZ_EXPECT(found[0][i] == found[1][i]);
  for (std::size_t i = 0; i < std::min(common, found[2].size()); ++i) FUZZ_EXPECT(found[0][i] == found[2][i]);
  return 0;
}
