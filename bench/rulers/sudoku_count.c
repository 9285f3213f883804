/* A file-reading driver for Sudoku solvers that are libraries (tdoku's TdokuSolverDpllTriadSimd and the
 * kudoku that tdoku's repository carries, other/kudoku/kudoku.c), so that bench/rulers.sh can time them as whole
 * processes on the same files as `sudoku count`: one puzzle per line (81 cells, '.' or '0' for a blank, anything
 * after them ignored), the number of solutions up to LIMIT printed per line.
 *
 *   sudoku_count tdoku|kudoku LIMIT < puzzles.txt
 *
 * Only a ruler: it is built outside the project's CMake by bench/rulers.sh, against the peers' sources. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t TdokuSolverDpllTriadSimd(const char* input, size_t limit, uint32_t configuration, char* solution,
                                size_t* num_guesses);
size_t OtherSolverKudoku(const char* input, size_t limit, uint32_t configuration, char* solution,
                         size_t* num_guesses);

int main(int argc, char** argv) {
  if (argc != 3 || (strcmp(argv[1], "tdoku") != 0 && strcmp(argv[1], "kudoku") != 0)) {
    fprintf(stderr, "usage: sudoku_count tdoku|kudoku LIMIT < puzzles\n");
    return 2;
  }
  size_t (*solve)(const char*, size_t, uint32_t, char*, size_t*) =
      strcmp(argv[1], "tdoku") == 0 ? TdokuSolverDpllTriadSimd : OtherSolverKudoku;
  /* LIMIT 0 counts every solution, as `sudoku count --limit 0` does. */
  size_t limit = (size_t)strtoull(argv[2], NULL, 10);
  if (limit == 0) limit = SIZE_MAX;
  char line[4096], puzzle[82], solution[82];
  unsigned long long total_guesses = 0;
  while (fgets(line, sizeof line, stdin)) {
    size_t n = strcspn(line, "\r\n");
    if (n < 81) continue;
    for (int i = 0; i < 81; ++i) puzzle[i] = line[i] == '0' ? '.' : line[i];
    puzzle[81] = '\0';
    size_t guesses = 0;
    printf("%zu\n", solve(puzzle, limit, 0, solution, &guesses));
    total_guesses += guesses;
  }
  fprintf(stderr, "guesses: %llu\n", total_guesses);
  return 0;
}
