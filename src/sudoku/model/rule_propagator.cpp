#include "sudoku/model/rule_propagator.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sudoku/model/cages.hpp"
#include "sudoku/model/constraints.hpp"

namespace sudoku {
namespace {

// sum of coefficient * digit over terms == total, or == total + T when the sum shares a total T with others
// (`shared`: an index into the propagator's shared totals; a region sum line's runs, a zipper's pairs, a double
// arrow's ends and middle all add up to one unknown T). The terms are split into groups: a term of its own, or
// terms of coefficient 1 whose cells must all differ (a cage, a line's cells in one box), whose k digits then
// add up to at least the k least digits their cells can hold together, at most the k largest.
struct LinearSum {
  std::vector<int> cells;
  std::vector<int> coefficients;
  std::vector<std::vector<int>> groups;  // indices into cells
  int total = 0;
  int shared = -1;
};

// A shared total's range at a node: what every sum sharing it still allows.
struct Range {
  int low;
  int high;
};
constexpr Range kAnyTotal{-(1 << 20), 1 << 20};

// The least (or largest) sum of k distinct digits among `digits`; -1 when it has fewer than k.
int extreme_sum(std::uint64_t digits, int k, bool largest) {
  if (std::popcount(digits) < k) return -1;
  int sum = 0;
  for (int i = 0; i < k; ++i) {
    const int d = largest ? 64 - std::countl_zero(digits) : std::countr_zero(digits) + 1;
    sum += d;
    digits &= ~(std::uint64_t{1} << (d - 1));
  }
  return sum;
}

int floor_div(int a, int b) {
  const int q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
int ceil_div(int a, int b) {
  return -floor_div(-a, b);
}

// Digits lo..hi (1-based) as bits d-1.
std::uint64_t digit_range(int lo, int hi, int n) {
  lo = std::max(lo, 1);
  hi = std::min(hi, n);
  if (lo > hi) return 0;
  const std::uint64_t upto = hi == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << hi) - 1;
  return upto & ~((std::uint64_t{1} << (lo - 1)) - 1);
}
int least(std::uint64_t digits) {
  return std::countr_zero(digits) + 1;
}
int most(std::uint64_t digits) {
  return 64 - std::countl_zero(digits);
}

// A rule option's hold on one place of a rule: the digits it leaves the place's cell.
struct Hold {
  int place;
  std::uint64_t allowed;
};
// A rule option's color of a secondary item (index into RulePropagator::colored_).
struct Paint {
  int item;
  dlx::ColorId color;
};

class RulePropagator final : public dlx::Propagator {
 public:
  RulePropagator(const Rules& rules, const dlx::Problem& problem);

  bool empty() const { return sums_.empty() && chains_.empty() && renbans_.empty() && options_.empty(); }
  std::unique_ptr<dlx::Propagator> clone() const override { return std::make_unique<RulePropagator>(*this); }
  bool propagate(dlx::PropagationView& view) override;

 private:
  void add_sums(const Rules& rules);
  void add_supports(const dlx::Problem& problem);
  template <class Differ>
  void add(LinearSum sum, Differ&& differ);
  template <class Differ>
  void add_shared(const Rules& rules, const Constraint& c, Differ&& differ);

  // Indices waiting to be processed at this node, each at most once (room for all: pushing never allocates).
  struct Pending {
    std::vector<int> items;
    std::vector<char> queued;
    void resize(std::size_t size) {
      queued.assign(size, 0);
      items.reserve(size);
    }
    void push(int i) {
      if (queued[static_cast<std::size_t>(i)] != 0) return;
      queued[static_cast<std::size_t>(i)] = 1;
      items.push_back(i);
    }
    int pop() {
      const int i = items.back();
      items.pop_back();
      queued[static_cast<std::size_t>(i)] = 0;
      return i;
    }
    void clear() {
      for (const int i : items) queued[static_cast<std::size_t>(i)] = 0;
      items.clear();
    }
  };

  void index_watchers();
  // Narrows a cell's digits to `keep`, and queues what reads them; false when none is left.
  bool narrow(int cell, std::uint64_t keep) {
    std::uint64_t& digits = digits_[static_cast<std::size_t>(cell)];
    if ((digits & keep) == digits) return true;
    digits &= keep;
    touch_cell(cell);
    return digits != 0;
  }
  void touch_cell(int cell);
  void touch_option(int k);
  void queue_sum(int s);
  void kill(int k) {
    alive_[static_cast<std::size_t>(k)] = 0;
    killed_.push_back(k);
    touch_option(k);
  }
  bool group_range(const LinearSum& sum, const std::vector<int>& group, int skip, int& low, int& high) const;
  bool bound(int s);
  bool order(const std::vector<int>& chain);
  bool run(const std::vector<int>& renban);
  bool fits(int k) const;
  void colors(int x);
  bool place(int place);
  bool settle();

