#!/usr/bin/python3
"""Times each f-puzzles rule family: first solution and count to 2 over generated 9x9 puzzles.

usage: bench/fpuzzles_families.py SUDOKU [PUZZLES_PER_FAMILY] [RUNS] [FAMILY,...]

Per family, PUZZLES_PER_FAMILY (50) puzzles from random grids (seeded): clues of that family read off the grid
(tests/sudoku/fpuzzles_test.py makes them) and 16 givens; `sudoku solve` and `sudoku count --limit 2`, one
thread, each RUNS (5) times alternating, median wall time per puzzle in milliseconds.
"""
import json
import os
import random
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(sys.argv[0]))
sudoku = sys.argv[1]
per = int(sys.argv[2]) if len(sys.argv) > 2 else 50
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
only = sys.argv[4].split(",") if len(sys.argv) > 4 else None
source = open(os.path.join(here, "..", "tests", "sudoku", "fpuzzles_test.py")).read()
namespace = {"__name__": "bench"}
sys.argv = [sys.argv[0], sudoku]
exec(source.split("rng = random.Random(36)")[0], namespace)

FAMILIES = {
    "thermometer": ["thermometer"] * 6, "arrow": ["arrow"] * 6, "killer cage": ["killercage"] * 6,
    "little killer": ["littlekillersum"] * 4, "sandwich": ["sandwichsum"] * 6,
    "kropki": ["difference", "ratio"] * 3, "XV": ["xv"] * 6, "negative kropki/XV": ["negative"],
    "palindrome": ["palindrome"] * 4,
}
print("| family | puzzles | solve ms/puzzle | count to 2 ms/puzzle |")
print("|---|---|---|---|")
for name, kinds in FAMILIES.items():
    if only and name not in only:
        continue
    rng = random.Random(name)
    lines = []
    while len(lines) < per:
        grid = namespace["random_grid"](9, rng)
        p = namespace["make_puzzle"](9, grid, rng, kinds, exact=True)
        for cell in rng.sample(range(81), 16):
            p["grid"][cell // 9][cell % 9] = {"value": grid[cell], "given": True}
        lines.append(json.dumps(p))
    text = "\n".join(lines) + "\n"
    times = {"solve": [], "count": []}
    for _ in range(runs):
        for command, args in (("solve", ["solve"]), ("count", ["count", "--limit", "2"])):
            start = time.perf_counter()
            subprocess.run([sudoku] + args + ["--threads", "1"], input=text, capture_output=True, text=True,
                           check=True)
            times[command].append((time.perf_counter() - start) * 1000 / per)
    print("| %s | %d | %.2f | %.2f |" % (name, per, statistics.median(times["solve"]),
                                         statistics.median(times["count"])))
