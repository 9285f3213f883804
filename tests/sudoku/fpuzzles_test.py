#!/usr/bin/python3
"""f-puzzles rules end to end, against a checker written apart from the solver: plain loops over filled grids.

usage: fpuzzles_test.py SUDOKU_BINARY

- 4x4: all 288 grids enumerated here; random rule sets of every kind; `sudoku count` must equal the number of
  grids the checker accepts.
- 9x9: random grids, clues of every rule read off them, a few givens; `sudoku solve` must give a grid the
  checker accepts.
- f-puzzles links (lz-string, made with Debian's python3-lzstring when installed), multi-line documents,
  refusals and the f-puzzles JSON written back.
"""
import json
import os
import random
import subprocess
import sys

SUDOKU = sys.argv[1]
failures = []


def run(args, text):
    p = subprocess.run([SUDOKU] + args, input=text, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def ref(cell, n):
    return "R%dC%d" % (cell // n + 1, cell % n + 1)


# ---------------------------------------------------------------- the checker
def box_of(r, c, n):
    br = {4: 2, 6: 2, 9: 3}[n]
    bc = n // br
    return r // br * br + c // bc


def check(grid, puzzle):
    """Whether a filled grid (list of n*n digits) keeps every rule of the f-puzzles document."""
    n = puzzle["size"]
    at = lambda cell: grid[cell]
    cell_of = lambda s: (int(s[1:s.index("C")]) - 1) * n + int(s[s.index("C") + 1:]) - 1
    houses = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
    regions = {}
    for r in range(n):
        for c in range(n):
            cellv = puzzle["grid"][r][c]
            regions.setdefault(cellv.get("region", box_of(r, c, n)), []).append(r * n + c)
            if "value" in cellv and grid[r * n + c] != cellv["value"]:
                return False
            if "givenPencilMarks" in cellv and grid[r * n + c] not in cellv["givenPencilMarks"]:
                return False
    houses += list(regions.values())
    if puzzle.get("diagonal-"):
        houses.append([i * n + i for i in range(n)])
    if puzzle.get("diagonal+"):
        houses.append([i * n + n - 1 - i for i in range(n)])
    for region in puzzle.get("extraregion", []):
        houses.append([cell_of(x) for x in region["cells"]])
    for cage in puzzle.get("killercage", []):
        cells = [cell_of(x) for x in cage["cells"]]
        houses.append(cells)
        if sum(at(x) for x in cells) != int(cage["value"]):
            return False
    for house in houses:
        values = [at(x) for x in house]
        if len(set(values)) != len(values):
            return False
    for a in range(n * n):
        for b in range(n * n):
            dr, dc = abs(a // n - b // n), abs(a % n - b % n)
            if puzzle.get("antiknight") and {dr, dc} == {1, 2} and at(a) == at(b):
                return False
            if puzzle.get("antiking") and dr == 1 and dc == 1 and at(a) == at(b):
                return False
    for thermo in puzzle.get("thermometer", []):
        for line in thermo["lines"]:
            values = [at(cell_of(x)) for x in line]
            if any(values[i] >= values[i + 1] for i in range(len(values) - 1)):
                return False
    for arrow in puzzle.get("arrow", []):
        circle = [cell_of(x) for x in arrow["cells"]]
        number = int("".join(str(at(x)) for x in circle))
        # Each line is an arrow of its own: its cells outside the circle add up to the circle's number.
        for line in arrow["lines"]:
            if number != sum(at(cell_of(x)) for x in line if cell_of(x) not in circle):
                return False
    for lk in puzzle.get("littlekillersum", []):
        if sum(at(cell_of(x)) for x in lk["cells"]) != int(lk["value"]):
            return False
    for sw in puzzle.get("sandwichsum", []):
        r, c = int(sw["cell"][1:sw["cell"].index("C")]), int(sw["cell"][sw["cell"].index("C") + 1:])
        line = [at((r - 1) * n + k) for k in range(n)] if c == 0 else [at(k * n + c - 1) for k in range(n)]
        i, j = sorted((line.index(1), line.index(n)))
        if sum(line[i + 1:j]) != int(sw["value"]):
            return False
    for pal in puzzle.get("palindrome", []):
        for line in pal["lines"]:
            values = [at(cell_of(x)) for x in line]
            if values != values[::-1]:
                return False
    for key, parity in (("odd", 1), ("even", 0)):
        if any(at(cell_of(e["cell"])) % 2 != parity for e in puzzle.get(key, [])):
            return False
    for key, sign in (("minimum", 1), ("maximum", -1)):
        for e in puzzle.get(key, []):
            a = cell_of(e["cell"])
            if any(sign * (at(b) - at(a)) <= 0 for b in orthogonal(a, n)):
                return False
    for quad in puzzle.get("quadruple", []):
        values = [at(cell_of(x)) for x in quad["cells"]]
        if any(values.count(d) < quad["values"].count(d) for d in quad["values"]):
            return False
    marked, crossed = set(), set()
    for dot in puzzle.get("difference", []):
        a, b = (cell_of(x) for x in dot["cells"])
        marked.add(frozenset((a, b)))
        if abs(at(a) - at(b)) != int(dot.get("value") or 1):
            return False
    for dot in puzzle.get("ratio", []):
        a, b = (cell_of(x) for x in dot["cells"])
        marked.add(frozenset((a, b)))
        v = int(dot.get("value") or 2)
        if at(a) != v * at(b) and at(b) != v * at(a):
            return False
    for xv in puzzle.get("xv", []):
        a, b = (cell_of(x) for x in xv["cells"])
        crossed.add(frozenset((a, b)))
        if at(a) + at(b) != (10 if xv["value"] == "X" else 5):
            return False
    negative = set(puzzle.get("negative", []))
    # The negative ratio bans the ratios of the black dots given (f-puzzles' solver reads it so), 2 when none.
    ratios = {int(dot.get("value") or 2) for dot in puzzle.get("ratio", [])} or {2}
    # f-puzzles' nonconsecutive is the kropki dots' negative constraint (its own solver reads it so): pairs
    # without a dot are not consecutive, which with no dot at all is the plain rule.
    if puzzle.get("nonconsecutive"):
        negative.add("difference")
    for a in range(n * n):
        for b in (a + 1, a + n):
            if b >= n * n or (b == a + 1 and b % n == 0):
                continue
            x, y = at(a), at(b)
            pair = frozenset((a, b))
            if pair not in marked and "difference" in negative and abs(x - y) == 1:
                return False
            if pair not in marked and "ratio" in negative and any(x == r * y or y == r * x for r in ratios):
                return False
            if pair not in crossed and "xv" in negative and x + y in (5, 10):
                return False
    return True


# ---------------------------------------------------------------- grids
def all_grids(n):
    grids, grid = [], [0] * (n * n)

    def place(k):
        if k == n * n:
            grids.append(list(grid))
            return
        r, c = divmod(k, n)
        for d in range(1, n + 1):
            if all(grid[r * n + j] != d for j in range(c)) and all(grid[i * n + c] != d for i in range(r)) and \
                    all(grid[i] != d for i in range(k) if box_of(i // n, i % n, n) == box_of(r, c, n)):
                grid[k] = d
                place(k + 1)
        grid[k] = 0

    place(0)
    return grids


def random_grid(n, rng, ok=lambda grid, k, d: True):
    """A random grid; `ok` may refuse digit d at cell k given the cells before it (a rule more to keep)."""
    grid = [0] * (n * n)

    def place(k):
        if k == n * n:
            return True
        r, c = divmod(k, n)
        digits = list(range(1, n + 1))
        rng.shuffle(digits)
        for d in digits:
            if all(grid[r * n + j] != d for j in range(c)) and all(grid[i * n + c] != d for i in range(r)) and \
                    all(grid[i] != d for i in range(k) if box_of(i // n, i % n, n) == box_of(r, c, n)) and \
                    ok(grid, k, d):
                grid[k] = d
                if place(k + 1):
                    return True
        grid[k] = 0
        return False

    place(0)
    return grid


def neighbours(cell, n):
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def orthogonal(cell, n):
    r, c = divmod(cell, n)
    return [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def walk(n, rng, length, ok=lambda path, nxt: True):
    path = [rng.randrange(n * n)]
    while len(path) < length:
        options = [x for x in neighbours(path[-1], n) if x not in path and ok(path, x)]
        if not options:
            break
        path.append(rng.choice(options))
    return path


def diagonal(n, rng):
    """A little killer's clue outside the board and its diagonal cells."""
    while True:
        side = rng.randrange(4)
        k = rng.randrange(n)
        dr, dc = rng.choice([(1, 1), (1, -1), (-1, 1), (-1, -1)])
        r, c = {0: (-1, k), 1: (n, k), 2: (k, -1), 3: (k, n)}[side]
        cells, rr, cc = [], r + dr, c + dc
        while 0 <= rr < n and 0 <= cc < n:
            cells.append(rr * n + cc)
            rr, cc = rr + dr, cc + dc
        if cells:
            return "R%dC%d" % (r + 1, c + 1), cells


def adjacent_pair(n, rng):
    a = rng.randrange(n * n)
    options = [b for b in (a + 1, a + n, a - 1, a - n) if 0 <= b < n * n and (abs(b - a) == n or b // n == a // n)]
    return a, rng.choice(options)


def make_puzzle(n, grid, rng, kinds, exact):
    """A puzzle whose rules are read off `grid` (exact) or random ones (not exact): counts may then be 0."""
    cells = [[{} for _ in range(n)] for _ in range(n)]
    p = {"size": n, "grid": cells}
    v = lambda cell: grid[cell]
    for kind in kinds:
        if kind == "thermometer":
            path = walk(n, rng, rng.randint(2, n), (lambda path, x: v(x) > v(path[-1])) if exact else (lambda *a: True))
            if len(path) >= 2:
                p.setdefault(kind, []).append({"lines": [[ref(x, n) for x in path]]})
        elif kind == "arrow":
            circle = [rng.randrange(n * n)]
            if n == 9 and rng.random() < 0.3:
                circle.append(rng.choice(neighbours(circle[0], n)))
            target = int("".join(str(v(x)) for x in circle))
            line = [circle[-1]]
            for _ in range(8):
                options = [x for x in neighbours(line[-1], n) if x not in line and x not in circle]
                if not options:
                    break
                line.append(rng.choice(options))
                total = sum(v(x) for x in line[1:])
                if (exact and total == target) or (not exact and rng.random() < 0.4) or total >= target:
                    break
            if exact and sum(v(x) for x in line[1:]) != target:
                continue
            if len(line) > 1:
                p.setdefault(kind, []).append({"cells": [ref(x, n) for x in circle], "lines": [[ref(x, n) for x in line]]})
        elif kind == "littlekillersum":
            clue, diag = diagonal(n, rng)
            value = sum(v(x) for x in diag) if exact else rng.randint(len(diag), n * len(diag))
            p.setdefault(kind, []).append({"cell": clue, "cells": [ref(x, n) for x in diag], "value": str(value)})
        elif kind == "sandwichsum":
            k = rng.randrange(n)
            row = rng.random() < 0.5
            line = [v(k * n + j) for j in range(n)] if row else [v(j * n + k) for j in range(n)]
            i, j = sorted((line.index(1), line.index(n)))
            value = sum(line[i + 1:j]) if exact else rng.randint(0, n * (n + 1) // 2 - n - 1)
            clue = "R%dC0" % (k + 1) if row else "R0C%d" % (k + 1)
            p.setdefault(kind, []).append({"cell": clue, "value": str(value)})
        elif kind in ("difference", "ratio", "xv"):
            for _ in range(rng.randint(1, 4)):
                a, b = adjacent_pair(n, rng)
                x, y = v(a), v(b)
                entry = {"cells": [ref(a, n), ref(b, n)]}
                if kind == "difference":
                    d = abs(x - y) if exact else rng.randint(1, n - 1)
                    if d != 1 or rng.random() < 0.5:
                        entry["value"] = str(d)
                elif kind == "ratio":
                    big, small = max(x, y), min(x, y)
                    if exact and big % small:
                        continue
                    r = big // small if exact else rng.randint(2, 3)
                    if r != 2 or rng.random() < 0.5:
                        entry["value"] = str(r)
                else:
                    if exact and x + y not in (5, 10):
                        continue
                    entry["value"] = ("X" if x + y == 10 else "V") if exact else rng.choice("XV")
                p.setdefault(kind, []).append(entry)
        elif kind == "negative":
            names = [x for x in ("difference", "ratio", "xv") if rng.random() < 0.5] or ["ratio"]
            p["negative"] = names
            if exact:  # mark every pair that the negative would otherwise forbid
                for a in range(n * n):
                    for b in (a + 1, a + n):
                        if b >= n * n or (b == a + 1 and b % n == 0):
                            continue
                        x, y = v(a), v(b)
                        pair = [ref(a, n), ref(b, n)]
                        already = any(set(e["cells"]) == set(pair) for k in ("difference", "ratio") for e in p.get(k, []))
                        if not already and "difference" in names and abs(x - y) == 1:
                            p.setdefault("difference", []).append({"cells": pair})
                        elif not already and "ratio" in names and (x == 2 * y or y == 2 * x):
                            p.setdefault("ratio", []).append({"cells": pair})
                        if "xv" in names and x + y in (5, 10) and not any(set(e["cells"]) == set(pair) for e in p.get("xv", [])):
                            p.setdefault("xv", []).append({"cells": pair, "value": "X" if x + y == 10 else "V"})
        elif kind == "palindrome":
            path = walk(n, rng, rng.randint(2, 4))
            if exact:  # a cell, a neighbour, and a cell beside that holding the first one's digit
                ends = [(a, m, b) for a in range(n * n) for m in neighbours(a, n) for b in neighbours(m, n)
                        if b != a and v(b) == v(a)]
                path = list(rng.choice(ends)) if ends else []
            if path:
                p.setdefault(kind, []).append({"lines": [[ref(x, n) for x in path]]})
        elif kind == "killercage":
            path = walk(n, rng, rng.randint(1, n), lambda path, x: v(x) not in [v(y) for y in path])
            taken = {x for cage in p.get(kind, []) for x in cage["cells"]}
            if taken & {ref(x, n) for x in path}:
                continue
            k = len(path)  # a sum some k distinct digits reach: others are refused as errors
            value = sum(v(x) for x in path) if exact else rng.randint(k * (k + 1) // 2, k * (2 * n - k + 1) // 2)
            p.setdefault(kind, []).append({"cells": [ref(x, n) for x in path], "value": str(value)})
        elif kind in ("antiknight", "antiking", "nonconsecutive", "diagonal+", "diagonal-"):
            p[kind] = True
        elif kind == "extraregion":
            path = walk(n, rng, rng.randint(2, n))
            p.setdefault(kind, []).append({"cells": [ref(x, n) for x in path]})
        elif kind == "givenPencilMarks":
            cell = rng.randrange(n * n)
            marks = sorted(rng.sample(range(1, n + 1), rng.randint(1, n - 1)))
            if exact and v(cell) not in marks:
                marks = sorted(set(marks) | {v(cell)})
            cells[cell // n][cell % n]["givenPencilMarks"] = marks
        elif kind in ("odd", "even"):
            for _ in range(rng.randint(1, 3)):
                cell = rng.randrange(n * n)
                if exact and v(cell) % 2 != (kind == "odd"):
                    continue
                p.setdefault(kind, []).append({"cell": ref(cell, n)})
        elif kind in ("minimum", "maximum"):
            sign = 1 if kind == "minimum" else -1
            fits = [a for a in range(n * n) if all(sign * (v(b) - v(a)) > 0 for b in orthogonal(a, n))]
            cell = rng.choice(fits) if exact else rng.randrange(n * n)
            p.setdefault(kind, []).append({"cell": ref(cell, n)})
        elif kind == "quadruple":
            r, c = rng.randrange(n - 1), rng.randrange(n - 1)
            quad = [r * n + c, r * n + c + 1, (r + 1) * n + c, (r + 1) * n + c + 1]
            held = [v(x) for x in quad]
            values = sorted(rng.sample(held, rng.randint(1, 4)) if exact else
                            [rng.randint(1, n) for _ in range(rng.randint(1, 4))])
            p.setdefault(kind, []).append({"cells": [ref(x, n) for x in quad], "values": values})
        elif kind == "givens":
            # 9x9: a dozen or more, as published puzzles have; a near-empty board with a few scattered
            # givens can send the search down a long dead branch (docs/variants.md, "Limits").
            for _ in range(rng.randint(1, n) if n < 9 else rng.randint(12, 24)):
                cell = rng.randrange(n * n)
                cells[cell // n][cell % n].update({"value": v(cell), "given": True})
    if exact and "ratio" in p.get("negative", []):
        # The negative bans every black dot's ratio: the pairs in any of them get a dot of their own.
        ratios = {int(dot.get("value") or 2) for dot in p.get("ratio", [])} or {2}
        for a in range(n * n):
            for b in (a + 1, a + n):
                if b >= n * n or (b == a + 1 and b % n == 0):
                    continue
                pair = [ref(a, n), ref(b, n)]
                if any(set(e["cells"]) == set(pair) for k in ("difference", "ratio") for e in p.get(k, [])):
                    continue
                for r in sorted(ratios):
                    if v(a) == r * v(b) or v(b) == r * v(a):
                        p.setdefault("ratio", []).append(dict({"cells": pair}, **({"value": str(r)} if r != 2 else {})))
                        break
    return p


KINDS = ["thermometer", "arrow", "littlekillersum", "sandwichsum", "difference", "ratio", "xv", "negative",
         "palindrome", "killercage", "antiknight", "antiking", "nonconsecutive", "diagonal+", "diagonal-",
         "extraregion", "givenPencilMarks", "givens"]


def fail(what):
    failures.append(what)
    if len(sys.argv) > 2:
        with open(sys.argv[2], "a") as log:
            log.write(what + "\n")
    print("FAIL:", what[:2000])


def test_counts_4x4(rng):
    grids = all_grids(4)
    assert len(grids) == 288, len(grids)
    puzzles = []
    for k in range(240):
        kinds = rng.sample(KINDS, rng.randint(1, 4))
        grid = rng.choice(grids)
        puzzles.append(make_puzzle(4, grid, rng, kinds, exact=rng.random() < 0.6))
    counts_match(puzzles, grids, "4x4")


def counts_match(puzzles, grids, what):
    """`sudoku count` on the puzzles equals the number of `grids` the checker accepts, for each."""
    text = "".join(json.dumps(p) + "\n" for p in puzzles)
    rc, out, err = run(["count"], text)
    counts = out.split("\n")
    for p, got in zip(puzzles, counts):
        expected = sum(1 for g in grids if check(g, p))
        if got.strip() != str(expected):
            fail("%s count %s, checker %d: %s" % (what, got, expected, json.dumps(p)))
    if len(counts) < len(puzzles):
        fail("%s: %d counts for %d puzzles: %s" % (what, len(counts), len(puzzles), err))


def test_solutions_9x9(rng):
    puzzles = []
    for k in range(60):
        grid = random_grid(9, rng)
        kinds = rng.sample(KINDS[:10], rng.randint(2, 5)) + ["thermometer", "givens"]
        if k % 10 == 0:
            kinds = KINDS[:10] + ["givens"]
        puzzles.append(make_puzzle(9, grid, rng, kinds, exact=True))
    text = "".join(json.dumps(p) + "\n" for p in puzzles)
    rc, out, err = run(["solve", "--time-limit", "60"], text)
    lines = out.split("\n")
    for p, got in zip(puzzles, lines):
        try:
            solved = json.loads(got)
            grid = [solved["grid"][r][c]["value"] for r in range(9) for c in range(9)]
        except (ValueError, KeyError, TypeError):
            fail("9x9: no solution read back (%s) for %s" % (got[:200], json.dumps(p)))
            continue
        if not check(grid, p):
            fail("9x9: the solution breaks a rule: %s for %s" % (grid, json.dumps(p)))
        # The solution is written with the puzzle's rules: the same document, all cells given.
        for key in p:
            if key == "negative":  # a negative difference is written as f-puzzles' own "nonconsecutive"
                kept = set(solved.get("negative", [])) | ({"difference"} if solved.get("nonconsecutive") else set())
                if not set(p[key]) <= kept:
                    fail("9x9: solution lost negative %s" % p[key])
            elif key != "grid" and key not in solved:
                fail("9x9: solution lost '%s'" % key)


def test_forms(rng):
    grid = random_grid(9, rng)
    p = make_puzzle(9, grid, rng, ["thermometer", "arrow", "sandwichsum", "xv", "difference", "givens"], exact=True)
    line = json.dumps(p)
    _, expected, _ = run(["count", "--limit", "5"], line + "\n")
    # One document over several lines, then another after it.
    rc, out, err = run(["count", "--limit", "5"], json.dumps(p, indent=2) + "\n" + line + "\n")
    if out != expected * 2:
        fail("multi-line document: %r, expected %r (%s)" % (out, expected * 2, err))
    try:
        import lzstring
    except ImportError:
        print("python3-lzstring is not installed: links not tested")
        return
    packed = lzstring.LZString().compressToBase64(line)
    for form in (packed, "https://www.f-puzzles.com/?load=" + packed):
        rc, out, err = run(["count", "--limit", "5"], form + "\n")
        if out != expected:
            fail("link form %r...: %r, expected %r (%s)" % (form[:40], out, expected, err))
    # Strings with every length of phrase and non-ASCII text.
    for k in range(30):
        text = "".join(rng.choice('{}[]"RC0123456789,:abcxyzé€') for _ in range(rng.randint(1, 3000)))
        doc = json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "title": text}, ensure_ascii=k % 2 == 0)
        rc, out, err = run(["count"], lzstring.LZString().compressToBase64(doc) + "\n")
        if out.strip() != "288":
            fail("lz-string: %r gave %r %r" % (text[:50], out, err))
    # A repetitive text builds long phrases (the dictionary keeps them as prefix links), and one past the cap of
    # 16 MiB is one error.
    for size, want in ((300000, "288"), (17 << 20, None)):
        doc = json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "title": "ab" * (size // 2)})
        rc, out, err = run(["count"], lzstring.LZString().compressToBase64(doc) + "\n")
        if want is not None and out.strip() != want:
            fail("lz-string: a repetitive text gave %r %r" % (out, err))
        if want is None and (rc != 2 or "too long" not in err):
            fail("lz-string: 17 MiB decompressed: rc %d, %r" % (rc, err))
    rc, out, err = run(["count"], packed[: len(packed) // 2] + "\n")
    if rc == 0 or "f-puzzles link" not in err or len(err.strip().split("\n")) != 1:
        fail("a truncated link: rc %d, %r" % (rc, err))


def test_refusals():
    empty = [[{} for _ in range(9)] for _ in range(9)]
    cases = {
        "lockout": {"lockout": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]},
        "R10C1": {"thermometer": [{"lines": [["R10C1", "R1C1"]]}]},
        "xv 1": {"xv": [{"cells": ["R1C1", "R1C2"], "value": "Q"}]},
        "does not end": {"thermometer": [{"lines": [["R1C1" "R1C2"]]}], "broken": True},
    }
    for word, extra in cases.items():
        doc = dict({"size": 9, "grid": empty}, **extra)
        text = json.dumps(doc)
        if extra.get("broken"):
            text = text[:-5]
        rc, out, err = run(["solve"], text + "\n")
        if rc == 0 or word not in err or len(err.strip().split("\n")) != 1:
            fail("refusal %s: rc %d, %r" % (word, rc, err))


def test_written_back(rng):
    grid = random_grid(9, rng)
    p = make_puzzle(9, grid, rng, ["thermometer", "arrow", "killercage", "littlekillersum", "ratio", "negative"], exact=True)
    for r in range(9):
        for c in range(9):
            p["grid"][r][c].update({"value": grid[r * 9 + c], "given": True})
    rc, out, err = run(["minimize"], json.dumps(p) + "\n")
    try:
        minimized = json.loads(out)
    except ValueError:
        fail("minimize did not write f-puzzles JSON: %r %r" % (out[:200], err))
        return
    rc, out, err = run(["check"], json.dumps(minimized) + "\n")
    if out.strip() != "unique":
        fail("the minimized puzzle does not read back as unique: %r %r" % (out, err))


def test_steps_sound(rng, extra=("arrow", "difference", "xv")):
    """steps on unique thermo puzzles: every placement is the solution's digit, no elimination is."""
    rule_steps = 0
    for k in range(4):
        grid = random_grid(9, rng)
        p = make_puzzle(9, grid, rng, ["thermometer"] * 8 + (list(extra) if k % 2 else []), exact=True)
        for r in range(9):
            for c in range(9):
                p["grid"][r][c] = {"value": grid[r * 9 + c], "given": True}
        _, out, err = run(["minimize"], json.dumps(p) + "\n")
        rc, out, err = run(["steps", "--format", "json"], out)
        try:
            steps = json.loads(out)["steps"]
        except (ValueError, KeyError):
            fail("steps: %r %r" % (out[:300], err))
            continue
        for step in steps:
            for r, c, d in step["placements"]:
                if grid[(r - 1) * 9 + c - 1] != d:
                    fail("steps: unsound placement %s" % step)
            for r, c, d in step["eliminations"]:
                if grid[(r - 1) * 9 + c - 1] == d:
                    fail("steps: unsound elimination %s" % step)
            rule_steps += step["technique"] == "rule"
    if rule_steps == 0:
        fail("steps: no thermometer step in 4 thermo puzzles")


def published(filename):
    """The puzzles of a file of tests/sudoku/data: (name, document, solution as a list of digits)."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", filename)) as f:
        entries = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
    return [(name, document, [int(d) for d in solution]) for name, document, solution in entries]


def unique_and_solved(name, document, want, fail=fail):
    """`count` says 1 and `solve` gives `want`."""
    n = json.loads(document)["size"]
    rc, out, err = run(["count"], document + "\n")
    if out.strip() != "1":
        fail("published %s: count %r %r" % (name, out, err))
    rc, out, err = run(["solve"], document + "\n")
    try:
        solved = json.loads(out)
        got = [solved["grid"][r][c]["value"] for r in range(n) for c in range(n)]
    except (ValueError, KeyError, TypeError):
        fail("published %s: no solution read back: %r %r" % (name, out[:200], err))
        return
    if got != want:
        fail("published %s: solved %s, published %s" % (name, got, want))


def test_published():
    """Published puzzles: one solution, the published one, and it keeps every rule by the checker."""
    for name, document, want in published("published_fpuzzles.txt"):
        if not check(want, json.loads(document)):
            fail("published %s: the checker rejects the published solution" % name)
        unique_and_solved(name, document, want)


def brute_count(puzzle, limit=2):
    """Solutions of a document with givens, white dots and nonconsecutive (as the kropki negative), by plain
    backtracking cell by cell: rows, columns, boxes, dots and unmarked pairs checked against the cells placed."""
    n = puzzle["size"]
    cell_of = lambda s: (int(s[1:s.index("C")]) - 1) * n + int(s[s.index("C") + 1:]) - 1
    dots = {}
    for dot in puzzle.get("difference", []):
        a, b = sorted(cell_of(x) for x in dot["cells"])
        dots[(a, b)] = int(dot.get("value") or 1)
    negative = bool(puzzle.get("nonconsecutive"))
    grid = [puzzle["grid"][c // n][c % n].get("value", 0) for c in range(n * n)]
    fixed = list(grid)
    count = 0

    def fits(cell, d):
        r, c = divmod(cell, n)
        for other in range(n * n):
            if other == cell or grid[other] == 0:
                continue
            orow, ocol = divmod(other, n)
            if grid[other] == d and (orow == r or ocol == c or box_of(orow, ocol, n) == box_of(r, c, n)):
                return False
            if abs(orow - r) + abs(ocol - c) == 1:
                pair = (min(cell, other), max(cell, other))
                if pair in dots and abs(grid[other] - d) != dots[pair]:
                    return False
                if pair not in dots and negative and abs(grid[other] - d) == 1:
                    return False
        return True

    def place(cell):
        nonlocal count
        if count >= limit:
            return
        if cell == n * n:
            count += 1
            return
        if fixed[cell]:
            grid[cell] = 0
            if fits(cell, fixed[cell]):
                grid[cell] = fixed[cell]
                place(cell + 1)
            grid[cell] = fixed[cell]
            return
        for d in range(1, n + 1):
            if fits(cell, d):
                grid[cell] = d
                place(cell + 1)
                grid[cell] = 0

    place(0)
    return count


def dots_document(solution, n, givens):
    """Every consecutive pair of neighbours in `solution` marked with a white dot, nonconsecutive on: "all dots
    are given", as published puzzles say."""
    dots = []
    for a in range(n * n):
        for b in (a + 1, a + n):
            if b < n * n and not (b == a + 1 and b % n == 0) and abs(solution[a] - solution[b]) == 1:
                dots.append({"cells": [ref(a, n), ref(b, n)]})
    grid = [[({"value": solution[r * n + c], "given": True} if r * n + c in givens else {}) for c in range(n)]
            for r in range(n)]
    return {"size": n, "grid": grid, "nonconsecutive": True, "difference": dots}


def test_all_dots_given():
    """nonconsecutive beside white dots: the dots' negative constraint (f-puzzles' reading), not a global rule that
    no white dot could then keep."""
    # 9x9: one given; unique by the brute force, and solved to the grid the dots were read off.
    solution = [int(d) for d in
                "534678912672195348198342567859761423426853791713924856961537284287419635345286179"]
    doc = dots_document(solution, 9, {1})
    if brute_count(doc) != 1 or not check(solution, doc):
        fail("all dots given: the brute force does not find the one solution")
    rc, out, err = run(["solve"], json.dumps(doc) + "\n")
    try:
        solved = json.loads(out)
        got = [solved["grid"][r][c]["value"] for r in range(9) for c in range(9)]
    except (ValueError, KeyError, TypeError):
        fail("all dots given: no solution: %r %r" % (out[:200], err))
        return
    if got != solution:
        fail("all dots given: solved %s, want %s" % (got, solution))
    # Written back, the solution keeps the reading: read again, it is still the one grid.
    if not solved.get("nonconsecutive") or len(solved.get("difference", [])) != len(doc["difference"]):
        fail("all dots given: the solution written back lost its rules: %r" % out[:300])
    for d in solved["grid"]:
        for cellv in d:
            cellv.pop("value", None), cellv.pop("given", None)
    solved["grid"][0][1] = {"value": solution[1], "given": True}
    rc, out, err = run(["count"], json.dumps(solved) + "\n")
    if out.strip() != "1":
        fail("all dots given: written back and read again, count %r %r" % (out, err))
    # 4x4 and 6x6: exact counts against the brute force, and against the global reading, which no grid with a
    # white dot keeps.
    small = {4: [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1],
             6: [1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5,
                 6, 4, 5, 3, 1, 2]}
    for n, grid in small.items():
        for givens in (set(), {0}, {0, n + 1}):
            doc = dots_document(grid, n, givens)
            want = brute_count(doc, limit=1000)
            rc, out, err = run(["count"], json.dumps(doc) + "\n")
            if out.strip() != str(want) or want == 0:
                fail("all dots given %dx%d %s: count %r, brute force %d %r" % (n, n, givens, out, want, err))
            plain = dict(doc)
            del plain["difference"]  # no dot at all: the plain rule, as --variant non-consecutive
            rc, out, err = run(["count"], json.dumps(plain) + "\n")
            rc2, out2, err2 = run(["count", "--variant", "non-consecutive"],
                                  json.dumps(dict(plain, nonconsecutive=False)) + "\n")
            if out.strip() != out2.strip() or out.strip() != str(brute_count(plain, limit=100000)):
                fail("nonconsecutive without dots %dx%d: %r, --variant %r" % (n, n, out, out2))


CELL_KINDS = ["odd", "even", "minimum", "maximum", "quadruple"]


def test_cell_rules(rng):
    """odd, even, minimum, maximum and quadruple: 4x4 counts against the checker over all 288 grids (each rule
    alone, then with others), 9x9 solutions the checker accepts, the rules written back, bad entries refused."""
    n, grids = 4, all_grids(4)
    puzzles = []
    for kind in CELL_KINDS:
        for k in range(24):
            kinds = [kind] + (rng.sample(CELL_KINDS + KINDS[:10], rng.randint(1, 2)) if k % 2 else [])
            puzzles.append(make_puzzle(n, rng.choice(grids), rng, kinds, exact=k % 3 != 2))
    # Each kind of quadruple repeat: a digit listed twice needs two cells across a box border.
    puzzles.append({"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)],
                    "quadruple": [{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "values": [1, 1, 2]}]})
    counts_match(puzzles, grids, "cell rules 4x4")
    if not any(0 < sum(1 for g in grids if check(g, p)) < 288 for p in puzzles[-1:]):
        fail("cell rules: the repeated quadruple case does not restrict anything")
    # 9x9: solved to a grid the checker accepts, every rule kept in the document written back.
    puzzles = []
    for k in range(12):
        kinds = rng.sample(CELL_KINDS, rng.randint(2, 5)) + ["thermometer", "givens"]
        puzzles.append(make_puzzle(9, random_grid(9, rng), rng, kinds, exact=True))
    rc, out, err = run(["solve", "--time-limit", "60"], "".join(json.dumps(p) + "\n" for p in puzzles))
    for p, got in zip(puzzles, out.split("\n")):
        try:
            solved = json.loads(got)
            grid = [solved["grid"][r][c]["value"] for r in range(9) for c in range(9)]
        except (ValueError, KeyError, TypeError):
            fail("cell rules 9x9: no solution read back (%s) for %s (%s)" % (got[:200], json.dumps(p), err))
            continue
        if not check(grid, p):
            fail("cell rules 9x9: the solution breaks a rule: %s for %s" % (grid, json.dumps(p)))
        for key in CELL_KINDS:
            if solved.get(key, []) != p.get(key, []):
                fail("cell rules 9x9: '%s' written back as %r, read %r" % (key, solved.get(key), p.get(key)))
    # Round trip: the document written back counts as the one read.
    for p in [make_puzzle(n, rng.choice(grids), rng, CELL_KINDS, exact=True) for _ in range(6)]:
        rc, out, err = run(["solve", "--format", "same"], json.dumps(p) + "\n")
        try:
            back = json.loads(out)
        except ValueError:
            fail("cell rules round trip: %r %r" % (out[:200], err))
            continue
        for row in back["grid"]:
            for cellv in row:
                cellv.pop("value", None), cellv.pop("given", None)
        for key in CELL_KINDS:
            if back.get(key, []) != p.get(key, []):
                fail("cell rules round trip: '%s' %r, read %r" % (key, back.get(key), p.get(key)))
        _, want, _ = run(["count"], json.dumps(p) + "\n")
        _, got, _ = run(["count"], json.dumps(back) + "\n")
        if got != want or want.strip() != str(sum(1 for g in grids if check(g, p))):
            fail("cell rules round trip: count %r, read %r, for %s" % (got, want, json.dumps(p)))
    # Bad entries: one line naming the rule, status 2.
    empty = [[{} for _ in range(n)] for _ in range(n)]
    quad = ["R1C1", "R1C2", "R2C1", "R2C2"]
    bad = {"odd 1": {"odd": [{"cells": ["R1C1"]}]}, "R5C1": {"even": [{"cell": "R5C1"}]},
           "minimum 2": {"minimum": [{"cell": "R1C1"}, {}]}, "maximum": {"maximum": {"cell": "R1C1"}},
           "quadruple 1": {"quadruple": [{"cells": quad, "values": [1, 2, 3, 4, 1]}]},
           "not a digit": {"quadruple": [{"cells": quad, "values": [5]}]},
           "values": {"quadruple": [{"cells": quad}]}}
    for word, extra in bad.items():
        rc, out, err = run(["count"], json.dumps(dict({"size": n, "grid": empty}, **extra)) + "\n")
        if rc != 2 or word not in err or len(err.strip().split("\n")) != 1:
            fail("cell rules, bad entry %s: rc %d, %r" % (word, rc, err))


def test_arrow_lines_each_sum():
    # One arrow entry with two lines is two arrows from one circle, each summing to it (f-puzzles' own reading,
    # and dclamage/SudokuSolver's), not one arrow whose lines add up together (which no 4x4 grid meets here).
    n = 4
    empty = [[{} for _ in range(n)] for _ in range(n)]
    a, b = ["R1C1", "R1C2", "R1C3"], ["R1C1", "R2C1", "R3C1"]
    two_lines = {"size": n, "grid": empty, "arrow": [{"cells": ["R1C1"], "lines": [a, b]}]}
    split = {"size": n, "grid": empty,
             "arrow": [{"cells": ["R1C1"], "lines": [a]}, {"cells": ["R1C1"], "lines": [b]}]}
    grids = all_grids(n)
    want = sum(1 for g in grids if g[0] == g[1] + g[2] and g[0] == g[4] + g[8])
    summed = sum(1 for g in grids if g[0] == g[1] + g[2] + g[4] + g[8])
    if want == summed:
        fail("arrow lines: the case does not tell the readings apart")
    for name, doc in (("two lines", two_lines), ("split", split)):
        code, out, err = run(["count"], json.dumps(doc) + "\n")
        if code != 0 or out.strip() != str(want):
            fail("arrow %s: count %r (status %d, %r), brute force %d" % (name, out, code, err, want))


def test_editor_settings():
    """f-puzzles' editor settings (highlightConflicts) are no rule: a document with them counts as without."""
    n = 4
    grid = [[{} for _ in range(n)] for _ in range(n)]
    grid[0][0] = {"value": 1, "given": True}
    plain = {"size": n, "grid": grid, "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}
    want = sum(1 for g in all_grids(n) if g[0] == 1 and g[0] < g[1] < g[2])
    for flag in (True, False):
        doc = dict(plain, highlightConflicts=flag)
        code, out, err = run(["count"], json.dumps(doc) + "\n")
        if code != 0 or out.strip() != str(want):
            fail("highlightConflicts %s: count %r (status %d, %r), brute force %d" % (flag, out, code, err, want))


if __name__ == "__main__":  # fpuzzles_generate_test.py imports the checker and the puzzle maker
    rng = random.Random(36)
    test_published()
    test_all_dots_given()
    test_arrow_lines_each_sum()
    test_cell_rules(random.Random(59))
    test_steps_sound(random.Random(59), CELL_KINDS * 2)
    test_steps_sound(rng)
    test_counts_4x4(rng)
    test_solutions_9x9(rng)
    test_forms(rng)
    test_refusals()
    test_editor_settings()
    test_written_back(rng)
    print("%d failures" % len(failures))
    sys.exit(1 if failures else 0)
