#include "sudoku/pipeline/batch.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <sstream>

#include "helpers.hpp"

using sudoku::Command;

namespace {

struct Run {
  std::string out, err;
  int status;
  sudoku::Totals totals;
};

Run run(const std::string& input, sudoku::BatchOptions options = {}, unsigned threads = 2) {
  dlx::ThreadPool pool(threads);
  sudoku::Batch batch(options, pool);
  std::istringstream in(input);
  std::ostringstream out, err;
  batch.run(in, "in.txt", out, err);
  return {out.str(), err.str(), batch.exit_status(), batch.totals()};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string join(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

constexpr std::string_view kJudge =
    "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n"
    "7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n";
constexpr std::string_view kJudgeSolved =
    "5 3 4 6 7 8 9 1 2\n6 7 2 1 9 5 3 4 8\n1 9 8 3 4 2 5 6 7\n8 5 9 7 6 1 4 2 3\n4 2 6 8 5 3 7 9 1\n"
    "7 1 3 9 2 4 8 5 6\n9 6 1 5 3 7 2 8 4\n2 8 7 4 1 9 6 3 5\n3 4 5 2 8 6 1 7 9\n";

}  // namespace

TEST_CASE("judge format in - the solved board in the same form out") {
  const Run r = run(std::string(kJudge));
  CHECK(r.out == kJudgeSolved);
  CHECK(r.err.empty());
  CHECK(r.status == 0);
  // No final newline and CRLF make no difference.
  std::string crlf;
  for (char c : kJudge) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  crlf.resize(crlf.size() - 2);
  CHECK(run(crlf).out == kJudgeSolved);
  // Several boards: each solved, set apart by a blank line.
  CHECK(run(std::string(kJudge) + "\n" + std::string(kJudge)).out ==
        std::string(kJudgeSolved) + "\n" + std::string(kJudgeSolved));
}

TEST_CASE("a batch keeps input order - with an error line in place of each bad puzzle") {
  auto lines = test::read_lines("top95_sample.txt");
  lines.insert(lines.begin() + 3, lines[3].substr(1));                // wrong length: line 4
  lines.insert(lines.begin() + 10, "5....5" + std::string(75, '.'));  // repeated given: line 11
  lines.insert(lines.begin() + 20, "12345678.........9" + std::string(63, '.') + " no solution");  // line 21
  const std::string input = join(lines);

  sudoku::BatchOptions options;
  options.chunk_size = 7;  // several chunks
  const Run r = run(input, options, 3);
  const auto out = lines_of(r.out);
  REQUIRE(out.size() == lines.size());
  CHECK(out[3].starts_with("error: wrong length: 80 cells"));
  CHECK(out[10] == "error: digit 5 repeated in row 1 (r1c1 and r1c6)");
  CHECK(out[20] == "no solution");
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i == 3 || i == 10 || i == 20) continue;
    CAPTURE(lines[i]);
    REQUIRE(out[i].size() == 81);
    CHECK(test::is_solution_of(test::grid_from(lines[i], 3, 3), test::grid_from(out[i], 3, 3)));
  }
  CHECK(lines_of(r.err) ==
        std::vector<std::string>{"in.txt:4: wrong length: 80 cells; a one-line puzzle has 16, 36, 64, 81, "
                                 "144, 256 or 625 (or use --box)",
                                 "in.txt:11: digit 5 repeated in row 1 (r1c1 and r1c6)"});
  CHECK(r.status == 2);
  CHECK(r.totals.puzzles == lines.size());
  CHECK(r.totals.errors == 2);
  CHECK(r.totals.unsolved == 1);

  // The same on one thread and in one chunk.
  sudoku::BatchOptions single;
  const Run s = run(input, single, 1);
  CHECK(s.out == r.out);
  CHECK(s.err == r.err);
}

TEST_CASE("exit status: 1 for a puzzle without solution - 0 when all are solved") {
  CHECK(run("12345678.........9" + std::string(63, '.') + "\n").status == 1);
  CHECK(run(test::read_lines("17_clue_sample.txt")[0] + "\n").status == 0);
  CHECK(run("").status == 0);
  CHECK(run("").out.empty());
}

