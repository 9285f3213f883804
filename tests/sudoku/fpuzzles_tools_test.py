#!/usr/bin/python3
"""sudoku candidates under f-puzzles rules, against the independent checker of fpuzzles_test.py.

usage: fpuzzles_tools_test.py SUDOKU_BINARY

4x4: random rule sets of every kind (read off a grid, or random ones that may admit no grid), a few givens;
`sudoku candidates` must print, cell by cell, exactly the digits that some of the 288 grids accepted by the
checker holds there, and the status none, unique or multiple by their number.
"""
import json
import random
import sys

import fpuzzles_test as ft


def parse_candidates(text, n):
    return [{int(ch) for ch in text[i * n:(i + 1) * n] if ch != "."} for i in range(n * n)]


def test_candidates_4x4(rng):
    grids = ft.all_grids(4)
    batch, wanted = [], []
    for k in range(80):
        kinds = rng.sample(ft.KINDS, rng.randint(1, 4))
        grid = ft.random_grid(4, rng)
        puzzle = ft.make_puzzle(4, grid, rng, kinds, exact=k % 2 == 0)
        fits = [g for g in grids if ft.check(g, puzzle)]
        want = [{g[c] for g in fits} for c in range(16)]
        status = "none" if not fits else "unique" if len(fits) == 1 else "multiple"
        batch.append(json.dumps(puzzle))
        wanted.append((want, status))
    rc, out, err = ft.run(["candidates", "--format", "json", "--threads", "1"], "\n".join(batch) + "\n")
    records = [json.loads(x) for x in out.splitlines()]
    if len(records) != len(batch):
        ft.fail("candidates 4x4: %d records for %d puzzles: %r" % (len(records), len(batch), err[:500]))
        return
    for puzzle, record, (want, status) in zip(batch, records, wanted):
        got = parse_candidates(record.get("candidates") or "", 4)
        if got != want or record.get("status") != status:
            ft.fail("candidates 4x4: %s %s, want %s %s for %s" % (record.get("status"), got, status, want, puzzle))


rng = random.Random("candidates")
test_candidates_4x4(rng)
print("%d failures" % len(ft.failures))
sys.exit(1 if ft.failures else 0)
