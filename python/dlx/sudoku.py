"""Sudoku puzzles in any form the sudoku command reads (one-line puzzles of any supported size, blanks '.' or
'0'; grids; jigsaw and killer lines; pencilmarks; self-describing lines with a rules prefix).

solve, count and check answer one puzzle with a plain value, from the record of the same pipeline. Every command of the `sudoku` tool is here too,
through the same pipeline as the command (one implementation): `run(command, puzzles, ...)` returns what
`sudoku COMMAND --format json` writes, one dict per puzzle with the same keys ("line", "puzzle", "status" and
the command's fields), in input order; rate, hint, steps, minimize and candidates return the dict of one
puzzle, generate a list of dicts, emit the exact-cover model as Knuth-format text.

Keyword arguments box=, symbols=, variant=, regions= and extra_regions= are the command's --box, --symbols,
--variant, --regions and --extra-regions.
"""

import json as _json
import os as _os
from collections.abc import Mapping as _Mapping

from ._build import check_search_arguments as _check_search_arguments
from ._build import whole_number as _whole_number
from ._dlx import sudoku as _sudoku

_COMMANDS = ("solve", "count", "check", "rate", "hint", "steps", "minimize", "candidates", "generate")


def _puzzle_of(record):
    """The puzzle of a record (a dict that run() or generate() returned): its "puzzle" field; TypeError when it
    has none, rather than reading the dict's keys as puzzles."""
    puzzle = record.get("puzzle")
    if not isinstance(puzzle, str):
        raise TypeError("a record given as a puzzle needs a \"puzzle\" field holding a str, "
                        f"not {type(puzzle).__name__}")
    return puzzle


def _text_of(puzzles):
    """The puzzles as one text: a string as it is, a record's puzzle, a path's file, a file object's contents,
    or an iterable of lines (strings) or records joined by newlines."""
    if isinstance(puzzles, str):
        return puzzles
    if isinstance(puzzles, _Mapping):
        return _puzzle_of(puzzles) + "\n"
    if isinstance(puzzles, _os.PathLike):
        with open(puzzles, encoding="utf-8", errors="surrogateescape") as f:
            return f.read()
    if hasattr(puzzles, "read"):
        text = puzzles.read()
        return text.decode("utf-8", "surrogateescape") if isinstance(text, bytes) else text
    lines = []
    for line in puzzles:
        if isinstance(line, _Mapping):
            line = _puzzle_of(line)
        if not isinstance(line, str):
            raise TypeError(f"puzzles: expected lines as str or records, not {type(line).__name__}")
        lines.append(line.rstrip("\n"))
    return "\n".join(lines) + "\n"


def run(command, puzzles="", *, threads=0, box=None, symbols=None, variant=None, regions=None,
        extra_regions=None, limit=None, all=False, minimal=False, count=1, seed=0, symmetry=None,
        clues=None, tier=None, attempts=None, rating=None, template=None, cage_size=None, max_givens=None):
    """Runs a sudoku command over puzzles and returns its records: a list of dicts, one per puzzle in input
    order, as `sudoku COMMAND --format json` writes them ("line", "puzzle", "status", the command's fields,
    "annotation" when the puzzle had one; "status" is "error" and "error" says why for a puzzle that cannot be
    read). The output does not depend on `threads` (0: one per core).

    command: solve, count, check, rate, hint, steps, minimize, candidates or generate.
    puzzles: a str (any number of puzzles, as a file holds them), a record (a dict run() returned: its
    "puzzle"), a path (os.PathLike), a file object, or an iterable of lines or records. generate reads none.
    limit: count: stop there; solve: the first `limit` solutions (all=True: every one).
    minimal: check: say whether the puzzle is minimal; generate: minimal puzzles.
    count, seed, symmetry, clues, tier, rating, attempts, template, cage_size, max_givens: generate's options,
    as the command's --seed, --symmetry, ... (rating: "A-B" or "A" on Sukaku Explainer's scale, such as
    "3.0-4.5"; template: the template's text, or a path to its file); generate also takes "killer" among the
    variants (killers, written as typed killer lines) and regions="random" (jigsaws on random layouts). The
    command's checks and messages apply: the same options give the same puzzles as the command.
    Raises ValueError for an unknown command or option value, TypeError for a wrong type."""
    if command not in _COMMANDS:
        raise ValueError(f"unknown command {command!r}: expected one of {', '.join(_COMMANDS)}")
    _whole_number(threads, "threads", 0, 1024)
    options = {"box": box, "symbols": symbols, "variant": variant, "regions": regions,
               "extra_regions": extra_regions, "limit": limit, "all": all, "minimal": minimal}
    # An option the command does not take is refused, as the command refuses it, never dropped.
    generating = {"count": count != 1, "seed": seed != 0, "symmetry": symmetry, "clues": clues, "tier": tier,
                  "attempts": attempts, "rating": rating, "template": template, "cage_size": cage_size,
                  "max_givens": max_givens}
    misplaced = [key for key, given in generating.items() if given is not None and given is not False]
    if command != "generate" and misplaced:
        raise ValueError(f"{misplaced[0]} applies to generate only")
    if limit is not None and command not in ("count", "solve"):
        raise ValueError("limit applies to count and solve only")
    if all and command != "solve":
        raise ValueError("all applies to solve only")
    if minimal and command not in ("check", "generate"):
        raise ValueError("minimal applies to check and generate only")
    if command == "generate":
        if isinstance(template, _os.PathLike):
            with open(template, encoding="utf-8", errors="surrogateescape") as f:
                options["template_source"] = _os.fspath(template)
                template = f.read()
        options.update({"count": count, "seed": seed, "symmetry": symmetry, "clues": clues, "tier": tier,
                        "attempts": attempts, "rating": rating, "template": template, "cage_size": cage_size,
                        "max_givens": max_givens})
        for key in ("count", "seed", "clues", "attempts", "max_givens"):
            value = options[key]
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise TypeError(f"{key} must be an int, not {type(value).__name__}")
    elif limit is not None:
        # Past 2^64 - 1 no search gets there: no limit (0), as dlx.count takes it.
        options["limit"] = _check_search_arguments(limit, threads)
    text = "" if command == "generate" else _text_of(puzzles)
    out, _messages, _status = _sudoku._run(command, text, threads, options)
    return [_json.loads(line) for line in out.splitlines() if line]


