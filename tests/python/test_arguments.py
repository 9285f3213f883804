"""Bad arguments to the core module: checked before anything changes, with the exception that names the fault
(TypeError: not an int; ValueError: out of range; IndexError: no such item or option); and write_knuth's order."""

import io
import warnings

import pytest

import dlx


def two_items():
    p = dlx.Problem()
    p.add_primary("a")
    p.add_primary("b")
    return p


BAD_COSTS = [
    ("x", TypeError, "cost must be an int, not str"),
    (1.5, TypeError, "not float"),
    (None, TypeError, "not NoneType"),
    (-1, ValueError, "cost must be 0 to 4294967295, not -1"),
    (2**32, ValueError, "not 4294967296"),
    (2**64, ValueError, "not 18446744073709551616"),
    (10**100000, ValueError, "not an int of about 100000 digits"),
    (-(10**5000), ValueError, "not a negative int of about 5000 digits"),
]
BAD_COST_IDS = ["str", "float", "None", "negative", "2^32", "2^64", "10^100000", "-10^5000"]


@pytest.mark.parametrize("cost, error, message", BAD_COSTS, ids=BAD_COST_IDS)
def test_add_option_with_a_bad_cost_adds_nothing(cost, error, message):
    p = two_items()
    with pytest.raises(error, match=message):
        p.add_option(["a", "b"], cost=cost)
    assert p.option_count == 0
    assert not p.has_costs
    # cheapest() used to pick the option kept by the failed call, at cost 0.
    p.add_option(["a", "b"], cost=5)
    assert dlx.cheapest(p, k=2) == ([(5, [0])], True)


@pytest.mark.parametrize("cost, error, message", BAD_COSTS, ids=BAD_COST_IDS)
def test_set_cost_with_a_bad_cost_changes_nothing(cost, error, message):
    p = two_items()
    p.add_option(["a", "b"], cost=3)
    with pytest.raises(error, match=message):
        p.set_cost(0, cost)
    assert p.cost(0) == 3


def test_costs_at_the_edges_and_ints_of_other_kinds():
    p = two_items()
    assert p.add_option(["a"], cost=4294967295) == 0 and p.cost(0) == 4294967295
    assert p.add_option(["b"], cost=True) == 1 and p.cost(1) == 1  # bool is an int in Python

    class Index:  # numpy's integers, and anything else with __index__
        def __index__(self):
            return 6

    assert p.add_option(["a", "b"], cost=Index()) == 2 and p.cost(2) == 6
    p.set_cost(2, 0)
    assert p.cost(2) == 0


def test_a_bad_item_list_adds_nothing():
    p = two_items()
    with pytest.raises(ValueError, match="'z'"):
        p.add_option(["a", "z"], cost=2)
    with pytest.raises(TypeError):
        p.add_option(["a", 1])
    with pytest.raises(TypeError):
        p.add_option("a b")  # a string, not a list of names
    assert p.option_count == 0 and not p.has_costs


def test_bounds_out_of_range_are_value_errors_and_add_nothing():
    p = dlx.Problem()
    for lo, hi, message in [(-1, None, "lo must be 0 to 16777215, not -1"), (2**33, None, "not 8589934592"),
                            (1, -2, "hi must be 0 to 16777215, not -2"), (0, 2**24, "not 16777216"),
                            (3, 2, "lower bound 3 exceeds the upper bound 2"), (0, 0, "at least 1")]:
        with pytest.raises(ValueError, match=message):
            p.add_primary("a", lo, hi)
    with pytest.raises(TypeError, match="lo must be an int"):
        p.add_primary("a", "1")
    with pytest.raises(TypeError, match="hi must be an int"):
        p.add_primary("a", 1, 2.0)
    assert p.item_count == 0
    assert p.add_primary("a", 0, 16777215) == 0 and p.bounds(0) == (0, 16777215)


def test_ids_out_of_range_are_index_errors_negative_ones_too():
    p = two_items()
    p.add_option(["a", "b"])
    for call in (p.cost, p.option_text, p.option_items, lambda o: p.set_cost(o, 1)):
        for bad in (-1, 1, 2**64, -(2**70)):
            with pytest.raises(IndexError, match="no option"):
                call(bad)
        with pytest.raises(TypeError, match="option id must be an int"):
            call("0")
    for call in (p.item_name, p.is_primary, p.bounds):
        for bad in (-1, 2):
            with pytest.raises(IndexError, match=r"no item -?\d+ \(the problem has 2\)"):
                call(bad)
        with pytest.raises(TypeError, match="item id must be an int"):
            call(0.0)
    assert p.cost(0) == 0


