#!/usr/bin/python3
"""sudoku candidates under f-puzzles rules, against the independent checker of fpuzzles_test.py.

usage: fpuzzles_tools_test.py SUDOKU_BINARY

4x4: random rule sets of every kind (read off a grid, or random ones that may admit no grid), a few givens;
`sudoku candidates` must print, cell by cell, exactly the digits that some of the 288 grids accepted by the
checker holds there, and the status none, unique or multiple by their number; a second batch draws on the cell
rules (odd, even, minimum, maximum, quadruple) as well.
rate under line and dot rules: 9x9 puzzles generated from thermo, arrow, kropki and XV templates; er, ep, ed and
the technique follow from the ratings of `steps` (docs/rating.md: the hardest step, the hardest up to the first
placement, the first; null where the steps get stuck), and a tier short of search means the steps solve it; a
puzzle that is not unique gets no rating.
4x4 puzzles under random rules of every kind, unique: steps sound, a numeric rating wherever they solve it.
rate, hint and steps under the neighbour rules (anti-knight, anti-king, non-consecutive): steps sound against
the solution, rate's ratings theirs, hint the first of them.
"""
import json
import random
import sys

import fpuzzles_test as ft


def parse_candidates(text, n):
    return [{int(ch) for ch in text[i * n:(i + 1) * n] if ch != "."} for i in range(n * n)]


def test_candidates_4x4(rng, among=ft.KINDS):
    grids = ft.all_grids(4)
    batch, wanted = [], []
    for k in range(80):
        kinds = rng.sample(among, rng.randint(1, 4))
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


def graded(steps):
    """rate's er, ep, ed and technique as the ratings of a steps record give them (docs/rating.md)."""
    er = ep = ed = None
    technique = "stuck"
    hardest = 0
    for step in steps["steps"]:
        if step["rating"] > hardest:
            hardest, technique = step["rating"], step["technique"]
        ed = hardest if ed is None else ed
        if ep is None and step["placements"]:
            ep = hardest
    solved = steps["status"] == "solved"
    return {"er": hardest if solved else None, "ep": ep, "ed": ed, "technique": technique if solved else "stuck"}


def sound(steps, solution, n, puzzle, what):
    """Every placement of the steps is the solution's digit, no elimination is."""
    for step in steps["steps"]:
        for r, c, d in step["placements"]:
            if int(solution[(r - 1) * n + c - 1]) != d:
                ft.fail("%s: %s places a wrong digit: %s" % (what, step["text"], puzzle))
        for r, c, d in step["eliminations"]:
            if int(solution[(r - 1) * n + c - 1]) == d:
                ft.fail("%s: %s removes the solution's digit: %s" % (what, step["text"], puzzle))


def graded_and_sound(puzzles, n, what):
    """rate, steps and solve on unique puzzles: every step sound, rate's er, ep, ed those of the steps. Returns
    how many the steps solve."""
    text = "\n".join(puzzles) + "\n"
    outputs = {}
    for command in ("solve", "steps", "rate"):
        rc, out, err = ft.run([command, "--format", "json"], text)
        outputs[command] = [json.loads(x) for x in out.splitlines()]
        if rc != 0 or len(outputs[command]) != len(puzzles):
            ft.fail("%s: %s exit %d, %d records: %s" % (what, command, rc, len(outputs[command]), err[:300]))
            return 0
    solved = 0
    for solution, steps, rated in zip(outputs["solve"], outputs["steps"], outputs["rate"]):
        sound(steps, solution["solution"], n, solution["puzzle"], what)
        want = graded(steps)
        if {k: rated.get(k) for k in want} != want:
            ft.fail("%s: rate says %s, steps %s: %s" % (what, rated, want, solution["puzzle"]))
        if steps["status"] == "solved":
            solved += 1
            if not isinstance(rated["er"], float) or not all(s["rating"] >= 1.0 for s in steps["steps"]):
                ft.fail("%s: solved without a numeric rating: %s" % (what, rated))
    return solved


def test_graded_4x4(rng):
    """4x4 puzzles under random f-puzzles rules read off a grid, unique by the brute checker: the steps are
    sound, and every puzzle they solve gets a numeric ER, EP and ED."""
    grids = ft.all_grids(4)
    puzzles = []
    while len(puzzles) < 40:
        kinds = rng.sample([k for k in ft.KINDS + ft.CELL_KINDS if k not in ("givens", "givenPencilMarks")],
                           rng.randint(2, 5))
        puzzle = ft.make_puzzle(4, ft.random_grid(4, rng), rng, kinds, exact=True)
        if sum(1 for g in grids if ft.check(g, puzzle)) == 1:
            puzzles.append(json.dumps(puzzle))
    solved = graded_and_sound(puzzles, 4, "graded 4x4")
    if solved < 10:
        ft.fail("graded 4x4: the steps solve only %d of 40 puzzles" % solved)


