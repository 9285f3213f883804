"""dlx.covers / dlx.count / dlx.covers_bool: xcover's interface, checked against xcover's own README examples
and against brute force."""

import math
import random

import pytest

import dlx
from conftest import brute_force_covers


def test_xcover_readme_plain_example():
    options = [[1, 4, 7], [1, 4], [4, 5, 7], [3, 5, 6], [2, 3, 6, 7], [2, 7]]
    assert list(dlx.covers(options)) == [[1, 3, 5]]
    assert dlx.count(options) == 1


def test_xcover_readme_colored_example():
    primary = ["p", "q", "r"]
    secondary = ["x", "y"]
    options = [
        ["p", "q", "x", "y:A"],
        ["p", "r", "x:A", "y"],
        ["p", "x:B"],
        ["q", "x:A"],
        ["r", "y:B"],
    ]
    # The same cover in the same order as xcover prints it: options in the order the search chose them.
    assert list(dlx.covers(options, primary=primary, secondary=secondary, colored=True)) == [[3, 1]]
    # Secondary items inferred from the primary ones, and primary ones from the secondary.
    assert list(dlx.covers(options, primary=primary, colored=True)) == [[3, 1]]
    assert list(dlx.covers(options, secondary=secondary, colored=True)) == [[3, 1]]


def test_xcover_readme_boolean_matrix():
    matrix = [
        [1, 0, 0, 1, 0, 0, 1],
        [1, 0, 0, 1, 0, 0, 0],
        [0, 0, 0, 1, 1, 0, 1],
        [0, 0, 1, 0, 1, 1, 0],
        [0, 1, 1, 0, 0, 1, 1],
        [0, 1, 0, 0, 0, 0, 1],
    ]
    assert next(dlx.covers_bool(matrix)) == [1, 3, 5]
    np = pytest.importorskip("numpy")
    assert list(dlx.covers_bool(np.array(matrix, dtype=bool))) == [[1, 3, 5]]


def test_items_may_be_any_hashable_value():
    options = [[(0, 0), "a", 3.5], [(0, 0)], ["a", 3.5], [frozenset({1})]]
    assert sorted(sorted(c) for c in dlx.covers(options)) == [[0, 3], [1, 2, 3]]
    options = [[(0, 0), "a"], [(0, 0)], ["a"]]
    assert sorted(sorted(c) for c in dlx.covers(options)) == [[0], [1, 2]]
    # Strings with ':' or spaces are plain items unless colored=True.
    assert dlx.count([["a b", "x:y"], ["a b"]], primary=["a b"]) == 2


def test_limit_stops_early_and_generators_can_be_abandoned():
    n = 8
    options = queens(n)
    assert dlx.count(options, primary=[("r", i) for i in range(n)] + [("c", i) for i in range(n)]) == 92
    primary = [("r", i) for i in range(n)] + [("c", i) for i in range(n)]
    assert len(list(dlx.covers(options, primary=primary, limit=10))) == 10
    assert dlx.count(options, primary=primary, limit=10) == 10
    generator = dlx.covers(options, primary=primary)
    first = next(generator)
    assert len(first) == n
    del generator  # abandoned mid-way


def queens(n):
    """The n queens problem: rows and columns primary, diagonals secondary (xcover's 8-queens example)."""
    return [[("r", r), ("c", c), ("d", r + c), ("a", r - c)] for r in range(n) for c in range(n)]


@pytest.mark.parametrize("n,expected", [(1, 1), (4, 2), (6, 4), (8, 92), (10, 724)])
def test_queens_counts(n, expected):
    primary = [("r", i) for i in range(n)] + [("c", i) for i in range(n)]
    assert dlx.count(queens(n), primary=primary) == expected
    assert dlx.count(queens(n), primary=primary, threads=2) == expected
    assert dlx.count(queens(n), primary=primary, memo=True) == expected


def test_every_cover_is_a_cover_and_all_are_found_random():
    rng = random.Random(2026)
    for trial in range(150):
        items = list(range(rng.randint(1, 6)))
        secondary = [f"s{i}" for i in range(rng.randint(0, 2))]
        colored = bool(secondary) and rng.random() < 0.5
        options = []
        for _ in range(rng.randint(1, 9)):
            option = rng.sample(items, rng.randint(1, len(items)))
            for s in secondary:
                if rng.random() < 0.4:
                    option.append(f"{s}:{rng.choice('AB')}" if colored and rng.random() < 0.7 else s)
            options.append(option)
        bounds = {}
        if rng.random() < 0.4:
            for item in items:
                if rng.random() < 0.5:
                    lo = rng.randint(0, 2)
                    bounds[item] = (lo, rng.randint(max(lo, 1), 3))
        expected = brute_force_covers(options, items, secondary, bounds, colored)
        got = list(dlx.covers(options, primary=items, secondary=secondary, colored=colored, bounds=bounds))
        assert sorted(sorted(c) for c in got) == sorted(sorted(c) for c in expected), (trial, options, bounds)
        assert all(len(set(c)) == len(c) for c in got)
        assert dlx.count(options, primary=items, secondary=secondary, colored=colored, bounds=bounds) == len(expected)
        assert dlx.count(options, primary=items, secondary=secondary, colored=colored, bounds=bounds,
                         memo=True) == len(expected)


