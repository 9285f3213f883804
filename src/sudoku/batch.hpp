// Solves, counts or checks every puzzle of a stream, in parallel, with one result per puzzle in input order.
//
// The input is read a chunk of puzzles at a time (4096 by default, fewer when they hold over 8 MiB of text),
// the chunk is shared out over the pool's workers, and the results are written in order before the next chunk
// is read: memory stays bounded whatever the input's size. Each worker keeps its own Solver per shape, built
// the first time it meets that shape.
//
// A puzzle that cannot be read, or whose givens clash, gets "error: what is wrong" in its place ("none: ..."
// for check) and a "source:line: what is wrong" message on the error stream; the others carry on.
#pragma once

#include <cstdint>
#include <dlx/thread_pool.hpp>
#include <istream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/reader.hpp"
#include "sudoku/writer.hpp"

namespace sudoku {

enum class Command {
  solve,  // the first solution of each puzzle
  count,  // the number of solutions, "N+" when the limit stopped the count
  check,  // unique, multiple or none
};

struct BatchOptions {
  Command command = Command::solve;
  std::uint64_t limit = 0;       // count: stop after this many solutions (0: count them all)
  Format format = Format::same;  // solve only; count and check always write one word per line
  ReaderOptions reader;
  bool stats = false;  // a line per puzzle on the error stream: search nodes and time
  std::size_t chunk_size = 4096;
};

struct Totals {
  std::uint64_t puzzles = 0;
  std::uint64_t solved = 0;    // solve: solved; count: counted; check: unique
  std::uint64_t unsolved = 0;  // no solution
  std::uint64_t multiple = 0;  // check: more than one solution
  std::uint64_t errors = 0;    // unreadable puzzles, clashing givens, unreadable inputs
  std::uint64_t nodes = 0;     // search nodes, over all puzzles
  double seconds = 0;          // time spent on puzzles, summed over workers (stats only)
};

// Thrown when the output stream fails (disk full, closed pipe): going on would lose results silently.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Batch {
 public:
  Batch(BatchOptions options, dlx::ThreadPool& pool);
  ~Batch();
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;

  // Every puzzle of `in`; `source` names the input in messages ("puzzles.txt", "<stdin>").
  void run(std::istream& in, std::string_view source, std::ostream& out, std::ostream& err);
  // Counts an input that could not be read at all, after the caller reported it.
  void add_input_error() { ++totals_.errors; }

  const Totals& totals() const { return totals_; }
  // 0 all good; 1 some puzzle had no solution (solve) or was not unique (check); 2 any input error.
  int exit_status() const;

 private:
  struct Worker;
  struct Slot;
  void process(Worker& worker, Slot& slot) const;
  void format_solution(Slot& slot, const Grid& solution) const;
  void flush(std::size_t used, std::string_view source, std::ostream& out, std::ostream& err);

  BatchOptions options_;
  dlx::ThreadPool& pool_;
  std::vector<Worker> workers_;
  std::vector<Slot> slots_;
  std::string out_buffer_, err_buffer_;
  Totals totals_;
  bool wrote_any_ = false, last_multiline_ = false, wrote_csv_header_ = false;
};

// Writes all of text or throws OutputError.
void write_all(std::ostream& out, std::string_view text);

}  // namespace sudoku
