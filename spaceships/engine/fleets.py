"""Fleet checking at setup [2.1, 3]: types, shapes, overlaps, composition, identities."""

from __future__ import annotations

from collections import Counter

from notation.spaceships.fleets import Fleet
from notation.spaceships.ships import SHIP_TYPES, ShipId
from notation.words import counted
from spaceships.engine.matches import (
    additional_ships,
    additional_worth,
    closest_additional,
    may_build,
)
from spaceships.engine.problems import Problem
from spaceships.engine.rulesets import COSTS, Ruleset
from spaceships.engine.shapes import SIZES, describe, placement_bits, placement_set

# 3.7: one each of these groups (either/or where a group has two types).
_GROUPS_2_6_1 = (("DS",), ("KC",), ("FS", "PC"), ("MD",), ("LS", "HS"))
_GROUPS_CLASSIC = (("DS",), ("KC",), ("FS",), ("MD",), ("HF",))  # classic 3.3


def fleet_groups(ruleset: Ruleset) -> tuple[tuple[str, ...], ...] | None:
    """The single game's fleet: exactly one ship of each group [3.7; classic 3.3]; None when
    the fleet is bought by cost [3.7.1]."""
    if ruleset.fleet_cost is not None:
        return None
    return _GROUPS_CLASSIC if ruleset.classic else _GROUPS_2_6_1


def check_fleet(
    fleet: Fleet, ruleset: Ruleset, player: str | None = None, carried: int = 0
) -> list[Problem]:
    """Every problem with a fleet, each citing its rule; empty when the fleet is legal.
    `carried`: in a continued match, the remaining materiel of the last game [10.3]."""
    if legal_at_a_glance(fleet, ruleset, carried):
        return []
    problems: list[Problem] = []
    geo = ruleset.geometry
    classic = ruleset.classic

    def add(
        rule: str,
        classic_rule: str | None,
        message: str,
        subject: object = None,
        hint: str | None = None,
    ) -> None:
        # The subject is written out only when there is a problem (fleets are mostly legal).
        text = None if subject is None else str(subject)
        problems.append(
            Problem(ruleset.rule(rule, classic_rule), message, None, player, text, hint)
        )

    if not fleet.ships:
        add("2.1", "2.1", "the fleet has no ships")
    owner: dict[object, ShipId] = {}
    for placement in fleet.ships:
        ship = placement.ship
        subject = placement
        if ship.type not in ruleset.ship_types:
            add(
                "3.7",
                "3.3",
                f"a {SHIP_TYPES[ship.type]} is not a ship of the {ruleset.name} ruleset",
                subject,
                f"ship types: {' '.join(ruleset.ship_types)}",
            )
            continue
        cells = placement.cells
        distinct = frozenset(cells)
        repeated = (
            sorted({str(c) for c in cells if cells.count(c) > 1})
            if len(distinct) != len(cells)
            else []
        )
        if repeated:
            add("3.2", "3", f"{ship} lists {' '.join(repeated)} more than once", subject)
        if len(cells) != SIZES[ship.type]:
            add(
                "6.1.1",
                "6",
                f"a {ship.name} has {SIZES[ship.type]} cells, not {len(cells)}",
                subject,
                f"a {ship.name} is {describe(ship.type, classic)}",
            )
        elif not repeated and distinct not in placement_set(ship.type, geo.colour_order, classic):
            rule = {
                "DS": ("6.2", "6.1.1"),
                "KC": ("6.3", "6.2"),
                "FS": ("6.4", "6.3"),
                "PC": ("6.5", "6.5"),
                "MD": ("6.6", "6.4.1"),
                "HS": ("6.7.1", None),
                "LS": ("6.8", None),
                "AG": ("6.9", None),
                "LG": ("6.10", None),
                "HF": ("3.5", "6.5"),
            }[ship.type]
            hint = f"a {ship.name} is {describe(ship.type, classic)}"
            if ruleset.colour_order != "ROYGB":
                hint += f", colours in the order {ruleset.colour_order}"
            add(rule[0], rule[1], f"these cells are not the shape of a {ship.name}", subject, hint)
        for cell in cells if not repeated else dict.fromkeys(cells):
            if cell in owner:
                add(
                    "3.4",
                    "3.7",
                    f"{cell} is in both {owner[cell]} and {ship}",
                    subject,
                    "ships may touch but not overlap",
                )
            else:
                owner[cell] = ship

    counts = Counter(p.ship.type for p in fleet.ships if p.ship.type in ruleset.ship_types)
    if ruleset.fleet_cost is not None:
        total = sum(COSTS[t] * n for t, n in counts.items())
        if total != ruleset.fleet_cost + carried:
            add(
                "3.7.1",
                None,
                f"the fleet costs {total}, not {ruleset.fleet_cost + carried}",
                hint="costs: " + ", ".join(f"{t} {c}" for t, c in COSTS.items()),
            )
    elif carried:
        written = [p.ship.type for p in fleet.ships if p.ship.type in ruleset.ship_types]
        if additional_ships(written, carried, ruleset) is None:
            add(*_not_built(written, carried, ruleset))
    else:
        groups = _GROUPS_CLASSIC if classic else _GROUPS_2_6_1
        for group in groups:
            n = sum(counts[t] for t in group)
            names = " or ".join(f"{SHIP_TYPES[t]} ({t})" for t in group)
            if n == 0:
                add(
                    "3.7",
                    "3.3",
                    f"the fleet has no {names}",
                    hint=f"a fleet is {_fleet_words(groups)}",
                )
            elif n > 1:
                found = ", ".join(f"{counts[t]} {t}" for t in group if counts[t])
                add(
                    "3.7",
                    "3.3",
                    f"the fleet has {found}; it needs exactly one {names}",
                    hint=f"a fleet is {_fleet_words(groups)}",
                )
        extra = [t for t in counts if not any(t in g for g in groups)]
        for t in extra:
            add(
                "3.7",
                "3.3",
                f"a single game's fleet has no {SHIP_TYPES[t]} ({t})",
                hint=f"a fleet is {_fleet_words(groups)}; others need the fleet=cost:N option",
            )

    # Identities [11.6.1]: numbered 1..n, consecutively, only when several of a type.
    for ship_type, n in counts.items():
        numbers = [p.ship.number for p in fleet.ships if p.ship.type == ship_type]
        if n == 1:
            if numbers[0] is not None:
                add(
                    "11.6.1",
                    None,
                    f"a single {SHIP_TYPES[ship_type]} has no identity number",
                    f"{ship_type}{numbers[0]}",
                    f"write it {ship_type}",
                )
        elif sorted(x or 0 for x in numbers) != list(range(1, n + 1)):
            written = " ".join(f"{ship_type}{x}" if x else ship_type for x in numbers)
            add(
                "11.6.1",
                None,
                f"{n} ships of type {ship_type} need the identities "
                f"{' '.join(f'{ship_type}{i}' for i in range(1, n + 1))}, not {written}",
            )
    return problems


