"""Sudoku puzzles in any form the sudoku command reads (one-line puzzles of any supported size, blanks '.' or
'0'; grids; jigsaw and killer lines; pencilmarks): solve, count, check. Keyword arguments box=, symbols=,
variant=, regions= and extra_regions= are the command's --box, --symbols, --variant, --regions and
--extra-regions. solve returns the solution's n*n cells (a jigsaw or killer line's rules are not repeated)."""

from ._dlx import sudoku as _sudoku

solve = _sudoku.solve
count = _sudoku.count
check = _sudoku.check

__all__ = ["solve", "count", "check"]
