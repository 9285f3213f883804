#include "knobs.hpp"

#include <atomic>

namespace dlx::detail {
namespace {

const Knobs kDefaults;
std::atomic<const Knobs*> installed{&kDefaults};

}  // namespace

const Knobs& knobs() {
  return *installed.load(std::memory_order_acquire);
}

ScopedKnobs::ScopedKnobs(const Knobs& knobs)
    : previous_(installed.load(std::memory_order_acquire)), knobs_(knobs) {
  installed.store(&knobs_, std::memory_order_release);
}

ScopedKnobs::~ScopedKnobs() {
  installed.store(previous_, std::memory_order_release);
}

}  // namespace dlx::detail
