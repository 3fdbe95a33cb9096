"""The battle computer's designs: a fleet within the budget, drawn from its seed, without
sight of the opponent's [V, reading R16]: engines to move, weapons whose arcs bear ahead, and
cheap shields and armour on the left where damage strikes first [IV.C]."""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction

from battles.engine.design import check_design, complete, figures
from battles.engine.tables import COMPONENTS, HULLS, MAX_ENGINES, Hull
from notation.battles.codes import ShipCode, System
from notation.battles.hexes import Hex, distance
from notation.battles.records import ShipEntry

__all__ = ["STYLES", "design_fleet"]

# How a fleet fights, and the weapons it prefers (each letter once per unit of weight).
STYLES: dict[str, str] = {
    "close": "FFLLEEGGX",  # force, laser and energy beams: range 1-3
    "standoff": "MMMXXPPG",  # missiles and primary beams: range up to 20
    "mixed": "GGXXLMFEP",
}
NAMES = (
    "Kestrel Osprey Harrier Merlin Falcon Condor Hobby Peregrine Saker Lanner Goshawk "
    "Buzzard Kite Shrike Heron Petrel Skua Tern Gannet Fulmar Swift Raven"
).split()
_HULL_ORDER = ("E", "C", "F", "D", "CR", "BC", "BS", "SD")


@dataclass
class _Build:
    """A ship being fitted: what it holds and what is left of its money and space."""

    hull: Hull
    money: int
    space: Fraction
    guard: list[System]
    body: list[System]
    best: list[System]

    def afford(self, cost: int, space: Fraction) -> bool:
        return cost <= self.money and space <= self.space

    def take(self, system: System, cost: int, space: Fraction, where: list[System]) -> None:
        self.money -= cost
        self.space -= space
        where.append(system)

    def engines(self) -> int:
        return sum(1 for s in self.body if s.code == "I")

    def code(self) -> ShipCode:
        # Damage crosses out the leftmost systems first [IV.C]: shields and armour lead,
        # engines and lesser weapons in the middle, the best weapons last.
        return complete(ShipCode(self.hull.code, (*self.guard, *self.body, *self.best)))


def _unit(hull: Hull, letter: str) -> tuple[int, Fraction]:
    if letter == "I":
        return hull.engine_cost, hull.engine_space
    if letter == "V":
        return hull.maneuvering_cost, Fraction(0)
    part = COMPONENTS[letter]
    return part.cost or 0, part.space or Fraction(0)


def _arc(rng: random.Random, weapons_so_far: int) -> str:
    # Most weapons face ahead, where the ship points itself; a few cover the sides or rear.
    if weapons_so_far >= 2 and rng.random() < 0.25:
        return rng.choice("rlb")
    return "f"


def _fit(hull: Hull, money: int, style: str, rng: random.Random) -> ShipCode | None:
    """The best ship of this hull the money buys, or None when not even the hull fits."""
    if hull.cost > money:
        return None
    ship = _Build(hull, money - hull.cost, hull.spaces, [], [], [])
    weapons = 0

    def add_weapon(reserve_money: int, reserve_space: Fraction) -> bool:
        nonlocal weapons
        for pool in (STYLES[style], "GM"):  # the style's weapons as it weighs them, else cheap
            fits = [
                w
                for w in pool
                if ship.afford(_unit(hull, w)[0] + reserve_money, _unit(hull, w)[1] + reserve_space)
            ]
            if fits:
                letter = rng.choice(fits)
                cost, space = _unit(hull, letter)
                where = ship.best if cost >= 20 else ship.body
                ship.take(System(letter, _arc(rng, weapons)), cost, space, where)
                weapons += 1
                return True
        return False

    cost_i, space_i = _unit(hull, "I")
    if ship.afford(cost_i + 5, space_i + 3):
        ship.take(System("I"), cost_i, space_i, ship.body)
    add_weapon(0, Fraction(0)) or add_weapon(0, Fraction(0))
    speed = rng.choice((3, 4, 4, 5, 5, 6))
    while ship.engines() < min(speed, MAX_ENGINES) and ship.afford(cost_i, space_i + 1):
        ship.take(System("I"), cost_i, space_i, ship.body)
    cost_v, _ = _unit(hull, "V")
    if hull.turn_mode >= 2 and rng.random() < 0.6 and ship.afford(cost_v + 5, Fraction(0)):
        ship.take(System("V"), cost_v, Fraction(0), ship.guard)
    extras = "R" if style == "close" else "Y" if style == "standoff" else rng.choice("RY")
    reserve = max(Fraction(2), hull.spaces / 5)
    while add_weapon(6, reserve):
        if weapons == 3 and hull.spaces >= 17 and rng.random() < 0.5:
            cost, space = _unit(hull, extras)
            if ship.afford(cost + 6, space + reserve):
                ship.take(System(extras, "f" if extras == "R" else None), cost, space, ship.body)
    while ship.afford(2, Fraction(1)):
        letter = "S" if ship.afford(4, Fraction(1)) and rng.random() < 0.6 else "A"
        cost, space = _unit(hull, letter)
        ship.take(System(letter), cost, space, ship.guard)
    if not (ship.guard or ship.body or ship.best):
        ship.take(System("C"), 0, Fraction(5), ship.guard)  # a hull must hold something
    rng.shuffle(ship.guard)
    ship.guard.sort(key=lambda s: s.code == "V")  # manoeuvring behind the shields
    return ship.code()


