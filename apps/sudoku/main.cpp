// sudoku: every Sudoku command over puzzles read from files or standard input (or made by `generate`). The
// options become sudoku::BatchOptions (options.cpp); this file opens the inputs, runs the library's pipeline
// (sudoku::Batch) over them and reports how the run ended.
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <dlx/knuth_format.hpp>
#include <dlx/solver.hpp>
#include <dlx/thread_pool.hpp>
#include <dlxapp/interrupts.hpp>
#include <dlxapp/output.hpp>
#include <dlxapp/progress_line.hpp>
#include <dlxapp/usage.hpp>
#include <filesystem>
#include <iostream>
#include <memory>
#include <new>
#include <string>
#include <sudoku/model/band_solver.hpp>
#include <sudoku/model/puzzle_problem.hpp>
#include <sudoku/pipeline/batch.hpp>
#include <vector>

#include "fd_input.hpp"
#include "options.hpp"

namespace {

using sudoku_app::FdInput;
using sudoku_app::Options;

// The inputs in order ('-' is standard input), each opened when its turn comes; `report` gets the message of
// one that cannot be opened.
template <class Open, class Report>
void for_each_input(const std::vector<std::string>& files, const std::atomic<bool>* stop, Open&& open,
                    Report&& report) {
  for (const std::string& file : files) {
    std::unique_ptr<FdInput> input;
    if (file == "-") {
      input = std::make_unique<FdInput>(0, false, stop);
    } else {
      std::error_code ec;
      if (std::filesystem::is_directory(file, ec)) {
        report(dlxapp::printable(file) + ": cannot read file: is a directory");
        continue;
      }
      input = FdInput::open(file, stop);
      if (!input) {
        report(dlxapp::cannot_open(file, errno));
        continue;
      }
    }
    std::istream in(input.get());
    // Messages name the file as "FILE:LINE: ...": its control characters escaped, so that a name cannot
    // break the line or drive the terminal.
    if (!open(in, *input, file == "-" ? std::string("<stdin>") : dlxapp::printable(file))) return;
  }
}

// How far a run got, for its progress line: puzzles done, and the share of the input read when every input
// is a regular file (a pipe's length is not known until its end).
class InputProgress {
 public:
  InputProgress(const std::vector<std::string>& files, const sudoku::Batch& batch, std::uint64_t generating)
      : batch_(batch), generating_(generating) {
    for (const std::string& file : files) {
      std::error_code ec;
      const auto size = file == "-" || !std::filesystem::is_regular_file(file, ec)
                            ? std::uintmax_t{0}
                            : std::filesystem::file_size(file, ec);
      if (file == "-" || ec || size == 0) known_ = false;
      total_ += ec ? 0 : size;
    }
  }
  void finished(std::string_view file) {  // read to its end (or given up): its bytes count as read
    std::error_code ec;
    if (const auto size = std::filesystem::file_size(std::string(file), ec); !ec) base_.fetch_add(size);
  }
  dlx::Progress operator()() const {
    dlx::Progress p;
    p.solutions = batch_.puzzles_done();
    if (generating_ > 0) {
      p.fraction = static_cast<double>(p.solutions) / static_cast<double>(generating_);
    } else {
      p.fraction = known_ ? std::min(1.0, static_cast<double>(base_.load() + batch_.input_position()) /
                                              static_cast<double>(total_))
                          : -1;
    }
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    return p;
  }

