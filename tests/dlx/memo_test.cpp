// Memoized counting (dlx/memo.hpp) against published counts, closed formulas, the plain Solver and the
// definition of a solution; its ZDD against the Solver's list of solutions; its samples for validity and
// uniformity; and the 128-bit count's decimal text.
#include "dlx/memo.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <map>
#include <numbers>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../common/exact_cover_check.hpp"
#include "dlx/count128.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/memo/state.hpp"
#include "dlx/solver.hpp"
#include "test_problems.hpp"

namespace {

using Solution = std::vector<dlx::OptionId>;

// Domino tilings of a rows x cols board: one primary item per cell, one option per domino.
dlx::Problem dominoes(int rows, int cols) {
  dlx::Problem p;
  const auto cell = [&](int r, int c) { return static_cast<dlx::ItemId>(r * cols + c); };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) p.add_primary("r" + std::to_string(r) + "c" + std::to_string(c));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      if (c + 1 < cols) p.add_option({{cell(r, c)}, {cell(r, c + 1)}});
      if (r + 1 < rows) p.add_option({{cell(r, c)}, {cell(r + 1, c)}});
    }
  }
  return p;
}

// Kasteleyn's (and Temperley and Fisher's) product for the domino tilings of an m x n board, m and n even.
double kasteleyn(int m, int n) {
  double product = 1;
  for (int j = 1; j <= m / 2; ++j) {
    for (int k = 1; k <= n / 2; ++k) {
      const double a = std::cos(std::numbers::pi * j / (m + 1)), b = std::cos(std::numbers::pi * k / (n + 1));
      product *= 4 * a * a + 4 * b * b;
    }
  }
  return product;
}

// Perfect matchings of the complete graph K_n: the vertices are primary items, the edges options.
dlx::Problem complete_graph(int n) {
  dlx::Problem p;
  for (int v = 0; v < n; ++v) p.add_primary("v" + std::to_string(v));
  for (dlx::ItemId a = 0; a < static_cast<dlx::ItemId>(n); ++a)
    for (dlx::ItemId b = a + 1; b < static_cast<dlx::ItemId>(n); ++b) p.add_option({{a}, {b}});
  return p;
}

// `copies` independent items with two options each: 2^copies solutions.
dlx::Problem binary_choices(int copies) {
  dlx::Problem p;
  for (int k = 0; k < copies; ++k) {
    const dlx::ItemId item = p.add_primary("x" + std::to_string(k));
    p.add_option({{item}});
    p.add_option({{item}});
  }
  return p;
}

// Langford pairs of n: values 1..n and slots 0..2n-1 are primary items.
dlx::Problem langford(int n) {
  dlx::Problem p;
  for (int v = 1; v <= n; ++v) p.add_primary(std::to_string(v));
  for (int s = 0; s < 2 * n; ++s) p.add_primary("s" + std::to_string(s));
  for (int v = 1; v <= n; ++v)
    for (int s = 0; s + v + 1 < 2 * n; ++s)
      p.add_option({{static_cast<dlx::ItemId>(v - 1)},
                    {static_cast<dlx::ItemId>(n + s)},
                    {static_cast<dlx::ItemId>(n + s + v + 1)}});
  return p;
}

// Random problems with colored secondary items, larger than brute force can take.
dlx::Problem random_colored(std::mt19937& rng) {
  dlx::Problem p;
  const int primaries = 4 + static_cast<int>(rng() % 8), secondaries = static_cast<int>(rng() % 5);
  for (int k = 0; k < primaries; ++k) p.add_primary("p" + std::to_string(k));
  for (int k = 0; k < secondaries; ++k) p.add_secondary("s" + std::to_string(k));
  const int options = 10 + static_cast<int>(rng() % 40);
  for (int o = 0; o < options; ++o) {
    std::vector<dlx::ItemUse> uses{{static_cast<dlx::ItemId>(rng() % primaries)}};
    for (dlx::ItemId i = 0; i < p.item_count(); ++i) {
      if (i == uses[0].item || rng() % 4 != 0) continue;
      dlx::ColorId c = dlx::kNoColor;
      if (!p.is_primary(i) && rng() % 3 != 0) c = p.color(std::string(1, static_cast<char>('A' + rng() % 3)));
      uses.push_back({i, c});
    }
    p.add_option(uses);
  }
  return p;
}

dlx::MemoCount memo_count(const dlx::Problem& p, dlx::MemoOptions options = {}) {
  if (options.cache_bytes == 0) options.cache_bytes = std::size_t{64} << 20;
  dlx::MemoCounter counter(p, options);
  return counter.count();
}

