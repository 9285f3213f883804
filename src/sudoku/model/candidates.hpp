// Candidates: for every cell, the set of digits it may still hold, as a bit mask (bit d-1 for digit d; sides
// up to 64 fit). A puzzle's givens are cells with one candidate; a pencilmark ("sukaku") puzzle is any such
// set of masks. In exact-cover terms the candidates are the options still available.
// Their text form, pencilmarks, is read and written in io/pencilmarks.hpp.
#pragma once

#include <cstdint>
#include <dlx/solver.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/io/symbols.hpp"
#include "sudoku/model/grid.hpp"

namespace sudoku {

using Mask = std::uint64_t;

inline Mask digit_bit(int digit) {
  return Mask{1} << (digit - 1);
}
inline Mask all_digits(int side) {
  return side >= 64 ? ~Mask{0} : (Mask{1} << side) - 1;
}

struct CandidateGrid {
  Shape shape;
  std::vector<Mask> cells;  // shape.cells() masks, row by row
};

// A puzzle's candidates before any deduction: a given's own digit, every digit for a blank.
CandidateGrid candidates_of(const Grid& puzzle);

// The exact-cover problem restricted to these candidates (only their options), for counting or solving a
// pencilmark puzzle with the public dlx API. Option k of it is the k-th candidate in (cell, digit) order.
struct CandidateProblem {
  dlx::Problem problem;
  std::vector<int> cell_of, digit_of;  // by option id
};
CandidateProblem make_candidate_problem(const CandidateGrid& grid);

// A pencilmark puzzle's solutions one at a time, in the search's order, as Solver::next() gives a puzzle's.
class CandidateSolutions {
 public:
  CandidateSolutions(const CandidateGrid& grid, const dlx::SearchOptions& options);
  CandidateSolutions(const CandidateSolutions&) = delete;  // the solver points into the problem
  CandidateSolutions& operator=(const CandidateSolutions&) = delete;

  // The next solution into `solution`; false when there is none left or the options' limits stopped it.
  bool next(Grid& solution);
  // The solutions after those next() gave, up to limit (0: all).
  dlx::Count count(std::uint64_t limit) { return solver_.count(limit); }
  // Why the search last returned.
  dlx::Status status() const { return solver_.status(); }
  std::uint64_t nodes() const { return solver_.stats().nodes; }

 private:
  Shape shape_;
  CandidateProblem candidates_;
  dlx::Solver solver_;  // on candidates_.problem
};

// Solutions of a pencilmark puzzle, up to limit (0: all); the first one into `first` when there is one, and
// why the search returned into `status` (stopped, timed_out, node_limit: cut short by the options' limits).
dlx::Count count_candidates(const CandidateGrid& grid, std::uint64_t limit, const dlx::SearchOptions& options,
                            Grid* first = nullptr, dlx::Status* status = nullptr);

// The true candidates: the digits that appear in some solution, cell by cell (all zero when none). Found by
// solving once per candidate not yet seen in a solution, never by listing every solution. When the options'
// stop flag, time or node limit cut it short, the result has no cells at all (cells.empty()).
CandidateGrid true_candidates(const CandidateGrid& grid, const dlx::SearchOptions& options = {});

}  // namespace sudoku