TEST_CASE("annotations are echoed after the solution") {
  const std::string puzzle = test::read_lines("top95_sample.txt")[0];
  const Run r = run("# comment\n" + puzzle + "\tSE 9.1  rated\r\n");
  REQUIRE(lines_of(r.out).size() == 1);
  CHECK(r.out.substr(81) == " SE 9.1  rated\n");
}

TEST_CASE("count: the number alone - N+ when the limit stopped it") {
  sudoku::BatchOptions options;
  options.command = Command::count;
  const auto counts = test::read_lines("puzzles_with_counts.txt");
  std::string input, expected;
  for (const std::string& line : counts) {
    input += line.substr(0, 81) + "\n";
    expected += line.substr(82, line.find(':', 82) == std::string::npos ? std::string::npos
                                                                        : line.find(':', 82) - 82) +
                "\n";
  }
  const Run all = run(input, options);
  CHECK(all.out == expected);
  CHECK(all.status == 0);

  options.limit = 100;
  const auto limited = lines_of(run(input, options).out);
  const auto exact = lines_of(expected);
  REQUIRE(limited.size() == exact.size());
  for (std::size_t i = 0; i < exact.size(); ++i)
    CHECK(limited[i] == (std::stoull(exact[i]) >= 100 ? std::string("100+") : exact[i]));
}

TEST_CASE("check prints unique / multiple / none and why givens clash") {
  sudoku::BatchOptions options;
  options.command = Command::check;
  const std::string unique = test::read_lines("17_clue_sample.txt")[5];
  const std::string multiple = test::read_lines("serg_benchmark_sample.txt")[5];
  const std::string none = "12345678.........9" + std::string(63, '.');
  std::string clash = std::string(81, '.');
  clash[18] = '5';
  clash[24] = '5';
  const Run r = run(unique + "\n" + multiple + "\n" + none + "\n" + clash + "\n", options);
  CHECK(r.out == "unique\nmultiple\nnone\nnone: digit 5 repeated in row 3 (r3c1 and r3c7)\n");
  CHECK(r.err == "in.txt:4: digit 5 repeated in row 3 (r3c1 and r3c7)\n");
  CHECK(r.status == 2);
  CHECK(run(unique + "\n" + multiple + "\n", options).status == 1);
  CHECK(run(unique + "\n" + unique + "\n", options).status == 0);
}

