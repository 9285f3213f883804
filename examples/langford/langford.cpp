#include "langford/langford.hpp"

#include <ostream>
#include <stdexcept>
#include <string>

namespace examples::langford {

Langford build(int n, bool no_mirror) {
  if (n < 1 || n > kMaxN) throw std::invalid_argument("n must be 1 to " + std::to_string(kMaxN));
  Langford result;
  result.n = n;
  dlx::Problem& problem = result.problem;
  std::vector<dlx::ItemId> value(n + 1), slot(2 * n);
  for (int k = 1; k <= n; ++k) value[k] = problem.add_primary(std::to_string(k));
  for (int i = 0; i < 2 * n; ++i) slot[i] = problem.add_primary("s" + std::to_string(i));

  // The mirror image of "k in slots i and j = i+k+1" is "k in slots 2n-1-j and 2n-1-i". It is the same
  // placement only when i = 2n-1-j, that is 2i = 2n-2-k, impossible for odd k. So for the largest odd k keep
  // the placements with i < 2n-1-j, the left one of each mirror pair.
  if (no_mirror) result.halved = n % 2 == 1 ? n : n - 1;
  for (int k = 1; k <= n; ++k) {
    for (int i = 0; i + k + 1 < 2 * n; ++i) {
      const int j = i + k + 1;
      if (k == result.halved && i >= 2 * n - 1 - j) continue;
      problem.add_option({{value[k]}, {slot[i]}, {slot[j]}});
      result.placements.push_back({k, i});
    }
  }
  return result;
}

std::vector<int> sequence(const Langford& langford, std::span<const dlx::OptionId> solution) {
  std::vector<int> slots(2 * langford.n, 0);
  for (dlx::OptionId option : solution) {
    const Placement& p = langford.placements[option];
    slots[p.first] = slots[p.first + p.value + 1] = p.value;
  }
  return slots;
}

void draw(std::ostream& out, const Langford& langford, std::span<const dlx::OptionId> solution) {
  const std::vector<int> slots = sequence(langford, solution);
  for (std::size_t i = 0; i < slots.size(); ++i) out << (i > 0 ? " " : "") << slots[i];
  out << '\n';
}

}  // namespace examples::langford
