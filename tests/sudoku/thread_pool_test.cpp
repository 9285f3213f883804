// dlx::ThreadPool lives in the dlx library; its tests sit here beside its first user, the batch solver.
#include "dlx/thread_pool.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "../common/thread_count.hpp"

TEST_CASE("every index runs exactly once on a valid worker across repeated calls") {
  for (unsigned workers : {1u, 2u, 5u}) {
    dlx::ThreadPool pool(workers);
    CHECK(pool.size() == workers);
    for (std::size_t count : {0u, 1u, 3u, 1000u}) {
      std::vector<std::atomic<int>> hits(count);
      std::vector<std::uint64_t> per_worker(workers, 0);  // each worker touches only its own entry
      pool.for_each_index(count, [&](unsigned worker, std::size_t i) {
        REQUIRE(worker < workers);
        hits[i].fetch_add(1);
        per_worker[worker] += i;
      });
      std::uint64_t sum = 0;
      for (auto v : per_worker) sum += v;
      CHECK(sum == count * (count == 0 ? 0 : count - 1) / 2);
      for (auto& h : hits) CHECK(h.load() == 1);
    }
  }
  CHECK(dlx::ThreadPool().size() == dlx::ThreadPool::default_workers());
}

TEST_CASE("an exception reaches the caller and the indices not yet started are skipped") {
  // One worker: the order is fixed, so exactly the indices up to the failing one ran.
  dlx::ThreadPool one(1);
  int ran_alone = 0;
  CHECK_THROWS_AS(one.for_each_index(1000,
                                     [&](unsigned, std::size_t i) {
                                       ++ran_alone;
                                       if (i == 50) throw std::runtime_error("boom");
                                     }),
                  std::runtime_error);
  CHECK(ran_alone == 51);

  // Several workers: how many others finish first depends on timing; the exception must still arrive, and the
  // pool must serve the next call normally.
  dlx::ThreadPool pool(3);
  std::atomic<int> ran{0};
  CHECK_THROWS_AS(pool.for_each_index(10000,
                                      [&](unsigned, std::size_t i) {
                                        ran.fetch_add(1);
                                        if (i == 50) throw std::runtime_error("boom");
                                      }),
                  std::runtime_error);
  CHECK(ran.load() <= 10000);
  std::atomic<int> again{0};
  pool.for_each_index(100, [&](unsigned, std::size_t) { again.fetch_add(1); });
  CHECK(again.load() == 100);
}

TEST_CASE("helper threads start with the first call over more than one index, and then serve every call") {
  const auto threads = test::thread_count;
  const int before = threads();
  dlx::ThreadPool pool(3);
  CHECK(threads() == before);
  std::vector<unsigned> single;
  for (int call = 0; call < 3; ++call)  // calls of one index run on the caller (worker 0), with no helper
    pool.for_each_index(1, [&](unsigned worker, std::size_t) { single.push_back(worker); });
  CHECK(single == std::vector<unsigned>{0, 0, 0});
  CHECK(threads() == before);
  // Helpers started after calls were made join the current one, not a past one: every index exactly once.
  for (std::size_t count : {2u, 1000u, 1u, 500u}) {
    std::vector<std::atomic<int>> hits(count);
    pool.for_each_index(count, [&](unsigned worker, std::size_t i) {
      REQUIRE(worker < 3);
      hits[i].fetch_add(1);
    });
    for (auto& h : hits) CHECK(h.load() == 1);
  }
  CHECK(threads() >= before + 2);  // ThreadSanitizer may add one of its own
}
