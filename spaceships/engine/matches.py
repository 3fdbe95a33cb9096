"""Additional ships in continued matches [10.2, 10.3; classic 7.2; seed 004 5.2 and 6.3].

The rules a continued match's later fleets are checked against: which additional ships may be
built from the materiel carried over, which ships of a fleet are the additional ones, and the
words that tell a player exactly what they may build.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import product

from spaceships.engine.rulesets import COSTS, Ruleset
from spaceships.engine.shapes import SIZES

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
        # Classic 7.2: ships holding as many cells as the remaining materiel. No classic ship
        # has one cell, so a single carried cell builds nothing (docs/readings.md).
        held = sum(SIZES[t] * n for t, n in types.items())
        return held == carried or (carried == 1 and held == 0)
    return sum(COSTS[t] * n for t, n in types.items()) == carried  # 10.3


def standard_groups(ruleset: Ruleset) -> tuple[tuple[str, ...], ...]:
    """The usual fleet [3.7; classic 3.3]: one of each group (either type where two)."""
    if ruleset.classic:
        return (("DS",), ("KC",), ("FS",), ("MD",), ("HF",))
    return (("DS",), ("KC",), ("FS", "PC"), ("MD",), ("LS", "HS"))


def additional_ships(
    types: Sequence[str], carried: int, ruleset: Ruleset
) -> tuple[str, ...] | None:
    """The additional ship types of a fleet (its types in the order written), when it is a
    usual fleet plus ships allowed by `carried` materiel [10.2, 10.3]; None when it is not.
    Where either of two types could be the usual one, the one written first is."""
    counts = Counter(types)
    first = {t: types.index(t) for t in counts}
    choices = sorted(
        product(*standard_groups(ruleset)),
        key=lambda choice: sum(first.get(t, len(types)) for t in choice),
    )
    for choice in choices:
        rest = counts - Counter(choice)
        if sum(rest.values()) + len(choice) == sum(counts.values()) and additional_allowed(
            rest, carried, ruleset
        ):
            return tuple(sorted(rest.elements(), key=_by_cost))
    return None


def closest_additional(types: Sequence[str], ruleset: Ruleset) -> tuple[str, ...] | None:
    """The ships beyond a usual fleet, the fleet's types in the order written (for saying what
    is wrong): of each group of the usual fleet, the ship written first is taken as the usual
    one. None when the fleet lacks a usual ship."""
    counts = Counter(types)
    choice = []
    for group in standard_groups(ruleset):
        present = [t for t in types if t in group]
        if not present:
            return None
        choice.append(present[0])
    return tuple(sorted((counts - Counter(choice)).elements(), key=_by_cost))


def additional_worth(types: tuple[str, ...], ruleset: Ruleset) -> int:
    """Total cost [10.3] (classic 7.2: cells) of some additional ships."""
    table = SIZES if ruleset.classic else COSTS
    return sum(table[t] for t in types)


def may_build(carried: int, ruleset: Ruleset) -> str:
    """Exactly what `carried` materiel builds, in a player's words [10.3; classic 7.2; 6.3]."""
    if carried <= 0:
        return "no additional ships (nothing carried): the usual fleet"
    if ruleset.build_table is not None:
        options = build_options(carried, ruleset.build_table)
        said = " or ".join(" + ".join(o) for o in options)
        return f"exactly {said} (the {ruleset.build_table} build table)"
    if ruleset.classic and carried == 1:
        return "no additional ships: no classic ship holds a single cell, so it is lost"
    if ruleset.classic:
        sizes = ", ".join(f"{t} {SIZES[t]}" for t in ruleset.ship_types)
        return f"additional ships holding {carried} cells in all (cells: {sizes})"
    costs = ", ".join(f"{t} {c}" for t, c in COSTS.items())
    return f"additional ships costing {carried} in all ({costs})"


def _by_cost(ship_type: str) -> tuple[int, str]:
    return (-COSTS.get(ship_type, SIZES[ship_type]), ship_type)
