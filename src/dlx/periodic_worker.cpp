#include "dlx/periodic_worker.hpp"

#include <utility>

namespace dlx {

PeriodicWorker::PeriodicWorker(std::chrono::nanoseconds delay, std::chrono::nanoseconds interval,
                               std::function<bool()> tick)
    : tick_(std::move(tick)), thread_([this, delay, interval](std::stop_token stop) {
        std::unique_lock lock(mutex_);
        // The lock is not held during a tick: a tick may take other locks, and stop() may be called meanwhile.
        // (The waits return at once once a stop is requested, but report their predicate, not the stop.)
        for (auto wait = delay;; wait = interval) {
          wake_.wait_for(lock, stop, wait, [] { return false; });
          if (stop.stop_requested()) return;
          lock.unlock();
          const bool more = tick_();
          lock.lock();
          if (!more) return;
        }
      }) {}

PeriodicWorker::~PeriodicWorker() {
  stop();
}

void PeriodicWorker::stop() {
  if (!thread_.joinable()) return;
  thread_.request_stop();
  thread_.join();
}

}  // namespace dlx
