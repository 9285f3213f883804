// dlx::PeriodicWorker: the helper threads' one shape. It ticks, it stops when its tick says so, and a stop
// during a long wait ends it at once (no timing is asserted: "at once" is checked as "before the wait's end",
// with a wait far longer than any test run).
#include "dlx/periodic_worker.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

TEST_SUITE("parallel") {
  TEST_CASE("periodic worker: ticks until its tick says no more, then stops by itself") {
    std::mutex mutex;
    std::condition_variable done;
    int ticks = 0;
    dlx::PeriodicWorker worker(std::chrono::nanoseconds(0), std::chrono::microseconds(100), [&] {
      const std::lock_guard lock(mutex);
      ++ticks;
      done.notify_all();
      return ticks < 5;
    });
    std::unique_lock lock(mutex);
    done.wait(lock, [&] { return ticks == 5; });
    lock.unlock();
    worker.stop();
    worker.stop();  // twice is fine
    CHECK(ticks == 5);
  }

  TEST_CASE("periodic worker: a stop during a long wait ends it without another tick") {
    std::atomic<int> ticks{0};
    const auto started = std::chrono::steady_clock::now();
    {
      dlx::PeriodicWorker worker(std::chrono::hours(1), std::chrono::hours(1), [&] {
        ++ticks;
        return true;
      });
    }  // destroyed: stops
    CHECK(ticks.load() == 0);
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::minutes(30));
  }
}
