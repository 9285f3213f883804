#!/usr/bin/python3
"""SudokuPad links end to end (src/sudoku/io/sudokupad.cpp).

usage: sudokupad_test.py SUDOKU_BINARY

- fpuzzles/fpuz ids in every link form read as the f-puzzles link of the same puzzle (same count, same solution).
- scl/ctc ids, made here as SudokuPad makes them (its JSON with short keys and single quotes, "zipped", then
  lz-string compressToBase64 by Debian's python3-lzstring): 4x4 counts against a brute force, a 6x6 killer read as
  its f-puzzles document, a 9x9 solved to its known solution.
- Refusals (drawings, cages that are not killer cages, short ids) and hostile links: one line naming SudokuPad,
  a non-zero status, never a crash.
"""
import itertools
import json
import math
import re
import subprocess
import sys
import urllib.parse

SUDOKU = sys.argv[1]
failures = []

try:
    import lzstring
except ImportError:
    print("python3-lzstring is not installed: SudokuPad links not tested")
    sys.exit(0)
LZ = lzstring.LZString()


def fail(what):
    print("FAIL:", what)
    failures.append(what)


def run(args, text):
    p = subprocess.run([SUDOKU] + args, input=text, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


SHORT = {"cells": "ce", "cages": "ca", "value": "v", "regions": "re", "cellSize": "cs", "lines": "l",
         "overlays": "o", "wayPoints": "wp", "color": "c", "thickness": "th", "center": "ct", "width": "w",
         "height": "h", "backgroundColor": "c2", "borderColor": "c1", "rounded": "r", "text": "te", "underlays": "u",
         "arrows": "a", "headLength": "hl", "fontSize": "fs"}


def zip_puzzle(puzzle):
    """SudokuPad's PuzzleZipper.zip: short keys, unquoted, empty objects dropped, single quotes."""
    def short(o):
        if isinstance(o, list):
            return [short(x) for x in o]
        if isinstance(o, dict):
            return {SHORT.get(k, k): short(v) for k, v in o.items() if v != []}
        if isinstance(o, str) and re.fullmatch(r"-?\d+", o) and str(int(o)) == o:
            return int(o)
        return o
    text = json.dumps(short(puzzle), separators=(",", ":"), ensure_ascii=False)
    text = re.sub(r'([,{\[])"([a-zA-Z0-9]+)":', r"\1\2:", text)
    text = re.sub(r"([,{\[]){}(?=[,}\]])", r"\1", text)
    text = re.sub(r"(:)false([,}\]])", r"\1f\2", text)
    text = re.sub(r"(:)true([,}\]])", r"\1t\2", text)
    text = re.sub(r'(:)"#000000"([,}\]])', r"\1#0\2", text)
    text = re.sub(r'(:)"#FFFFFF"([,}\]])', r"\1#F\2", text)
    text = re.sub(r'(:)"#([0-9a-fA-F]{6})"([,}\]])', r"\1\2\3", text)
    return text.replace("'", "\\'").replace('"', "'")


def scl(puzzle, prefix="scl"):
    return prefix + LZ.compressToBase64(zip_puzzle(puzzle))


def pad_cells(grid, n):
    """SudokuPad's cells: rows of objects, a given as {"value": d}."""
    return [[({"value": grid[r * n + c]} if grid[r * n + c] else {}) for c in range(n)] for r in range(n)]


def fp_grid(grid, n, regions=None):
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            cell = {"value": grid[r * n + c], "given": True} if grid[r * n + c] else {}
            if regions:
                cell["region"] = regions[r * n + c]
            row.append(cell)
        rows.append(row)
    return rows


def digits(out):
    """The digits of the one f-puzzles document `solve` writes."""
    try:
        return "".join(str(cell.get("value", 0)) for row in json.loads(out)["grid"] for cell in row)
    except (ValueError, KeyError, TypeError):
        return ""


def ref(cell, n):
    return "R%dC%d" % (cell // n + 1, cell % n + 1)


# ---------------------------------------------------------------- fpuzzles ids
CLASSIC = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
CLASSIC_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def test_fpuzzles_forms():
    grid = [int(ch) for ch in CLASSIC]
    doc = {"size": 9, "grid": fp_grid(grid, 9),
           "killercage": [{"cells": ["R9C1", "R9C2"], "value": "7"}]}
    packed = LZ.compressToBase64(json.dumps(doc))
    rc, expected, err = run(["solve"], "https://www.f-puzzles.com/?load=" + packed + "\n")
    if rc != 0 or digits(expected) != CLASSIC_SOLUTION:
        fail("f-puzzles link: rc %d %r %r" % (rc, expected, err))
    encoded = urllib.parse.quote(packed, safe="")
    forms = ["https://sudokupad.app/fpuzzles" + packed, "https://sudokupad.app/fpuzzles" + encoded,
             "sudokupad.app/fpuz" + encoded, "https://app.crackingthecryptic.com/sudoku/fpuzzles" + encoded,
             "https://sudokupad.app/?puzzleid=fpuzzles" + encoded + "&setting-nogrid=1",
             "https://sudokupad.app/puzzle/fpuz" + packed + "?foo=1", "fpuzzles" + packed, "fpuz" + encoded]
    for form in forms:
        rc, out, err = run(["solve"], form + "\n")
        if rc != 0 or out != expected:
            fail("SudokuPad form %r...: rc %d %r, expected %r (%s)" % (form[:50], rc, out, expected, err))
    rc, out, err = run(["count"], "https://sudokupad.app/fpuzzles" + encoded + "\n")
    if out.strip() != "1":
        fail("SudokuPad fpuzzles count: %r %r" % (out, err))
    # A link whose "//" a server collapsed to "/": SudokuPad doubles slashes back until it decompresses.
    # ("//" is twelve 1 bits in a row: a title of characters like U+00FF and U+7FFF makes one.)
    for k in range(2000):
        doc["title"] = "".join("ab\u00ff\u7fff"[(k >> (2 * i)) % 4] for i in range(6))
        packed = LZ.compressToBase64(json.dumps(doc, ensure_ascii=False))
        if "//" in packed:
            break
    else:
        fail("no compressed string with // found")
    rc, want, err = run(["count"], "fpuzzles" + packed + "\n")
    rc, out, err = run(["count"], "https://sudokupad.app/fpuzzles" + packed.replace("//", "/", 1) + "\n")
    if rc != 0 or out != want or out.strip() != "1":
        fail("a collapsed // : rc %d %r, expected %r (%s)" % (rc, out, want, err))


# ---------------------------------------------------------------- scl ids
def latin_grids(n, regions):
    """Every n x n grid (n = 4) with rows, columns and the regions all different."""
    rows = list(itertools.permutations(range(1, n + 1)))
    out = []

    def extend(done):
        if len(done) == n:
            g = [d for row in done for d in row]
            if all(len({g[i] for i in range(n * n) if regions[i] == k}) == n for k in range(n)):
                out.append(g)
            return
        for row in rows:
            if all(row[c] != prev[c] for prev in done for c in range(n)):
                extend(done + [row])
    extend([])
    return out


def test_scl_4x4():
    n = 4
    # A jigsaw layout: regions of SudokuPad's "regions" lists.
    regions = [0, 0, 1, 1,
               0, 0, 2, 1,
               3, 2, 2, 1,
               3, 3, 3, 2]
    grids = latin_grids(n, regions)
    cases = [
        ([0] * 16, []),
        ([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2], []),
        ([0] * 16, [([0, 1], 3), ([14, 15], 7)]),
        ([0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [([0, 4], None), ([2, 3, 7], 9)]),
    ]
    for givens, cages in cases:
        want = 0
        for g in grids:
            if any(givens[i] and g[i] != givens[i] for i in range(16)):
                continue
            if any(len({g[i] for i in cells}) != len(cells) or (s is not None and sum(g[i] for i in cells) != s)
                   for cells, s in cages):
                continue
            want += 1
        pad = {"cellSize": 50, "cells": pad_cells(givens, n),
               "regions": [[[i // n, i % n] for i in range(16) if regions[i] == k] for k in range(n)],
               "cages": [{"value": "title: a 4x4"}] +
                        [dict({"cells": [[i // n, i % n] for i in cells], "unique": True},
                              **({"value": str(s)} if s is not None else {})) for cells, s in cages]}
        for form in (scl(pad), scl(pad, "ctc"), "https://sudokupad.app/" + urllib.parse.quote(scl(pad), safe=""),
                     "scl" + zip_puzzle(pad)):
            rc, out, err = run(["count"], form + "\n")
            if out.strip() != str(want):
                fail("scl 4x4 %r %r: count %r, brute force %d (%s)" % (givens, cages, out, want, err))


def thermo(cells, n):
    """A thermometer as SudokuPad draws it (its f-puzzles converter): a grey bulb under the first cell, a line."""
    points = [[i // n + 0.5, i % n + 0.5] for i in cells]
    return ({"borderColor": "#CFCFCF", "backgroundColor": "#CFCFCF", "center": points[0], "rounded": True,
             "width": 0.85, "height": 0.85},
            {"color": "#CFCFCF", "thickness": 21, "wayPoints": points})


def dot(a, b, n, white, text=""):
    centre = [(a // n + b // n) / 2 + 0.5, (a % n + b % n) / 2 + 0.5]
    return {"borderColor": "#000000", "backgroundColor": "#FFFFFF" if white else "#000000", "center": centre,
            "rounded": True, "width": 0.3, "height": 0.3, "text": text}


def arrow(cells, n):
    """An arrow as SudokuPad's f-puzzles converter draws one: a circle, and an arrow from near its centre."""
    points = [[i // n + 0.5, i % n + 0.5] for i in cells]
    circle = {"borderColor": "#a1a1a1", "backgroundColor": "#ffffff", "center": list(points[0]), "fontSize": 16,
              "thickness": 5, "rounded": True, "text": "", "width": 0.75, "height": 0.75}
    dr, dc = points[1][0] - points[0][0], points[1][1] - points[0][1]
    dist = (dr * dr + dc * dc) ** 0.5
    js_round = lambda v: math.floor(v + 0.5)  # JavaScript's Math.round
    sign = lambda v: (v > 0) - (v < 0)
    points[0] = [points[0][0] + js_round(10 * 0.3 * sign(dr) / dist) / 10,
                 points[0][1] + js_round(10 * 0.3 * sign(dc) / dist) / 10]
    return circle, {"color": "#a1a1a1", "headLength": 0.3, "thickness": 5, "wayPoints": points}


def test_scl_arrows():
    n = 4
    boxes = [(i // n) // 2 * 2 + (i % n) // 2 for i in range(16)]
    grids = latin_grids(n, boxes)
    # Each drawn arrow sums to its circle; two arrows may share one.
    for arrows in ([[0, 1, 5]], [[10, 5], [10, 15, 14]], [[3, 6, 10], [15, 11, 6]]):
        want = sum(all(g[a[0]] == sum(g[c] for c in a[1:]) for a in arrows) for g in grids)
        drawn = [arrow(a, n) for a in arrows]
        pad = {"cells": pad_cells([0] * 16, n), "overlays": [c for c, _ in drawn], "arrows": [a for _, a in drawn]}
        rc, out, err = run(["count"], scl(pad) + "\n")
        if out.strip() != str(want) or want in (0, 288):
            fail("scl arrows %r: count %r, brute force %d (%s)" % (arrows, out, want, err))
    # An arrow without its circle is a drawing, refused.
    _, bare = arrow([0, 1], n)
    one_error(scl({"cells": pad_cells([0] * 16, n), "arrows": [bare]}), ["SudokuPad puzzle", "1 arrow", "not read"],
              "an arrow without its circle")


def test_scl_drawings():
    n = 4
    boxes = [(i // n) // 2 * 2 + (i % n) // 2 for i in range(16)]
    grids = latin_grids(n, boxes)
    cases = [
        ([[0, 1, 5]], [(8, 9, True, ""), (14, 15, False, ""), (7, 11, False, "3")]),
        ([[12, 8, 4], [3, 2]], [(5, 6, True, "2")]),
        ([], [(0, 4, True, ""), (1, 2, False, "")]),
    ]
    for thermos, dots in cases:
        want = 0
        for g in grids:
            if any(g[t[k]] >= g[t[k + 1]] for t in thermos for k in range(len(t) - 1)):
                continue
            ok = True
            for a, b, white, text in dots:
                v = int(text) if text else (1 if white else 2)
                ok = ok and (abs(g[a] - g[b]) == v if white else max(g[a], g[b]) == v * min(g[a], g[b]))
            want += ok
        drawn = [thermo(t, n) for t in thermos]
        pad = {"cells": pad_cells([0] * 16, n), "underlays": [u for u, _ in drawn], "lines": [l for _, l in drawn],
               "overlays": [dot(a, b, n, white, text) for a, b, white, text in dots]}
        rc, out, err = run(["count"], scl(pad) + "\n")
        if out.strip() != str(want):
            fail("scl drawings %r %r: count %r, brute force %d (%s)" % (thermos, dots, out, want, err))
    # A line without its bulb, a dot off an edge: drawings, refused.
    _, line = thermo([0, 1], n)
    off = dict(dot(0, 1, n, True), center=[0.5, 0.5])
    one_error(scl({"cells": pad_cells([0] * 16, n), "lines": [line], "overlays": [off]}),
              ["SudokuPad puzzle", "1 line, 1 overlay", "not read"], "a thermometer without its bulb")


def test_scl_6x6():
    n = 6
    grid = [1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5,
            6, 4, 5, 3, 1, 2]
    cages = [[r * n + c, r * n + c + 1] for r in range(n) for c in (0, 2, 4) if (r + c) % 4 == 0]
    givens = [grid[i] if i in (0, 9, 20, 35) else 0 for i in range(36)]
    pad = {"cells": pad_cells(givens, n),
           "cages": [{"cells": [[i // n, i % n] for i in cells], "value": sum(grid[i] for i in cells)}
                     for cells in cages]}
    doc = {"size": 6, "grid": fp_grid(givens, n),
           "killercage": [{"cells": [ref(i, n) for i in cells], "value": str(sum(grid[i] for i in cells))}
                          for cells in cages]}
    _, want, err0 = run(["count", "--limit", "50"], json.dumps(doc) + "\n")
    rc, out, err = run(["count", "--limit", "50"], scl(pad) + "\n")
    if out != want or not want.strip():
        fail("scl 6x6 killer: count %r, as f-puzzles %r (%s %s)" % (out, want, err, err0))


def test_scl_9x9():
    grid = [int(ch) for ch in CLASSIC]
    solution = [int(ch) for ch in CLASSIC_SOLUTION]
    cage = [72, 73, 81 - 7]
    pad = {"cellSize": 64, "cells": pad_cells(grid, 9),
           "cages": [{"value": "rules: Normal sudoku rules apply."}, {"value": "author: nobody"},
                     {"cells": [[i // 9, i % 9] for i in cage], "value": sum(solution[i] for i in cage),
                      "unique": True}]}
    rc, out, err = run(["solve"], "https://sudokupad.app/" + scl(pad) + "\n")
    if rc != 0 or digits(out) != CLASSIC_SOLUTION:
        fail("scl 9x9: rc %d %r %r" % (rc, out, err))
    # Given centre marks are candidates: marks that exclude the solution's digit leave no solution.
    marked = dict(pad, cells=pad_cells(grid, 9))
    marked["cells"][0][2] = {"centremarks": [4, 2]}  # the solution has 4 there
    rc, out, err = run(["count"], scl(marked) + "\n")
    if out.strip() != "1":
        fail("scl centre marks keeping the solution: %r %r" % (out, err))
    marked["cells"][0][2] = {"centremarks": [1, 2]}
    rc, out, err = run(["count"], scl(marked) + "\n")
    if out.strip() != "0":
        fail("scl centre marks without the solution's digit: %r %r" % (out, err))


# ---------------------------------------------------------------- refusals and hostile input
def one_error(form, words, what):
    rc, out, err = run(["solve"], form + "\n")
    lines = err.strip().split("\n")
    if rc <= 0 or len(lines) != 1 or not all(w in err for w in words):
        fail("%s: rc %d, %r, wanted %r" % (what, rc, err, words))


def test_refusals():
    base = {"cells": pad_cells([0] * 16, 4)}
    thermo = dict(base, lines=[{"wayPoints": [[0.5, 0.5], [1.5, 0.5]], "color": "#CFCFCF", "thickness": 21},
                               {"wayPoints": [[2.5, 0.5], [3.5, 0.5]]}],
                  overlays=[{"center": [1, 1], "width": 0.3, "height": 0.3, "rounded": True}])
    one_error(scl(thermo), ["SudokuPad puzzle", "2 lines, 1 overlay", "not read"], "drawings")
    cage = lambda **kw: dict(base, cages=[dict({"cells": [[0, 0], [0, 1]]}, **kw)])
    one_error(scl(cage(value="x2")), ["SudokuPad puzzle", "1 cage labelled with text"], "text cage")
    one_error(scl(cage(unique=False)), ["SudokuPad puzzle", "may repeat"], "repeating cage")
    one_error(scl(cage(style="fpRowIndexer")), ["SudokuPad puzzle", "style"], "indexer cage")
    corner = dict(base, cells=[[{"pencilMarks": [1, 2]}] + [{}] * 3] + [[{}] * 4] * 3)
    one_error(scl(corner), ["SudokuPad puzzle", "pencilMarks", "1 cell"], "corner marks")
    one_error(scl(dict(base, foglight=[[0, 0]])), ["SudokuPad puzzle", "'foglight'", "not read"], "fog")
    one_error(scl({"cells": [[{}] * 4] * 3}), ["SudokuPad puzzle", "not square"], "not square")
    one_error(scl(dict(base, regions=[[[0, 0]]])), ["SudokuPad puzzle", "1 region"], "regions")
    one_error(scl(dict(base, cages=[{"cells": [[0, 0], [9, 9]], "value": 3}])), ["SudokuPad puzzle", "cage 1"],
              "cage off the grid")
    for form in ("https://sudokupad.app/abc123", "sudokupad.app/puzzle/abc123",
                 "https://sudokupad.app/?puzzleid=abc123", "https://app.crackingthecryptic.com/sudoku/abc123"):
        one_error(form, ["SudokuPad puzzle id 'abc123'", "downloaded first", "https://sudokupad.app/api/puzzle/abc123",
                         "copy a link"], "short id " + form)
    one_error("https://sudokupad.app/", ["SudokuPad link without a puzzle id"], "no id")
    one_error("https://sudokupad.app", ["SudokuPad link without a puzzle id"], "no id, no slash")
    # Only a line that starts with the link is one: in a puzzle line's comment it stays a comment.
    rc, out, err = run(["count"], CLASSIC + "  # from https://sudokupad.app/abc123?puzzleid=x\n")
    if rc != 0 or out.strip() != "1":
        fail("a link in a comment: rc %d %r %r" % (rc, out, err))
    rc, out, err = run(["count"], "http://beta.sudokupad.app/" + scl({"cells": pad_cells([0] * 16, 4)}) + "\n")
    if rc != 0 or out.strip() != "288":
        fail("a host under sudokupad.app: rc %d %r %r" % (rc, out, err))
    one_error("https://sudokupad.app/scfAbCd", ["SudokuPad", "'scf'"], "scf")
    good = scl({"cells": pad_cells([0] * 16, 4)})
    doc = {"size": 4, "grid": [[{}] * 4] * 4}
    fpuz = LZ.compressToBase64(json.dumps(doc))
    hostile = ["https://sudokupad.app/" + good[: len(good) // 2], "https://sudokupad.app/scl!!garbage",
               "https://sudokupad.app/scl%ZZ", "https://sudokupad.app/scl", "https://sudokupad.app/fpuzzles",
               "https://sudokupad.app/fpuzzles" + fpuz[: len(fpuz) // 2], "scl" + LZ.compressToBase64("not json"),
               "scl" + LZ.compressToBase64("[1,2]"), "scl" + LZ.compressToBase64("{cells:[[1,2],[3,4]]}"),
               "ctc{cells:[[,,,],[,,,],[,,,],[,,,]],cages:[{cells:[[0,0]],v:'abc'}]}",
               "scl{'cells'", "fpuzzles" + LZ.compressToBase64("{\"size\":4}")]
    for form in hostile:
        one_error(form, ["SudokuPad"], "hostile %r" % form[:60])


if __name__ == "__main__":
    test_fpuzzles_forms()
    test_scl_4x4()
    test_scl_6x6()
    test_scl_drawings()
    test_scl_arrows()
    test_scl_9x9()
    test_refusals()
    print("%d failures" % len(failures))
    sys.exit(1 if failures else 0)
