"""Counting past plain enumeration: uniform samples of the covers, Knuth's estimate of the search tree, and
limited counts that say whether they are exact. `from dlx.analysis import ...` or straight from `dlx`."""

from dataclasses import dataclass

from ._build import build_problem, check_search_arguments, whole_number
from ._dlx import Problem, _count_with_limit, _estimate, _sample

__all__ = ["CountResult", "Estimate", "count_result", "sample", "estimate"]


@dataclass(frozen=True)
class CountResult:
    """A count that may have stopped at its limit.

    solutions: the covers counted (an int).
    complete: True when the whole search was done, so that there are exactly `solutions` covers; False when
        the limit stopped it, so that there are at least `solutions` (`at_least` says the same).
    """

    solutions: int
    complete: bool

    @property
    def at_least(self):
        """True when the count is a lower bound: the limit stopped the search."""
        return not self.complete

    def __int__(self):
        """The count, as count() returns it."""
        return self.solutions


@dataclass(frozen=True)
class Estimate:
    """Knuth's estimate of a search tree from random probes (the means converge on the true sizes).

    solutions: the estimated number of covers (a float; the mean of the probes' estimates).
    nodes: the estimated number of nodes of the search tree.
    standard_error: the standard error of `solutions` (standard deviation of the probes / sqrt(probes)).
    nodes_standard_error: the standard error of `nodes`.
    probes: the probes made (fewer than asked only after Ctrl-C, which raises anyway).
    """

    solutions: float
    nodes: float
    standard_error: float
    nodes_standard_error: float
    probes: int

    def __getitem__(self, key):
        """estimate["solutions"] and so on: the fields by name, as a dict would give them."""
        if key not in self.__dataclass_fields__:
            raise KeyError(key)
        return getattr(self, key)


def _problem(options, primary, secondary, colored, bounds):
    """`options` itself when it is a Problem, else the Problem of the xcover-style arguments."""
    return options if isinstance(options, Problem) else build_problem(options, primary, secondary, colored, bounds)


def count_result(options, primary=None, secondary=None, colored=False, limit=0, bounds=None, threads=1):
    """count() that says whether the limit cut it short: a CountResult (solutions, complete). With limit=N,
    CountResult(N, False) means N or more covers, CountResult(k, True) exactly k. The arguments are those of
    count() (`options` may also be a dlx.Problem); TypeError and ValueError as count() raises them."""
    limit = check_search_arguments(limit, threads)
    solutions, complete = _count_with_limit(_problem(options, primary, secondary, colored, bounds), limit, threads)
    return CountResult(solutions, complete)


def sample(options, n, seed=0, primary=None, secondary=None, colored=False, bounds=None):
    """n covers drawn independently and uniformly at random (each cover equally likely; the same cover may
    come twice), as lists of option indices in the order the search chose them; [] when there is no cover.
    The same seed gives the same covers. It counts the covers first by memoization (Knuth's dlx6), as the
    `dlx --sample` command does. options, primary, secondary, colored, bounds: as covers() (`options` may also
    be a dlx.Problem). TypeError for an n or seed that is not an int; ValueError for a negative n, a seed
    outside 0 to 2^64 - 1 or a malformed problem; OverflowError past 2^128 - 1 covers."""
    n = whole_number(n, "n")
    seed = whole_number(seed, "seed")
    return _sample(_problem(options, primary, secondary, colored, bounds), n, seed)


def estimate(options, probes, seed=0, primary=None, secondary=None, colored=False, bounds=None):
    """Knuth's estimate of the number of covers and of the search tree's nodes from `probes` random walks
    from the root (an Estimate: solutions, nodes, standard_error, nodes_standard_error, probes), as the
    `dlx --estimate` command makes it; the same seed gives the same estimate. options, primary, secondary,
    colored, bounds: as covers() (`options` may also be a dlx.Problem). TypeError for probes or a seed that
    are not ints; ValueError for probes < 1, a seed outside 0 to 2^64 - 1 or a malformed problem."""
    probes = whole_number(probes, "probes", 1)
    seed = whole_number(seed, "seed")
    e = _estimate(_problem(options, primary, secondary, colored, bounds), probes, seed)
    return Estimate(e["solutions"], e["nodes"], e["standard_error"], e["nodes_standard_error"], e["probes"])
