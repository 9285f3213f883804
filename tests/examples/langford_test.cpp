// langford: the published counts (OEIS A014552), doubled without --no-mirror, and valid sequences.
#include "langford/langford.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "dlx/solver.hpp"

namespace lf = examples::langford;

namespace {

dlx::Count128 count(int n, bool no_mirror) {
  const lf::Langford langford = lf::build(n, no_mirror);
  dlx::Solver solver(langford.problem);
  const dlx::Count c = solver.count();
  REQUIRE(c.complete);
  return c.solutions;
}

std::set<std::vector<int>> sequences(int n, bool no_mirror) {
  const lf::Langford langford = lf::build(n, no_mirror);
  dlx::Solver solver(langford.problem);
  std::set<std::vector<int>> out;
  solver.for_each([&](std::span<const dlx::OptionId> solution) {
    out.insert(lf::sequence(langford, solution));
    return true;
  });
  return out;
}

bool is_langford(const std::vector<int>& s, int n) {
  if (s.size() != static_cast<std::size_t>(2 * n)) return false;
  for (int k = 1; k <= n; ++k) {
    const auto first = std::find(s.begin(), s.end(), k);
    if (first == s.end() || first + k + 1 >= s.end() || *(first + k + 1) != k) return false;
    if (std::count(s.begin(), s.end(), k) != 2) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("langford: counts for n = 3, 4, 7, 8, 11 are OEIS A014552, doubled with mirror images") {
  const std::vector<std::pair<int, std::uint64_t>> published = {
      {3, 1}, {4, 1}, {7, 26}, {8, 150}, {11, 17792}};
  for (const auto& entry : published) {
    const int n = entry.first;
    CAPTURE(n);
    CHECK(count(n, true) == entry.second);
    CHECK(count(n, false) == 2 * entry.second);
  }
}

TEST_CASE("langford: no solutions unless n is 0 or 3 modulo 4") {
  for (int n : {1, 2, 5, 6, 9, 10}) {
    CAPTURE(n);
    CHECK(count(n, false) == 0);
    CHECK(count(n, true) == 0);
  }
}

TEST_CASE("langford: --no-mirror keeps exactly one of each mirror pair") {
  for (int n : {7, 8}) {
    CAPTURE(n);
    const std::set<std::vector<int>> all = sequences(n, false), halved = sequences(n, true);
    for (const std::vector<int>& s : all) CHECK(is_langford(s, n));
    std::set<std::vector<int>> both;
    for (const std::vector<int>& s : halved) {
      const std::vector<int> mirrored(s.rbegin(), s.rend());
      CHECK(halved.count(mirrored) == 0);
      both.insert(s);
      both.insert(mirrored);
    }
    CHECK(both == all);
  }
}

TEST_CASE("langford: the sequence is printed on one line") {
  const lf::Langford langford = lf::build(3, false);
  dlx::Solver solver(langford.problem);
  std::set<std::string> lines;
  solver.for_each([&](std::span<const dlx::OptionId> solution) {
    std::ostringstream out;
    lf::draw(out, langford, solution);
    lines.insert(out.str());
    return true;
  });
  CHECK(lines == std::set<std::string>{"2 3 1 2 1 3\n", "3 1 2 1 3 2\n"});
}