  int n_;
  int shared_totals_ = 0;
  dlx::OptionId cell_options_;  // n^3: the cell-digit options come first (model.hpp)
  std::vector<LinearSum> sums_;
  std::vector<std::vector<int>> chains_;   // thermometers: digits strictly increasing along the cells
  std::vector<std::vector<int>> renbans_;  // distinct digits that are a run of consecutive ones

  // The rule options (constraints.hpp: link items per place and digit, colored secondary items), by index:
  std::vector<dlx::OptionId> options_;     // their ids, ascending
  std::vector<std::uint32_t> hold_begin_;  // options_[k]'s holds: holds_[hold_begin_[k]..hold_begin_[k+1])
  std::vector<Hold> holds_;
  std::vector<std::uint32_t> paint_begin_;  // likewise its colors
  std::vector<Paint> paints_;
  std::vector<int> place_cell_;  // per place: its cell
  // Per place, the rule options of one primary item that all hold it (a chain's place, a tuple rule's unit):
  // one of them is in every solution, so the cell's digit is one they allow. Empty when no item is so.
  std::vector<std::vector<int>> place_owner_;
  // Per colored secondary item: the primary items all of whose options are rule options that color it (each
  // a list of option indices; one of each is in every solution, so the item's color is one each offers), and
  // every rule option that colors it, with the color.
  struct Colored {
    std::vector<std::vector<int>> providers;
    std::vector<std::pair<int, dlx::ColorId>> users;
  };
  std::vector<Colored> colored_;

  // What reads what: per cell, the sums, thermometers, rule options (by their holds) and owned places that
  // read its digits; per shared total, the sums that share it.
  std::vector<std::vector<int>> cell_sums_, cell_chains_, cell_renbans_, cell_options_of_, cell_places_;
  std::vector<std::vector<int>> shared_sums_;

  // The last node's state once every rule was settled on it (propagate() returned true): a rule none of whose
  // cells and options changed since is settled still, as what it removes depends on them only. So a node
  // queues only the rules that read what changed since: the search moves a few cells a node.
  bool settled_ = false;
  std::vector<std::uint64_t> settled_digits_;
  std::vector<char> settled_alive_;