 private:
  const sudoku::Batch& batch_;
  std::uint64_t generating_;             // generate: how many; 0 otherwise
  bool known_ = true;                    // every input is a regular file of known size
  std::uintmax_t total_ = 0;             // their sizes
  std::atomic<std::uintmax_t> base_{0};  // the sizes of the files read to the end
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

// emit: the first puzzle's exact-cover model in Knuth's format.
int run_emit(const Options& o, dlxapp::Interrupts& interrupts) {
  int status = dlxapp::kExitUsage;
  bool done = false;
  for_each_input(
      o.args, interrupts.flag(),
      [&](std::istream& in, FdInput&, std::string_view name) {
        sudoku::PuzzleReader reader(in, o.batch.reader);
        sudoku::Puzzle puzzle;
        if (!reader.next(puzzle)) return true;  // an empty input: the next one
        done = true;
        if (!puzzle.ok()) {
          std::cerr << name << ':' << puzzle.error_line << ": " << puzzle.error << '\n';
          return false;
        }
        if (!puzzle.pencilmarks.empty()) {
          std::cerr << name << ':' << puzzle.line << ": emit takes puzzles with givens, not pencilmarks\n";
          return false;
        }
        try {
          std::optional<sudoku::Rules> rules;
          if (o.batch.variants.any() || puzzle.rules) {
            rules = sudoku::make_rules(puzzle.grid.shape, o.batch.variants);
            if (puzzle.rules) sudoku::add_rules(*rules, *puzzle.rules);
          }
          dlx::write_knuth(std::cout, sudoku::make_puzzle_problem(puzzle.grid, rules ? &*rules : nullptr));
          status = 0;
        } catch (const sudoku::RulesError& e) {
          std::cerr << name << ':' << puzzle.line << ": " << e.what() << '\n';
        }
        return false;
      },
      [&](const std::string& message) { std::cerr << "sudoku: " << message << '\n'; });
  if (!done && status != 0) std::cerr << "sudoku: emit: no puzzle in the input\n";
  return status;
}

int run(const Options& o, dlxapp::Interrupts& interrupts, dlxapp::OutputGuard& output) {
  if (o.command == "emit") return run_emit(o, interrupts);
  sudoku::BatchOptions options = o.batch;
  options.stop = interrupts.flag();
  options.on_slow_run = [&output] { output.watch(); };
  FdInput* current = nullptr;  // the input being read, for input_ready
  options.input_ready = [&current] { return current == nullptr || current->ready(); };
  dlx::ThreadPool pool(o.threads);
  sudoku::Batch batch(options, pool);
  const auto started = std::chrono::steady_clock::now();
  const bool generating = options.command == sudoku::Command::generate;
  InputProgress input(generating ? std::vector<std::string>{} : o.args, batch, generating ? o.count : 0);
  {
    const dlxapp::ProgressLine progress(
        [&input] { return input(); }, o.progress || dlxapp::ProgressLine::is_terminal(stderr), stderr,
        std::chrono::seconds(1), std::chrono::milliseconds(250), dlxapp::ProgressStyle{"puzzles", true});
    try {
      if (generating) {
        batch.generate(o.count, std::cout, std::cerr);
      } else {
        for_each_input(
            o.args, interrupts.flag(),
            [&](std::istream& in, FdInput& fd, std::string_view name) {
              if (batch.stopped()) return false;
              current = &fd;
              batch.run(in, name, std::cout, std::cerr);
              current = nullptr;
              input.finished(name);
              return true;
            },
            [&](const std::string& message) {
              std::cerr << message << '\n';
              batch.add_input_error();
            });
      }
      batch.finish(std::cout);  // a stopped json-array is closed too
    } catch (const sudoku::OutputError&) {
      // The OutputGuard knows why (a closed pipe, a full disk) and tells in finish().
    }
  }
  output.flush();
  const sudoku::Totals& t = batch.totals();
  if (const std::string why = interrupts.describe(); !why.empty()) {
    std::string partial;
    if (const auto& p = batch.partial())
      partial = "; the count of " + p->source + ':' + std::to_string(p->line) + " is partial (" +
                dlx::to_decimal(p->solutions) + "+)";
    std::cerr << "sudoku: " << why << " after " << t.puzzles << " of the " << t.read << " puzzles "
              << (generating ? "asked" : "read") << partial << '\n';
  }
  if (options.stats) {
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::cerr << "sudoku: " << t.puzzles << " puzzles, " << t.nodes << " nodes, " << t.seconds
              << " s solving (" << (t.puzzles ? t.seconds / static_cast<double>(t.puzzles) * 1e6 : 0.0)
              << " us per puzzle), " << wall << " s in all on " << pool.size() << " threads\n";
  }
  return batch.exit_status();
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  try {
    // Before any thread starts (the pool's): see dlxapp/interrupts.hpp.
    dlxapp::Interrupts interrupts("sudoku");
    // The pipe watcher starts with the batch's own helper, once a run lasts (BatchOptions::on_slow_run).
    dlxapp::OutputGuard output("sudoku", &interrupts, dlxapp::OutputGuard::Watch::later);
    int status = dlxapp::kExitUsage;
    try {
      const Options o = sudoku_app::parse_options(argc, argv);
      if (o.help) {
        std::cout << sudoku_app::kUsage << '\n' << o.help_text << '\n';
        return output.finish(0);
      }
      if (o.version) {
        std::cout << "sudoku (dlx) " << DLX_VERSION << '\n'
                  << "engines: " << dlx::instruction_set() << '\n'
                  << "band solver: " << sudoku::band_instruction_set() << '\n';
        return output.finish(0);
      }
      if (o.time_limit) interrupts.start_timer(*o.time_limit);
      status = run(o, interrupts, output);
    } catch (const dlxapp::UsageError& e) {
      status = dlxapp::report_usage_error("sudoku", e.what(), std::cerr);
      std::cerr << "Try 'sudoku --help'.\n";
    } catch (const std::bad_alloc&) {
      output.flush();
      std::cerr << "sudoku: out of memory\n";
      status = dlxapp::kExitFailure;  // the documented status of the unexpected (exit_codes.hpp)
    } catch (const std::exception& e) {
      output.flush();
      std::cerr << "sudoku: " << dlxapp::printable(e.what()) << '\n';
      status = dlxapp::kExitUsage;
    }
    std::cerr.flush();
    // 2 after a write error, 130 after Ctrl-C, 3 after the time limit, 0 when the reader went away.
    return output.finish(status);
  } catch (const std::exception& e) {
    std::cerr << "sudoku: " << e.what() << '\n';
    return dlxapp::kExitUsage;
  }
}
