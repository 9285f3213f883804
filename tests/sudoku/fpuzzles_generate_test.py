#!/usr/bin/python3
"""sudoku generate --template, against the independent checker of fpuzzles_test.py.

usage: fpuzzles_generate_test.py SUDOKU_BINARY FAMILY

FAMILY is one rule family (thermo, arrow, kropki, xv, sandwich, littlekiller, killercage), whose templates are
made from random grids on 9x9 and 4x4 and given to `generate --template` under several seeds; or "bounds":
the templates that once made generate run for minutes (a near-empty thermometer grid, kropki dots all over),
the attempts' error and bad templates. Each generated puzzle must be unique (`check`; on 4x4 also over all
288 grids), its solution accepted by the checker, its template's rules and givens kept; a seed gives the same
puzzles with 1 and 2 threads, the next seed other ones (9x9).
"""
import json
import os
import random
import sys
import tempfile

import fpuzzles_test as ft

FAMILIES = {
    "thermo": ["thermometer"] * 5,
    "arrow": ["arrow"] * 5,
    "kropki": ["difference"] * 3 + ["ratio"] * 2,
    "xv": ["xv"] * 6,
    "sandwich": ["sandwichsum"] * 5,
    "littlekiller": ["littlekillersum"] * 4,
    "killercage": ["killercage"] * 6,
}
SEEDS = 2  # templates per size, each its own random grid and seed


def generate(template, args):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(template)
    try:
        return ft.run(["generate", "--template", f.name] + args, "")
    finally:
        os.unlink(f.name)


