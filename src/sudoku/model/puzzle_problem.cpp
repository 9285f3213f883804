#include "sudoku/model/puzzle_problem.hpp"

#include <vector>

#include "sudoku/model/model.hpp"

namespace sudoku {

dlx::Problem make_puzzle_problem(const Grid& givens, const Rules* rules) {
  const dlx::Problem model = rules != nullptr ? make_problem(*rules) : make_problem(givens.shape);
  dlx::Problem problem;
  for (dlx::ItemId item = 0; item < model.item_count(); ++item) {
    const std::string& name = model.item_name(item);
    if (!model.is_primary(item)) {
      problem.add_secondary(name);
    } else if (model.has_multiplicities()) {
      problem.add_primary(name, model.bounds(item).lo, model.bounds(item).hi);
    } else {
      problem.add_primary(name);
    }
  }
  for (std::size_t color = 1; color <= model.color_count(); ++color)
    problem.color(model.color_name(static_cast<dlx::ColorId>(color)));
  // Options 0..n^3-1 place digits in cells (model.hpp); a given's cell keeps only its given's option.
  const auto n = static_cast<std::size_t>(givens.shape.side());
  for (dlx::OptionId option = 0; option < model.option_count(); ++option) {
    if (option < n * n * n) {
      const std::size_t cell = option / n;
      const int digit = static_cast<int>(option % n) + 1;
      if (givens.cells[cell] != 0 && givens.cells[cell] != digit) continue;
    }
    const dlx::OptionId id = problem.add_option(model.option(option));
    if (model.has_costs()) problem.set_cost(id, model.cost(option));
  }
  return problem;
}

}  // namespace sudoku
