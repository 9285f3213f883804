#include "sudoku/model/band_solver.hpp"

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#include "dlx/assert.hpp"
#include "dlx/vector_copy.hpp"
#include "sudoku/model/detail/givens.hpp"

// The copies pass 32-byte vectors between their own inline functions, which the portable copy (no AVX) does
// in memory: the compilers warn that this differs from how AVX code would, which matters only across
// translation units, and no vector crosses one here. (GCC warns at the end of the file, so for all of it.)
#pragma GCC diagnostic ignored "-Wpsabi"

namespace sudoku {
namespace {

// One vector type per width: 16 lanes of 16 bits (a box, or a band's two halves side by side) and 8 (a band).
// The comparisons' results have signed lanes (S16, S8); V64x4 and V64x2 read a vector as 64-bit words.
using V16 = std::uint16_t __attribute__((vector_size(32)));
using V8 = std::uint16_t __attribute__((vector_size(16)));
using S16 = std::int16_t __attribute__((vector_size(32)));
using S8 = std::int16_t __attribute__((vector_size(16)));
using V64x4 = std::uint64_t __attribute__((vector_size(32)));
using V64x2 = std::uint64_t __attribute__((vector_size(16)));
using I64x4 = long long __attribute__((vector_size(32)));  // the test instructions' operands
using I64x2 = long long __attribute__((vector_size(16)));

constexpr std::uint16_t kAllDigits = 0x1FF;

// The six permutations of a band: permutation p puts a digit in row (column) kPermutation[p][s] of the box at
// slot s, for the band's boxes at slots 0, 1, 2.
constexpr int kPermutation[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}};
// The two permutations that use row `row` at slot `slot`, in order.
constexpr int through(int slot, int row, int which) {
  for (int p = 0; p < 6; ++p)
    if (kPermutation[p][slot] == row && which-- == 0) return p;
  return -1;
}

// Per box: lane indices for the compiler's shuffles (see band_kernel.inc). Box b is at row b / 3 of boxes
// (slot b % 3 of its band) and column b % 3 (slot b / 3 of its stack). For cell lane 3i + j: row_a, row_b
// the two lanes of the band (0-5) whose permutations put a digit in row i here, col_a, col_b those of the
// stack; for the band's permutation p in lane p: to_band the lane of a cell in the row it uses here
// (3 kPermutation[p][b % 3]), to_stack of one in the column it uses (kPermutation[p][b / 3]).
// The first four read a vector that holds the band (or stack) twice over, lanes 8-15 repeating 0-7, each lane
// from its own half: a shuffle within 128-bit halves is one instruction (pshufb) where one across them,
// without AVX-512's vpermw, takes four. Lanes with nothing to read read a lane known to be 0 (the band's lane
// 6, or 14 in the upper half). For the band's permutation p in lane p: row_cells[k] the lane of the k-th cell
// of the row it uses here, column_cells[k] of the column (lane 8, the box's last cell, is the upper half's first:
// only the third cells can be it, read from both halves); lanes 6 and 7 read any lane, since the band they
// restrict keeps 0 there.
struct BoxTable {
  int row_a[16], row_b[16], col_a[16], col_b[16], row_cells[3][8], column_cells[3][8];
};
constexpr std::array<BoxTable, 9> kBoxTables = [] {
  std::array<BoxTable, 9> tables{};
  for (int b = 0; b < 9; ++b) {
    const int band_slot = b % 3, stack_slot = b / 3;
    BoxTable& t = tables[static_cast<std::size_t>(b)];
    for (int x = 0; x < 16; ++x) {
      const bool cell = x < 9;
      const int half = x < 8 ? 0 : 8;
      t.row_a[x] = half + (cell ? through(band_slot, x / 3, 0) : 6);
      t.row_b[x] = half + (cell ? through(band_slot, x / 3, 1) : 6);
      t.col_a[x] = half + (cell ? through(stack_slot, x % 3, 0) : 6);
      t.col_b[x] = half + (cell ? through(stack_slot, x % 3, 1) : 6);
    }
    for (int k = 0; k < 3; ++k)
      for (int p = 0; p < 8; ++p) {
        t.row_cells[k][p] = p < 6 ? 3 * kPermutation[p][band_slot] + k : 0;
        t.column_cells[k][p] = p < 6 ? 3 * k + kPermutation[p][stack_slot] : 0;
      }
  }
  return tables;
}();

// Cell (row by row, 0-80): its box (row of boxes by row of boxes) and its lane there (3 i + j).
constexpr std::array<std::uint8_t, 81> kCellBox = [] {
  std::array<std::uint8_t, 81> box{};
  for (int c = 0; c < 81; ++c)
    box[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c / 27 * 3 + c % 9 / 3);
  return box;
}();
constexpr std::array<std::uint8_t, 81> kCellLane = [] {
  std::array<std::uint8_t, 81> lane{};
  for (int c = 0; c < 81; ++c)
    lane[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c / 9 % 3 * 3 + c % 3);
  return lane;
}();
// A cell's candidates from its value: every digit for a blank (0), one for 1-9, none for a value above 9
// (which the caller rules out; a puzzle holding one has no solution here).
constexpr std::array<std::uint16_t, 256> kValueMask = [] {
  std::array<std::uint16_t, 256> mask{};
  mask[0] = kAllDigits;
  for (std::size_t v = 1; v <= 9; ++v) mask[v] = static_cast<std::uint16_t>(1u << (v - 1));
  return mask;
}();

// For a band's rule of three, lane 4 slot + row (slots and rows 0-2: lanes 0-2, 4-6 and 8-10, so that slot 2 is
// in the upper 128-bit half and no shuffle crosses halves; see kBoxTables): in the two permutations through that
// row of the box at that slot, out the other four. They read a band's vector twice over (lanes 8-15 repeat
// 0-7), each lane from its own half; unused lanes read its lane 6 (0), or 14. use[s], lane p: the lane
// (row) of slot s's three, in the half that holds them (the lower for slots 0 and 1, the upper for 2), of the
// row permutation p uses at slot s; lanes 6 and 7 read any lane (the band keeps 0 there).
struct BandTables {
  int in[2][16], out[4][16], use[3][8];
};
constexpr BandTables kBandTables = [] {
  BandTables t{};
  for (int x = 0; x < 16; ++x) {
    for (auto& lane : t.in) lane[x] = x < 8 ? 6 : 14;
    for (auto& lane : t.out) lane[x] = x < 8 ? 6 : 14;
  }
  for (int slot = 0; slot < 3; ++slot)
    for (int row = 0; row < 3; ++row) {
      const int x = 4 * slot + row, half = x < 8 ? 0 : 8;
      t.in[0][x] = half + through(slot, row, 0);
      t.in[1][x] = half + through(slot, row, 1);
      int n = 0;
      for (int p = 0; p < 6; ++p)
        if (kPermutation[p][slot] != row) t.out[n++][x] = half + p;
    }
  for (int s = 0; s < 3; ++s)
    for (int p = 0; p < 6; ++p) t.use[s][p] = (4 * s + kPermutation[p][s]) % 8;
  return t;
}();

// The steady clock's ticks, which the kernel compares with its deadline (in ticks, kNoDeadline for none): a plain
// function here, so that the copies share no inline code (band_kernel.inc).
constexpr std::int64_t kNoDeadline = INT64_MAX;
std::int64_t clock_ticks() {
  return std::chrono::steady_clock::now().time_since_epoch().count();
}
std::int64_t ticks(std::chrono::steady_clock::time_point deadline) {
  return deadline == std::chrono::steady_clock::time_point::max() ? kNoDeadline
                                                                  : deadline.time_since_epoch().count();
}

}  // namespace

