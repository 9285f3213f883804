#!/usr/bin/python3
"""f-puzzles line rules (betweenline, renban, whispers, regionsumline, entropicline, modularline, zipperline,
slowthermometer, doublearrow) end to end, against a checker written from the rules' statements apart from the
solver: plain loops over filled grids.

usage: fpuzzles_lines_test.py SUDOKU_BINARY

- 4x4: each rule alone and mixed, counts equal to the number of the 288 grids the checker accepts.
- 6x6: each rule with some givens, counts equal to a brute force (backtracking over the houses, the checker on
  every completed grid).
- 9x9: lines read off random grids, a few givens: `solve` gives a grid the checker accepts.
- Round trip: the document written back carries the same lines and counts the same; bad fields refused in one
  line naming the rule; `steps` sound on unique line puzzles.
"""
import json
import random
import sys

import fpuzzles_test as ft

KINDS = ["betweenline", "renban", "whispers", "regionsumline", "entropicline", "modularline", "zipperline",
         "slowthermometer", "doublearrow"]
failures = []


def fail(what):
    failures.append(what)
    print("FAIL:", what[:2000])


# ---------------------------------------------------------------- the checker
def ranks(n):
    """Entropic ranks: 1..n cut into low, middle and high thirds; when n is not a multiple of 3 the middle third
    is the one whose size differs (f-puzzles' rule text)."""
    third = n // 3
    sizes = {0: (third, third, third), 1: (third, third + 1, third), 2: (third + 1, third, third + 1)}[n % 3]
    rank, d = {}, 1
    for r, size in enumerate(sizes):
        for _ in range(size):
            rank[d] = r
            d += 1
    return rank


def region_map(puzzle):
    n = puzzle["size"]
    return {r * n + c: puzzle["grid"][r][c].get("region", ft.box_of(r, c, n)) for r in range(n) for c in range(n)}


