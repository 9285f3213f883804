#include "sudoku/model/shape.hpp"

#include <doctest/doctest.h>

#include "sudoku/model/model.hpp"

using sudoku::Shape;

TEST_CASE("shapes are inferred from cell counts - with boxes of at least two rows") {
  CHECK(sudoku::shape_for_cells(16) == Shape{2, 2});
  CHECK(sudoku::shape_for_cells(36) == Shape{2, 3});
  CHECK(sudoku::shape_for_cells(64) == Shape{2, 4});
  CHECK(sudoku::shape_for_cells(81) == Shape{3, 3});
  CHECK(sudoku::shape_for_cells(144) == Shape{3, 4});
  CHECK(sudoku::shape_for_cells(256) == Shape{4, 4});
  CHECK(sudoku::shape_for_cells(625) == Shape{5, 5});
  // Not squares, prime sides (whose boxes would be rows), too small or too large.
  for (std::size_t cells : {0u, 1u, 4u, 9u, 25u, 49u, 80u, 82u, 4096u * 4u, 1u << 30})
    CHECK_FALSE(sudoku::shape_for_cells(cells).has_value());
  CHECK(sudoku::shape_for_side(12) == Shape{3, 4});
  CHECK_FALSE(sudoku::shape_for_side(7));
}

TEST_CASE("--box RxC") {
  CHECK(sudoku::parse_box("3x3") == Shape{3, 3});
  CHECK(sudoku::parse_box("2x3") == Shape{2, 3});
  CHECK(sudoku::parse_box("3X4") == Shape{3, 4});
  CHECK(sudoku::parse_box("1x5") == Shape{1, 5});
  for (const char* bad :
       {"", "x", "3", "3x", "x3", "0x3", "3x0", "1x1", "-1x3", "3x3x3", "9x9", "a x b", "3x 3", "1000x1"})
    CHECK_MESSAGE(!sudoku::parse_box(bad), bad);
  CHECK(sudoku::to_string(Shape{2, 3}) == "2x3");
}

TEST_CASE("boxes are numbered row by row") {
  const Shape six{2, 3};
  CHECK(six.box_of(0, 0) == 0);
  CHECK(six.box_of(0, 3) == 1);
  CHECK(six.box_of(1, 5) == 1);
  CHECK(six.box_of(2, 0) == 2);
  CHECK(six.box_of(5, 5) == 5);
}

TEST_CASE("the model: option ids map to placements arithmetically - each covering its four items") {
  for (Shape shape : {Shape{2, 2}, Shape{2, 3}, Shape{3, 3}, Shape{3, 4}}) {
    const int n = shape.side();
    const dlx::Problem problem = sudoku::make_problem(shape);
    REQUIRE(problem.item_count() == static_cast<std::size_t>(4 * n * n));
    REQUIRE(problem.primary_count() == problem.item_count());
    REQUIRE(problem.option_count() == static_cast<std::size_t>(n * n * n));
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        for (int d = 1; d <= n; ++d) {
          const dlx::OptionId id = sudoku::option_id(shape, r, c, d);
          CHECK(sudoku::placement_of(shape, id) == sudoku::Placement{r, c, d});
          const auto items = problem.option(id);
          REQUIRE(items.size() == 4);
          // Names tell which cell, row, column and box each item stands for.
          CHECK(problem.item_name(items[0].item) ==
                "r" + std::to_string(r + 1) + "c" + std::to_string(c + 1));
          CHECK(problem.item_name(items[1].item) == "r" + std::to_string(r + 1) + "=" + std::to_string(d));
          CHECK(problem.item_name(items[2].item) == "c" + std::to_string(c + 1) + "=" + std::to_string(d));
          const int box = r / shape.box_rows * shape.box_rows + c / shape.box_cols;
          CHECK(problem.item_name(items[3].item) == "b" + std::to_string(box + 1) + "=" + std::to_string(d));
        }
      }
    }
  }
  CHECK(sudoku::make_problem(Shape{3, 3}).item_count() == 324);
}
