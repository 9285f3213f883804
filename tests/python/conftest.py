"""Shared helpers of the Python module's tests."""

import itertools


def brute_force_covers(options, primary, secondary=(), bounds=None, colored=False):
    """Every set of option indices that covers each primary item within its bounds (default exactly once) and
    each secondary item at most once or with one color: the definition, checked by trying every subset."""
    bounds = bounds or {}
    found = []
    for size in range(len(options) + 1):
        for chosen in itertools.combinations(range(len(options)), size):
            cover = {item: 0 for item in primary}
            colors = {}
            ok = True
            for index in chosen:
                for entry in options[index]:
                    item, color = (entry.split(":", 1) if colored and isinstance(entry, str) and ":" in entry
                                   else (entry, None))
                    if item in cover:
                        cover[item] += 1
                    elif color is None:
                        ok = ok and item not in colors
                        colors[item] = object()  # a color nothing else matches
                    else:
                        ok = ok and colors.setdefault(item, color) == color
            for item, times in cover.items():
                bound = bounds.get(item, 1)
                lo, hi = (bound, bound) if isinstance(bound, int) else bound
                ok = ok and lo <= times <= hi
            if ok:
                found.append(set(chosen))
    return found
