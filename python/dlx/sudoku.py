"""Sudoku puzzles of any supported size as one line of text, blanks '.' or '0': solve, count, check."""

from ._dlx import sudoku as _sudoku

solve = _sudoku.solve
count = _sudoku.count
check = _sudoku.check

__all__ = ["solve", "count", "check"]