dlx::Count128 plain_count(const dlx::Problem& p) {
  dlx::Solver solver(p);
  const dlx::Count c = solver.count();
  REQUIRE(c.complete);
  return c.solutions;
}

std::set<Solution> plain_solutions(const dlx::Problem& p) {
  std::set<Solution> out;
  dlx::Solver solver(p);
  while (solver.next()) {
    Solution s(solver.solution().begin(), solver.solution().end());
    std::sort(s.begin(), s.end());
    out.insert(s);
  }
  return out;
}

// The ZDD file's nodes (by id: option, lo, hi) and its root.
struct Zdd {
  std::map<std::uint64_t, std::array<std::uint64_t, 3>> nodes;
  std::uint64_t root = 0;
};

Zdd read_zdd(const std::string& text) {
  Zdd zdd;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.starts_with("root: ")) {
      zdd.root = std::stoull(line.substr(6));
      continue;
    }
    unsigned long long id = 0, option = 0, lo = 0, hi = 0;
    REQUIRE(std::sscanf(line.c_str(), "%llu: (%llu) %llu %llu", &id, &option, &lo, &hi) == 4);
    // Children come before their parents.
    CHECK((lo < 2 || zdd.nodes.count(lo) == 1));
    CHECK((hi == 1 || zdd.nodes.count(hi) == 1));
    zdd.nodes[id] = {option, lo, hi};
  }
  return zdd;
}

// Every path from the root to 1, as the sorted set of options on its HI edges (depth first, explicitly).
std::set<Solution> zdd_paths(const Zdd& zdd) {
  std::set<Solution> out;
  std::vector<std::pair<std::uint64_t, Solution>> stack{{zdd.root, {}}};
  while (!stack.empty()) {
    auto [node, taken] = std::move(stack.back());
    stack.pop_back();
    if (node == 0) continue;
    if (node == 1) {
      std::sort(taken.begin(), taken.end());
      CHECK(out.insert(taken).second);  // no solution twice
      continue;
    }
    const auto& [option, lo, hi] = zdd.nodes.at(node);
    stack.emplace_back(lo, taken);
    taken.push_back(static_cast<dlx::OptionId>(option));
    stack.emplace_back(hi, std::move(taken));
  }
  return out;
}

// The number of paths to 1, children first (file order).
dlx::Count128 zdd_path_count(const Zdd& zdd) {
  std::map<std::uint64_t, dlx::Count128> paths{{0, 0}, {1, 1}};
  for (const auto& [id, node] : zdd.nodes) paths[id] = paths.at(node[1]) + paths.at(node[2]);
  return paths.at(zdd.root);
}

}  // namespace

TEST_CASE("Count128: decimal text both ways, up to 2^128 - 1") {
  CHECK(dlx::to_decimal(0) == "0");
  CHECK(dlx::to_decimal(7) == "7");
  CHECK(dlx::to_decimal(dlx::Count128{UINT64_MAX}) == "18446744073709551615");
  CHECK(dlx::to_decimal(dlx::Count128{UINT64_MAX} + 1) == "18446744073709551616");
  CHECK(dlx::to_decimal(dlx::Count128{10'000'000'000'000'000'000ULL}) == "10000000000000000000");
  CHECK(dlx::to_decimal(dlx::kCount128Max) == "340282366920938463463374607431768211455");
  std::mt19937_64 rng(5);
  for (int k = 0; k < 1000; ++k) {
    const dlx::Count128 v = (dlx::Count128{rng()} << (rng() % 65)) ^ rng();
    const auto back = dlx::parse_decimal(dlx::to_decimal(v));
    REQUIRE(back.has_value());
    CHECK(*back == v);
  }
  CHECK(dlx::parse_decimal("340282366920938463463374607431768211455") == dlx::kCount128Max);
  CHECK_FALSE(dlx::parse_decimal("340282366920938463463374607431768211456"));
  CHECK_FALSE(dlx::parse_decimal(""));
  CHECK_FALSE(dlx::parse_decimal("12a"));
  CHECK_FALSE(dlx::parse_decimal("-1"));
  bool overflow = false;
  CHECK(dlx::saturating_add(dlx::kCount128Max, 1, overflow) == dlx::kCount128Max);
  CHECK(overflow);
}

