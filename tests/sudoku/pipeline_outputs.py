#!/usr/bin/python3
"""Every command's output, byte for byte, against stored expected outputs.

The pipeline's commands write their results through one formatter from each command's field list
(src/sudoku/pipeline/tasks/): this runs a matrix of commands x formats x options over small inputs (plain
puzzles with annotations, a grid, pencilmarks, a killer, an f-puzzles rule puzzle, rule-word lines, clashing
givens, a bad line, a batch of many puzzles on two threads, generate's variants) and compares each case's
standard output, standard error and exit status with tests/sudoku/data/pipeline_outputs.txt, which holds a
SHA-256 digest per case (the outputs themselves are 1.5 MB). A change of any output names the cases that
differ; --against OTHER_SUDOKU shows the differences from another build (the one before the change). When a
change is meant, record the new digests with --update and say why in the commit.

usage: pipeline_outputs.py path/to/sudoku path/to/tests/sudoku/data [--update | --against path/to/sudoku]
"""
import difflib
import hashlib
import os
import subprocess
import sys
import tempfile

COMMANDS = ["solve", "count", "check", "rate", "hint", "steps", "minimize", "candidates"]
TEXT_FORMATS = ["same", "line", "grid", "judge", "pretty"]
RECORD_FORMATS = ["csv", "json", "json-array"]
FORMATS = TEXT_FORMATS + RECORD_FORMATS

# A 4x4 f-puzzles puzzle with a thermometer (solution 1234/3412/2143/4321).
FPUZZLE = (
    '{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{"value":1,"given":true},{}],'
    '[{},{"value":1,"given":true},{},{"value":3,"given":true}],[{"value":4,"given":true},{},{},{}]],'
    '"thermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}]}'
)
GRID = """\
53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79
"""


def lines_of(path, first, count):
    with open(path) as f:
        rows = [line for line in f if line.strip() and not line.startswith("#")]
    return rows[first:first + count]


def write_inputs(data, sudoku):
    counts = os.path.join(data, "puzzles_with_counts.txt")
    rated = os.path.join(data, "se_ratings.txt")
    # Unique ones that the graded engine rates at once (tab-annotated), none and multiple (":count" annotated).
    quick = [0, 2, 3, 4, 11, 15, 16, 18, 23, 26, 28]
    plain = lines_of(rated, 4, 1) + lines_of(counts, 18, 1) + lines_of(counts, 30, 1) + lines_of(rated, 3, 1)
    files = {
        "plain.txt": "".join(plain),
        "grid.txt": GRID,
        "killer.txt": "".join(lines_of(os.path.join(data, "killers.txt"), 0, 1)),
        "fpuzzle.txt": FPUZZLE + "\n",
        "rules.txt": "".join(lines_of(os.path.join(data, "graded_variants.txt"), 0, 1)
                             + lines_of(os.path.join(data, "graded_variants.txt"), 16, 1)
                             + lines_of(os.path.join(data, "graded_variants.txt"), 32, 1)),
        "clash.txt": "11" + "." * 79 + " two ones\n" + plain[0],
        "bad.txt": "not a puzzle\n" + plain[0] + "12345\n",
        "many.txt": "".join(lines_of(counts, 0, 9) + lines_of(counts, 18, 25)
                            + [line for i in quick for line in lines_of(rated, i, 1)]),
        "template.txt": FPUZZLE + "\n",
    }
    for name, text in files.items():
        with open(name, "w") as f:
            f.write(text)
    # Pencilmarks: the true candidates of a unique puzzle and of one with several solutions.
    marks = subprocess.run([sudoku, "candidates", "-"], input=plain[0] + plain[2], capture_output=True,
                           text=True).stdout
    with open("marks.txt", "w") as f:
        f.write(marks)


