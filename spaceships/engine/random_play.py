"""Random legal fleets and orders from a passed-in random.Random: for property tests, the bench
and other packages' tests. Never used to decide anything in a real game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from notation.spaceships.cells import Cell, PartialCell
from notation.spaceships.fleets import Fleet, ShipPlacement
from notation.spaceships.orders import (
    Beam,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    Order,
    Scan,
    Strike,
)
from notation.spaceships.ships import ShipId
from spaceships.engine.adjudicate import adjudicate
from spaceships.engine.entitlements import entitlements
from spaceships.engine.geometry import AXES
from spaceships.engine.matches import build_options
from spaceships.engine.orders import check_orders
from spaceships.engine.rulesets import COSTS, Ruleset
from spaceships.engine.shapes import SIZES, placements
from spaceships.engine.state import GameState, new_game


def random_types(ruleset: Ruleset, rng: random.Random) -> list[str]:
    """A legal composition [3.7, 3.7.1; classic 3.3]."""
    if ruleset.classic:
        return ["DS", "KC", "FS", "MD", "HF"]
    if ruleset.fleet_cost is None:
        return ["DS", "KC", rng.choice(["FS", "PC"]), "MD", rng.choice(["LS", "HS"])]
    types: list[str] = []
    left = ruleset.fleet_cost
    while left:
        fitting = [t for t, c in COSTS.items() if c <= left]
        t = rng.choice(fitting)
        types.append(t)
        left -= COSTS[t]
    return types


def random_additional(carried: int, ruleset: Ruleset, rng: random.Random) -> list[str]:
    """Additional ship types that `carried` materiel may build in a continued match [10.3;
    classic 7.2; seed 004 6.3], chosen at random."""
    if ruleset.build_table is not None:
        return list(rng.choice(build_options(carried, ruleset.build_table)))
    worth = SIZES if ruleset.classic else COSTS
    types: list[str] = []
    left = carried if not (ruleset.classic and carried == 1) else 0  # readings.md
    while left:
        fitting = [
            t
            for t in ruleset.ship_types
            if worth[t] <= left and not (ruleset.classic and left - worth[t] == 1)
        ]
        t = rng.choice(fitting)
        types.append(t)
        left -= worth[t]
    return types


def random_fleet(ruleset: Ruleset, rng: random.Random, additional: Sequence[str] = ()) -> Fleet:
    """Ships placed at random, touching allowed, never overlapping [3.4]; `additional`: the
    types of a continued match's additional ships [10.2]."""
    types = random_types(ruleset, rng) + list(additional)
    # Place big ships first so that they always fit.
    order = sorted(range(len(types)), key=lambda i: -len(placements(types[i], "ROYGB", False)[0]))
    while True:
        used: set[Cell] = set()
        cells_of: dict[int, tuple[Cell, ...]] = {}
        for i in order:
            options = placements(types[i], ruleset.colour_order, ruleset.classic)
            for _ in range(200):
                choice = rng.choice(options)
                if not choice & used:
                    break
            else:
                break
            used |= choice
            cells = sorted(choice, key=ruleset.geometry.sort_key)  # not set order
            rng.shuffle(cells)
            cells_of[i] = tuple(cells)
        else:
            break
    counts = {t: types.count(t) for t in types}
    seen: dict[str, int] = {}
    ships = []
    for i, t in enumerate(types):
        seen[t] = seen.get(t, 0) + 1
        ships.append(ShipPlacement(ShipId(t, seen[t] if counts[t] > 1 else None), cells_of[i]))
    return Fleet(tuple(ships))


def _missile_spelling(cell: Cell, unfired: list[Cell], rng: random.Random) -> PartialCell:
    """The launch cell by a random set of coordinate values that singles it out [11.5.3]."""
    values = {"colour": cell.colour, "letter": cell.letter, "number": cell.number}
    subsets = [s for n in (1, 2, 3) for s in combinations(values, n)]
    rng.shuffle(subsets)
    for keys in subsets:
        partial = PartialCell(**{k: values[k] for k in keys})
        if sum(partial.matches(c) for c in unfired) == 1:
            return partial
    return PartialCell(cell.colour, cell.letter, cell.number)


def random_orders(state: GameState, player: str, rng: random.Random) -> tuple[Order, ...]:
    """A random legal order list for the state's turn."""
    ent = entitlements(state, player)
    geo = state.ruleset.geometry
    cells = geo.cells
    orders: list[Order] = []
    launches = 0
    unfired = [c for s in ent.missile_ships for c in s.unfired]
    for ship in ent.missile_ships:
        if rng.random() < 0.6:
            cell = rng.choice(ship.unfired)
            orders.append(MissileLaunch(_missile_spelling(cell, unfired, rng)))
            launches += 1
    space = state.space(player)
    for ship in ent.kamikaze_ships:
        if rng.random() < 0.6:
            # Cells in the fleet's order, not set order: the same seed gives the same game.
            undamaged = [c for c in space.by_id[ship.ship].cells if c in ship.undamaged]
            orders.append(KamikazeLaunch(rng.choice(undamaged)))
            launches += 1
    conventional = ent.conventional
    n = conventional if rng.random() < 0.7 else rng.randint(0, conventional)
    # Some strikes aim at the opponent's ships, so that random games end in a few dozen turns.
    other = "B" if player == "A" else "A"
    gone = state.player(other).destroyed
    alive = [c for s in state.space(other).ships for c in s.cells if c not in gone]
    for _ in range(n + launches):
        aimed = alive and rng.random() < 0.25
        orders.append(Strike(rng.choice(alive) if aimed else rng.choice(cells)))
    for ship in ent.beam_ships:
        if rng.random() < 0.5:
            continue
        if state.ruleset.classic:
            own = state.space(player).by_id[ship.ship].cells
            c = rng.choice(own)
            fixed = rng.choice(AXES)
            values = {"colour": c.colour, "letter": c.letter, "number": c.number}
            drop = ("colour", "letter", "number")[fixed.index(1)]
            values.pop(drop)
            orders.append(ClassicBeam(PartialCell(**values)))
            continue
        d = rng.choice(sorted(ship.beam_directions))
        for _ in range(20):
            start = rng.choice(cells)
            end = geo.shift(start, d, 2)
            if end is not None:
                break
        else:
            continue
        if rng.random() < 0.5:
            start, end = end, start
        several = sum(1 for s in ent.beam_ships if d in s.beam_directions) > 1
        orders.append(Beam(start, end, ship.ship if several or rng.random() < 0.2 else None))
    orders.extend(Scan(rng.choice(cells)) for _ in range(rng.randint(0, ent.scans)))
    rng.shuffle(orders)
    return tuple(orders)


def random_game(ruleset: Ruleset, rng: random.Random, max_turns: int = 300) -> GameState:
    """A whole random game, played until it ends (or max_turns)."""
    state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
    while not state.over and state.turn <= max_turns:
        a = check_orders(state, "A", random_orders(state, "A", rng))
        b = check_orders(state, "B", random_orders(state, "B", rng))
        state, _ = adjudicate(state, a, b)
    return state
