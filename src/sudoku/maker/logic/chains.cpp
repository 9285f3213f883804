// Bidirectional cycles and forcing chains of single links, as Sukaku Explainer finds and grades them (its first
// chaining pass, 6.5 to 7.x): from every candidate assumed on, the links are followed on the grid as it is.
// A loop back to the start is a cycle (X links only: X-Cycle 6.5; cell links only: Y-Cycle 6.5; both: 7.0);
// the start's own negation reached from it (or its assertion from its negation) is a forcing chain (X links:
// Forcing X-Chain 6.6, both: Forcing Chain 7.0). The lowest-rated, then shortest of them is taken.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/maker/logic/bits.hpp"
#include "sudoku/maker/logic/chaining.hpp"
#include "sudoku/maker/logic/implications.hpp"
#include "sudoku/maker/logic/techniques.hpp"

namespace sudoku::logic {
namespace {

// A node reached by one path: single links, so a node has one parent (-1 for the start).
struct Instance {
  int node, parent;
};

// The loops one pass found on a start grid, by start candidate (cell * side + digit - 1): the paths of
// candidate k are paths[at[k]] to paths[at[k + 1] - 1], each its nodes nodes[begin, end), the start first.
struct KeptPaths {
  struct Path {
    bool cycle;
    std::uint32_t begin, end;
  };
  std::vector<std::uint32_t> at;
  std::vector<Path> paths;
  std::vector<int> nodes;
  bool empty() const { return at.empty(); }
  std::span<const Path> of(int candidate) const {
    return {paths.data() + at[static_cast<std::size_t>(candidate)],
            paths.data() + at[static_cast<std::size_t>(candidate) + 1]};
  }
};

class Loops {
 public:
  // Ready to search `board` (which must outlive the searches) with cell links (y) and house links (x). The
  // tables keep their storage from one board to the next: the nested chains run these searches on thousands of
  // reduced grids.
  // The board of the passes that follow (which must outlive them): its places, and its candidates' peers
  // (the same in every pass) forgotten.
  void use(const Board& board) {
    use_tables(board);
    places_.load(board);
    places_slots_ = &board.house_slots();
  }
  // The same for a grid reduced from `base`'s board (Loops::load_full), whose open cells `lost` lost
  // candidates: its places are base's without them. (The places read the houses' tables of the board they
  // were loaded from, which base's board may no longer be: they are loaded whole when this board's are new.)
  void use(const Board& board, const Loops& base, const std::vector<int>& lost) {
    use_tables(board);
    if (places_slots_ != &board.house_slots()) {
      places_.load(board);
      places_slots_ = &board.house_slots();
    }
    places_.restore(base.places_);
    for (const int c : lost)
      for (Mask m = base.start_[static_cast<std::size_t>(c)] & ~board.candidates(c); m != 0; m &= m - 1)
        places_.remove(c, std::countr_zero(m) + 1);
    lost_cells_ = lost;
    lost_board_ = board_;
  }

 private:
  void use_tables(const Board& board) {
    board_ = &board;
    n_ = board.side();
    const auto candidates = static_cast<std::size_t>(board.cells() * n_);
    if (peer_.size() != candidates) {
      peer_.assign(candidates, Span{});
      peer_stamp_ = 0;
    }
    if (++peer_stamp_ == 0) {
      std::fill(peer_.begin(), peer_.end(), Span{});
      peer_stamp_ = 1;
    }
    peer_list_.clear();
    alive_board_ = nullptr;
    lost_board_ = nullptr;
    // The most links a node has: its cell's other candidates and a peer in every other cell, or a link in
    // each of its houses.
    most_links_ = static_cast<std::size_t>(std::max(board.cells() + n_, board.houses().count() + 1));
  }

 public:
  // Ready for a pass on use()'s board with cell links (y) and house links (x).
  void load(bool y, bool x) {
    prepare(y, x);
    base_ = nullptr;
    analyse<Graph::whole>();
    starts_.assign((static_cast<std::size_t>(board_->cells() * n_) + 63) / 64, 0);
    for (int c = 0; c < board_->cells(); ++c)
      if (board_->open(c) && two_or_more(board_->candidates(c)))
        for (Mask m = board_->candidates(c); m != 0; m &= m - 1)
          set_bit(starts_.data(), c * n_ + std::countr_zero(m));
  }
  // The same, with reach sets over every node (not only "on" ones) and the nodes on loops kept as a set: the
  // analysis of a start that load_over() reads for the grids reduced from it.
  void load_full(bool y, bool x) {
    prepare(y, x);
    base_ = nullptr;
    start_.resize(static_cast<std::size_t>(board_->cells()));
    for (int c = 0; c < board_->cells(); ++c)
      start_[static_cast<std::size_t>(c)] = board_->open(c) ? board_->candidates(c) : 0;
    analyse<Graph::full>();
    forces_.assign(static_cast<std::size_t>(board_->cells() * n_ * 2), 0);
    forced_.clear();
    for (const int v : dense_node_) {
      const int bit = dense_[static_cast<std::size_t>(v ^ 1)];
      const Word* row = set_of(component_[static_cast<std::size_t>(v)]);
      forces_[static_cast<std::size_t>(v)] = static_cast<std::uint8_t>(row[bit / 64] >> (bit % 64) & 1);
      if (forces_[static_cast<std::size_t>(v)] != 0) forced_.push_back(v);
    }
  }
  // The same on a grid reduced from `base`'s board (its candidates a subset, the same cells placed): the
  // loops are looked for only among the nodes that may lie on one, by `base`'s analysis (load_full(), the
  // same links) and the strong links the removals made, and a forcing chain is looked for where `base`'s
  // reach sets allow one.
  // `digits`: those whose nodes are analysed (the others' starts are not searched: X links only, which keep
  // to one digit, may leave out the digits the reduction did not touch).
  // `kept` (empty until the start's are worked out): the cycles of this pass on `base`'s board that take
  // something out there; the starts whose component the reduction left alone replay them.
  void load_over(bool y, bool x, const Loops& base, Mask digits, const KeptPaths& kept) {
    prepare(y, x);
    digits_ = digits;
    base_ = &base;
    kept_ = &kept;
    analyse_over();
  }

 private:
  void prepare(bool y, bool x) {
    y_ = y;
    x_ = x;
    const auto nodes = static_cast<std::size_t>(board_->cells() * n_ * 2);
    if (reached_.size() != nodes) {
      reached_.assign(nodes, Reached{});
      search_ = 0;
      link_.assign(3 * nodes, Span{});
      stamp_ = 0;
    }
    if (++stamp_ == 0) {
      std::fill(link_.begin(), link_.end(), Span{});
      stamp_ = 1;
    }
    link_used_ = 0;
  }

 public:
  struct Found {
    bool cycle;
    int instance;  // the last node: back at the start (cycle) or the start's conjugate (chain)
  };

  // From `start` on: cycles, then the forcing chains from it on and from it off (x links on). Only those of at
  // most `max_cycle` / `max_chain` nodes are wanted: the searches stop at that depth.
  // `over`: after load_over().
  template <bool over>
  void from(int cell, int digit, int max_cycle, int max_chain, std::vector<Found>& found) {
    // The instances of one start's searches (the caller reads them before the next start's).
    inst_used_ = 0;
    if (!x_ && !(one_bit(board_->candidates(cell)) || two_bits(board_->candidates(cell)))) return;
    const int start = node_of(cell, digit, true, n_);
    // Skipped where the links' graph says the search would find nothing: a cycle needs the start on a loop of
    // links, a forcing chain its conjugate reachable.
    if (over && clean(start))
      replay_kept(cell * n_ + digit - 1, found);
    else if ((!over || in_graph(start)) && on_loop(start))
      cycles<over>(start, max_cycle, found);
    if (!x_) return;
    if (over ? may_force(start) : reaches_conjugate(start)) forcing(start, max_chain, found);
    if (over ? may_force(start ^ 1) : reaches(start ^ 1, start)) forcing(start ^ 1, max_chain, found);
  }

