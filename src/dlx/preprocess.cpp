#include "dlx/preprocess.hpp"

#include <algorithm>
#include <cstdint>

namespace dlx {
namespace {

// The problem as it shrinks: which options and items are still there, and for each item its options.
class Reducer {
 public:
  explicit Reducer(const Problem& p)
      : p_(p),
        option_live_(p.option_count(), 1),
        item_live_(p.item_count(), 1),
        live_count_(p.item_count(), 0),
        occurrences_(p.item_count()),
        item_stamp_(p.item_count(), 0),
        item_color_(p.item_count(), kNoColor),
        count_stamp_(p.item_count(), 0),
        counts_(p.item_count(), 0),
        option_stamp_(p.option_count(), 0) {
    for (OptionId o = 0; o < p.option_count(); ++o) {
      for (const ItemUse& u : p.option(o)) occurrences_[u.item].push_back(o);
    }
    for (ItemId i = 0; i < p.item_count(); ++i) live_count_[i] = occurrences_[i].size();
    for (OptionId o = 0; o < p.option_count(); ++o) {
      if (!p.has_primary_item(o)) drop_option(o);
    }
  }

  void run(const std::atomic<bool>* stop, PreprocessStats& stats) {
    bool changed = true;
    while (changed) {
      if (stop != nullptr && stop->load(std::memory_order_relaxed)) {
        stats.stopped = true;
        break;
      }
      ++stats.rounds;
      changed = drop_blocking_options(stop);
      changed = drop_implied_items() || changed;
      changed = drop_idle_secondaries() || changed;
    }
    stats.options_removed =
        p_.option_count() - static_cast<std::size_t>(std::count(option_live_.begin(), option_live_.end(), 1));
    stats.items_removed =
        p_.item_count() - static_cast<std::size_t>(std::count(item_live_.begin(), item_live_.end(), 1));
  }

  Preprocessed result() const {
    Preprocessed out;
    Problem& q = out.problem;
    std::vector<ItemId> new_id(p_.item_count(), 0);
    for (ItemId i = 0; i < p_.item_count(); ++i) {
      if (item_live_[i] && p_.is_primary(i)) new_id[i] = q.add_primary(p_.item_name(i));
    }
    for (ItemId i = 0; i < p_.item_count(); ++i) {
      if (item_live_[i] && !p_.is_primary(i)) new_id[i] = q.add_secondary(p_.item_name(i));
    }
    std::vector<ItemUse> uses;
    for (OptionId o = 0; o < p_.option_count(); ++o) {
      if (!option_live_[o]) continue;
      uses.clear();
      for (const ItemUse& u : p_.option(o)) {
        if (!item_live_[u.item]) continue;
        uses.push_back({new_id[u.item], u.color == kNoColor ? kNoColor : q.color(p_.color_name(u.color))});
      }
      const OptionId id = q.add_option(std::span<const ItemUse>(uses));
      if (p_.cost(o) != 0) q.set_cost(id, p_.cost(o));
      out.original.push_back(o);
    }
    return out;
  }

 private:
  void drop_option(OptionId o) {
    option_live_[o] = 0;
    for (const ItemUse& u : p_.option(o)) --live_count_[u.item];
  }

  bool conflicts_with_marked(OptionId other) const {
    for (const ItemUse& u : p_.option(other)) {
      if (!item_live_[u.item] || item_stamp_[u.item] != stamp_) continue;
      if (p_.is_primary(u.item) || u.color == kNoColor || item_color_[u.item] != u.color) return true;
    }
    return false;
  }

  // Choosing o would leave a primary item j (not in o) without a compatible option: every live option of j
  // conflicts with o. Counted from o's neighbours, so an item that meets none of o's items costs nothing.
  bool blocks_some_item(OptionId o) {
    ++stamp_;
    for (const ItemUse& u : p_.option(o)) {
      if (!item_live_[u.item]) continue;
      item_stamp_[u.item] = stamp_;
      item_color_[u.item] = u.color;
    }
    option_stamp_[o] = stamp_;
    for (const ItemUse& u : p_.option(o)) {
      if (!item_live_[u.item]) continue;
      for (OptionId other : occurrences_[u.item]) {
        if (!option_live_[other] || option_stamp_[other] == stamp_) continue;
        option_stamp_[other] = stamp_;
        if (!conflicts_with_marked(other)) continue;
        for (const ItemUse& v : p_.option(other)) {
          const ItemId j = v.item;
          if (!item_live_[j] || !p_.is_primary(j) || item_stamp_[j] == stamp_) continue;
          if (count_stamp_[j] != stamp_) {
            count_stamp_[j] = stamp_;
            counts_[j] = 0;
          }
          if (++counts_[j] == live_count_[j]) return true;
        }
      }
    }
    return false;
  }