TEST_CASE("output formats grid / pretty / csv / json") {
  const std::string puzzle = test::read_lines("top95_sample.txt")[0];
  const std::string input = puzzle + " note, \"quoted\"\n" + puzzle.substr(1) + "\n";
  sudoku::BatchOptions options;

  options.format = sudoku::Format::grid;
  auto out = lines_of(run(input, options).out);
  REQUIRE(out.size() == 1 + 9 + 1 + 1);
  CHECK(out[0] == "# note, \"quoted\"");
  CHECK(out[1].size() == 9);
  CHECK(out[10].empty());
  CHECK(out[11].starts_with("error: wrong length"));

  options.format = sudoku::Format::pretty;
  out = lines_of(run(input, options).out);
  CHECK(out[1] == "+-------+-------+-------+");
  CHECK(out.size() == 1 + 13 + 1 + 1);

  options.format = sudoku::Format::csv;
  out = lines_of(run(input, options).out);
  REQUIRE(out.size() == 3);
  CHECK(out[0] == "line,puzzle,status,solution,annotation");
  CHECK(out[1].starts_with("1," + puzzle + ",solved,"));
  CHECK(out[1].ends_with(",\"note, \"\"quoted\"\"\""));
  CHECK(out[2].starts_with("2,,\"error: wrong length"));

  options.format = sudoku::Format::json;
  out = lines_of(run(input, options).out);
  REQUIRE(out.size() == 2);
  CHECK(
      out[0].starts_with("{\"line\":1,\"puzzle\":\"" + puzzle + "\",\"status\":\"solved\",\"solution\":\""));
  CHECK(out[0].ends_with("\",\"annotation\":\"note, \\\"quoted\\\"\"}"));
  // Every record has line, puzzle and status; an unreadable puzzle's is null.
  CHECK(out[1].starts_with("{\"line\":2,\"puzzle\":null,\"status\":\"error\",\"error\":\"wrong length"));

  options.format = sudoku::Format::line;
  std::string judge_to_line = run(std::string(kJudge), options).out;
  CHECK(judge_to_line ==
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n");
}

TEST_CASE("--stats writes a line per puzzle on the error stream") {
  sudoku::BatchOptions options;
  options.stats = true;
  const auto lines = test::read_lines("top95_sample.txt");
  // Two that need guesses (the first three of the sample need none: 0 nodes).
  const Run r = run(lines[3] + "\n" + lines[4] + "\n", options);
  const auto err = lines_of(r.err);
  REQUIRE(err.size() == 2);
  CHECK(err[0].starts_with("in.txt:1: "));
  CHECK(err[0].find(" nodes, ") != std::string::npos);
  CHECK(err[1].ends_with(" us"));
  CHECK(r.totals.nodes > 0);
}

TEST_CASE("mixed sizes in one file - each solved by its own solver") {
  std::string input = "1.3.3..2.1.34..1\n" + test::read_lines("17_clue_sample.txt")[0] + "\n" +
                      std::string(256, '.') + "\n" + "1.....4.....2.....5.....3.....6.....\n";
  const Run r = run(input);
  const auto out = lines_of(r.out);
  REQUIRE(out.size() == 4);
  CHECK(test::is_solution_of(test::grid_from("1.3.3..2.1.34..1", 2, 2), test::grid_from(out[0], 2, 2)));
  CHECK(out[1].size() == 81);
  CHECK(test::is_solution_of(test::grid_from(std::string(256, '.'), 4, 4), test::grid_from(out[2], 4, 4)));
  CHECK(test::is_solution_of(test::grid_from("1.....4.....2.....5.....3.....6.....", 2, 3),
                             test::grid_from(out[3], 2, 3)));
  CHECK(r.status == 0);
}

TEST_CASE("a failing output stream is an error - not silence") {
  dlx::ThreadPool pool(1);
  sudoku::Batch batch({}, pool);
  std::istringstream in(test::read_lines("top95_sample.txt")[0] + "\n");
  std::ostringstream out, err;
  out.setstate(std::ios::badbit);
  CHECK_THROWS_AS(batch.run(in, "in.txt", out, err), sudoku::OutputError);
}

TEST_CASE("long annotations make smaller chunks and the order still holds") {
  const auto lines = test::read_lines("top95_sample.txt");
  std::string input;
  for (int i = 0; i < 300; ++i)
    input += lines[static_cast<std::size_t>(i) % lines.size()] + " " +
             std::string(40000, static_cast<char>('a' + i % 26)) + "\n";
  const Run r = run(input);
  const auto out = lines_of(r.out);
  REQUIRE(out.size() == 300);
  for (std::size_t i = 0; i < out.size(); ++i) {
    REQUIRE(out[i].size() == 81 + 1 + 40000);
    CHECK(out[i][100] == static_cast<char>('a' + i % 26));
    CHECK(test::is_solution_of(test::grid_from(lines[i % lines.size()], 3, 3),
                               test::grid_from(out[i].substr(0, 81), 3, 3)));
  }
  CHECK(r.status == 0);
}

TEST_CASE("a run that lasts calls on_slow_run once - and its searches, run in slices, count the same") {
  sudoku::BatchOptions options;
  options.command = Command::count;
  options.limit = 300000;
  std::atomic<int> calls{0};
  options.on_slow_run = [&] { ++calls; };
  const std::string empty(81, '0');
  std::string judge;  // kJudge on one line
  for (const char c : kJudge)
    if (c >= '0' && c <= '9') judge += c;
  for (const unsigned threads : {1u, 2u}) {
    calls = 0;
    const auto started = std::chrono::steady_clock::now();
    // The empty grid's count runs for a good 100 ms (much more under sanitizers): the limit is reached over
    // several slices when the first ends before the run's first 50 ms do.
    const Run slow = run(judge + "\n" + empty + "\n" + empty + "\n", options, threads);
    const auto took = std::chrono::steady_clock::now() - started;
    CHECK(slow.out == "1\n300000+\n300000+\n");
    CHECK(took >= std::chrono::milliseconds(50));
    CHECK(calls == 1);
  }

  calls = 0;
  const auto started = std::chrono::steady_clock::now();
  const Run quick = run(std::string(kJudge), options, 1);
  CHECK(quick.out == "1\n");
  // A run shorter than 50 ms never calls it (a loaded machine may make this one longer: then nothing is
  // asserted).
  if (std::chrono::steady_clock::now() - started < std::chrono::milliseconds(40)) CHECK(calls == 0);
}
