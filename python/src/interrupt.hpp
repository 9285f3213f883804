// Long searches called from Python: run without the GIL (other Python threads go on meanwhile) and give Ctrl-C
// back to Python promptly as KeyboardInterrupt. Two shapes, for the two kinds of searches in the library:
// resumable ones (Solver::next/count, sudoku::Solver) run in short time slices on the calling thread, with
// pending signals handled between slices; one-shot ones (cheapest, memoized and multi-threaded counts) run on a
// worker thread that a stop flag ends, while the calling thread waits in short slices and raises the flag when a
// signal handler raised an exception.
#pragma once

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <dlx/solver.hpp>
#include <exception>
#include <future>
#include <string>
#include <thread>
#include <utility>

namespace dlxpy {

// A Python int of any size from a 128-bit count (pybind11 converts 64 bits at most).
inline pybind11::int_ to_python(dlx::Count128 value) {
  const std::string digits = dlx::to_decimal(value);
  return pybind11::reinterpret_steal<pybind11::int_>(PyLong_FromString(digits.c_str(), nullptr, 10));
}

// Long enough that slicing costs nothing measurable, short enough that Ctrl-C feels immediate.
inline constexpr std::chrono::milliseconds kSlice{50};

// Calls step() (one next() or count() of `searcher`, a dlx::Solver or a sudoku::Solver) until its status is
// something other than timed_out; step must resume where the slice before it stopped. Throws
// pybind11::error_already_set when a signal handler raised (KeyboardInterrupt); the searcher is then left
// resumable, as after any time limit.
template <class Searcher, class Step>
void run_sliced(Searcher& searcher, Step step) {
  struct NoLimitAfter {  // the searcher must not keep the slice's limit, whatever leaves this function
    Searcher& searcher;
    ~NoLimitAfter() { searcher.set_time_limit(std::chrono::nanoseconds{0}); }
  } restore{searcher};
  for (;;) {
    searcher.set_time_limit(kSlice);
    {
      pybind11::gil_scoped_release release;
      step();
    }
    if (searcher.status() != dlx::Status::timed_out) return;
    if (PyErr_CheckSignals() != 0) throw pybind11::error_already_set();
  }
}

// Runs search() on a worker thread and returns its result. search must poll `stop` and return soon after it
// reads true. On a pending signal whose handler raised, raises `stop`, waits for the worker and throws
// pybind11::error_already_set; exceptions thrown by search are rethrown here.
template <class Search>
auto run_stoppable(std::atomic<bool>& stop, Search search) -> decltype(search()) {
  std::packaged_task<decltype(search())()> task(std::move(search));
  auto result = task.get_future();
  std::thread worker(std::move(task));
  bool interrupted = false;
  {
    pybind11::gil_scoped_release release;
    while (result.wait_for(kSlice) != std::future_status::ready) {
      pybind11::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {
        // The exception stays pending in this thread's Python state until error_already_set takes it below.
        interrupted = true;
        stop.store(true);
        break;
      }
    }
    worker.join();
  }
  if (interrupted) throw pybind11::error_already_set();
  return result.get();
}

}  // namespace dlxpy