def test_rate(rng):
    puzzles = []
    for kinds in (["thermometer"] * 4, ["arrow"] * 4, ["difference"] * 3 + ["ratio"] * 2, ["xv"] * 5):
        while True:
            grid = ft.random_grid(9, rng)
            template = ft.make_puzzle(9, grid, rng, kinds, exact=True)
            if set(kinds) <= set(template):
                break
        for cell in rng.sample(range(81), 12):
            template["grid"][cell // 9][cell % 9] = {"value": grid[cell], "given": True}
        rc, out, err = ft.run(["generate", "2", "--seed", str(rng.randrange(1000)), "--format", "json",
                               "--template", "/dev/stdin"], json.dumps(template) + "\n")
        puzzles += [json.loads(x)["puzzle"] for x in out.splitlines() if x.startswith("{")]
    if len(puzzles) < 6:
        ft.fail("rate: only %d puzzles generated" % len(puzzles))
    text = "\n".join(puzzles) + "\n"
    _, rated, _ = ft.run(["rate", "--format", "json"], text)
    _, stepped, _ = ft.run(["steps", "--format", "json"], text)
    rated, stepped = rated.splitlines(), stepped.splitlines()
    if len(rated) != len(puzzles) or len(stepped) != len(puzzles):
        ft.fail("rate/steps: %d and %d records for %d puzzles" % (len(rated), len(stepped), len(puzzles)))
        return
    kinds_seen = set()
    for r, s in zip(rated, stepped):
        r, s = json.loads(r), json.loads(s)
        want = graded(s)
        got = {k: r.get(k) for k in want}
        words = r["rating"].split()
        if got != want or words[0] != r["tier"] or (r["tier"] != "search" and s["status"] != "solved"):
            ft.fail("rate: %s %s, steps say %s %s: %s" % (got, r["rating"], want, s["status"], r["puzzle"]))
        kinds_seen.update(step["technique"] for step in s["steps"])
        kinds_seen.add(s["status"])
    graded_and_sound(puzzles, 9, "graded 9x9")
    if "rule" not in kinds_seen or "solved" not in kinds_seen:
        ft.fail("rate: no rule step or no solved puzzle in %d puzzles: %s" % (len(puzzles), sorted(kinds_seen)))
    # Not unique: no rating, as for any puzzle.
    rc, out, err = ft.run(["rate", "--format", "json"], json.dumps(
        {"size": 4, "grid": [[{}] * 4] * 4, "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}) + "\n")
    r = json.loads(out) if out.startswith("{") else {}
    if rc != 1 or r.get("status") != "multiple" or r.get("tier") is not None or r.get("technique") is not None:
        ft.fail("rate, a thermometer on an empty 4x4: rc %d %r %r" % (rc, out, err))


def test_neighbours():
    """4x4 puzzles under random rules of every kind, unique: steps sound, a numeric rating wherever they solve it.
rate, hint and steps under the neighbour rules: every step sound against the unique solution, and the
    rating's er, ep, ed and technique those of the steps."""
    puzzles = []
    for variant, box in (("anti-knight", "2x3"), ("anti-knight", "3x3"), ("anti-king", "2x3"), ("anti-king", "3x3"),
                         ("non-consecutive", "2x3"), ("non-consecutive", "3x3"), ("x,anti-knight", "3x3")):
        _, out, _ = ft.run(["generate", "3", "--variant", variant, "--box", box, "--seed", "7"], "")
        puzzles += [line.split()[0] for line in out.splitlines()]
    if len(puzzles) != 21:
        ft.fail("neighbours: %d puzzles generated, not 21" % len(puzzles))
    text = "\n".join(puzzles) + "\n"
    outputs = {}
    for command in ("solve", "steps", "rate", "hint"):
        rc, out, err = ft.run([command, "--format", "json"], text)
        outputs[command] = [json.loads(x) for x in out.splitlines()]
        if rc != 0 or len(outputs[command]) != len(puzzles):
            ft.fail("neighbours: %s exit %d, %d records: %s" % (command, rc, len(outputs[command]), err[:300]))
            return
    seen = set()
    for solved, steps, rated, hint in zip(outputs["solve"], outputs["steps"], outputs["rate"], outputs["hint"]):
        solution, n = solved["solution"], 6 if len(solved["solution"]) == 36 else 9
        for step in steps["steps"]:
            for r, c, d in step["eliminations"]:
                if int(solution[(r - 1) * n + c - 1]) == d:
                    ft.fail("neighbours: %s removes the solution's digit: %s" % (step["text"], solved["puzzle"]))
            for r, c, d in step["placements"]:
                if int(solution[(r - 1) * n + c - 1]) != d:
                    ft.fail("neighbours: %s places a wrong digit: %s" % (step["text"], solved["puzzle"]))
            if step["technique"] == "rule":
                seen.add(step["rule"].split(" beside ")[0])
        want = graded(steps)
        if {k: rated.get(k) for k in want} != want:
            ft.fail("neighbours: rate says %s, steps %s: %s" % (rated, want, solved["puzzle"]))
        if hint["steps"][:1] != steps["steps"][:1]:
            ft.fail("neighbours: hint %s is not the first step: %s" % (hint["steps"], solved["puzzle"]))
    if seen != {"anti-knight", "anti-king", "non-consecutive"}:
        ft.fail("neighbours: rule steps of %s only" % sorted(seen))


rng = random.Random("candidates")
test_candidates_4x4(rng)
test_candidates_4x4(random.Random("cell rules"), ft.CELL_KINDS * 2 + ft.KINDS[:10])
test_rate(random.Random("rate"))
test_graded_4x4(random.Random("graded"))
test_neighbours()
print("%d failures" % len(ft.failures))
sys.exit(1 if ft.failures else 0)