  // Calls f(cell, digit) for each candidate of a cell with two or more, in order; after load_over() only for
  // those whose searches from() may find something (a start on a loop, or one that may reach its conjugate, or
  // whose conjugate may reach it).
  template <class F>
  void for_each_start(F&& f) const {
    for (std::size_t i = 0; i < starts_.size(); ++i)
      for (Word m = starts_[i]; m != 0; m &= m - 1) {
        const int k = static_cast<int>(i * 64) + std::countr_zero(m);
        f(k / n_, k % n_ + 1);
      }
  }
  // The cycles from() finds from (cell, digit) on load_full()'s board, every one whole.
  void cycles_of(int cell, int digit, std::vector<Found>& found) {
    inst_used_ = 0;
    if (!x_ && !(one_bit(board_->candidates(cell)) || two_bits(board_->candidates(cell)))) return;
    const int start = node_of(cell, digit, true, n_);
    if (on_loop(start)) cycles<false>(start, board_->cells() * n_ * 2, found);
  }
  // The instances so far (those past the last one added are stale).
  const std::vector<Instance>& instances() const { return inst_; }
  // Makes the instances one path, nodes[0] (the start) to nodes[count - 1]; returns the last one's.
  int replay(const int* nodes, std::size_t count) {
    inst_used_ = 0;
    for (std::size_t i = 0; i < count; ++i) add(nodes[i], static_cast<int>(i) - 1);
    return static_cast<int>(count) - 1;
  }
  const Places& places() const { return places_; }  // use()'s board's
  int side() const { return n_; }

 private:
  // A node's list of links in link_list_: [begin, end), worked out on the board when stamp is stamp_.
  struct Span {
    std::uint32_t stamp = 0, begin = 0, end = 0;
  };
  // A node's links: without x links (plain), with them (x), or the pass's links into analyse_over()'s graph
  // only (graph: what its analysis and the cycle searches follow; a forcing chain goes anywhere).
  enum class Links : std::size_t { plain, x, graph };
  Links pass_links() const { return x_ ? Links::x : Links::plain; }
  // A node's links (on_to_off for an "on" node, off_to_on with or without x links for an "off" one), worked out
  // at their first need: the board and its places do not change while this searches, and every start's search
  // meets the same nodes again. The span stays valid until the next call.
  std::span<const int> links_of(int node, Links kind) {
    const Span& r = ensure_links(node, kind);
    return {link_list_.data() + r.begin, link_list_.data() + r.end};
  }
  // links_of's range in link_list_, which stays valid (unlike the span) while more lists are added.
  const Span& ensure_links(int node, Links kind) {
    Span& r = link_[3 * static_cast<std::size_t>(node) + static_cast<std::size_t>(kind)];
    if (r.stamp != stamp_) [[unlikely]]
      add_links(node, kind, r);
    return r;
  }
  // Works out a node's links at the end of link_list_ (grown first for the most a node has).
  [[gnu::noinline]] void add_links(int node, Links kind, Span& r) {
    if (link_list_.size() < link_used_ + most_links_)
      link_list_.resize(std::max(2 * link_list_.size(), link_used_ + most_links_));
    int* out = link_list_.data() + link_used_;
    const bool graph = kind == Links::graph;
    int count = 0;
    if (node_on(node)) {
      count = base_ ? base_links(node, out, graph) : on_to_off(node, out);
    } else {
      count = off_to_on(node, graph ? x_ : kind == Links::x, out);
      if (graph)
        count = static_cast<int>(std::remove_if(out, out + count, [&](int q) { return !in_graph(q); }) - out);
    }
    r = {stamp_, link_used_, link_used_ + static_cast<std::uint32_t>(count)};
    link_used_ = r.end;
  }

  // Every other bit of a word: a node's bit when its conjugate's is the next one.
  static constexpr Word kEven = 0x5555555555555555ull;

  // The graph analysed: every node, with reach sets over "on" nodes (whole) or every node (full, and the nodes
  // on loops), or analyse_over()'s nodes only, with reach sets over its new links' tails.
  enum class Graph { whole, full, over };
  // The strongly connected components of the links' graph (the pass's links, which both searches follow while
  // x_ is on), by Tarjan's algorithm, and for each the "on" nodes it reaches as a bit set. A component's set is
  // its nodes' and its successors' sets: gathered during the search, each node's (acc_) taking in the sets of
  // the completed components it links to and of its children, so that the first node of a component holds
  // them all when the component is completed. The sets number the open cells' candidates densely (dense_);
  // only forcing chains read them.
  template <Graph graph>
  void analyse() {
    constexpr bool full = graph == Graph::full;
    // Only the open cells' candidates' nodes are ever reached, so only theirs start over.
    start_tables();
    dense_node_.clear();
    int count = 0;
    for (int c = 0; c < board_->cells(); ++c)
      if (board_->open(c))
        for (Mask m = board_->candidates(c); m != 0; m &= m - 1) {
          const int on = node_of(c, std::countr_zero(m) + 1, true, n_);
          for (const int v : {on, on ^ 1})
            order_[static_cast<std::size_t>(v)] = component_[static_cast<std::size_t>(v)] = -1;
          if (full) {
            // A node and its conjugate side by side: dense_[v ^ 1] == dense_[v] ^ 1.
            dense_[static_cast<std::size_t>(on)] = 2 * count + 1;
            dense_[static_cast<std::size_t>(on ^ 1)] = 2 * count;
            dense_node_.push_back(on ^ 1);
            dense_node_.push_back(on);
          } else {
            dense_[static_cast<std::size_t>(on)] = count;
          }
          ++count;
        }
    const std::size_t bits = full ? 2 * static_cast<std::size_t>(count) : static_cast<std::size_t>(count);
    start_sets(x_ || full ? (bits + 63) / 64 : 0, 2 * static_cast<std::size_t>(count));
    if (full) looped_.assign(words_, 0);
    if (words_ != 0)
      for (int c = 0; c < board_->cells(); ++c)
        for (Mask m = board_->open(c) ? board_->candidates(c) : 0; m != 0; m &= m - 1) {
          const int on = node_of(c, std::countr_zero(m) + 1, true, n_);
          for (const int v : {on, on ^ 1}) {
            std::fill_n(acc(v), words_, 0);
            if (full || node_on(v)) set_bit(acc(v), dense_[static_cast<std::size_t>(v)]);
          }
        }
    for (int c = 0; c < board_->cells(); ++c) {
      if (!board_->open(c)) continue;
      for (Mask m = board_->candidates(c); m != 0; m &= m - 1)
        for (const bool on : {true, false}) {
          const int v = node_of(c, std::countr_zero(m) + 1, on, n_);
          if (order_[static_cast<std::size_t>(v)] < 0) connect<graph>(v);
        }
    }
  }
  // The components' tables, sized once for the board's nodes, with no component yet.
  void start_tables() {
    const auto nodes = static_cast<std::size_t>(board_->cells() * n_ * 2);
    if (order_.size() != nodes) {  // all of them sized together
      order_.resize(nodes);
      low_.resize(nodes);
      component_.resize(nodes);
      dense_.resize(nodes);
      stack_.resize(nodes);
      frames_.resize(nodes);
      component_size_.resize(nodes);
    }
    visited_ = 0;
    components_ = 0;
    stack_top_ = 0;
  }
  // The sets' tables: `words` words a set, for at most `components` components (grown only: the passes
  // alternate between sets and none).
  void start_sets(std::size_t words, std::size_t components) {
    words_ = words;
    if (acc_.size() < order_.size() * words) acc_.resize(order_.size() * words);
    if (reach_.size() < components * words) reach_.resize(components * words);
  }
  Word* acc(int node) { return acc_.data() + static_cast<std::size_t>(node) * words_; }
  Word* set_of(int component) { return reach_.data() + static_cast<std::size_t>(component) * words_; }
  static void set_bit(Word* set, int bit) { set[bit / 64] |= Word{1} << (bit % 64); }
  void take_in(Word* to, const Word* from) const {
    for (std::size_t i = 0; i < words_; ++i) to[i] |= from[i];
  }
  // Tarjan's depth-first search from `root`, without recursion.
  template <Graph graph>
  void connect(int root) {
    constexpr bool over = graph == Graph::over;
    std::size_t depth = 0;
    const auto enter = [&](int v) {
      order_[static_cast<std::size_t>(v)] = low_[static_cast<std::size_t>(v)] = visited_++;
      stack_[stack_top_++] = v;
      const Span& r = ensure_links(v, over ? Links::graph : pass_links());
      frames_[depth++] = {v, r.begin, r.end};
    };
    enter(root);
    while (depth > 0) {
      TarjanFrame& f = frames_[depth - 1];
      const int v = f.node;
      if (f.next < f.end) {
        const int w = link_list_[f.next++];
        if (order_[static_cast<std::size_t>(w)] < 0)
          enter(w);
        else if (component_[static_cast<std::size_t>(w)] < 0)  // on the stack
          low_[static_cast<std::size_t>(v)] =
              std::min(low_[static_cast<std::size_t>(v)], order_[static_cast<std::size_t>(w)]);
        else if (words_ != 0)
          take_in(acc(v), set_of(component_[static_cast<std::size_t>(w)]));
        continue;
      }
      --depth;
      if (low_[static_cast<std::size_t>(v)] == order_[static_cast<std::size_t>(v)]) complete<graph>(v);
      if (depth > 0) {
        const int u = frames_[depth - 1].node;
        low_[static_cast<std::size_t>(u)] =
            std::min(low_[static_cast<std::size_t>(u)], low_[static_cast<std::size_t>(v)]);
        if (words_ != 0) take_in(acc(u), acc(v));
      }
    }
  }
  // The component whose first node is `v`: off the stack, with the nodes it reaches.
  template <Graph graph>
  void complete(int v) {
    constexpr bool full = graph == Graph::full;
    const int id = components_++;
    const std::size_t top = stack_top_;
    int w = -1;
    do {
      w = stack_[--stack_top_];
      component_[static_cast<std::size_t>(w)] = id;
    } while (w != v);
    const std::size_t size = top - stack_top_;
    component_size_[static_cast<std::size_t>(id)] = static_cast<int>(size);
    if (words_ == 0) return;
    std::copy_n(acc(v), words_, set_of(id));
    if (full && size > 1)
      for (std::size_t i = stack_top_; i < top; ++i)
        set_bit(looped_.data(), dense_[static_cast<std::size_t>(stack_[i])]);
  }
  bool on_loop(int node) const {
    return component_size_[static_cast<std::size_t>(component_[static_cast<std::size_t>(node)])] > 1;
  }
  // Whether the node is among those analyse_over() went through (asked after it only).
  bool in_graph(int node) const { return over_[static_cast<std::size_t>(node)] == over_stamp_; }
  // Whether the node's component is base_'s, untouched (asked after analyse_over() only).
  bool clean(int node) const { return clean_[static_cast<std::size_t>(node)] == over_stamp_; }
  // The kept cycles from a start candidate, each a path of instances of its own.
  void replay_kept(int candidate, std::vector<Found>& found) {
    for (const KeptPaths::Path& path : kept_->of(candidate)) {
      int parent = -1;
      for (std::uint32_t i = path.begin; i < path.end; ++i) parent = add(kept_->nodes[i], parent);
      found.push_back({path.cycle, parent});
    }
  }

