// alt: two programs, run alternately on the same input, for a ratio that a noisy machine cannot skew.
//
//   gcc -O2 -o alt bench/alt.c
//   ./alt 41 top95.txt -- build-bench/bin/sudoku count --limit 2 --threads 1 -- ./plain_sudoku 2
//
// Runs A then B, N times each, every run with FILE on standard input and standard output on /dev/null, and
// prints the median wall time of each and the median of the N ratios A/B. Whole processes are timed, start-up
// included, with nothing else (no shell, no `date`) inside the measured interval: what a short run costs.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

// One run of argv[0] with `input` on stdin; its wall time in milliseconds. Exits on any failure.
static double run(char** argv, const char* input) {
  const double start = now_ms();
  const pid_t pid = fork();
  if (pid < 0) {
    perror("alt: fork");
    exit(2);
  }
  if (pid == 0) {
    const int in = open(input, O_RDONLY), out = open("/dev/null", O_WRONLY);
    if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0) _exit(126);
    execv(argv[0], argv);
    _exit(127);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) >= 126) {
    fprintf(stderr, "alt: %s failed (status %d)\n", argv[0], status);
    exit(2);
  }
  return now_ms() - start;
}

static int compare(const void* a, const void* b) {
  const double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

static double median(double* values, int n) {
  qsort(values, (size_t)n, sizeof *values, compare);
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

int main(int argc, char** argv) {
  int split = 4;
  while (split < argc && strcmp(argv[split], "--") != 0) ++split;
  const int n = argc > 3 ? atoi(argv[1]) : 0;
  if (n < 1 || strcmp(argv[3], "--") != 0 || split + 1 >= argc || split == 4) {
    fprintf(stderr, "usage: alt N FILE -- PROGRAM [ARGS...] -- PROGRAM [ARGS...]  (programs as paths)\n");
    return 2;
  }
  argv[split] = NULL;
  char** a = argv + 4;
  char** b = argv + split + 1;
  double* ta = malloc(sizeof(double) * (size_t)n);
  double* tb = malloc(sizeof(double) * (size_t)n);
  double* ratio = malloc(sizeof(double) * (size_t)n);
  if (ta == NULL || tb == NULL || ratio == NULL) return 2;
  for (int k = 0; k < n; ++k) {
    ta[k] = run(a, argv[2]);
    tb[k] = run(b, argv[2]);
    ratio[k] = ta[k] / tb[k];
  }
  printf("A %.3f ms  B %.3f ms  ratio %.3f\n", median(ta, n), median(tb, n), median(ratio, n));
  return 0;
}
