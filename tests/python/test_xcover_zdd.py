"""xcover's covers_zdd / covers_bool_zdd, its files with '//' comments and covers_bool on numpy and scipy.sparse
matrices: the behaviour xcover's own test suite checks, here against brute force."""

import random

import numpy as np
import pytest
import scipy.sparse

import dlx
from conftest import brute_force_covers


def zdd_family(nodes):
    """The family of sets of options the xcover-style ZDD nodes stand for (the root is the last node; no node:
    the empty family), checking the shape xcover's converters rely on on the way."""
    families = {0: set(), 1: {frozenset()}}
    for expected, (index, option, lo, hi) in enumerate(nodes, start=2):
        assert index == expected and lo < index and hi < index and hi != 0
        families[index] = families[lo] | {s | {option} for s in families[hi]}
    return families[nodes[-1][0]] if nodes else set()


def random_problem(rng):
    items = list("abcdefg"[: rng.randint(1, 7)])
    options = [rng.sample(items, rng.randint(1, min(3, len(items)))) for _ in range(rng.randint(1, 12))]
    return items, options


@pytest.mark.parametrize("heuristic", ["MRV", "leftmost"])
@pytest.mark.parametrize("memo", [False, True])
def test_covers_zdd_holds_every_cover(heuristic, memo):
    rng = random.Random(11)
    for trial in range(80):
        items, options = random_problem(rng)
        expected = {frozenset(c) for c in brute_force_covers(options, items)}
        nodes = list(dlx.covers_zdd(options, primary=items, use_memo_cache=memo, choose_heuristic=heuristic))
        assert zdd_family(nodes) == expected, (trial, options)
        assert {frozenset(c) for c in dlx.covers(options, primary=items)} == expected


def test_covers_zdd_with_colors_and_secondary_items():
    rng = random.Random(5)
    for trial in range(60):
        primary = ["p", "q", "r"][: rng.randint(1, 3)]
        options = []
        for _ in range(rng.randint(1, 9)):
            option = rng.sample(primary, rng.randint(1, len(primary)))
            for item in rng.sample(["x", "y"], rng.randint(0, 2)):
                option.append(item + rng.choice(["", ":A", ":B"]))
            options.append(option)
        expected = {frozenset(c) for c in brute_force_covers(options, primary, ["x", "y"], colored=True)}
        nodes = list(dlx.covers_zdd(options, primary=primary, secondary=["x", "y"], colored=True))
        assert zdd_family(nodes) == expected, (trial, options)


def test_covers_bool_zdd_and_covers_bool_take_numpy_and_sparse_matrices():
    rng = np.random.default_rng(3)
    for trial in range(40):
        matrix = (rng.random((rng.integers(1, 12), rng.integers(1, 6))) < 0.4).astype(int)
        width = matrix.shape[1]
        options = [list(np.nonzero(row)[0]) for row in matrix]
        # A row without a one covers nothing and is in no cover (an xcover search never chooses it).
        expected = {frozenset(c) for c in brute_force_covers(options, list(range(width)))
                    if all(options[r] for r in c)}
        for form in (matrix, matrix.astype(bool), matrix.tolist(), scipy.sparse.csr_matrix(matrix),
                     scipy.sparse.coo_matrix(matrix), scipy.sparse.csc_array(matrix)):
            assert {frozenset(c) for c in dlx.covers_bool(form)} == expected, (trial, type(form))
            assert zdd_family(list(dlx.covers_bool_zdd(form, True, "leftmost"))) == expected
    # An explicit zero of a sparse matrix is no entry (else row 1 alone would be the cover), and duplicates add.
    sparse = scipy.sparse.coo_matrix(([1, 0, 1, 1], ([0, 1, 1, 1], [0, 0, 1, 1])), shape=(2, 2))
    assert [sorted(c) for c in dlx.covers_bool(sparse)] == [[0, 1]]


