"""Every sudoku command from Python (dlx.sudoku.run and its shortcuts) gives the records the command's
--format json writes, on the shared sets' samples and on variant, killer, jigsaw and pencilmark lines; the
same for any number of threads; and wrong arguments raise TypeError or ValueError."""

import json
import pathlib
import subprocess

import pytest

import dlx
import dlx.sudoku

DATA = pathlib.Path(__file__).resolve().parent.parent / "sudoku" / "data"
LAYOUT = "AAABBBCCCAAABBBCCCAAEBBBCCCDDDAEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII"
COMMANDS = ["solve", "count", "check", "rate", "hint", "steps", "minimize", "candidates"]


def sample():
    lines = (DATA / "top95_sample.txt").read_text().splitlines()[:6]
    lines += (DATA / "17_clue_sample.txt").read_text().splitlines()[:6]
    lines += (DATA / "killers.txt").read_text().splitlines()[:2]
    # Variant puzzles with givens, made by the generator (its lines carry their rules); seed 3 makes an
    # x,windoku puzzle that rate and steps take as far as the chains in a fraction of a second.
    lines += [r["puzzle"] for r in dlx.sudoku.generate(1, seed=4, regions=LAYOUT)]
    lines += [r["puzzle"] for r in dlx.sudoku.generate(1, seed=3, variant="x,windoku")]
    lines += ["not a puzzle"]
    return lines


def command():
    """The sudoku command of the build tree the module was loaded from, or None (an installed module)."""
    path = pathlib.Path(dlx.__file__).resolve().parents[2] / "bin" / "sudoku"
    return path if path.exists() else None


def cli_records(*args, text=""):
    out = subprocess.run([str(command()), *args, "--format", "json"], input=text, capture_output=True,
                         text=True, check=False, timeout=600).stdout
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_as_the_command_line(name):
    lines = sample()
    records = dlx.sudoku.run(name, lines)
    assert len(records) == len(lines)
    for i, record in enumerate(records):
        assert record["line"] == i + 1
        assert "puzzle" in record and record["status"]
    assert records[-1]["status"] == "error"
    if command() is not None:
        assert records == cli_records(name, text="\n".join(lines) + "\n")


@pytest.mark.parametrize("name", COMMANDS)
def test_threads_do_not_change_the_records(name):
    lines = sample()
    assert dlx.sudoku.run(name, lines, threads=1) == dlx.sudoku.run(name, lines, threads=4)


def test_inputs_as_text_path_file_and_lines(tmp_path):
    lines = sample()[:4]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines) + "\n")
    want = dlx.sudoku.run("count", lines)
    assert dlx.sudoku.run("count", "\n".join(lines)) == want
    assert dlx.sudoku.run("count", path) == want
    with open(path) as f:
        assert dlx.sudoku.run("count", f) == want


def test_shortcuts_and_options():
    puzzle = sample()[0]
    assert dlx.sudoku.rate(puzzle)["tier"] in ("singles", "locked", "subsets", "search")
    hint = dlx.sudoku.hint(puzzle)
    assert hint["status"] == "hint" and len(hint["steps"]) == 1
    steps = dlx.sudoku.steps(puzzle)
    assert steps["status"] in ("solved", "stuck")
    for step in steps["steps"]:
        assert set(step) == {"technique", "rating", "text", "placements", "eliminations", "pattern"}
    minimized = dlx.sudoku.minimize(puzzle)
    assert dlx.sudoku.check(minimized["minimized"]) == "unique"
    assert len(dlx.sudoku.candidates(puzzle)["candidates"]) == 729
    all16 = dlx.sudoku.run("solve", "." * 16, all=True)[0]
    assert all16["count"] == 288 and all16["complete"] and len(set(all16["solutions"])) == 288
    assert dlx.sudoku.run("count", "." * 16, limit=10)[0] == {
        "line": 1, "puzzle": "." * 16, "status": "counted", "count": 10, "complete": False}
    with pytest.raises(ValueError):
        dlx.sudoku.rate("not a puzzle")


