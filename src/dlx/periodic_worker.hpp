// A helper thread that does one small job now and then until it is told to stop: the shape of the helper
// threads of the library and the commands (a progress line, a watcher of a stop flag and a deadline), written
// once so that stopping and joining are right everywhere. Destroying it stops it. Built on std::thread, not
// std::jthread, which some standard libraries (Emscripten's) lack.
//
//   dlx::PeriodicWorker line(delay, interval, [&] { draw(); return true; });   // stops when destroyed
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace dlx {

class PeriodicWorker {
 public:
  // Starts a thread that calls tick() once `delay` has passed, then every `interval`, until tick() returns
  // false or stop() is called. A stop during a wait ends the thread at once, without another tick.
  PeriodicWorker(std::chrono::nanoseconds delay, std::chrono::nanoseconds interval,
                 std::function<bool()> tick);
  ~PeriodicWorker();  // stop()
  PeriodicWorker(const PeriodicWorker&) = delete;
  PeriodicWorker& operator=(const PeriodicWorker&) = delete;

  // Wakes the thread and waits for it to end (after the tick under way, if any); calling it again does nothing.
  void stop();

 private:
  std::function<bool()> tick_;    // the job, run on the thread only
  std::mutex mutex_;              // guards stopping_
  std::condition_variable wake_;  // woken by a stop request
  bool stopping_ = false;
  std::thread thread_;  // last member: starts once the others exist
};

}  // namespace dlx
