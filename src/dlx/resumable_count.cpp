#include "dlx/resumable_count.hpp"

#include "dlx/solver.hpp"

namespace dlx {

ResumableCount::ResumableCount(const Problem& problem, std::uint64_t target,
                               const std::string& checkpoint_path)
    : started_(std::chrono::steady_clock::now()) {
  {
    Solver solver(problem);
    split_ = split_search(solver, target);
  }
  if (!checkpoint_path.empty())
    checkpoint_ =
        std::make_unique<Checkpoint>(checkpoint_path, checkpoint_key(problem, target, split_.subproblems));
  totals_.nodes = split_.expanded_nodes;
  for (std::uint64_t i = 0; i < split_.subproblems.size(); ++i) {
    if (checkpoint_ && checkpoint_->done().contains(i)) {
      count(i, checkpoint_->done().at(i));
    } else {
      pending_.push_back(i);
    }
  }
  recorder_ = std::make_unique<CheckpointRecorder>(
      checkpoint_.get(), [this](const CheckpointRecorder::Result& r) { count(r.first, r.second); });
}

ResumableCount::~ResumableCount() = default;

void ResumableCount::count(std::uint64_t index, const SubproblemResult& result) {
  std::lock_guard lock(mutex_);
  totals_.solutions = saturating_add(totals_.solutions, result.solutions, totals_.overflow);
  totals_.nodes += result.nodes;
  ++totals_.done;
  progress_.fraction += split_.subproblems[index].weight;
  progress_.solutions = totals_.solutions;
  progress_.nodes = totals_.nodes;
  progress_.subproblems = totals_.done;
}

void ResumableCount::add(std::uint64_t index, const SubproblemResult& result) {
  recorder_->add({index, result});
}

bool ResumableCount::failed() const {
  return recorder_->failed();
}

void ResumableCount::finish() {
  recorder_->finish();
}

ResumableCount::Totals ResumableCount::totals() const {
  std::lock_guard lock(mutex_);
  return totals_;
}

Progress ResumableCount::progress() const {
  std::lock_guard lock(mutex_);
  Progress p = progress_;
  p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  return p;
}

}  // namespace dlx