  // Scratch of propagate():
  Pending sums_pending_, chains_pending_, renbans_pending_, checks_pending_, colors_pending_, places_pending_;
  std::vector<std::uint64_t> window_, window_keep_;  // per renban cell (run())
  std::vector<int> killed_;                          // rule options this node removed
  std::vector<Range> totals_;                        // per shared total: its range, while active_
  std::vector<char> active_;                         // per shared total: its sums run at this node
  std::vector<int> activated_;
  std::vector<std::uint64_t> digits_;  // per cell: its digits still possible (bit d-1), narrowed in turn
  std::vector<std::uint64_t> before_;  // per cell: its digits on entry, to tell what to remove
  std::vector<char> alive_;            // per rule option: still possible
  std::vector<int> offered_;           // per color: the providers offering it (support())
  std::vector<int> offered_stamp_;
};

RulePropagator::RulePropagator(const Rules& rules, const dlx::Problem& problem)
    : n_(rules.shape.side()),
      cell_options_(static_cast<dlx::OptionId>(rules.shape.cells()) * static_cast<dlx::OptionId>(n_)) {
  add_sums(rules);
  add_supports(problem);
  index_watchers();
  totals_.resize(static_cast<std::size_t>(shared_totals_));
  active_.assign(totals_.size(), 0);
  activated_.reserve(totals_.size());
  digits_.resize(static_cast<std::size_t>(rules.shape.cells()));
  before_.resize(digits_.size());
  alive_.resize(options_.size());
  killed_.reserve(options_.size());
  settled_digits_.resize(digits_.size());
  settled_alive_.resize(options_.size());
  sums_pending_.resize(sums_.size());
  chains_pending_.resize(chains_.size());
  renbans_pending_.resize(renbans_.size());
  checks_pending_.resize(options_.size());
  colors_pending_.resize(colored_.size());
  places_pending_.resize(place_cell_.size());
  offered_.assign(problem.color_count() + 1, 0);
  offered_stamp_.assign(problem.color_count() + 1, -1);
}

template <class Differ>
void RulePropagator::add(LinearSum sum, Differ&& differ) {
  // Merge a cell met twice (an arrow's lines may cross); a cell whose terms cancel out is free of the sum.
  LinearSum merged;
  merged.total = sum.total;
  merged.shared = sum.shared;
  for (std::size_t i = 0; i < sum.cells.size(); ++i) {
    const auto at = std::find(merged.cells.begin(), merged.cells.end(), sum.cells[i]);
    if (at != merged.cells.end()) {
      merged.coefficients[static_cast<std::size_t>(at - merged.cells.begin())] += sum.coefficients[i];
    } else {
      merged.cells.push_back(sum.cells[i]);
      merged.coefficients.push_back(sum.coefficients[i]);
    }
  }
  for (std::size_t i = merged.cells.size(); i-- > 0;) {
    if (merged.coefficients[i] != 0) continue;
    merged.cells.erase(merged.cells.begin() + static_cast<long>(i));
    merged.coefficients.erase(merged.coefficients.begin() + static_cast<long>(i));
  }
  if (merged.cells.empty()) return;
  for (int t = 0; t < static_cast<int>(merged.cells.size()); ++t) {
    std::vector<int>* home = nullptr;
    if (merged.coefficients[static_cast<std::size_t>(t)] == 1) {
      for (std::vector<int>& group : merged.groups) {
        if (merged.coefficients[static_cast<std::size_t>(group[0])] != 1) continue;
        if (std::all_of(group.begin(), group.end(), [&](int u) {
              return differ(merged.cells[static_cast<std::size_t>(u)],
                            merged.cells[static_cast<std::size_t>(t)]);
            })) {
          home = &group;
          break;
        }
      }
    }
    if (home != nullptr)
      home->push_back(t);
    else
      merged.groups.push_back({t});
  }
  sums_.push_back(std::move(merged));
}

void RulePropagator::add_sums(const Rules& rules) {
  const auto differ = [&](int a, int b) { return must_differ(rules, a, b); };
  const auto differ_in_cage = [](int a, int b) { return a != b; };
  for (const Constraint& c : rules.constraints) {
    LinearSum sum;
    switch (c.kind) {
      case ConstraintKind::little_killer:
        sum.total = c.value;
        for (int cell : c.cells) sum.cells.push_back(cell), sum.coefficients.push_back(1);
        add(std::move(sum), differ);
        break;
      case ConstraintKind::arrow: {
        // The line's cells (all lines, as the model's chain adds them) minus the circle's number: 0.
        if (c.cells.size() > 1 && n_ > 9) break;
        int place = 1;
        for (std::size_t k = c.cells.size(); k-- > 0; place *= 10)
          sum.cells.push_back(c.cells[k]), sum.coefficients.push_back(-place);
        for (const std::vector<int>& line : c.lines)
          for (int cell : line) sum.cells.push_back(cell), sum.coefficients.push_back(1);
        add(std::move(sum), differ);
        break;
      }
      case ConstraintKind::thermometer:
        if (c.cells.size() >= 2) chains_.push_back(c.cells);
        break;
      case ConstraintKind::renban:
        // A line longer than the digits has no run (and the model no option): nothing to prune.
        if (c.cells.size() >= 2 && static_cast<int>(c.cells.size()) <= n_) {
          renbans_.push_back(c.cells);
          window_.resize(std::max(window_.size(), c.cells.size()));
          window_keep_.resize(window_.size());
        }
        break;
      case ConstraintKind::region_sum:
      case ConstraintKind::zipper:
      case ConstraintKind::double_arrow:
        add_shared(rules, c, differ);
        break;
      default:
        break;
    }
  }
  std::vector<Cage> cages = rules.cages;
  for (Cage& cage : derived_cages(rules)) cages.push_back(std::move(cage));
  for (const Cage& cage : cages) {
    LinearSum sum;
    sum.total = cage.sum;
    for (int cell : cage.cells) sum.cells.push_back(cell), sum.coefficients.push_back(1);
    add(std::move(sum), differ_in_cage);
  }
}

template <class Differ>
void RulePropagator::add_shared(const Rules& rules, const Constraint& c, Differ&& differ) {
  // The parts that add up to one total: a region sum line's runs; a zipper's pairs of cells equidistant from
  // its centre, and the centre; a double arrow's two ends, and the cells between them. Lines too short to be
  // a rule (constraints.cpp) are none here either.
  std::vector<std::vector<int>> parts;
  const std::vector<int>& cells = c.cells;
  if (c.kind == ConstraintKind::region_sum) {
    parts = region_runs(rules, cells);
    if (parts.size() < 2) return;
  } else if (cells.size() >= 3 && c.kind == ConstraintKind::zipper) {
    for (std::size_t i = 0, j = cells.size() - 1; i <= j; ++i, --j)
      parts.push_back(i == j ? std::vector<int>{cells[i]} : std::vector<int>{cells[i], cells[j]});
  } else if (cells.size() >= 3 && c.kind == ConstraintKind::double_arrow) {
    parts.push_back({cells.front(), cells.back()});
    parts.emplace_back(cells.begin() + 1, cells.end() - 1);
  } else {
    return;
  }
  const int shared = shared_totals_++;
  for (const std::vector<int>& part : parts) {
    LinearSum sum;
    sum.shared = shared;
    for (int cell : part) sum.cells.push_back(cell), sum.coefficients.push_back(1);
    add(std::move(sum), differ);
  }
}

void RulePropagator::add_supports(const dlx::Problem& problem) {
  // The link items (constraints.cpp: "lK=d", n per place of a rule, covered by the cell's option of digit d):
  // their place and digit, and the place's cell from the one cell option that covers each.
  const std::size_t items = problem.item_count();
  std::vector<int> place_of(items, -1), digit_of(items, -1);
  std::map<std::string, int> place_by_name;
  for (dlx::ItemId item = 0; item < items; ++item) {
    const std::string& name = problem.item_name(item);
    if (problem.is_primary(item) || name.size() < 4 || name[0] != 'l') continue;
    const auto eq = name.find('=');
    if (eq == std::string::npos || eq < 2) continue;
    const std::string key = name.substr(0, eq);
    const auto [at, added] = place_by_name.emplace(key, static_cast<int>(place_cell_.size()));
    if (added) place_cell_.push_back(-1);
    place_of[item] = at->second;
    digit_of[item] = std::stoi(name.substr(eq + 1)) - 1;
  }
  for (dlx::OptionId option = 0; option < cell_options_ && option < problem.option_count(); ++option)
    for (const dlx::ItemUse& use : problem.option(option))
      if (place_of[use.item] >= 0)
        place_cell_[static_cast<std::size_t>(place_of[use.item])] = static_cast<int>(option) / n_;

  std::vector<int> colored_index(items, -1);
  std::vector<std::vector<int>> options_of_item(items);  // rule option indices per primary item
  std::vector<char> item_has_other(items, 0);  // a primary item with an option that is not a rule option
  const std::uint64_t all = n_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n_) - 1;
  hold_begin_.push_back(0);
  paint_begin_.push_back(0);
  for (dlx::OptionId option = 0; option < problem.option_count(); ++option) {
    if (option < cell_options_) {
      for (const dlx::ItemUse& use : problem.option(option))
        if (problem.is_primary(use.item)) item_has_other[use.item] = 1;
      continue;
    }
    const int k = static_cast<int>(options_.size());
    std::map<int, std::uint64_t> covered;  // per place, the digits whose links the option covers
    bool any = false;
    for (const dlx::ItemUse& use : problem.option(option)) {
      if (place_of[use.item] >= 0 && place_cell_[static_cast<std::size_t>(place_of[use.item])] >= 0) {
        covered[place_of[use.item]] |= std::uint64_t{1} << digit_of[use.item];
        any = true;
      } else if (use.color != dlx::kNoColor) {
        if (colored_index[use.item] < 0) {
          colored_index[use.item] = static_cast<int>(colored_.size());
          colored_.emplace_back();
        }
        any = true;
      }
    }
    if (!any) {
      for (const dlx::ItemUse& use : problem.option(option))
        if (problem.is_primary(use.item)) item_has_other[use.item] = 1;
      continue;
    }
    options_.push_back(option);
    for (const auto& [place, digits] : covered) holds_.push_back({place, all & ~digits});
    for (const dlx::ItemUse& use : problem.option(option)) {
      if (use.color != dlx::kNoColor && colored_index[use.item] >= 0) {
        paints_.push_back({colored_index[use.item], use.color});
        colored_[static_cast<std::size_t>(colored_index[use.item])].users.emplace_back(k, use.color);
      }
      if (problem.is_primary(use.item)) options_of_item[use.item].push_back(k);
    }
    hold_begin_.push_back(static_cast<std::uint32_t>(holds_.size()));
    paint_begin_.push_back(static_cast<std::uint32_t>(paints_.size()));
  }
  // Owners of places and providers of colors: primary items whose options are all rule options that hold the
  // place (color the item).
  place_owner_.resize(place_cell_.size());
  for (dlx::ItemId item = 0; item < items; ++item) {
    const std::vector<int>& mine = options_of_item[item];
    if (mine.empty() || item_has_other[item]) continue;
    std::map<int, int> held, painted;  // place -> options holding it; colored item -> options coloring it
    for (int k : mine) {
      for (std::uint32_t h = hold_begin_[static_cast<std::size_t>(k)];
           h < hold_begin_[static_cast<std::size_t>(k) + 1]; ++h)
        ++held[holds_[h].place];
      for (std::uint32_t p = paint_begin_[static_cast<std::size_t>(k)];
           p < paint_begin_[static_cast<std::size_t>(k) + 1]; ++p)
        ++painted[paints_[p].item];
    }
    for (const auto& [place, count] : held)
      if (count == static_cast<int>(mine.size()) && place_owner_[static_cast<std::size_t>(place)].empty())
        place_owner_[static_cast<std::size_t>(place)] = mine;
    for (const auto& [x, count] : painted)
      if (count == static_cast<int>(mine.size()))
        colored_[static_cast<std::size_t>(x)].providers.push_back(mine);
  }
}

bool RulePropagator::group_range(const LinearSum& sum, const std::vector<int>& group, int skip, int& low,
                                 int& high) const {
  const auto digits_of = [&](int term) {
    return digits_[static_cast<std::size_t>(sum.cells[static_cast<std::size_t>(term)])];
  };
  if (group.size() == 1) {
    low = high = 0;
    if (group[0] == skip) return true;
    const std::uint64_t digits = digits_of(group[0]);
    const int a = sum.coefficients[static_cast<std::size_t>(group[0])];
    low = a > 0 ? a * least(digits) : a * most(digits);
    high = a > 0 ? a * most(digits) : a * least(digits);
    return true;
  }
  std::uint64_t together = 0;
  int k = 0;
  for (int term : group) {
    if (term == skip) continue;
    together |= digits_of(term);
    ++k;
  }
  low = extreme_sum(together, k, false);
  high = extreme_sum(together, k, true);
  return low >= 0;
}

bool RulePropagator::bound(int s) {
  const LinearSum& sum = sums_[static_cast<std::size_t>(s)];
  int low = 0, high = 0;
  for (const std::vector<int>& group : sum.groups) {
    int l = 0, h = 0;
    if (!group_range(sum, group, -1, l, h)) return false;
    low += l;
    high += h;
  }
  // What the terms must add up to: the total, plus the shared total's range, which the terms narrow in turn.
  Range target{sum.total, sum.total};
  if (sum.shared >= 0) {
    Range& shared = totals_[static_cast<std::size_t>(sum.shared)];
    const Range narrowed{std::max(shared.low, low - sum.total), std::min(shared.high, high - sum.total)};
    if (narrowed.low > narrowed.high) return false;
    if (narrowed.low != shared.low || narrowed.high != shared.high) {
      shared = narrowed;
      for (const int other : shared_sums_[static_cast<std::size_t>(sum.shared)])
        if (other != s) sums_pending_.push(other);
    }
    target = {sum.total + shared.low, sum.total + shared.high};
  }
  if (target.high < low || target.low > high) return false;
  for (const std::vector<int>& group : sum.groups) {
    int group_low = 0, group_high = 0;
    if (!group_range(sum, group, -1, group_low, group_high)) return false;
    for (int term : group) {
      const int a = sum.coefficients[static_cast<std::size_t>(term)];
      int rest_low = 0, rest_high = 0;
      if (!group_range(sum, group, term, rest_low, rest_high)) return false;
      // a * digit lies within [target's least - (the others' largest), target's largest - (the others' least)].
      const int from = target.low - (high - group_high + rest_high);
      const int to = target.high - (low - group_low + rest_low);
      const int lo = a > 0 ? ceil_div(from, a) : ceil_div(to, a);
      const int hi = a > 0 ? floor_div(to, a) : floor_div(from, a);
      if (!narrow(sum.cells[static_cast<std::size_t>(term)], digit_range(lo, hi, n_))) return false;
    }
  }
  return true;
}

bool RulePropagator::order(const std::vector<int>& chain) {
  const std::size_t length = chain.size();
  for (std::size_t k = 1; k < length; ++k) {
    const int before = least(digits_[static_cast<std::size_t>(chain[k - 1])]);
    if (!narrow(chain[k], digit_range(before + 1, n_, n_))) return false;
  }
  for (std::size_t k = length - 1; k-- > 0;) {
    const int after = most(digits_[static_cast<std::size_t>(chain[k + 1])]);
    if (!narrow(chain[k], digit_range(1, after - 1, n_))) return false;
  }
  return true;
}

// Whether cells 0..count-1 can take distinct digits, each one of its mask: a matching of every cell, by
// augmenting paths (with as many digits as cells in all the masks, a perfect one).
bool renban_matching(const std::uint64_t* masks, int count) {
  int owner[64];  // per digit: the cell matched to it, -1 none
  std::fill(owner, owner + 64, -1);
  // augment(cell): matches the cell, moving earlier matches along a path of digits not yet visited.
  const auto augment = [&](auto&& self, int cell, std::uint64_t& visited) -> bool {
    for (std::uint64_t free = masks[cell] & ~visited; free != 0; free &= free - 1) {
      const int d = std::countr_zero(free);
      visited |= std::uint64_t{1} << d;
      if (owner[d] < 0 || self(self, owner[d], visited)) {
        owner[d] = cell;
        return true;
      }
    }
    return false;
  };
  for (int cell = 0; cell < count; ++cell) {
    std::uint64_t visited = 0;
    if (!augment(augment, cell, visited)) return false;
  }
  return true;
}

// A renban of L cells holds exactly the digits of one window s..s+L-1. A cell keeps digit d only when some
// window holding d can give the other cells its other digits, one each (a perfect matching): so a window a
// digit of which no cell can take is out, a digit only one cell can take in every window left is that cell's.
bool RulePropagator::run(const std::vector<int>& renban) {
  const int length = static_cast<int>(renban.size());
  std::fill(window_keep_.begin(), window_keep_.begin() + length, 0);
  for (int first = 1; first + length - 1 <= n_; ++first) {
    const std::uint64_t window = digit_range(first, first + length - 1, n_);
    bool empty = false;
    for (int i = 0; i < length; ++i) {
      window_[static_cast<std::size_t>(i)] =
          digits_[static_cast<std::size_t>(renban[static_cast<std::size_t>(i)])] & window;
      empty = empty || window_[static_cast<std::size_t>(i)] == 0;
    }
    if (empty || !renban_matching(window_.data(), length)) continue;
    for (int i = 0; i < length; ++i) {
      for (std::uint64_t try_digits =
               window_[static_cast<std::size_t>(i)] & ~window_keep_[static_cast<std::size_t>(i)];
           try_digits != 0; try_digits &= try_digits - 1) {
        const std::uint64_t digit = try_digits & (~try_digits + 1);
        // Cell i takes the digit: the others (cell i's mask set to none of theirs) match the rest.
        for (int j = 0; j < length; ++j) window_[static_cast<std::size_t>(j)] &= ~digit;
        window_[static_cast<std::size_t>(i)] = digit;
        if (renban_matching(window_.data(), length)) window_keep_[static_cast<std::size_t>(i)] |= digit;
        for (int j = 0; j < length; ++j)
          window_[static_cast<std::size_t>(j)] =
              digits_[static_cast<std::size_t>(renban[static_cast<std::size_t>(j)])] & window;
      }
    }
  }
  for (int i = 0; i < length; ++i)
    if (!narrow(renban[static_cast<std::size_t>(i)], window_keep_[static_cast<std::size_t>(i)])) return false;
  return true;
}

void RulePropagator::index_watchers() {
  const std::size_t cells = static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_);
  cell_sums_.resize(cells);
  cell_chains_.resize(cells);
  cell_options_of_.resize(cells);
  cell_places_.resize(cells);
  for (std::size_t p = 0; p < place_owner_.size(); ++p)
    if (!place_owner_[p].empty())
      cell_places_[static_cast<std::size_t>(place_cell_[p])].push_back(static_cast<int>(p));
  shared_sums_.resize(static_cast<std::size_t>(shared_totals_));
  for (std::size_t s = 0; s < sums_.size(); ++s) {
    for (const int cell : sums_[s].cells)
      cell_sums_[static_cast<std::size_t>(cell)].push_back(static_cast<int>(s));
    if (sums_[s].shared >= 0)
      shared_sums_[static_cast<std::size_t>(sums_[s].shared)].push_back(static_cast<int>(s));
  }
  for (std::size_t c = 0; c < chains_.size(); ++c)
    for (const int cell : chains_[c]) {
      std::vector<int>& mine = cell_chains_[static_cast<std::size_t>(cell)];
      if (mine.empty() || mine.back() != static_cast<int>(c)) mine.push_back(static_cast<int>(c));
    }
  cell_renbans_.resize(cells);
  for (std::size_t r = 0; r < renbans_.size(); ++r)
    for (const int cell : renbans_[r])
      cell_renbans_[static_cast<std::size_t>(cell)].push_back(static_cast<int>(r));
  for (std::size_t k = 0; k < options_.size(); ++k)
    for (std::uint32_t h = hold_begin_[k]; h < hold_begin_[k + 1]; ++h) {
      std::vector<int>& mine =
          cell_options_of_[static_cast<std::size_t>(place_cell_[static_cast<std::size_t>(holds_[h].place)])];
      if (mine.empty() || mine.back() != static_cast<int>(k)) mine.push_back(static_cast<int>(k));
    }
}

