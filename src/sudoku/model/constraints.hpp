// Line and dot rules (thermometers, arrows, little killers, sandwiches, kropki dots, XV, palindromes and
// f-puzzles' negative constraints) as items and options of the variant's exact-cover model (model.hpp).
//
// Every rule is exact: a grid fits the model if and only if it keeps the rule, and it fits in one way only,
// so that counts stay counts. docs/variants.md shows each encoding; in short:
//   - each place a cell takes in a rule gets n secondary "link" items, one per digit; the option putting
//     digit d in the cell covers link d of each of its places, and a rule option allowing only the digits of
//     mask m at a place covers the links of the other digits there. Choosing a rule option so removes every
//     cell option it does not allow, and placing a digit removes every rule option that does not allow it.
//   - thermometers, dots, quadruples and one-cell rules (pencil marks, odd, even): one primary item per rule
//     and one option per admissible tuple of digits; palindromes: one such rule per pair of mirrored cells
//     (equal digits); minimum and maximum: one per neighbour (the cell's digit the smaller / larger).
//   - sandwiches: one option per place of the 1 and the n and set of digits between them, which allows those
//     digits between, and none of them outside.
//   - arrows and little killers, whose lines may repeat digits: a chain of partial sums, one primary item
//     per place and one option per (place, sum so far, digit), the sums carried from place to place by
//     secondary items colored with their value; an arrow's circle is one more rule, options per number it
//     can show, coloring the item that the chain's last place colors with its total.
//   - negative constraints: a secondary item per neighbour pair without a mark and pair of digits the
//     negative forbids there, covered by both placements, so at most one of them is chosen.
//   - lines (between, renban, whispers, region sum, entropic, modular, zipper, slow thermometer, double
//     arrow): one option per admissible choice of the line's shape (the ends' digits, a renban's run, the
//     ranks of the three phases), or per pair of neighbours, or, for equal sums, chains and pairs that color
//     one shared secondary item with their sums, so that all of them agree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <dlx/problem.hpp>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "sudoku/model/rules.hpp"

namespace sudoku {

// "thermometer at r1c1": the rule's kind and first cell, for messages.
std::string constraint_name(const Rules& rules, const Constraint& constraint);

// Whether two cells must hold different digits: a row, column, region or extra region holds both.
bool must_differ(const Rules& rules, int a, int b);

// Whether digits given to the first digits.size() places of rule c (its cells, then its lines' cells) can still
// keep it: a complete tuple is accepted exactly when it keeps the rule; a prefix may be refused once no
// completion can keep it. (A palindrome is checked mirror against mirror, an arrow and a sandwich when complete.)
bool keeps_prefix(const Constraint& c, const std::vector<int>& digits, int n);
// The same, with the regions of `rules` (a region sum line is cut where its cells change region); the overload
// above takes the usual boxes of a board of side n for them.
bool keeps_prefix(const Rules& rules, const Constraint& c, const std::vector<int>& digits);

// A region sum line's runs: its cells cut into maximal stretches, in line order, of one region (or box) each;
// a line that comes back into a region starts a new run there.
std::vector<std::vector<int>> region_runs(const Rules& rules, const std::vector<int>& line);

// An entropic line's rank of a digit 1..n: 0 (low), 1 (middle) or 2 (high). The ranks are thirds of the digits;
// when n is not a multiple of 3 the middle one is the odd size out (4: 1 | 2-3 | 4; 8: 1-3 | 4-5 | 6-8).
int entropic_group(int digit, int n);

// The digit tuples of a rule's places, walked in order: place k is cells[k] (a cell met twice takes one digit),
// its digits those of open[cells[k]] (bit d-1 for digit d; every digit when open is empty) that differ from the
// digits of earlier places in a house with it and that `keep` accepts on the prefix so far. `visit` gets each
// whole tuple. Returns false, having stopped, once more than `budget` prefixes were tried.
bool for_each_tuple(const Rules& rules, const std::vector<int>& cells, const std::vector<std::uint64_t>& open,
                    const std::function<bool(const std::vector<int>&)>& keep,
                    const std::function<void(const std::vector<int>&)>& visit,
                    std::size_t budget = std::numeric_limits<std::size_t>::max());

// Throws RulesError naming the first rule that is malformed: a cell off the board, no cells, a dot between
// cells that are not neighbours, a sum or ratio out of range, a circle too long to read as a number.
void check_constraints(const Rules& rules);

// Adds the items of the rules' constraints and negatives to `problem`. The option putting digit d in cell c
// must then also cover cell_items[c * n + d - 1]; the returned options are added once every cell option is.
// Throws RulesError naming a rule with more than max_options admissible digit combinations.
std::vector<std::vector<dlx::ItemUse>> add_constraints(dlx::Problem& problem, const Rules& rules,
                                                       std::vector<std::vector<dlx::ItemUse>>& cell_items,
                                                       std::size_t max_options = 500000);

}  // namespace sudoku