TEST_CASE("parse_byte_size: plain bytes and binary multiples") {
  CHECK(dlx::parse_byte_size("100000") == 100000u);
  CHECK(dlx::parse_byte_size("64K") == 65536u);
  CHECK(dlx::parse_byte_size("512M") == std::size_t{512} << 20);
  CHECK(dlx::parse_byte_size("2G") == std::size_t{2} << 30);
  CHECK(dlx::parse_byte_size("2GiB") == std::size_t{2} << 30);
  CHECK(dlx::parse_byte_size("1T") == std::size_t{1} << 40);
  for (const char* bad : {"", "0", "M", "-1", "1.5G", "2X", "2GG", "99999999999999999999", "16777216T"})
    CHECK_FALSE(dlx::parse_byte_size(bad));
}

TEST_CASE("memo: domino tilings of 2n x 2n boards (OEIS A004003) and Kasteleyn's product") {
  const std::uint64_t published[] = {2, 36, 6728, 12988816, 258584046368};
  for (int n = 1; n <= 5; ++n) {
    const dlx::MemoCount c = memo_count(dominoes(2 * n, 2 * n));
    CHECK(c.complete);
    CHECK(c.status == dlx::Status::exhausted);
    CHECK(dlx::to_decimal(c.solutions) == std::to_string(published[n - 1]));
  }
  for (int m = 2; m <= 8; m += 2) {
    for (int n = 2; n <= 12; n += 2) {
      CAPTURE(m);
      CAPTURE(n);
      const dlx::MemoCount c = memo_count(dominoes(m, n));
      CHECK(static_cast<double>(c.solutions) == doctest::Approx(kasteleyn(m, n)).epsilon(1e-9));
    }
  }
}

TEST_CASE("memo: perfect matchings of K_n are (n-1)!!, none for odd n") {
  for (int n = 1; n <= 16; ++n) {
    std::uint64_t expected = n % 2 == 0 ? 1 : 0;
    for (int k = n - 1; k > 1 && n % 2 == 0; k -= 2) expected *= static_cast<std::uint64_t>(k);
    CAPTURE(n);
    CHECK(memo_count(complete_graph(n)).solutions == expected);
  }
}

TEST_CASE("memo: the same counts as the plain solver on queens, Langford pairs and random colored problems") {
  for (int n = 1; n <= 9; ++n) CHECK(memo_count(test::queens(n)).solutions == plain_count(test::queens(n)));
  for (int n = 3; n <= 9; ++n) CHECK(memo_count(langford(n)).solutions == plain_count(langford(n)));
  std::mt19937 rng(17);
  for (int trial = 0; trial < 300; ++trial) {
    const dlx::Problem p = random_colored(rng);
    CAPTURE(trial);
    for (const dlx::MemoOrder order :
         {dlx::MemoOrder::automatic, dlx::MemoOrder::fewest, dlx::MemoOrder::first})
      CHECK(memo_count(p, {.order = order}).solutions == plain_count(p));
  }
}

TEST_CASE("memo: exact with a cache too small to hold the states, and with threads") {
  const dlx::Problem p = dominoes(10, 10);
  dlx::MemoCounter small(p, {.cache_bytes = 1});
  CHECK(dlx::to_decimal(small.count().solutions) == "258584046368");
  CHECK(small.stats().evictions > 0);
  CHECK(small.stats().states > small.stats().evictions);
  for (unsigned threads : {2u, 3u}) {
    dlx::MemoCounter counter(p, {.cache_bytes = 16 << 20, .threads = threads});
    const dlx::MemoCount c = counter.count();
    CHECK(c.complete);
    CHECK(dlx::to_decimal(c.solutions) == "258584046368");
    CHECK(counter.stats().subproblems > 1);
    CHECK(memo_count(test::queens(8), {.threads = threads}).solutions == 92);
  }
}