// A 16-lane shuffle by a table of constant lane indices (the compiler picks the instructions for each copy).
#define BAND_PERMUTE(x, t)                                                                                \
  __builtin_shufflevector(x, x, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8], t[9], t[10], t[11], \
                          t[12], t[13], t[14], t[15])

// The same for 8 lanes, of one vector or of two (y's lanes numbered 8-15).
#define BAND_PERMUTE8(x, t) __builtin_shufflevector(x, x, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7])
#define BAND_PERMUTE8_2(x, y, t) __builtin_shufflevector(x, y, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7])

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(__EMSCRIPTEN__)
#define BAND_ISA_COPIES 1
namespace band_avx512 {
#define BAND_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx2,bmi,bmi2,popcnt")))
#define BAND_PTEST 1
#define BAND_WIDE 1
#include "sudoku/model/band_kernel.inc"
#undef BAND_TARGET
#undef BAND_PTEST
#undef BAND_WIDE
}  // namespace band_avx512
namespace band_avx2 {
#define BAND_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))
#define BAND_PTEST 1
#define BAND_WIDE 1
#include "sudoku/model/band_kernel.inc"
#undef BAND_TARGET
#undef BAND_PTEST
#undef BAND_WIDE
}  // namespace band_avx2
#endif
namespace band_portable {
#define BAND_TARGET
#define BAND_PTEST 0
#define BAND_WIDE 0
#include "sudoku/model/band_kernel.inc"
#undef BAND_TARGET
#undef BAND_PTEST
#undef BAND_WIDE
}  // namespace band_portable
#undef BAND_PERMUTE
#undef BAND_PERMUTE8
#undef BAND_PERMUTE8_2

