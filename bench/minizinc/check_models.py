#!/usr/bin/python3
"""The ruler's models against `sudoku count`: random 4x4 f-puzzles documents, a few rules of one or two families
each, counted by MiniZinc with Gecode (all solutions) and by the command; the counts must agree.

usage: bench/minizinc/check_models.py SUDOKU_BINARY [ROUNDS]   (needs minizinc and flatzinc)
"""
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SUDOKU = sys.argv[1]
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 200
N = 4
rng = random.Random(59)


def ref(i):
    return "R%dC%d" % (i // N + 1, i % N + 1)


def walk(length, diagonal=True):
    cell = rng.randrange(N * N)
    path = [cell]
    while len(path) < length:
        r, c = divmod(path[-1], N)
        steps = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr or dc) and (diagonal or not (dr and dc))]
        options = [rr * N + cc for rr, cc in steps if 0 <= rr < N and 0 <= cc < N and rr * N + cc not in path]
        if not options:
            break
        path.append(rng.choice(options))
    return path


def lines(kind):
    return [{"lines": [[ref(i) for i in walk(rng.randint(2, 4))]]} for _ in range(rng.randint(1, 2))]


def pair():
    a = rng.randrange(N * N)
    r, c = divmod(a, N)
    b = rng.choice([x for x in ((r + 1) * N + c if r + 1 < N else None, a + 1 if c + 1 < N else None) if x is not None] or [None])
    return None if b is None else [ref(a), ref(b)]


def family(kind, doc):
    if kind in ("thermometer", "slowthermometer", "palindrome", "betweenline", "renban", "regionsumline",
                "entropicline", "modularline", "zipperline"):
        doc[kind] = lines(kind)
    elif kind == "whispers":
        doc[kind] = [dict(e, value=str(rng.randint(1, 2))) if rng.random() < 0.5 else e for e in lines(kind)]
    elif kind == "killercage":
        cells = walk(rng.randint(2, 3), diagonal=False)
        doc[kind] = [{"cells": [ref(i) for i in cells], "value": str(rng.randint(3, 10))}]
    elif kind == "arrow":
        path = walk(3)
        doc[kind] = [{"cells": [ref(path[0])], "lines": [[ref(i) for i in path]]}]
    elif kind == "littlekillersum":
        c = rng.randint(1, N - 1)
        doc[kind] = [{"cell": "R0C%d" % c, "cells": ["R%dC%d" % (k, c + k) for k in range(1, N - c + 1)],
                      "value": str(rng.randint(2, 8))}]
    elif kind == "sandwichsum":
        k = rng.randint(1, N)
        doc[kind] = [{"cell": rng.choice(["R0C%d" % k, "R%dC0" % k]), "value": str(rng.choice([0, 2, 3, 5]))}]
    elif kind in ("difference", "ratio", "xv"):
        p = pair()
        if p:
            doc[kind] = [{"cells": p} if kind != "xv" else {"cells": p, "value": "V"}]
        if rng.random() < 0.5:
            doc["negative"] = [kind] if kind != "difference" else ["difference"]
    elif kind in ("antiknight", "antiking", "nonconsecutive", "diagonal+", "diagonal-"):
        doc[kind] = True
    elif kind in ("odd", "even"):
        doc[kind] = [{"cell": ref(rng.randrange(N * N))}]


KINDS = ["thermometer", "slowthermometer", "palindrome", "betweenline", "renban", "regionsumline", "entropicline",
         "modularline", "zipperline", "whispers", "killercage", "arrow", "littlekillersum", "sandwichsum",
         "difference", "ratio", "xv", "antiknight", "antiking", "nonconsecutive", "diagonal+", "odd", "even"]
bad = skipped = 0
nonzero = 0
with tempfile.TemporaryDirectory() as tmp:
    for round_ in range(ROUNDS):
        grid = [[{} for _ in range(N)] for _ in range(N)]
        if rng.random() < 0.5:
            i = rng.randrange(N * N)
            grid[i // N][i % N] = {"value": rng.randint(1, N), "given": True}
        doc = {"size": N, "grid": grid}
        for kind in rng.sample(KINDS, rng.randint(1, 2)):
            family(kind, doc)
        text = json.dumps(doc)
        p = subprocess.run([SUDOKU, "count", "--threads", "1"], input=text, capture_output=True, text=True)
        ours = p.stdout.strip()
        if p.returncode not in (0, 1) or not ours.isdigit():
            skipped += 1
            continue  # refused (a rule the reader takes differently on 4x4, e.g. a clue out of range)
        dzn = subprocess.run(["/usr/bin/python3", os.path.join(HERE, "fpuzzles_to_dzn.py")], input=text,
                             capture_output=True, text=True, check=True).stdout
        with open(os.path.join(tmp, "p.dzn"), "w") as f:
            f.write(dzn)
        q = subprocess.run(["minizinc", "--solver", "org.gecode.gecode", "-a", os.path.join(HERE, "variants.mzn"),
                            os.path.join(tmp, "p.dzn")], capture_output=True, text=True)
        theirs = q.stdout.count("----------")
        nonzero += theirs > 0
        if str(theirs) != ours:
            bad += 1
            print("DIFFER: sudoku %s, gecode %d: %s" % (ours, theirs, text), file=sys.stderr)
print("%d rounds: %d refused by sudoku, %d counted alike (%d of them with solutions), %d differ"
      % (ROUNDS, skipped, ROUNDS - skipped - bad, nonzero, bad))
sys.exit(1 if bad else 0)
