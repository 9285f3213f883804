// The whole library: problems, the search, and Knuth's text format.
#pragma once

#include "dlx/cost.hpp"
#include "dlx/input_error.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/line_reader.hpp"
#include "dlx/problem.hpp"
#include "dlx/solver.hpp"
