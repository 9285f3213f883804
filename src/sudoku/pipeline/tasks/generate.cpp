// generate (GenerateTask, detail/tasks.hpp): puzzle number slot.index of the options' seed, from the worker's
// own Generator, with its solution and how it was made.
#include <memory>
#include <string>
#include <utility>

#include "sudoku/io/puzzle_line.hpp"
#include "sudoku/pipeline/detail/tasks.hpp"

namespace sudoku::batch_detail {

Task::State GenerateTask::run() {
  const GenerateOptions& options = options_.generate;
  // BatchOptions::generate_rating is GenerateOptions::rating by its older name.
  const std::optional<std::pair<double, double>> rating =
      options.rating ? options.rating : options_.generate_rating;
  if (!worker.generator) {
    worker.generator.emplace(options, options_.variants);
    if (rating) worker.generator->target_rating(rating->first, rating->second);
  }
  const std::optional<Generated> g = worker.generator->generate(slot.index, stop_);
  if (!g) return not_found(rating);
  // Killers and random jigsaws carry rules of their own; other puzzles those of the command line.
  std::shared_ptr<const Rules> rules =
      g->rules ? g->rules : std::make_shared<const Rules>(make_rules(options.shape, options_.variants));
  const bool rated = logic_knows(*rules);
  if (!rules->plain()) slot.rules = std::move(rules);
  slot.puzzle.grid = g->puzzle;
  slot.puzzle.layout = Layout::line;
  slot.outcome = Outcome::solved;
  Record record = record_of_command();
  record.status = "generated";
  std::string solution;
  append_line(solution, g->solution, options_.reader.symbols);
  record.set("solution", solution);
  record.set("seed", std::to_string(options.seed));
  record.set("index", std::to_string(slot.index));
  record.set("clues", std::to_string(g->puzzle.givens()));
  record.set("symmetry", symmetry_name(options.symmetry));
  if (rated) {
    record.set("tier", kTierNames[static_cast<int>(g->tier)]);
  } else {
    record.set_null("tier");
  }
  if (rating) {  // the puzzle was graded: its ER, EP and ED, as rate writes them
    for (const auto& [name, value] : {std::pair{"er", g->er}, {"ep", g->ep}, {"ed", g->ed}}) {
      if (value > 0) {
        record.set(name, logic::rating_text(value));
      } else {
        record.set_null(name);
      }
    }
  }
  std::string line;
  if (!puzzle_text(line, g->puzzle, slot.rules.get())) return State::done;
  // A typed killer line ends with its cages' sums, an f-puzzles line is JSON, a link ends at white space: no room for an annotation,
  // which goes on a comment line before it, as a grid's does.
  const std::string note = annotation(*g, options, slot.index, rated);
  record.text = !takes_annotation(slot.rules.get()) || is_fpuzzles_form(options_.format)
                    ? "# " + note + '\n' + line + '\n'
                    : line + ' ' + note + '\n';
  format_record(slot, record);
  return State::done;
}

Task::State GenerateTask::not_found(const std::optional<std::pair<double, double>>& rating) {
  if (stop_->load(std::memory_order_relaxed)) return State::stopped;
  const GenerateOptions& options = options_.generate;
  if (options.template_rules) {
    // Every attempt is bounded (generator.cpp): rules that this many random solutions do not settle make
    // a bad template, as a template without solution is.
    fail(slot,
         "no puzzle under the template's rules found in " + std::to_string(options.attempts) +
             " attempts (puzzle " + std::to_string(slot.index) +
             "): each attempt's searches are bounded, and its rules leave them too much to search, or "
             "admit no puzzle of the tier asked for; --attempts raises the bound",
         slot.puzzle.line, "error: ");
    return State::done;
  }
  fail(
      slot,
      "no " + std::to_string(options.shape.side()) + 'x' + std::to_string(options.shape.side()) +
          " puzzle (boxes " + to_string(options.shape) + ")" +
          (options.tier ? std::string(" of tier ") + kTierNames[static_cast<int>(*options.tier)] : "") +
          (rating ? " with ER " + logic::rating_text(rating->first) + "-" + logic::rating_text(rating->second)
                  : "") +
          (options.clues ? " with " + std::to_string(options.clues) + " clues" : "") +
          (options.minimal ? ", minimal," : "") + " found in " + std::to_string(options.attempts) +
          " attempts (puzzle " + std::to_string(slot.index) +
          "); --attempts raises the bound, but it may not exist",
      slot.puzzle.line, "error: ");
  slot.outcome = Outcome::none;
  return State::done;
}

}  // namespace sudoku::batch_detail