namespace {

using Copy = dlx::VectorCopy;

// The widest copy this build has.
constexpr Copy kWidest =
#if defined(BAND_ISA_COPIES)
    Copy::avx512;
#else
    Copy::portable;
#endif

// The copy band_count() runs: the one rule of every kernel built in copies (dlx/vector_copy.hpp). The band
// solver's 16-lane shuffles gain from AVX-512 even where 512-bit operations are split (bench/README.md).
Copy chosen() {
  static const Copy copy = dlx::vector_copy(kWidest, true);
  return copy;
}

// Whether a solution of 81 values keeps the start (each cell's digit among its candidates there) and holds a
// digit in every cell.
[[maybe_unused]] bool band_solution_keeps(const BandStart& start, const std::uint8_t* solution) {
  for (int cell = 0; cell < 81; ++cell) {
    const unsigned v = solution[cell];
    if (v == 0 || v > 9 || (start.boxes[kCellBox[cell]][kCellLane[cell]] & (1u << (v - 1))) == 0)
      return false;
  }
  return true;
}

bool start_with(Copy copy, const std::uint8_t* values, BandStart& start) {
  switch (copy) {
#if defined(BAND_ISA_COPIES)
    case Copy::avx512:
      return band_avx512::start(values, start.boxes);
    case Copy::avx2:
      return band_avx2::start(values, start.boxes);
#endif
    default:
      return band_portable::start(values, start.boxes);
  }
}

BandCount run(Copy copy, const BandStart& start, std::uint64_t limit, std::uint64_t max_guesses,
              std::uint8_t* solution, const std::atomic<bool>* stop,
              std::chrono::steady_clock::time_point deadline) {
  BandCount result;
  switch (copy) {
#if defined(BAND_ISA_COPIES)
    case Copy::avx512:
      result = band_avx512::count(start.boxes, limit, max_guesses, solution, stop, ticks(deadline));
      break;
    case Copy::avx2:
      result = band_avx2::count(start.boxes, limit, max_guesses, solution, stop, ticks(deadline));
      break;
#endif
    default:
      result = band_portable::count(start.boxes, limit, max_guesses, solution, stop, ticks(deadline));
  }
  DLX_ASSERT(limit == 0 || result.solutions <= limit);
  DLX_ASSERT(!(result.complete && (result.gave_up || result.stopped || result.timed_out)));
  DLX_ASSERT(solution == nullptr || result.solutions == 0 || band_solution_keeps(start, solution));
  return result;
}

// The copy named `isa`, when this build and processor have it.
std::optional<Copy> named(const char* isa) {
  const std::string_view name = isa;
  const Copy copy = name == "avx512" ? Copy::avx512 : name == "avx2" ? Copy::avx2 : Copy::portable;
  if (name != dlx::vector_copy_name(copy) ||
      dlx::choose_vector_copy(kWidest, true, dlx::this_processor(), name) != copy)
    return std::nullopt;
  return copy;
}

}  // namespace

bool band_start(const std::uint8_t* values, BandStart& start) {
  return start_with(chosen(), values, start);
}

bool band_givens_valid(const std::uint8_t* values) {
  BandStart start;
  return band_start(values, start);
}

BandCount band_count_from(const BandStart& start, std::uint64_t limit, std::uint64_t max_guesses,
                          std::uint8_t* solution, const std::atomic<bool>* stop,
                          std::chrono::steady_clock::time_point deadline) {
  return run(chosen(), start, limit, max_guesses, solution, stop, deadline);
}

BandCount band_count(const std::uint8_t* values, std::uint64_t limit, std::uint64_t max_guesses,
                     std::uint8_t* solution, const std::atomic<bool>* stop,
                     std::chrono::steady_clock::time_point deadline) {
  BandStart start;
  [[maybe_unused]] const bool valid = band_start(values, start);
  DLX_ASSERT(valid);
  return run(chosen(), start, limit, max_guesses, solution, stop, deadline);
}

const char* band_instruction_set() {
  return dlx::vector_copy_name(chosen());
}

bool band_givens_valid_with(const char* isa, const std::uint8_t* values, bool& valid) {
  const std::optional<Copy> copy = named(isa);
  if (!copy) return false;
  BandStart start;
  valid = start_with(*copy, values, start);
  return true;
}

bool band_count_with(const char* isa, const std::uint8_t* values, std::uint64_t limit,
                     std::uint64_t max_guesses, std::uint8_t* solution, BandCount& out,
                     const std::atomic<bool>* stop, std::chrono::steady_clock::time_point deadline) {
  const std::optional<Copy> copy = named(isa);
  if (!copy) return false;
  BandStart start;
  [[maybe_unused]] const bool valid = start_with(*copy, values, start);
  DLX_ASSERT(valid);
  out = run(*copy, start, limit, max_guesses, solution, stop, deadline);
  return true;
}

}  // namespace sudoku