def legal_at_a_glance(
    fleet: Fleet, ruleset: Ruleset, carried: int, ship_bits: tuple[int, ...] | None = None
) -> bool:
    """Whether the fleet is legal, found cheaply (cells as bits, shapes looked up as bits);
    False means only that check_fleet must look at it closely and say why. Every record and
    game starts with two fleets, nearly always legal. `ship_bits`: each ship's cells as bits,
    when known (spaceships.engine.state.Space: a record's fleets are checked on their spaces'
    bits)."""
    if not fleet.ships:
        return False
    geo = ruleset.geometry
    colour_base, letter_base = geo.colour_base, geo.letter_base
    ship_types = ruleset.ship_types
    used = 0
    counts: dict[str, int] = {}
    numbers: dict[str, list[int | None]] = {}
    for k, placement in enumerate(fleet.ships):
        ship_type = placement.ship.type
        if ship_type not in ship_types or len(placement.cells) != SIZES[ship_type]:
            return False
        if ship_bits is not None:
            bits = ship_bits[k]
        else:
            bits = 0
            for cell in placement.cells:  # the cell's index worked out, not looked up
                bits |= 1 << (colour_base[cell.colour] + letter_base[cell.letter] + cell.number)
        if bits & used or bits.bit_count() != len(placement.cells):  # [3.4, 3.2]
            return False
        if bits not in placement_bits(ship_type, ruleset.colour_order, ruleset.classic):
            return False
        used |= bits
        counts[ship_type] = counts.get(ship_type, 0) + 1
        numbers.setdefault(ship_type, []).append(placement.ship.number)
    if ruleset.fleet_cost is not None:  # [3.7.1]
        if sum(COSTS[t] * n for t, n in counts.items()) != ruleset.fleet_cost + carried:
            return False
    elif carried:  # [10.3]
        written = [p.ship.type for p in fleet.ships]
        if additional_ships(written, carried, ruleset) is None:
            return False
    else:  # [3.7; classic 3.3]
        groups = _GROUPS_CLASSIC if ruleset.classic else _GROUPS_2_6_1
        if len(counts) != len(groups) or len(fleet.ships) != len(groups):
            return False
        for group in groups:
            found = 0
            for t in group:  # (a loop, not sum over a generator: every record checks two)
                found += counts.get(t, 0)
            if found != 1:
                return False
    for written in numbers.values():  # [11.6.1]
        if len(written) == 1:
            if written[0] is not None:
                return False
        elif sorted(x or 0 for x in written) != list(range(1, len(written) + 1)):
            return False
    return True


def _not_built(
    written: list[str], carried: int, ruleset: Ruleset
) -> tuple[str, str, str, None, str]:
    """Why a continued match's fleet is not a usual fleet plus ships built from `carried`
    [10.3; classic 7.2; seed 004 6.3], and exactly what would be."""
    extra = closest_additional(written, ruleset)
    listed = " ".join(extra or ()) or "none"
    if extra is None:
        groups = _GROUPS_CLASSIC if ruleset.classic else _GROUPS_2_6_1
        message = f"the fleet lacks a ship of the usual fleet ({_fleet_words(groups)})"
    elif ruleset.build_table is not None:
        message = (
            f"the additional ships ({listed}) are not what {carried} carried materiel builds "
            f"under the {ruleset.build_table} build table"
        )
    elif ruleset.classic:
        message = (
            f"the additional ships ({listed}) hold "
            f"{counted(additional_worth(extra, ruleset), 'cell')}, but "
            f"{counted(carried, 'cell')} of materiel came from the last game"
        )
    else:
        message = (
            f"the additional ships ({listed}) cost {additional_worth(extra, ruleset)} in all, "
            f"but {carried} materiel was carried from the last game"
        )
    return ("10.3", "7.2", message, None, "build " + may_build(carried, ruleset))


def _fleet_words(groups: tuple[tuple[str, ...], ...]) -> str:
    return ", ".join("/".join(g) for g in groups)
