#include "dlx/thread_pool.hpp"

#include <algorithm>

namespace dlx {

unsigned ThreadPool::default_workers() {
  return std::max(1u, std::thread::hardware_concurrency());
}

// The helper threads start with the first call that has work for more than one worker: a process that only
// ever hands out single items (one puzzle) does not pay for them.
ThreadPool::ThreadPool(unsigned workers) : workers_(workers == 0 ? default_workers() : workers) {}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void ThreadPool::work(unsigned worker) {
  const Task& task = *task_;
  for (;;) {
    if (failed_.load(std::memory_order_relaxed)) return;
    const std::size_t index = counter_.next.fetch_add(1, std::memory_order_relaxed);
    if (index >= count_) return;
    try {
      task(worker, index);
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
      failed_.store(true, std::memory_order_relaxed);
      return;
    }
  }
}

void ThreadPool::thread_main(unsigned worker, std::size_t seen) {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
      if (quit_) return;
      seen = generation_;
    }
    work(worker);
    {
      std::lock_guard lock(mutex_);
      if (--busy_ == 0) done_.notify_one();
    }
  }
}

void ThreadPool::for_each_index(std::size_t count, const Task& task) {
  if (count == 0) return;
  {
    std::lock_guard lock(mutex_);
    if (count > 1 && threads_.empty() && workers_ > 1) {
      // Under the lock, so a new helper waits for this call's generation (it has seen the ones before).
      threads_.reserve(workers_ - 1);
      for (unsigned w = 1; w < workers_; ++w)
        threads_.emplace_back([this, w, seen = generation_] { thread_main(w, seen); });
    }
    task_ = &task;
    count_ = count;
    counter_.next.store(0, std::memory_order_relaxed);
    failed_.store(false, std::memory_order_relaxed);
    error_ = nullptr;
    busy_ = static_cast<unsigned>(threads_.size());
    ++generation_;
  }
  // Few items need no helpers, but waking them anyway keeps the protocol simple; they find nothing left.
  if (!threads_.empty()) wake_.notify_all();
  work(0);
  std::exception_ptr error;
  {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [&] { return busy_ == 0; });
    task_ = nullptr;
    error = error_;
    error_ = nullptr;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace dlx
