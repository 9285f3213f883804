// Standard input and input files as the sudoku command reads them: a stream over a file descriptor that
//   - returns what one read(2) gives instead of waiting for a whole block, so that puzzles from a slow
//     producer (a generator, a person typing) reach the pipeline as they come;
//   - waits for input with poll(2) in slices of 100 ms and ends the input when the stop flag is raised, so
//     that Ctrl-C, SIGTERM or --time-limit stop a blocked read at once (the signals restart read(2) itself);
//   - tells whether more input is ready without waiting (ready()), for BatchOptions::input_ready.
// A FIFO is opened without waiting for its writer, for the same reason.
#pragma once

#include <atomic>
#include <memory>
#include <streambuf>
#include <string>

namespace sudoku_app {

class FdInput : public std::streambuf {
 public:
  // Reads descriptor `fd`, closing it at the end when `owned`.
  FdInput(int fd, bool owned, const std::atomic<bool>* stop);
  ~FdInput() override;
  FdInput(const FdInput&) = delete;
  FdInput& operator=(const FdInput&) = delete;

  // Opens `path` for reading; null with errno set when it cannot be opened.
  static std::unique_ptr<FdInput> open(const std::string& path, const std::atomic<bool>* stop);

  // Whether a read would return at once: data buffered, or the descriptor readable (or at its end).
  bool ready() const;
  // Why reading failed (strerror's words), or empty.
  const std::string& error() const { return error_; }

 protected:
  int_type underflow() override;
  std::streamsize xsgetn(char_type* s, std::streamsize n) override;

 private:
  int fd_;
  bool owned_;
  const std::atomic<bool>* stop_;
  std::unique_ptr<char[]> buffer_;
  std::string error_;
};

}  // namespace sudoku_app
