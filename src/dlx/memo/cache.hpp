// The memoized counter's cache: the number of completions of each state seen (and, for a ZDD, the node that
// stands for it), by the state's key, in an open-addressing table within a memory budget.
//
// Entries are rows of 64-bit words in one flat array: the key's hash (0 marks a free row), the count's two
// halves, the ZDD node, then the key. A hash picks a bucket of kWays rows; a lookup reads only that bucket.
// The table starts small and doubles while it is half full and the budget allows; once the budget stops it
// growing, an insert into a full bucket evicts one of its rows (round robin). Evicting only forgets: a state
// met again is counted again, so counts stay exact whatever the budget.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "dlx/count128.hpp"

namespace dlx::memo {

// What the cache remembers of a state.
struct Entry {
  Count128 count = 0;  // its number of completions
  // The ZDD node standing for it when a ZDD is written; otherwise the nodes plain counting would enter to count
  // it (the size of its tree: memo/search.hpp judges by it whether memoizing pays).
  std::uint64_t zdd = 0;
};

class Cache {
 public:
  // Rows for keys of key_words words, in at most budget_bytes (but always room for a few thousand rows).
  Cache(std::size_t key_words, std::size_t budget_bytes);

  // The entry of the state with this key and hash, or nullptr.
  const Entry* find(std::uint64_t hash, std::span<const std::uint64_t> key);
  void insert(std::uint64_t hash, std::span<const std::uint64_t> key, const Entry& entry);

  std::uint64_t hits() const { return hits_; }
  std::uint64_t misses() const { return misses_; }
  std::uint64_t inserts() const { return inserts_; }
  std::uint64_t evictions() const { return evictions_; }
  std::size_t entries() const { return entries_; }
  std::size_t bytes() const { return rows_.size() * sizeof(std::uint64_t); }

 private:
  static constexpr std::size_t kWays = 4;    // rows per bucket
  static constexpr std::size_t kHeader = 4;  // words before the key: hash, count low, count high, ZDD node
  std::uint64_t* row(std::size_t index) { return rows_.data() + index * stride_; }
  void grow();

  std::size_t stride_;         // words of a row
  std::size_t max_rows_;       // the most rows the budget allows (a power of two)
  std::size_t row_count_ = 0;  // rows in the table now (a power of two)
  std::vector<std::uint64_t> rows_;
  std::size_t entries_ = 0;      // rows in use
  std::uint64_t victim_ = 0;     // turns the round robin of evictions
  std::uint64_t hits_ = 0;       // finds that found
  std::uint64_t misses_ = 0;     // finds that did not
  std::uint64_t inserts_ = 0;    // states stored
  std::uint64_t evictions_ = 0;  // states forgotten to make room
  Entry found_;                  // what find() returns a pointer to
};

}  // namespace dlx::memo
