// Stopping a batch part way (Ctrl-C, a time limit, a reader gone): the finished prefix keeps its results, in
// order, a count cut short shows as "N+", nothing after it is written, and results show up while a slow
// puzzle is still running.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>

#include "helpers.hpp"
#include "sudoku/pipeline/batch.hpp"

using sudoku::Command;

namespace {

// An output stream that another thread may read while the batch writes to it.
class SharedBuffer : public std::streambuf {
 public:
  std::string text() const {
    std::lock_guard lock(mutex_);
    return text_;
  }

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      std::lock_guard lock(mutex_);
      text_ += traits_type::to_char_type(c);
    }
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard lock(mutex_);
    text_.append(s, static_cast<std::size_t>(n));
    return n;
  }

 private:
  mutable std::mutex mutex_;
  std::string text_;
};

std::size_t count_lines(const std::string& text) {
  std::size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// Waits (up to a minute, for slow sanitizer builds) until `done` holds.
template <class Condition>
bool wait_until(Condition done) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!done()) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

const std::string kEmpty9(81, '.');    // 6.67e21 solutions: a count that never ends
const std::string kEmpty16(256, '.');  // even more

}  // namespace

TEST_CASE("a stop raised before the run - no result and stopped()") {
  std::atomic<bool> stop{true};
  sudoku::BatchOptions options;
  options.stop = &stop;
  dlx::ThreadPool pool(2);
  sudoku::Batch batch(options, pool);
  std::istringstream in(test::read_lines("top95_sample.txt")[0] + "\n");
  std::ostringstream out, err;
  batch.run(in, "in.txt", out, err);
  CHECK(batch.stopped());
  CHECK(out.str().empty());
  CHECK(err.str().empty());
  CHECK(batch.totals().puzzles == 0);
  CHECK_FALSE(batch.partial());
}

TEST_CASE("count stopped part way - the finished prefix in order, then the partial count N+") {
  const auto quick = test::read_lines("17_clue_sample.txt");
  for (unsigned threads : {1u, 2u, 3u}) {
    CAPTURE(threads);
    // Five unique puzzles, a count that never ends (line 6), then more that must get no result.
    std::string input;
    for (int i = 0; i < 5; ++i) input += quick[static_cast<std::size_t>(i)] + "\n";
    input += kEmpty9 + "\n";
    for (int i = 5; i < 40; ++i) input += quick[static_cast<std::size_t>(i)] + "\n";

    std::atomic<bool> stop{false};
    sudoku::BatchOptions options;
    options.command = Command::count;
    options.stop = &stop;
    dlx::ThreadPool pool(threads);
    sudoku::Batch batch(options, pool);
    SharedBuffer out_buffer;
    std::ostream out(&out_buffer);
    std::ostringstream err;
    std::thread runner([&] {
      std::istringstream in(input);
      batch.run(in, "in.txt", out, err);
    });
    // The five results are written while the endless count runs: they do not wait for it.
    const bool shown = wait_until([&] { return count_lines(out_buffer.text()) >= 5; });
    stop.store(true);
    runner.join();
    REQUIRE(shown);

    const std::string text = out_buffer.text();
    REQUIRE(count_lines(text) == 6);
    CHECK(text.starts_with("1\n1\n1\n1\n1\n"));
    const std::string last = text.substr(10);
    CHECK(last.ends_with("+\n"));
    CHECK(last.find_first_not_of("0123456789") == last.size() - 2);
    CHECK(err.str().empty());
    CHECK(batch.stopped());
    CHECK(batch.totals().puzzles == 5);
    CHECK(batch.totals().read == 41);
    REQUIRE(batch.partial());
    CHECK(batch.partial()->source == "in.txt");
    CHECK(batch.partial()->line == 6);
    CHECK(dlx::to_decimal(batch.partial()->solutions) + "+\n" == last);

    // Later runs (the next files) do nothing.
    std::istringstream more(quick[0] + "\n");
    batch.run(more, "more.txt", out, err);
    CHECK(count_lines(out_buffer.text()) == 6);
  }
}

TEST_CASE("solve and check - a stopped puzzle gets no line, not a wrong verdict") {
  for (const Command command : {Command::solve, Command::check, Command::count}) {
    CAPTURE(static_cast<int>(command));
    // The flag is up before the search starts: the search returns at its first poll, unfinished. Neither "no
    // solution" nor "unknown" may then be printed, and a count that never started has no partial.
    const std::string input = test::read_lines("top95_sample.txt")[0] + "\n";
    std::atomic<bool> stop{true};
    sudoku::BatchOptions options;
    options.command = command;
    options.stop = &stop;
    dlx::ThreadPool pool(2);
    sudoku::Batch batch(options, pool);
    std::istringstream in(input);
    std::ostringstream out, err;
    batch.run(in, "in.txt", out, err);
    CHECK(out.str().empty());
    CHECK(batch.stopped());
    CHECK_FALSE(batch.partial());
  }
}