void RulePropagator::touch_cell(int cell) {
  for (const int s : cell_sums_[static_cast<std::size_t>(cell)]) queue_sum(s);
  for (const int c : cell_chains_[static_cast<std::size_t>(cell)]) chains_pending_.push(c);
  for (const int r : cell_renbans_[static_cast<std::size_t>(cell)]) renbans_pending_.push(r);
  for (const int k : cell_options_of_[static_cast<std::size_t>(cell)]) checks_pending_.push(k);
  for (const int p : cell_places_[static_cast<std::size_t>(cell)]) places_pending_.push(p);
}

// A rule option that came or went: the colors it offers, and the places it may own.
void RulePropagator::touch_option(int k) {
  const auto at = static_cast<std::size_t>(k);
  for (std::uint32_t p = paint_begin_[at]; p < paint_begin_[at + 1]; ++p)
    colors_pending_.push(paints_[p].item);
  for (std::uint32_t h = hold_begin_[at]; h < hold_begin_[at + 1]; ++h)
    if (!place_owner_[static_cast<std::size_t>(holds_[h].place)].empty())
      places_pending_.push(holds_[h].place);
}

// A sum that shares a total runs with all the others sharing it: the total starts out unknown at each node.
void RulePropagator::queue_sum(int s) {
  sums_pending_.push(s);
  const int shared = sums_[static_cast<std::size_t>(s)].shared;
  if (shared < 0 || active_[static_cast<std::size_t>(shared)] != 0) return;
  active_[static_cast<std::size_t>(shared)] = 1;
  activated_.push_back(shared);
  totals_[static_cast<std::size_t>(shared)] = kAnyTotal;
  for (const int other : shared_sums_[static_cast<std::size_t>(shared)]) sums_pending_.push(other);
}

