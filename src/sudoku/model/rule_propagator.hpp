// Pruning for the sum and order rules of a variant, as a dlx::Propagator (dlx/propagator.hpp) on the model of
// model.hpp. Exact cover alone sees a sum (an arrow's or a little killer's chain of partial sums, a cage's
// digit sets) only once its cells are filled, and a thermometer only tuple by tuple: with few givens the search
// then wanders for minutes. At every node this reads each rule cell's digits still possible (its cell options
// left) and removes the cell options that no longer fit:
//   - linear sums (arrows: the line's cells minus the circle's number is 0; little killers; killer cages and
//     the cages derived from them): bounds, each cell's digit kept within what the total leaves once the other
//     cells take their least and their most; sums that share an unknown total (a region sum line's runs, a
//     zipper's pairs and centre, a double arrow's ends and middle) narrow the total's range and are
//     narrowed by it;
//   - thermometers: each cell above the least digit of the cell before it and below the largest of the next.
//   - renbans: a cell keeps a digit only where some window of consecutive digits holding it can give the
//     line's other cells its other digits, one each (a window with a digit no cell can take is out);
//   - the rule options (thermometers, dots, chains of partial sums...): an option that allows a place none of
//     its cell's digits left goes, a colored item (a chain's sum so far, an arrow's total) keeps only the
//     colors every primary item that must color it still offers, and a cell keeps only the digits the options
//     left to a place's item allow: the chains' sums so become reachable both ways, the tuples consistent.
// It only removes options no solution below the node can hold, so counts stay exact; the tree is smaller.
// Each node runs only the rules whose cells or options changed since the last node it settled (what a rule
// removes depends on those alone), each again as what it reads changes, until none has more to remove.
#pragma once

#include <dlx/problem.hpp>
#include <dlx/propagator.hpp>
#include <memory>

#include "sudoku/model/rules.hpp"

namespace sudoku {

// The propagator of these rules on their model (make_problem(rules)), or none when they have no rule it prunes
// with.
std::shared_ptr<const dlx::Propagator> make_rule_propagator(const Rules& rules, const dlx::Problem& problem);

}  // namespace sudoku