def _plan_hulls(budget: int, rng: random.Random) -> list[int]:
    """How the budget is shared between ships: a list of each ship's money."""
    most = max(1, min(5, budget // 70))
    count = rng.choice([n for n in range(1, most + 1) for _ in range(1 + (n in (2, 3)))])
    shares = [budget // count] * count
    shares[0] += budget - sum(shares)
    return shares


def _hull_for(money: int, rng: random.Random) -> Hull | None:
    # A hull that leaves about half the money for systems; a random choice among the two best.
    fitting = [HULLS[h] for h in _HULL_ORDER if HULLS[h].cost <= money * rng.uniform(0.35, 0.6)]
    if not fitting:
        cheapest = HULLS["E"]
        return cheapest if cheapest.cost <= money else None
    return rng.choice(fitting[-2:])


def design_fleet(
    budget: int,
    seed: str,
    side: str,
    home: Hex,
    facing: str,
    radius: int,
    avoid: Collection[str] = (),
) -> list[ShipEntry]:
    """A legal fleet costing at most `budget`, drawn from `seed`, set up within `radius` of
    `home` facing `facing` [R16]; never the same for every seed. No ship is named as one in
    `avoid` (names unique in a battle [R17])."""
    rng = random.Random(f"battle-design:{seed}")
    style = rng.choice(sorted(STYLES))
    names = [n for n in NAMES if n not in avoid]
    rng.shuffle(names)
    names += [f"{n}{i}" for i in range(2, 9) for n in NAMES if f"{n}{i}" not in avoid]
    codes: list[ShipCode] = []
    left = budget
    shares = _plan_hulls(budget, rng)
    for i in range(len(shares)):
        money = left - sum(shares[i + 1 :])  # what earlier ships left unspent passes on
        hull = _hull_for(money, rng)
        code = _fit(hull, money, style, rng) if hull else None
        if code is not None:
            codes.append(code)
            left -= figures(code).cost
    while left >= 43 and len(codes) < 6:  # money no hull could hold: one more ship
        code = _fit(HULLS["E"], left, style, rng)
        assert code is not None
        codes.append(code)
        left -= figures(code).cost
    if not codes:  # a budget below the cheapest hull cannot be: the judge asks for 33 or more
        raise ValueError(f"budget {budget} buys no hull")
    places = [h for h in _around(home, radius) if distance(h, home) <= min(radius, 2)]
    rng.shuffle(places)
    entries = []
    for i, code in enumerate(codes):
        assert not check_design(code), (code, check_design(code))
        entries.append(ShipEntry(side, names[i], code, places[i % len(places)], facing))
    return entries


def _around(home: Hex, radius: int) -> list[Hex]:
    return [
        Hex(home.q + dq, home.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if distance(home, Hex(home.q + dq, home.r + dr)) <= radius
    ]
