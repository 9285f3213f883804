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
#include "fuzz_check.hpp"

namespace {

bool is_exact_cover(const dlx::Problem& p, std::span<const dlx::OptionId> solution) {
  std::vector<int> uses(p.item_count(), 0);
  std::vector<dlx::ColorId> color(p.item_count(), dlx::kNoColor);
  std::vector<bool> uncolored(p.item_count(), false);
  for (dlx::OptionId o : solution) {
    for (const dlx::ItemUse& u : p.option(o)) {
      ++uses[u.item];
      if (u.color == dlx::kNoColor) {
        uncolored[u.item] = true;
      } else if (color[u.item] != dlx::kNoColor && color[u.item] != u.color) {
        return false;
      } else {
        color[u.item] = u.color;
      }
    }
  }
  for (dlx::ItemId i = 0; i < p.item_count(); ++i) {
    if (p.is_primary(i) && uses[i] != 1) return false;
    if (!p.is_primary(i) && uncolored[i] && uses[i] > 1) return false;
  }
  return true;
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
  std::vector<std::vector<dlx::OptionId>> found[3];
  int k = 0;
  for (const auto engine : {dlx::Engine::links, dlx::Engine::bitset, dlx::Engine::bitset}) {
    dlx::SearchOptions options;
    options.engine = engine;
    options.propagation = k == 2 ? dlx::Propagation::always : dlx::Propagation::never;
    options.node_limit = 500;
    dlx::Solver solver(input.problem, options);
    while (solver.next() && found[k].size() < 20) {
      FUZZ_EXPECT(is_exact_cover(input.problem, solver.solution()));
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
