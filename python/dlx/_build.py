"""Problems from xcover-style arguments (options as lists of any hashable items) and the checks of the
arguments the package's functions share."""

import numbers

from ._dlx import Problem


def _split(entry, colored):
    """(item, color) of one entry of an option; color None when it has none."""
    if colored and isinstance(entry, str) and ":" in entry:
        item, _, color = entry.partition(":")
        return item, color
    return entry, None


def _is_int(value):
    """Whether value is an int (numpy's integers too), not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _shown(number):
    """An int for a message: its digits, or its size when it has thousands (Python will not write those)."""
    bits = int(number).bit_length()
    return f"an int of {bits} bits" if bits > 256 else repr(int(number))


def whole_number(value, name, lo=0, hi=2**64 - 1):
    """value as an int from lo to hi: TypeError when it is not an int, ValueError when out of range."""
    if not _is_int(value):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not lo <= value <= hi:
        raise ValueError(f"{name} must be {lo} to {hi}, not {_shown(value)}")
    return int(value)


def _bounds_of(item, bound):
    """(lo, hi) from a bounds entry: v (exactly v times) or (u, v) (between u and v times). TypeError for a
    bound that is neither, ValueError for numbers out of range."""
    pair = (bound, bound) if _is_int(bound) else bound
    if not isinstance(pair, (tuple, list)) or len(pair) != 2 or not all(_is_int(x) for x in pair):
        raise TypeError(f"bounds of item {item!r}: give an int v or a pair (u, v) of ints, not {bound!r}")
    lo, hi = (int(x) for x in pair)
    if lo < 0 or hi < 0:
        raise ValueError(f"bounds of item {item!r}: whole numbers 0 <= u <= v, 1 <= v, not {bound!r}")
    return lo, hi


_MAX_THREADS = 1024  # as the command lines


def check_search_arguments(limit, threads=1):
    """The limit as the library takes it (0: none; past 2^64 - 1 no search gets there). TypeError for a limit
    or threads that are not ints, ValueError for a negative limit or threads outside 0 to 1024."""
    if not _is_int(limit):
        raise TypeError(f"limit must be an int, not {type(limit).__name__}")
    if limit < 0:
        raise ValueError(f"limit must be a whole number >= 0, not {_shown(limit)}")
    whole_number(threads, "threads", 0, _MAX_THREADS)
    return 0 if limit >= 2**64 else int(limit)


def build_problem(options, primary=None, secondary=None, colored=False, bounds=None, costs=None):
    """The Problem for xcover-style arguments (see covers()). Items get generated names, so that any hashable
    value, whatever its text, can be an item; errors name the caller's own values."""
    options = [list(option) for option in options]
    seen = {}
    for option in options:
        for entry in option:
            seen.setdefault(_split(entry, colored)[0], None)
    if primary is not None:
        primary = list(primary)
    if secondary is not None:
        secondary = [_split(item, colored)[0] for item in secondary]
    if primary is None:
        excluded = set(secondary or ())
        primary = [item for item in seen if item not in excluded]
    if secondary is None:
        chosen = set(primary)
        secondary = [item for item in seen if item not in chosen]
    bounds = dict(bounds or {})
    problem = Problem()
    names = {}
    for item in primary:
        if item in names:
            raise ValueError(f"item {item!r} is listed twice")
        names[item] = f"i{len(names)}"
        lo, hi = _bounds_of(item, bounds.pop(item, 1))
        try:
            problem.add_primary(names[item], lo, hi)
        except ValueError as error:
            raise ValueError(f"item {item!r}: {error}") from None
    for item in secondary:
        if item in names:
            raise ValueError(f"item {item!r} is listed twice")
        names[item] = f"i{len(names)}"
        problem.add_secondary(names[item])
    if bounds:
        item = next(iter(bounds))
        raise ValueError(f"bounds given for {item!r}, which is not a primary item")
    is_primary = set(primary)
    colors = {}
    for index, option in enumerate(options):
        entries = []
        used = set()
        for entry in option:
            item, color = _split(entry, colored)
            if item not in names:
                raise ValueError(f"option {index}: item {item!r} is neither primary nor secondary")
            if item in used:
                raise ValueError(f"option {index}: item {item!r} appears twice")
            used.add(item)
            if color is None:
                entries.append(names[item])
                continue
            if item in is_primary:
                raise ValueError(f"option {index}: primary item {item!r} cannot have a color")
            if color == "":
                raise ValueError(f"option {index}: item {item!r} has an empty color")
            entries.append(f"{names[item]}:c{colors.setdefault(color, len(colors))}")
        try:
            problem.add_option(entries)
        except ValueError as error:
            raise ValueError(f"option {index}: {error}") from None
    if costs is not None:
        costs = list(costs)
        if len(costs) != len(options):
            raise ValueError(f"{len(costs)} costs for {len(options)} options")
        for index, cost in enumerate(costs):
            try:
                problem.set_cost(index, cost)
            except ValueError as error:
                raise ValueError(f"option {index}: cost {cost!r}: {error}") from None
            except TypeError as error:
                raise TypeError(f"option {index}: cost {cost!r}: {error}") from None
    return problem