  // The graph of a grid reduced from base_'s is base_'s less the nodes of the candidates taken out, plus the
  // strong links (off -> on) of the cells and houses that lost candidates: every other link of the reduced
  // grid is base_'s. The new links come in pairs, p off -> q on and q off -> p on (where p or q must hold),
  // as every link does (a -> b exactly when b's conjugate -> a's). Let F be the nodes reached from a new
  // link's head by base_'s links (with the new links a head reaches nothing beyond the heads' sets), and B
  // those reaching a new link's tail: the conjugates of F's nodes. A loop that takes a new link lies in F and
  // B, one that takes none is base_'s; a path that reaches a tail lies in B up to it. So the components are
  // worked out only among the nodes of F and B (with x links: of B) and base_'s nodes on loops.
  // A node s reaches its conjugate (a forcing chain) by base_'s links, or through a first new link p off -> q
  // on: then s reaches p off, and q on reaches s's conjugate, so (the links' pairs again) s reaches q off. So
  // with x links the reach sets are over the new pairs' tails, and s may reach its conjugate when base_'s
  // sets say so or s reaches both tails of a pair (may_force).
  void analyse_over() {
    const Loops& base = *base_;
    const Board& board = *board_;
    const std::size_t words = base.words_;
    const auto nodes = static_cast<std::size_t>(board.cells() * n_ * 2);
    if (over_.size() != nodes) {
      over_.assign(nodes, 0);
      clean_.assign(nodes, 0);
      touched_.assign(nodes, 0);
      joined_.assign(nodes, 0);
      pair_stamp_.assign(nodes, 0);
      pair_at_.assign(nodes, -1);
      over_stamp_ = 0;
    }
    if (++over_stamp_ == 0) {
      std::fill(over_.begin(), over_.end(), 0);
      std::fill(clean_.begin(), clean_.end(), 0);
      std::fill(touched_.begin(), touched_.end(), 0);
      std::fill(joined_.begin(), joined_.end(), 0);
      std::fill(pair_stamp_.begin(), pair_stamp_.end(), 0);
      over_stamp_ = 1;
    }
    fwd_.assign(words, 0);
    pairs_.clear();
    pair_next_.clear();
    const auto pair = [&](int p, int q) {
      for (const int on : {p, q}) {
        // Each of base_'s components once (joined_[component] == over_stamp_ once taken in).
        const auto component = static_cast<std::size_t>(base.component_[static_cast<std::size_t>(on)]);
        if (joined_[component] == over_stamp_) continue;
        joined_[component] = over_stamp_;
        const Word* to = base.reach_.data() + component * words;
        for (std::size_t i = 0; i < words; ++i) fwd_[i] |= to[i];
      }
      if (!x_) return;
      // Each pair once: the pairs found so far listed by their lower node (pair_at_, pair_next_).
      const auto low = static_cast<std::size_t>(std::min(p, q)),
                 high = static_cast<std::size_t>(std::max(p, q));
      const bool listed = pair_stamp_[low] == over_stamp_;
      for (int k = listed ? pair_at_[low] : -1; k >= 0; k = pair_next_[static_cast<std::size_t>(k)])
        if (static_cast<std::size_t>(std::max(pairs_[static_cast<std::size_t>(k)].first,
                                              pairs_[static_cast<std::size_t>(k)].second) ^
                                     1) == high)
          return;
      pair_next_.push_back(listed ? pair_at_[low] : -1);
      pair_at_[low] = static_cast<int>(pairs_.size());
      pair_stamp_[low] = over_stamp_;
      pairs_.push_back({p ^ 1, q ^ 1});
    };
    if (lost_board_ != board_) {
      // The same in every pass: the passes' bases are analyses of one start.
      lost_board_ = board_;
      lost_cells_.clear();
      for (int c = 0; c < board.cells(); ++c)
        if (board.open(c) && (base.start_[static_cast<std::size_t>(c)] & ~board.candidates(c)) != 0)
          lost_cells_.push_back(c);
    }
    for (const int c : lost_cells_) {
      const Mask now = board.candidates(c);
      const Mask lost = base.start_[static_cast<std::size_t>(c)] & ~now;
      if (y_ && two_bits(now))
        pair(node_of(c, std::countr_zero(now) + 1, true, n_),
             node_of(c, std::countr_zero(now & (now - 1)) + 1, true, n_));
      if (!x_) continue;
      for (Mask m = lost; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m) + 1;
        for (const Places::Slot& s : places_.slots(c)) {
          const Mask at = places_.at(s.house, d);
          if (!s.full || !two_bits(at)) continue;
          const std::vector<int>& cells = board.houses().cells(s.house);
          pair(node_of(cells[static_cast<std::size_t>(std::countr_zero(at))], d, true, n_),
               node_of(cells[static_cast<std::size_t>(std::countr_zero(at & (at - 1)))], d, true, n_));
        }
      }
    }
    starts_.assign((static_cast<std::size_t>(board.cells() * n_) + 63) / 64, 0);
    forcing_set_ = x_ && pairs_.size() <= 32;
    if (forcing_set_) may_force_set();
    start_tables();
    // A component of base_'s that lost no node and that no new link joins (outside F and B's common part:
    // a loop through a new link lies there) is one of the reduced grid's, with the same links in the same
    // order: the cycle searches from its nodes find what they found on base_'s board (kept_), and the
    // components are worked out without it. (A cell's links change with its candidates only through the
    // nodes taken out or the new links; a start's cell links, which the cell-links pass asks of two
    // candidates at most, come to two through a new pair, which joins its component.)
    const bool replay = !kept_->empty();
    if (replay) {
      for (const int c : lost_cells_)
        for (Mask m = base.start_[static_cast<std::size_t>(c)] & ~board.candidates(c); m != 0; m &= m - 1) {
          const int on = node_of(c, std::countr_zero(m) + 1, true, n_);
          for (const int v : {on, on ^ 1})
            touched_[static_cast<std::size_t>(base.component_[static_cast<std::size_t>(v)])] = over_stamp_;
        }
    }
    candidates_.clear();
    for (std::size_t i = 0; i < words; ++i) {
      // B: the conjugates of F's nodes, each node's bit swapped with its conjugate's.
      const Word b = ((fwd_[i] & kEven) << 1) | ((fwd_[i] >> 1) & kEven);
      const Word analysed = x_ && !forcing_set_ ? b : fwd_[i] & b, joined = fwd_[i] & b;
      for (Word m = analysed | base.looped_[i]; m != 0; m &= m - 1) {
        const int bit = std::countr_zero(m);
        const int v = base.dense_node_[i * 64 + static_cast<std::size_t>(bit)];
        const int digit = node_digit(v, n_);
        if (!board.has(node_cell(v, n_), digit) || (digits_ & digit_bit(digit)) == 0) continue;
        if (replay && (joined >> bit & 1) == 0 && (base.looped_[i] >> bit & 1) != 0 &&
            touched_[static_cast<std::size_t>(base.component_[static_cast<std::size_t>(v)])] != over_stamp_) {
          clean_[static_cast<std::size_t>(v)] = over_stamp_;
          if ((analysed >> bit & 1) == 0) {
            if (node_on(v) && !kept_->of(v >> 1).empty() && two_or_more(board.candidates(node_cell(v, n_))))
              set_bit(starts_.data(), v >> 1);
            continue;
          }
        }
        over_[static_cast<std::size_t>(v)] = over_stamp_;
        order_[static_cast<std::size_t>(v)] = component_[static_cast<std::size_t>(v)] = -1;
        candidates_.push_back(v);
      }
    }
    start_sets(x_ && !forcing_set_ ? (2 * pairs_.size() + 63) / 64 : 0, candidates_.size());
    if (words_ != 0) {
      for (const int v : candidates_) std::fill_n(acc(v), words_, 0);
      for (std::size_t i = 0; i < pairs_.size(); ++i)
        for (const int t : {pairs_[i].first, pairs_[i].second})
          if (in_graph(t)) set_bit(acc(t), static_cast<int>(2 * i) + (t == pairs_[i].second ? 1 : 0));
    }
    for (const int v : candidates_)
      if (order_[static_cast<std::size_t>(v)] < 0) connect<Graph::over>(v);
    const auto start = [&](int v) {
      const int c = node_cell(v, n_);
      if (two_or_more(board.candidates(c))) set_bit(starts_.data(), v >> 1);
    };
    for (const int v : candidates_)
      if ((node_on(v) && (clean(v) ? !kept_->of(v >> 1).empty() : on_loop(v))) ||
          (x_ && !forcing_set_ && may_force(v)))
        start(v);
    if (forcing_set_)
      for (std::size_t i = 0; i < words; ++i)
        for (Word m = may_force_[i]; m != 0; m &= m - 1) {
          const int v = base.dense_node_[i * 64 + static_cast<std::size_t>(std::countr_zero(m))];
          if ((digits_ & digit_bit(node_digit(v, n_))) != 0 && board.has(node_cell(v, n_), node_digit(v, n_)))
            start(v);
        }
    if (x_)
      for (const int v : base.forced_)
        if ((digits_ & digit_bit(node_digit(v, n_))) != 0 && board.has(node_cell(v, n_), node_digit(v, n_)))
          start(v);
  }
  // The nodes that may reach their conjugate through a new link by base_'s links and the new ones (the
  // removals left out: more than do on the reduced grid, which the forcing searches then settle), as base_'s
  // bits: those reaching both tails of a pair. A node v reaches a tail t by base_'s links exactly when t's
  // conjugate reaches v's; from a tail the new link leads to its head, and on by base_'s links.
  void may_force_set() {
    const Loops& base = *base_;
    const std::size_t words = base.words_;
    const auto reach = [&](int node) {
      return base.reach_.data() +
             static_cast<std::size_t>(base.component_[static_cast<std::size_t>(node)]) * words;
    };
    const std::size_t tails = 2 * pairs_.size();
    // Tail j: the pair's p off (even j) or q off; its new link leads to the other's conjugate (q on, p on).
    std::array<int, 64> tail{}, head{}, bit{};
    for (std::size_t i = 0; i < pairs_.size(); ++i) {
      tail[2 * i] = pairs_[i].first;
      tail[2 * i + 1] = pairs_[i].second;
      head[2 * i] = pairs_[i].second ^ 1;
      head[2 * i + 1] = pairs_[i].first ^ 1;
    }
    // The tails as base_'s bits, and by bit the tails there (a node may be the tail of two pairs).
    tail_bits_.assign(words, 0);
    if (tails_at_.size() < words * 64) tails_at_.resize(words * 64);
    for (std::size_t k = 0; k < tails; ++k) {
      bit[k] = base.dense_[static_cast<std::size_t>(tail[k])];
      const auto b = static_cast<std::size_t>(bit[k]);
      if ((tail_bits_[b / 64] >> (b % 64) & 1) == 0) tails_at_[b] = 0;
      set_bit(tail_bits_.data(), bit[k]);
      tails_at_[b] |= Word{1} << k;
    }
    // The tails reached from each tail through its new link and base_'s links, then closed.
    std::array<Word, 64> step{}, next{};
    for (std::size_t j = 0; j < tails; ++j) {
      const Word* r = reach(head[j]);
      Word m = Word{1} << j;
      for (std::size_t i = 0; i < words; ++i)
        for (Word t = r[i] & tail_bits_[i]; t != 0; t &= t - 1)
          m |= tails_at_[i * 64 + static_cast<std::size_t>(std::countr_zero(t))];
      step[j] = m;
    }
    for (std::size_t j = 0; j < tails; ++j) {
      Word seen = step[j], left = seen & ~(Word{1} << j);
      while (left != 0) {
        const Word more = step[static_cast<std::size_t>(std::countr_zero(left))] & ~seen;
        left = (left & (left - 1)) | more;
        seen |= more;
      }
      next[j] = seen;
    }
    // to_[j]: the conjugates of the nodes reaching tail j (a tail k first, by base_'s links: the nodes tail
    // k's conjugate reaches, conjugated), swapped back once at the end.
    to_.assign(tails * words, 0);
    for (std::size_t k = 0; k < tails; ++k) {
      const Word* r = reach(tail[k] ^ 1);
      for (Word m = next[k]; m != 0; m &= m - 1) {
        Word* to = to_.data() + static_cast<std::size_t>(std::countr_zero(m)) * words;
        for (std::size_t i = 0; i < words; ++i) to[i] |= r[i];
      }
    }
    may_force_.assign(words, 0);
    for (std::size_t j = 0; j < tails; j += 2)
      for (std::size_t i = 0; i < words; ++i) may_force_[i] |= to_[j * words + i] & to_[(j + 1) * words + i];
    for (Word& w : may_force_) w = ((w & kEven) << 1) | ((w >> 1) & kEven);
  }
  // Whether `from` may reach its conjugate on the reduced grid (analyse_over()).
  bool may_force(int from) const {
    if (base_->forces_[static_cast<std::size_t>(from)] != 0) return true;
    if (forcing_set_) {
      const int bit = base_->dense_[static_cast<std::size_t>(from)];
      return (may_force_[static_cast<std::size_t>(bit / 64)] >> (bit % 64) & 1) != 0;
    }
    if (words_ == 0 || !in_graph(from)) return false;
    const Word* set =
        reach_.data() + static_cast<std::size_t>(component_[static_cast<std::size_t>(from)]) * words_;
    for (std::size_t i = 0; i < words_; ++i)
      if ((set[i] & (set[i] >> 1) & kEven) != 0) return true;
    return false;
  }
  // Whether the "on" node `to` is reachable from `from`.
  bool reaches(int from, int to) const {
    const auto row = static_cast<std::size_t>(component_[static_cast<std::size_t>(from)]) * words_;
    const int bit = dense_[static_cast<std::size_t>(to)];
    return (reach_[row + static_cast<std::size_t>(bit / 64)] >> (bit % 64) & 1) != 0;
  }
  // Whether the "on" node `start` reaches its conjugate: an "off" node is reached from the "on" nodes whose
  // links it is, and (links go both ways: t on puts s off exactly when s on puts t off) those are the
  // conjugates of the start's own links.
  bool reaches_conjugate(int start) {
    for (const int q : links_of(start, pass_links()))
      if (reaches(start, q ^ 1)) return true;
    return false;
  }

