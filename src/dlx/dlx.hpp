// The whole library: every public header (problems, the searches, costs, memoized counts, threads,
// estimates, checkpoints, Knuth's text format).
#pragma once

#include "dlx/checkpoint.hpp"
#include "dlx/cost.hpp"
#include "dlx/count128.hpp"
#include "dlx/estimate.hpp"
#include "dlx/input_error.hpp"
#include "dlx/knuth_format.hpp"
#include "dlx/line_reader.hpp"
#include "dlx/memo.hpp"
#include "dlx/parallel.hpp"
#include "dlx/periodic_worker.hpp"
#include "dlx/preprocess.hpp"
#include "dlx/problem.hpp"
#include "dlx/resumable_count.hpp"
#include "dlx/solution_text.hpp"
#include "dlx/solver.hpp"
#include "dlx/thread_pool.hpp"
