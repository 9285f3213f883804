#include "dlx/periodic_worker.hpp"

#include <utility>

namespace dlx {

PeriodicWorker::PeriodicWorker(std::chrono::nanoseconds delay, std::chrono::nanoseconds interval,
                               std::function<bool()> tick)
    : tick_(std::move(tick)), thread_([this, delay, interval] {
        std::unique_lock lock(mutex_);
        // The lock is not held during a tick: a tick may take other locks, and stop() may be called meanwhile.
        for (auto wait = delay;; wait = interval) {
          if (wake_.wait_for(lock, wait, [this] { return stopping_; })) return;
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
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

}  // namespace dlx
