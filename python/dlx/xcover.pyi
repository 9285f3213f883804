"""Types of dlx.xcover."""

import os
from typing import Any, Hashable, Iterable, Iterator, Optional, Union

from ._dlx import Problem

ZddNode = tuple[int, int, int, int]

def matrix_options(matrix: Any) -> tuple[list[list[int]], int]: ...
def covers_zdd(options: Union[Problem, Iterable[Iterable[Hashable]]], primary: Optional[Iterable[Hashable]] = None,
               secondary: Optional[Iterable[Hashable]] = None, colored: bool = False, use_memo_cache: bool = False,
               choose_heuristic: str = "MRV") -> Iterator[ZddNode]: ...
def covers_bool_zdd(matrix: Any, use_memo_cache: bool = False, choose_heuristic: str = "MRV") -> Iterator[ZddNode]: ...
def read_xcover_from_file(
    filename: Union[str, os.PathLike[str]]
) -> tuple[list[list[str]], list[str], Optional[list[str]], bool]: ...