def line_keeps(kind, values, cells, puzzle, entry):
    n = puzzle["size"]
    k = len(values)
    if kind == "betweenline":
        if k < 3:
            return True
        low, high = sorted((values[0], values[-1]))
        return all(low < x < high for x in values[1:-1])
    if kind == "renban":
        return len(set(values)) == k and max(values) - min(values) == k - 1
    if kind == "whispers":
        diff = int(entry["value"]) if entry.get("value") not in (None, "") else (n + 1) // 2
        return all(abs(a - b) >= diff for a, b in zip(values, values[1:]))
    if kind == "slowthermometer":
        return all(a <= b for a, b in zip(values, values[1:]))
    if kind in ("entropicline", "modularline"):
        cls = ranks(n) if kind == "entropicline" else {d: d % 3 for d in range(1, n + 1)}
        seq = [cls[x] for x in values]
        if k == 2:
            return seq[0] != seq[1]
        return all(len({seq[i], seq[i + 1], seq[i + 2]}) == 3 for i in range(k - 2))
    if kind == "regionsumline":
        region = region_map(puzzle)
        sums, last = [], None
        for cell, x in zip(cells, values):
            if region[cell] != last:
                sums.append(0)
            sums[-1] += x
            last = region[cell]
        return len(set(sums)) <= 1
    if kind == "zipperline":
        sums = {values[i] + values[k - 1 - i] if i != k - 1 - i else values[i] for i in range((k + 1) // 2)}
        return k < 3 or len(sums) == 1
    if kind == "doublearrow":
        return k < 3 or values[0] + values[-1] == sum(values[1:-1])
    raise ValueError(kind)


def check(grid, puzzle):
    """The other rules by fpuzzles_test's checker, then every line."""
    n = puzzle["size"]
    # Published documents carry null fields and solver entries ("given": false): no clue, for the other checker.
    cells = [[{k: v for k, v in cellv.items() if v is not None and (k != "value" or cellv.get("given", True))}
              for cellv in row] for row in puzzle["grid"]]
    if not ft.check(grid, dict(puzzle, grid=cells)):
        return False
    cell_of = lambda s: (int(s[1:s.index("C")]) - 1) * n + int(s[s.index("C") + 1:]) - 1
    for kind in KINDS:
        for entry in puzzle.get(kind, []):
            for line in entry["lines"]:
                cells = [cell_of(x) for x in line]
                if not line_keeps(kind, [grid[c] for c in cells], cells, puzzle, entry):
                    return False
    return True


# ---------------------------------------------------------------- puzzles
def add_line(p, kind, grid, rng, exact, n):
    """A line of `kind` on the puzzle: one the grid keeps (exact; tried on random walks) or any."""
    for _ in range(400):
        length = rng.randint(2, min(n, 7))
        if kind == "renban":
            length = rng.randint(2, n)
        path = ft.walk(n, rng, length)
        entry = {"lines": [[ft.ref(x, n) for x in path]]}
        if kind == "whispers" and rng.random() < 0.5:
            entry["value"] = str(rng.randint(1, n // 2))
        if not exact or line_keeps(kind, [grid[c] for c in path], path, p, entry):
            p.setdefault(kind, []).append(entry)
            return


def make_puzzle(n, grid, rng, kinds, exact, givens=0):
    p = {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)]}
    for kind in kinds:
        add_line(p, kind, grid, rng, exact, n)
    for cell in rng.sample(range(n * n), givens):
        p["grid"][cell // n][cell % n] = {"value": grid[cell], "given": True}
    return p


def brute_count(puzzle):
    """Completions of the givens under rows, columns and boxes, by backtracking; each full grid then checked."""
    n = puzzle["size"]
    grid = [puzzle["grid"][c // n][c % n].get("value", 0) for c in range(n * n)]
    peers = [[o for o in range(n * n) if o != cell and (o // n == cell // n or o % n == cell % n or
                                                         ft.box_of(o // n, o % n, n) == ft.box_of(cell // n, cell % n, n))]
             for cell in range(n * n)]
    count = 0

    def place(cell):
        nonlocal count
        if cell == n * n:
            count += check(grid, puzzle)
            return
        if grid[cell]:
            place(cell + 1)
            return
        for d in range(1, n + 1):
            if all(grid[o] != d for o in peers[cell]):
                grid[cell] = d
                place(cell + 1)
                grid[cell] = 0

    if all(all(grid[o] != grid[c] for o in peers[c]) for c in range(n * n) if grid[c]):
        place(0)
    return count


def count_all(puzzles):
    text = "".join(json.dumps(p) + "\n" for p in puzzles)
    rc, out, err = ft.run(["count"], text)
    lines = out.split("\n")
    if len(lines) < len(puzzles) + 1:
        fail("count: %d answers for %d puzzles: %r" % (len(lines) - 1, len(puzzles), err))
    return [x.strip() for x in lines[:len(puzzles)]]


# ---------------------------------------------------------------- tests
def test_counts_4x4(rng):
    grids = ft.all_grids(4)
    puzzles = []
    for kind in KINDS:
        for k in range(16):
            kinds = [kind] * rng.randint(1, 2) + (rng.sample(KINDS, rng.randint(1, 2)) if k % 4 == 3 else [])
            puzzles.append(make_puzzle(4, rng.choice(grids), rng, kinds, exact=k % 3 != 2))
    # Repeats across houses: a slow thermometer, a region sum line and a zipper whose equal digits sit in
    # different boxes; a two-cell entropic and modular line.
    e = lambda *cells: {"lines": [list(cells)]}
    puzzles += [
        {"size": 4, "grid": [[{}] * 4] * 4, "slowthermometer": [e("R1C1", "R2C3", "R3C2", "R4C4")]},
        {"size": 4, "grid": [[{}] * 4] * 4, "regionsumline": [e("R1C2", "R1C3", "R2C3", "R2C2")]},
        {"size": 4, "grid": [[{}] * 4] * 4, "zipperline": [e("R1C1", "R2C2", "R3C3", "R4C4", "R4C3")]},
        {"size": 4, "grid": [[{}] * 4] * 4, "entropicline": [e("R1C1", "R2C2")], "modularline": [e("R3C3", "R4C3")]},
        {"size": 4, "grid": [[{}] * 4] * 4, "doublearrow": [e("R1C1", "R2C2", "R3C3", "R4C4")],
         "betweenline": [e("R1C4", "R2C3", "R3C2", "R4C1")]},
    ]
    for p, got in zip(puzzles, count_all(puzzles)):
        want = sum(1 for g in grids if check(g, p))
        if got != str(want):
            fail("4x4 count %s, checker %d: %s" % (got, want, json.dumps(p)))
    # The repeat cases restrict something and still admit grids that repeat along the line.
    if not 0 < sum(1 for g in grids if check(g, puzzles[-5])) < 288:
        fail("the slow thermometer repeat case says nothing")


def test_jigsaw_4x4(rng):
    """Region sum lines (and the others) on jigsaw regions: runs cut where the line changes region, not box; counts
    over the 576 Latin squares the checker filters by the regions."""
    layout = [[0, 0, 0, 1], [2, 0, 1, 1], [2, 2, 3, 1], [2, 3, 3, 3]]
    squares = []

    def fill(grid, k):
        if k == 16:
            squares.append(list(grid))
            return
        r, c = divmod(k, 4)
        for d in range(1, 5):
            if all(grid[r * 4 + j] != d for j in range(c)) and all(grid[i * 4 + c] != d for i in range(r)):
                grid[k] = d
                fill(grid, k + 1)
        grid[k] = 0

    fill([0] * 16, 0)
    assert len(squares) == 576
    puzzles = []
    for k in range(24):
        kinds = ["regionsumline"] * 2 if k % 3 else rng.sample(KINDS, 2)
        p = {"size": 4, "grid": [[{"region": layout[r][c]} for c in range(4)] for r in range(4)]}
        fits = [g for g in squares if ft.check(g, p)]
        grid = rng.choice(fits)
        for kind in kinds:
            add_line(p, kind, grid, rng, k % 4 != 3, 4)
        puzzles.append(p)
    for p, got in zip(puzzles, count_all(puzzles)):
        want = sum(1 for g in squares if check(g, p))
        if got != str(want):
            fail("jigsaw 4x4 count %s, checker %d: %s" % (got, want, json.dumps(p)))


def test_counts_6x6(rng):
    for kind in KINDS:
        puzzles, wants = [], []
        for k in range(3):
            grid = ft.random_grid(6, rng)
            p = make_puzzle(6, grid, rng, [kind] * rng.randint(1, 3), exact=k != 2, givens=rng.randint(7, 9))
            puzzles.append(p)
            wants.append(brute_count(p))
        for p, got, want in zip(puzzles, count_all(puzzles), wants):
            if got != str(want):
                fail("6x6 count %s, brute force %d: %s" % (got, want, json.dumps(p)))


def test_solutions_9x9(rng):
    puzzles = []
    for k in range(2 * len(KINDS)):
        grid = ft.random_grid(9, rng)
        kinds = [KINDS[k % len(KINDS)]] * 3 + rng.sample(KINDS, 2)
        puzzles.append(make_puzzle(9, grid, rng, kinds, exact=True, givens=rng.randint(18, 26)))
    rc, out, err = ft.run(["solve", "--time-limit", "60"], "".join(json.dumps(p) + "\n" for p in puzzles))
    for p, got in zip(puzzles, out.split("\n")):
        try:
            solved = json.loads(got)
            grid = [solved["grid"][r][c]["value"] for r in range(9) for c in range(9)]
        except (ValueError, KeyError, TypeError):
            fail("9x9: no solution read back (%s) for %s (%s)" % (got[:200], json.dumps(p), err))
            continue
        if not check(grid, p):
            fail("9x9: the solution breaks a rule: %s for %s" % (grid, json.dumps(p)))


def lines_of(doc):
    """The lines of every kind, with whispers' difference as the document means it."""
    n = doc["size"]
    out = {}
    for kind in KINDS:
        for entry in doc.get(kind, []):
            value = int(entry["value"]) if kind == "whispers" and entry.get("value") not in (None, "") else None
            if kind == "whispers" and value is None:
                value = (n + 1) // 2
            for line in entry["lines"]:
                out.setdefault(kind, []).append((line, value))
    return out


def test_round_trip(rng):
    for n in (4, 6, 9):
        for k in range(4):
            grid = ft.random_grid(n, rng) if n > 4 else rng.choice(ft.all_grids(4))
            p = make_puzzle(n, grid, rng, KINDS, exact=True, givens={4: 2, 6: 12, 9: 24}[n])
            if rng.random() < 0.5:  # several lines in one entry
                for kind in KINDS:
                    if kind in p and kind != "whispers":
                        p[kind] = [{"lines": [line for e in p[kind] + p[kind] for line in e["lines"]]}]
            rc, out, err = ft.run(["solve", "--format", "same"], json.dumps(p) + "\n")
            try:
                back = json.loads(out)
            except ValueError:
                fail("round trip %dx%d: %r %r" % (n, n, out[:200], err))
                continue
            if lines_of(back) != lines_of(p):
                fail("round trip: lines %r, read %r" % (lines_of(back), lines_of(p)))
            for row in back["grid"]:
                for cellv in row:
                    cellv.pop("value", None), cellv.pop("given", None)
            for r in range(n):
                for c in range(n):
                    back["grid"][r][c].update(p["grid"][r][c])
            _, want, _ = ft.run(["count", "--limit", "100"], json.dumps(p) + "\n")
            _, got, _ = ft.run(["count", "--limit", "100"], json.dumps(back) + "\n")
            if got != want or want.strip() in ("", "0"):
                fail("round trip %dx%d: count %r, read %r, for %s" % (n, n, got, want, json.dumps(p)))


def test_bad_fields():
    empty = [[{} for _ in range(4)] for _ in range(4)]
    line = [["R1C1", "R1C2", "R1C3"]]
    bad = {
        "betweenline 1: bad cell": {"betweenline": [{"lines": [["R1C1", "R9C1"]]}]},
        "renban 1 has no \"lines\"": {"renban": [{"cells": ["R1C1", "R1C2"]}]},
        "whispers 1 value is not a whole number": {"whispers": [{"lines": line, "value": "five"}]},
        "whispers 2: value 4 is out of range": {"whispers": [{"lines": line}, {"lines": line, "value": "4"}]},
        "whispers 1: value 0": {"whispers": [{"lines": line, "value": 0}]},
        "\"regionsumline\" is not a list": {"regionsumline": {"lines": line}},
        "entropicline 1 has no cells": {"entropicline": [{"lines": [[]]}]},
        "modularline 1: a cell is not a string": {"modularline": [{"lines": [[1, 2]]}]},
        "zipperline 1 has no \"lines\"": {"zipperline": [{"lines": "R1C1"}]},
        "slow thermometer at r1c1 lists cell r1c1 twice": {"slowthermometer": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]},
        "renban 1 has a line of 5 cells": {"renban": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4", "R2C4"]]}]},
        "doublearrow 1: cell": {"doublearrow": [{"lines": [["R1C1", "R0C1"]]}]},
    }
    for word, extra in bad.items():
        rc, out, err = ft.run(["count"], json.dumps(dict({"size": 4, "grid": empty}, **extra)) + "\n")
        if rc != 2 or word.lower() not in err.lower() or len(err.strip().split("\n")) != 1:
            fail("bad field %s: rc %d, %r" % (word, rc, err))


def test_steps_sound(rng):
    rule_steps = 0
    for k, kind in enumerate(KINDS):
        grid = ft.random_grid(9, rng)
        p = make_puzzle(9, grid, rng, [kind] * 6, exact=True)
        for r in range(9):
            for c in range(9):
                p["grid"][r][c] = {"value": grid[r * 9 + c], "given": True}
        _, out, err = ft.run(["minimize", "--time-limit", "60"], json.dumps(p) + "\n")
        rc, out, err = ft.run(["steps", "--format", "json"], out)
        try:
            steps = json.loads(out)["steps"]
        except (ValueError, KeyError):
            fail("steps %s: %r %r" % (kind, out[:300], err))
            continue
        for step in steps:
            for r, c, d in step["placements"]:
                if grid[(r - 1) * 9 + c - 1] != d:
                    fail("steps %s: unsound placement %s" % (kind, step))
            for r, c, d in step["eliminations"]:
                if grid[(r - 1) * 9 + c - 1] == d:
                    fail("steps %s: unsound elimination %s" % (kind, step))
            rule_steps += step["technique"] == "rule"
    if rule_steps == 0:
        fail("steps: no line rule step in %d line puzzles" % len(KINDS))


def test_published():
    """Published line puzzles (tests/sudoku/data/published_lines.txt): the checker accepts each published solution,
    which pins the readings to the setters' (whispers' default, region sum runs, entropic thirds...); the model
    admits it and nothing else once half its cells are given; the ones the search answers at once (entropic,
    slow thermometer: the others take it minutes from their few givens) are counted as unique and solved to it."""
    entries = ft.published("published_lines.txt")
    for name, document, want in entries:
        puzzle = json.loads(document)
        n = puzzle["size"]
        if not check(want, puzzle):
            fail("published %s: the checker rejects the published solution" % name)
        half = json.loads(document)
        for cell in range(0, n * n, 2):
            half["grid"][cell // n][cell % n].update({"value": want[cell], "given": True})
        rc, out, err = ft.run(["count"], json.dumps(half) + "\n")
        if out.strip() != "1":
            fail("published %s, half its solution given: count %r %r" % (name, out, err))
        if "Entropic" in name or "Slow Thermo" in name:
            ft.unique_and_solved(name, document, want, fail)
    if len(entries) < 8:
        fail("published: %d puzzles read" % len(entries))


if __name__ == "__main__":
    ft.SUDOKU = sys.argv[1]
    test_bad_fields()
    test_published()
    test_counts_4x4(random.Random(591))
    test_jigsaw_4x4(random.Random(596))
    test_counts_6x6(random.Random(592))
    test_solutions_9x9(random.Random(593))
    test_round_trip(random.Random(594))
    test_steps_sound(random.Random(595))
    print("%d failures" % len(failures))
    sys.exit(1 if failures else 0)
