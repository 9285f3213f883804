#!/usr/bin/python3
"""Easy puzzle sets for bench/, derived from 17_clue.txt: each puzzle with K of its blanks filled from its
solution (K random cells, the same for every run), so that singles solve most of them, as in the sets most
users feed a solver (newspaper puzzles, Kaggle's million). The shared data has no such set.

    bench/easy_sets.py SUDOKU PUZZLES OUT_PREFIX [K...]    # default K: 8 14 22

SUDOKU is a built `sudoku` command (it solves the puzzles); the first 20000 puzzles of PUZZLES are used;
writes OUT_PREFIX<K>.txt, one puzzle per line.
"""
import random
import subprocess
import sys


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    sudoku, puzzles, prefix = sys.argv[1:4]
    ks = [int(k) for k in sys.argv[4:]] or [8, 14, 22]
    with open(puzzles, encoding="ascii") as f:
        lines = [line[:81] for _, line in zip(range(20000), f)]
    solved = subprocess.run([sudoku, "solve", "--threads", "1", "-"], input="\n".join(lines) + "\n",
                            capture_output=True, text=True, check=True).stdout.split()
    if len(solved) != len(lines):
        print(f"easy_sets: {len(lines)} puzzles but {len(solved)} solutions", file=sys.stderr)
        return 1
    for k in ks:
        rng = random.Random(7 + k)
        with open(f"{prefix}{k}.txt", "w", encoding="ascii") as out:
            for puzzle, solution in zip(lines, solved):
                cells = list(puzzle)
                blanks = [i for i, c in enumerate(cells) if c not in "123456789"]
                for i in rng.sample(blanks, min(k, len(blanks))):
                    cells[i] = solution[i]
                out.write("".join(cells) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
