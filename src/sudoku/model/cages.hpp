// Killer cages: their admissible digit sets, checks and derived cages. The two ways of writing a killer on one
// line are read in io/killer_lines.hpp.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

// The sets of `size` distinct digits from 1 to side that add up to sum, as masks (bit d-1 for digit d),
// ascending. Throws RulesError when there would be more than max_sets (a huge cage on a huge board).
std::vector<std::uint64_t> cage_digit_sets(int size, int sum, int side, std::size_t max_sets = 100000);

// Throws RulesError naming the first cage that is empty, too big, overlaps another or whose sum no digit set
// reaches ("cage at r1c1 (2 cells): no 2 distinct digits from 1 to 9 add up to 30").
void check_cages(const Rules& rules);

// The killer solver's "rule of 45", as more cages: in each house (row, column, region, extra region of n
// cells) the cells outside the cages lying wholly inside it hold distinct digits adding up to what those cages
// leave of 1 + 2 + ... + n. Nothing new for the rules, only a smaller search.
std::vector<Cage> derived_cages(const Rules& rules);

// "r1c1": where messages place a cage, by its first cell.
std::string cage_name(const Rules& rules, const Cage& cage);

}  // namespace sudoku
