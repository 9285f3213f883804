// The public Solver: picks an engine and forwards to it. See links_engine.cpp and bitset_engine.cpp.
#include "dlx/solver.hpp"

#include <stdexcept>

#include "dlx/engine.hpp"

namespace dlx {
namespace {

bool cpu_has_popcount() {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_cpu_supports("popcnt");
#else
  return true;
#endif
}

Engine pick_engine(const Problem& problem, Engine requested) {
  if (requested == Engine::bounds || (requested == Engine::automatic && needs_bounds_engine(problem)))
    return Engine::bounds;
  if (problem.has_multiplicities())
    throw std::invalid_argument("only the bounds engine (Algorithm M) handles items with multiplicities");
  if (requested == Engine::bitset) {
    if (problem.option_count() > kBitsetMaxOptions)
      throw std::length_error("the bitset engine takes at most " + std::to_string(kBitsetMaxOptions) +
                              " options");
    return Engine::bitset;
  }
  if (requested == Engine::links) return Engine::links;
  const bool small =
      problem.option_count() <= kBitsetAutoOptions && problem.primary_count() <= kBitsetAutoOptions;
  return small && cpu_has_popcount() ? Engine::bitset : Engine::links;
}

}  // namespace

bool needs_bounds_engine(const Problem& problem) {
  if (problem.has_multiplicities()) return true;
  for (ItemId item = 0; item < problem.item_count(); ++item)
    if (problem.is_primary(item) && problem.item_name(item).front() == '#') return true;
  return false;
}

Solver::Solver(const Problem& problem, SearchOptions options)
    : problem_(&problem), engine_kind_(pick_engine(problem, options.engine)) {
  switch (engine_kind_) {
    case Engine::bitset:
      engine_ = detail::make_bitset_engine(problem, options);
      break;
    case Engine::bounds:
      engine_ = detail::make_bounds_engine(problem, options);
      break;
    default:
      engine_ = detail::make_links_engine(problem, options);
  }
}

Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

void Solver::reset() {
  engine_->reset();
}
bool Solver::force(OptionId option) {
  return engine_->force(option);
}
std::vector<OptionId> Solver::branch_options() {
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
