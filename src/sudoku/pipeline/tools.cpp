#include "sudoku/pipeline/tools.hpp"

#include <dlx/thread_pool.hpp>

#include "sudoku/pipeline/batch.hpp"

namespace sudoku {
namespace {

Command command_of(Tool tool) {
  switch (tool) {
    case Tool::rate:
      return Command::rate;
    case Tool::minimize:
      return Command::minimize;
    case Tool::hint:
      return Command::hint;
    case Tool::steps:
      return Command::steps;
    case Tool::candidates:
      break;
  }
  return Command::candidates;
}

BatchOptions batch_options(const ToolOptions& options, Variants variants) {
  BatchOptions batch;
  batch.command = command_of(options.tool);
  batch.reader = options.reader;
  batch.variants = std::move(variants);
  // The batch raises its stop flag on a write error; the caller's flag is only read.
  batch.stop = const_cast<std::atomic<bool>*>(options.stop);
  return batch;
}

}  // namespace

struct ToolRunner::Impl {
  Impl(const ToolOptions& options, Variants variants)
      : pool(1), batch(batch_options(options, std::move(variants)), pool) {}
  dlx::ThreadPool pool;
  Batch batch;
};

ToolRunner::ToolRunner(ToolOptions options, Variants variants)
    : impl_(std::make_unique<Impl>(options, std::move(variants))) {}
ToolRunner::~ToolRunner() = default;

void ToolRunner::run(std::istream& in, std::string_view source, std::ostream& out, std::ostream& err) {
  impl_->batch.run(in, source, out, err);
}
void ToolRunner::add_input_error() {
  impl_->batch.add_input_error();
}
std::uint64_t ToolRunner::puzzles() const {
  return impl_->batch.totals().puzzles;
}
std::uint64_t ToolRunner::puzzles_done() const {
  return impl_->batch.puzzles_done();
}
std::uint64_t ToolRunner::input_position() const {
  return impl_->batch.input_position();
}
int ToolRunner::exit_status() const {
  return impl_->batch.exit_status();
}

}  // namespace sudoku