def test_generate_reads_back_with_its_rules():
    for options in ({"variant": "x"}, {"regions": LAYOUT}, {"variant": "anti-knight"}, {}):
        made = dlx.sudoku.generate(2, seed=5, **options)
        assert len(made) == 2
        for record in made:
            assert record["status"] == "generated"
            assert dlx.sudoku.check(record["puzzle"]) == "unique"
    assert dlx.sudoku.generate(2, seed=9) == dlx.sudoku.generate(2, seed=9, threads=1)
    if command() is not None:
        assert dlx.sudoku.generate(3, seed=9) == cli_records("generate", "3", "--seed", "9")


def test_generate_killers_and_random_jigsaws():
    for options in ({"variant": "killer"}, {"variant": "killer", "box": "2x2"}, {"regions": "random"}):
        made = dlx.sudoku.generate(2, seed=3, **options)
        assert len(made) == 2
        for record in made:
            assert record["status"] == "generated"
            assert dlx.sudoku.check(record["puzzle"]) == "unique"
            if "variant" in options:
                assert record["puzzle"].startswith("killer ")
                assert dlx.sudoku.steps(record["puzzle"])["steps"]
        assert made == dlx.sudoku.generate(2, seed=3, threads=1, **options)
    if command() is not None:
        assert dlx.sudoku.generate(2, seed=4, variant="killer") == cli_records(
            "generate", "2", "--seed", "4", "--variant", "killer")
    with pytest.raises(ValueError, match="symmetry"):
        dlx.sudoku.generate(1, variant="killer", symmetry="rotate180")


def test_emit_counts_as_count():
    for line in ["." * 16, "x:" + "." * 16, "1..." + "." * 12, sample()[0]] + sample()[12:16]:
        problem = dlx.parse_knuth(dlx.sudoku.emit(line))
        assert dlx.count_problem(problem, limit=1000) == dlx.sudoku.count(line, limit=1000)
    with pytest.raises(ValueError):
        dlx.sudoku.emit("nonsense")


def test_wrong_arguments():
    with pytest.raises(ValueError):
        dlx.sudoku.run("nonsense", "")
    with pytest.raises(ValueError):
        dlx.sudoku.run("count", "." * 16, limit=-1)
    with pytest.raises(TypeError):
        dlx.sudoku.run("count", "." * 16, limit="3")
    with pytest.raises(TypeError):
        dlx.sudoku.run("count", [1, 2])
    with pytest.raises(ValueError):
        dlx.sudoku.run("count", "." * 16, threads=-1)
    with pytest.raises(ValueError):
        dlx.sudoku.run("count", "." * 16, box="9x")
    with pytest.raises(ValueError):
        dlx.sudoku.generate(1, symmetry="spiral")
    with pytest.raises(ValueError):
        dlx.sudoku.generate(1, clues=3)


def test_solve_count_and_check_are_the_pipelines_records():
    # One implementation: the plain-valued functions answer from the same records as run() and the command.
    for line in sample()[:-1]:
        solved, counted, checked = (dlx.sudoku.run(name, [line])[0] for name in ("solve", "count", "check"))
        assert dlx.sudoku.solve(line) == (solved["solution"] if solved["status"] == "solved" else None)
        assert dlx.sudoku.count(line) == counted["count"]
        assert dlx.sudoku.check(line) == checked["status"]
        assert dlx.sudoku.count(line, limit=1) == min(1, counted["count"])
    with pytest.raises(ValueError, match="expected one puzzle, found 2"):
        dlx.sudoku.count("\n".join(sample()[:2]))
    with pytest.raises(TypeError):
        dlx.sudoku.count(sample()[0], limit="2")