  // The links below write into `out` (room for the most a node has) and return their count.
  int on_to_off(int node, int* out) {
    int count = 0;
    const int cell = node_cell(node, n_), digit = node_digit(node, n_);
    const Mask bit = digit_bit(digit);
    if (y_)
      for (Mask m = board_->candidates(cell) & ~bit; m != 0; m &= m - 1)
        out[count++] = node_of(cell, std::countr_zero(m) + 1, false, n_);
    Span& peers = peer_[static_cast<std::size_t>(cell * n_ + digit - 1)];
    if (peers.stamp != peer_stamp_) {
      places_.peers_with(board_->houses(), cell, digit, peers_);
      peers = {peer_stamp_, static_cast<std::uint32_t>(peer_list_.size()), 0};
      peer_list_.insert(peer_list_.end(), peers_.begin(), peers_.end());
      peers.end = static_cast<std::uint32_t>(peer_list_.size());
    }
    for (std::uint32_t k = peers.begin; k < peers.end; ++k)
      out[count++] = node_of(peer_list_[k], digit, false, n_);
    return count;
  }

  // An "on" node's links on a grid reduced from base_'s: base_'s that are still candidates (in the graph),
  // in its order (the cell's other candidates, then the peers house by house: the houses and their order are
  // the same).
  int base_links(int node, int* out, bool graph) {
    const Span& kept =
        base_->link_[3 * static_cast<std::size_t>(node) + static_cast<std::size_t>(base_->pass_links())];
    // Locals: the stores into `out` (ints) might otherwise change the tables' stamps as the compiler sees it.
    const int* list = base_->link_list_.data();
    int count = 0;
    if (graph) {
      const std::uint32_t* over = over_.data();
      const std::uint32_t stamp = over_stamp_;
      for (std::uint32_t i = kept.begin; i < kept.end; ++i) {
        const int q = list[i];
        out[count] = q;
        count += over[static_cast<std::size_t>(q)] == stamp ? 1 : 0;
      }
      return count;
    }
    const std::uint8_t* alive = alive_candidates();
    for (std::uint32_t i = kept.begin; i < kept.end; ++i) {
      const int q = list[i];
      out[count] = q;
      count += alive[static_cast<std::size_t>(q >> 1)];
    }
    return count;
  }

