#!/usr/bin/python3
"""--format fpuzzles, fpuzzles-link and sudokupad-link end to end (solve, generate, minimize).

usage: links_cli_test.py SUDOKU_BINARY DATA_DIR

- solve: the link's payload is the lz-string of the fpuzzles form (decoded with Debian's python3-lzstring when
  installed, else with the command's own reader), whose entered digits are the solution and whose givens are
  the puzzle's; read back, it has the puzzle's solutions.
- generate and minimize: the puzzles read back from their links are the same puzzles (same solutions, unique,
  minimal), the annotation on a comment line before each.
- Bad combinations and boards past 16x16: one line each, status 2.
"""
import json
import subprocess
import sys

SUDOKU, DATA = sys.argv[1], sys.argv[2]
failures = []
try:
    import lzstring
except ImportError:
    lzstring = None


def run(args, text=""):
    p = subprocess.run([SUDOKU] + args, input=text, capture_output=True, text=True, timeout=600)
    return p.returncode, p.stdout, p.stderr


def expect(what, cond):
    if not cond:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


def records(text):
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def solutions(puzzle_text, args=()):
    status, out, err = run(["solve", "--all", "--format", "json", *args], puzzle_text)
    return [r.get("solutions") for r in records(out)], status


# Puzzles: plain, a rule prefix line, a typed killer line, a jigsaw line, and published f-puzzles documents
# that solve fast (their solutions known).
plain = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
puzzles = [plain,
           run(["generate", "--seed", "1", "--variant", "x,anti-knight"])[1].split()[0],
           "12" + "." * 34 + "AAABBBAAABBBCCCDDDCCCDDDEEEFFFEEEFFF"]
for line in open(f"{DATA}/killers.txt"):
    if not line.startswith("#") and line.strip():
        puzzles.append(line.split()[0] if line.startswith("3x3") else line.strip())
        break
for name in ("variant_bench.txt",):
    for line in open(f"{DATA}/{name}"):
        if line.startswith("#") or "\t" not in line:
            continue
        title, doc, solution = line.rstrip("\n").split("\t")[:3]
        if title.startswith(("Thermosudoku", "Killer sudoku", "XV-kropki", "Palindromes")):
            puzzles.append(doc)

for puzzle in puzzles:
    want, status = solutions(puzzle)
    expect(f"{puzzle[:40]}: solves ({status})", status == 0 and want and want[0])
    status, doc_out, err = run(["solve", "--format", "fpuzzles"], puzzle)
    expect(f"{puzzle[:40]}: fpuzzles ({status}, {err})", status == 0 and len(doc_out.splitlines()) == 1)
    doc = json.loads(doc_out)
    status, out, _ = run(["solve", "--format", "json"], puzzle)
    solution = records(out)[0]["solution"]
    _, givens_out, _ = run(["solve", "--format", "line"], puzzle)
    n = doc["size"]
    cells = [c for row in doc["grid"] for c in row]
    expect(f"{puzzle[:40]}: entered digits are the solution",
           "".join(str(c.get("value")) for c in cells) == solution)
    for form, prefix in (("fpuzzles-link", "https://www.f-puzzles.com/?load="),
                         ("sudokupad-link", "https://sudokupad.app/fpuzzles")):
        status, out, err = run(["solve", "--format", form], puzzle)
        link = out.strip()
        expect(f"{puzzle[:40]} {form}: one link ({status}, {err})", status == 0 and link.startswith(prefix)
               and "\n" not in link)
        if lzstring is not None:
            payload = link[len(prefix):]
            expect(f"{puzzle[:40]} {form}: payload is the fpuzzles form",
                   lzstring.LZString().decompressFromBase64(payload) == doc_out.strip())
        back, status = solutions(link)
        expect(f"{puzzle[:40]} {form}: read back with the same solutions ({back} {want})", back == want)
        expect(f"{puzzle[:40]} {form}: read back, checked alike", run(["check"], link)[1] == run(["check"], puzzle)[1])

