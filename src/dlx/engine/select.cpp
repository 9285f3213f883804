// Which engine runs a problem: every decision in one place.
//
//   requested            the problem                                              runs
//   -------------------  -------------------------------------------------------  -----------------------------
//   automatic or links,  with a propagator (SearchOptions::propagator), no        links
//                        multiplicities or sharp items
//   any other            with a propagator                                        std::invalid_argument
//   bounds               any                                                      bounds (Algorithm M)
//   automatic            multiplicities other than 1:1, or sharp ('#') items      bounds
//   links/bitset/mask    multiplicities other than 1:1                            std::invalid_argument
//   links                any other                                                links (dancing links)
//   bitset               more than kBitsetMaxOptions options                      std::length_error
//   bitset               any other                                                bitset (propagating or not:
//                                                                                 BitsetEngine::propagates)
//   mask                 colors, a column longer than 14, too many items          std::invalid_argument
//   mask                 any other                                                mask
//   automatic            more than auto_max_options options or primary items,     links
//                        or a processor without POPCNT
//   automatic            the bitset engine would propagate and the masks fit      mask (Sudoku: half the
//                                                                                 instructions of bitset)
//   automatic            any other                                                bitset
//
// The bitset and mask engines then run in the copy engine_isa() names (isa.hpp).
//
// The thresholds are knobs (knobs.hpp), each with the bench/history/ section that chose it.
#include <stdexcept>
#include <string>

#include "bitset_engine.hpp"
#include "dlx/solver.hpp"
#include "engine.hpp"
#include "knobs.hpp"
#include "mask_engine.hpp"

namespace dlx {
namespace {

bool cpu_has_popcount() {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_cpu_supports("popcnt");
#else
  return true;
#endif
}

}  // namespace

bool needs_bounds_engine(const Problem& problem) {
  if (problem.has_multiplicities()) return true;
  for (ItemId item = 0; item < problem.item_count(); ++item)
    if (problem.is_primary(item) && problem.item_name(item).front() == '#') return true;
  return false;
}

Engine engine_for(const Problem& problem, const SearchOptions& options) {
  return detail::select_engine(problem, options);
}

const char* engine_name(Engine engine) {
  switch (engine) {
    case Engine::automatic:
      return "automatic";
    case Engine::links:
      return "links";
    case Engine::bitset:
      return "bitset";
    case Engine::mask:
      return "mask";
    case Engine::bounds:
      return "bounds";
  }
  return "?";
}

const char* instruction_set() {
  return vector_copy_name(detail::engine_isa());
}

namespace detail {

dlx::Engine select_engine(const Problem& problem, const SearchOptions& options) {
  const dlx::Engine requested = options.engine;
  if (options.propagator) {
    // Only dancing links restore what a propagator removes (links_engine.cpp).
    if ((requested != dlx::Engine::automatic && requested != dlx::Engine::links) ||
        needs_bounds_engine(problem))
      throw std::invalid_argument("a propagator runs only on the links engine (exact cover with colors)");
    return dlx::Engine::links;
  }
  if (requested == dlx::Engine::bounds) return dlx::Engine::bounds;
  if (requested == dlx::Engine::automatic && needs_bounds_engine(problem)) return dlx::Engine::bounds;
  if (problem.has_multiplicities())
    throw std::invalid_argument("only the bounds engine (Algorithm M) handles items with multiplicities");
  switch (requested) {
    case dlx::Engine::links:
      return dlx::Engine::links;
    case dlx::Engine::bitset:
      if (problem.option_count() > kBitsetMaxOptions)
        throw std::length_error("the bitset engine takes at most " + std::to_string(kBitsetMaxOptions) +
                                " options");
      return dlx::Engine::bitset;
    case dlx::Engine::mask:
      if (!MaskEngine::fits(problem))
        throw std::invalid_argument(
            "the mask engine takes problems without colors whose items have at most 14 options");
      return dlx::Engine::mask;
    default:
      break;
  }
  const std::size_t most = knobs().auto_max_options;
  const bool small = problem.option_count() <= most && problem.primary_count() <= most;
  if (!small || !cpu_has_popcount()) return dlx::Engine::links;
  if (BitsetEngine::propagates(problem, options) && MaskEngine::fits(problem)) return dlx::Engine::mask;
  return dlx::Engine::bitset;
}

Isa engine_isa() {
#if defined(DLX_ISA_AVX512_COPY)
  return vector_copy(Isa::avx512, false);
#elif defined(DLX_ISA_DISPATCH)
  return vector_copy(Isa::avx2, false);
#else
  return Isa::portable;
#endif
}

std::unique_ptr<Engine> make_engine(dlx::Engine kind, const Problem& problem, const SearchOptions& options) {
  switch (kind) {
    case dlx::Engine::bitset:
#if defined(DLX_ISA_AVX512_COPY)
      if (engine_isa() == Isa::avx512) return avx512::make_bitset_engine(problem, options);
#endif
#if defined(DLX_ISA_DISPATCH)
      if (engine_isa() == Isa::avx2) return avx2::make_bitset_engine(problem, options);
#endif
      return make_bitset_engine(problem, options);
    case dlx::Engine::mask:
#if defined(DLX_ISA_AVX512_COPY)
      if (engine_isa() == Isa::avx512) return avx512::make_mask_engine(problem, options);
#endif
#if defined(DLX_ISA_DISPATCH)
      if (engine_isa() == Isa::avx2) return avx2::make_mask_engine(problem, options);
#endif
      return make_mask_engine(problem, options);
    case dlx::Engine::bounds:
      return make_bounds_engine(problem, options);
    default:
      return make_links_engine(problem, options);
  }
}

}  // namespace detail
}  // namespace dlx
