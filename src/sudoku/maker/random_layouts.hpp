// Random layouts of cells for the generator: jigsaw regions (n connected regions of n cells each) and killer
// cages (connected groups of cells whose digits in a given solution differ).
#pragma once

#include <string>
#include <vector>

#include "sudoku/maker/generator.hpp"
#include "sudoku/model/grid.hpp"
#include "sudoku/model/rules.hpp"

namespace sudoku {

// A random jigsaw layout of the shape's side n: each cell's region, 0..n-1, every region n orthogonally
// connected cells. It starts from the shape's boxes and trades cells between touching regions many times,
// each trade keeping both regions connected and of n cells. Whether any grid fits the layout is left to the
// solver.
std::vector<int> random_regions(Shape shape, Random& random);

// The layout as --regions takes it: n*n characters, region i named by the i-th of A-Z, a-z, 0-9.
std::string regions_layout(const std::vector<int>& regions);

// Random killer cages covering every cell of `solution`: each orthogonally connected, of min_size to max_size
// cells with distinct digits in the solution, its sum theirs. Cells left alone when no neighbour fits are
// merged into a touching cage where the sizes and digits allow; a few cages may stay below min_size.
std::vector<Cage> random_cages(const Grid& solution, int min_size, int max_size, Random& random);

}  // namespace sudoku