  // By candidate (cell * side + digit - 1), whether use()'s board holds it: made at the first need (only a
  // forcing chain's links on a reduced grid ask, on a few of the grids).
  const std::uint8_t* alive_candidates() {
    if (alive_board_ != board_) {
      alive_board_ = board_;
      alive_.assign(static_cast<std::size_t>(board_->cells() * n_), 0);
      for (int c = 0; c < board_->cells(); ++c)
        for (Mask m = board_->open(c) ? board_->candidates(c) : 0; m != 0; m &= m - 1)
          alive_[static_cast<std::size_t>(c * n_ + std::countr_zero(m))] = 1;
    }
    return alive_.data();
  }

  int off_to_on(int node, bool x, int* out) {
    int count = 0;
    const int cell = node_cell(node, n_), digit = node_digit(node, n_);
    const Mask cands = board_->candidates(cell);
    if (y_ && two_bits(cands))
      out[count++] = node_of(cell, std::countr_zero(cands & ~digit_bit(digit)) + 1, true, n_);
    if (!x) return count;
    for (const Places::Slot& s : places_.slots(cell)) {
      const Mask others = places_.at(s.house, digit) & ~(Mask{1} << s.index);
      if (s.full && one_bit(others))
        out[count++] =
            node_of(board_->houses().cells(s.house)[static_cast<std::size_t>(std::countr_zero(others))],
                    digit, true, n_);
    }
    return count;
  }

  [[gnu::noinline]] void grow_instances() { inst_.resize(std::max<std::size_t>(64, 2 * inst_.size())); }
  int add(int node, int parent) {
    if (inst_used_ == inst_.size()) [[unlikely]]
      grow_instances();
    inst_[inst_used_] = {node, parent};
    return static_cast<int>(inst_used_++);
  }

  bool is_parent(int inst, int node) const {
    for (int p = inst_[static_cast<std::size_t>(inst)].parent; p >= 0;
         p = inst_[static_cast<std::size_t>(p)].parent)
      if (inst_[static_cast<std::size_t>(p)].node == node) return true;
    return false;
  }

  // The nodes one search has reached (each once), with their instance: reached_[node] when its stamp is
  // search_ (clear_sets() moves search_ on, which forgets them all at once).
  void clear_sets() {
    if (++search_ == 0) {
      std::fill(reached_.begin(), reached_.end(), Reached{});
      search_ = 1;
    }
  }
  bool reached(int node) const { return reached_[static_cast<std::size_t>(node)].stamp == search_; }
  void set(int node, int inst) { reached_[static_cast<std::size_t>(node)] = {search_, inst}; }

  // SE's breadth-first search alternating "on" and "off" layers; an "off" node is not followed back into its
  // own ancestry, and reaching the start again after at least four layers closes a cycle. An "on" node is
  // reached once and an "off" node once per path, so a cycle closed after `length` layers rests on `length`
  // nodes: past `max_nodes` layers nothing more is wanted. Every node of a path back to the start is in the
  // start's component: the search leaves the others out (`over`: after analyse_over(), whose graph holds
  // every node of such a path).
  template <bool over>
  void cycles(int start, int max_nodes, std::vector<Found>& found) {
    const int component = component_[static_cast<std::size_t>(start)];
    const Links kind = over ? Links::graph : pass_links();
    const auto looped = [&](int q) { return component_[static_cast<std::size_t>(q)] == component; };
    clear_sets();
    const int root = add(start, -1);
    set(start, root);
    // Each layer is the run of instances the layer before it added: "off" nodes, or "on" nodes and the
    // cycles closed at the start (not followed further).
    int begin = root, end = root + 1, length = 0;
    while (begin < end && length + 2 <= max_nodes) {
      ++length;
      for (int p = begin; p < end; ++p) {
        const Instance at = inst_[static_cast<std::size_t>(p)];
        if (at.node == start && at.parent >= 0) continue;
        for (const int q : links_of(at.node, kind))
          if (looped(q) && !is_parent(p, q)) add(q, p);
      }
      begin = end;
      end = static_cast<int>(inst_used_);
      ++length;
      for (int p = begin; p < end; ++p) {
        for (const int q : links_of(inst_[static_cast<std::size_t>(p)].node, kind)) {
          if (length >= 4 && q == start) found.push_back({true, add(q, p)});
          if (!reached(q) && looped(q)) set(q, add(q, p));
        }
      }
      begin = end;
      end = static_cast<int>(inst_used_);
    }
  }

  // Every node is reached once, so the start's conjugate is reached at most once, by a chain of one node more
  // than the layers it took: the search ends there, or past `max_nodes`.
  void forcing(int start, int max_nodes, std::vector<Found>& found) {
    clear_sets();
    pending_on_.clear();
    pending_off_.clear();
    const int s = add(start, -1);
    set(start, s);
    (node_on(start) ? pending_on_ : pending_off_).push_back(s);
    // One layer: every pending node's links; a link to the start's conjugate is the forcing chain, and a node
    // not reached before is queued for the next layer (the other state).
    const auto layer = [&](std::vector<int>& from, std::vector<int>& to) {
      for (std::size_t i = 0; i < from.size(); ++i) {
        const int p = from[i];
        for (const int q : links_of(inst_[static_cast<std::size_t>(p)].node, Links::x)) {
          if ((q ^ 1) == start) {
            found.push_back({false, add(q, p)});
            return true;
          }
          if (!reached(q)) {
            const int k = add(q, p);
            set(q, k);
            to.push_back(k);
          }
        }
      }
      from.clear();
      return false;
    };
    for (int nodes = node_on(start) ? 2 : 1; !pending_on_.empty() || !pending_off_.empty(); nodes += 2) {
      if (nodes > max_nodes || layer(pending_on_, pending_off_)) return;
      if (nodes + 1 > max_nodes || layer(pending_off_, pending_on_)) return;
    }
  }

