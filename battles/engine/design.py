"""Ship design against the Hull and Component Tables: space, engines, cost, turn mode [V]."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from battles.engine.problems import Problem
from battles.engine.tables import COMPONENTS, HULLS, MAX_ENGINES
from notation.battles.codes import ShipCode
from notation.battles.records import format_damage
from notation.words import counted

__all__ = ["Figures", "check_design", "check_fleet_cost", "complete", "figures"]


@dataclass(frozen=True, slots=True)
class Figures:
    """The three numbers of a Ship Code worked out from its class and systems, with the sums
    that make them (each part a (label, value) pair, in the order the code first names them)."""

    cost: int
    cost_parts: tuple[tuple[str, int], ...]
    space: Fraction
    space_parts: tuple[tuple[str, Fraction], ...]
    spaces: Fraction
    turn_mode: int
    engines: int
    maneuvering: int

    def cost_sum(self) -> str:
        return " + ".join(f"{label} {value}" for label, value in self.cost_parts)

    def space_sum(self) -> str:
        return " + ".join(f"{label} {format_damage(v)}" for label, v in self.space_parts)


def _label(code: str, n: int) -> str:
    return code if n == 1 else f"{n} {code}"


def figures(code: ShipCode) -> Figures:
    """Cost [V.C], space [V.A.1], turn mode [V.A.3] and engines of a code by the tables."""
    hull = HULLS[code.hull]
    engines = code.count("I")
    maneuvering = code.count("V")
    cost_parts: list[tuple[str, int]] = [(f"{hull.code} hull", hull.cost)]
    space_parts: list[tuple[str, Fraction]] = []
    if engines:
        label = f"{engines} engine{'s' if engines != 1 else ''}"
        cost_parts.append((label, engines * hull.engine_cost))
        space_parts.append((label, engines * hull.engine_space))
    seen: list[str] = []
    for system in code.systems:
        if system.code != "I" and system.code not in seen:
            seen.append(system.code)
    for letter in seen:
        n = code.count(letter)
        part = COMPONENTS[letter]
        unit_cost = hull.maneuvering_cost if letter == "V" else part.cost or 0
        cost_parts.append((_label(letter, n), n * unit_cost))
        if part.space:
            space_parts.append((_label(letter, n), n * part.space))
    return Figures(
        cost=sum(v for _l, v in cost_parts),
        cost_parts=tuple(cost_parts),
        space=sum((v for _l, v in space_parts), Fraction(0)),
        space_parts=tuple(space_parts),
        spaces=hull.spaces,
        turn_mode=max(1, hull.turn_mode - maneuvering),
        engines=engines,
        maneuvering=maneuvering,
    )


def complete(code: ShipCode) -> ShipCode:
    """The code with its cost, turn mode and engines as the tables make them."""
    f = figures(code)
    return replace(code, cost=f.cost, turn_mode=f.turn_mode, engines=f.engines)


def check_design(code: ShipCode, subject: str | None = None) -> list[Problem]:
    """Every way a design breaks the tables; empty when it is legal. The written numbers are
    compared with the tables' (a code without numbers is only checked for what it holds)."""
    subject = subject or str(code)
    f = figures(code)
    hull = HULLS[code.hull]
    problems: list[Problem] = []
    if f.engines > MAX_ENGINES:
        problems.append(
            Problem(
                "V.A.1",
                f"{f.engines} engines; a ship may have at most {MAX_ENGINES}",
                subject,
                f"take out {f.engines - MAX_ENGINES} I",
            )
        )
    if f.space > f.spaces:
        problems.append(
            Problem(
                "V.A.1",
                f"space {format_damage(f.space)} used, {format_damage(f.spaces)} in the hull "
                f"{hull.code} ({hull.name}): {f.space_sum()}",
                subject,
                "take out systems, or choose a bigger hull",
            )
        )
    if f.maneuvering and hull.turn_mode - f.maneuvering < 1:
        useful = hull.turn_mode - 1
        problems.append(
            Problem(
                "V.A.3",
                f"{f.maneuvering} Advanced Maneuvering (V) would take turn mode "
                f"{hull.turn_mode} below 1",
                subject,
                f"the hull {hull.code} can use at most {useful} V",
            )
        )
    if code.cost is not None and code.cost != f.cost:
        problems.append(
            Problem(
                "V.C",
                f"cost {code.cost} written, {f.cost} by the tables: {f.cost_sum()}",
                subject,
                f"write {f.cost}",
            )
        )
    if code.turn_mode is not None and code.turn_mode != f.turn_mode:
        problems.append(
            Problem(
                "V.B.5",
                f"turn mode {code.turn_mode} written, {f.turn_mode} by the tables: {hull.code} "
                f"turn mode {hull.turn_mode} - {f.maneuvering} V",
                subject,
                f"write {f.turn_mode}",
            )
        )
    if code.engines is not None and code.engines != f.engines:
        problems.append(
            Problem(
                "V.B.6",
                f"{counted(code.engines, 'engine')} written, {f.engines} I in the systems",
                subject,
                f"write {f.engines}",
            )
        )
    return problems


def check_fleet_cost(
    codes: Sequence[ShipCode], budget: int, side: str | None = None
) -> list[Problem]:
    """A side's ships must together cost no more than the battle's budget (reading R16)."""
    total = sum(figures(c).cost for c in codes)
    if total <= budget:
        return []
    parts = " + ".join(str(figures(c).cost) for c in codes)
    return [
        Problem(
            "R16",
            f"the ships cost {total} ({parts}), over the budget of {budget}",
            None,
            "leave out a ship or choose cheaper systems",
            side=side,
        )
    ]
