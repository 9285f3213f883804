"""What the xcover package offers beyond covers() and count(): 0/1 matrices (lists, numpy arrays, scipy.sparse
matrices), the ZDD of all covers as xcover's covers_zdd and covers_bool_zdd yield it, and xcover's reader of
Knuth's files. `from dlx.xcover import ...` or straight from `dlx`."""

from ._build import build_problem
from ._dlx import Problem, _zdd_nodes
from ._dlx import read_knuth as _read_knuth

__all__ = ["matrix_options", "covers_zdd", "covers_bool_zdd", "read_xcover_from_file"]

_HEURISTICS = ("MRV", "leftmost")


def matrix_options(matrix):
    """(options, width) of a 0/1 matrix: rows are options, columns items; each option the list of columns
    where its row is non-zero. matrix: a list of lists (or any sequence of rows), a 2-D numpy array or a
    scipy.sparse matrix or array. ValueError for rows of different lengths or an array that is not 2-D."""
    shape = getattr(matrix, "shape", None)
    if shape is not None and hasattr(matrix, "tocsr"):  # scipy.sparse: never made dense
        csr = matrix.tocsr(copy=True)
        csr.sum_duplicates()
        csr.eliminate_zeros()
        rows = [csr.indices[csr.indptr[r]:csr.indptr[r + 1]].tolist() for r in range(shape[0])]
        return [sorted(int(c) for c in row) for row in rows], int(shape[1])
    if shape is not None:
        if len(shape) != 2:
            raise ValueError(f"the matrix must have 2 dimensions (options x items), not {len(shape)}")
        rows = matrix.tolist()
        width = int(shape[1])
    else:
        rows = [list(row) for row in matrix]
        width = len(rows[0]) if rows else 0
    for index, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {index} has {len(row)} columns, row 0 has {width}")
    return [[column for column, value in enumerate(row) if value] for row in rows], width


def _matrix_problem(matrix):
    """The exact-cover problem of a 0/1 matrix (every column primary) and the row of each of its options: a
    row without a non-zero entry can be in no cover and is left out."""
    options, width = matrix_options(matrix)
    rows = [index for index, option in enumerate(options) if option]
    problem = build_problem([options[r] for r in rows], primary=list(range(width)), secondary=[])
    return problem, rows


def _zdd(problem, rows, use_memo_cache, choose_heuristic):
    """The ZDD nodes of problem's covers after checking the arguments, options renamed to `rows` if given."""
    if not isinstance(use_memo_cache, bool):
        raise TypeError(f"use_memo_cache must be a bool, not {type(use_memo_cache).__name__}")
    if not isinstance(choose_heuristic, str):
        raise TypeError(f"choose_heuristic must be a str, not {type(choose_heuristic).__name__}")
    if choose_heuristic not in _HEURISTICS:
        raise ValueError(f"choose_heuristic must be 'MRV' or 'leftmost', not {choose_heuristic!r}")
    nodes, root = _zdd_nodes(problem, choose_heuristic)
    # xcover's converters take the last node for the root; the library writes the root last.
    if root >= 2 and nodes[-1][0] != root:
        raise AssertionError("the ZDD's root is not its last node")
    if rows is not None:
        nodes = [(index, rows[option], lo, hi) for index, option, lo, hi in nodes]
    return iter(nodes)


def covers_zdd(options, primary=None, secondary=None, colored=False, use_memo_cache=False,
               choose_heuristic="MRV"):
    """An iterator over the nodes of a ZDD of all exact covers, as xcover's covers_zdd yields them, so that
    xcover's converters (xcover.zdd_utils: to_zdd_algorithms, to_setset, to_oxidd) take them.

    Each node is a tuple (index, option, lo, hi): index numbers the node from 2, in the order yielded; 0 is
    the empty family (no cover), 1 the family of the empty set; the node stands for the covers of its hi child
    with `option` (an index into `options`) added, and those of its lo child. Children come before parents and
    the root is the last node; a problem without covers yields no node.

    options, primary, secondary, colored: as covers(); `options` may also be a dlx.Problem (option ids).
    use_memo_cache: taken for xcover's sake; the ZDD is always built with memoization (Knuth's dlx6), so
        that equal subproblems share nodes either way (the family of covers is the same as xcover's; the
        number and numbering of nodes may differ).
    choose_heuristic: "MRV" (the item with fewest options left) or "leftmost" (the first item in input order
        once none is forced).
    TypeError for a use_memo_cache that is not a bool or a choose_heuristic that is not a str; ValueError for
    another heuristic and for a malformed problem.
    """
    problem = options if isinstance(options, Problem) else build_problem(options, primary, secondary, colored)
    return _zdd(problem, None, use_memo_cache, choose_heuristic)


def covers_bool_zdd(matrix, use_memo_cache=False, choose_heuristic="MRV"):
    """covers_zdd() for a 0/1 matrix (rows are options, columns items; a list of lists, a numpy array or a
    scipy.sparse matrix): each node's option is a row index."""
    problem, rows = _matrix_problem(matrix)
    return _zdd(problem, rows, use_memo_cache, choose_heuristic)


def read_xcover_from_file(filename):
    """(options, primary, secondary, colored) of a problem in Knuth's format, as xcover.io's function of this
    name returns them, ready for covers(*...) or covers_zdd(*...): options as lists of item names ("x:c" for a
    color), secondary None and colored False when the file has no secondary items. The library's reader
    reads the file: comment lines ('|' or '//'), and errors name FILE:LINE (ValueError). Costs and
    multiplicities, which xcover's arguments cannot carry, are a ValueError."""
    problem = _read_knuth(filename)
    if problem.has_costs or problem.has_multiplicities:
        raise ValueError(f"{filename}: costs and multiplicities need dlx.read_knuth(), not xcover's arguments")
    ids = range(problem.item_count)
    primary = [problem.item_name(i) for i in ids if problem.is_primary(i)]
    secondary = [problem.item_name(i) for i in ids if not problem.is_primary(i)]
    options = [problem.option_items(o) for o in range(problem.option_count)]
    if not secondary:
        return options, primary, None, False
    return options, primary, secondary, True