def test_bounds_rooks_formula():
    # k non-attacking rooks on an n x n board: rows and columns covered 0 or 1 times, a count item k times.
    for n, k in [(3, 2), (4, 3), (5, 3)]:
        options = [[("row", r), ("col", c), "K"] for r in range(n) for c in range(n)]
        bounds = {("row", r): (0, 1) for r in range(n)} | {("col", c): (0, 1) for c in range(n)} | {"K": k}
        assert dlx.count(options, bounds=bounds) == math.comb(n, k) ** 2 * math.factorial(k)
        assert dlx.count(options, bounds=bounds, threads=2) == math.comb(n, k) ** 2 * math.factorial(k)


def test_memo_counts_past_64_bits():
    # Domino tilings of a 2 x n strip: Fibonacci numbers; n = 100 needs more than 64 bits.
    n = 100
    cells = lambda r, c: (r, c)  # noqa: E731
    options = [[cells(0, c), cells(1, c)] for c in range(n)]
    options += [[cells(r, c), cells(r, c + 1)] for r in range(2) for c in range(n - 1)]
    a, b = 1, 1
    for _ in range(n - 1):
        a, b = b, a + b
    assert b > 2**64
    assert dlx.count(options, memo=True) == b
    with pytest.raises(ValueError, match="limit"):
        dlx.count(options, memo=True, limit=5)


def test_bad_problems_raise_value_errors_naming_the_item():
    with pytest.raises(ValueError, match="'z'"):
        dlx.count([["a", "z"]], primary=["a"], secondary=[])
    with pytest.raises(ValueError, match="appears twice"):
        dlx.count([["a", "a"]])
    with pytest.raises(ValueError, match="listed twice"):
        dlx.count([["a"]], primary=["a", "a"])
    with pytest.raises(ValueError, match="primary item 'a' cannot have a color"):
        dlx.count([["a:red"]], primary=["a"], colored=True)
    with pytest.raises(ValueError, match="'b'"):
        dlx.count([["a"]], bounds={"b": 2})
    with pytest.raises(ValueError, match="item 'a'"):
        dlx.count([["a"]], bounds={"a": (3, 2)})
    with pytest.raises(TypeError, match="item 'a'"):  # a wrong type, not a wrong value
        dlx.count([["a"]], bounds={"a": "x"})
    with pytest.raises(TypeError, match="item 'a'"):
        dlx.count([["a"]], bounds={"a": (1, 2.0)})
    with pytest.raises(ValueError, match="item 'a'"):
        dlx.count([["a"]], bounds={"a": (0, 2**24)})
    with pytest.raises(ValueError):
        dlx.count([["a"]], limit=-1)
    with pytest.raises(ValueError, match="option 1: an option needs at least one item"):
        dlx.count([["a"], []])
    with pytest.raises(ValueError, match="item 'a'"):
        dlx.count([["a"]], bounds={"a": (-1, 1)})
    with pytest.raises(ValueError, match="threads"):
        dlx.count([["a"]], threads=10**6)
    with pytest.raises(ValueError, match="threads"):
        dlx.count_problem(dlx.Problem(), threads=5000)
    assert dlx.count([["a"], ["a"]], limit=2**70) == 2  # no search gets past 2^64: no limit
    with pytest.raises(TypeError):
        dlx.count([["a"]], primary=["a"], secondary=[[1]])  # unhashable


def test_cheapest_covers_against_brute_force():
    rng = random.Random(7)
    for trial in range(60):
        items = list(range(rng.randint(1, 5)))
        options = [rng.sample(items, rng.randint(1, len(items))) for _ in range(rng.randint(1, 8))]
        costs = [rng.randint(0, 20) for _ in options]
        all_costs = sorted(sum(costs[i] for i in c) for c in brute_force_covers(options, items))
        for k in (1, 3):
            got = dlx.cheapest_covers(options, costs, k=k, primary=items)
            assert [cost for cost, _ in got] == all_costs[:k], (trial, options, costs)
            for cost, chosen in got:
                assert cost == sum(costs[i] for i in chosen)
                assert set(chosen) in brute_force_covers(options, items)
    with pytest.raises(ValueError, match="2 costs for 1 options"):
        dlx.cheapest_covers([["a"]], [1, 2])
    with pytest.raises(ValueError, match="option 0"):
        dlx.cheapest_covers([["a"]], [-1])
