// A fixed set of worker threads that share out numbered work items, each worker keeping its own state.
//
// Work is handed out one index at a time from a shared atomic counter, so a worker that drew quick items simply
// takes more of them (dynamic dispatch): no worker idles while another has a queue of slow ones. Each call gives
// the task its worker number, 0..size()-1, so the caller can keep per-worker state (its own Solver, scratch
// buffers) in a plain vector indexed by it, built once and reused across calls without locks.
//
//   dlx::ThreadPool pool(4);
//   std::vector<dlx::Solver> solvers = ...;         // one per worker
//   pool.for_each_index(jobs.size(), [&](unsigned worker, std::size_t i) { results[i] = work(solvers[worker], jobs[i]); });
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace dlx {

class ThreadPool {
 public:
  using Task = std::function<void(unsigned worker, std::size_t index)>;

  // `workers` threads in all, the calling thread counted as worker 0 (so 1 starts no thread at all);
  // 0 means one per hardware thread. The others start with the first for_each_index over more than one index.
  explicit ThreadPool(unsigned workers = 0);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  unsigned size() const { return workers_; }

  // Calls task(worker, index) once for every index in [0, count), on all workers at once, and returns when all
  // are done. If a task throws, the indices not yet started are skipped and the first exception is rethrown
  // here. Not reentrant: one for_each_index at a time per pool.
  void for_each_index(std::size_t count, const Task& task);

  // One per hardware thread, at least 1.
  static unsigned default_workers();

 private:
  void work(unsigned worker);                           // drains the current batch
  void thread_main(unsigned worker, std::size_t seen);  // seen: the generation it starts after

  unsigned workers_;
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  // The current batch, guarded by mutex_ except for the counter, which workers share lock-free.
  const Task* task_ = nullptr;
  std::size_t count_ = 0;
  std::size_t generation_ = 0;  // bumped per batch so that each thread joins each batch exactly once
  unsigned busy_ = 0;           // helper threads still in the current batch
  bool quit_ = false;
  std::exception_ptr error_;
  struct alignas(64) Counter {
    std::atomic<std::size_t> next{0};
  } counter_;
  std::atomic<bool> failed_{false};
};

}  // namespace dlx