def test_xcover_boolean_example_and_bad_matrices():
    matrix = np.array([[1, 0, 0, 1, 1, 0, 1, 0], [1, 0, 1, 1, 1, 0, 0, 0], [1, 0, 0, 0, 0, 1, 1, 1],
                       [0, 1, 1, 1, 1, 0, 0, 0], [0, 1, 0, 0, 0, 1, 1, 1], [0, 0, 0, 0, 0, 0, 0, 0]])
    assert {frozenset(c) for c in dlx.covers_bool(matrix)} == {frozenset({1, 4}), frozenset({2, 3})}
    assert zdd_family(list(dlx.covers_bool_zdd(matrix))) == {frozenset({1, 4}), frozenset({2, 3})}
    with pytest.raises(ValueError, match="2 dimensions"):
        dlx.covers_bool(np.zeros((2, 2, 2)))
    with pytest.raises(ValueError, match="row 1 has 1 columns"):
        dlx.covers_bool([[1, 0], [1]])
    with pytest.raises(ValueError, match="choose_heuristic must be 'MRV' or 'leftmost'"):
        dlx.covers_bool_zdd(matrix, False, "first")
    with pytest.raises(TypeError, match="use_memo_cache must be a bool"):
        dlx.covers_zdd([["a"]], use_memo_cache="yes")
    with pytest.raises(TypeError, match="choose_heuristic must be a str"):
        dlx.covers_zdd([["a"]], choose_heuristic=1)
    assert list(dlx.covers_zdd([["a"], ["b"]], primary=["a", "b", "c"])) == []  # no cover: no node


def langford_file(n):
    """Langford pairs of 1..n in Knuth's format, with xcover's '//' comment lines."""
    lines = ["// Langford pairs", "   // indented comment", "", " ".join(
        [str(k) for k in range(1, n + 1)] + [f"s{i}" for i in range(1, 2 * n + 1)])]
    for k in range(1, n + 1):
        lines += [f"{k} s{i} s{i + k + 1}" for i in range(1, 2 * n - k)]
    return "\n".join(lines) + "\n"


def langford_brute_force(n):
    """The number of Langford sequences of 1..n, by trying every placement."""
    def place(k, seq):
        if k == 0:
            return 1
        return sum(place(k - 1, seq[:i] + [k] + seq[i + 1:i + k + 1] + [k] + seq[i + k + 2:])
                   for i in range(2 * n - k - 1) if seq[i] == 0 and seq[i + k + 1] == 0)
    return place(n, [0] * (2 * n))


def test_knuth_files_with_slash_comments(tmp_path):
    for n in (3, 4, 7):
        path = tmp_path / f"langford{n}.txt"
        path.write_text(langford_file(n))
        options, primary, secondary, colored = dlx.read_xcover_from_file(str(path))
        assert secondary is None and colored is False and len(primary) == 3 * n
        expected = langford_brute_force(n)
        assert len(list(dlx.covers(options, primary=primary, secondary=secondary, colored=colored))) == expected
        for heuristic in ("MRV", "leftmost"):
            assert len(zdd_family(list(dlx.covers_zdd(options, primary, secondary, colored, True, heuristic)))) \
                == expected
        assert dlx.count_problem(dlx.read_knuth(str(path))) == expected
    colored = "// colors\np q | x\np x:A\nq x:A\nq x:B\n// the end\n"
    path = tmp_path / "colored.txt"
    path.write_text(colored)
    assert dlx.read_xcover_from_file(str(path)) == ([["p", "x:A"], ["q", "x:A"], ["q", "x:B"]], ["p", "q"], ["x"], True)
    with pytest.raises(ValueError, match=r"x\.dlx:1: item '//b': a name cannot begin with '//'"):
        dlx.parse_knuth("a //b\na\n", "x.dlx")
    path.write_text("2|a b\na\na b\n")
    with pytest.raises(ValueError, match="costs and multiplicities"):
        dlx.read_xcover_from_file(str(path))
