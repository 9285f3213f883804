#include "knobs.hpp"

#include <atomic>

namespace dlx::detail {
namespace {

const Knobs kDefaults;
std::atomic<const Knobs*> current{&kDefaults};

}  // namespace

const Knobs& knobs() {
  return *current.load(std::memory_order_acquire);
}

ScopedKnobs::ScopedKnobs(const Knobs& knobs)
    : previous_(current.load(std::memory_order_acquire)), knobs_(knobs) {
  current.store(&knobs_, std::memory_order_release);
}

ScopedKnobs::~ScopedKnobs() {
  current.store(previous_, std::memory_order_release);
}

}  // namespace dlx::detail
