"""Exact cover with Knuth's dancing links: the C++ library dlx from Python.

Two ways in:

* covers(), count() and covers_bool() take problems the way the xcover package does (options are lists of
  items, items any hashable values), so code written for xcover runs unchanged; cheapest_covers() adds costs.
* Problem, Solver, cheapest(), read_knuth() and friends are the C++ library's own interface, with colors,
  multiplicities (Knuth's dlx3) and costs (dlx5). Option ids are 0, 1, 2... in the order options were added.

Searches run without the GIL and stop with KeyboardInterrupt on Ctrl-C. A malformed problem raises ValueError
naming the item or option (ProblemError and InputError are ValueErrors).
"""

import os
import warnings

from ._dlx import (
    InputError,
    Problem,
    ProblemError,
    Solver,
    cheapest,
    count_problem,
    format_knuth,
    parse_knuth,
    read_knuth,
)
from ._dlx import write_knuth as _write_knuth_file
from . import sudoku

__all__ = [
    "covers",
    "count",
    "covers_bool",
    "cheapest_covers",
    "Problem",
    "Solver",
    "ProblemError",
    "InputError",
    "cheapest",
    "count_problem",
    "read_knuth",
    "write_knuth",
    "parse_knuth",
    "format_knuth",
    "sudoku",
]


def _split(entry, colored):
    """(item, color) of one entry of an option; color None when it has none."""
    if colored and isinstance(entry, str) and ":" in entry:
        item, _, color = entry.partition(":")
        return item, color
    return entry, None


def _bounds_of(item, bound):
    """(lo, hi) from a bounds entry: v (exactly v times) or (u, v) (between u and v times)."""
    pair = (bound, bound) if isinstance(bound, int) else bound
    try:
        lo, hi = pair
    except (TypeError, ValueError):
        raise ValueError(f"bounds of item {item!r}: give v or (u, v), not {bound!r}") from None
    if not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in (lo, hi)):
        raise ValueError(f"bounds of item {item!r}: whole numbers 0 <= u <= v, 1 <= v, not {bound!r}")
    return lo, hi


_MAX_THREADS = 1024  # as the command lines


def _check_search_arguments(limit, threads=1):
    """The limit as the library takes it (0: none; past 2^64 - 1 no search gets there), or ValueError."""
    if not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit must be a whole number >= 0, not {limit!r}")
    if not isinstance(threads, int) or not 0 <= threads <= _MAX_THREADS:
        raise ValueError(f"threads must be 0 (one per core) to {_MAX_THREADS}, not {threads!r}")
    return 0 if limit >= 2**64 else limit


def build_problem(options, primary=None, secondary=None, colored=False, bounds=None, costs=None):
    """The Problem for xcover-style arguments (see covers()). Items get generated names, so that any hashable
    value, whatever its text, can be an item; errors name the caller's own values."""
    options = [list(option) for option in options]
    seen = {}
    for option in options:
        for entry in option:
            seen.setdefault(_split(entry, colored)[0], None)
    if primary is not None:
        primary = list(primary)
    if secondary is not None:
        secondary = [_split(item, colored)[0] for item in secondary]
    if primary is None:
        excluded = set(secondary or ())
        primary = [item for item in seen if item not in excluded]
    if secondary is None:
        chosen = set(primary)
        secondary = [item for item in seen if item not in chosen]
    bounds = dict(bounds or {})
    problem = Problem()
    names = {}
    for item in primary:
        if item in names:
            raise ValueError(f"item {item!r} is listed twice")
        names[item] = f"i{len(names)}"
        lo, hi = _bounds_of(item, bounds.pop(item, 1))
        try:
            problem.add_primary(names[item], lo, hi)
        except ValueError as error:
            raise ValueError(f"item {item!r}: {error}") from None
    for item in secondary:
        if item in names:
            raise ValueError(f"item {item!r} is listed twice")
        names[item] = f"i{len(names)}"
        problem.add_secondary(names[item])
    if bounds:
        item = next(iter(bounds))
        raise ValueError(f"bounds given for {item!r}, which is not a primary item")
    is_primary = set(primary)
    colors = {}
    for index, option in enumerate(options):
        entries = []
        used = set()
        for entry in option:
            item, color = _split(entry, colored)
            if item not in names:
                raise ValueError(f"option {index}: item {item!r} is neither primary nor secondary")
            if item in used:
                raise ValueError(f"option {index}: item {item!r} appears twice")
            used.add(item)
            if color is None:
                entries.append(names[item])
                continue
            if item in is_primary:
                raise ValueError(f"option {index}: primary item {item!r} cannot have a color")
            if color == "":
                raise ValueError(f"option {index}: item {item!r} has an empty color")
            entries.append(f"{names[item]}:c{colors.setdefault(color, len(colors))}")
        try:
            problem.add_option(entries)
        except ValueError as error:
            raise ValueError(f"option {index}: {error}") from None
    if costs is not None:
        costs = list(costs)
        if len(costs) != len(options):
            raise ValueError(f"{len(costs)} costs for {len(options)} options")
        for index, cost in enumerate(costs):
            try:
                problem.set_cost(index, cost)
            except (ValueError, TypeError) as error:
                raise ValueError(f"option {index}: cost {cost!r}: {error}") from None
    return problem


