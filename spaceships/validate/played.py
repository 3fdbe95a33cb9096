"""Orders as they were played at the table, legal or not: for checking a handwritten record.

A judge refuses illegal orders whole [rulings, Orders]. A record of a game played by hand is
different: the strikes were announced and answered, so the rest of the game followed from them.
To check such a record without one slip burying everything after it, the record checker plays an
illegal order list as far as it can be made sense of, and says what it assumed.
"""

from __future__ import annotations

from collections.abc import Sequence

from notation.spaceships.cells import Cell
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
from spaceships.engine.entitlements import entitlements
from spaceships.engine.orders import CheckedBeam, CheckedOrders
from spaceships.engine.state import GameState


def played_orders(
    state: GameState, player: str, orders: Sequence[Order]
) -> tuple[CheckedOrders, tuple[str, ...]]:
    """The orders as played, without checking entitlements; and what could not be played (each
    a short phrase: "the launch mYw3 (no such unfired missile)")."""
    ruleset = state.ruleset
    geo = ruleset.geometry
    space = state.space(player)
    me = state.player(player)
    ent = entitlements(state, player)
    dropped: list[str] = []
    strikes: list[Cell] = []
    scans: list[Cell] = []
    beams: list[CheckedBeam] = []
    missiles: list[tuple[Cell, ShipId]] = []
    kamikazes: list[tuple[Cell, ShipId]] = []
    launched: set[ShipId] = set()
    death_stars = [s.id for s in space.ships if s.type == "DS"]
    for order in orders:
        if isinstance(order, Strike):
            strikes.append(order.target)
        elif isinstance(order, Scan):
            scans.append(order.target)
        elif isinstance(order, MissileLaunch):
            unfired = [
                c
                for c in space.missiles
                if c not in me.destroyed and c not in me.fired and order.launch.matches(c)
            ]
            if len(unfired) != 1:
                why = "no such unfired missile" if not unfired else "ambiguous"
                dropped.append(f"the launch {order} ({why}; its strike is kept)")
                continue
            ship = space.ship_at[unfired[0]].id
            if ship in launched:
                dropped.append(f"the launch {order} (a second from {ship}; its strike is kept)")
                continue
            launched.add(ship)
            missiles.append((unfired[0], ship))
        elif isinstance(order, KamikazeLaunch):
            found = space.ship_at.get(order.launch)
            if found is None or order.launch in me.destroyed:
                dropped.append(f"the kamikaze {order} (not an undamaged cell of a ship)")
                continue
            kamikazes.append((order.launch, found.id))
        elif isinstance(order, Beam):
            d = geo.direction(order.start, order.end)
            if ruleset.classic or d is None or d[1] != 2:
                dropped.append(f"the beam {order} (its targets are not a line of three)")
                continue
            cells = (order.start, geo.shift(order.start, d[0]), order.end)
            ship = order.ship or (death_stars[0] if death_stars else ShipId("DS", None))
            diagonal = sum(1 for v in d[0] if v) > 1
            beams.append(CheckedBeam(ship, cells, diagonal))  # type: ignore[arg-type]
        elif isinstance(order, ClassicBeam):
            if not ruleset.classic:
                dropped.append(f"the beam {order} (a classic beam under the 2.6.1 rules)")
                continue
            line = geo.sorted(c for c in geo.cells if order.line.matches(c))
            ship = death_stars[0] if death_stars else ShipId("DS", None)
            beams.append(CheckedBeam(ship, tuple(line), False))
    checked = CheckedOrders(
        state.turn,
        player,
        tuple(orders),
        tuple(strikes),
        tuple(beams),
        tuple(missiles),
        tuple(kamikazes),
        tuple(scans),
        ent.only_kamikazes_and_scans,
        ent.conventional + len(missiles) + len(kamikazes),
        ent.scans,
    )
    return checked, tuple(dropped)