  const Board* board_ = nullptr;
  bool y_ = false, x_ = false;
  int n_ = 0;
  // load_full(): reach sets over every node, dense_node_ the nodes by their bit, looped_ the nodes on loops,
  // start_ the board's candidates (0 for a placed cell), forces_ by node whether it reaches its conjugate.
  std::vector<int> dense_node_;
  std::vector<std::uint8_t> forces_;
  std::vector<int> forced_;  // the nodes forces_ holds
  // The candidates (cell * side + digit - 1) worth a search (for_each_start).
  std::vector<Word> starts_;
  std::vector<Word> looped_;
  std::vector<Mask> start_;
  // load_over(): the base, the nodes the new links may reach (fwd_) and may be reached from (back_) by base_'s
  // bits, and the nodes analysed (over_[node] == over_stamp_).
  const Loops* base_ = nullptr;
  Mask digits_ = 0;
  std::vector<Word> fwd_;
  // may_force_set()'s nodes (forcing_set_: with 32 pairs at most; else the reach sets of the tails are worked
  // out on the reduced graph), and the nodes reaching each tail.
  bool forcing_set_ = false;
  std::vector<Word> may_force_, to_;
  std::vector<Word> tail_bits_, tails_at_;  // may_force_set()'s tails: their bits, and by bit the tails there
  std::vector<std::pair<int, int>> pairs_;  // the new links' pairs, by their tails (p off, q off)
  std::vector<std::uint32_t> over_;
  std::uint32_t over_stamp_ = 0;
  // Nodes whose component is base_'s, untouched (clean_[node] == over_stamp_), and base_'s components
  // touched by the reduction (touched_[component] == over_stamp_).
  std::vector<std::uint32_t> clean_, touched_, joined_, pair_stamp_;
  // The new pairs by their lower "on" node: the last one's index when pair_stamp_ is over_stamp_, then each
  // one's before it (-1 ends).
  std::vector<int> pair_at_, pair_next_;
  const KeptPaths* kept_ = nullptr;
  std::vector<int> candidates_;
  // The open cells of lost_board_ that lost candidates (the start's analysed in base_).
  std::vector<int> lost_cells_;
  const Board* lost_board_ = nullptr;
  // alive_candidates()'s table, of alive_board_.
  std::vector<std::uint8_t> alive_;
  const Board* alive_board_ = nullptr;
  Places places_;
  const HouseSlots* places_slots_ = nullptr;  // the tables places_ reads: those of its last load's board
  std::vector<Instance> inst_;                // [0, inst_used_): one start's searches' instances (add())
  std::size_t inst_used_ = 0;
  std::vector<int> peers_, pending_on_, pending_off_;
  struct Reached {
    std::uint32_t stamp = 0;
    int inst = -1;
  };
  std::vector<Reached> reached_;
  std::uint32_t search_ = 0;
  // analyse()'s graph: each node's depth-first order and lowest order reached (Tarjan's), its component (-1
  // while on the stack), each component's size and the nodes it reaches (`words_` words a component).
  std::vector<int> order_, low_, component_, component_size_, stack_, dense_;
  std::vector<Word> reach_, acc_;  // by component, by node
  std::size_t words_ = 0, stack_top_ = 0;
  int visited_ = 0, components_ = 0;
  struct TarjanFrame {
    int node;
    std::uint32_t next, end;  // the node's links left to follow: link_list_[next, end)
  };
  std::vector<TarjanFrame> frames_;
  // links_of's lists, by k = 3 * node + kind (load() moves stamp_ on, which forgets them all at once).
  std::vector<Span> link_;
  std::uint32_t stamp_ = 0;
  std::vector<int> link_list_;
  std::uint32_t link_used_ = 0;  // link_list_'s lists end there
  std::size_t most_links_ = 0;
  // The cells on_to_off reaches from a candidate k = cell * side + digit - 1, in the places' order (the same in
  // every pass on one board): peer_list_[peer_[k].begin, peer_[k].end) when peer_[k].stamp is peer_stamp_.
  std::vector<Span> peer_;
  std::vector<int> peer_list_;
  std::uint32_t peer_stamp_ = 0;
};

// The distinct nodes of instances' paths (SE's ancestor count), each node marked once per path: a path is
// a few dozen nodes, weighed for every loop found on thousands of reduced grids.
class PathNodes {
 public:
  // Ready for `board`'s nodes (every path forgotten).
  void use(const Board& board) {
    const auto nodes = static_cast<std::size_t>(board.cells() * board.side() * 2);
    if (seen_.size() != nodes) {
      seen_.assign(nodes, 0);
      stamp_ = 0;
    }
  }
  int count(const std::vector<Instance>& inst, int i) {
    if (++stamp_ == 0) {
      std::fill(seen_.begin(), seen_.end(), 0);
      stamp_ = 1;
    }
    int count = 0;
    for (; i >= 0; i = inst[static_cast<std::size_t>(i)].parent) {
      std::uint32_t& seen = seen_[static_cast<std::size_t>(inst[static_cast<std::size_t>(i)].node)];
      count += seen != stamp_ ? 1 : 0;
      seen = stamp_;
    }
    return count;
  }

 private:
  std::vector<std::uint32_t> seen_;  // by node: stamp_ once on the path counted last
  std::uint32_t stamp_ = 0;
};

// cycle_eliminations' tables, kept from one board and cycle to the next.
struct CycleTables {
  // The board's cells of each digit (CellSets::digit, the cell sets' words per digit from digit 1), worked out
  // at their first need: for the digits in `ready` (use() forgets them all).
  std::vector<Word> digit_cells;
  Mask ready = 0;
  // By digit: the cells seen from the cycle's "on" nodes and from its "off" nodes, then those seeing both.
  std::vector<Word> in_cycle, on, off, both;
  void use(const Board& board) {
    const std::size_t size = static_cast<std::size_t>(board.side()) * board.cell_sets().words();
    digit_cells.resize(size);
    on.resize(size);
    off.resize(size);
    ready = 0;
  }
};

// A cycle removes every candidate that sees both an "on" and an "off" node of its digit (outside the cycle).
std::vector<Candidate> cycle_eliminations(const Board& board, const std::vector<Instance>& inst, int last,
                                          CycleTables& tables) {
  const int n = board.side();
  const CellSets& sets = board.cell_sets();
  const std::size_t words = sets.words();
  std::vector<Word>& in_cycle = tables.in_cycle;
  in_cycle.assign(words, 0);
  Mask digits = 0;
  for (int i = last; inst[static_cast<std::size_t>(i)].parent >= 0;
       i = inst[static_cast<std::size_t>(i)].parent) {
    const int node = inst[static_cast<std::size_t>(i)].node;
    const int cell = node_cell(node, n), digit = node_digit(node, n);
    set_cell(in_cycle.data(), cell);
    const auto at = static_cast<std::size_t>(digit - 1) * words;
    const Mask bit = digit_bit(digit);
    if ((tables.ready & bit) == 0) {
      sets.digit(board, digit, tables.digit_cells.data() + at);
      tables.ready |= bit;
    }
    if ((digits & bit) == 0) {
      std::fill_n(tables.on.data() + at, words, 0);
      std::fill_n(tables.off.data() + at, words, 0);
      digits |= bit;
    }
    Word* seen = (node_on(node) ? tables.on : tables.off).data() + at;
    for (std::size_t w = 0; w < words; ++w) seen[w] |= sets.peers(cell)[w] & tables.digit_cells[at + w];
  }
  // The cells with a candidate to remove, then their digits in order.
  std::vector<Word>& both = tables.both;
  both.assign(words, 0);
  for (Mask m = digits; m != 0; m &= m - 1) {
    const auto at = static_cast<std::size_t>(std::countr_zero(m)) * words;
    for (std::size_t w = 0; w < words; ++w) {
      tables.on[at + w] &= tables.off[at + w] & ~in_cycle[w];
      both[w] |= tables.on[at + w];
    }
  }
  std::vector<Candidate> result;
  for_each_cell(both.data(), words, [&](int x) {
    for (Mask m = digits; m != 0; m &= m - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(m));
      if ((tables.on[d * words + static_cast<std::size_t>(x) / 64] >> (x % 64) & 1) != 0)
        result.push_back({x, static_cast<int>(d) + 1});
    }
  });
  return result;
}

std::string path_text(const std::vector<Instance>& inst, int last, int n) {
  std::vector<int> nodes;
  for (int i = last; i >= 0; i = inst[static_cast<std::size_t>(i)].parent)
    nodes.push_back(inst[static_cast<std::size_t>(i)].node);
  std::string text;
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    if (!text.empty()) text += node_on(*it) ? " => " : " -> ";
    text += cell_text(node_cell(*it, n), n) + (node_on(*it) ? "=" : "<>") + digit_text(node_digit(*it, n));
  }
  return text;
}

// One of the steps one pass finds: its rating, count, kind order and eliminations.
struct Loop {
  bool cycle, y, x;
  int instance, tenths, complexity, key;
};

// The three passes' links (X links, cell links, both), in SE's order.
constexpr std::pair<bool, bool> kPasses[] = {{false, true}, {true, false}, {true, true}};

