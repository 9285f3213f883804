// The base of every command's task (detail/tasks.hpp): what a task sees of the batch while it answers one
// puzzle (one index for generate) into its slot. Not installed.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "sudoku/model/conflict.hpp"
#include "sudoku/pipeline/batch.hpp"
#include "sudoku/pipeline/detail/batch_parts.hpp"

namespace sudoku::batch_detail {

// A task is made for one puzzle by Task::run() and answers it with its own run(). It writes its result with
// the batch's formatter (records.cpp), a Record of its command's fields, and polls the stop flag.
class Task {
 public:
  using Slot = Batch::Slot;
  using Worker = Batch::Worker;
  using Record = Batch::Record;
  using State = Batch::State;

  // The slot's puzzle answered by the task of the batch's command (tasks.cpp).
  static State run(Batch& batch, Worker& worker, Slot& slot);

  Task(Batch& batch, Worker& its_worker, Slot& its_slot)
      : options_(batch.options_),
        stop_(batch.stop_),
        structured_(batch.structured_),
        worker(its_worker),
        slot(its_slot),
        puzzle(its_slot.puzzle),
        batch_(batch) {}
  Task(const Task&) = delete;
  Task& operator=(const Task&) = delete;
  virtual ~Task() = default;

 protected:
  // Givens that clash (two equal digits in a house, a given a rule forbids): a well-formed puzzle without
  // solution, named by the same line in every command, as a bad input. By default the result is that line.
  virtual State clashing_givens(const Conflict& conflict);
  std::string clash_reason(const Conflict& conflict) const;
  // A clash as a record (csv, json) that keeps the command's fields (unanswered()), status "none", the reason
  // beside them: count's and the maker commands' answer.
  State clash_record(const Conflict& conflict);
  // The fields of a puzzle without an answer (into.status says why): null by default.
  virtual void unanswered(Record& into) const;

  Record record_of_command() const { return Record(*batch_.fields_); }
  // A puzzle the command writes (generate's, minimize's): its line, or under --format fpuzzles,
  // fpuzzles-link or sudokupad-link that form of it. False, the slot failed, when the form cannot hold it.
  bool puzzle_text(std::string& out, const Grid& givens, const Rules* rules) const;
  // The batch's formatter and streaming (batch.hpp says what each does).
  void fail(Slot& into, std::string_view message, std::size_t line, std::string_view prefix,
            std::string_view shown = {}) const {
    batch_.fail(into, message, line, prefix, shown);
  }
  void format_record(Slot& into, const Record& record) const { batch_.format_record(into, record); }
  void format_solutions(std::span<const Grid> solutions, bool complete) const {
    batch_.format_solutions(slot, solutions, complete);
  }
  bool add_solution(const Grid& solution, std::size_t index) const {
    return batch_.add_solution(slot, solution, index);
  }
  void end_solutions(std::size_t count, bool complete) const { batch_.end_solutions(slot, count, complete); }
  bool stream() { return batch_.stream(slot); }
  std::chrono::steady_clock::time_point time_slice() { return batch_.time_slice(worker); }
  void start_flusher() { batch_.start_flusher(); }

  // Named as the batch names them, and the puzzle at hand as the tasks' code has always named it.
  const BatchOptions& options_;
  std::atomic<bool>* const stop_;
  const bool structured_;  // csv, json or json_array: results are records
  Worker& worker;
  Slot& slot;
  const Puzzle& puzzle;

 private:
  Batch& batch_;
};

}  // namespace sudoku::batch_detail
