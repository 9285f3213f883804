// The graded techniques, one family per file, each a function that finds the first instance of its pattern on
// a board and describes it (or returns false). The engine (engine.hpp) tries them in Sukaku Explainer's order.
#pragma once

#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

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

// The searches under the first techniques, shared by the graded table above, the tiers' table (tiers.cpp) and
// the "(+)" rules of the chains (plus.cpp). Each caller words its own steps; what differs between them is how
// they scan, which a Scan names. The graded table scans as Sukaku Explainer does (kGradedScan). The tiers
// scan as a person does (kTierScan), the order their step counts ("hidden-single=40 pointing=2") were pinned
// in before SE's table came: their rules are the same, so is the tier they reach, not the steps they count.
enum class HouseOrder {
  boxes_columns_rows,  // boxes (or a jigsaw's regions), columns, rows, then extra regions: SE's
  boxes_rows_columns,  // boxes, rows, columns, then extra regions: the tiers'
};
// House h of the `order`-th in that order (order < houses.count()).
int house_in_order(const Houses& houses, HouseOrder by, int order);

// How the locked candidates' search walks the full houses and digits.
enum class LockedOrder {
  se_passes,  // SE's two passes, boxes then lines and extra regions, each digit by digit, houses by index
  house_by_house,  // the houses in the scan's order, each house's digits in turn
  kind_by_kind,  // the kinds of house in the scan's order, each digit by digit, the houses of a kind by index
};

struct Scan {
  HouseOrder order = HouseOrder::boxes_columns_rows;
  // Hidden singles: every full house (one open cell) before any other hidden single, or both in one pass.
  bool full_houses_first = true;
  // Locked candidates. In SE's passes an intersection takes from a box a line or an extra region, from a line or
  // an extra region a box or an extra region; otherwise any other house holding the places.
  LockedOrder locked = LockedOrder::se_passes;
  // Subsets: their cells (or digits) walked in colexicographic order ({0,1}, {0,2}, {1,2}, {0,3}...), as SE's
  // searches do, or lexicographic ({0,1}, {0,2}, {0,3}... {1,2}...), as its "(+)" rules do.
  bool lexicographic = false;
};
inline constexpr Scan kGradedScan{};
inline constexpr Scan kTierScan{HouseOrder::boxes_rows_columns, false, LockedOrder::house_by_house, false};

// A reference to a callable, for the searches' visitors: nothing is allocated per call.
template <class Signature>
class Visitor;
template <class R, class... Args>
class Visitor<R(Args...)> {
 public:
  template <class F>
  requires(!std::is_same_v<std::remove_cvref_t<F>, Visitor>)
      Visitor(F&& f)  // NOLINT(google-explicit-constructor): passed as a lambda
      : object_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        call_([](void* object, Args... args) -> R {
          return (*static_cast<std::remove_reference_t<F>*>(object))(std::forward<Args>(args)...);
        }) {}
  R operator()(Args... args) const { return call_(object_, std::forward<Args>(args)...); }

 private:
  void* object_;
  R (*call_)(void*, Args...);
};

// singles.cpp: the first hidden single in scan's order (a full house's last open cell among them).
struct Single {
  int house, cell, digit;
};
std::optional<Single> find_hidden_single(const Board& board, const Scan& scan);
// singles.cpp: the first cell of one candidate, by index.
std::optional<Candidate> find_naked_single(const Board& board);

// intersections.cpp: calls f(h, d, places) for each full house h and digit d with 2 to `max_places` places
// there (bit i: the house's i-th cell), in scan's order, until f returns true.
bool for_each_locked_digit(const Board& board, const Scan& scan, int max_places,
                           Visitor<bool(int, int, Mask)> f);
// intersections.cpp: the same for the digits `only` (by house) holds in each house only, in the same order.
bool for_each_locked_digit(const Board& board, const Scan& scan, int max_places, const Mask* only,
                           Visitor<bool(int, int, Mask)> f);
// intersections.cpp: calls f(h, other, d) for each such h and d whose places all lie in another house `other`
// that has places of d outside h, in scan's order, until f returns true.
bool for_each_intersection(const Board& board, const Scan& scan, Visitor<bool(int, int, int)> f);
// intersections.cpp: what such an intersection removes: d from `other`'s cells outside h.
void intersection_eliminations(const Board& board, int h, int other, int d, std::vector<Candidate>& out);

// subsets.cpp: calls f(h, cells, digits) for every k cells of house h (bit i: its i-th cell) whose candidates
// are k digits, in a house of more than `min_open` open cells, houses in scan's order (with `only`: the houses
// h whose only[h] is not 0), until f returns true.
bool for_each_naked_subset(const Board& board, int k, int min_open, const Scan& scan, const Mask* only,
                           Visitor<bool(int, Mask, Mask)> f);
// subsets.cpp: the same for every k digits of a full house h whose places there are k cells (SE's hidden
// subsets: in a house of more than 2k open cells, as it leaves the others to the naked subset of the house's
// other cells; its direct ones: more than k).
bool for_each_hidden_subset(const Board& board, int k, int min_open, const Scan& scan, const Mask* only,
                            Visitor<bool(int, Mask, Mask)> f);
// fish.cpp: calls f(base, d, bases, covers) for every k lines of kind `base` (columns first, then rows; bit i
// of `bases`: line i) whose places of digit d, 2 to k in each, lie in k lines the other way (bit i of
// `covers`), line tuples in scan's order, digits ascending in each, only digits with at least 2k places left to
// fill, until f returns true.
bool for_each_fish(const Board& board, int k, const Scan& scan, Visitor<bool(HouseKind, int, Mask, Mask)> f);
// fish.cpp: the same for the digits in `only` only.
bool for_each_fish(const Board& board, int k, const Scan& scan, Mask only,
                   Visitor<bool(HouseKind, int, Mask, Mask)> f);
// fish.cpp: what such a fish removes: d from the cover lines' cells outside the base lines.
void fish_eliminations(const Board& board, HouseKind base, int d, Mask bases, Mask covers,
                       std::vector<Candidate>& out);
// subsets.cpp: what a naked subset removes (its digits from the house's other cells) and a hidden one (its
// cells' other digits), appended to `out`.
void naked_subset_eliminations(const Board& board, int h, Mask cells, Mask digits,
                               std::vector<Candidate>& out);
void hidden_subset_eliminations(const Board& board, int h, Mask cells, Mask digits,
                                std::vector<Candidate>& out);

}  // namespace sudoku::logic