// A start's analysis for each pass (Loops::load_full), kept for the grids reduced from it.
class StartLoops final : public CycleStart {
 public:
  // The passes' analyses of `start`, worked out again unless they are its (its cells' candidates and houses).
  StartLoops& of(const Board& start) {
    bool same = houses_ == &start.houses() && cells_.size() == static_cast<std::size_t>(start.cells());
    if (same) {
      const Mask* cells = cells_.data();
      const std::uint8_t* open = open_.data();
      for (int c = 0; c < start.cells(); ++c) {
        const bool o = start.open(c);
        same &= (cells[c] == (o ? start.candidates(c) : 0)) & (open[c] == static_cast<std::uint8_t>(o));
      }
    }
    if (same) return *this;
    houses_ = &start.houses();
    cells_.resize(static_cast<std::size_t>(start.cells()));
    open_.resize(cells_.size());
    for (int c = 0; c < start.cells(); ++c) {
      cells_[static_cast<std::size_t>(c)] = start.open(c) ? start.candidates(c) : 0;
      open_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(start.open(c));
    }
    for (std::size_t i = 0; i < 3; ++i) {
      passes_[i].use(start);
      passes_[i].load_full(kPasses[i].first, kPasses[i].second);
    }
    grids_ = 0;
    kept_ready_ = false;
    for (KeptPaths& k : cycles_) k.at.clear();
    return *this;
  }
  // Counts a grid reduced from `start` (of()'s); from the second on, the first pass's loops are kept (a start
  // with one reduced grid only would pay for them in vain).
  void count_grid(const Board& start) {
    if (++grids_ != 2) return;
    kept_ready_ = true;
    // The first pass's searches on the start, every one whole (as cycle_hints asks them), less the cycles
    // that take nothing out there (nor on a grid reduced from it).
    kept_.clear();
    kept_nodes_.clear();
    CycleTables tables;
    tables.use(start);
    const auto takes = [&](const Loops& loops, const Loops::Found& f) {
      return !f.cycle || !cycle_eliminations(start, loops.instances(), f.instance, tables).empty();
    };
    Loops& x = passes_[0];
    x.use(start);  // the board of() saw may be gone: its analysis is this one's
    std::vector<Loops::Found> found;
    const int most = start.cells() * start.side() * 2;
    for (int c = 0; c < start.cells(); ++c) {
      if (!start.open(c) || !two_or_more(start.candidates(c))) continue;
      for (Mask m = start.candidates(c); m != 0; m &= m - 1) {
        found.clear();
        x.from<false>(c, std::countr_zero(m) + 1, most, most, found);
        for (const Loops::Found& f : found) {
          if (!takes(x, f)) continue;
          const auto begin = static_cast<std::uint32_t>(kept_nodes_.size());
          for (int i = f.instance; i >= 0; i = x.instances()[static_cast<std::size_t>(i)].parent)
            kept_nodes_.push_back(x.instances()[static_cast<std::size_t>(i)].node);
          std::reverse(kept_nodes_.begin() + begin, kept_nodes_.end());
          kept_.push_back({c * start.side() + std::countr_zero(m), f.cycle, begin,
                           static_cast<std::uint32_t>(kept_nodes_.size())});
        }
      }
    }
    // Each pass's cycles on the start that take something out there, for the grids' untouched components.
    for (std::size_t p = 0; p < 3; ++p) {
      Loops& loops = passes_[p];
      if (p != 0) loops.use(start);
      KeptPaths& kept = cycles_[p];
      kept.at.assign(static_cast<std::size_t>(start.cells() * start.side()) + 1, 0);
      kept.paths.clear();
      kept.nodes.clear();
      for (int c = 0; c < start.cells(); ++c)
        for (int d = 1; d <= start.side(); ++d) {
          const auto k = static_cast<std::size_t>(c * start.side() + d - 1);
          kept.at[k] = static_cast<std::uint32_t>(kept.paths.size());
          if (!start.has(c, d) || !two_or_more(start.candidates(c))) continue;
          found.clear();
          loops.cycles_of(c, d, found);
          for (const Loops::Found& f : found) {
            if (!takes(loops, f)) continue;
            const auto begin = static_cast<std::uint32_t>(kept.nodes.size());
            for (int i = f.instance; i >= 0; i = loops.instances()[static_cast<std::size_t>(i)].parent)
              kept.nodes.push_back(loops.instances()[static_cast<std::size_t>(i)].node);
            std::reverse(kept.nodes.begin() + begin, kept.nodes.end());
            kept.paths.push_back({true, begin, static_cast<std::uint32_t>(kept.nodes.size())});
          }
        }
      kept.at.back() = static_cast<std::uint32_t>(kept.paths.size());
    }
  }
  // Each pass's cycles on the start that take something out there (empty before the second grid).
  const KeptPaths& cycles(std::size_t pass) const { return cycles_[pass]; }
  // The first pass's loops found on the start, by start candidate (cell * side + digit - 1) in order: a grid
  // reduced from it without taking out a candidate of a digit finds the same from that digit's starts (the
  // X links keep to one digit, whose nodes and links are the start's), and those rest on nothing it took out.
  struct Kept {
    int candidate;
    bool cycle;
    std::uint32_t begin, end;  // the path's nodes, kept_nodes_[begin, end), the start first
  };
  const std::vector<Kept>& kept() const { return kept_; }
  const int* kept_nodes(const Kept& k) const { return kept_nodes_.data() + k.begin; }
  // The digits with a candidate that `board` (reduced from the start, the last that reduces() said so of)
  // took out: all before the loops are kept.
  Mask touched(const Board& board) const {
    return kept_ready_ ? touched_ : (Mask{2} << (board.side() - 1)) - 1;
  }
  // Whether `board` is reduced from the start: the same houses and cells placed, its candidates a subset (and
  // the digits it took candidates of, for touched()).
  bool reduces(const Board& board) {
    if (houses_ != &board.houses() || cells_.size() != static_cast<std::size_t>(board.cells())) return false;
    Mask digits = 0;
    lost_.clear();
    for (int c = 0; c < board.cells(); ++c) {
      const auto i = static_cast<std::size_t>(c);
      const bool open = board.open(c);
      if (open_[i] != static_cast<std::uint8_t>(open)) return false;
      if (!open) continue;
      const Mask now = board.candidates(c);
      if ((now & ~cells_[i]) != 0) return false;
      if (now != cells_[i]) {
        digits |= cells_[i] & ~now;
        lost_.push_back(c);
      }
    }
    touched_ = digits;
    return true;
  }
  // reduces()'s board's open cells that lost candidates.
  const std::vector<int>& lost() const { return lost_; }
  const Loops& pass(std::size_t i) const { return passes_[i]; }

 private:
  const Houses* houses_ = nullptr;
  std::vector<Mask> cells_;
  std::vector<std::uint8_t> open_;
  Loops passes_[3];
  std::vector<Kept> kept_;
  std::vector<int> kept_nodes_;
  KeptPaths cycles_[3];
  int grids_ = 0;
  bool kept_ready_ = false;
  Mask touched_ = 0;  // reduces()'s board's
  std::vector<int> lost_;
};

// each_loop's tables, kept per thread from one board to the next (each_loop does not nest: `keep` and `take`
// only weigh and record).
struct LoopScratch {
  Loops loops;
  PathNodes path;
  std::vector<Loops::Found> found;
  CycleTables cycle;
  // The board's cycles' eliminations so far, by the cycle's nodes (sorted, in `nodes`): a cycle is found
  // from each of its "on" nodes.
  struct Seen {
    std::uint64_t key;
    std::uint32_t begin, end;
    std::vector<Candidate> eliminations;
  };
  std::vector<Seen> seen;
  std::vector<int> nodes;
  const std::vector<Candidate>& eliminations(const Board& board, const std::vector<Instance>& inst,
                                             int last) {
    const auto begin = static_cast<std::uint32_t>(nodes.size());
    std::uint64_t key = 0;
    for (int i = last; inst[static_cast<std::size_t>(i)].parent >= 0;
         i = inst[static_cast<std::size_t>(i)].parent) {
      nodes.push_back(inst[static_cast<std::size_t>(i)].node);
      key += mix_node(nodes.back());
    }
    std::sort(nodes.begin() + begin, nodes.end());
    const std::size_t count = nodes.size() - begin;
    for (const Seen& s : seen)
      if (s.key == key && s.end - s.begin == count &&
          std::equal(nodes.begin() + s.begin, nodes.begin() + s.end, nodes.begin() + begin)) {
        nodes.resize(begin);
        return s.eliminations;
      }
    seen.push_back(
        {key, begin, static_cast<std::uint32_t>(nodes.size()), cycle_eliminations(board, inst, last, cycle)});
    return seen.back().eliminations;
  }
};