TEST_CASE("memo: giving up memoizing where states rarely repeat keeps the counts exact") {
  // Queens and Langford pairs: the hits save too little, and the counter gives up below the root.
  for (const dlx::Problem& p : {test::queens(11), langford(11)}) {
    const dlx::Count128 expected = plain_count(p);
    dlx::MemoCounter counter(p, {.cache_bytes = 64 << 20});
    const dlx::MemoCount c = counter.count();
    CHECK(c.complete);
    CHECK(c.solutions == expected);
    CHECK(counter.stats().plain_subtrees > 0);
    CHECK(counter.stats().plain_depth >= 1);
    CHECK(counter.stats().plain_nodes < counter.stats().nodes);
    // Threads, each giving up on its own parts; a cache too small for the states; each order alone.
    for (const unsigned threads : {2u, 3u}) {
      dlx::MemoCounter parts(p, {.cache_bytes = 16 << 20, .threads = threads});
      CHECK(parts.count().solutions == expected);
      CHECK(parts.stats().plain_subtrees > 0);
    }
    dlx::MemoCounter tiny(p, {.cache_bytes = 1});
    CHECK(tiny.count().solutions == expected);
    CHECK(tiny.stats().plain_subtrees > 0);
    for (const dlx::MemoOrder order : {dlx::MemoOrder::fewest, dlx::MemoOrder::first})
      CHECK(memo_count(p, {.order = order}).solutions == expected);
    // Memoizing everywhere, as asked.
    dlx::MemoCounter always(p, {.cache_bytes = 64 << 20, .plain_depth = -1});
    CHECK(always.count().solutions == expected);
    CHECK(always.stats().plain_subtrees == 0);
    CHECK(always.stats().plain_depth == -1);
  }
  // Tilings keep memoizing: there the hits save nearly the whole tree.
  const dlx::Problem board = dominoes(10, 10);
  dlx::MemoCounter tiling(board, {.cache_bytes = 64 << 20});
  CHECK(dlx::to_decimal(tiling.count().solutions) == "258584046368");
  CHECK(tiling.stats().plain_subtrees == 0);
  CHECK(tiling.stats().plain_depth == -1);
  // Given up from a fixed depth at once, on random problems with colors: in every order, with threads and
  // with a tiny cache, the plain counts of the subtrees add up to the plain solver's count.
  std::mt19937 rng(29);
  for (int trial = 0; trial < 150; ++trial) {
    const dlx::Problem p = random_colored(rng);
    CAPTURE(trial);
    const dlx::Count128 expected = plain_count(p);
    for (const int depth : {1, 2, 3}) {
      CAPTURE(depth);
      for (const dlx::MemoOrder order :
           {dlx::MemoOrder::automatic, dlx::MemoOrder::fewest, dlx::MemoOrder::first})
        CHECK(memo_count(p, {.order = order, .plain_depth = depth}).solutions == expected);
      CHECK(memo_count(p, {.threads = 2, .plain_depth = depth}).solutions == expected);
      CHECK(memo_count(p, {.cache_bytes = 1, .plain_depth = depth}).solutions == expected);
    }
  }
  // A stop inside a plain count (polled between its slices of nodes): a lower bound, and the next count is
  // exact.
  const std::atomic<bool> stop{true};
  const dlx::Problem queens = test::queens(12);
  const dlx::MemoCount stopped = memo_count(queens, {.stop = &stop, .plain_depth = 1});
  CHECK(stopped.status == dlx::Status::stopped);
  CHECK(stopped.solutions < 14200);
  CHECK(memo_count(queens, {.plain_depth = 1}).solutions == 14200);
}

TEST_CASE("memo: 128-bit counts, and the overflow rule past 2^128 - 1") {
  dlx::MemoCount c = memo_count(binary_choices(127));
  CHECK(c.complete);
  CHECK(c.solutions == dlx::Count128{1} << 127);
  c = memo_count(binary_choices(128));
  CHECK_FALSE(c.complete);
  CHECK(c.status == dlx::Status::overflow);
  CHECK(c.solutions == dlx::kCount128Max);
  c = memo_count(binary_choices(200), {.threads = 2});
  CHECK(c.status == dlx::Status::overflow);
}

TEST_CASE("memo: a raised stop flag or a spent time limit gives a partial count") {
  const std::atomic<bool> stop{true};
  const dlx::Problem p = test::queens(10);
  dlx::MemoCount c = memo_count(p, {.stop = &stop});
  CHECK_FALSE(c.complete);
  CHECK(c.status == dlx::Status::stopped);
  CHECK(c.solutions <= 724);
  c = memo_count(p, {.time_limit = std::chrono::nanoseconds(1)});
  CHECK_FALSE(c.complete);
  CHECK(c.status == dlx::Status::timed_out);
  // The counter carries on afterwards with what it cached.
  dlx::MemoCounter counter(p, {.cache_bytes = 1 << 20, .stop = &stop});
  CHECK_FALSE(counter.count().complete);
}

