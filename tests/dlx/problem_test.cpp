#include "dlx/problem.hpp"

#include <doctest/doctest.h>

#include <array>
#include <string>

TEST_CASE("items get ids in declaration order and are found by name") {
  dlx::Problem p;
  CHECK(p.add_primary("a") == 0);
  CHECK(p.add_secondary("x") == 1);
  CHECK(p.add_primary("b") == 2);
  CHECK(p.item_count() == 3);
  CHECK(p.primary_count() == 2);
  CHECK(p.is_primary(0));
  CHECK_FALSE(p.is_primary(1));
  CHECK(p.find_item("b") == 2u);
  CHECK_FALSE(p.find_item("c").has_value());
  CHECK(p.item_name(1) == "x");
}

TEST_CASE("options keep their items, in order, with colors") {
  dlx::Problem p;
  p.add_primary("a");
  p.add_primary("b");
  p.add_secondary("x");
  const auto o = p.add_option({"b", "x:red", "a"});
  REQUIRE(p.option_count() == 1);
  const auto items = p.option(o);
  REQUIRE(items.size() == 3);
  CHECK(items[0].item == 1);
  CHECK(items[1].item == 2);
  CHECK(p.color_name(items[1].color) == "red");
  CHECK(items[2].color == dlx::kNoColor);
  CHECK(p.option_text(o) == "b x:red a");
  CHECK(p.color("red") == items[1].color);
  CHECK(p.color_count() == 1);
}

TEST_CASE("the builder rejects invalid problems with clear messages and no change") {
  dlx::Problem p;
  p.add_primary("a");
  p.add_secondary("x");
  CHECK_THROWS_WITH_AS(p.add_primary("a"), "duplicate item name 'a'", dlx::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_secondary("a"), "duplicate item name 'a'", dlx::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_primary(""), "empty item name", dlx::ProblemError);
  CHECK_THROWS_AS(p.add_primary("a b"), dlx::ProblemError);
  CHECK_THROWS_AS(p.add_primary("a:b"), dlx::ProblemError);
  CHECK_THROWS_AS(p.add_primary("|"), dlx::ProblemError);
  CHECK_THROWS_AS(p.add_primary(std::string_view("a\0b", 3)), dlx::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_option({"a", "y"}), "unknown item 'y'", dlx::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_option({"a", "x", "a"}), "item 'a' appears twice in one option",
                       dlx::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_option({"a:red"}), "primary item 'a' cannot have a color", dlx::ProblemError);
  CHECK_THROWS_WITH_AS(p.add_option({"x:"}), "empty color after 'x':", dlx::ProblemError);
  CHECK_THROWS_AS(p.add_option(std::span<const dlx::ItemUse>{}), dlx::ProblemError);
  CHECK_THROWS_AS(p.add_option({dlx::ItemUse{7, 0}}), dlx::ProblemError);
  CHECK(p.option_count() == 0);
  CHECK(p.item_count() == 2);
  // A rejected duplicate leaves no trace: the same items are fine in the next option.
  CHECK_NOTHROW(p.add_option({"a", "x"}));
  CHECK(p.option_count() == 1);
}

TEST_CASE("item names may be long and use any printable bytes but ':' and '|'") {
  dlx::Problem p;
  const std::string long_name(10000, 'n');
  CHECK_NOTHROW(p.add_primary(long_name));
  CHECK_NOTHROW(p.add_primary("\xc3\xa9t\xc3\xa9#1"));
  CHECK(p.find_item(long_name) == 0u);
}

TEST_CASE("has_primary_item tells options that can never be chosen") {
  dlx::Problem p;
  p.add_primary("a");
  p.add_secondary("x");
  CHECK(p.has_primary_item(p.add_option({"a", "x"})));
  CHECK_FALSE(p.has_primary_item(p.add_option({"x"})));
}

TEST_CASE("reserve changes nothing but room: too little, too much and none give the same problem") {
  const auto build = [](std::size_t items, std::size_t options, std::size_t uses) {
    dlx::Problem p;
    p.reserve(items, options, uses);
    for (int i = 0; i < 5; ++i) p.add_primary("p" + std::to_string(i));
    p.add_secondary("s");
    p.add_option({"p0", "p1", "s:red"});
    p.add_option({"p2"});
    p.add_option({"p3", "p4", "s:blue"});
    return p;
  };
  const dlx::Problem plain = build(0, 0, 0);
  for (const auto& room : {std::array<std::size_t, 3>{1, 1, 1}, {6, 3, 7}, {1000, 1000, 1000}}) {
    const dlx::Problem p = build(room[0], room[1], room[2]);
    CHECK(p.item_count() == plain.item_count());
    CHECK(p.primary_count() == plain.primary_count());
    CHECK(p.find_item("s") == plain.find_item("s"));
    REQUIRE(p.option_count() == plain.option_count());
    for (dlx::OptionId o = 0; o < p.option_count(); ++o) CHECK(p.option_text(o) == plain.option_text(o));
  }
}
