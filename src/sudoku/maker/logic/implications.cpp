#include "sudoku/maker/logic/implications.hpp"

#include <algorithm>
#include <bit>

namespace sudoku::logic {

void Implications::reset(int nodes) {
  const auto n = static_cast<std::size_t>(nodes);
  if (stamp_.size() != n) {
    stamp_.assign(n, 0);
    seen_.assign(n, 0);
    rec_.assign(n, Record{0, 0, cause_none, -1});
    epoch_ = 0;
    seen_epoch_ = 0;
  }
  if (++epoch_ == 0) {
    std::fill(stamp_.begin(), stamp_.end(), 0);
    epoch_ = 1;
  }
  pool_.clear();
  order_.clear();
  nested_weight_.clear();
  nested_key_.clear();
}

int Implications::ancestors(int node, int limit) const {
  int count = 0;
  each_ancestor(node, [&](int) { return ++count <= limit; });
  return count;
}

void Implications::nested(int node, std::vector<std::pair<std::uint64_t, int>>& out) const {
  if (nested_weight_.empty()) return;
  nested_seen_.assign(nested_weight_.size(), 0);
  each_ancestor(node, [&](int n) {
    const int id = has(n) ? rec_[static_cast<std::size_t>(n)].nested : -1;
    if (id >= 0 && !nested_seen_[static_cast<std::size_t>(id)]) {
      nested_seen_[static_cast<std::size_t>(id)] = 1;
      out.emplace_back(nested_key_[static_cast<std::size_t>(id)],
                       nested_weight_[static_cast<std::size_t>(id)]);
    }
    return true;
  });
}

void Places::load(const Board& board) {
  side_ = board.side();
  slots_ = &board.house_slots();
  crossings_ = &board.crossings();
  const Houses& houses = board.houses();
  at_.resize(static_cast<std::size_t>(houses.count() * side_));
  for (int h = 0; h < houses.count(); ++h)
    for (int d = 1; d <= side_; ++d) at_[static_cast<std::size_t>(h * side_ + d - 1)] = board.positions(h, d);
}

void Places::peers_with(const Houses& houses, int cell, int digit, std::vector<int>& out,
                        std::vector<int>* house_of) const {
  out.clear();
  if (house_of) house_of->clear();
  const std::vector<Slot>& all = slots(cell);
  for (std::size_t k = 0; k < all.size(); ++k) {
    const Slot& s = all[k];
    // A peer met in an earlier house of the cell was a place of the digit there too (a cell's digit is a place
    // in all its houses or in none).
    Mask met = Mask{1} << s.index;
    for (std::size_t e = 0; e < k; ++e) met |= crossings_->inside(s.house, all[e].house);
    for (Mask m = at(s.house, digit) & ~met; m != 0; m &= m - 1) {
      out.push_back(houses.cells(s.house)[static_cast<std::size_t>(std::countr_zero(m))]);
      if (house_of) house_of->push_back(s.house);
    }
  }
}

void Places::remove(int cell, int digit) {
  for (const Slot& s : slots(cell))
    at_[static_cast<std::size_t>(s.house * side_ + digit - 1)] &= ~(Mask{1} << s.index);
}

// The tables' storage, kept on each thread from one chainer to the next: the nested searches make one per
// reduced grid, which then allocates nothing and clears only the link ranges it set.
struct Chainer::Storage {
  std::vector<Mask> start, grid, start_at, at, changed;
  Places places;
  std::vector<Slot> slots;
  std::vector<std::uint32_t> slot_begin;
  std::vector<Emitted> emitted;
  std::vector<ChainRules::Advanced> advanced;
  std::vector<int> tmp_parents, pending_on, pending_off, ranged;
  std::vector<Range> range;
  std::vector<std::pair<int, int>> link_list;
};

namespace {
// The most storages a thread keeps (nested searches hold a few chainers at once).
constexpr std::size_t kMostSpare = 8;
}  // namespace

std::vector<Chainer::Storage>& Chainer::spare() {
  thread_local std::vector<Storage> spare;
  return spare;
}

void Chainer::swap_storage(Storage& s) {
  start_.swap(s.start);
  grid_.swap(s.grid);
  start_at_.swap(s.start_at);
  at_.swap(s.at);
  changed_.swap(s.changed);
  std::swap(start_places_, s.places);
  slot_list_.swap(s.slots);
  slot_begin_.swap(s.slot_begin);
  emitted_.swap(s.emitted);
  advanced_.swap(s.advanced);
  tmp_parents_.swap(s.tmp_parents);
  pending_on_.swap(s.pending_on);
  pending_off_.swap(s.pending_off);
  ranged_.swap(s.ranged);
  range_.swap(s.range);
  link_list_.swap(s.link_list);
}

Chainer::~Chainer() {
  std::vector<Storage>& kept = spare();
  if (kept.size() >= kMostSpare) return;
  // Every range back to "not yet", for the next chainer on a grid of this size.
  for (const int node : ranged_) range_[static_cast<std::size_t>(node)] = {kNotYet, 0};
  ranged_.clear();
  kept.emplace_back();
  swap_storage(kept.back());
}

Chainer::Chainer(const Board& board, ChainRules rules, Chainer* base)
    : board_(board), rules_(std::move(rules)), side_(board.side()) {
  if (std::vector<Storage>& kept = spare(); !kept.empty()) {
    swap_storage(kept.back());
    kept.pop_back();
  }
  start_places_.load(board);
  const auto cells = static_cast<std::size_t>(board.cells());
  const auto n = static_cast<std::size_t>(side_);
  start_.resize(cells);
  for (std::size_t c = 0; c < cells; ++c) {
    const int cell = static_cast<int>(c);
    start_[c] = board.open(cell) ? board.candidates(cell) : 0;
  }
  grid_ = start_;
  const int houses = board.houses().count();
  start_at_.resize(static_cast<std::size_t>(houses) * n);
  for (int h = 0; h < houses; ++h)
    for (int d = 1; d <= side_; ++d)
      start_at_[static_cast<std::size_t>(h * side_ + d - 1)] = start_places_.at(h, d);
  at_ = start_at_;
  if (!rules_.dynamic) {
    // A kept table of this size is all "not yet" (the last chainer reset the ranges it set).
    if (range_.size() != 2 * cells * n) range_.assign(2 * cells * n, Range{kNotYet, 0});
    link_list_.clear();
    // About what a search's "on" nodes list (a candidate's cell and house peers), grown but once or twice.
    link_list_.reserve(cells * n * 8);
  }
  const bool shared =
      base != nullptr && !rules_.dynamic && rules_.y_links && &base->board_.houses() == &board.houses();
  if (shared) {
    // The houses' tables are the base's.
    slot_list_ = base->slot_list_;
    slot_begin_ = base->slot_begin_;
  } else {
    const Crossings& crossings = board.crossings();
    slot_list_.clear();
    slot_begin_.assign(1, 0);
    for (std::size_t c = 0; c < cells; ++c) {
      const std::vector<Places::Slot>& slots = start_places_.slots(static_cast<int>(c));
      for (std::size_t k = 0; k < slots.size(); ++k) {
        const Places::Slot& s = slots[k];
        Mask met = Mask{1} << s.index;
        for (std::size_t e = 0; e < k; ++e) met |= crossings.inside(s.house, slots[e].house);
        slot_list_.push_back({s.house * side_, s.house, Mask{1} << s.index, met, s.full});
      }
      slot_begin_.push_back(static_cast<std::uint32_t>(slot_list_.size()));
    }
  }
  if (shared) {
    base_ = base;
    // A cell that lost candidates changes all its nodes' links (Y links, bivalue), and the lost digits'
    // links in every house of the cell (places) for the cells of those houses.
    const Mask all = (Mask{2} << (side_ - 1)) - 1;
    changed_.assign(cells, 0);
    const Houses& all_houses = board.houses();
    for (std::size_t c = 0; c < cells; ++c) {
      const Mask gone = base->start_[c] ^ start_[c];
      if (gone == 0) continue;
      changed_[c] = all;
      for (const int h : all_houses.of(static_cast<int>(c)))
        for (const int x : all_houses.cells(h)) changed_[static_cast<std::size_t>(x)] |= gone;
    }
  }
}

void Chainer::remove(int cell, int digit) {
  grid_[static_cast<std::size_t>(cell)] &= ~digit_bit(digit);
  for (std::uint32_t k = slot_begin_[static_cast<std::size_t>(cell)];
       k < slot_begin_[static_cast<std::size_t>(cell) + 1]; ++k)
    at_[static_cast<std::size_t>(slot_list_[k].at + digit - 1)] &= ~slot_list_[k].bit;
}

// "On": the cell's other candidates and the digit's other places in every house of the cell go off: f(off, cause)
// for each, until it returns false.
template <class F>
void Chainer::each_off_of(int node, F&& f) {
  const int cell = node_cell(node, side_), digit = node_digit(node, side_);
  const Mask bit = digit_bit(digit);
  const auto c = static_cast<std::size_t>(cell);
  if (rules_.y_links)
    for (Mask m = grid_[c] & ~bit; m != 0; m &= m - 1)
      if (!f(node_of(cell, std::countr_zero(m) + 1, false, side_), cause_cell)) return;
  // The digit's places in the cell's houses as the grid is now, each peer once: in the first of the cell's houses
  // (SE's order) that holds it, as a peer in an earlier house is in the crossing of the two.
  const Houses& houses = board_.houses();
  const std::uint32_t last = slot_begin_[c + 1];
  for (std::uint32_t k = slot_begin_[c]; k < last; ++k) {
    const Slot& s = slot_list_[k];
    const std::vector<int>& cells = houses.cells(s.house);
    for (Mask m = at_[static_cast<std::size_t>(s.at + digit - 1)] & ~s.met; m != 0; m &= m - 1)
      if (!f(node_of(cells[static_cast<std::size_t>(std::countr_zero(m))], digit, false, side_), s.house))
        return;
  }
}

// "Off": a cell left with one other candidate, or a house left with one other place of the digit, puts it on.
// Besides `node` it rests on what the propagation already took out of that cell or house.
void Chainer::off_to_on(int node, const Implications* out) {
  const int cell = node_cell(node, side_), digit = node_digit(node, side_);
  const Mask bit = digit_bit(digit);
  const auto c = static_cast<std::size_t>(cell);
  if (rules_.y_links && two_bits(grid_[c])) {
    const int other = std::countr_zero(grid_[c] & ~bit) + 1;
    const int first = static_cast<int>(tmp_parents_.size());
    tmp_parents_.push_back(node);
    for (Mask m = start_[c] & ~grid_[c]; m != 0; m &= m - 1) {
      const int hidden = node_of(cell, std::countr_zero(m) + 1, false, side_);
      if (out->has(hidden)) tmp_parents_.push_back(hidden);
    }
    emitted_.push_back({node_of(cell, other, true, side_), first,
                        static_cast<int>(tmp_parents_.size()) - first, cause_cell});
  }
  const Houses& houses = board_.houses();
  for (std::uint32_t k = slot_begin_[c]; k < slot_begin_[c + 1]; ++k) {
    const Slot& s = slot_list_[k];
    const auto at = static_cast<std::size_t>(s.at + digit - 1);
    const Mask others = at_[at] & ~s.bit;
    if (!s.full || !one_bit(others)) continue;
    const std::vector<int>& cells = houses.cells(s.house);
    const int first = static_cast<int>(tmp_parents_.size());
    tmp_parents_.push_back(node);
    for (Mask m = start_at_[at] & ~at_[at]; m != 0; m &= m - 1) {
      const int hidden = node_of(cells[static_cast<std::size_t>(std::countr_zero(m))], digit, false, side_);
      if (out->has(hidden)) tmp_parents_.push_back(hidden);
    }
    emitted_.push_back(
        {node_of(cells[static_cast<std::size_t>(std::countr_zero(others))], digit, true, side_), first,
         static_cast<int>(tmp_parents_.size()) - first, s.house});
  }
}

void Chainer::clash(Implications& out, const Emitted& e, const int* parents, bool from_on, int& clash_a,
                    int& clash_b) {
  const int conjugate = e.node ^ 1;
  out.add(e.node, parents, e.count, e.cause);
  // SE reports (on, off): the one reached first is the "on" when the new node is "off".
  clash_a = from_on ? conjugate : e.node;
  clash_b = from_on ? e.node : conjugate;
}

bool Chainer::advance(Implications& out) {
  emitted_.clear();
  tmp_parents_.clear();
  // The grid and places as the chain left them go along: the rules read the places at once.
  if (!reduced_) reduced_.emplace(board_);
  Board& reduced = *reduced_;
  reduced.copy_reduced(board_, grid_, at_);
  advanced_.clear();
  rules_.advanced(reduced, board_, advanced_);
  for (const ChainRules::Advanced& step : advanced_) {
    const int first = static_cast<int>(tmp_parents_.size());
    for (const Candidate& p : step.parents) {
      const int n = node_of(p.cell, p.digit, false, side_);
      if (out.has(n)) tmp_parents_.push_back(n);
    }
    const int count = static_cast<int>(tmp_parents_.size()) - first;
    if (count == 0) continue;
    const int nested = step.nested > 0 ? out.add_nested(step.nested, step.chain) : -1;
    for (const Candidate& e : step.eliminations)
      emitted_.push_back({node_of(e.cell, e.digit, false, side_), first, count, cause_none, nested});
  }
  bool any = false;
  for (const Emitted& e : emitted_) {
    if (out.has(e.node)) continue;
    out.add(e.node, tmp_parents_.data() + e.first, e.count, e.cause, e.nested);
    pending_off_.push_back(e.node);
    any = true;
  }
  return any;
}

bool Chainer::run_from(int node, Implications& out, int& clash_a, int& clash_b) {
  out.reset(board_.cells() * side_ * 2);
  out.add(node, nullptr, 0);
  return run(out, clash_a, clash_b);
}

const std::pair<int, int>* Chainer::links(int node, int& count) {
  const auto i = static_cast<std::size_t>(node);
  if (range_[i].begin == kNotYet) static_links(node, node_on(node));
  const std::uint32_t first = range_[i].begin;
  count = static_cast<int>((range_[i].end - first) & ~kShared);
  return ((first & kShared) != 0 ? base_->link_list_.data() : link_list_.data()) + (first & ~kShared);
}

void Chainer::static_links(int node, bool from_on) {
  const auto i = static_cast<std::size_t>(node);
  if (base_ != nullptr && (changed_[static_cast<std::size_t>(node_cell(node, side_))] &
                           digit_bit(node_digit(node, side_))) == 0) {
    int count = 0;
    const std::pair<int, int>* shared = base_->links(node, count);
    const auto first = static_cast<std::uint32_t>(shared - base_->link_list_.data()) | kShared;
    range_[i] = {first, first + static_cast<std::uint32_t>(count)};
    ranged_.push_back(node);
    return;
  }
  const auto first = static_cast<std::uint32_t>(link_list_.size());
  if (from_on) {
    each_off_of(node, [&](int off, int cause) {
      link_list_.emplace_back(off, cause);
      return true;
    });
  } else {
    emitted_.clear();
    tmp_parents_.clear();
    // A static search takes nothing out: no parents besides the node, `out` unread.
    off_to_on(node, nullptr);
    for (const Emitted& e : emitted_) link_list_.emplace_back(e.node, e.cause);
  }
  range_[i] = {first, static_cast<std::uint32_t>(link_list_.size())};
  ranged_.push_back(node);
}

bool Chainer::run(Implications& out, int& clash_a, int& clash_b) {
  pending_on_.clear();
  pending_off_.clear();
  for (const int n : out.order()) (node_on(n) ? pending_on_ : pending_off_).push_back(n);
  std::size_t on_head = 0, off_head = 0;
  bool ok = true;
  while (ok) {
    bool from_on = true;
    int node = 0;
    if (on_head < pending_on_.size()) {
      node = pending_on_[on_head++];
    } else if (off_head < pending_off_.size()) {
      node = pending_off_[off_head++];
      from_on = false;
    } else if (rules_.advanced && advance(out)) {
      continue;
    } else {
      break;
    }
    if (!rules_.dynamic) {
      // The same links on every run of the search: worked out once.
      const auto i = static_cast<std::size_t>(node);
      if (range_[i].begin == kNotYet) static_links(node, from_on);
      // Most links find their node known: no call for them. The table is read through locals, as the
      // stores into `out` might otherwise be taken to change it.
      const Range range = range_[i];
      const std::pair<int, int>* links =
          (range.begin & kShared) != 0 ? base_->link_list_.data() : link_list_.data();
      const std::uint32_t first = range.begin, end = range.end & ~kShared;
      std::vector<int>& pending = from_on ? pending_off_ : pending_on_;
      for (std::uint32_t k = first & ~kShared; k < end; ++k) {
        const int to = links[k].first;
        if (out.has(to ^ 1)) {
          clash(out, {to, 0, 1, links[k].second}, &node, from_on, clash_a, clash_b);
          ok = false;
          break;
        }
        if (!out.has(to)) {
          out.add(to, &node, 1, links[k].second);
          // A node known to lead nowhere (most "off" nodes) is not queued.
          const auto t = static_cast<std::size_t>(to);
          if (range_[t].begin != range_[t].end) pending.push_back(to);
        }
      }
      continue;
    }
    if (from_on) {
      // One parent each, the node: followed as they come, not listed first.
      each_off_of(node, [&](int off, int cause) {
        if (out.has(off ^ 1)) {
          clash(out, {off, 0, 1, cause}, &node, true, clash_a, clash_b);
          ok = false;
        } else if (!out.has(off)) {
          out.add(off, &node, 1, cause);
          pending_off_.push_back(off);
        }
        return ok;
      });
      continue;
    }
    emitted_.clear();
    tmp_parents_.clear();
    off_to_on(node, &out);
    remove(node_cell(node, side_), node_digit(node, side_));
    std::vector<int>& pending = pending_on_;
    for (std::size_t k = 0; k < emitted_.size() && ok; ++k) {
      const Emitted& e = emitted_[k];
      const int* parents = tmp_parents_.data() + e.first;
      if (out.has(e.node ^ 1)) {
        clash(out, e, parents, false, clash_a, clash_b);
        ok = false;
      } else if (!out.has(e.node)) {
        out.add(e.node, parents, e.count, e.cause);
        pending.push_back(e.node);
      }
    }
  }
  // Only a dynamic search takes candidates out as it goes: those of the "off" nodes it followed, put back one
  // by one when they are few, else the whole grid and places copied back (a few words per cell).
  if (rules_.dynamic && off_head * 8 > grid_.size()) {
    std::copy(start_.begin(), start_.end(), grid_.begin());
    std::copy(start_at_.begin(), start_at_.end(), at_.begin());
  } else if (rules_.dynamic) {
    for (std::size_t i = 0; i < off_head; ++i) {
      const auto cell = static_cast<std::size_t>(node_cell(pending_off_[i], side_));
      const int digit = node_digit(pending_off_[i], side_);
      grid_[cell] = start_[cell];
      for (std::uint32_t k = slot_begin_[cell]; k < slot_begin_[cell + 1]; ++k) {
        const auto at = static_cast<std::size_t>(slot_list_[k].at + digit - 1);
        at_[at] = start_at_[at];
      }
    }
  }
  return ok;
}

void removed_by_outer(const Board& start, const Board& now, int cell, int digit, int cause,
                      std::vector<Candidate>& out) {
  if (cause == cause_cell) {
    if (!start.open(cell)) return;
    for (Mask m = start.candidates(cell) & ~now.candidates(cell); m != 0; m &= m - 1)
      out.push_back({cell, std::countr_zero(m) + 1});
    return;
  }
  if (cause < 0) return;
  const std::vector<int>& cells = start.houses().cells(cause);
  for (Mask m = start.positions(cause, digit) & ~now.positions(cause, digit); m != 0; m &= m - 1)
    out.push_back({cells[static_cast<std::size_t>(std::countr_zero(m))], digit});
}

int length_tenths(int complexity) {
  int added = 0, ceil = 4;
  bool odd = false;
  for (int length = complexity - 2; length > ceil; odd = !odd) {
    ++added;
    ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
  }
  return added;
}

}  // namespace sudoku::logic