// Whether a rule option still allows one of the digits left at each of its places.
bool RulePropagator::fits(int k) const {
  for (std::uint32_t h = hold_begin_[static_cast<std::size_t>(k)];
       h < hold_begin_[static_cast<std::size_t>(k) + 1]; ++h) {
    const Hold& hold = holds_[h];
    if ((hold.allowed &
         digits_[static_cast<std::size_t>(place_cell_[static_cast<std::size_t>(hold.place)])]) == 0)
      return false;
  }
  return true;
}

// A colored item keeps only the colors every primary item that must color it still offers.
void RulePropagator::colors(int x) {
  const Colored& colored = colored_[static_cast<std::size_t>(x)];
  if (colored.providers.empty()) return;
  for (std::size_t g = 0; g < colored.providers.size(); ++g) {
    for (int k : colored.providers[g]) {
      if (alive_[static_cast<std::size_t>(k)] == 0) continue;
      for (std::uint32_t p = paint_begin_[static_cast<std::size_t>(k)];
           p < paint_begin_[static_cast<std::size_t>(k) + 1]; ++p) {
        if (paints_[p].item != x) continue;
        const dlx::ColorId color = paints_[p].color;
        if (offered_stamp_[color] != static_cast<int>(g)) {
          offered_stamp_[color] = static_cast<int>(g);
          ++offered_[color];
        }
      }
    }
  }
  const int needed = static_cast<int>(colored.providers.size());
  for (const auto& [k, color] : colored.users)
    if (alive_[static_cast<std::size_t>(k)] != 0 && offered_[color] != needed) kill(k);
  for (const auto& [k, color] : colored.users) offered_[color] = 0, offered_stamp_[color] = -1;
}

