"""dlx.Problem, dlx.Solver, dlx.cheapest and Knuth's format: the C++ library's surface from Python."""

import gc
import math
import os
import signal
import subprocess
import sys
import textwrap
import threading

import pytest

import dlx


def readme_problem():
    """The README's C++ example, line for line."""
    p = dlx.Problem()
    for name in ("a", "b", "c"):
        p.add_primary(name)
    p.add_secondary("x")
    p.add_option(["a", "x:red"])
    p.add_option(["b", "x:red"])
    p.add_option(["c"])
    p.add_option(["b", "c"])
    return p


def test_readme_example_in_python():
    p = readme_problem()
    solver = dlx.Solver(p)
    texts = [[p.option_text(o) for o in solution] for solution in solver]
    assert sorted(sorted(t) for t in texts) == [["a x:red", "b c"], ["a x:red", "b x:red", "c"]]
    assert solver.status == "exhausted"
    assert solver.stats["solutions"] == 2 and solver.stats["nodes"] > 0
    assert solver.engine in ("links", "bitset", "mask", "bounds")
    assert repr(p) == "<dlx.Problem: 4 items, 4 options>"


def test_problem_surface():
    p = readme_problem()
    assert (p.item_count, p.primary_count, p.option_count) == (4, 3, 4)
    assert p.item_name(3) == "x" and not p.is_primary(3) and p.is_primary(0)
    assert p.find_item("b") == 1 and p.find_item("nope") is None
    assert p.option_items(0) == ["a", "x:red"]
    assert p.bounds(0) == (1, 1)
    with pytest.raises(IndexError):
        p.item_name(4)
    with pytest.raises(IndexError):
        p.option_text(4)
    with pytest.raises(ValueError, match="unknown|'q'"):
        p.add_option(["q"])
    with pytest.raises(ValueError):
        p.add_option(["a", "a"])
    with pytest.raises(ValueError):
        p.add_primary("a")  # twice
    with pytest.raises(ValueError):
        p.add_primary("has space")


def test_solver_force_reset_count_and_engines():
    p = readme_problem()
    for engine in ("automatic", "links", "bitset"):
        solver = dlx.Solver(p, engine=engine)
        assert solver.count() == 2
        solver.reset()
        assert solver.force(3)  # b c: only a x:red is left to add
        assert list(solver) == [[3, 0]]
        solver.reset()
        assert solver.force(2)  # c
        assert not solver.force(3)  # b c clashes with c
        solutions = list(solver)
        assert len(solutions) == 1 and solutions[0][0] == 2 and sorted(solutions[0]) == [0, 1, 2]
        solver.reset()
        assert sorted(solver.branch_options()) in ([0], [1, 3], [2, 3])
        solver.reset()
        assert solver.force_all([2, 3, 0]) == 1  # c, then b c clashes: 0 is not tried
        assert sorted(next(iter(solver))) == [0, 1, 2]
        solver.reset()
        assert solver.force_all([3]) == 1 and list(solver) == [[3, 0]]
        solver.reset()
        assert solver.force_all([]) == 0 and solver.count() == 2
    solver = dlx.Solver(p)
    with pytest.raises(IndexError):
        solver.force_all([0, 9])
    assert solver.count() == 2  # nothing was forced
    solver.reset()
    with pytest.raises(IndexError):
        solver.force(9)
    with pytest.raises(ValueError, match="no engine"):
        dlx.Solver(p, engine="quantum")
    next(iter(solver))
    with pytest.raises(RuntimeError):
        solver.force(0)  # the search has started


def test_solver_keeps_its_own_copy_of_the_problem():
    p = readme_problem()
    solver = dlx.Solver(p)
    del p
    gc.collect()
    assert solver.count() == 2
    q = readme_problem()
    solver = dlx.Solver(q)
    q.add_option(["a"])  # changing the problem afterwards does not touch the solver
    assert solver.count() == 2
    assert dlx.Solver(q).count() == 4  # a can now also be covered by {a} in both
    assert solver.problem.option_count == 4


