#include "sudoku/model/candidates.hpp"

#include <bit>

#include "dlx/assert.hpp"
#include "sudoku/model/model.hpp"

namespace sudoku {

CandidateGrid candidates_of(const Grid& puzzle) {
  CandidateGrid grid{puzzle.shape, std::vector<Mask>(puzzle.cells.size(), all_digits(puzzle.side()))};
  for (std::size_t i = 0; i < puzzle.cells.size(); ++i)
    if (puzzle.cells[i] != 0) grid.cells[i] = digit_bit(puzzle.cells[i]);
  return grid;
}

CandidateProblem make_candidate_problem(const CandidateGrid& grid) {
  // The same items as make_problem(), but only the options the candidates allow.
  const Shape shape = grid.shape;
  const int n = shape.side();
  DLX_ASSERT(grid.cells.size() == static_cast<std::size_t>(shape.cells()));
  const dlx::Problem full = make_problem(shape);
  CandidateProblem result;
  for (dlx::ItemId i = 0; i < full.item_count(); ++i) result.problem.add_primary(full.item_name(i));
  for (int cell = 0; cell < n * n; ++cell) {
    for (int d = 1; d <= n; ++d) {
      if (!(grid.cells[static_cast<std::size_t>(cell)] & digit_bit(d))) continue;
      result.problem.add_option(full.option(option_id(shape, cell / n, cell % n, d)));
      result.cell_of.push_back(cell);
      result.digit_of.push_back(d);
    }
  }
  // cell_of and digit_of are read by option id.
  DLX_ASSERT(result.cell_of.size() == result.problem.option_count());
  return result;
}

CandidateSolutions::CandidateSolutions(const CandidateGrid& grid, const dlx::SearchOptions& options)
    : shape_(grid.shape), candidates_(make_candidate_problem(grid)), solver_(candidates_.problem, options) {}

bool CandidateSolutions::next(Grid& solution) {
  if (!solver_.next()) return false;
  solution.reset(shape_);
  for (dlx::OptionId o : solver_.solution())
    solution.cells[static_cast<std::size_t>(candidates_.cell_of[o])] =
        static_cast<std::uint8_t>(candidates_.digit_of[o]);
  return true;
}

dlx::Count count_candidates(const CandidateGrid& grid, std::uint64_t limit, const dlx::SearchOptions& options,
                            Grid* first, dlx::Status* status) {
  CandidateSolutions solutions(grid, options);
  struct Report {  // the search's last status, however this returns
    const CandidateSolutions& solutions;
    dlx::Status* status;
    ~Report() {
      if (status != nullptr) *status = solutions.status();
    }
  } report{solutions, status};
  if (first == nullptr) return solutions.count(limit);
  if (!solutions.next(*first)) return {0, solutions.status() == dlx::Status::exhausted};
  dlx::Count rest = limit == 1 ? dlx::Count{0, false} : solutions.count(limit == 0 ? 0 : limit - 1);
  return {rest.solutions + 1, limit == 1 ? solutions.status() == dlx::Status::exhausted : rest.complete};
}

CandidateGrid true_candidates(const CandidateGrid& grid, const dlx::SearchOptions& options) {
  const CandidateProblem cp = make_candidate_problem(grid);
  dlx::Solver solver(cp.problem, options);
  CandidateGrid seen{grid.shape, std::vector<Mask>(grid.cells.size(), 0)};
  const auto record = [&] {
    for (dlx::OptionId o : solver.solution())
      seen.cells[static_cast<std::size_t>(cp.cell_of[o])] |= digit_bit(cp.digit_of[o]);
  };
  // Every candidate not yet seen in a solution gets one search with it forced; a solution found that way
  // also marks all its other placements, so most candidates need no search of their own.
  const auto cut_short = [&] {
    const dlx::Status s = solver.status();
    return s == dlx::Status::stopped || s == dlx::Status::timed_out || s == dlx::Status::node_limit;
  };
  for (dlx::OptionId o = 0; o < cp.cell_of.size(); ++o) {
    if (seen.cells[static_cast<std::size_t>(cp.cell_of[o])] & digit_bit(cp.digit_of[o])) continue;
    // Each search polls the flag only every few thousand nodes: a board with many candidates also looks here.
    if (options.stop != nullptr && options.stop->load(std::memory_order_relaxed)) return {grid.shape, {}};
    solver.reset();
    if (solver.force(o) && solver.next()) {
      record();
    } else if (cut_short()) {
      return {grid.shape, {}};
    }
  }
  return seen;
}

}  // namespace sudoku
