// The one way the generic side writes a file (a ZDD, a checkpoint's header, any file a command names): whole or
// not at all, and never stuck where a stop cannot reach it.
//
//   dlx::OutputFile file("out.zdd", stop);   // throws dlx::FileError when it cannot be created
//   file.stream() << ...;
//   if (finished) file.commit();             // throws dlx::FileError on a write error (or a stop)
//   // otherwise the destructor (or discard()) removes what was written
//
// A regular file, or a name that does not exist yet, is written to a temporary file in the same folder (the
// folder of the file a symbolic link names) and renamed over the name by commit(), after an fsync: a reader sees
// the old file or the whole new one, never a half-written one, and a run that is stopped leaves nothing behind.
// Anything else (a FIFO, a terminal, /dev/null, /dev/full) cannot be replaced and is written in place, as are
// names under /dev/ and /proc/ (/dev/stdout), which stand for a file the caller holds open.
//
// Opening a FIFO that nobody reads, and writing to one whose reader does not keep up, would block for ever: both
// are done without blocking, polling `stop` (when not null) every few milliseconds, and give up once it is raised:
// stopped() is then true, the stream is bad, and commit() throws. A FIFO whose reader went away raises SIGPIPE,
// as any write to it does; a program that ignores SIGPIPE (the commands do) gets a write error instead.
#pragma once

#include <atomic>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>

namespace dlx {

// A file that could not be created or written. what() says what failed and why ("cannot open for writing: No
// such file or directory", "write error: No space left on device"), without the file's name, which the caller
// prints as it prints names.
class FileError : public std::runtime_error {
 public:
  FileError(const std::string& what, int error) : std::runtime_error(what), error_(error) {}
  int error() const { return error_; }  // errno, or 0 when stopped

 private:
  int error_;
};

class OutputFile {
 public:
  OutputFile(const std::string& path, const std::atomic<bool>* stop = nullptr);
  ~OutputFile();  // discard() unless committed
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  std::ostream& stream();
  // Flushes, syncs and puts the file in place. Throws FileError after any failed write, or when stopped.
  void commit();
  // Drops what was written: the temporary file is removed (a file written in place stays as it is).
  void discard() noexcept;
  // The stop flag was raised while opening or writing blocked.
  bool stopped() const;
  // Written in place, not through a temporary file (a FIFO, a device).
  bool in_place() const;

 private:
  class Buffer;
  std::unique_ptr<Buffer> buffer_;
  std::unique_ptr<std::ostream> stream_;
  std::string target_;     // where the file ends up (a symbolic link followed)
  std::string temporary_;  // empty: written in place
  bool done_ = false;      // committed or discarded
};

}  // namespace dlx
