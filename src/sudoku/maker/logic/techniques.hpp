// The graded techniques, one family per file, each a function that finds the first instance of its pattern on
// a board and describes it (or returns false). The engine (engine.hpp) tries them in Sukaku Explainer's order.
#pragma once

#include "sudoku/maker/logic/board.hpp"

namespace sudoku::logic {

// singles.cpp: a full house (1.0), a hidden single in a box (1.2) or a line or extra region (1.5).
bool hidden_single(const Board& board, GradedStep& step);
// singles.cpp: a cell with one candidate (2.3).
bool naked_single(const Board& board, GradedStep& step);

// intersections.cpp: pointing or claiming whose eliminations leave a hidden single (1.7 / 1.9); like the direct
// hidden subsets, the step is the placement alone, as SE applies it.
bool direct_locked(const Board& board, GradedStep& step);
// intersections.cpp: pointing (2.6) and claiming (2.8).
bool locked(const Board& board, GradedStep& step);

// subsets.cpp: a hidden pair (2.0) or triple (2.5) whose eliminations leave a hidden single in its house.
bool direct_hidden_subset(const Board& board, int k, GradedStep& step);
// subsets.cpp: naked pair 3.0, triple 3.6, quad 5.0; hidden pair 3.4, triple 4.0, quad 5.4.
bool naked_subset(const Board& board, int k, GradedStep& step);
bool hidden_subset(const Board& board, int k, GradedStep& step);

// fish.cpp: k base lines whose places of a digit lie in k cover lines: X-Wing 3.2, Swordfish 3.8, Jellyfish
// 5.2.
bool fish(const Board& board, int k, GradedStep& step);

// links.cpp: k (2 to 6) strong links of one digit joined by weak links, a link's ends being cells or
// (grouped) the places in one box of a line or in one line of a box: 4.0, 5.4, 5.8, 6.2, 6.6 for k = 2..6, +0.1
// when the links are not all parallel lines, +0.2 with a box and lines both ways, +0.3 when grouped (SE's
// Skyscraper, String Kite, Strong links).
bool strong_links(const Board& board, int k, GradedStep& step);

// wings.cpp: XY-Wing 4.2, XYZ-Wing 4.4.
bool xy_wing(const Board& board, bool xyz, GradedStep& step);
// wings.cpp: an almost locked set of k-1 cells in one house with k digits and a bivalue cell linked to it by a
// restricted common digit (ALS-XZ with a bivalue cell): WXYZ-Wing (k = 4) 5.5-5.6, VWXYZ-Wing 6.2-6.4 (by the
// largest cell's size, as SE grades), UVWXYZ-Wing 6.6, TUVWXYZ-Wing 7.5.
bool big_wing(const Board& board, int k, GradedStep& step);

// aligned.cpp: aligned pair exclusion (6.2): two cells' digit pairs that would empty a bivalue cell seeing both.
bool aligned_pair_exclusion(const Board& board, GradedStep& step);
// aligned.cpp: aligned triplet exclusion (7.5): the same for three cells and the cells of two or three
// candidates seeing all three.
bool aligned_triple_exclusion(const Board& board, GradedStep& step);

// uniqueness.cpp, only for puzzles known to be unique: unique rectangles and loops, types 1-4 (4.5 for a
// rectangle, 4.6 for a loop of 6 cells, 4.7 for 8, 5.0 from 10; type 3 +0.1 a cell of its naked or hidden set),
// and the bivalue universal grave, types 1-4 (5.6, 5.7, type 3 5.7 + 0.1 a cell).
bool unique_loops(const Board& board, GradedStep& step);
bool bivalue_universal_grave(const Board& board, GradedStep& step);
// The names these had before they grew loops and the other BUG types.
inline bool unique_rectangle(const Board& board, GradedStep& step) {
  return unique_loops(board, step);
}
inline bool bug_plus_one(const Board& board, GradedStep& step) {
  return bivalue_universal_grave(board, step);
}

// chains.cpp: bidirectional cycles (X- and Y-Cycle 6.5, with both links 7.0) and forcing chains (Forcing
// X-Chain 6.6, Forcing Chain 7.0) of single links on the grid as it is, plus SE's length increment.
bool chains(const Board& board, GradedStep& step);

// forcing.cpp, graded by the number of nodes the chains rest on, with SE's length increment: a candidate
// whose assumption on or off breaks the board by links on its own digit (Nishio, 7.5 upward); static cell and
// region forcing chains (every candidate of a cell or every place of a digit in a house leads to the same
// conclusion, 8.0 upward); contradiction, double, cell and region forcing chains whose links see the grid as
// the chain reduces it (dynamic, 8.5 upward) and with locked candidates, pairs and X-wings continuing the
// chains ("(+)", 9.0 upward).
bool multiple_chains(const Board& board, GradedStep& step);
bool nishio(const Board& board, GradedStep& step);
bool dynamic_chains(const Board& board, GradedStep& step);
bool dynamic_chains_plus(const Board& board, GradedStep& step);
// nested.cpp: dynamic forcing chains continued, when their links run dry, by the "(+)" rules and then by the
// cycles and forcing chains of single links (level 2, 9.5 upward) or also the static cell and region forcing
// chains (level 3, 10.0 upward) found on the grid the chain has reduced.
bool nested_chains(const Board& board, int level, GradedStep& step);
// nested.cpp: SE's deepest level, dynamic forcing chains continued by the "(+)" rules and then by the dynamic
// forcing chains of nesting level `inner` (0 plain, 1 "(+)", 2 and 3 as above) found on the reduced grid:
// "(+ Dynamic Forcing Chains)", 10.5 upward, each inner level tried only when the one below finds nothing.
bool dynamic_nested_chains(const Board& board, int inner, GradedStep& step);

}  // namespace sudoku::logic
