#include "dlx/memo/state.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <string>

#include "dlx/assert.hpp"

namespace dlx::memo {

namespace {

// splitmix64's finalizer: every input bit moves about half the output bits, so that keys differing in one
// item land in unrelated buckets.
std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

State::State(const Problem& problem) : problem_(&problem) {
  const std::size_t items = problem.item_count(), options = problem.option_count();
  if (problem.use_count() >= std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("memoized counting: too many item uses");
  primary_.resize(items);
  for (ItemId i = 0; i < items; ++i) primary_[i] = problem.is_primary(i);

  // Each secondary item's colors, numbered from 1 in order of first use.
  std::vector<std::vector<ColorId>> colors(items);
  const auto local_color = [&](ItemUse use) -> std::uint32_t {
    if (use.color == kNoColor) return 0;
    auto& list = colors[use.item];
    const auto it = std::find(list.begin(), list.end(), use.color);
    if (it != list.end()) return static_cast<std::uint32_t>(it - list.begin()) + 1;
    list.push_back(use.color);
    return static_cast<std::uint32_t>(list.size());
  };

  std::vector<std::uint32_t> per_item(items + 1, 0);
  option_begin_.assign(1, 0);
  primary_begin_.assign(1, 0);
  dead_.assign(options, 0);
  for (OptionId o = 0; o < options; ++o) {
    // An option without a primary item is never chosen (as in the Solver): it is on no item's list.
    if (!problem.has_primary_item(o)) {
      dead_[o] = 1;
    } else {
      for (const ItemUse use : problem.option(o)) {
        option_uses_.push_back({use.item, local_color(use)});
        if (primary_[use.item]) option_primaries_.push_back(use.item);
        ++per_item[use.item + 1];
      }
    }
    option_begin_.push_back(static_cast<std::uint32_t>(option_uses_.size()));
    primary_begin_.push_back(static_cast<std::uint32_t>(option_primaries_.size()));
  }
  for (std::size_t i = 0; i < items; ++i) per_item[i + 1] += per_item[i];
  item_begin_ = per_item;
  item_options_.resize(option_uses_.size());
  item_colors_.resize(option_uses_.size());
  for (OptionId o = 0; o < options; ++o) {
    for (std::uint32_t u = option_begin_[o]; u < option_begin_[o + 1]; ++u) {
      const std::uint32_t at = per_item[option_uses_[u].item]++;
      item_options_[at] = o;
      item_colors_[at] = option_uses_[u].color;
    }
  }

  std::vector<bool> bounded(items, false);  // primary items with bounds other than 1:1
  lo_.assign(items, 0);
  hi_.assign(items, 1);
  taken_.assign(items, 0);
  position_.assign(items, 0);
  for (ItemId i = 0; i < items; ++i) {
    if (!primary_[i]) continue;
    const Bounds bounds = problem.bounds(i);
    bounded[i] = bounds.lo != 1 || bounds.hi != 1;
    lo_[i] = bounds.lo;
    hi_[i] = bounds.hi;
    // A level takes one option or closes one item, and an item takes at most hi options (at most all of its).
    const std::uint32_t length = item_begin_[i + 1] - item_begin_[i];
    max_depth_ += bounded[i] ? std::min(bounds.hi, length) + 1 : 1;
    has_bounds_ = has_bounds_ || bounded[i];
  }
  kind_.resize(items);
  for (ItemId i = 0; i < items; ++i) kind_[i] = !primary_[i] ? kSecondary : bounded[i] ? kBounded : kPrimary;
  remaining_.assign(items, 0);
  holders_.assign(items, 0);
  uncovered_pos_.assign(items, 0);
  field_word_.assign(items, 0);
  field_shift_.assign(items, 0);
  field_mask_.assign(items, 0);
  std::uint32_t bit = 0;  // the next free bit of the key
  for (ItemId i = 0; i < items; ++i) {
    if (!primary_[i]) continue;
    remaining_[i] = item_begin_[i + 1] - item_begin_[i];
    uncovered_pos_[i] = static_cast<std::uint32_t>(uncovered_.size());
    uncovered_.push_back(i);
    if (bounded[i]) continue;  // a field, below
    field_word_[i] = bit / 64;
    field_shift_[i] = static_cast<std::uint8_t>(bit % 64);
    field_mask_[i] = 1;
    ++bit;
  }
  uncovered_count_ = static_cast<std::uint32_t>(uncovered_.size());
  for (ItemId i = 0; i < items; ++i) {
    if (primary_[i] && !bounded[i]) continue;
    // Secondary items: free, used, or one of their colors. Bounded items: closed, or (taken, position).
    std::uint64_t largest = colors[i].size() + 1;
    if (bounded[i]) {
      const std::uint64_t length = item_begin_[i + 1] - item_begin_[i];
      largest = 1 + std::min<std::uint64_t>(hi_[i] - 1, length) * (length + 1) + length;
      if (largest >= (std::uint64_t{1} << 62))
        throw std::length_error("memoized counting: item '" + problem.item_name(i) +
                                "' has too many options");
    }
    const auto width = static_cast<std::uint32_t>(std::bit_width(largest));
    if (bit % 64 + width > 64) bit += 64 - bit % 64;  // a field never straddles two words
    field_word_[i] = bit / 64;
    field_shift_[i] = static_cast<std::uint8_t>(bit % 64);
    field_mask_[i] = (std::uint64_t{1} << width) - 1;
    bit += width;
  }
  key_.assign((bit + 63) / 64, 0);
  for (const ItemId i : uncovered_) set_field(i, bounded[i] ? open_field(i) : 1);
}

std::uint64_t State::hash() const {
  std::uint64_t h = key_.size();
  for (const std::uint64_t word : key_) h = mix(h ^ word) + 0x9e3779b97f4a7c15ULL;
  return h;
}

ItemId State::choose(Order order) const {
  ItemId best = uncovered_[0];
  if (!has_bounds_) {  // the common case, kept lean: it runs at every state
    if (order == Order::first) {
      for (std::uint32_t k = 0; k < uncovered_count_; ++k) {
        const ItemId item = uncovered_[k];
        if (remaining_[item] <= 1) return item;
        if (item < best) best = item;
      }
      return best;
    }
    for (std::uint32_t k = 1; k < uncovered_count_; ++k) {
      const ItemId item = uncovered_[k];
      if (remaining_[item] < remaining_[best] || (remaining_[item] == remaining_[best] && item < best))
        best = item;
    }
    return best;
  }
  // The branches an open item has: its possible options, and closing it once it has taken enough.
  const auto branches = [&](ItemId item) {
    return remaining_[item] + (kind_[item] == kBounded && taken_[item] >= lo_[item] ? 1u : 0u);
  };
  if (order == Order::first) {
    for (std::uint32_t k = 0; k < uncovered_count_; ++k) {
      const ItemId item = uncovered_[k];
      if (branches(item) <= 1 || hopeless(item)) return item;
      if (item < best) best = item;
    }
    return best;
  }
  if (hopeless(best)) return best;
  for (std::uint32_t k = 1; k < uncovered_count_; ++k) {
    const ItemId item = uncovered_[k];
    if (hopeless(item)) return item;
    if (branches(item) < branches(best) || (branches(item) == branches(best) && item < best)) best = item;
  }
  return best;
}

std::uint32_t State::next_branch(ItemId item, std::uint32_t from) const {
  const auto options = options_of(item);
  for (std::uint32_t k = from; k < options.size(); ++k)
    if (possible(options[k])) return k;
  if (kind_[item] == kBounded && from <= options.size() && taken_[item] >= lo_[item])
    return static_cast<std::uint32_t>(options.size());
  return kNoBranch;
}

void State::close(ItemId item) {
  DLX_ASSERT(uncovered_count_ > 0 && uncovered_pos_[item] < uncovered_count_);
  // Swapped with the last open item, which reopen (last in, first out) undoes by growing the count again; the
  // order of the list is never relied on.
  const std::uint32_t at = uncovered_pos_[item], last = --uncovered_count_;
  const ItemId other = uncovered_[last];
  uncovered_[at] = other;
  uncovered_pos_[other] = at;
  uncovered_[last] = item;
  uncovered_pos_[item] = last;
  set_field(item, 0);
}

void State::reopen() {
  DLX_ASSERT(uncovered_count_ < uncovered_.size());
  const ItemId item = uncovered_[uncovered_count_++];
  set_field(item, kind_[item] == kBounded ? open_field(item) : 1);
}

void State::take(ItemId item, std::uint32_t branch) {
  const auto options = options_of(item);
  DLX_ASSERT(uncovered_pos_[item] < uncovered_count_ && branch >= position_[item] &&
             branch <= options.size());
  DLX_ASSERT(branch == options.size() ? kind_[item] == kBounded : possible(options[branch]));
  if (kind_[item] != kBounded) {
    apply(options[branch]);
    return;
  }
  const std::uint32_t end = std::min<std::uint32_t>(branch + 1, static_cast<std::uint32_t>(options.size()));
  for (std::uint32_t k = position_[item]; k < end; ++k) kill(options[k]);
  position_[item] = end;
  if (branch < options.size()) {
    apply(options[branch]);  // sets the item's field, with its new position
  } else {
    close(item);
  }
}

void State::untake(ItemId item, std::uint32_t branch) {
  const auto options = options_of(item);
  if (kind_[item] != kBounded || branch < options.size()) {
    unapply(options[branch]);
  } else {
    reopen();
  }
}

void State::rewind(ItemId item, std::uint32_t first) {
  if (kind_[item] != kBounded) return;
  const auto options = options_of(item);
  for (std::uint32_t k = position_[item]; k-- > first;) revive(options[k]);
  position_[item] = first;
  set_field(item, open_field(item));
}

void State::kill(OptionId option) {
  if (dead_[option]++ != 0) return;
  for (std::uint32_t k = primary_begin_[option]; k < primary_begin_[option + 1]; ++k) {
    DLX_ASSERT(remaining_[option_primaries_[k]] > 0);
    --remaining_[option_primaries_[k]];
  }
}

void State::revive(OptionId option) {
  DLX_ASSERT(dead_[option] > 0);
  if (--dead_[option] != 0) return;
  for (std::uint32_t k = primary_begin_[option]; k < primary_begin_[option + 1]; ++k)
    ++remaining_[option_primaries_[k]];
}

void State::kill_on(ItemId item, std::uint32_t color) {
  for (std::uint32_t k = item_begin_[item]; k < item_begin_[item + 1]; ++k)
    if (color == 0 || item_colors_[k] != color) kill(item_options_[k]);
}

void State::revive_on(ItemId item, std::uint32_t color) {
  for (std::uint32_t k = item_begin_[item + 1]; k-- > item_begin_[item];)
    if (color == 0 || item_colors_[k] != color) revive(item_options_[k]);
}

void State::set_field(ItemId item, std::uint64_t value) {
  DLX_ASSERT((value & ~field_mask_[item]) == 0);
  std::uint64_t& word = key_[field_word_[item]];
  word = (word & ~(field_mask_[item] << field_shift_[item])) | (value << field_shift_[item]);
}

void State::apply(OptionId option) {
  DLX_ASSERT(option < dead_.size());
  for (std::uint32_t u = option_begin_[option]; u < option_begin_[option + 1]; ++u) {
    const Use use = option_uses_[u];
    const Kind kind = kind_[use.item];
    if (kind == kBounded) {
      if (++taken_[use.item] == hi_[use.item]) {  // full: none of its options can be taken any more
        kill_on(use.item, 0);
        close(use.item);
      } else {
        set_field(use.item, open_field(use.item));
      }
    } else if (kind == kPrimary) {
      kill_on(use.item, 0);
      close(use.item);
    } else if (use.color == 0) {
      kill_on(use.item, 0);
      set_field(use.item, 1);
    } else if (holders_[use.item]++ == 0) {
      kill_on(use.item, use.color);
      set_field(use.item, 1 + std::uint64_t{use.color});
    }
  }
}

void State::unapply(OptionId option) {
  DLX_ASSERT(option < dead_.size());
  for (std::uint32_t u = option_begin_[option + 1]; u-- > option_begin_[option];) {
    const Use use = option_uses_[u];
    const Kind kind = kind_[use.item];
    if (kind == kBounded) {
      if (taken_[use.item]-- == hi_[use.item]) {
        reopen();
        revive_on(use.item, 0);
      }
      set_field(use.item, open_field(use.item));
    } else if (kind == kPrimary) {
      reopen();
      revive_on(use.item, 0);
    } else if (use.color == 0) {
      set_field(use.item, 0);
      revive_on(use.item, 0);
    } else if (--holders_[use.item] == 0) {
      set_field(use.item, 0);
      revive_on(use.item, use.color);
    }
  }
}

void State::check_invariants() const {
  const auto broken = [](const std::string& what) { throw std::logic_error("memo::State: " + what); };
  const std::size_t items = primary_.size(), options = dead_.size();
  const auto field = [&](ItemId item) {
    return key_[field_word_[item]] >> field_shift_[item] & field_mask_[item];
  };
  std::vector<bool> open(items, false);
  if (uncovered_count_ > uncovered_.size()) broken("more open items than primary items");
  for (std::uint32_t k = 0; k < uncovered_.size(); ++k) {
    const ItemId item = uncovered_[k];
    if (item >= items || !primary_[item])
      broken("uncovered_[" + std::to_string(k) + "] is not a primary item");
    if (uncovered_pos_[item] != k)
      broken("uncovered_pos_ of item " + std::to_string(item) + " is not its place");
    if (k < uncovered_count_) open[item] = true;
  }
  for (ItemId item = 0; item < items; ++item) {
    const std::string name = "item " + std::to_string(item) + ": ";
    const std::uint32_t length = item_begin_[item + 1] - item_begin_[item];
    if (taken_[item] > hi_[item]) broken(name + "took more options than its upper bound");
    if (position_[item] > length) broken(name + "its position is past its list");
    if (kind_[item] != kBounded && (position_[item] != 0 || taken_[item] != 0))
      broken(name + "a position or count on an item that is not bounded");
    std::uint64_t expected = 0;
    if (kind_[item] == kPrimary) {
      expected = open[item] ? 1 : 0;
    } else if (kind_[item] == kBounded) {
      expected = open[item] ? open_field(item) : 0;
    } else {
      expected = field(item);  // free, used or a color: checked against the holders and the options below
      if (expected > 1 && expected - 1 > length) broken(name + "holds a color none of its options has");
      if ((holders_[item] > 0) != (expected > 1)) broken(name + "holders_ disagrees with the color it holds");
    }
    if (field(item) != expected)
      broken(name + "its key field is " + std::to_string(field(item)) + ", not " + std::to_string(expected));
  }
  std::vector<std::uint32_t> possible_on(items, 0);
  for (OptionId o = 0; o < options; ++o) {
    bool possible = option_begin_[o] != option_begin_[o + 1];  // an option without a primary item: never
    bool has_primary = false;
    for (std::uint32_t u = option_begin_[o]; u < option_begin_[o + 1] && possible; ++u) {
      const Use use = option_uses_[u];
      if (kind_[use.item] == kSecondary) {
        const std::uint64_t holds = field(use.item);
        possible = holds == 0 || (use.color != 0 && holds == 1 + std::uint64_t{use.color});
        continue;
      }
      has_primary = true;
      possible = open[use.item];
      if (possible && kind_[use.item] == kBounded) {
        const auto list = options_of(use.item);
        const auto at = static_cast<std::uint32_t>(std::find(list.begin(), list.end(), o) - list.begin());
        possible = at >= position_[use.item];
      }
    }
    possible = possible && has_primary;
    if (possible != (dead_[o] == 0))
      broken("option " + std::to_string(o) +
             (possible ? " is possible but dead_ is " + std::to_string(dead_[o])
                       : " is ruled out but dead_ is 0"));
    if (possible)
      for (std::uint32_t k = primary_begin_[o]; k < primary_begin_[o + 1]; ++k)
        ++possible_on[option_primaries_[k]];
  }
  for (ItemId item = 0; item < items; ++item)
    if (open[item] && remaining_[item] != possible_on[item])
      broken("item " + std::to_string(item) + ": remaining_ is " + std::to_string(remaining_[item]) +
             ", but " + std::to_string(possible_on[item]) + " of its options are possible");
}

}  // namespace dlx::memo
