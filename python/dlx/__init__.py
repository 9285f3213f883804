"""Exact cover with Knuth's dancing links: the C++ library dlx from Python.

Two ways in:

* covers(), count(), covers_bool(), covers_zdd() and covers_bool_zdd() take problems the way the xcover
  package does (options are lists of items, items any hashable values), so code written for xcover runs
  unchanged; they find the same covers, not always in the same order. cheapest_covers() adds costs;
  count_result(), sample() and estimate() say more than a count (dlx.analysis).
* Problem, Solver, cheapest(), read_knuth() and friends are the C++ library's own interface, with colors,
  multiplicities (Knuth's dlx3) and costs (dlx5). Option ids are 0, 1, 2... in the order options were added.

Searches run without the GIL and stop with KeyboardInterrupt on Ctrl-C. A malformed problem raises ValueError
naming the item or option (ProblemError and InputError are ValueErrors).
"""

import os
import warnings

from ._build import build_problem, check_search_arguments

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

ProblemError.__doc__ = "A malformed problem (ValueError): the message names the item or option."
InputError.__doc__ = "A malformed file or text in Knuth's format (ValueError): the message names FILE:LINE."
from . import sudoku
from .analysis import CountResult, Estimate, count_result, estimate, sample
from .xcover import covers_bool_zdd, covers_zdd, matrix_options, read_xcover_from_file

__all__ = [
    "covers",
    "count",
    "covers_bool",
    "covers_zdd",
    "covers_bool_zdd",
    "read_xcover_from_file",
    "count_result",
    "CountResult",
    "sample",
    "estimate",
    "Estimate",
    "cheapest_covers",
    "build_problem",
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
    chose them), at most `limit` of them (0: all). xcover's covers() finds the same covers, as sets; the order
    of the covers and of the options within one may differ (each search breaks its ties its own way).

    options: lists of items; items are any hashable values.
    primary: the items every cover must cover; None: every item in the options that is not secondary.
    secondary: items covered at most once (or, colored, by options agreeing on a color); None: every item in
        the options that is not primary.
    colored: an entry "x:c" of an option is secondary item x with color c.
    bounds: {item: v} (covered exactly v times) or {item: (u, v)} (between u and v times) for primary items,
        as Knuth's dlx3; the others are covered exactly once. An option is still used at most once.
    TypeError for a limit or bound that is not an int (or a bound not a pair), ValueError for negative ones
    and for a malformed problem (naming the item or option).
    """
    limit = check_search_arguments(limit)
    solver = Solver(build_problem(options, primary, secondary, colored, bounds))
    for found, solution in enumerate(solver, start=1):
        yield solution
        if limit and found >= limit:
            return


def count(options, primary=None, secondary=None, colored=False, limit=0, bounds=None, threads=1, memo=False):
    """The number of exact covers (an int), stopping at `limit` (0: all); the same arguments as covers().

    threads: search with this many threads (0: one per core). memo: memoized counting (Knuth's dlx6), exact up
    to 2^128 - 1 and far faster when many partial covers leave the same items (tilings); it takes no limit.
    A count that reached `limit` is `limit` whether there are exactly that many or more: count_result() tells
    them apart. TypeError for a limit or threads that are not ints, ValueError for values out of range.
    """
    limit = check_search_arguments(limit, threads)
    problem = build_problem(options, primary, secondary, colored, bounds)
    return count_problem(problem, limit=limit, threads=threads, memo=memo)


def covers_bool(matrix):
    """Yields each exact cover of a 0/1 matrix as a list of row indices, as xcover's covers_bool does: rows are
    options, columns items (all primary). matrix: a list of lists, a 2-D numpy array or a scipy.sparse matrix
    (never made dense). ValueError for rows of different lengths or an array that is not 2-D."""
    options, width = matrix_options(matrix)
    rows = [index for index, option in enumerate(options) if option]  # an empty row is in no cover
    covers_found = covers([options[r] for r in rows], primary=list(range(width)), secondary=[])
    return ([rows[i] for i in cover] for cover in covers_found)


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