# A pencilmark puzzle: its marks go as given pencil marks (the givens alone would be another puzzle).
marks = run(["candidates"], plain)[1].strip()
for form in ("fpuzzles-link", "sudokupad-link"):
    status, out, _ = run(["solve", "--format", form], marks)
    expect(f"pencilmarks {form}: read back unique ({status})", run(["check"], out)[1].strip() == "unique")
    expect(f"pencilmarks {form}: the same solution", solutions(out)[0] == solutions(plain)[0])

# --all: one link per solution.
two = "12......" + "." * 73
status, out, _ = run(["solve", "--limit", "3", "--format", "sudokupad-link"], two)
links = out.splitlines()
expect(f"--limit 3: three links ({out})", status == 0 and len(links) == 3 and len(set(links)) == 3)
for link in links:
    status, out, _ = run(["solve", "--format", "line"], link.replace("sudokupad.app/fpuzzles", "www.f-puzzles.com/?load="))
    expect("a solution's link read back by the f-puzzles reader", status == 0)

# An annotation goes on a comment line before the link.
status, out, _ = run(["solve", "--format", "fpuzzles-link"], plain + " a note\n")
expect(f"annotation: {out}", out.startswith("# a note\nhttps://www.f-puzzles.com/?load=N4Ig"))

# generate: the same puzzles as in the line form.
for args in (["3", "--seed", "5"], ["2", "--seed", "7", "--box", "2x3"], ["2", "--seed", "3", "--box", "3x2"],
             ["2", "--seed", "9", "--variant", "killer"], ["1", "--seed", "4", "--regions", "random"],
             ["1", "--seed", "2", "--variant", "x,anti-king"]):
    status, lines_out, _ = run(["generate", *args, "--format", "line"])
    status2, link_out, err = run(["generate", *args, "--format", "sudokupad-link"])
    links = [l for l in link_out.splitlines() if not l.startswith("#")]
    notes = [l for l in link_out.splitlines() if l.startswith("#")]
    expect(f"generate {args}: {status2} {err}", status == 0 and status2 == 0 and len(links) == int(args[0])
           and len(notes) == len(links) and all(l.startswith("https://sudokupad.app/fpuzzles") for l in links))
    a, _ = solutions(lines_out, args[args.index("--box"):][:2] if "--box" in args else ())
    b, _ = solutions("\n".join(links) + "\n")
    expect(f"generate {args}: the links' puzzles have the line form's solutions", a == b and len(a) == len(links))
    status, out, _ = run(["check"], link_out)
    expect(f"generate {args}: unique", out.split() == ["unique"] * len(links))

# minimize: the minimized puzzle's link, read back, is unique and minimal.
x_full = run(["solve", "--format", "line"], "x:" + "." * 81)[1].strip()
status, out, err = run(["minimize", "--format", "fpuzzles-link"], x_full + "\n")
expect(f"minimize: a link ({status} {err})", status == 0 and out.startswith("https://www.f-puzzles.com/?load="))
status, check_out, _ = run(["check", "--minimal"], out)
expect(f"minimize: read back unique and minimal ({check_out})", check_out.strip() == "unique minimal")
expect("minimize: the diagonals kept", json.loads(run(["solve", "--format", "fpuzzles"], out)[1]).get("diagonal+"))

# Bad combinations: one line, status 2.
for command in ("count", "check", "rate", "hint", "steps", "candidates"):
    status, out, err = run([command, "--format", "fpuzzles-link"], plain)
    expect(f"{command} --format fpuzzles-link: {status} {err}",
           status == 2 and err.startswith(f"sudoku: --format fpuzzles-link: {command} writes no puzzle;"))
status, out, err = run(["solve", "--format", "sudokupad"], plain)
expect(f"--format sudokupad: {err}", status == 2 and "sudokupad-link" in err.splitlines()[0])
big = open(f"{DATA}/generated_25x25.txt").readline()
status, out, err = run(["solve", "--format", "sudokupad-link"], big)
expect(f"25x25: {status} {out} {err}", status == 2 and out.startswith("error: a 25x25 board has no f-puzzles form")
       and err.strip() == "<stdin>:1: a 25x25 board has no f-puzzles form: f-puzzles and SudokuPad boards are "
                          "4x4 to 16x16")

if failures:
    print(f"{len(failures)} failure(s)", file=sys.stderr)
    sys.exit(1)
print("all f-puzzles and SudokuPad link tests passed")
