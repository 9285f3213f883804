// The Sudoku adapter of the dlx library, all of it: shapes, the exact-cover model, the solver, text formats
// and the batch pipeline.
#pragma once

#include "sudoku/batch.hpp"
#include "sudoku/conflict.hpp"
#include "sudoku/grid.hpp"
#include "sudoku/model.hpp"
#include "sudoku/reader.hpp"
#include "sudoku/shape.hpp"
#include "sudoku/solver.hpp"
#include "sudoku/symbols.hpp"
#include "sudoku/writer.hpp"
