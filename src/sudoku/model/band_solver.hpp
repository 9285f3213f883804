// A solver for plain 9x9 puzzles alone, on boxes and band configurations: the Solver's way through plain 9x9
// puzzles (band_kernel.inc has the model). It finds the same solutions as the exact-cover search, in another
// order, with a tree about 0.6 times the size and less work per node; it hears a stop flag and a deadline but
// has no resumable state, so the Solver gives it a budget of guesses (milliseconds of work) and runs the search
// instead where the budget does not suffice.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace sudoku {

struct BandCount {
  std::uint64_t solutions = 0;  // found, at most the limit
  bool complete = false;        // every solution was counted: false when the limit or the budget stopped it
  bool gave_up = false;       // the budget of guesses ran out before the limit: `solutions` is a lower bound
  bool stopped = false;       // the stop flag was raised: `solutions` is a lower bound
  bool timed_out = false;     // the deadline passed: `solutions` is a lower bound
  std::uint64_t guesses = 0;  // branches taken (each explores a configuration, then its negation)
  std::uint64_t nodes = 0;    // states searched after propagation: the root, and each branch that survived it
};

// band_count()'s precondition: the 81 values (row by row) are 0-9 and no digit is given twice in a row, a column
// or a box. Cheap (the givens only), so that a caller may ask it of every puzzle.
bool band_givens_valid(const std::uint8_t* values);

// A puzzle as the band solver starts from it: per box, its cells' candidates (every digit for a blank, the given
// one), as band_start() writes them. A caller that asks band_givens_valid() and then counts makes it once for
// both (the Solver: load(), then count()).
struct BandStart {
  alignas(32) std::uint16_t boxes[9][16];
};
// Writes `start` for the 81 values and returns band_givens_valid(values).
bool band_start(const std::uint8_t* values, BandStart& start);

// Counts the solutions of the 81 values (row by row; 0 blank, 1-9 givens, no clash among the givens checked
// here: the caller has, band_givens_valid()), stopping at `limit` (0: none), after `max_guesses` guesses, or soon
// after `stop` (when given) is raised or `deadline` passes: both are read every thousand guesses or so. The
// first solution found goes into `solution` (81 values), when one is given and any is found.
BandCount band_count(
    const std::uint8_t* values, std::uint64_t limit, std::uint64_t max_guesses, std::uint8_t* solution,
    const std::atomic<bool>* stop = nullptr,
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

// The copy band_count() runs, by instruction set: "avx512" (AVX-512 F, BW and VL), "avx2" or "portable", as
// dlx::vector_copy() chooses it for every kernel built in copies (DLX_ISA, else the processor).
const char* band_instruction_set();

// band_count() from a start band_start() made and found valid.
BandCount band_count_from(
    const BandStart& start, std::uint64_t limit, std::uint64_t max_guesses, std::uint8_t* solution,
    const std::atomic<bool>* stop = nullptr,
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

// One copy by name, for tests that compare them; false (nothing counted) when this build or processor lacks it.
bool band_givens_valid_with(const char* isa, const std::uint8_t* values, bool& valid);
bool band_count_with(
    const char* isa, const std::uint8_t* values, std::uint64_t limit, std::uint64_t max_guesses,
    std::uint8_t* solution, BandCount& out, const std::atomic<bool>* stop = nullptr,
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

}  // namespace sudoku
