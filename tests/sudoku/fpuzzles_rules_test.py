#!/usr/bin/python3
"""f-puzzles' clone, disjointgroups, nabner, rowindexer, columnindexer, boxindexer, xsum and skyscraper, against
a checker written here apart from the solver (plain loops over filled grids).

usage: fpuzzles_rules_test.py SUDOKU_BINARY

- 4x4: every grid (the 288 sudokus, or the 576 Latin squares filtered by a jigsaw layout); random rule sets of
  each kind, read off a grid or at random; `sudoku count` must equal the number of grids the checker accepts.
- 6x6: a random grid's givens, every completion enumerated here; the count must equal the completions the
  checker accepts.
- 9x9: random grids, rules read off them and a few givens; `sudoku solve` must give a grid the checker accepts.
- The f-puzzles JSON written back reads as the same rules (same count); bad entries are one line, status 2;
  `steps` sound on minimal 9x9 puzzles of each rule; `candidates` on 4x4 equal to the checker's grids' digits.
"""
import itertools
import json
import random
import sys

import fpuzzles_test as ft

KINDS = ["clone", "disjointgroups", "nabner", "rowindexer", "columnindexer", "boxindexer", "xsum", "skyscraper"]


# ---------------------------------------------------------------- the checker
def regions_of(p):
    """Each region's cells in reading order: the grid's "region" fields, else the boxes."""
    n = p["size"]
    regions = {}
    for cell in range(n * n):
        r, c = divmod(cell, n)
        regions.setdefault(p["grid"][r][c].get("region", ft.box_of(r, c, n)), []).append(cell)
    return regions


def cell_of(s, n):
    return (int(s[1:s.index("C")]) - 1) * n + int(s[s.index("C") + 1:]) - 1


def outside_line(s, n):
    """The row or column a clue outside the grid looks along, from the clue inwards."""
    r, c = int(s[1:s.index("C")]), int(s[s.index("C") + 1:])
    if r == 0:
        return [k * n + c - 1 for k in range(n)]
    if r == n + 1:
        return [k * n + c - 1 for k in reversed(range(n))]
    if c == 0:
        return [(r - 1) * n + k for k in range(n)]
    return [(r - 1) * n + k for k in reversed(range(n))]


def check_more(grid, p):
    """Whether a filled grid keeps this file's rules of the document (the others are fpuzzles_test's)."""
    n = p["size"]
    regions = regions_of(p)
    if p.get("disjointgroups"):
        for k in range(n):
            values = [grid[cells[k]] for cells in regions.values()]
            if len(set(values)) != len(values):
                return False
    for e in p.get("clone", []):
        if any(grid[cell_of(a, n)] != grid[cell_of(b, n)] for a, b in zip(e["cells"], e["cloneCells"])):
            return False
    for e in p.get("nabner", []):
        for line in e["lines"]:
            values = [grid[cell_of(x, n)] for x in line]
            if any(abs(a - b) < 2 for i, a in enumerate(values) for b in values[i + 1:]):
                return False
    for key in ("rowindexer", "columnindexer", "boxindexer"):
        for e in p.get(key, []):
            for x in e["cells"]:
                cell = cell_of(x, n)
                r, c, v = cell // n, cell % n, grid[cell]
                if key == "rowindexer" and grid[(v - 1) * n + c] != r + 1:
                    return False
                if key == "columnindexer" and grid[r * n + v - 1] != c + 1:
                    return False
                if key == "boxindexer":
                    region = next(cells for cells in regions.values() if cell in cells)
                    if grid[region[v - 1]] != region.index(cell) + 1:
                        return False
    for e in p.get("xsum", []):
        values = [grid[x] for x in outside_line(e["cell"], n)]
        if sum(values[:values[0]]) != int(e["value"]):
            return False
    for e in p.get("skyscraper", []):
        seen, top = 0, 0
        for x in outside_line(e["cell"], n):
            if grid[x] > top:
                seen, top = seen + 1, grid[x]
        if seen != int(e["value"]):
            return False
    return True


def check(grid, p):
    return ft.check(grid, p) and check_more(grid, p)