def template_of(n, kinds, rng, givens):
    """An f-puzzles document with rules of `kinds` read off a random grid, and `givens` of its digits."""
    want = set(kinds)
    while True:  # an arrow whose line misses its sum, or a ratio dot on digits no ratio joins, is left out
        grid = ft.random_grid(n, rng)
        template = ft.make_puzzle(n, grid, rng, kinds, exact=True)
        if want <= set(template):
            break
    kept = rng.sample(range(n * n), givens)
    for cell in kept:
        template["grid"][cell // n][cell % n] = {"value": grid[cell], "given": True}
    return template, {cell: grid[cell] for cell in kept}


def check_generated(name, template, kept, out, grids4):
    """Each record of generate's JSON output: unique, its solution keeping every rule, the template kept."""
    n = template["size"]
    puzzles = []
    for record in out.splitlines():
        r = json.loads(record)
        doc = json.loads(r["puzzle"])
        puzzles.append(r["puzzle"])
        solution = [int(ch) for ch in r["solution"]]
        if not ft.check(solution, doc) or not ft.check(solution, template):
            ft.fail("%s: the solution breaks a rule: %s" % (name, record))
        for key in template:  # the writer's own form: the same entries, defaults may be spelled out
            got, want = doc.get(key), template[key]
            if key != "grid" and (len(got or []) != len(want) if isinstance(want, list) else got != want):
                ft.fail("%s: rule '%s' not written back: %s" % (name, key, record))
        for cell, digit in kept.items():
            if doc["grid"][cell // n][cell % n].get("value") != digit:
                ft.fail("%s: the template's given at %s was dropped: %s" % (name, ft.ref(cell, n), record))
        givens = [doc["grid"][c // n][c % n].get("value") for c in range(n * n)]
        if any(g is not None and g != solution[c] for c, g in enumerate(givens)):
            ft.fail("%s: a given differs from the solution: %s" % (name, record))
        if n == 4 and sum(1 for g in grids4 if ft.check(g, doc)) != 1:
            ft.fail("%s: not unique over all 288 grids: %s" % (name, record))
        rc, verdict, err = ft.run(["check"], json.dumps(doc) + "\n")
        if verdict != "unique\n":
            ft.fail("%s: check says %r %r" % (name, verdict, err))
    return puzzles


def gave_up(rc, out, err, count):
    """Whether generate gave up as it should when its bounded attempts all fail: a line each, status 2."""
    lines = err.strip().split("\n")
    return rc == 2 and 0 < len(lines) <= count and all("no puzzle under the template's rules" in x for x in lines)


def test_family(family, rng):
    grids4 = ft.all_grids(4)
    for n in (9, 4):
        made = 0
        for k in range(SEEDS):
            kinds = FAMILIES[family] if n == 9 else FAMILIES[family][:2]
            # A dozen givens on 9x9, as published puzzles have: the search for any grid of an empty board under
            # some rules runs for minutes (docs/variants.md, Limits); test_bounds takes near-empty ones.
            template, kept = template_of(n, kinds, rng, rng.randint(10, 16) if n == 9 else rng.randint(0, 2))
            text = json.dumps(template)
            seed = str(rng.randrange(1 << 30))
            name = "generate --template %s %dx%d seed %s" % (family, n, n, seed)
            rc, out, err = generate(text, ["2", "--seed", seed, "--format", "json", "--threads", "1"])
            if gave_up(rc, out, err, 2):
                continue  # rules whose search is too long for the attempts' bounds; most are not
            if rc != 0 or len(out.splitlines()) != 2:
                ft.fail("%s: rc %d, %r %r for %s" % (name, rc, out[:300], err, text))
                continue
            made += 1
            puzzles = check_generated(name, template, kept, out, grids4)
            rc, again, err = generate(text, ["2", "--seed", seed, "--format", "json", "--threads", "2"])
            if again != out:
                ft.fail("%s: not reproduced with 2 threads: %r %r" % (name, again[:300], err))
            if n == 9:
                if len(set(puzzles)) < 2:
                    ft.fail("%s: 2 puzzles, the same" % name)
                _, other, _ = generate(text, ["2", "--seed", str(int(seed) + 1), "--format", "json"])
                if other == out:
                    ft.fail("%s: the next seed gave the same puzzles" % name)
            if made == 1:  # the text output, comment lines and all, reads back as unique puzzles
                rc, out, err = generate(text, ["2", "--seed", seed])
                rc, verdict, err = ft.run(["check"], out)
                if rc != 0 or verdict != "unique\nunique\n":
                    ft.fail("%s | check: rc %d, %r %r" % (name, rc, verdict, err))
        if made < SEEDS - 1:
            ft.fail("generate --template %s %dx%d: puzzles from %d of %d templates" % (family, n, n, made, SEEDS))


def test_bounds(rng):
    grids4 = ft.all_grids(4)
    # One thermometer and three scattered givens on 9x9, and kropki dots all over: these added givens for
    # minutes before each attempt had a budget. The subprocess timeout (ft.run) is generous; they take seconds.
    cases = []
    for _ in range(2):
        template, kept = template_of(9, ["thermometer"], rng, 3)
        cases.append(("near-empty thermo", template, kept))
        template, kept = template_of(9, ["difference"] * 8 + ["ratio"] * 6, rng, 0)
        cases.append(("kropki", template, kept))
    template, kept = template_of(9, ["difference"] * 10 + ["ratio"] * 8, rng, 0)
    cases.append(("dense kropki", template, kept))
    for what, template, kept in cases:
        seed = str(rng.randrange(1 << 30))
        name = "generate --template %s seed %s" % (what, seed)
        count = 1 if what == "dense kropki" else 2  # its 20 attempts may all be spent: one puzzle's worth
        rc, out, err = generate(json.dumps(template), [str(count), "--seed", seed, "--format", "json"])
        if what == "dense kropki" and gave_up(rc, out, err, count):
            continue  # finding any grid under them can take the plain search minutes (docs/variants.md)
        if rc != 0 or len(out.splitlines()) != count:
            ft.fail("%s: rc %d, %r %r for %s" % (name, rc, out[:300], err, json.dumps(template)))
            continue
        check_generated(name, template, kept, out, grids4)
    # No attempt can succeed: killer cages rated easier than the tier asked for. One line, status 2.
    template, _ = template_of(9, ["killercage"] * 12, rng, 30)
    rc, out, err = generate(json.dumps(template), ["1", "--seed", "5", "--tier", "search", "--attempts", "3"])
    if not gave_up(rc, out, err, 1) or "3 attempts" not in err:
        ft.fail("generate --template, no tier 'search' in 3 attempts: rc %d, %r %r" % (rc, out, err))
    # Bad templates: one line, status 2.
    plain = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)]}
    thermo = dict(plain, thermometer=[{"lines": [["R1C1", "R1C2", "R1C3"]]}])
    clash = json.loads(json.dumps(thermo))
    clash["grid"][0][0] = {"value": 9, "given": True}  # a bulb of 9 leaves no room above it
    lockout = dict(plain, lockout=[{"lines": [["R1C1", "R1C2", "R1C3"]]}])
    bad = {"none": "", "another": json.dumps(thermo) + "\n" + json.dumps(thermo), "has none": json.dumps(plain),
           "no solution": json.dumps(clash), "grid": '{"size": 9, "grid": []}', "lockout": json.dumps(lockout)}
    for what, text in bad.items():
        rc, out, err = generate(text + "\n", [])
        if rc != 2 or out or what not in err or len(err.strip().split("\n")) != 1:
            ft.fail("generate --template, bad template (%s): rc %d, %r %r" % (what, rc, out, err))


family = sys.argv.pop(2)  # fpuzzles_test.fail() takes a third argument as its log file
rng = random.Random("template " + family)
if family == "bounds":
    test_bounds(rng)
else:
    test_family(family, rng)
print("%d failures" % len(ft.failures))
sys.exit(1 if ft.failures else 0)
