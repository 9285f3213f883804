// The checkpoint file: what it records, what it refuses, and how it survives a torn write.
#include "dlx/checkpoint.hpp"

#include <doctest/doctest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>

#include "dlx/parallel.hpp"
#include "dlx/resumable_count.hpp"
#include "dlxapp/progress_line.hpp"
#include "problems.hpp"

namespace {

struct TempFile {
  std::string path;
  TempFile() {
    char name[] = "/tmp/dlx-checkpoint-test-XXXXXX";
    const int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    close(fd);
    std::remove(name);
    path = name;
  }
  ~TempFile() { std::remove(path.c_str()); }
  std::string text() const {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
  }
  void append(const std::string& bytes) const {
    std::ofstream(path, std::ios::binary | std::ios::app) << bytes;
  }
};

}  // namespace

TEST_SUITE("parallel") {
  TEST_CASE("a checkpoint records results and gives them back when reopened") {
    TempFile file;
    const dlx::CheckpointKey key = partest::key_of(partest::queens(6), 20);
    REQUIRE(key.subproblems >= 20);
    {
      dlx::Checkpoint c(file.path, key);
      CHECK(c.done().empty());
      c.record(3, {2, 40});
      c.record(0, {0, 7});
    }
    CHECK(file.text().find("done 3 2 40 ") != std::string::npos);
    CHECK(file.text().find("done 0 0 7 ") != std::string::npos);
    dlx::Checkpoint c(file.path, key);
    REQUIRE(c.done().size() == 2);
    CHECK(c.done().at(3).solutions == 2);
    CHECK(c.done().at(3).nodes == 40);
    CHECK(c.done().at(0).nodes == 7);
    CHECK_THROWS_AS(c.record(key.subproblems, {1, 1}), std::out_of_range);
  }

  TEST_CASE(
      "a resumable count sums results in any order, resumes from its checkpoint, and matches one Solver") {
    const dlx::Problem p = partest::queens(8);
    dlx::Solver whole(p);
    const dlx::Count expected = whole.count();
    // Each subproblem counted by a Solver of its own, as dlx-mpi's ranks do.
    const auto result_of = [&](const dlx::Subproblem& sub) {
      dlx::Solver solver(p);
      dlx::enter_subproblem(solver, sub.prefix);
      const dlx::Count c = solver.count();
      return dlx::SubproblemResult{c.solutions, solver.stats().nodes};
    };
    TempFile file;
    std::size_t first_half = 0;
    {
      dlx::ResumableCount count(p, 30, file.path);
      CHECK(count.has_checkpoint());
      CHECK(count.resumed() == 0);
      const std::vector<std::uint64_t> pending = count.pending();
      REQUIRE(pending.size() == count.split().subproblems.size());
      first_half = pending.size() / 2;
      // From the back, as results may arrive.
      for (std::size_t k = pending.size(); k-- > first_half;)
        count.add(pending[k], result_of(count.split().subproblems[pending[k]]));
      count.finish();
      CHECK(!count.complete());
      CHECK(count.totals().done == pending.size() - first_half);
      CHECK(count.progress().fraction < 1.0);
    }
    dlx::ResumableCount count(p, 30, file.path);
    CHECK(count.resumed() == count.split().subproblems.size() - first_half);
    REQUIRE(count.pending().size() == first_half);
    for (std::uint64_t i : count.pending()) count.add(i, result_of(count.split().subproblems[i]));
    count.finish();
    CHECK(count.complete());
    const dlx::ResumableCount::Totals totals = count.totals();
    CHECK(totals.solutions == expected.solutions);
    CHECK(totals.nodes == whole.stats().nodes);  // the split's nodes once, and every subproblem's
    CHECK(!totals.overflow);
    CHECK(count.progress().fraction == doctest::Approx(1.0));
  }

  TEST_CASE("a resumable count refuses a checkpoint of another split") {
    TempFile file;
    { dlx::ResumableCount count(partest::queens(7), 20, file.path); }
    CHECK_THROWS_AS(dlx::ResumableCount(partest::queens(7), 40, file.path), dlx::CheckpointError);
    dlx::ResumableCount without(partest::queens(7), 40);
    CHECK(!without.has_checkpoint());
    without.add(without.pending().front(), {5, 9});  // counted at once
    CHECK(without.totals().solutions == 5);
  }

  TEST_CASE("a checkpoint keeps counts past 2^64 exactly, in decimal") {
    TempFile file;
    const dlx::CheckpointKey key = partest::key_of(partest::queens(6), 20);
    const dlx::Count128 big = (dlx::Count128{1} << 64) + 5, bigger = dlx::kCount128Max - 1;
    {
      dlx::Checkpoint c(file.path, key);
      c.record(1, {big, 11});
      c.record(2, {bigger, 12});
      c.record(3, {7, 13});  // a 64-bit count, written as before
    }
    CHECK(file.text().find("done 1 18446744073709551621 11 ") != std::string::npos);
    CHECK(file.text().find("done 2 340282366920938463463374607431768211454 12 ") != std::string::npos);
    CHECK(file.text().find("done 3 7 13 ") != std::string::npos);
    const dlx::Checkpoint c(file.path, key);
    REQUIRE(c.done().size() == 3);
    CHECK(c.done().at(1).solutions == big);
    CHECK(c.done().at(2).solutions == bigger);
    CHECK(c.done().at(3).solutions == 7);
  }

  TEST_CASE("a torn last line is dropped, and appending goes on from the last whole line") {
    TempFile file;
    const dlx::CheckpointKey key = partest::key_of(partest::queens(6), 20);
    { dlx::Checkpoint(file.path, key).record(1, {5, 9}); }
    file.append("done 2 1");  // killed mid-write
    {
      dlx::Checkpoint c(file.path, key);
      CHECK(c.done().size() == 1);
      c.record(2, {1, 3});
    }
    dlx::Checkpoint c(file.path, key);
    CHECK(c.done().size() == 2);
    CHECK(c.done().at(2).nodes == 3);
    CHECK(file.text().find("done 2 1done") == std::string::npos);
  }

  TEST_CASE("a partial header is rewritten") {
    TempFile file;
    file.append("dlx check");
    const dlx::CheckpointKey key = partest::key_of(partest::queens(5), 4);
    dlx::Checkpoint c(file.path, key);
    CHECK(c.done().empty());
    CHECK(file.text().rfind("dlx checkpoint 2\nproblem ", 0) == 0);
  }

  TEST_CASE("a checkpoint of another problem or another split is refused, and left alone") {
    TempFile file;
    const dlx::CheckpointKey key = partest::key_of(partest::queens(6), 20);
    { dlx::Checkpoint(file.path, key).record(1, {5, 9}); }
    const std::string before = file.text();
    try {
      dlx::Checkpoint c(file.path, partest::key_of(partest::queens(7), 20));
      FAIL("accepted another problem's checkpoint");
    } catch (const dlx::CheckpointError& e) {
      CHECK(std::string(e.what()).find("different problem") != std::string::npos);
      CHECK(std::string(e.what()).rfind(file.path + ": ", 0) == 0);
    }
    try {
      dlx::Checkpoint c(file.path, partest::key_of(partest::queens(6), 50));
      FAIL("accepted another split's checkpoint");
    } catch (const dlx::CheckpointError& e) {
      CHECK(std::string(e.what()).find("different split") != std::string::npos);
    }
    CHECK(file.text() == before);

    TempFile other;
    other.append("some other file\nwith lines\nand more lines\n");
    CHECK_THROWS_AS(dlx::Checkpoint(other.path, key), dlx::CheckpointError);
    TempFile bad;
    bad.append(before + "done x 1 2\n");
    CHECK_THROWS_WITH_AS(dlx::Checkpoint(bad.path, key), doctest::Contains(":5: damaged checkpoint record"),
                         dlx::CheckpointError);
  }

  TEST_CASE("a record with any changed byte is refused, never summed") {
    TempFile file;
    const dlx::CheckpointKey key = partest::key_of(partest::queens(6), 20);
    { dlx::Checkpoint(file.path, key).record(5, {1, 178}); }
    const std::string good = file.text();
    const std::size_t at = good.find("done 5 1 178 ");
    REQUIRE(at != std::string::npos);
    // Every single-byte change of the record: a digit, a space, the checksum itself.
    for (std::size_t k = at; k + 1 < good.size(); ++k) {
      for (const char c : {'9', '0', 'a', ' '}) {
        if (good[k] == c) continue;
        std::string bad = good;
        bad[k] = c;
        TempFile damaged;
        damaged.append(bad);
        CAPTURE(bad);
        CHECK_THROWS_WITH_AS(dlx::Checkpoint(damaged.path, key),
                             doctest::Contains("damaged checkpoint record"), dlx::CheckpointError);
      }
    }
    TempFile huge;
    huge.append(good + std::string(1 << 20, '\n'));
    CHECK_THROWS_WITH_AS(dlx::Checkpoint(huge.path, key), doctest::Contains("larger"), dlx::CheckpointError);
  }

  TEST_CASE("the recorder makes results durable before it reports them done") {
    TempFile file;
    const dlx::CheckpointKey key = partest::key_of(partest::queens(6), 20);
    std::vector<std::uint64_t> reported;
    std::mutex reported_mutex;
    {
      dlx::Checkpoint c(file.path, key);
      dlx::CheckpointRecorder recorder(&c, [&](const dlx::CheckpointRecorder::Result& r) {
        std::lock_guard lock(reported_mutex);
        CHECK(c.done().contains(r.first));  // written (and synced) first
        reported.push_back(r.first);
      });
      for (std::uint64_t k = 0; k < 10; ++k) recorder.add({k, {k, 2 * k}});
      recorder.finish();
      CHECK_FALSE(recorder.failed());
    }
    CHECK(reported.size() == 10);
    dlx::Checkpoint again(file.path, key);
    REQUIRE(again.done().size() == 10);
    CHECK(again.done().at(7).nodes == 14);

    // Without a checkpoint, results are reported at once.
    std::uint64_t direct = 0;
    dlx::CheckpointRecorder none(nullptr,
                                 [&](const dlx::CheckpointRecorder::Result& r) { direct += r.first; });
    none.add({5, {1, 1}});
    CHECK(direct == 5);
  }

  TEST_CASE("the checkpoint key identifies the problem's content, not its spelling") {
    dlx::Problem a = partest::queens(5), b = partest::queens(5);
    CHECK(partest::key_of(a, 10).problem_hash == partest::key_of(b, 10).problem_hash);
    CHECK(partest::key_of(a, 10).split_hash == partest::key_of(b, 10).split_hash);
    CHECK(partest::key_of(a, 10).problem_hash != partest::key_of(partest::queens(6), 10).problem_hash);
  }

  TEST_CASE("the progress line") {
    CHECK(dlxapp::format_progress({0.5, 12, 100, 3, 10}) ==
          "[ 50.0%] 12 solutions, 0:10 elapsed, about 0:10 left");
    CHECK(dlxapp::format_progress({0, 0, 0, 0, 3725}) == "[  0.0%] 0 solutions, 1:02:05 elapsed");
    // A stream of puzzles: the end is not known, so neither percentage nor time left.
    CHECK(dlxapp::format_progress({-1, 3120, 0, 0, 12}, {"puzzles", true}) ==
          "3120 puzzles (260/s), 0:12 elapsed");
    CHECK(dlxapp::format_progress({0.25, 30, 0, 0, 30}, {"puzzles", true}) ==
          "[ 25.0%] 30 puzzles (1/s), 0:30 elapsed, about 1:30 left");
    CHECK(dlxapp::format_progress({0.25, 30, 0, 0, 30}, {"puzzles", false}) ==
          "[ 25.0%] 30 puzzles, 0:30 elapsed, about 1:30 left");

    // Drawn with '\r' on the given stream, then erased.
    std::FILE* out = std::tmpfile();
    REQUIRE(out != nullptr);
    {
      dlxapp::ProgressLine line(
          [] {
            return dlx::Progress{0.25, 7, 0, 1, 1};
          },
          true, out, std::chrono::milliseconds(0), std::chrono::milliseconds(1));
      // Until the line was drawn at least twice (however slowly the thread gets to run).
      struct stat st {};
      for (int k = 0; k < 5000 && (fstat(fileno(out), &st) != 0 || st.st_size < 80); ++k) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    }
    std::rewind(out);
    std::string text;
    for (int c; (c = std::fgetc(out)) != EOF;) text += static_cast<char>(c);
    std::fclose(out);
    CHECK(text.rfind("\r[ 25.0%] 7 solutions", 0) == 0);
    CHECK(text.back() == '\r');  // erased at the end
    {
      dlxapp::ProgressLine quiet([] { return dlx::Progress{}; }, false);
    }  // disabled: no thread, nothing drawn
  }

}  // TEST_SUITE("parallel")
