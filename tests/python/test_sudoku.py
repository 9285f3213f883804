"""dlx.sudoku: solve, count and check one-line puzzles, against the counts and solutions of the repository's
own test data (tests/sudoku/data/puzzles_with_counts.txt: 0, 1 and many solutions)."""

import pathlib

import pytest

import dlx

DATA = pathlib.Path(__file__).resolve().parent.parent / "sudoku" / "data"


def known_puzzles():
    """(puzzle, count, solution or None) from puzzles_with_counts.txt."""
    for line in (DATA / "puzzles_with_counts.txt").read_text().splitlines():
        fields = line.strip().split(":")
        if len(fields) >= 2:
            yield fields[0], int(fields[1]), fields[2] if len(fields) > 2 else None


def is_valid_solution(puzzle, solution, box_rows, box_cols):
    n = box_rows * box_cols
    symbols = "123456789" if n <= 9 else "123456789ABCDEFGHIJKLMNOP"[:n]
    cells = list(solution)
    if len(cells) != n * n or any(c not in symbols[:n] for c in cells):
        return False
    for given, cell in zip(puzzle, solution):
        if given not in ".0" and given != cell:
            return False
    rows = [cells[r * n:(r + 1) * n] for r in range(n)]
    columns = [[rows[r][c] for r in range(n)] for c in range(n)]
    boxes = [[rows[br + r][bc + c] for r in range(box_rows) for c in range(box_cols)]
             for br in range(0, n, box_rows) for bc in range(0, n, box_cols)]
    return all(len(set(group)) == n for group in rows + columns + boxes)


@pytest.mark.parametrize("puzzle,count,solution", list(known_puzzles()))
def test_known_counts_and_solutions(puzzle, count, solution):
    assert dlx.sudoku.count(puzzle) == count
    assert dlx.sudoku.check(puzzle) == ("none" if count == 0 else "unique" if count == 1 else "multiple")
    solved = dlx.sudoku.solve(puzzle)
    if count == 0:
        assert solved is None
    else:
        assert is_valid_solution(puzzle, solved, 3, 3)
        if count == 1 and solution:
            assert solved == solution
    if count > 2:
        assert dlx.sudoku.count(puzzle, limit=2) == 2


def test_zeros_for_blanks_and_the_same_length_back():
    puzzle, count, solution = next(p for p in known_puzzles() if p[1] == 1 and p[2])
    assert dlx.sudoku.solve(puzzle.replace(".", "0")) == solution


def test_clashing_givens_have_no_solution():
    puzzle = "11" + "." * 79
    assert dlx.sudoku.count(puzzle) == 0
    assert dlx.sudoku.check(puzzle) == "none"
    assert dlx.sudoku.solve(puzzle) is None


def test_other_sizes():
    assert dlx.sudoku.count("." * 16) == 288  # every 4x4 grid
    four = "1234341221434321"
    assert dlx.sudoku.solve("1.34341221.34321") == four
    assert dlx.sudoku.check("1.34341221.34321") == "unique"
    assert is_valid_solution("1.3.3.1.2.4.4.2.", dlx.sudoku.solve("1.3.3.1.2.4.4.2."), 2, 2)
    assert dlx.sudoku.check("1.3.3.1.2.4.4.2.") == "multiple"
    empty16 = "." * 256
    solved = dlx.sudoku.solve(empty16)
    assert is_valid_solution(empty16, solved, 4, 4)
    assert dlx.sudoku.check(empty16) == "multiple"
    assert dlx.sudoku.count(empty16, limit=1000) == 1000
    solved25 = dlx.sudoku.solve("." * 625)
    assert len(solved25) == 625


def test_bad_text_raises_value_error():
    for bad in ("", "123", "." * 80, "x" * 81, "." * 81 + "\n" + "." * 81):
        with pytest.raises(ValueError):
            dlx.sudoku.solve(bad)
