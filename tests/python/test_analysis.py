"""dlx.sample, dlx.estimate and dlx.count_result, against brute force and exact counts."""

import collections
import math
import random

import pytest

import dlx
from conftest import brute_force_covers


def queens(n):
    """n queens: rows and columns primary, diagonals secondary."""
    options = [[f"r{r}", f"c{c}", f"d{r + c}", f"a{r - c + n}"] for r in range(n) for c in range(n)]
    return options, [f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)]


def test_count_result_tells_exact_from_at_least():
    rng = random.Random(2)
    for trial in range(60):
        items = list(range(rng.randint(1, 5)))
        options = [rng.sample(items, rng.randint(1, len(items))) for _ in range(rng.randint(1, 10))]
        total = len(brute_force_covers(options, items))
        assert dlx.count_result(options, primary=items) == dlx.CountResult(total, True)
        for limit in range(1, total + 2):
            got = dlx.count_result(options, primary=items, limit=limit)
            if limit != total:  # at the limit itself, "at least" is true either way
                expected = dlx.CountResult(limit, False) if limit < total else dlx.CountResult(total, True)
                assert got == expected, (trial, limit, got, total)
            assert got.solutions == min(limit, total)
            assert got.at_least == (not got.complete) and int(got) == got.solutions
            assert dlx.count(options, primary=items, limit=limit) == min(limit, total)  # the old int
    options, primary = queens(6)
    assert dlx.count_result(options, primary=primary, limit=3, threads=2) == dlx.CountResult(3, False)
    assert dlx.count_result(dlx.build_problem(options, primary=primary), threads=2) == dlx.CountResult(4, True)


def test_sample_draws_covers_uniformly():
    options, primary = queens(6)
    covers = {frozenset(c) for c in dlx.covers(options, primary=primary)}
    drawn = dlx.sample(options, 4000, seed=9, primary=primary)
    assert len(drawn) == 4000 and all(frozenset(c) in covers for c in drawn)
    frequencies = collections.Counter(frozenset(c) for c in drawn)
    assert set(frequencies) == covers and all(800 <= f <= 1200 for f in frequencies.values())  # 1000 each
    assert drawn[:50] == dlx.sample(options, 50, seed=9, primary=primary)  # the same seed, the same covers
    assert dlx.sample(options, 50, seed=10, primary=primary) != drawn[:50]
    assert dlx.sample(options, 0, primary=primary) == []
    assert dlx.sample([["a", "b"], ["a"]], 5, primary=["a", "b", "c"], secondary=[]) == []  # no cover


def test_sample_with_colors_bounds_and_problems():
    rng = random.Random(4)
    for trial in range(40):
        items = list("abcd"[: rng.randint(1, 4)])
        options = [rng.sample(items, rng.randint(1, len(items))) for _ in range(rng.randint(1, 8))]
        bounds = {items[0]: (0, 2)}
        expected = {frozenset(c) for c in brute_force_covers(options, items, bounds=bounds)}
        drawn = dlx.sample(options, 30, seed=trial, primary=items, bounds=bounds)
        assert len(drawn) == (30 if expected else 0) and all(frozenset(c) in expected for c in drawn)
        assert {frozenset(c) for c in drawn} <= expected


def test_estimate_converges_on_the_count():
    options, primary = queens(7)  # 40 solutions
    e = dlx.estimate(options, 20000, seed=1, primary=primary)
    assert e.probes == 20000 and e["probes"] == 20000
    assert e.standard_error > 0 and e.nodes_standard_error > 0
    assert abs(e.solutions - 40) < 5 * e.standard_error and e.standard_error < 4
    nodes = dlx.Solver(dlx.build_problem(options, primary=primary))
    nodes.count()
    assert abs(e.nodes - nodes.stats["nodes"]) < 5 * e.nodes_standard_error
    assert dlx.estimate(options, 100, seed=3, primary=primary) == dlx.estimate(options, 100, seed=3, primary=primary)
    # A tree without choices is estimated exactly.
    single = dlx.estimate([["a"], ["b"]], 7)
    assert (single.solutions, single.standard_error, single["solutions"]) == (1.0, 0.0, 1.0)
    with pytest.raises(KeyError):
        single["nothing"]


def test_sample_estimate_and_count_result_arguments():
    options = [["a"], ["a"]]
    for call in (lambda: dlx.sample(options, -1), lambda: dlx.sample(options, 1, seed=-1),
                 lambda: dlx.sample(options, 1, seed=2**64), lambda: dlx.estimate(options, 0),
                 lambda: dlx.estimate(options, -5), lambda: dlx.estimate(options, 1, seed=-1),
                 lambda: dlx.count_result(options, limit=-1), lambda: dlx.count_result(options, threads=2000)):
        with pytest.raises(ValueError):
            call()
    for call in (lambda: dlx.sample(options, "1"), lambda: dlx.sample(options, 1.0), lambda: dlx.sample(options, True),
                 lambda: dlx.sample(options, 1, seed="x"), lambda: dlx.estimate(options, 2.5),
                 lambda: dlx.count_result(options, limit="3"), lambda: dlx.count(options, limit=1.5),
                 lambda: dlx.count(options, threads="2")):
        with pytest.raises(TypeError):
            call()
    with pytest.raises(ValueError, match="'z'"):
        dlx.sample([["a", "z"]], 1, primary=["a"], secondary=[])
    assert math.isclose(dlx.estimate(options, 10).solutions, 2.0)