def test_generate_takes_every_option_of_the_command(tmp_path):
    # One option layer: the same options give the command's puzzles for the same seed, and every rated
    # record carries its ER, EP and ED.
    rated = dlx.sudoku.generate(2, seed=5, rating="2.0-3.0", attempts=400)
    assert len(rated) == 2
    for record in rated:
        assert 2.0 <= record["er"] <= 3.0 and record["ep"] <= record["er"] and record["ed"] <= record["ep"]
        again = dlx.sudoku.rate(record)
        assert (again["er"], again["ep"], again["ed"]) == (record["er"], record["ep"], record["ed"])
    template = tmp_path / "x.txt"
    template.write_text("x:" + "." * 16 + "\n")
    from_text = dlx.sudoku.generate(2, seed=2, template=template.read_text())
    assert from_text == dlx.sudoku.generate(2, seed=2, template=template)
    assert all(r["puzzle"].startswith("x:") and dlx.sudoku.check(r) == "unique" for r in from_text)
    killers = dlx.sudoku.generate(2, seed=3, variant="killer", cage_size="2-2", max_givens=0)
    assert all(r["puzzle"].startswith("killer ") for r in killers)
    # Killers take a rating as every puzzle does: their cage steps are techniques of the graded engine.
    rated_killers = dlx.sudoku.generate(2, seed=3, variant="killer", box="2x3", rating="2.3-3.0")
    assert all(2.3 <= r["er"] <= 3.0 and r["er"] == dlx.sudoku.rate(r)["er"] for r in rated_killers)
    if command() is not None:
        assert rated == cli_records("generate", "2", "--seed", "5", "--rating", "2.0-3.0", "--attempts", "400")
        assert from_text == cli_records("generate", "2", "--seed", "2", "--template", str(template))
        assert killers == cli_records("generate", "2", "--seed", "3", "--variant", "killer", "--cage-size", "2-2",
                                      "--max-givens", "0")


def test_generate_refuses_what_the_command_refuses():
    with pytest.raises(ValueError, match="^clues=82: expected a whole number from 1 to 81$"):
        dlx.sudoku.generate(1, clues=82)
    with pytest.raises(ValueError, match="^rating=9-3: the lower bound is above the upper$"):
        dlx.sudoku.generate(1, rating="9-3")
    with pytest.raises(ValueError, match="^cage_size applies to variant=killer only$"):
        dlx.sudoku.generate(1, cage_size="2-3")
    with pytest.raises(ValueError, match="template:1:"):
        dlx.sudoku.generate(1, template="nonsense")
    with pytest.raises(ValueError, match="^count=100000000000000000000: expected a whole number"):
        dlx.sudoku.generate(10**20)
    with pytest.raises(ValueError, match="^seed=18446744073709551616: expected a whole number"):
        dlx.sudoku.generate(1, seed=2**64)
    with pytest.raises(ValueError, match="^count=an int of 16610 bits: expected a whole number"):
        dlx.sudoku.generate(10**5000)
    with pytest.raises(ValueError, match="^clues=-1: expected a whole number"):
        dlx.sudoku.generate(1, clues=-1)
    with pytest.raises(TypeError, match="count must be an int, not str"):
        dlx.sudoku.generate("3")
    with pytest.raises(TypeError, match="rating must be a str or an int, not float"):
        dlx.sudoku.generate(1, rating=3.5)


def test_integer_arguments_raise_type_and_value_errors_naming_them():
    with pytest.raises(TypeError, match="threads must be an int, not str"):
        dlx.sudoku.run("count", "." * 16, threads="2")
    with pytest.raises(TypeError, match="threads"):
        dlx.sudoku.generate(1, threads=2.0)
    with pytest.raises(ValueError, match="threads must be 0 to 1024"):
        dlx.sudoku.run("count", "." * 16, threads=2**64)
    with pytest.raises(ValueError, match="limit"):
        dlx.sudoku.count("." * 16, limit=-(2**70))
    # Past 2^64 - 1 no search gets there: no limit, as dlx.count takes it.
    assert dlx.sudoku.count("1234" + "." * 12, limit=2**64) == 12
    assert len(dlx.sudoku.run("solve", "1234" + "." * 12, limit=2**70)[0]["solutions"]) == 12


def test_a_record_is_read_as_its_puzzle():
    record = dlx.sudoku.generate(1, seed=3)[0]
    assert dlx.sudoku.check(record) == "unique"
    assert dlx.sudoku.solve(record) == record["solution"]
    assert dlx.sudoku.count(record) == 1
    assert dlx.sudoku.rate(record)["status"] == "unique"
    assert dlx.sudoku.steps(record)["status"] == "solved"
    assert dlx.sudoku.emit(record) == dlx.sudoku.emit(record["puzzle"])
    assert [r["status"] for r in dlx.sudoku.run("check", [record, record["puzzle"]])] == ["unique", "unique"]
    killer = dlx.sudoku.generate(1, seed=4, variant="killer")[0]
    assert dlx.sudoku.check(killer) == "unique"
    with pytest.raises(TypeError, match="puzzle"):
        dlx.sudoku.check({"line": 1, "status": "generated"})
    with pytest.raises(TypeError, match="puzzle"):
        dlx.sudoku.run("count", [{"puzzle": None}])


