#include "dlx/memo/cache.hpp"

#include <algorithm>
#include <bit>

namespace dlx::memo {

namespace {

constexpr std::size_t kInitialRows = 4096;

// A free row has hash 0, so a real hash of 0 is stored as 1; the key comparison tells such states apart.
std::uint64_t tag(std::uint64_t hash) {
  return hash == 0 ? 1 : hash;
}

}  // namespace

Cache::Cache(std::size_t key_words, std::size_t budget_bytes) : stride_(kHeader + key_words) {
  const std::size_t row_bytes = stride_ * sizeof(std::uint64_t);
  max_rows_ = std::max(kInitialRows, std::bit_floor(std::max<std::size_t>(budget_bytes / row_bytes, 1)));
  row_count_ = std::min(kInitialRows, max_rows_);
  rows_.assign(row_count_ * stride_, 0);
}

const Entry* Cache::find(std::uint64_t hash, std::span<const std::uint64_t> key) {
  const std::uint64_t t = tag(hash);
  const std::size_t first = (t & (row_count_ / kWays - 1)) * kWays;
  for (std::size_t r = first; r < first + kWays; ++r) {
    const std::uint64_t* p = row(r);
    if (p[0] == t && std::equal(key.begin(), key.end(), p + kHeader)) {
      ++hits_;
      found_.count = (Count128{p[2]} << 64) | p[1];
      found_.zdd = p[3];
      return &found_;
    }
  }
  ++misses_;
  return nullptr;
}

void Cache::insert(std::uint64_t hash, std::span<const std::uint64_t> key, const Entry& entry) {
  if (entries_ * 2 >= row_count_ && row_count_ < max_rows_) grow();
  const std::uint64_t t = tag(hash);
  const std::size_t first = (t & (row_count_ / kWays - 1)) * kWays;
  std::uint64_t* target = nullptr;
  for (std::size_t r = first; r < first + kWays && target == nullptr; ++r)
    if (row(r)[0] == 0) target = row(r);
  if (target == nullptr) {
    target = row(first + victim_++ % kWays);
    ++evictions_;
  } else {
    ++entries_;
  }
  target[0] = t;
  target[1] = entry.count.low64();
  target[2] = entry.count.high64();
  target[3] = entry.zdd;
  std::copy(key.begin(), key.end(), target + kHeader);
  ++inserts_;
}

// Twice the rows; every row moves to its bucket in the new table (the bucket of a hash only gains a bit, so
// nothing is lost unless a bucket overflows, which only forgets a state).
void Cache::grow() {
  std::vector<std::uint64_t> old = std::move(rows_);
  const std::size_t old_count = row_count_;
  row_count_ *= 2;
  rows_.assign(row_count_ * stride_, 0);
  entries_ = 0;
  const std::size_t buckets = row_count_ / kWays;
  for (std::size_t r = 0; r < old_count; ++r) {
    const std::uint64_t* p = old.data() + r * stride_;
    if (p[0] == 0) continue;
    const std::size_t first = (p[0] & (buckets - 1)) * kWays;
    for (std::size_t s = first; s < first + kWays; ++s) {
      if (row(s)[0] != 0) continue;
      std::copy(p, p + stride_, row(s));
      ++entries_;
      break;
    }
  }
}

}  // namespace dlx::memo