TEST_CASE("a failing output stream raises the stop flag - so every worker stops") {
  std::atomic<bool> stop{false};
  sudoku::BatchOptions options;
  options.command = Command::count;
  options.stop = &stop;
  dlx::ThreadPool pool(2);
  sudoku::Batch batch(options, pool);
  // Two endless counts after a quick one: only the stop flag can end them once the output failed.
  std::istringstream in(test::read_lines("17_clue_sample.txt")[0] + "\n" + kEmpty9 + "\n" + kEmpty16 + "\n");
  std::ostringstream out, err;
  out.setstate(std::ios::badbit);
  CHECK_THROWS_AS(batch.run(in, "in.txt", out, err), sudoku::OutputError);
  CHECK(stop.load());
  std::istringstream again(test::read_lines("17_clue_sample.txt")[0] + "\n");
  CHECK_THROWS_AS(batch.run(again, "in.txt", out, err), sudoku::OutputError);
}

TEST_CASE("the results of a finished run are the same with a stop flag that stays down") {
  std::atomic<bool> stop{false};
  const auto lines = test::read_lines("top95_sample.txt");
  std::string input;
  for (const auto& line : lines) input += line + "\n";
  sudoku::BatchOptions plain;
  plain.chunk_size = 7;
  sudoku::BatchOptions stoppable = plain;
  stoppable.stop = &stop;
  dlx::ThreadPool pool(3);
  std::ostringstream out1, out2, err;
  {
    sudoku::Batch batch(plain, pool);
    std::istringstream in(input);
    batch.run(in, "in.txt", out1, err);
    CHECK_FALSE(batch.stopped());
    CHECK(batch.totals().read == lines.size());
  }
  {
    sudoku::Batch batch(stoppable, pool);
    std::istringstream in(input);
    batch.run(in, "in.txt", out2, err);
    CHECK_FALSE(batch.stopped());
  }
  CHECK(out1.str() == out2.str());
  CHECK(count_lines(out1.str()) == lines.size());
}

TEST_CASE(
    "solve --all streams a puzzle's solutions as they are found - a stop ends the list, complete lines") {
  // An empty 9x9 board's solutions never end: they must be written while the search runs, not held until it
  // ends, and a stop must close the list ("stopped") after whole grids only.
  const sudoku::Grid empty = test::grid_from(kEmpty9, 3, 3);
  for (unsigned threads : {1u, 2u}) {
    CAPTURE(threads);
    SharedBuffer out_buffer;
    std::ostream out(&out_buffer);
    std::ostringstream err;
    std::atomic<bool> stop{false};
    sudoku::BatchOptions options;
    options.solutions = 0;  // --all
    options.stop = &stop;
    dlx::ThreadPool pool(threads);
    sudoku::Batch batch(options, pool);
    std::thread runner([&] {
      // The second endless list waits for the first (it is written after it), in bounded memory; at the stop
      // it gets none, or, when it was already being written, its own "stopped".
      std::istringstream in(kEmpty9 + "\n" + kEmpty9 + "\n");
      batch.run(in, "in.txt", out, err);
    });
    const bool shown = wait_until([&] { return count_lines(out_buffer.text()) >= 1000; });
    stop.store(true);
    runner.join();
    REQUIRE(shown);
    std::istringstream text(out_buffer.text());
    std::string line;
    std::size_t grids = 0, lists = 0;
    while (std::getline(text, line)) {
      CAPTURE(line);
      if (line == "stopped") {
        ++lists;
        continue;
      }
      REQUIRE(line.size() == 81);
      CHECK(test::is_solution_of(empty, test::grid_from(line, 3, 3)));
      ++grids;
    }
    CHECK(grids >= 1000);
    CHECK((lists == 1 || lists == 2));
    CHECK(out_buffer.text().ends_with("stopped\n"));
    CHECK(err.str().empty());
    CHECK(batch.stopped());
  }
}

TEST_CASE("solve --all: long lists of several puzzles written in input order whatever the threads") {
  // 33324 solutions each, 2.7 MB of text: more than a slot may hold while it waits for the ones before it.
  const std::string puzzle = std::string(43, '.') + "98789365214231679845648531972975248631";
  const std::string input = puzzle + "\n" + puzzle + " second\n" + puzzle + "\n";
  std::string first;
  for (unsigned threads : {1u, 3u}) {
    CAPTURE(threads);
    sudoku::BatchOptions options;
    options.solutions = 0;
    options.format = sudoku::Format::json;
    dlx::ThreadPool pool(threads);
    sudoku::Batch batch(options, pool);
    std::istringstream in(input);
    std::ostringstream out, err;
    batch.run(in, "in.txt", out, err);
    CHECK(err.str().empty());
    const std::string text = out.str();
    REQUIRE(count_lines(text) == 3);
    CHECK(text.starts_with("{\"line\":1,"));
    CHECK(text.find("\"count\":33324,\"complete\":true}\n{\"line\":2,") != std::string::npos);
    CHECK(text.find("\"complete\":true,\"annotation\":\"second\"}\n{\"line\":3,") != std::string::npos);
    if (threads == 1) first = text;
    CHECK(text == first);
  }
}
