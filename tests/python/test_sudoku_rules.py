"""dlx.sudoku reads every line form the sudoku command reads and answers it under the puzzle's own rules:
jigsaw lines, killers (typed and SudoCue, with diagonals), pencilmarks; against the published answers, an
independent checker and, in the build tree, the command itself."""

import pathlib
import random
import subprocess

import pytest

import dlx

DATA = pathlib.Path(__file__).resolve().parent.parent / "sudoku" / "data"
LAYOUT = "AAABBBCCCAAABBBCCCAAEBBBCCCDDDAEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII"
KILLERS = (DATA / "killers.txt").read_text().split()
SOLUTIONS = (DATA / "killers_solutions.txt").read_text().split()


def command():
    """The sudoku command of the build tree the module was loaded from, or None (an installed module)."""
    path = pathlib.Path(dlx.__file__).resolve().parents[2] / "bin" / "sudoku"
    return path if path.exists() else None


def run(*args, text):
    sudoku = command()
    if sudoku is None:
        return None
    return subprocess.run([str(sudoku), *args], input=text + "\n", capture_output=True, text=True,
                          check=False, timeout=300).stdout.strip()


def houses(diagonals=False, regions=None):
    rows = [[r * 9 + c for c in range(9)] for r in range(9)]
    cols = [[r * 9 + c for r in range(9)] for c in range(9)]
    if regions is None:
        boxes = [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
    else:
        boxes = [[i for i in range(81) if regions[i] == name] for name in sorted(set(regions))]
    extra = [[i * 9 + i for i in range(9)], [i * 9 + 8 - i for i in range(9)]] if diagonals else []
    return rows + cols + boxes + extra


def keeps(grid, groups):
    return len(grid) == 81 and all(sorted(grid[i] for i in g) == list("123456789") for g in groups)


def sudocue_cages(line):
    fields = [f for f in line.split(":")[3:] if f]
    cages = {}
    for cell, value in enumerate(int(f) for f in fields):
        if value >= 256:
            cages.setdefault(value % 256, (value // 256, []))[1].append(cell)
    return list(cages.values())


def keeps_cages(grid, cages):
    for total, cells in cages:
        digits = [int(grid[c]) for c in cells]
        if sum(digits) != total or len(set(digits)) != len(digits):
            return False
    return True


def test_a_jigsaw_line_is_solved_under_its_regions():
    empty = "." * 81 + LAYOUT
    solution = dlx.sudoku.solve(empty)
    assert solution is not None and keeps(solution, houses(regions=LAYOUT))
    puzzle = "".join(c if i % 3 == 0 or i % 7 == 0 else "." for i, c in enumerate(solution)) + LAYOUT
    solved = dlx.sudoku.solve(puzzle)
    assert keeps(solved, houses(regions=LAYOUT))
    assert all(p in "." or p == s for p, s in zip(puzzle[:81], solved))
    count = dlx.sudoku.count(puzzle)
    assert count >= 1
    assert dlx.sudoku.count(puzzle[:81], regions=LAYOUT) == count  # the layout as a keyword: the same rules
    assert dlx.sudoku.count(puzzle[:81]) != count  # the boxes make another puzzle
    assert dlx.sudoku.check(puzzle) == ("unique" if count == 1 else "multiple")
    expected = run("count", text=puzzle)
    if expected is not None:
        assert str(count) == expected
        assert solved == run("solve", text=puzzle)[:81]  # the command writes the layout after the cells


@pytest.mark.parametrize("index", range(len(KILLERS)))
def test_published_sudocue_killers_have_their_one_solution(index):
    line = KILLERS[index]
    assert dlx.sudoku.count(line) == 1
    assert dlx.sudoku.check(line) == "unique"
    solved = dlx.sudoku.solve(line)
    assert solved == SOLUTIONS[index]
    assert keeps(solved, houses(diagonals=line.startswith("3x3:d:"))) and keeps_cages(solved, sudocue_cages(line))


def random_killer(solution, diagonals, seed):
    """A SudoCue line of random cages (1 to 4 neighbouring cells, distinct digits) drawn on a known grid."""
    rnd = random.Random(seed)
    owner, cages = [-1] * 81, []
    for start in rnd.sample(range(81), 81):
        if owner[start] >= 0:
            continue
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < rnd.randint(1, 4):
            near = [c + d for c in cage for d in (-9, 9, -1, 1)
                    if 0 <= c + d < 81 and (d in (-9, 9) or (c + d) // 9 == c // 9) and owner[c + d] < 0
                    and solution[c + d] not in [solution[x] for x in cage]]
            if not near:
                break
            cell = rnd.choice(near)
            owner[cell] = owner[start]
            cage.append(cell)
        cages.append(cage)
    sums = [sum(int(solution[c]) for c in cage) for cage in cages]
    return ("3x3:d:k:" if diagonals else "3x3::k:") + "".join(
        f"{sums[owner[c]] * 256 + owner[c] + 1}:" for c in range(81))


def test_sudocue_killers_with_diagonals_keep_cages_and_diagonals():
    tried = 0
    for index, line in enumerate(KILLERS):
        diagonals = line.startswith("3x3:d:")
        for seed in range(3):
            killer = random_killer(SOLUTIONS[index], diagonals, seed * 31 + index)
            cages = sudocue_cages(killer)
            assert keeps_cages(SOLUTIONS[index], cages)
            solved = dlx.sudoku.solve(killer)
            assert solved is not None
            assert keeps(solved, houses(diagonals=diagonals)) and keeps_cages(solved, cages), killer
            assert dlx.sudoku.count(killer, limit=2) >= 1
            tried += 1
    assert tried >= 12


def test_a_typed_killer_counts_as_its_sudocue_form():
    line, solution = KILLERS[2], SOLUTIONS[2]  # 3x3::k: (no diagonals), one solution
    assert not line.startswith("3x3:d:")
    names = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&()*+-/;<>?@[]^{|}~"
    layout, sums = ["."] * 81, []
    for k, (total, cells) in enumerate(sudocue_cages(line)):
        for c in cells:
            layout[c] = names[k]
        sums.append(f"{names[k]}={total}")
    typed = "killer " + "".join(layout) + " " + " ".join(sums)
    assert dlx.sudoku.count(typed) == 1
    assert dlx.sudoku.solve(typed) == solution
    expected = run("count", text=typed)
    if expected is not None:
        assert expected == "1"


def marks_of(puzzle):
    """Pencilmarks of a one-line puzzle: a given's digit alone, every digit in a blank."""
    return "".join("".join(d if c in ".0" or c == d else "." for d in "123456789") for c in puzzle)


def test_pencilmarks_are_the_puzzle():
    lines = (DATA / "puzzles_with_counts.txt").read_text().splitlines()
    puzzle = next(f[0] for f in (line.split(":") for line in lines) if len(f) >= 2 and f[1] == "3")
    assert dlx.sudoku.count(puzzle) == 3
    marks = list(marks_of(puzzle))
    assert dlx.sudoku.count("".join(marks)) == 3  # the same puzzle as marks
    solution = dlx.sudoku.solve(puzzle)
    # Every candidate of another solution goes: the marks then allow one grid, which the givens alone do not.
    for cell in range(81):
        for d in "123456789":
            if puzzle[cell] in ".0" and d != solution[cell]:
                if dlx.sudoku.count(puzzle[:cell] + d + puzzle[cell + 1:], limit=1) > 0:
                    marks[cell * 9 + int(d) - 1] = "."
    marks = "".join(marks)
    assert dlx.sudoku.count(marks) == 1
    assert dlx.sudoku.check(marks) == "unique"
    assert dlx.sudoku.solve(marks) == solution
    # The solution's own marks, but r1c1 holding another digit alone: no grid.
    wrong = next(d for d in "123456789" if d != solution[0])
    assert dlx.sudoku.count(marks_of(wrong + solution[1:])) == 0
    assert dlx.sudoku.check(marks_of(solution)) == "unique"
    expected = run("count", text=marks)
    if expected is not None:
        assert expected == "1"


def test_large_empty_boards_solve():
    symbols = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ@%"
    for box in ("7x8", "8x8"):
        rows, cols = map(int, box.split("x"))
        n = rows * cols
        solved = dlx.sudoku.solve("." * (n * n), box=box, symbols=symbols[:n])
        assert solved is not None and len(solved) == n * n
        assert all(sorted(solved[r * n:(r + 1) * n]) == sorted(symbols[:n]) for r in range(n))
        assert dlx.sudoku.check("." * (n * n), box=box, symbols=symbols[:n]) == "multiple"


def test_bad_keywords_raise_value_error():
    with pytest.raises(ValueError, match="box"):
        dlx.sudoku.solve("." * 81, box="3y3")
    with pytest.raises(ValueError):
        dlx.sudoku.count("." * 81, variant="no-such-rule")
    with pytest.raises(ValueError):
        dlx.sudoku.check("." * 81, regions="AB")
    with pytest.raises(ValueError, match="pencilmark"):
        dlx.sudoku.count(marks_of("." * 81), variant="x")


def test_a_layout_that_admits_no_grid_is_none():
    layout = "000000001222304111222344111222344411555333444665553777666553777666583777688888888"
    assert dlx.sudoku.check("." * 81 + layout) == "none"
    assert dlx.sudoku.count("." * 81 + layout) == 0
    assert dlx.sudoku.solve("." * 81 + layout) is None
