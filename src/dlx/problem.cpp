#include "dlx/problem.hpp"

#include <algorithm>

#include "dlx/input_error.hpp"

namespace dlx {
namespace {

std::string quoted(std::string_view s) {
  return "'" + echo_text(s) + "'";
}

}  // namespace

void Problem::check_name(std::string_view name, std::string_view what) {
  if (name.empty()) throw ProblemError("empty " + std::string(what));
  for (unsigned char c : name) {
    if (c <= 0x20 || c == 0x7f)
      throw ProblemError(std::string(what) + " " + quoted(name) + " has a blank or control byte");
    if (c == ':' || c == '|')
      throw ProblemError(std::string(what) + " " + quoted(name) + " contains '" + char(c) + "'");
  }
}

ItemId Problem::add_item(std::string_view name, bool primary) {
  check_name(name, "item name");
  if (names_.size() >= kMaxItems)
    throw ProblemError("too many items (the limit is " + std::to_string(kMaxItems) + ")");
  auto id = static_cast<ItemId>(names_.size());
  // One lookup both finds a duplicate and inserts the name.
  if (!item_by_name_.try_emplace(std::string(name), id).second)
    throw ProblemError("duplicate item name " + quoted(name));
  names_.emplace_back(name);
  primary_.push_back(primary);
  primary_count_ += primary ? 1 : 0;
  seen_in_option_.push_back(0);
  if (!bounds_.empty()) bounds_.emplace_back();
  return id;
}

void Problem::reserve(std::size_t items, std::size_t options, std::size_t uses) {
  names_.reserve(items);
  primary_.reserve(items);
  item_by_name_.reserve(items);
  seen_in_option_.reserve(items);
  option_begin_.reserve(options + 1);
  uses_.reserve(uses);
}

ItemId Problem::add_primary(std::string_view name) {
  return add_item(name, true);
}
ItemId Problem::add_primary(std::string_view name, std::uint32_t lo, std::uint32_t hi) {
  if (hi == 0) throw ProblemError("item " + quoted(name) + ": the upper bound must be at least 1");
  if (lo > hi)
    throw ProblemError("item " + quoted(name) + ": the lower bound " + std::to_string(lo) +
                       " exceeds the upper bound " + std::to_string(hi));
  if (hi > kMaxBound)
    throw ProblemError("item " + quoted(name) + ": the bound " + std::to_string(hi) + " exceeds " +
                       std::to_string(kMaxBound));
  const ItemId id = add_item(name, true);
  if (Bounds{lo, hi} != Bounds{} && bounds_.empty()) bounds_.resize(names_.size());
  if (!bounds_.empty()) bounds_[id] = {lo, hi};
  return id;
}

void Problem::set_cost(OptionId option, std::uint64_t cost) {
  if (option >= option_count()) throw ProblemError("unknown option id " + std::to_string(option));
  if (cost > kMaxCost)
    throw ProblemError("cost " + std::to_string(cost) + " exceeds " + std::to_string(kMaxCost));
  if (cost != 0 && costs_.empty()) costs_.resize(option_count());
  if (!costs_.empty()) costs_[option] = cost;
}

ItemId Problem::add_secondary(std::string_view name) {
  return add_item(name, false);
}

ColorId Problem::color(std::string_view name) {
  if (auto it = color_by_name_.find(name); it != color_by_name_.end()) return it->second;
  check_name(name, "color name");
  if (color_names_.size() >= kMaxItems) throw ProblemError("too many colors");
  auto id = static_cast<ColorId>(color_names_.size());
  color_names_.emplace_back(name);
  color_by_name_.emplace(std::string(name), id);
  return id;
}

std::optional<ItemId> Problem::find_item(std::string_view name) const {
  if (auto it = item_by_name_.find(name); it != item_by_name_.end()) return it->second;
  return std::nullopt;
}

OptionId Problem::add_option(std::span<const ItemUse> items) {
  if (items.empty()) throw ProblemError("an option needs at least one item");
  // Each option needs its nodes plus one spacer; keep the total inside the solver's 32-bit indices.
  if (uses_.size() + option_count() + items.size() + item_count() + 2 > kMaxNodes)
    throw ProblemError("problem too large (more than " + std::to_string(kMaxNodes) + " nodes)");
  // Stamps make the duplicate check linear without clearing a table per option.
  const auto stamp = static_cast<std::uint32_t>(option_count() + 1);
  for (const ItemUse& use : items) {
    if (use.item >= names_.size()) throw ProblemError("unknown item id " + std::to_string(use.item));
    if (use.color >= color_names_.size()) throw ProblemError("unknown color id " + std::to_string(use.color));
    if (use.color != kNoColor && primary_[use.item])
      throw ProblemError("primary item " + quoted(names_[use.item]) + " cannot have a color");
    if (seen_in_option_[use.item] == stamp) {
      for (const ItemUse& undo : items) seen_in_option_[undo.item] = 0;  // leave the problem unchanged
      throw ProblemError("item " + quoted(names_[use.item]) + " appears twice in one option");
    }
    seen_in_option_[use.item] = stamp;
  }
  uses_.insert(uses_.end(), items.begin(), items.end());
  option_begin_.push_back(uses_.size());
  if (!costs_.empty()) costs_.push_back(0);
  return static_cast<OptionId>(option_count() - 1);
}

OptionId Problem::add_option(std::span<const std::string_view> items) {
  return add_option(uses_of(items));
}

std::vector<ItemUse> Problem::uses_of(std::span<const std::string_view> items) {
  std::vector<ItemUse> uses;
  uses.reserve(items.size());
  for (std::string_view text : items) {
    const auto colon = text.find(':');
    const std::string_view name = text.substr(0, colon);
    const auto item = find_item(name);
    if (!item) throw ProblemError("unknown item " + quoted(name));
    ColorId color_id = kNoColor;
    if (colon != std::string_view::npos) {
      const std::string_view color_text = text.substr(colon + 1);
      if (color_text.empty()) throw ProblemError("empty color after " + quoted(name) + ":");
      if (primary_[*item]) throw ProblemError("primary item " + quoted(name) + " cannot have a color");
      check_name(color_text, "color name");
      color_id = color(color_text);
    }
    uses.push_back({*item, color_id});
  }
  return uses;
}

bool Problem::has_primary_item(OptionId option) const {
  const auto items = this->option(option);
  return std::any_of(items.begin(), items.end(), [&](const ItemUse& u) { return primary_[u.item]; });
}

std::string Problem::option_text(OptionId option) const {
  std::string text;
  for (const ItemUse& use : this->option(option)) {
    if (!text.empty()) text += ' ';
    text += names_[use.item];
    if (use.color != kNoColor) {
      text += ':';
      text += color_names_[use.color];
    }
  }
  return text;
}

}  // namespace dlx