def cases():
    inputs = ["plain.txt", "grid.txt", "marks.txt", "killer.txt", "fpuzzle.txt", "rules.txt", "clash.txt",
              "bad.txt"]
    for command in COMMANDS:
        formats = FORMATS if command == "solve" else ["same", "line"] + RECORD_FORMATS
        for fmt in formats:
            for name in inputs:
                yield [command, "--format", fmt, name]
            yield [command, "--format", fmt, "--threads", "2", "many.txt"]
    for fmt in ["same", "line", "grid"] + RECORD_FORMATS:
        for name in ["plain.txt", "marks.txt", "fpuzzle.txt"]:
            yield ["solve", "--all", "--format", fmt, name]
            yield ["solve", "--limit", "2", "--format", fmt, name]
    for fmt in ["same"] + RECORD_FORMATS:
        yield ["count", "--limit", "2", "--format", fmt, "plain.txt", "marks.txt"]
        yield ["check", "--minimal", "--format", fmt, "plain.txt", "marks.txt", "clash.txt"]
        yield ["solve", "--variant", "x", "--format", fmt, "plain.txt"]
        yield ["candidates", "--variant", "x", "--format", fmt, "plain.txt"]
        yield ["generate", "3", "--seed", "5", "--format", fmt]
        yield ["generate", "2", "--seed", "7", "--box", "2x2", "--tier", "singles", "--format", fmt]
        yield ["generate", "2", "--seed", "3", "--rating", "1.0-2.0", "--format", fmt]
        yield ["generate", "1", "--seed", "2", "--variant", "killer", "--format", fmt]
        yield ["generate", "1", "--seed", "2", "--regions", "random", "--format", fmt]
        yield ["generate", "1", "--seed", "4", "--template", "template.txt", "--format", fmt]
        yield ["generate", "1", "--seed", "1", "--clues", "17", "--attempts", "1", "--format", fmt]
    yield ["emit", "plain.txt"]
    yield ["emit", "fpuzzle.txt"]


def run_case(sudoku, args):
    r = subprocess.run([sudoku] + args, capture_output=True, text=True, timeout=600)
    return r.stdout + "--- stderr\n" + r.stderr + "--- status %d\n" % r.returncode


def digest(text):
    return "%s %d\n" % (hashlib.sha256(text.encode()).hexdigest(), len(text.encode()))


def main():
    sudoku = os.path.abspath(sys.argv[1])
    data = os.path.abspath(sys.argv[2])
    update = "--update" in sys.argv[3:]
    other = os.path.abspath(sys.argv[4]) if sys.argv[3:4] == ["--against"] else None
    expected_path = os.path.join(data, "pipeline_outputs.txt")
    expected = {}
    if not update:
        with open(expected_path) as f:
            lines = [line for line in f if not line.startswith("#")]
        expected = dict(zip(lines[0::2], lines[1::2]))
    recorded = ["# sudoku's output per case of tests/sudoku/pipeline_outputs.py: SHA-256 and bytes of stdout,\n",
                "# stderr and status; written by its --update.\n"]
    differ = 0
    with tempfile.TemporaryDirectory() as work:
        os.chdir(work)
        write_inputs(data, sudoku)
        for args in cases():
            name = "sudoku " + " ".join(args) + "\n"
            got = run_case(sudoku, args)
            recorded += [name, digest(got)]
            if update or expected.get(name) == digest(got):
                continue
            differ += 1
            print("differs:", name, end="")
            if other is not None:
                before = run_case(other, args)
                diff = difflib.unified_diff(before.splitlines(True), got.splitlines(True), "before", "after", n=1)
                sys.stdout.writelines(list(diff)[:40])
    if update:
        with open(expected_path, "w") as f:
            f.writelines(recorded)
        print("pipeline_outputs.py: wrote", expected_path)
        return 0
    if len(recorded) - 2 != 2 * len(expected):
        print("pipeline_outputs.py: %d cases run, %d recorded" % ((len(recorded) - 2) // 2, len(expected)))
        return 1
    if differ:
        print("pipeline_outputs.py: %d cases differ from %s" % (differ, expected_path))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
