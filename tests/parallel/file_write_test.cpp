// dlx::OutputFile, the one writer of the generic side's files, and the checkpoint's header written through it:
// whole or not at all, never a half-written file, and a FIFO nobody reads never holds a stop up.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "dlx/checkpoint.hpp"
#include "dlx/output_file.hpp"
#include "dlx/parallel.hpp"
#include "dlx/solver.hpp"
#include "problems.hpp"

namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path;
  TempDir() {
    char name[] = "/tmp/dlx-output-file-test-XXXXXX";
    REQUIRE(mkdtemp(name) != nullptr);
    path = name;
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  // The names in the folder, sorted, joined by spaces: what a run left behind.
  std::string names() const {
    std::set<std::string> sorted;
    for (const auto& entry : fs::directory_iterator(path)) sorted.insert(entry.path().filename().string());
    std::string all;
    for (const std::string& name : sorted) all += (all.empty() ? "" : " ") + name;
    return all;
  }
};

std::string text_of(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Raises the flag after a while from a thread of its own; joins on destruction.
struct LateStop {
  std::atomic<bool> flag{false};
  std::jthread thread{[this] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    flag.store(true);
  }};
};

}  // namespace

TEST_SUITE("parallel") {
  TEST_CASE("an output file appears whole at commit, and not at all when dropped") {
    TempDir dir;
    const fs::path target = dir.path / "out.txt";
    {
      dlx::OutputFile file(target.string());
      file.stream() << "first line\n";
      CHECK_FALSE(fs::exists(target));  // nothing under the name until it is complete
      file.commit();
    }
    CHECK(text_of(target) == "first line\n");
    CHECK(dir.names() == "out.txt");
    fs::permissions(target, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
    {
      dlx::OutputFile file(target.string());
      file.stream() << "half of a new";
    }  // dropped: the old file stays, and no temporary is left
    CHECK(text_of(target) == "first line\n");
    CHECK(dir.names() == "out.txt");
    {
      dlx::OutputFile file(target.string());
      file.stream() << "second\n";
      file.discard();
    }
    CHECK(text_of(target) == "first line\n");
    {
      dlx::OutputFile file(target.string());
      file.stream() << "third\n";
      file.commit();
    }
    CHECK(text_of(target) == "third\n");
    CHECK(fs::status(target).permissions() ==
          (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
  }

  TEST_CASE("an output file through a symbolic link replaces the file it names, and the link stays") {
    TempDir dir;
    fs::create_directory(dir.path / "real");
    { std::ofstream(dir.path / "real" / "f.txt") << "old\n"; }
    fs::create_symlink(dir.path / "real" / "f.txt", dir.path / "link");
    dlx::OutputFile file((dir.path / "link").string());
    file.stream() << "new\n";
    file.commit();
    CHECK(fs::is_symlink(dir.path / "link"));
    CHECK(text_of(dir.path / "real" / "f.txt") == "new\n");
    CHECK(dir.names() == "link real");
  }

  TEST_CASE("an output file that cannot be created or written says why") {
    TempDir dir;
    CHECK_THROWS_AS(dlx::OutputFile(""), dlx::FileError);
    try {
      dlx::OutputFile file((dir.path / "no" / "such" / "folder").string());
      FAIL("created a file in a missing folder");
    } catch (const dlx::FileError& e) {
      CHECK(e.error() == ENOENT);
      CHECK(std::string(e.what()) == "cannot open for writing: No such file or directory");
    }
    CHECK_THROWS_AS(dlx::OutputFile(dir.path.string()), dlx::FileError);  // a folder
    // Devices are written in place: /dev/null takes everything, /dev/full is a full disk.
    {
      dlx::OutputFile file("/dev/null");
      CHECK(file.in_place());
      file.stream() << "anything\n";
      CHECK_NOTHROW(file.commit());
    }
    dlx::OutputFile full("/dev/full");
    full.stream() << "anything\n";
    try {
      full.commit();
      FAIL("/dev/full took the file");
    } catch (const dlx::FileError& e) {
      CHECK(e.error() == ENOSPC);
      CHECK(std::string(e.what()) == "write error: No space left on device");
    }
  }

  TEST_CASE("an output file named by a descriptor (/proc/self/fd/N) is written in place") {
    TempDir dir;
    const fs::path target = dir.path / "held";
    const int held = ::open(target.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    REQUIRE(held >= 0);
    {
      dlx::OutputFile file("/proc/self/fd/" + std::to_string(held));
      CHECK(file.in_place());
      file.stream() << "through the descriptor\n";
      file.commit();
    }
    ::close(held);
    CHECK(text_of(target) == "through the descriptor\n");
    CHECK(dir.names() == "held");
  }

  TEST_CASE("a FIFO nobody opens or reads gives up once the stop flag is raised") {
    TempDir dir;
    const std::string fifo = (dir.path / "fifo").string();
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
    {
      LateStop stop;  // nobody ever opens the FIFO: the wait ends with the stop
      dlx::OutputFile file(fifo, &stop.flag);
      CHECK(file.stopped());
      CHECK_FALSE(file.stream().good());
      CHECK_THROWS_AS(file.commit(), dlx::FileError);
    }
    // A reader that opens the FIFO and never reads: the writer fills the pipe, then waits, then gives up.
    const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    REQUIRE(reader >= 0);
    {
      LateStop stop;
      dlx::OutputFile file(fifo, &stop.flag);
      CHECK(file.in_place());
      const std::string chunk(1 << 16, 'x');
      for (int k = 0; k < 64 && file.stream().good(); ++k) file.stream() << chunk;  // 4 MiB, past any pipe
      file.stream().flush();
      CHECK(file.stopped());
      CHECK_THROWS_AS(file.commit(), dlx::FileError);
    }
    ::close(reader);
    CHECK(fs::is_fifo(fifo));  // a FIFO is never replaced by a file
  }

  TEST_CASE("a checkpoint whose header cannot be written is a write error, and leaves no file") {
    TempDir dir;
    const dlx::CheckpointKey key = partest::key_of(partest::queens(6), 20);
    // A file-size limit of 0 fails the header's write as a full disk would (EFBIG, SIGXFSZ ignored).
    rlimit old{};
    REQUIRE(getrlimit(RLIMIT_FSIZE, &old) == 0);
    const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit none = old;
    none.rlim_cur = 0;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &none) == 0);
    bool write_error = false;
    try {
      dlx::Checkpoint checkpoint((dir.path / "ck").string(), key);
    } catch (const dlx::CheckpointWriteError& e) {
      write_error = std::string(e.what()).find("cannot create checkpoint") != std::string::npos;
    } catch (...) {
    }
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, old_handler);
    CHECK(write_error);
    CHECK(dir.names().empty());
    // A missing folder is the caller's error, a refusal known before any work (dlx-mpi's status 2), as is a
    // damaged file: neither is a write error.
    try {
      dlx::Checkpoint checkpoint((dir.path / "no" / "ck").string(), key);
      FAIL("opened a checkpoint in a missing folder");
    } catch (const dlx::CheckpointWriteError&) {
      FAIL("a missing folder reported as a write error");
    } catch (const dlx::CheckpointError& e) {
      CHECK(std::string(e.what()) ==
            (dir.path / "no" / "ck").string() + ": cannot open checkpoint: No such file or directory");
    }
    { std::ofstream(dir.path / "other") << "not a checkpoint\nat all\nreally\nno\n"; }
    try {
      dlx::Checkpoint checkpoint((dir.path / "other").string(), key);
      FAIL("accepted a file that is not a checkpoint");
    } catch (const dlx::CheckpointWriteError&) {
      FAIL("a refused file reported as a write error");
    } catch (const dlx::CheckpointError& e) {
      CHECK(std::string(e.what()).find("not a dlx checkpoint") != std::string::npos);
    }
    // Once the limit is gone, the same name makes a whole checkpoint.
    { dlx::Checkpoint((dir.path / "ck").string(), key).record(1, {5, 9}); }
    CHECK(dlx::Checkpoint((dir.path / "ck").string(), key).done().size() == 1);
    CHECK(dir.names() == "ck other");
  }
}