TEST_CASE("memo: the ZDD's paths are exactly the solutions") {
  std::mt19937 rng(3);
  std::vector<dlx::Problem> problems;
  problems.push_back(test::queens(6));
  problems.push_back(dominoes(4, 4));
  problems.push_back(complete_graph(8));
  problems.push_back(langford(7));
  for (int k = 0; k < 60; ++k) problems.push_back(random_colored(rng));
  for (const dlx::Problem& p : problems) {
    dlx::MemoCounter counter(p, {.cache_bytes = 1 << 20});
    std::ostringstream out;
    const dlx::MemoCount c = counter.write_zdd(out);
    REQUIRE(c.complete);
    const Zdd zdd = read_zdd(out.str());
    CHECK(zdd_path_count(zdd) == c.solutions);
    CHECK(zdd_paths(zdd) == plain_solutions(p));
  }
  // Large: 8x8 dominoes, by counting paths only.
  const dlx::Problem board = dominoes(8, 8);
  dlx::MemoCounter counter(board, {.cache_bytes = 1 << 20});
  std::ostringstream out;
  counter.write_zdd(out);
  CHECK(dlx::to_decimal(zdd_path_count(read_zdd(out.str()))) == "12988816");
  CHECK(counter.stats().zdd_nodes > 0);
}

TEST_CASE("memo: samples are solutions, reproducible, and uniform (chi-square, fixed seed)") {
  const dlx::Problem p = complete_graph(6);  // 15 perfect matchings
  const std::set<Solution> all = plain_solutions(p);
  REQUIRE(all.size() == 15);
  std::map<Solution, int> seen;
  std::vector<Solution> first_run;
  constexpr int kDraws = 3000;
  dlx::MemoCounter counter(p, {.cache_bytes = 1 << 20});
  const dlx::MemoCount c = counter.sample(kDraws, 11, [&](std::span<const dlx::OptionId> s) {
    CHECK(test::is_exact_cover(p, s));
    Solution sorted(s.begin(), s.end());
    std::sort(sorted.begin(), sorted.end());
    ++seen[sorted];
    first_run.push_back(sorted);
    return true;
  });
  CHECK(c.solutions == 15);
  CHECK(seen.size() == all.size());
  double chi2 = 0;
  const double expected = kDraws / 15.0;
  for (const auto& [s, n] : seen) chi2 += (n - expected) * (n - expected) / expected;
  CHECK(chi2 < 45);  // 14 degrees of freedom: P(chi2 > 45) is about 4e-5
  // The same seed, the same draws; visit's false stops.
  std::vector<Solution> again;
  dlx::MemoCounter other(p, {.cache_bytes = 1 << 20});
  other.sample(kDraws, 11, [&](std::span<const dlx::OptionId> s) {
    Solution sorted(s.begin(), s.end());
    std::sort(sorted.begin(), sorted.end());
    again.push_back(sorted);
    return again.size() < 100;
  });
  REQUIRE(again.size() == 100);
  CHECK(std::equal(again.begin(), again.end(), first_run.begin()));
  // Every draw of a larger problem is a solution; a problem without solutions draws none.
  const dlx::Problem big = dominoes(10, 10);
  dlx::MemoCounter tilings(big, {.cache_bytes = 16 << 20});
  int drawn = 0;
  tilings.sample(20, 1, [&](std::span<const dlx::OptionId> s) {
    CHECK(test::is_exact_cover(big, s));
    return ++drawn > 0;
  });
  CHECK(drawn == 20);
  const dlx::Problem odd = complete_graph(5);
  dlx::MemoCounter none(odd, {.cache_bytes = 1 << 20});
  CHECK(none.sample(5, 1, [](std::span<const dlx::OptionId>) { return true; }).solutions == 0);
}

