"""Types of dlx.analysis."""

from typing import Hashable, Iterable, Mapping, Optional, Union

from ._dlx import Problem

Options = Union[Problem, Iterable[Iterable[Hashable]]]
Bound = Union[int, tuple[int, int]]

class CountResult:
    solutions: int
    complete: bool
    def __init__(self, solutions: int, complete: bool) -> None: ...
    @property
    def at_least(self) -> bool: ...
    def __int__(self) -> int: ...

class Estimate:
    solutions: float
    nodes: float
    standard_error: float
    nodes_standard_error: float
    probes: int
    def __init__(self, solutions: float, nodes: float, standard_error: float, nodes_standard_error: float,
                 probes: int) -> None: ...
    def __getitem__(self, key: str) -> Union[float, int]: ...

def count_result(options: Options, primary: Optional[Iterable[Hashable]] = None,
                 secondary: Optional[Iterable[Hashable]] = None, colored: bool = False, limit: int = 0,
                 bounds: Optional[Mapping[Hashable, Bound]] = None, threads: int = 1) -> CountResult: ...
def sample(options: Options, n: int, seed: int = 0, primary: Optional[Iterable[Hashable]] = None,
           secondary: Optional[Iterable[Hashable]] = None, colored: bool = False,
           bounds: Optional[Mapping[Hashable, Bound]] = None) -> list[list[int]]: ...
def estimate(options: Options, probes: int, seed: int = 0, primary: Optional[Iterable[Hashable]] = None,
             secondary: Optional[Iterable[Hashable]] = None, colored: bool = False,
             bounds: Optional[Mapping[Hashable, Bound]] = None) -> Estimate: ...