def test_solver_arguments():
    p = two_items()
    p.add_option(["a", "b"])
    p.add_option(["a"])
    p.add_option(["b"])
    with pytest.raises(ValueError, match="seed must be 0 to 18446744073709551615, not -1"):
        dlx.Solver(p, seed=-1)
    with pytest.raises(ValueError, match="seed"):
        dlx.Solver(p, seed=2**64)
    with pytest.raises(TypeError, match="seed must be an int"):
        dlx.Solver(p, seed="7")
    assert dlx.Solver(p, seed=2**64 - 1).count() == 2
    solver = dlx.Solver(p)
    with pytest.raises(ValueError, match="limit must be 0 .* not -1"):
        solver.count(-1)
    with pytest.raises(TypeError, match="limit must be an int"):
        solver.count(1.0)
    assert solver.count(2**70) == 2  # past 2^64 - 1: no limit
    solver.reset()
    for bad in (-1, 3):
        with pytest.raises(IndexError, match=f"no option {bad}"):
            solver.force(bad)
        with pytest.raises(IndexError, match=f"no option {bad}"):
            solver.force_all([1, bad])
    with pytest.raises(TypeError, match="option id must be an int"):
        solver.force_all([1, "2"])
    with pytest.raises(TypeError):
        solver.force_all(5)
    assert solver.count() == 2  # nothing was forced
    solver.reset()
    assert solver.force_all(iter([1])) == 1 and list(solver) == [[1, 2]]


def test_count_problem_and_cheapest_arguments():
    p = two_items()
    p.add_option(["a", "b"], cost=4)
    p.add_option(["a"], cost=1)
    p.add_option(["b"], cost=2)
    with pytest.raises(ValueError, match="limit must be 0 .* not -1"):
        dlx.count_problem(p, limit=-1)
    with pytest.raises(ValueError, match="threads must be 0 to 1024, not -1"):
        dlx.count_problem(p, threads=-1)
    with pytest.raises(TypeError, match="threads must be an int"):
        dlx.count_problem(p, threads=1.0)
    assert dlx.count_problem(p, limit=2**64) == 2
    for k in (0, -1, -(2**70)):
        with pytest.raises(ValueError, match="k must be 1 or more"):
            dlx.cheapest(p, k)
    with pytest.raises(TypeError, match="k must be an int"):
        dlx.cheapest(p, "2")
    for bad in (-1.0, float("nan"), float("inf"), float("-inf")):
        with pytest.raises(ValueError, match="time_limit must be a number of seconds >= 0"):
            dlx.cheapest(p, 1, bad)
    solutions, optimal = dlx.cheapest(p, 2**70)  # every solution there is
    assert optimal and [(cost, sorted(options)) for cost, options in solutions] == [(3, [1, 2]), (4, [0])]
    solutions, optimal = dlx.cheapest(p, 1, 1e300)  # longer than any search: no limit
    assert optimal and [cost for cost, _ in solutions] == [3]
    with pytest.raises(ValueError, match="k must be 1 or more, not -1"):
        dlx.cheapest_covers([["a"]], [1], k=-1)


def test_write_knuth_takes_the_problem_first_as_in_cpp(tmp_path):
    p = two_items()
    p.add_option(["a", "b"], cost=3)
    expected = dlx.format_knuth(p)
    path = tmp_path / "p.dlx"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the canonical orders warn of nothing
        dlx.write_knuth(p, path)
        assert path.read_text() == expected
        dlx.write_knuth(problem=p, path=str(path))
        assert path.read_text() == expected
        text = io.StringIO()
        dlx.write_knuth(p, text)  # a file object, as C++ takes a stream
        assert text.getvalue() == expected
    path.unlink()
    with pytest.warns(DeprecationWarning, match=r"write_knuth\(problem, path\)"):
        dlx.write_knuth(path, p)  # the other order still works
    assert path.read_text() == expected
    assert dlx.format_knuth(dlx.read_knuth(path)) == expected
    with pytest.raises(TypeError, match="problem must be a dlx.Problem"):
        dlx.write_knuth(str(path), str(path))
    with pytest.raises(ValueError, match="cannot write"):
        dlx.write_knuth(p, tmp_path / "no such folder" / "p.dlx")
