# Problems in Knuth's format for the dlx command-line tests (memo_cli_test.sh, files_cli_test.sh).
# shellcheck shell=bash

# The domino tilings of a ROWS x COLS board in Knuth's format: cells are items, dominoes options.
dominoes() {
  local rows=$1 cols=$2 r c
  for ((r = 0; r < rows; r++)); do for ((c = 0; c < cols; c++)); do printf 'r%dc%d ' $r $c; done; done
  echo
  for ((r = 0; r < rows; r++)); do
    for ((c = 0; c < cols; c++)); do
      ((c + 1 < cols)) && echo "r${r}c$c r${r}c$((c + 1))"
      ((r + 1 < rows)) && echo "r${r}c$c r$((r + 1))c$c"
    done
  done
}
# COUNT independent items of two options each: 2^COUNT solutions.
binary() {
  local k
  for ((k = 0; k < $1; k++)); do printf 'x%d ' $k; done
  echo
  for ((k = 0; k < $1; k++)); do printf 'x%d\nx%d\n' $k $k; done
}
# The perfect matchings of the complete graph K_N: about 2^N states, beyond any cache for N = 40.
complete() {
  local a b
  for ((a = 0; a < $1; a++)); do printf 'v%d ' $a; done
  echo
  for ((a = 0; a < $1; a++)); do for ((b = a + 1; b < $1; b++)); do echo "v$a v$b"; done; done
}
