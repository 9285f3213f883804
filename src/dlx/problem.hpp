// An exact-cover problem with colors, multiplicities and costs, as Knuth defines them for Algorithms C and M
// (his programs dlx2, dlx3 and dlx5).
//
// Primary items must be covered exactly once, or, when given bounds lo:hi, by between lo and hi of the chosen
// options (Algorithm M). Secondary items may be covered at most once, or by several chosen
// options that all give the item the same color. An option is a list of distinct items, each secondary one
// optionally colored. Names and colors are tokens: non-empty, no white space, no control bytes, no ':' or '|',
// so that every problem can be written in Knuth's text format (see knuth_format.hpp).
//
//   dlx::Problem p;
//   p.add_primary("a");  p.add_primary("b");  p.add_secondary("x");
//   p.add_option({"a", "x:red"});
//   p.add_option({"b", "x:red"});
//
// Options may carry a cost (a non-negative integer, 0 by default); only the minimum-cost searches (cost.hpp)
// look at it. Option ids are 0, 1, 2... in the order the options were added.
#pragma once

// The library is C++20 (pkg-config's Cflags leave the standard to the program): say so rather than fail deep
// inside a header.
#if __cplusplus < 202002L
#error "the dlx library needs C++20 or later: compile with -std=c++20 (or later)"
#endif

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <ranges>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dlx {

using ItemId = std::uint32_t;
using OptionId = std::uint32_t;
using ColorId = std::uint32_t;
inline constexpr ColorId kNoColor = 0;  // color ids of named colors start at 1

// One item of an option, with its color (kNoColor for none; only secondary items may have one).
struct ItemUse {
  ItemId item;
  ColorId color = kNoColor;
  friend bool operator==(const ItemUse&, const ItemUse&) = default;
};

// Thrown by the builder when a call would make an invalid problem; the problem is left unchanged.
class ProblemError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The largest problem accepted, so that a runaway input gets a clear error instead of exhausting memory: up to
// 16M items and 128M item uses in all options (about 6 GB between the problem and the dancing-links table).
inline constexpr std::size_t kMaxItems = std::size_t{1} << 24;
inline constexpr std::size_t kMaxNodes = std::size_t{1} << 27;
// The largest multiplicity bound of an item and the largest cost of an option: sums of costs over any set of
// options then stay far below 2^64.
inline constexpr std::uint32_t kMaxBound = (std::uint32_t{1} << 24) - 1;
inline constexpr std::uint64_t kMaxCost = 0xffffffffull;

// How many chosen options may cover a primary item: between lo and hi (lo <= hi, hi >= 1). {1, 1} is plain
// exact cover.
struct Bounds {
  std::uint32_t lo = 1;
  std::uint32_t hi = 1;
  friend bool operator==(const Bounds&, const Bounds&) = default;
};

class Problem {
 public:
  ItemId add_primary(std::string_view name);
  // A primary item covered by between lo and hi chosen options (0 <= lo <= hi, 1 <= hi <= kMaxBound), Knuth's
  // "lo:hi|name"; throws ProblemError on other bounds.
  ItemId add_primary(std::string_view name, std::uint32_t lo, std::uint32_t hi);
  ItemId add_secondary(std::string_view name);
  // The id of a color name, interning it on first use.
  ColorId color(std::string_view name);

  OptionId add_option(std::span<const ItemUse> items);
  OptionId add_option(std::initializer_list<ItemUse> items) {
    return add_option(std::span(items.begin(), items.size()));
  }
  // Items by name, "name" or "name:color".
  OptionId add_option(std::span<const std::string_view> items);
  OptionId add_option(std::initializer_list<std::string_view> items) {
    return add_option(std::span(items.begin(), items.size()));
  }
  // Any range of string-like names: std::vector<std::string>, std::array<const char*, N>, ...
  template <std::ranges::input_range Names>
  requires std::convertible_to<std::ranges::range_reference_t<Names>, std::string_view> &&
      (!std::convertible_to<Names, std::span<const std::string_view>>)&&(
          !std::convertible_to<Names, std::span<const ItemUse>>)OptionId add_option(const Names& items) {
    std::vector<std::string_view> names;
    for (auto&& name : items) names.emplace_back(std::string_view(name));
    return add_option(std::span<const std::string_view>(names));
  }

  // Sets the cost of an option (0 until set); throws ProblemError beyond kMaxCost or for an unknown option.
  void set_cost(OptionId option, std::uint64_t cost);

  // Room for `items` items and `options` options of `uses` item uses in all, when they are known ahead: the
  // problem is then built without growing its tables as it goes. Optional; it changes nothing else.
  void reserve(std::size_t items, std::size_t options, std::size_t uses);

  // Resolves "name" / "name:color" strings to item uses, interning colors; throws ProblemError.
  std::vector<ItemUse> uses_of(std::span<const std::string_view> items);

  std::size_t item_count() const { return names_.size(); }
  std::size_t primary_count() const { return primary_count_; }
  bool is_primary(ItemId item) const { return primary_[item]; }
  const std::string& item_name(ItemId item) const { return names_[item]; }
  std::optional<ItemId> find_item(std::string_view name) const;
  // {1, 1} for every secondary item and every primary item added without bounds.
  Bounds bounds(ItemId item) const { return bounds_.empty() ? Bounds{} : bounds_[item]; }
  // Some primary item has bounds other than {1, 1} (the problem needs Algorithm M).
  bool has_multiplicities() const { return !bounds_.empty(); }
  std::uint64_t cost(OptionId option) const { return costs_.empty() ? 0 : costs_[option]; }
  // Some option has a non-zero cost.
  bool has_costs() const { return !costs_.empty(); }

  std::size_t color_count() const { return color_names_.size() - 1; }
  const std::string& color_name(ColorId color) const { return color_names_[color]; }

  std::size_t option_count() const { return option_begin_.size() - 1; }
  std::span<const ItemUse> option(OptionId option) const {
    return {uses_.data() + option_begin_[option], uses_.data() + option_begin_[option + 1]};
  }
  // Options without a primary item are never chosen by the search.
  bool has_primary_item(OptionId option) const;
  // Total number of item uses over all options.
  std::size_t use_count() const { return uses_.size(); }

  // "a b:red c", the option as Knuth's format writes it.
  std::string option_text(OptionId option) const;

  // Throws ProblemError unless name is a valid token.
  static void check_name(std::string_view name, std::string_view what);

 private:
  ItemId add_item(std::string_view name, bool primary);

  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::vector<std::string> names_;
  std::vector<bool> primary_;
  std::size_t primary_count_ = 0;
  std::unordered_map<std::string, ItemId, Hash, std::equal_to<>> item_by_name_;
  std::vector<std::string> color_names_{""};
  std::unordered_map<std::string, ColorId, Hash, std::equal_to<>> color_by_name_;
  std::vector<ItemUse> uses_;
  std::vector<std::size_t> option_begin_{0};
  std::vector<Bounds> bounds_;        // per item, once some item has bounds other than {1, 1}; else empty
  std::vector<std::uint64_t> costs_;  // per option, once some option has a non-zero cost; else empty
  std::vector<std::uint32_t> seen_in_option_;  // scratch for duplicate detection: option stamp per item
};

}  // namespace dlx
