#!/usr/bin/python3
"""An f-puzzles document (JSON, one per file or on standard input) as the data of bench/minizinc/variants.mzn.

usage: fpuzzles_to_dzn.py [DOCUMENT.json] > puzzle.dzn

Reads the rules the bench sets use, with docs/variants.md's meanings; any other rule is refused (exit 2, one
line), cosmetic fields (title, lines, text...) are ignored. Written for the ruler, apart from the library.
"""
import json
import sys

COSMETIC = {"size", "grid", "title", "author", "ruleset", "solution", "disabledlogic", "truecandidatesoptions",
            "text", "line", "rectangle", "circle", "highlightConflicts"}
DIRECTIONS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}


def fail(what):
    print("fpuzzles_to_dzn: " + what, file=sys.stderr)
    sys.exit(2)


def convert(doc):
    n = doc["size"]
    box_rows = max(r for r in range(1, n + 1) if n % r == 0 and r * r <= n)
    box_cols = n // box_rows

    def rc(ref):
        s = ref.upper()
        return int(s[1:s.index("C")]), int(s[s.index("C") + 1:])

    def cell(ref):  # 1-based flat index
        r, c = rc(ref)
        if not (1 <= r <= n and 1 <= c <= n):
            fail("cell %s is off the board" % ref)
        return (r - 1) * n + c

    given, allowed, region = [0] * (n * n), [set(range(1, n + 1)) for _ in range(n * n)], [0] * (n * n)
    for r, row in enumerate(doc["grid"]):
        for c, v in enumerate(row):
            i = r * n + c
            region[i] = int(v["region"]) + 1 if "region" in v else r // box_rows * box_rows + c // box_cols + 1
            if v.get("value") not in (None, "") and v.get("given", True) is not False:
                given[i] = int(v["value"])
            if v.get("givenPencilMarks"):
                allowed[i] &= {int(d) for d in v["givenPencilMarks"]}
    lists = {k: [] for k in ("distinct", "sum", "circle", "shaft", "thermo", "slow", "palindrome", "between",
                             "renban", "whispers", "run", "entropic", "modular", "zipper")}
    values = {"sum": [], "whispers": [], "run_line": [], "sandwich": []}
    pairs = {k: [] for k in ("white", "black", "xv_sum", "differ", "nonconsecutive", "noratio", "noxv")}
    sandwich_cells = []
    lines_of = lambda entry: [[cell(x) for x in line] for line in entry.get("lines", [])]
    windows = lambda line: [line[j:j + 3] for j in range(max(1, len(line) - 2))]
    nonconsecutive = bool(doc.get("nonconsecutive"))
    negative = set(doc.get("negative", []))
    for key, value in doc.items():
        if key in COSMETIC:
            continue
        if key in ("antiknight", "antiking", "nonconsecutive", "diagonal+", "diagonal-"):
            if value is not True:
                continue
            if key == "diagonal-":
                lists["distinct"].append([i * n + i + 1 for i in range(n)])
            elif key == "diagonal+":
                lists["distinct"].append([i * n + n - i for i in range(n)])
            elif key != "nonconsecutive":
                moves = [(1, 1), (1, -1)] if key == "antiking" else [(1, 2), (2, 1), (1, -2), (2, -1)]
                for r in range(n):
                    for c in range(n):
                        for dr, dc in moves:
                            if 0 <= r + dr < n and 0 <= c + dc < n:
                                pairs["differ"].append([r * n + c + 1, (r + dr) * n + c + dc + 1])
        elif key == "negative":
            pass
        elif key == "extraregion":
            lists["distinct"] += [[cell(x) for x in e["cells"]] for e in value]
        elif key in ("killercage", "cage"):
            for e in value:
                cells = [cell(x) for x in e["cells"]]
                has_sum = str(e.get("value", "")).strip().isdigit()
                if key == "cage" and not has_sum:
                    continue
                lists["distinct"].append(cells)
                if has_sum:
                    lists["sum"].append(cells)
                    values["sum"].append(int(e["value"]))
        elif key == "littlekillersum":
            for e in value:
                if str(e.get("value", "")).strip() == "":
                    continue
                if e.get("cells"):
                    cells = [cell(x) for x in e["cells"]]
                else:
                    (r, c), (dr, dc) = rc(e["cell"]), DIRECTIONS[e["direction"]]
                    cells = []
                    r, c = r + dr, c + dc
                    while 1 <= r <= n and 1 <= c <= n:
                        cells.append((r - 1) * n + c)
                        r, c = r + dr, c + dc
                lists["sum"].append(cells)
                values["sum"].append(int(e["value"]))
        elif key == "arrow":
            for e in value:
                circle = [cell(x) for x in e["cells"]]
                for line in lines_of(e):
                    lists["circle"].append(circle)
                    lists["shaft"].append([x for x in line if x not in circle])
        elif key in ("thermometer", "slowthermometer", "palindrome", "betweenline", "renban"):
            name = {"thermometer": "thermo", "slowthermometer": "slow", "betweenline": "between"}.get(key, key)
            for e in value:
                lists[name] += lines_of(e)
        elif key == "whispers":
            for e in value:
                for line in lines_of(e):
                    lists["whispers"].append(line)
                    values["whispers"].append(int(e["value"]) if str(e.get("value", "")).strip() else (n + 1) // 2)
        elif key == "regionsumline":
            for e in value:
                for line in lines_of(e):
                    runs = []
                    for x in line:
                        if runs and region[runs[-1][-1] - 1] == region[x - 1]:
                            runs[-1].append(x)
                        else:
                            runs.append([x])
                    line_number = len(set(values["run_line"])) + 1
                    for run in runs:
                        lists["run"].append(run)
                        values["run_line"].append(line_number)
        elif key in ("entropicline", "modularline"):
            for e in value:
                for line in lines_of(e):
                    lists[key[:-4]] += windows(line)
        elif key == "zipperline":
            for e in value:
                lists["zipper"] += lines_of(e)
        elif key == "sandwichsum":
            for e in value:
                r, c = rc(e["cell"])
                sandwich_cells.append([(r - 1) * n + j for j in range(1, n + 1)] if c in (0, n + 1)
                                      else [(i - 1) * n + c for i in range(1, n + 1)])
                values["sandwich"].append(int(e["value"]))
        elif key in ("difference", "ratio", "xv"):
            for e in value:
                a, b = (cell(x) for x in e["cells"])
                v = str(e.get("value", "")).strip().upper()
                if key == "xv":
                    pairs["xv_sum"].append([a, b, 10 if v == "X" else 5])
                else:
                    pairs["white" if key == "difference" else "black"].append(
                        [a, b, int(v) if v else (1 if key == "difference" else 2)])
        elif key in ("odd", "even"):
            for e in value:
                allowed[cell(e["cell"]) - 1] &= {d for d in range(1, n + 1) if d % 2 == (key == "odd")}
        else:
            fail("rule %r has no model in bench/minizinc" % key)
    # The negative constraints on orthogonal neighbours without a mark.
    dotted = {frozenset(p[:2]) for p in pairs["white"] + pairs["black"]}
    marked_xv = {frozenset(p[:2]) for p in pairs["xv_sum"]}
    neighbours = [[r * n + c + 1, r * n + c + 2] for r in range(n) for c in range(n - 1)] + \
                 [[r * n + c + 1, (r + 1) * n + c + 1] for r in range(n - 1) for c in range(n)]
    for a, b in neighbours:
        if (nonconsecutive or "difference" in negative) and frozenset((a, b)) not in dotted:
            pairs["nonconsecutive"].append([a, b])
        if "ratio" in negative and frozenset((a, b)) not in dotted:
            pairs["noratio"].append([a, b])
        if "xv" in negative and frozenset((a, b)) not in marked_xv:
            pairs["noxv"].append([a, b])
    ratios = sorted({p[2] for p in pairs["black"]} or {2})

    out = ["n = %d;" % n, "given = %s;" % given, "region = %s;" % region,
           "allowed = [%s];" % ", ".join("{%s}" % ", ".join(map(str, sorted(a))) for a in allowed),
           "ratios = {%s};" % ", ".join(map(str, ratios))]
    count_names = {"thermo": "thermo", "circle": "arrow"}
    for name, rules in lists.items():
        if name == "shaft":
            pass
        elif name != "run":
            out.append("n_%s = %d;" % (count_names.get(name, name), len(rules)))
        else:
            out.append("n_run = %d;" % len(rules))
        starts, cells = [1], []
        for rule in rules:
            cells += rule
            starts.append(len(cells) + 1)
        out.append("%s_start = %s;" % (name, starts))
        out.append("%s_cells = %s;" % (name, cells))
    out.append("sum_value = %s;" % values["sum"])
    out.append("whispers_value = %s;" % values["whispers"])
    out.append("run_line = %s;" % values["run_line"])
    out.append("n_sandwich = %d;" % len(sandwich_cells))
    out.append("sandwich_cells = array2d(1..%d, 1..%d, %s);" % (len(sandwich_cells), n,
                                                              [x for row in sandwich_cells for x in row]))
    out.append("sandwich_value = %s;" % values["sandwich"])
    for name, rows in pairs.items():
        width = 3 if name in ("white", "black", "xv_sum") else 2
        out.append("n_%s = %d;" % ("xv" if name == "xv_sum" else name, len(rows)))
        out.append("%s = array2d(1..%d, 1..%d, %s);" % (name, len(rows), width, [x for row in rows for x in row]))
    return "\n".join(out) + "\n"


def main():
    text = open(sys.argv[1]).read() if len(sys.argv) > 1 else sys.stdin.read()
    try:
        doc = json.loads(text)
    except ValueError as e:
        fail("not JSON: %s" % e)
    sys.stdout.write(convert(doc))


if __name__ == "__main__":
    main()