def test_multiplicities_dlx3_example():
    # Knuth's dlx3 example: items A B 2:3|C | X Y; exactly one solution.
    p = dlx.parse_knuth("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
    assert p.has_multiplicities and p.bounds(2) == (2, 3)
    solutions = list(dlx.Solver(p))
    assert len(solutions) == 1
    assert sorted(p.option_text(o) for o in solutions[0]) == ["A C X:1 Y:1", "B X:1", "C Y:1"]
    q = dlx.Problem()
    q.add_primary("K", 2)
    assert q.bounds(0) == (2, 2)
    q.add_primary("L", 0, 3)
    assert q.bounds(1) == (0, 3)
    with pytest.raises(ValueError):
        q.add_primary("M", 3, 2)
    with pytest.raises(ValueError):
        q.add_primary("N", 0, 0)


def test_rooks_with_bounds_in_the_library_surface():
    n, k = 5, 3
    p = dlx.Problem()
    for r in range(n):
        p.add_primary(f"r{r}", 0, 1)
    for c in range(n):
        p.add_primary(f"c{c}", 0, 1)
    p.add_primary("K", k)
    for r in range(n):
        for c in range(n):
            p.add_option([f"r{r}", f"c{c}", "K"])
    expected = math.comb(n, k) ** 2 * math.factorial(k)
    assert dlx.Solver(p).count() == expected
    assert dlx.Solver(p).engine == "bounds"
    assert dlx.count_problem(p, threads=2) == expected
    assert dlx.count_problem(p, memo=True) == expected


def test_cheapest_and_costs():
    p = dlx.parse_knuth("a b c\na b |5\na |1\nb |1 |1\nc |4\nb c |3\n")
    assert [p.cost(o) for o in range(p.option_count)] == [5, 1, 2, 4, 3]
    assert p.has_costs
    solutions, optimal = dlx.cheapest(p, k=2)
    assert optimal
    assert [cost for cost, _ in solutions] == [4, 7]
    assert sorted(solutions[0][1]) == [1, 4]
    q = dlx.Problem()
    q.add_primary("a")
    assert q.add_option(["a"], cost=7) == 0
    q.set_cost(0, 8)
    assert q.cost(0) == 8
    with pytest.raises(IndexError):
        q.set_cost(1, 1)
    with pytest.raises(ValueError):
        dlx.cheapest(q, k=0)


def test_knuth_format_round_trip(tmp_path):
    text = "| a comment\nA B 2:3|C | X Y\nA B X:0 Y:0 |4\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"
    p = dlx.parse_knuth(text)
    path = tmp_path / "problem.dlx"
    dlx.write_knuth(p, path)
    q = dlx.read_knuth(path)
    assert dlx.format_knuth(q) == dlx.format_knuth(p)
    assert q.cost(0) == 4 and q.bounds(2) == (2, 3)
    assert dlx.read_knuth(str(path)).option_count == 5


def test_knuth_format_errors_name_file_and_line(tmp_path):
    path = tmp_path / "bad.dlx"
    path.write_text("a b\na c\n")
    with pytest.raises(ValueError, match=r"bad\.dlx:2:.*'c'"):
        dlx.read_knuth(path)
    with pytest.raises(dlx.InputError, match=r"<text>:1:"):
        dlx.parse_knuth("3:2|a\na\n")
    with pytest.raises(ValueError, match="cannot open"):
        dlx.read_knuth(tmp_path / "missing.dlx")


def run_python(code, timeout=300):
    """Runs code in a fresh interpreter with the same module path; its (returncode, stdout, stderr)."""
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                            timeout=timeout, env=os.environ.copy())
    return result.returncode, result.stdout, result.stderr


HUGE = """
    import dlx
    n = 26  # queens 26: about 2 * 10^16 solutions, no machine counts them in a test's lifetime
    options = [[("r", r), ("c", c), ("d", r + c), ("a", r - c)] for r in range(n) for c in range(n)]
    primary = [("r", i) for i in range(n)] + [("c", i) for i in range(n)]
    problem = dlx.build_problem(options, primary=primary)
"""


@pytest.mark.parametrize("call", [
    "dlx.Solver(problem).count()",
    "dlx.count_problem(problem, threads=2)",
    "dlx.count_problem(problem, memo=True)",
    "dlx.sudoku.count('.' * 256)",
    "dlx.sudoku.run('solve', '.' * 81, all=True)",  # solutions without end, written as they are found
])
def test_ctrl_c_raises_keyboard_interrupt(call):
    code = HUGE + f"""
    import os, signal, threading
    # Python raises KeyboardInterrupt only when it started with SIGINT at its default; a parent that ignores
    # it (a job started with & from a script, as a CI runner may) passes SIG_IGN down. Install the handler.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        # Inside the try: on a loaded machine the signal may come before the call starts, which is no failure.
        threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        {call}
    except KeyboardInterrupt:
        print("interrupted")
    """
    returncode, out, err = run_python(code)
    assert returncode == 0 and out.strip() == "interrupted", err


def test_search_runs_without_the_gil():
    # A search that cannot end runs in a daemon thread; the main thread must still run Python code meanwhile.
    code = HUGE + """
    import os, threading
    threading.Thread(target=lambda: dlx.Solver(problem).count(), daemon=True).start()
    total = sum(range(2_000_000))
    print("main thread ran", total > 0)
    os._exit(0)
    """
    returncode, out, err = run_python(code)
    assert returncode == 0 and "main thread ran True" in out, err


def test_one_solver_one_search_at_a_time():
    code = HUGE + """
    import os, threading, time
    solver = dlx.Solver(problem)
    started = threading.Event()
    def search():
        started.set()
        solver.count()
    threading.Thread(target=search, daemon=True).start()
    started.wait()
    while solver.status == "ready":
        time.sleep(0.01)
    try:
        solver.reset()
    except RuntimeError as error:
        print("refused:", error)
    os._exit(0)
    """
    returncode, out, err = run_python(code)
    assert returncode == 0 and "refused: this Solver is searching in another thread" in out, err


def test_abandoned_generators_free_their_memory():
    # Thousands of searches stopped mid-way on a problem with large tables: memory must not grow with them.
    def resident_kib():
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024

    n = 30
    options = [[("r", r), ("c", c), ("d", r + c), ("a", r - c)] for r in range(n) for c in range(n)]
    primary = [("r", i) for i in range(n)] + [("c", i) for i in range(n)]
    problem = dlx.build_problem(options, primary=primary)

    def abandon(count):
        for _ in range(count):
            generator = iter(dlx.Solver(problem))
            next(generator)
            del generator

    gc.collect()
    assert dlx._dlx._live_solvers() == 0
    abandon(50)
    gc.collect()
    assert dlx._dlx._live_solvers() == 0, "abandoned searches were not destroyed"
    if "libasan" in os.environ.get("LD_PRELOAD", ""):
        return  # under AddressSanitizer freed memory waits in quarantine: the resident size says nothing
    gc.collect()
    before = resident_kib()
    abandon(1000)
    gc.collect()
    assert resident_kib() - before < 64 * 1024, "memory grew with abandoned searches"