# ---------------------------------------------------------------- grids
def latin_squares(n):
    """Every n x n Latin square, built row by row from the permutations of the digits."""
    rows = list(itertools.permutations(range(1, n + 1)))
    squares = [[]]
    for _ in range(n):
        squares = [s + [r] for s in squares for r in rows if all(r[c] != x[c] for x in s for c in range(n))]
    return [[d for r in s for d in r] for s in squares]


def random_grid(n, rng, disjoint):
    """A random sudoku grid (boxes), its disjoint groups too when `disjoint`."""
    br = {4: 2, 6: 2, 9: 3}[n]
    bc = n // br
    place_of = lambda k: (k // n % br) * bc + k % n % bc  # a cell's place in its box, in reading order
    ok = lambda grid, k, d: not disjoint or all(grid[j] != d for j in range(k) if place_of(j) == place_of(k))
    return ft.random_grid(n, rng, ok)


def completions(n, givens, limit):
    """Every sudoku grid (boxes) keeping `givens` (cell -> digit); None past `limit` of them."""
    grid = [givens.get(k, 0) for k in range(n * n)]
    out = []

    def ok(k, d):
        r, c = divmod(k, n)
        for j in range(n * n):
            if j != k and grid[j] == d and (j // n == r or j % n == c or
                                             ft.box_of(j // n, j % n, n) == ft.box_of(r, c, n)):
                return False
        return True

    def place(k):
        if len(out) > limit:
            return
        if k == n * n:
            out.append(list(grid))
            return
        if k in givens:
            place(k + 1)
            return
        for d in range(1, n + 1):
            if ok(k, d):
                grid[k] = d
                place(k + 1)
        grid[k] = 0

    if all(ok(k, d) for k, d in givens.items()):
        place(0)
    return None if len(out) > limit else out


JIGSAW_4 = ["AABB", "ACBB", "ACDD", "CCDD"]  # four connected regions of four cells, not the boxes


# ---------------------------------------------------------------- puzzles
def clue_cell(n, rng):
    side, k = rng.randrange(4), rng.randrange(n) + 1
    return ["R0C%d" % k, "R%dC0" % k, "R%dC%d" % (n + 1, k), "R%dC%d" % (k, n + 1)][side]


def add_rule(p, kind, grid, rng, exact):
    """Adds a rule of `kind` to p: read off `grid` when exact (the grid keeps it), else at random."""
    n = p["size"]
    v = lambda cell: grid[cell]
    ref = lambda cell: ft.ref(cell, n)
    if kind == "disjointgroups":
        if not exact or check_more(grid, dict(p, disjointgroups=True)):
            p[kind] = True
    elif kind == "clone":
        # A shape and its copy shifted elsewhere: with exact, cells holding equal digits.
        size = rng.randint(1, 3)
        pairs = []
        for _ in range(size * 6):
            a, b = rng.randrange(n * n), rng.randrange(n * n)
            if a != b and (not exact or v(a) == v(b)) and a not in [x for x, _ in pairs] and \
                    b not in [y for _, y in pairs]:
                pairs.append((a, b))
            if len(pairs) == size:
                break
        if pairs:
            p.setdefault(kind, []).append({"cells": [ref(a) for a, _ in pairs],
                                           "cloneCells": [ref(b) for _, b in pairs]})
    elif kind == "nabner":
        ok = (lambda path, x: all(abs(v(x) - v(y)) >= 2 for y in path)) if exact else (lambda path, x: True)
        path = ft.walk(n, rng, rng.randint(2, (n + 1) // 2 + (0 if exact else 1)), ok)
        if len(path) >= 2:
            p.setdefault(kind, []).append({"lines": [[ref(x) for x in path]]})
    elif kind in ("rowindexer", "columnindexer", "boxindexer"):
        cells = []
        for _ in range(rng.randint(1, 3)):
            cell = rng.randrange(n * n)
            probe = dict(p, **{kind: [{"cells": [ref(cell)]}]})
            if (not exact or check_more(grid, probe)) and ref(cell) not in cells:
                cells.append(ref(cell))
        if cells:
            p.setdefault(kind, []).append({"cells": cells})
    elif kind in ("xsum", "skyscraper"):
        clue = clue_cell(n, rng)
        line = [v(x) for x in outside_line(clue, n)]
        if kind == "xsum":
            value = sum(line[:line[0]]) if exact else rng.randint(1, n * (n + 1) // 2)
        else:
            value = sum(1 for i, x in enumerate(line) if x > max(line[:i], default=0)) if exact else \
                rng.randint(1, n)
        if not any(e["cell"] == clue for e in p.get(kind, [])):
            p.setdefault(kind, []).append({"cell": clue, "value": str(value)})


def make_puzzle(n, grid, rng, kinds, exact, givens=0, layout=None):
    p = {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)]}
    if layout:
        for r in range(n):
            for c in range(n):
                p["grid"][r][c]["region"] = ord(layout[r][c]) - ord("A")
    for kind in kinds:
        add_rule(p, kind, grid, rng, exact)
    for cell in rng.sample(range(n * n), givens):
        p["grid"][cell // n][cell % n].update({"value": grid[cell], "given": True})
    return p


def counts_match(puzzles, grids, what):
    """`sudoku count` of each puzzle equals the number of `grids` the checker accepts."""
    rc, out, err = ft.run(["count"], "".join(json.dumps(p) + "\n" for p in puzzles))
    counts = out.split("\n")
    if len(counts) < len(puzzles):
        ft.fail("%s: %d counts for %d puzzles: %s" % (what, len(counts), len(puzzles), err))
    seen = set()
    for p, got in zip(puzzles, counts):
        expected = sum(1 for g in grids if check(g, p))
        seen.add(expected)
        if got.strip() != str(expected):
            ft.fail("%s count %s, checker %d: %s" % (what, got, expected, json.dumps(p)))
    return seen


# ---------------------------------------------------------------- tests
def test_counts_4x4(rng):
    grids = ft.all_grids(4)
    for kind in KINDS:
        puzzles = []
        for k in range(30):
            others = rng.sample(KINDS, rng.randint(1, 2)) if k % 3 == 1 else []
            kinds = [kind] * rng.randint(1, 2) + others
            if k % 5 == 4:
                kinds += rng.sample(ft.KINDS[:10], 1)  # with the older rules too
            puzzles.append(make_puzzle(4, rng.choice(grids), rng, kinds, exact=k % 4 != 3,
                                       givens=rng.randint(0, 2) if k % 2 else 0))
        seen = counts_match(puzzles, grids, kind + " 4x4")
        if kind != "disjointgroups" and len(seen) < 3:  # the cases must restrict, and differently
            ft.fail("%s 4x4: only counts %s among 30 puzzles" % (kind, sorted(seen)))
    # Disjoint groups alone, no givens: the relabelling shortcut's count (and clones keep it exact).
    empty = make_puzzle(4, grids[0], rng, [], exact=True)
    symmetric = [dict(empty, disjointgroups=True),
                 dict(empty, clone=[{"cells": ["R1C1", "R1C2"], "cloneCells": ["R2C3", "R2C4"]}]),
                 dict(empty, clone=[{"cells": ["R1C1"], "cloneCells": ["R4C4"]}], disjointgroups=True)]
    counts_match(symmetric, grids, "symmetric 4x4")
    # solve --all hands out each relabelling once: exactly the grids the checker accepts.
    for p in symmetric:
        _, out, err = ft.run(["solve", "--all"], json.dumps(p) + "\n")
        try:
            got = sorted(tuple(cellv["value"] for row in json.loads(line)["grid"] for cellv in row)
                         for line in out.split("\n") if line.strip())
        except (ValueError, KeyError, TypeError):
            ft.fail("symmetric 4x4 solve --all: %r %r" % (out[:200], err))
            continue
        if got != sorted(tuple(g) for g in grids if check(g, p)):
            ft.fail("symmetric 4x4 solve --all: %d grids, not the checker's, for %s" % (len(got), json.dumps(p)))


def test_jigsaw_4x4(rng):
    """Box indexers and disjoint groups follow the regions (cells in reading order), not the boxes."""
    squares = latin_squares(4)
    assert len(squares) == 576, len(squares)
    probe = make_puzzle(4, squares[0], rng, [], exact=True, layout=JIGSAW_4)
    grids = [g for g in squares if ft.check(g, probe)]
    puzzles = []
    for k in range(30):
        kinds = [rng.choice(["boxindexer", "disjointgroups", "boxindexer", "clone", "xsum"])] + \
            (["boxindexer"] if k % 2 else [])
        puzzles.append(make_puzzle(4, rng.choice(grids), rng, kinds, exact=k % 3 != 2, layout=JIGSAW_4))
    counts_match(puzzles, grids, "jigsaw 4x4")


def test_counts_6x6(rng):
    for kind in KINDS:
        puzzles, grids_of = [], []
        while len(puzzles) < 5:
            grid = random_grid(6, rng, disjoint=len(puzzles) % 2 == 0)
            givens = {cell: grid[cell] for cell in rng.sample(range(36), rng.randint(8, 11))}
            grids = completions(6, givens, 3000)
            if grids is None:
                continue
            kinds = [kind] * rng.randint(1, 3) + (rng.sample(KINDS, 1) if len(puzzles) % 2 else [])
            p = make_puzzle(6, grid, rng, kinds, exact=len(puzzles) != 4)
            for cell, d in givens.items():
                p["grid"][cell // 6][cell % 6].update({"value": d, "given": True})
            puzzles.append(p)
            grids_of.append(grids)
        rc, out, err = ft.run(["count"], "".join(json.dumps(p) + "\n" for p in puzzles))
        counts = out.split("\n")
        restricts = False
        for i, p in enumerate(puzzles):
            expected = sum(1 for g in grids_of[i] if check(g, p))
            restricts = restricts or 0 < expected < len(grids_of[i])
            got = counts[i].strip() if i < len(counts) else err
            if got != str(expected):
                ft.fail("%s 6x6 count %s, brute force %d: %s" % (kind, got, expected, json.dumps(p)))
        if not restricts:
            ft.fail("%s 6x6: no puzzle where the rule removes some completions but not all" % kind)


def test_solutions_9x9(rng):
    puzzles = []
    for k in range(16):
        kind = KINDS[k % len(KINDS)]
        kinds = [kind] * 3 + rng.sample(KINDS, 2)
        grid = random_grid(9, rng, disjoint=k % 2 == 0)
        puzzles.append(make_puzzle(9, grid, rng, kinds, exact=True, givens=rng.randint(14, 24)))
    rc, out, err = ft.run(["solve", "--time-limit", "120"], "".join(json.dumps(p) + "\n" for p in puzzles))
    for p, got in zip(puzzles, out.split("\n")):
        try:
            solved = json.loads(got)
            grid = [solved["grid"][r][c]["value"] for r in range(9) for c in range(9)]
        except (ValueError, KeyError, TypeError):
            ft.fail("9x9: no solution read back (%s) for %s (%s)" % (got[:200], json.dumps(p), err))
            continue
        if not check(grid, p):
            ft.fail("9x9: the solution breaks a rule: %s for %s" % (grid, json.dumps(p)))
        for key in KINDS:
            if key in p and key not in solved:
                ft.fail("9x9: the solution lost '%s'" % key)


def normalized(p, key):
    """A rule's entries as a comparable set (indexers: the cells; clones: the pairs; the rest: as written)."""
    entries = p.get(key, [])
    if key in ("rowindexer", "columnindexer", "boxindexer"):
        return sorted(x for e in entries for x in e["cells"])
    if key == "clone":
        return sorted(pair for e in entries for pair in zip(e["cells"], e["cloneCells"]) if pair[0] != pair[1])
    if key == "disjointgroups":
        return bool(entries)
    return sorted(json.dumps(e, sort_keys=True) for e in entries)


def test_round_trip(rng):
    grids = ft.all_grids(4)
    disjoint = [g for g in grids if check_more(g, {"size": 4, "grid": [[{}] * 4] * 4, "disjointgroups": True})]
    cases = [make_puzzle(4, rng.choice(disjoint), rng, KINDS, exact=True) for _ in range(4)]
    cases += [make_puzzle(6, random_grid(6, rng, True), rng, KINDS, exact=True, givens=12) for _ in range(2)]
    cases.append(make_puzzle(4, latin_squares(4)[0], rng, [], exact=True, layout=JIGSAW_4))
    cases[-1].update(disjointgroups=True, boxindexer=[{"cells": ["R1C1", "R3C2"]}])
    for p in cases:
        rc, out, err = ft.run(["solve", "--format", "same"], json.dumps(p) + "\n")
        try:
            back = json.loads(out)
        except ValueError:
            ft.fail("round trip: %r %r for %s" % (out[:200], err, json.dumps(p)))
            continue
        # The solution's cells are written as givens: blank those the puzzle did not give.
        for r in range(p["size"]):
            for c in range(p["size"]):
                if "value" not in p["grid"][r][c]:
                    back["grid"][r][c].pop("value", None), back["grid"][r][c].pop("given", None)
        for key in KINDS:
            if normalized(back, key) != normalized(p, key):
                ft.fail("round trip: '%s' written back as %r, read %r" % (key, back.get(key), p.get(key)))
        if "extraregion" in back:
            ft.fail("round trip: disjoint groups written as extra regions: %r" % back["extraregion"])
        _, want, _ = ft.run(["count"], json.dumps(p) + "\n")
        _, got, _ = ft.run(["count"], json.dumps(back) + "\n")
        if got != want or not want.strip():
            ft.fail("round trip: count %r, read %r, for %s" % (got, want, json.dumps(p)))


def test_steps_sound(rng):
    """steps on minimal 9x9 puzzles of each rule: every placement is the solution's digit, no elimination is."""
    rule_steps = 0
    for kind in KINDS:
        grid = random_grid(9, rng, disjoint=kind == "disjointgroups")
        p = make_puzzle(9, grid, rng, [kind] * 4, exact=True)
        for cell in range(81):
            p["grid"][cell // 9][cell % 9] = {"value": grid[cell], "given": True}
        _, out, err = ft.run(["minimize"], json.dumps(p) + "\n")
        _, out, err = ft.run(["steps", "--format", "json"], out)
        try:
            steps = json.loads(out)["steps"]
        except (ValueError, KeyError):
            ft.fail("steps %s: %r %r" % (kind, out[:300], err))
            continue
        for step in steps:
            for r, c, d in step["placements"]:
                if grid[(r - 1) * 9 + c - 1] != d:
                    ft.fail("steps %s: unsound placement %s" % (kind, step))
            for r, c, d in step["eliminations"]:
                if grid[(r - 1) * 9 + c - 1] == d:
                    ft.fail("steps %s: unsound elimination %s" % (kind, step))
            rule_steps += step["technique"] == "rule"
    if rule_steps == 0:
        ft.fail("steps: no rule step in %d puzzles" % len(KINDS))


def test_candidates_4x4(rng):
    """`candidates`: cell by cell, the digits of the grids the checker accepts (clones with no givens take the
    relabelling shortcut's road)."""
    grids = ft.all_grids(4)
    puzzles = [make_puzzle(4, rng.choice(grids), rng, rng.sample(KINDS, rng.randint(1, 3)), exact=k % 3 != 2,
                           givens=k % 2) for k in range(40)]
    puzzles += [make_puzzle(4, rng.choice(grids), rng, ["clone"], exact=True) for _ in range(4)]
    rc, out, err = ft.run(["candidates", "--format", "json", "--threads", "1"],
                          "".join(json.dumps(p) + "\n" for p in puzzles))
    records = [json.loads(x) for x in out.splitlines()]
    if len(records) != len(puzzles):
        ft.fail("candidates 4x4: %d records for %d puzzles: %r" % (len(records), len(puzzles), err[:500]))
        return
    for p, record in zip(puzzles, records):
        fits = [g for g in grids if check(g, p)]
        want = [{g[c] for g in fits} for c in range(16)]
        text = record.get("candidates") or ""
        got = [{int(ch) for ch in text[i * 4:(i + 1) * 4] if ch != "."} for i in range(16)]
        status = "none" if not fits else "unique" if len(fits) == 1 else "multiple"
        if got != want or record.get("status") != status:
            ft.fail("candidates 4x4: %s %s, want %s %s for %s" % (record.get("status"), got, status, want,
                                                                  json.dumps(p)))


def test_bad_entries():
    n = 4
    empty = [[{} for _ in range(n)] for _ in range(n)]
    bad = {
        "disjointgroups": {"disjointgroups": "yes"},
        "clone 1": {"clone": [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R2C3"]}]},
        "cloneCells": {"clone": [{"cells": ["R1C1"]}]},
        "cloneCells lists r2c2 twice": {"clone": [{"cells": ["R1C1", "R1C2"], "cloneCells": ["R2C2", "R2C2"]}]},
        "clone 2: cell R5C1": {"clone": [{"cells": ["R1C1"], "cloneCells": ["R2C2"]},
                                         {"cells": ["R5C1"], "cloneCells": ["R2C2"]}]},
        "nabner 1": {"nabner": [{"cells": ["R1C1", "R1C2"]}]},
        "nabner line at r1c1 has 5 cells": {"nabner": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4", "R2C4"]]}]},
        "twice": {"nabner": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]},
        "rowindexer 1": {"rowindexer": [{"cell": "R1C1"}]},
        "columnindexer 2: bad cell": {"columnindexer": [{"cells": ["R1C1"]}, {"cells": ["X"]}]},
        "boxindexer": {"boxindexer": {"cells": ["R1C1"]}},
        "xsum 1: cell R0C0": {"xsum": [{"cell": "R0C0", "value": "5"}]},
        "xsum 1 has no \"cell\"": {"xsum": [{"value": "5"}]},
        "X-sum at r1c1: clue 11": {"xsum": [{"cell": "R0C1", "value": "11"}]},
        "skyscraper 1 value": {"skyscraper": [{"cell": "R1C0", "value": "two"}]},
        "skyscraper at r1c4: clue 5": {"skyscraper": [{"cell": "R1C5", "value": "5"}]},
        "skyscraper 1: cell R2C2": {"skyscraper": [{"cell": "R2C2", "value": "2"}]},
    }
    for word, extra in bad.items():
        rc, out, err = ft.run(["count"], json.dumps(dict({"size": n, "grid": empty}, **extra)) + "\n")
        if rc != 2 or word not in err or len(err.strip().split("\n")) != 1:
            ft.fail("bad entry %s: rc %d, %r" % (word, rc, err))
    # A rule past the model's cap of digit combinations (a skyscraper clue of 9 on 16x16: millions of layouts) is
    # the puzzle's error, named, not an internal one.
    big = {"size": 16, "grid": [[{} for _ in range(16)] for _ in range(16)],
           "skyscraper": [{"cell": "R0C1", "value": "9"}]}
    rc, out, err = ft.run(["count"], json.dumps(big) + "\n")
    if rc != 2 or "skyscraper at r1c1 has more than" not in err or "internal" in err or len(err.strip().split("\n")) != 1:
        ft.fail("a skyscraper with too many layouts: rc %d, %r" % (rc, err))
    # Clues with no number are no rule, as f-puzzles draws them.
    blank = dict({"size": n, "grid": empty}, xsum=[{"cell": "R0C1", "value": ""}], skyscraper=[{"cell": "R0C2"}])
    rc, out, err = ft.run(["count"], json.dumps(blank) + "\n")
    if out.strip() != "288":
        ft.fail("blank clues: %r %r" % (out, err))


if __name__ == "__main__":
    rng = random.Random(5959)
    test_bad_entries()
    test_round_trip(rng)
    test_counts_4x4(rng)
    test_jigsaw_4x4(rng)
    test_counts_6x6(rng)
    test_solutions_9x9(rng)
    test_steps_sound(rng)
    test_candidates_4x4(rng)
    if ft.failures:
        print("%d failures" % len(ft.failures))
        sys.exit(1)
    print("ok")
