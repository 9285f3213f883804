#include "sudoku/pipeline/answer.hpp"

#include "sudoku/model/candidates.hpp"
#include "sudoku/model/solver.hpp"

namespace sudoku {

std::optional<Rules> puzzle_rules(const Puzzle& puzzle, const Variants& variants) {
  if (!variants.any() && !puzzle.rules) return std::nullopt;
  if (!puzzle.pencilmarks.empty()) throw RulesError("pencilmark puzzles take no variant rules");
  Rules rules = make_rules(puzzle.grid.shape, variants);
  if (puzzle.rules) add_rules(rules, *puzzle.rules);
  return rules;
}

PuzzleAnswer answer_puzzle(const Puzzle& puzzle, std::uint64_t limit, bool want_first,
                           const Variants& variants, const dlx::SearchOptions& options) {
  PuzzleAnswer answer;
  std::optional<Rules> rules = puzzle_rules(puzzle, variants);
  if (!puzzle.pencilmarks.empty()) {
    const CandidateGrid grid{puzzle.grid.shape, puzzle.pencilmarks};
    answer.count =
        count_candidates(grid, limit, options, want_first ? &answer.first : nullptr, &answer.status);
    if (answer.count.solutions == 0) answer.first = Grid{};
    return answer;
  }
  Solver solver = rules ? Solver(std::move(*rules), options) : Solver(puzzle.grid.shape, options);
  if (auto conflict = solver.load(puzzle.grid)) {
    answer.conflict = std::move(conflict);
    answer.count = {0, true};
    answer.status = dlx::Status::exhausted;
    return answer;
  }
  // Each solution found may stand for several (Solver::symmetry()): enough of them to pass the limit.
  const std::uint64_t each = solver.symmetry();
  const std::uint64_t search_limit = limit == 0 ? 0 : limit / each + (limit % each != 0);
  dlx::Count count;
  if (want_first) {
    if (solver.next(answer.first)) {
      count = {1, false};
      if (search_limit != 1) {
        const dlx::Count more = solver.count(search_limit == 0 ? 0 : search_limit - 1);
        count.solutions += more.solutions;
        count.complete = more.complete;
      }
    } else {
      answer.first = Grid{};
      count = {0, solver.status() == dlx::Status::exhausted};
    }
  } else {
    count = solver.count(search_limit);
  }
  answer.status = solver.status();
  if (count.solutions > dlx::kCount128Max / each) {
    count = {dlx::kCount128Max, false};
    answer.status = dlx::Status::overflow;
  } else {
    count.solutions *= each;
  }
  if (limit != 0 && count.solutions > limit) count = {limit, false};
  answer.count = count;
  return answer;
}

}  // namespace sudoku
