// plain_variants: the reference for the killer and jigsaw rows of bench/README.md. A plain backtracking
// solver over 9x9 boards, written the way one would without an exact-cover engine: a bitmask of free digits
// per row, column and region, the open cell with fewest candidates next, and for a killer, each cage's
// remaining sum checked against the least and most its open cells can still add up to.
//
//   gcc -O2 -o plain_variants bench/plain_variants.c
//   ./plain_variants < killers.txt     # SudoCue lines (3x3::k:... or 3x3:d:k:...) or 162-character jigsaw lines
//
// Prints each puzzle's first solution as 81 digits, or "no solution".
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 9, CELLS = 81, MAX_CAGES = 81 };

static int region_of[CELLS], cage_of[CELLS], value[CELLS];
static int rows[N], cols[N], regions[N], diags[2], cage_used[MAX_CAGES], cage_left[MAX_CAGES],
    cage_open[MAX_CAGES];
static int diagonal;  // the killer's long diagonals hold every digit too

static int on_diag(int cell, int which) {
  const int r = cell / N, c = cell % N;
  return which == 0 ? r == c : r + c == N - 1;
}

// Digits still allowed in a cell, by every rule but the cage sum.
static int candidates(int cell) {
  const int r = cell / N, c = cell % N;
  int m = rows[r] & cols[c] & regions[region_of[cell]];
  if (diagonal && on_diag(cell, 0)) m &= diags[0];
  if (diagonal && on_diag(cell, 1)) m &= diags[1];
  if (cage_of[cell] >= 0) m &= ~cage_used[cage_of[cell]];
  return m;
}

// Whether k distinct digits from the mask `free` can add up to sum: between the k smallest and k largest.
static int reachable(int free, int k, int sum) {
  int low = 0, high = 0, got = 0;
  for (int d = 1; d <= N && got < k; ++d)
    if (free >> (d - 1) & 1) low += d, ++got;
  if (got < k) return 0;
  got = 0;
  for (int d = N; d >= 1 && got < k; --d)
    if (free >> (d - 1) & 1) high += d, ++got;
  return sum >= low && sum <= high;
}

static void set(int cell, int d, int on) {
  const int bit = 1 << (d - 1), r = cell / N, c = cell % N, k = cage_of[cell];
  rows[r] ^= bit, cols[c] ^= bit, regions[region_of[cell]] ^= bit;
  if (diagonal && on_diag(cell, 0)) diags[0] ^= bit;
  if (diagonal && on_diag(cell, 1)) diags[1] ^= bit;
  if (k >= 0) {
    cage_used[k] ^= bit;
    cage_left[k] += on ? -d : d;
    cage_open[k] += on ? -1 : 1;
  }
  value[cell] = on ? d : 0;
}

static int search(void) {
  int best = -1, best_mask = 0, best_count = N + 1;
  for (int cell = 0; cell < CELLS; ++cell) {
    if (value[cell]) continue;
    const int m = candidates(cell), count = __builtin_popcount(m);
    if (count < best_count) best = cell, best_mask = m, best_count = count;
    if (count == 0) return 0;
  }
  if (best < 0) return 1;
  const int k = cage_of[best];
  for (int d = 1; d <= N; ++d) {
    if (!(best_mask >> (d - 1) & 1)) continue;
    if (k >= 0) {
      const int left = cage_left[k] - d, open = cage_open[k] - 1;
      const int free = ~cage_used[k] & ~(1 << (d - 1)) & 0x1ff;
      if (open == 0 ? left != 0 : !reachable(free, open, left)) continue;
    }
    set(best, d, 1);
    if (search()) return 1;
    set(best, d, 0);
  }
  return 0;
}

static void reset(void) {
  for (int i = 0; i < N; ++i) rows[i] = cols[i] = regions[i] = 0x1ff;
  diags[0] = diags[1] = 0x1ff;
  for (int i = 0; i < CELLS; ++i) value[i] = 0, cage_of[i] = -1, region_of[i] = i / N / 3 * 3 + i % N / 3;
  memset(cage_used, 0, sizeof cage_used);
  memset(cage_left, 0, sizeof cage_left);
  memset(cage_open, 0, sizeof cage_open);
  diagonal = 0;
}

// "3x3::k:" or "3x3:d:k:", then 81 numbers sum*256+id (below 256: no cage).
static int read_killer(char* line) {
  diagonal = strncmp(line, "3x3:d:k:", 8) == 0;
  char* p = line + (diagonal ? 8 : 7);
  int ids[256], cages = 0;
  for (int i = 0; i < 256; ++i) ids[i] = -1;
  for (int cell = 0; cell < CELLS; ++cell) {
    char* end;
    const long v = strtol(p, &end, 10);
    if (end == p) return 0;
    p = *end == ':' ? end + 1 : end;
    if (v < 256) continue;
    int* id = &ids[v % 256];
    if (*id < 0) {
      *id = cages++;
      cage_left[*id] = (int)(v / 256);
    }
    cage_of[cell] = *id;
    ++cage_open[*id];
  }
  return 1;
}

// 81 givens then 81 region symbols.
static int read_jigsaw(const char* line) {
  char symbols[N];
  int used = 0;
  for (int cell = 0; cell < CELLS; ++cell) {
    const char s = line[CELLS + cell];
    int id = 0;
    while (id < used && symbols[id] != s) ++id;
    if (id == used) {
      if (used == N) return 0;
      symbols[used++] = s;
    }
    region_of[cell] = id;
  }
  for (int cell = 0; cell < CELLS; ++cell) {
    const char c = line[cell];
    if (c >= '1' && c <= '9') {
      if (!(candidates(cell) >> (c - '1') & 1)) return -1;
      set(cell, c - '0', 1);
    }
  }
  return 1;
}

int main(void) {
  static char line[8192];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\r\n")] = 0;
    if (!line[0] || line[0] == '#') continue;
    reset();
    const int ok = strncmp(line, "3x3:", 4) == 0 ? read_killer(line)
                   : strlen(line) >= 2 * CELLS   ? read_jigsaw(line)
                                                 : 0;
    if (ok == 0) {
      fprintf(stderr, "plain_variants: cannot read: %.40s\n", line);
      return 2;
    }
    if (ok < 0 || !search()) {
      puts("no solution");
      continue;
    }
    for (int cell = 0; cell < CELLS; ++cell) putchar('0' + value[cell]);
    putchar('\n');
  }
  return 0;
}