// A place's cell keeps only the digits the options left to its owner allow there.
bool RulePropagator::place(int place) {
  std::uint64_t allowed = 0;
  for (int k : place_owner_[static_cast<std::size_t>(place)]) {
    if (alive_[static_cast<std::size_t>(k)] == 0) continue;
    for (std::uint32_t h = hold_begin_[static_cast<std::size_t>(k)];
         h < hold_begin_[static_cast<std::size_t>(k) + 1]; ++h)
      if (holds_[h].place == place) allowed |= holds_[h].allowed;
  }
  return narrow(place_cell_[static_cast<std::size_t>(place)], allowed);
}

// Runs what is pending, cheapest first, until nothing is: false at a dead end.
bool RulePropagator::settle() {
  for (;;) {
    if (!checks_pending_.items.empty()) {
      const int k = checks_pending_.pop();
      if (alive_[static_cast<std::size_t>(k)] != 0 && !fits(k)) kill(k);
    } else if (!places_pending_.items.empty()) {
      if (!place(places_pending_.pop())) return false;
    } else if (!colors_pending_.items.empty()) {
      colors(colors_pending_.pop());
    } else if (!chains_pending_.items.empty()) {
      if (!order(chains_[static_cast<std::size_t>(chains_pending_.pop())])) return false;
    } else if (!renbans_pending_.items.empty()) {
      if (!run(renbans_[static_cast<std::size_t>(renbans_pending_.pop())])) return false;
    } else if (!sums_pending_.items.empty()) {
      if (!bound(sums_pending_.pop())) return false;
    } else {
      return true;
    }
  }
}

