// The number of threads of this process (its entries in /proc/self/task), for tests that check which code
// starts threads and when.
#pragma once

#include <dirent.h>

namespace test {

inline int thread_count() {
  int n = 0;
  if (DIR* dir = ::opendir("/proc/self/task")) {
    while (const dirent* entry = ::readdir(dir)) n += entry->d_name[0] != '.' ? 1 : 0;
    ::closedir(dir);
  }
  return n;
}

}  // namespace test
