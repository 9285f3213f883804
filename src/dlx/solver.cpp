// The public Solver: forwards to the engine that engine/select.cpp picks.
#include "dlx/solver.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine.hpp"

namespace dlx {

Solver::Solver(const Problem& problem, SearchOptions options)
    : problem_(&problem), engine_kind_(detail::select_engine(problem, options)) {
  engine_ = detail::make_engine(engine_kind_, problem, options);
}

Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

void Solver::reset() {
  engine_->reset();
}
bool Solver::force(OptionId option) {
  engine_->check_before_search("force");
  const bool branch_decision = engine_kind_ == Engine::bounds && (option & detail::kBranchBit) != 0;
  if (!branch_decision && option >= problem_->option_count())
    throw std::out_of_range("dlx::Solver::force(): no such option " + std::to_string(option));
  return engine_->force(option);
}
std::size_t Solver::force_all(std::span<const OptionId> options) {
  engine_->check_before_search("force");
  if (engine_kind_ == Engine::bounds) {  // branch decisions: force() tells them from options
    for (std::size_t i = 0; i < options.size(); ++i)
      if (!force(options[i])) return i;
    return options.size();
  }
  // The checks of force() once for the whole span, then the engine's own loop (no call through the vtable
  // per option). An option out of range throws where force() would: after the ones before it.
  const std::size_t valid = static_cast<std::size_t>(
      std::find_if(options.begin(), options.end(),
                   [count = problem_->option_count()](OptionId o) { return o >= count; }) -
      options.begin());
  const std::size_t forced = engine_->force_all(options.first(valid));
  if (forced < valid || valid == options.size()) return forced;
  throw std::out_of_range("dlx::Solver::force(): no such option " + std::to_string(options[valid]));
}
void Solver::force_disjoint(std::span<const OptionId> options) {
  engine_->check_before_search("force");
  // The bounds engine's branch decisions (bit 31) are beyond the options; its force() tells them apart.
  DLX_ASSERT(engine_kind_ == Engine::bounds ||
             std::all_of(options.begin(), options.end(),
                         [count = problem_->option_count()](OptionId o) { return o < count; }));
  engine_->force_disjoint(options);
}
std::vector<OptionId> Solver::branch_options() {
  engine_->check_before_search("branch_options");
  return engine_->branch_options();
}
bool Solver::all_covered() const {
  return engine_->all_covered();
}
bool Solver::next() {
  return engine_->next();
}
std::span<const OptionId> Solver::solution() const {
  return engine_->solution();
}
Count Solver::count(std::uint64_t limit) {
  return engine_->count(limit);
}
void Solver::for_each(const std::function<bool(std::span<const OptionId>)>& visit) {
  engine_->for_each(visit);
}
void Solver::set_time_limit(std::chrono::nanoseconds limit) {
  engine_->set_time_limit(limit);
}
void Solver::set_node_limit(std::uint64_t nodes) {
  engine_->set_node_limit(nodes);
}
void Solver::check_invariants() const {
  engine_->check_invariants();
}
Status Solver::status() const {
  return engine_->status();
}
const Stats& Solver::stats() const {
  return engine_->stats();
}

std::optional<std::vector<OptionId>> solve_first(const Problem& problem, SearchOptions options) {
  Solver solver(problem, options);
  if (!solver.next()) return std::nullopt;
  return std::vector<OptionId>(solver.solution().begin(), solver.solution().end());
}

}  // namespace dlx