def test_huge_integers_are_named_not_written_out():
    with pytest.raises(ValueError, match="^threads must be 0 to 1024, not an int of 16610 bits$"):
        dlx.sudoku.run("count", "." * 16, threads=10**5000)
    with pytest.raises(ValueError, match="^seed must be 0 to 18446744073709551615, not an int of 16610 bits$"):
        dlx.sample([["a"]], 1, seed=10**5000)
    with pytest.raises(ValueError, match="^limit must be a whole number >= 0, not an int of 16610 bits$"):
        dlx.sudoku.count("." * 16, limit=-(10**5000))


def test_an_option_the_command_does_not_take_is_refused():
    # As the command refuses --rating with check or --limit with rate: never dropped without a word.
    with pytest.raises(ValueError, match="^rating applies to generate only$"):
        dlx.sudoku.check("." * 16, rating="3-4")
    with pytest.raises(ValueError, match="^seed applies to generate only$"):
        dlx.sudoku.run("count", "." * 16, seed=3)
    with pytest.raises(ValueError, match="^limit applies to count and solve only$"):
        dlx.sudoku.generate(1, limit=3)
    with pytest.raises(ValueError, match="^all applies to solve only$"):
        dlx.sudoku.run("count", "." * 16, all=True)
    with pytest.raises(ValueError, match="^minimal applies to check and generate only$"):
        dlx.sudoku.rate("." * 16, minimal=True)
    assert dlx.sudoku.check("11" + "." * 14, minimal=True) == "none"


def valid_4x4(grid, groups, knight):
    """Every row, column and group of cell indices holds distinct digits, and no two cells a knight's move apart
    hold the same one when `knight`: the rules themselves, not the solver."""
    rows = [list(range(r * 4, r * 4 + 4)) for r in range(4)]
    columns = [list(range(c, 16, 4)) for c in range(4)]
    if any(len({grid[i] for i in group}) != len(group) for group in rows + columns + groups):
        return False
    return not knight or all(grid[a] != grid[b] for a in range(16) for b in range(16)
                             if (a // 4 - b // 4) ** 2 + (a % 4 - b % 4) ** 2 == 5)


def test_solve_all_on_empty_symmetric_boards_lists_every_grid_once():
    # An empty board under rules every relabelling of the digits keeps: the search fixes the first row and each
    # grid it finds stands for 4! in a count; the listing must hold each of them, as count counts them.
    def regions(layout):
        return [[i for i, name in enumerate(layout) if name == letter] for letter in set(layout) - {"."}]
    boxes = regions("AABBAABBCCDDCCDD")
    cases = [({"variant": "x"}, boxes + [[0, 5, 10, 15], [3, 6, 9, 12]], False),
             ({"regions": "AAABCABBCCDBCDDD"}, regions("AAABCABBCCDBCDDD"), False),
             ({"extra_regions": "A..A........A..A"}, boxes + [[0, 3, 12, 15]], False),
             ({"variant": "anti-knight"}, boxes, True)]
    for options, groups, knight in cases:
        total = dlx.sudoku.count("." * 16, box="2x2", **options)
        record = dlx.sudoku.run("solve", "." * 16, box="2x2", all=True, **options)[0]
        grids = record["solutions"]
        assert record["complete"] and record["count"] == total == len(grids) == len(set(grids)), options
        assert all(len(grid) == 16 and valid_4x4(grid, groups, knight) for grid in grids), options
        for limit in (5, total - 1, total + 1):
            record = dlx.sudoku.run("solve", "." * 16, box="2x2", limit=limit, **options)[0]
            assert record["solutions"] == grids[:limit] and record["complete"] == (limit > total), options


def test_solve_with_all_or_limit_returns_the_list():
    # solve(all=True) read the record's "solution", which a list has not: None for a puzzle with 288 solutions.
    every = dlx.sudoku.solve("." * 16, all=True)
    assert len(every) == len(set(every)) == 288 == dlx.sudoku.count("." * 16)
    assert dlx.sudoku.solve("." * 16, limit=3) == every[:3]
    assert dlx.sudoku.solve("." * 16, limit=1) == every[:1]
    assert dlx.sudoku.solve("." * 16) == every[0]
    assert dlx.sudoku.solve("11" + "." * 14, all=True) == []