TEST_CASE("memo: multiplicities (Algorithm M) against brute force, in every order, with threads and ZDDs") {
  // Knuth's dlx3 example: one solution.
  std::istringstream dlx3("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n");
  CHECK(memo_count(dlx::read_knuth(dlx3, "dlx3").problem).solutions == 1);
  // k rooks on an n x n board: C(n,k)^2 k!.
  const auto rook_count = [](std::uint64_t n, std::uint64_t k) {
    std::uint64_t c = 1;
    for (std::uint64_t i = 1; i <= k; ++i) c = c * (n - k + i) / i;
    std::uint64_t f = 1;
    for (std::uint64_t i = 2; i <= k; ++i) f *= i;
    return c * c * f;
  };
  for (int n = 1; n <= 6; ++n) {
    for (int k = 1; k <= n; ++k) {
      std::istringstream text(test::rooks(n, k));
      const dlx::Problem p = dlx::read_knuth(text, "rooks").problem;
      CAPTURE(n);
      CAPTURE(k);
      CHECK(memo_count(p).solutions ==
            rook_count(static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(k)));
      CHECK(memo_count(p, {.threads = 2}).solutions ==
            rook_count(static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(k)));
    }
  }
  // Random problems with bounds 0..2 : 1..3, secondary items and colors.
  std::mt19937 rng(2026);
  for (int trial = 0; trial < 400; ++trial) {
    const dlx::Problem p = test::random_problem(rng);
    const std::set<Solution> expected = test::brute_force(p);
    CAPTURE(trial);
    for (const dlx::MemoOrder order :
         {dlx::MemoOrder::automatic, dlx::MemoOrder::fewest, dlx::MemoOrder::first})
      CHECK(memo_count(p, {.order = order}).solutions == expected.size());
    CHECK(memo_count(p, {.threads = 3}).solutions == expected.size());
    CHECK(memo_count(p, {.cache_bytes = 1}).solutions == expected.size());  // evicting all the time
    dlx::MemoCounter counter(p, {.cache_bytes = 1 << 20});
    std::ostringstream out;
    REQUIRE(counter.write_zdd(out).complete);
    CHECK(zdd_paths(read_zdd(out.str())) == expected);
  }
}

TEST_CASE("memo: samples of a problem with multiplicities are solutions and uniform") {
  std::istringstream text(test::rooks(4, 2));  // 72 placements of 2 rooks on 4 x 4
  const dlx::Problem p = dlx::read_knuth(text, "rooks").problem;
  std::map<Solution, int> seen;
  constexpr int kDraws = 7200;
  dlx::MemoCounter counter(p, {.cache_bytes = 1 << 20});
  const dlx::MemoCount c = counter.sample(kDraws, 5, [&](std::span<const dlx::OptionId> s) {
    CHECK(test::is_exact_cover(p, s));
    Solution sorted(s.begin(), s.end());
    std::sort(sorted.begin(), sorted.end());
    ++seen[sorted];
    return true;
  });
  CHECK(c.solutions == 72);
  CHECK(seen.size() == 72);
  double chi2 = 0;
  const double expected = kDraws / 72.0;
  for (const auto& [s, n] : seen) chi2 += (n - expected) * (n - expected) / expected;
  CHECK(chi2 < 130);  // 71 degrees of freedom: P(chi2 > 130) is about 1e-5
}

// Every branch of the state walked as memo::Search walks it (take, untake, rewind), with the state's checker
// after each step; returns the number of solutions.
std::uint64_t walk_checked(dlx::memo::State& state, dlx::memo::Order order) {
  state.check_invariants();
  if (state.solved()) return 1;
  const dlx::ItemId item = state.choose(order);
  if (state.hopeless(item)) return 0;
  const std::uint32_t first = state.position(item);
  std::uint64_t solutions = 0;
  for (std::uint32_t b = state.next_branch(item, first); b != dlx::memo::State::kNoBranch;
       b = state.next_branch(item, b + 1)) {
    state.take(item, b);
    solutions += walk_checked(state, order);
    state.untake(item, b);
    state.check_invariants();
  }
  state.rewind(item, first);
  state.check_invariants();
  return solutions;
}

TEST_CASE("memo: the state's tables hold after every step (State::check_invariants)") {
  std::mt19937 rng(38);
  for (int trial = 0; trial < 300; ++trial) {
    const dlx::Problem p = test::random_problem(rng);
    const std::size_t expected = test::brute_force(p).size();
    CAPTURE(trial);
    for (const dlx::memo::Order order : {dlx::memo::Order::fewest, dlx::memo::Order::first}) {
      dlx::memo::State state(p);
      REQUIRE_NOTHROW(state.check_invariants());
      std::uint64_t solutions = 0;
      REQUIRE_NOTHROW(solutions = walk_checked(state, order));
      CHECK(solutions == expected);
    }
    // The counter's own search, checking after every step where the build compiles the checks in.
    CHECK(memo_count(p, {.check_every_step = true}).solutions == expected);
    CHECK(memo_count(p, {.cache_bytes = 1, .check_every_step = true}).solutions == expected);
  }
  // Colored secondary items without bounds: two covers, {A X:1 Y:0, B X:1, C Y:0} and {A B C}.
  std::istringstream colored("A B C | X Y\nA X:1 Y:0\nB X:1\nC Y:0\nB C Y:1\nA B C\n");
  dlx::memo::State state(dlx::read_knuth(colored, "colored").problem);
  CHECK(walk_checked(state, dlx::memo::Order::fewest) == 2);
}