def emit(text, **options):
    """The first puzzle's exact-cover model in Knuth's format, each given the only option of its cell (the
    emit command). text: a puzzle, or a record (its "puzzle"). Keyword options box, symbols, variant, regions,
    extra_regions."""
    return _sudoku.emit(_puzzle_of(text) if isinstance(text, _Mapping) else text, **options)


def _one(command, text, options, contradiction_ok=False):
    """The record of the one puzzle in `text`; ValueError when there is not exactly one or it cannot be read.
    contradiction_ok: a puzzle whose givens clash (the command reports an error, and `sudoku count` counts 0)
    gives None, a puzzle without solutions, rather than ValueError."""
    records = run(command, text, **options)
    if len(records) != 1:
        raise ValueError(f"expected one puzzle, found {len(records)}")
    record = records[0]
    if record["status"] == "error":
        if contradiction_ok and record.get("puzzle") is not None:
            counted = run("count", text, **dict(options, limit=1, minimal=False, all=False))[0]
            if counted["status"] == "none":
                return None
        raise ValueError(f"line {record['line']}: {record['error']}")
    return record


def solve(text, **options):
    """The first solution of one puzzle as `sudoku solve` writes it (a one-line puzzle's n*n cells, in its
    own symbols), or None when it has none; with all=True or limit=N, the list of its solutions (every one,
    or the first N; [] when it has none). Keyword options as run(). ValueError when the text is not exactly
    one readable puzzle."""
    record = _one("solve", text, options, contradiction_ok=True)
    solved = record is not None and record["status"] == "solved"
    if not options.get("all") and options.get("limit") is None:
        return record.get("solution") if solved else None
    if not solved:
        return []
    return record["solutions"] if "solutions" in record else [record["solution"]]


def count(text, limit=0, **options):
    """The number of solutions of one puzzle (an int), stopping at `limit` (0: all), as `sudoku count`
    counts them. Keyword options as run(); TypeError for a limit that is not an int, ValueError for a negative
    one or a text that is not exactly one readable puzzle."""
    # Clashing givens: the record's status is "none", its count 0.
    return _one("count", text, dict(options, limit=limit or None))["count"]


def check(text, **options):
    """"unique", "multiple" or "none": the status `sudoku check` gives one puzzle. Keyword options as run()
    (minimal=True is for run(), whose record says whether the puzzle is minimal). ValueError when the text is
    not exactly one readable puzzle."""
    record = _one("check", text, options, contradiction_ok=True)
    return "none" if record is None else record["status"]


def rate(text, **options):
    """The rating of one puzzle: {"status": "unique", "tier": ..., "rating": ...} as `sudoku rate` writes it.
    ValueError when it cannot be read."""
    return _one("rate", text, options)


def hint(text, **options):
    """The next deduction of one puzzle: {"status": "hint", "hint": text, "steps": [step]} (status "solved",
    "stuck", "multiple" or "none" otherwise). ValueError when it cannot be read."""
    return _one("hint", text, options)


def steps(text, **options):
    """Every deduction in order: {"status": "solved" or "stuck", "steps": [{"technique", "text", "placements",
    "eliminations", "pattern"}, ...]}, cells as [row, col, digit] from 1, the pattern's as [row, col].
    ValueError when it cannot be read."""
    return _one("steps", text, options)


def minimize(text, **options):
    """The puzzle with givens removed while it stays unique: {"minimized": line, "clues": n}. ValueError when
    it cannot be read."""
    return _one("minimize", text, options)


def candidates(text, **options):
    """The true candidates (digits in some solution) as pencilmark text: {"candidates": text}. ValueError when
    it cannot be read."""
    return _one("candidates", text, options)


def generate(count=1, **options):
    """`count` puzzles with one solution, as `sudoku generate COUNT --format json` writes them (seed=0 unless
    given: the same seed gives the same puzzles as the command's --seed): a list of dicts with "puzzle",
    "solution", "clues", ..., and "er", "ep", "ed" with rating=. Keyword options as run(): every option of the
    command (rating="3.0-4.5", template=, variant="killer", cage_size=, max_givens=, ...)."""
    return run("generate", "", count=count, **options)


__all__ = ["solve", "count", "check", "run", "rate", "hint", "steps", "minimize", "candidates", "generate",
           "emit"]