bool RulePropagator::propagate(dlx::PropagationView& view) {
  const auto side = static_cast<dlx::OptionId>(n_);
  for (std::size_t cell = 0; cell < digits_.size(); ++cell) {
    digits_[cell] = view.live(static_cast<dlx::OptionId>(cell) * side, n_);
    before_[cell] = digits_[cell];
  }
  for (std::size_t k = 0; k < options_.size();) {
    // Rule options come in runs of consecutive ids: 64 at a time.
    const dlx::OptionId first = options_[k];
    const std::uint64_t live = view.live(first, 64);
    for (; k < options_.size() && options_[k] - first < 64; ++k)
      alive_[k] = static_cast<char>(live >> (options_[k] - first) & 1);
  }
  // Queue the rules that read what changed since the last settled node (all of them at the first node).
  for (std::size_t cell = 0; cell < digits_.size(); ++cell)
    if (!settled_ || digits_[cell] != settled_digits_[cell]) touch_cell(static_cast<int>(cell));
  for (std::size_t k = 0; k < options_.size(); ++k) {
    if (settled_ && alive_[k] == settled_alive_[k]) continue;
    checks_pending_.push(static_cast<int>(k));
    touch_option(static_cast<int>(k));
  }
  if (!settled_)
    for (std::size_t x = 0; x < colored_.size(); ++x) colors_pending_.push(static_cast<int>(x));
  const bool alive = settle();
  for (Pending* pending :
       {&sums_pending_, &chains_pending_, &checks_pending_, &colors_pending_, &places_pending_})
    pending->clear();
  for (const int shared : activated_) active_[static_cast<std::size_t>(shared)] = 0;
  activated_.clear();
  if (!alive) {
    killed_.clear();
    return false;
  }
  for (std::size_t cell = 0; cell < digits_.size(); ++cell) {
    for (std::uint64_t gone = before_[cell] & ~digits_[cell]; gone != 0; gone &= gone - 1)
      view.remove(static_cast<dlx::OptionId>(cell) * side +
                  static_cast<dlx::OptionId>(std::countr_zero(gone)));
  }
  for (const int k : killed_) view.remove(options_[static_cast<std::size_t>(k)]);
  killed_.clear();
  settled_digits_ = digits_;
  settled_alive_ = alive_;
  settled_ = true;
  return true;
}

}  // namespace

std::shared_ptr<const dlx::Propagator> make_rule_propagator(const Rules& rules, const dlx::Problem& problem) {
  if (rules.shape.side() > 64) return nullptr;
  auto propagator = std::make_shared<RulePropagator>(rules, problem);
  if (propagator->empty()) return nullptr;
  return propagator;
}

}  // namespace sudoku
