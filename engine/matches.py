"""Additional ships in continued matches [10.2, 10.3; classic 7.2; seed 004 5.2 and 6.3].

No record format holds a match yet; these are the rules a match's later fleets will be checked
against: which additional ships may be built from the materiel carried over.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.rulesets import COSTS, Ruleset
from engine.shapes import SIZES

# Seed 004 6.3: what n carried cells build (the explanation's "heavy gunboat" is the assault
# gunboat, AG, of 6.9). "FS/PC" means either.
_SMALL = {
    1: (("LG",),),
    2: (("AG",),),
    3: (("MD",),),
    4: (("FS",), ("PC",)),
    5: (("FS", "LG"), ("PC", "LG")),
    6: (("KC",),),
    7: (("FS", "MD"), ("PC", "MD")),
}
_TABLES = {
    "one-death-star": {8: (("KC", "AG"),), "largest": "KC"},  # 6.3.1
    "many-death-stars": {8: (("DS",),), "largest": "DS"},  # 6.3.2
}


@cache
def build_options(cells: int, table: str) -> tuple[tuple[str, ...], ...]:
    """The ship types that `cells` carried cells must become under a build table (6.3):
    for 9 or more, one of the largest kind is built and the rest built in turn."""
    if table not in _TABLES:
        raise ValueError(f"unknown build table {table!r}; known: {', '.join(_TABLES)}")
    if cells <= 0:
        return ((),)
    if cells in _SMALL:
        return _SMALL[cells]
    if cells == 8:
        return _TABLES[table][8]  # type: ignore[return-value]
    largest = str(_TABLES[table]["largest"])
    rest = build_options(cells - SIZES[largest], table)
    return tuple((largest, *option) for option in rest)


def additional_allowed(types: Counter[str], carried: int, ruleset: Ruleset) -> bool:
    """Whether these additional ship types may be built from `carried` remaining materiel."""
    if ruleset.build_table is not None:
        wanted = {tuple(sorted(o)) for o in build_options(carried, ruleset.build_table)}
        return tuple(sorted(types.elements())) in wanted
    if ruleset.classic:
        # Classic 7.2: ships holding as many cells as the remaining materiel.
        return sum(SIZES[t] * n for t, n in types.items()) == carried
    return sum(COSTS[t] * n for t, n in types.items()) == carried  # 10.3