// Every cycle and forcing chain, pass by pass (X links only, cell links only, then both: SE's three passes);
// `keep(loop)` says whether its eliminations are wanted (false skips them), `take(loop, loops, eliminations)`
// receives the ones that take something out. Each start's loops are weighed before the next start's search, so
// that `keep` can end the searches early: a loop of more nodes rates no lower, and `keep` must refuse every
// loop longer than one it refuses (of the same pass and kind). `keep` may change its answers only when `take`
// is called.
// `over`: with `base` (the analysis of a start `board` is reduced from), which the passes read
// (Loops::load_over).
template <bool over, class Keep, class Take>
void each_loop(const Board& board, const StartLoops* base, Keep&& keep, Take&& take) {
  const int n = board.side();
  thread_local LoopScratch scratch;
  Loops& loops = scratch.loops;
  std::vector<Loops::Found>& found = scratch.found;
  scratch.cycle.use(board);
  scratch.path.use(board);
  scratch.seen.clear();
  scratch.nodes.clear();
  if constexpr (over)
    loops.use(board, base->pass(0), base->lost());
  else
    loops.use(board);
  const Mask all = (Mask{2} << (n - 1)) - 1;
  Mask touched = all;
  if constexpr (over) touched = base->touched(board);
  for (std::size_t pass = 0; pass < 3; ++pass) {
    // Named copies: lambdas may not capture structured bindings before C++20's P1091 (clang 14).
    const bool y = kPasses[pass].first, x = kPasses[pass].second;
    // The X links' pass searches only the touched digits' starts; the others' loops are the start's.
    const Mask searched = pass == 0 ? touched : all;
    if constexpr (over)
      loops.load_over(y, x, base->pass(pass), searched, base->cycles(pass));
    else
      loops.load(y, x);
    const int key = y && x ? 4 : y ? 3 : 2;
    const auto loop_of = [&](bool cycle, int instance, int complexity) {
      return Loop{cycle,
                  y,
                  x,
                  instance,
                  (cycle ? (y && x ? 70 : 65) : (y && x ? 70 : 66)) + length_tenths(complexity),
                  complexity,
                  key};
    };
    // The most nodes a wanted cycle / forcing chain may rest on (cycles close after four nodes at least).
    const auto most = [&](bool cycle) {
      const int nodes = board.cells() * n * 2;
      if (keep(loop_of(cycle, -1, nodes))) return nodes;
      int c = cycle ? 4 : 2;
      while (keep(loop_of(cycle, -1, c))) ++c;
      return c - 1;
    };
    // Worked out again only after `take`, the one thing that may change `keep`.
    int most_cycle = most(true), most_chain = most(false);
    // The loops of one start, found (or kept) in `found`.
    const auto weigh = [&]() {
      const std::vector<Instance>& inst = loops.instances();
      bool taken = false;
      for (const Loops::Found& f : found) {
        const Loop loop = loop_of(f.cycle, f.instance, scratch.path.count(inst, f.instance));
        if (!keep(loop)) continue;
        std::vector<Candidate> elims;
        const int target = inst[static_cast<std::size_t>(f.instance)].node;
        const int cell = node_cell(target, n), digit = node_digit(target, n);
        if (f.cycle) {
          elims = scratch.eliminations(board, inst, f.instance);
        } else if (!node_on(target)) {
          elims = {{cell, digit}};
        } else {
          for (Mask e = board.candidates(cell) & ~digit_bit(digit); e != 0; e &= e - 1)
            elims.push_back({cell, std::countr_zero(e) + 1});
        }
        if (elims.empty()) continue;
        take(loop, loops, std::move(elims));
        taken = true;
      }
      if (taken) {
        most_cycle = most(true);
        most_chain = most(false);
      }
    };
    // The kept loops of the starts before `candidate` (with base, the first pass, untouched digits).
    std::size_t next_kept = 0;
    const auto replay_before = [&](int candidate) {
      if (!over || pass != 0) return;
      const std::vector<StartLoops::Kept>& kept = base->kept();
      for (; next_kept < kept.size() && kept[next_kept].candidate < candidate; ++next_kept) {
        const StartLoops::Kept& k = kept[next_kept];
        const int c = k.candidate / n;
        if ((searched & digit_bit(k.candidate % n + 1)) != 0 || !board.open(c) ||
            !two_or_more(board.candidates(c)))
          continue;
        found.clear();
        found.push_back({k.cycle, loops.replay(base->kept_nodes(k), k.end - k.begin)});
        weigh();
      }
    };
    // The starts in order (cell, then digit): every candidate of a cell with two or more, after load_over()
    // only those whose searches may find something.
    loops.for_each_start([&](int c, int start) {
      replay_before(c * n + start - 1);
      found.clear();
      loops.from<over>(c, start, most_cycle, most_chain, found);
      weigh();
    });
    replay_before(board.cells() * n);
  }
}

// Why a link's far node follows, as SE records it: its cell (a cell link), or the first house (SE's order)
// that holds both cells, for an "on" node one where they are the digit's last two places.
int link_cause(const Board& board, const Places& places, int from, int to) {
  const int n = board.side();
  const int a = node_cell(from, n), b = node_cell(to, n), digit = node_digit(to, n);
  if (a == b) return cause_cell;
  for (const Places::Slot& s : places.slots(b)) {
    const std::vector<int>& cells = board.houses().cells(s.house);
    if (std::find(cells.begin(), cells.end(), a) == cells.end()) continue;
    if (!node_on(to) || two_bits(places.at(s.house, digit))) return s.house;
  }
  return cause_none;
}

}  // namespace

bool chains(const Board& board, GradedStep& step) {
  const int n = board.side();
  bool found_any = false;
  int best_tenths = 0, best_complexity = 0, best_key = 0;
  const auto better = [&](const Loop& l) {
    return !found_any || l.tenths < best_tenths ||
           (l.tenths == best_tenths && l.complexity < best_complexity) ||
           (l.tenths == best_tenths && l.complexity == best_complexity && l.key < best_key);
  };
  each_loop<false>(board, nullptr, better,
                   [&](const Loop& l, const Loops& loops, std::vector<Candidate> elims) {
                     found_any = true;
                     best_tenths = l.tenths;
                     best_complexity = l.complexity;
                     best_key = l.key;
                     step.technique = l.cycle ? (l.y && l.x ? "Bidirectional Cycle"
                                                 : l.y      ? "Bidirectional Y-Cycle"
                                                            : "Bidirectional X-Cycle")
                                              : (l.y && l.x          ? "Forcing Chain"
                                                 : l.complexity == 6 ? "Turbot Fish"
                                                                     : "Forcing X-Chain");
                     step.rating = l.tenths / 10.0;
                     step.placements.clear();
                     step.eliminations = std::move(elims);
                     step.text = step.technique + " " + path_text(loops.instances(), l.instance, n) + ": " +
                                 eliminations_text(step.eliminations, n);
                   });
  return found_any;
}

std::unique_ptr<CycleStart> cycle_start() {
  return std::make_unique<StartLoops>();
}

void cycle_hints(const Board& board, const Board& start, std::vector<InnerHint>& out, CycleStart* kept) {
  const int n = board.side();
  const StartLoops* base = nullptr;
  if (kept) {
    StartLoops& loops = static_cast<StartLoops*>(kept)->of(start);
    if (loops.reduces(board)) {
      loops.count_grid(start);
      base = &loops;
    }
  }
  const auto every = [](const Loop&) { return true; };
  const auto take = [&](const Loop& l, const Loops& loops, std::vector<Candidate> elims) {
    // A forcing chain rests on the houses and cells of its "on" nodes; a cycle, read both ways, on all.
    std::vector<Candidate> parents;
    const std::vector<Instance>& inst = loops.instances();
    for (int i = l.instance; inst[static_cast<std::size_t>(i)].parent >= 0;
         i = inst[static_cast<std::size_t>(i)].parent) {
      const Instance& at = inst[static_cast<std::size_t>(i)];
      if (!l.cycle && !node_on(at.node)) continue;
      const int from = inst[static_cast<std::size_t>(at.parent)].node;
      removed_by_outer(start, board, node_cell(at.node, n), node_digit(at.node, n),
                       link_cause(board, loops.places(), from, at.node), parents);
    }
    std::uint64_t chain = 0;
    for (int i = l.instance; i >= 0; i = inst[static_cast<std::size_t>(i)].parent)
      chain += mix_node(inst[static_cast<std::size_t>(i)].node);
    out.push_back({l.tenths, l.complexity, l.key, std::move(elims), std::move(parents), chain});
  };
  if (base)
    each_loop<true>(board, base, every, take);
  else
    each_loop<false>(board, nullptr, every, take);
}

}  // namespace sudoku::logic
