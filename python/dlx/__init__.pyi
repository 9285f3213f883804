"""Types of the package dlx (python/dlx/__init__.py)."""

import os
from typing import Any, Hashable, Iterable, Iterator, Mapping, Optional, Sequence, TextIO, Union

from . import sudoku as sudoku
from ._dlx import (
    InputError as InputError,
    Problem as Problem,
    ProblemError as ProblemError,
    Solver as Solver,
    cheapest as cheapest,
    count_problem as count_problem,
    format_knuth as format_knuth,
    parse_knuth as parse_knuth,
    read_knuth as read_knuth,
)
from .analysis import (
    CountResult as CountResult,
    Estimate as Estimate,
    count_result as count_result,
    estimate as estimate,
    sample as sample,
)
from .xcover import (
    covers_bool_zdd as covers_bool_zdd,
    covers_zdd as covers_zdd,
    matrix_options as matrix_options,
    read_xcover_from_file as read_xcover_from_file,
)

Bound = Union[int, tuple[int, int]]

def build_problem(options: Iterable[Iterable[Hashable]], primary: Optional[Iterable[Hashable]] = None,
                  secondary: Optional[Iterable[Hashable]] = None, colored: bool = False,
                  bounds: Optional[Mapping[Hashable, Bound]] = None,
                  costs: Optional[Iterable[int]] = None) -> Problem: ...
def check_search_arguments(limit: int, threads: int = 1) -> int: ...
def write_knuth(problem: Problem, path: Union[str, os.PathLike[str], TextIO]) -> None: ...
def covers(options: Iterable[Iterable[Hashable]], primary: Optional[Iterable[Hashable]] = None,
           secondary: Optional[Iterable[Hashable]] = None, colored: bool = False, limit: int = 0,
           bounds: Optional[Mapping[Hashable, Bound]] = None) -> Iterator[list[int]]: ...
def count(options: Iterable[Iterable[Hashable]], primary: Optional[Iterable[Hashable]] = None,
          secondary: Optional[Iterable[Hashable]] = None, colored: bool = False, limit: int = 0,
          bounds: Optional[Mapping[Hashable, Bound]] = None, threads: int = 1, memo: bool = False) -> int: ...
def covers_bool(matrix: Any) -> Iterator[list[int]]: ...
def cheapest_covers(options: Iterable[Iterable[Hashable]], costs: Sequence[int], k: int = 1,
                    primary: Optional[Iterable[Hashable]] = None, secondary: Optional[Iterable[Hashable]] = None,
                    colored: bool = False, bounds: Optional[Mapping[Hashable, Bound]] = None,
                    time_limit: float = 0) -> list[tuple[int, list[int]]]: ...
