// What the ranks of dlx-mpi do once the problem is read: rank 0 splits the search tree, hands the subproblems out
// (or counts them itself with -np 1), records them in the checkpoint and prints the total; the others count what
// it sends them.
#pragma once

#include <cstdint>
#include <string>

#include "dlx/problem.hpp"
#include "options.hpp"

namespace dlxmpi {

// Rank 0's value (or text) to every rank.
void broadcast(std::uint64_t& value);
void broadcast(std::string& text);

// Counts subproblems sent by rank 0 until told to stop.
void serve(const dlx::Problem& problem);

// Rank 0: splits, hands out, collects, records (dlx::ResumableCount keeps the books), prints the count. First
// broadcasts the status the other ranks end with at once (0: serve), when the checkpoint is refused (2) or cannot
// be written (5). Returns the exit status.
int coordinate(const dlx::Problem& problem, const Settings& settings, int ranks);

}  // namespace dlxmpi