  bool drop_blocking_options(const std::atomic<bool>* stop) {
    bool changed = false;
    // A primary item with no option left: there is no solution, and every option goes.
    for (ItemId i = 0; i < p_.item_count(); ++i) {
      if (!item_live_[i] || !p_.is_primary(i) || live_count_[i] != 0) continue;
      for (OptionId o = 0; o < p_.option_count(); ++o) {
        if (option_live_[o]) {
          drop_option(o);
          changed = true;
        }
      }
      return changed;
    }
    for (OptionId o = 0; o < p_.option_count(); ++o) {
      if ((o & 1023) == 0 && stop != nullptr && stop->load(std::memory_order_relaxed)) break;
      if (option_live_[o] && blocks_some_item(o)) {
        drop_option(o);
        changed = true;
      }
    }
    return changed;
  }

  bool contains(OptionId o, ItemId item) const {
    const auto items = p_.option(o);
    return std::any_of(items.begin(), items.end(), [&](const ItemUse& u) { return u.item == item; });
  }

  // Primary items i, j where every live option of j contains i: the options of i without j can never be
  // chosen (i would be covered, j then never), and once they are gone i is covered exactly when j is.
  bool drop_implied_items() {
    bool changed = false;
    for (ItemId j = 0; j < p_.item_count(); ++j) {
      if (!item_live_[j] || !p_.is_primary(j) || live_count_[j] == 0) continue;
      ++stamp_;
      for (OptionId o : occurrences_[j]) {
        if (!option_live_[o]) continue;
        for (const ItemUse& u : p_.option(o)) {
          if (count_stamp_[u.item] != stamp_) {
            count_stamp_[u.item] = stamp_;
            counts_[u.item] = 0;
          }
          ++counts_[u.item];
        }
      }
      for (OptionId first : occurrences_[j]) {
        if (!option_live_[first]) continue;
        for (const ItemUse& u : p_.option(first)) {
          const ItemId i = u.item;
          if (i == j || !item_live_[i] || !p_.is_primary(i) || counts_[i] != live_count_[j]) continue;
          for (OptionId o : occurrences_[i]) {
            if (option_live_[o] && !contains(o, j)) drop_option(o);
          }
          item_live_[i] = 0;
          changed = true;
        }
        break;
      }
    }
    return changed;
  }

  // A secondary item in at most one live option, or given one color by all of them, excludes nothing.
  bool drop_idle_secondaries() {
    bool changed = false;
    for (ItemId s = 0; s < p_.item_count(); ++s) {
      if (!item_live_[s] || p_.is_primary(s)) continue;
      bool idle = live_count_[s] <= 1;
      if (!idle) {
        ColorId color = kNoColor;
        idle = true;
        for (OptionId o : occurrences_[s]) {
          if (!option_live_[o]) continue;
          for (const ItemUse& u : p_.option(o)) {
            if (u.item != s) continue;
            if (u.color == kNoColor || (color != kNoColor && u.color != color)) idle = false;
            color = u.color;
          }
          if (!idle) break;
        }
      }
      if (idle) {
        item_live_[s] = 0;
        changed = true;
      }
    }
    return changed;
  }

  const Problem& p_;
  std::vector<std::uint8_t> option_live_;
  std::vector<std::uint8_t> item_live_;
  std::vector<std::size_t> live_count_;  // live options per item
  std::vector<std::vector<OptionId>> occurrences_;
  // Scratch marks, valid where their stamp is the current one.
  std::uint64_t stamp_ = 0;
  std::vector<std::uint64_t> item_stamp_;
  std::vector<ColorId> item_color_;
  std::vector<std::uint64_t> count_stamp_;
  std::vector<std::size_t> counts_;
  std::vector<std::uint64_t> option_stamp_;
};

}  // namespace

std::vector<OptionId> Preprocessed::to_input(std::span<const OptionId> solution) const {
  std::vector<OptionId> out;
  out.reserve(solution.size());
  for (OptionId o : solution) out.push_back(original[o]);
  return out;
}

Preprocessed preprocess(const Problem& problem, const std::atomic<bool>* stop) {
  if (problem.has_multiplicities())
    throw ProblemError(
        "preprocessing does not handle multiplicities (items with bounds other than 1, Algorithm M)");
  Reducer reducer(problem);
  PreprocessStats stats;
  reducer.run(stop, stats);
  Preprocessed out = reducer.result();
  out.stats = stats;
  return out;
}

}  // namespace dlx