def write_knuth(problem, path):
    """Writes `problem` in Knuth's DLX format to `path` (a str or os.PathLike) or to a text file object (anything
    with a write() method), so that read_knuth() reads it back as the same problem. The problem comes first, as
    in the C++ library's write_knuth(problem, out).

    The other order, write_knuth(path, problem), is taken with a DeprecationWarning. Raises TypeError when
    neither argument is a Problem, ValueError when the file cannot be written.
    """
    if not isinstance(problem, Problem) and isinstance(path, Problem):
        warnings.warn("write_knuth(path, problem) is deprecated: the problem comes first, write_knuth(problem, path)",
                      DeprecationWarning, stacklevel=2)
        problem, path = path, problem
    if not isinstance(problem, Problem):
        raise TypeError(f"write_knuth(problem, path): problem must be a dlx.Problem, not {type(problem).__name__}")
    if hasattr(path, "write") and not isinstance(path, (str, bytes, os.PathLike)):
        path.write(format_knuth(problem))
        return
    _write_knuth_file(problem, path)


def covers(options, primary=None, secondary=None, colored=False, limit=0, bounds=None):
    """Yields each exact cover as a list of option indices (positions in `options`, in the order the search
    chose them), at most `limit` of them (0: all).

    options: lists of items; items are any hashable values.
    primary: the items every cover must cover; None: every item in the options that is not secondary.
    secondary: items covered at most once (or, colored, by options agreeing on a color); None: every item in
        the options that is not primary.
    colored: an entry "x:c" of an option is secondary item x with color c.
    bounds: {item: v} (covered exactly v times) or {item: (u, v)} (between u and v times) for primary items,
        as Knuth's dlx3; the others are covered exactly once. An option is still used at most once.
    """
    limit = _check_search_arguments(limit)
    solver = Solver(build_problem(options, primary, secondary, colored, bounds))
    for found, solution in enumerate(solver, start=1):
        yield solution
        if limit and found >= limit:
            return


def count(options, primary=None, secondary=None, colored=False, limit=0, bounds=None, threads=1, memo=False):
    """The number of exact covers (an int), stopping at `limit` (0: all); the same arguments as covers().

    threads: search with this many threads (0: one per core). memo: memoized counting (Knuth's dlx6), exact up
    to 2^128 - 1 and far faster when many partial covers leave the same items (tilings); it takes no limit.
    """
    limit = _check_search_arguments(limit, threads)
    problem = build_problem(options, primary, secondary, colored, bounds)
    return count_problem(problem, limit=limit, threads=threads, memo=memo)


def covers_bool(matrix):
    """Yields each exact cover of a 0/1 matrix (rows are options, columns items; a numpy array or a list of
    lists) as a list of row indices, as xcover's covers_bool does."""
    rows = [list(row) for row in matrix]
    width = len(rows[0]) if rows else 0
    for index, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {index} has {len(row)} columns, row 0 has {width}")
    options = [[column for column, value in enumerate(row) if value] for row in rows]
    return covers(options, primary=list(range(width)), secondary=[])


def cheapest_covers(options, costs, k=1, primary=None, secondary=None, colored=False, bounds=None,
                    time_limit=0):
    """The k cheapest exact covers as a list of (cost, option indices), cheapest first; costs[i] is the
    cost of options[i] (a non-negative int). Raises TimeoutError when time_limit (seconds, 0: none) runs out
    before they are proven the cheapest; use cheapest() on a Problem for the best found so far."""
    problem = build_problem(options, primary, secondary, colored, bounds, costs)
    solutions, optimal = cheapest(problem, k, time_limit)
    if not optimal:
        raise TimeoutError("the time limit ran out before the cheapest covers were proven")
    return solutions
