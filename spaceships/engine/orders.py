"""Checking one player's orders for a turn against the state at its start [2.4, 4, 8, 11.5]:
strike counts, missile launch cells from partial values, kamikazes, beams, scans. Illegal orders
are refused whole, with every reason [rulings, Orders]."""

from __future__ import annotations

from collections.abc import Callable, Sequence

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
from notation.spaceships.records import Position
from notation.spaceships.ships import ShipId
from spaceships.engine.checked import CheckedBeam, CheckedOrders
from spaceships.engine.entitlements import Entitlements, ShipCapability, entitlements
from spaceships.engine.problems import OrdersRefused, Problem
from spaceships.engine.state import GameState, PlayerState, Space

# add(rule, message, order index or None, hint or None): records one problem.
_Add = Callable[..., None]


def _cells(cells: Sequence[Cell] | frozenset[Cell]) -> str:
    return " ".join(str(c) for c in cells)


def check_orders(
    state: GameState,
    player: str,
    orders: Sequence[Order],
    positions: Sequence[Position | None] = (),
) -> CheckedOrders:
    """The player's orders for the state's current turn, checked and resolved; raises
    OrdersRefused listing every problem (each with turn, player, the order and its rule)."""
    orders = tuple(orders)
    turn = state.turn
    ruleset = state.ruleset
    if player not in ("A", "B"):
        raise ValueError(f"player must be A or B, not {player!r}")
    if state.result.over:
        message = f"the game ended after turn {state.result.turn}; no more orders"
        raise OrdersRefused([Problem(ruleset.rule("2.3", "2.3"), message, turn, player)])
    ent = entitlements(state, player)

    strikes: list[Cell] = []
    scans: list[Cell] = []
    others: list[tuple[int, Order]] = []  # launches and beams, by their place in the list
    for i, order in enumerate(orders):
        kind = type(order)
        if kind is Strike:
            strikes.append(order.target)  # type: ignore[union-attr]
        elif kind is Scan:
            scans.append(order.target)  # type: ignore[union-attr]
        elif isinstance(order, MissileLaunch | KamikazeLaunch | Beam | ClassicBeam):
            others.append((i, order))
        elif isinstance(order, Strike):  # a subclass
            strikes.append(order.target)
        elif isinstance(order, Scan):
            scans.append(order.target)
        else:
            raise TypeError(f"not an order: {order!r}")
    if not others and len(strikes) <= ent.conventional and len(scans) <= ent.scans:
        # Most order lists: strikes and scans within what the player may do.
        return CheckedOrders(
            turn,
            player,
            orders,
            tuple(strikes),
            (),
            (),
            (),
            tuple(scans),
            ent.only_kamikazes_and_scans,
            ent.conventional,
            ent.scans,
        )

    problems: list[Problem] = []

    def add(rule: str, message: str, index: int | None = None, hint: str | None = None) -> None:
        subject = str(orders[index]) if index is not None else None
        position = positions[index] if index is not None and index < len(positions) else None
        problems.append(Problem(rule, message, turn, player, subject, hint, position))

    space = state.space(player)
    me = state.player(player)
    missiles: list[tuple[Cell, ShipId]] = []
    missile_from: dict[ShipId, int] = {}
    kamikazes: list[tuple[Cell, ShipId]] = []
    kamikaze_from: dict[ShipId, int] = {}
    beams: list[tuple[int, CheckedBeam | None, tuple[ShipCapability, ...]]] = []
    m = k = 0  # missile launches and kamikazes written

    def one_per_ship(
        found: tuple[Cell, ShipId] | None,
        launched_from: dict[ShipId, int],
        launches: list[tuple[Cell, ShipId]],
        i: int,
        rule: str,
        launch: str,
        action: str,
    ) -> None:
        """At most one missile strike [8.1.3] or kamikaze [4.5] per ship and turn."""
        if found is None:
            return
        cell, ship = found
        if ship in launched_from:
            add(
                rule,
                f"a second {launch} from {ship} this turn (the first is "
                f"{orders[launched_from[ship]]}); one {action} per ship per turn",
                i,
            )
        else:
            launched_from[ship] = i
            launches.append((cell, ship))

    for i, order in others:
        if isinstance(order, MissileLaunch):
            m += 1
            found = _missile(ent, space, me, order, i, add, ruleset.classic)
            one_per_ship(
                found,
                missile_from,
                missiles,
                i,
                ruleset.rule("8.1.3", "6.6.2"),
                "missile launch",
                "missile strike",
            )
        elif isinstance(order, KamikazeLaunch):
            k += 1
            found = _kamikaze(ent, space, me, order, i, add, ruleset.classic)
            one_per_ship(
                found,
                kamikaze_from,
                kamikazes,
                i,
                ruleset.rule("4.5", "4.4"),
                "kamikaze",
                "kamikaze",
            )
        else:
            beams.append((i, *_beam(state, ent, order, i, add)))  # type: ignore[arg-type]

    # One firing per beam weapon per turn [8.2]; a ship named or the only candidate. A classic
    # beam names no ship, so its death stars are matched to the beams [classic 6.1.3].
    fired_by = (
        classic_beam_ships([(i, tuple(c.ship for c in cs)) for i, b, cs in beams if b])
        if ruleset.classic
        else {}
    )
    used: dict[ShipId, int] = {ship: i for i, ship in fired_by.items()}
    checked_beams: list[CheckedBeam] = []
    for i, beam, _ in beams:
        if beam is None:
            continue
        if ruleset.classic and i in fired_by:
            beam = CheckedBeam(fired_by[i], beam.cells, beam.diagonal)
        elif beam.ship in used:
            add(
                ruleset.rule("8.2", "6.1.3"),
                f"{beam.ship} already fires a beam this turn ({orders[used[beam.ship]]}); "
                "one beam per ship per turn",
                i,
            )
            continue
        used[beam.ship] = i
        checked_beams.append(beam)

    s = len(strikes)
    if s < m + k:
        add(
            ruleset.rule("11.5.3", "8.2.3") if m else ruleset.rule("11.5.5", "8.2.4"),
            f"{_launches(m, k)} written but only {s} strike{'s' if s != 1 else ''}: each launch "
            "needs its target written as a strike",
        )
    allowed = ent.conventional + m + k
    if s > allowed:
        hint = None
        if not m and ent.missile_ships:
            hint = "a missile launch (m + its cell) would allow one more strike"
        add(
            ruleset.rule("4.4.1", "4.3.1"),
            f"{s} strike{'s' if s != 1 else ''} written; entitled to {ent.conventional} "
            f"conventional strike{'s' if ent.conventional != 1 else ''}"
            + (f" + {_launches(m, k)} = {allowed}" if m + k else ""),
            None,
            hint,
        )
    if len(scans) > ent.scans:
        first_extra = [i for i, o in enumerate(orders) if isinstance(o, Scan)][ent.scans]
        if ruleset.classic:
            add("classic 4.2", "there are no scans in the classic ruleset", first_extra)
        elif ent.scans == 0:
            add("8.3", "no undestroyed scanner (a heavy or light scout), so no scans", first_extra)
        else:
            add(
                "8.3.1",
                f"{len(scans)} scans written; entitled to {ent.scans} this turn",
                first_extra,
                "one scan in turn 1; later one per own cell destroyed in the "
                "previous turn, at least one",
            )
    if problems:
        # In the order written; problems about the whole list last.
        index = {str(o): i for i, o in reversed(list(enumerate(orders)))}
        problems.sort(key=lambda p: index.get(p.subject, len(orders)) if p.subject else len(orders))
        raise OrdersRefused(problems)
    return CheckedOrders(
        turn,
        player,
        orders,
        tuple(strikes),
        tuple(checked_beams),
        tuple(missiles),
        tuple(kamikazes),
        tuple(scans),
        ent.only_kamikazes_and_scans,
        allowed,
        ent.scans,
    )


def _launches(m: int, k: int) -> str:
    parts = []
    if m:
        parts.append(f"{m} missile launch{'es' if m > 1 else ''}")
    if k:
        parts.append(f"{k} kamikaze{'s' if k > 1 else ''}")
    return " + ".join(parts)


def _missile(
    ent: Entitlements,
    space: Space,
    me: PlayerState,
    order: MissileLaunch,
    i: int,
    add: _Add,
    classic: bool,
) -> tuple[Cell, ShipId] | None:
    """11.5.3: the only unfired missile (start of turn) matching the written values."""
    rule = "classic 6.6.2.1" if classic else "8.1.3.1"
    candidates = [
        (c, s.ship) for s in ent.missile_ships for c in s.unfired if order.launch.matches(c)
    ]
    if len(candidates) == 1:
        return candidates[0]
    unfired = [c for s in ent.missile_ships for c in s.unfired]
    if not candidates:
        others = sorted((c for c in space.missiles if order.launch.matches(c)), key=str)
        why = []
        for c in others:
            why.append(f"{c} is {'destroyed' if c in me.destroyed else 'already fired'}")
        add(
            rule,
            f"no unfired missile matches {order.launch}" + (f" ({'; '.join(why)})" if why else ""),
            i,
            f"unfired missiles: {_cells(unfired)}" if unfired else "you have no unfired missiles",
        )
        return None
    add(
        "classic 8.2.3" if classic else "11.5.3",
        f"{order} is ambiguous: unfired missiles {_cells([c for c, _ in candidates])} all match",
        i,
        "write enough coordinate values to single one out, e.g. "
        + " or ".join(f"m{c}" for c, _ in candidates[:2]),
    )
    return None


def _kamikaze(
    ent: Entitlements,
    space: Space,
    me: PlayerState,
    order: KamikazeLaunch,
    i: int,
    add: _Add,
    classic: bool,
) -> tuple[Cell, ShipId] | None:
    cell = order.launch
    ship = space.ship_at.get(cell)
    rule = "classic 4.4.2" if classic else "4.5.2"
    if ship is None:
        add(
            rule,
            f"{cell} is not a cell of any of your ships",
            i,
            "a kamikaze launch cell is an undamaged cell of the ship",
        )
        return None
    cap = ent.ship(ship.id)
    assert cap is not None
    if cell not in cap.undamaged:
        add(
            rule,
            f"{cell} ({ship.id}) is already destroyed",
            i,
            "a kamikaze launch cell is an undamaged cell of the ship",
        )
        return None
    if cap.kamikaze:
        return cell, ship.id
    if ship.type == "LS":
        add("6.8.2", "a light scout never launches a kamikaze", i)
    elif cap.conventional:
        add(
            "classic 4.4" if classic else "4.5",
            f"{ship.id} gives a conventional strike this turn, so it may not kamikaze",
            i,
        )
    else:
        add(
            "4.5",
            f"{ship.id} gives a missile strike this turn (unfired missiles "
            f"{_cells(cap.unfired)}), so it may not kamikaze",
            i,
        )
    return None


def classic_beam_ships(beams: Sequence[tuple[int, tuple[ShipId, ...]]]) -> dict[int, ShipId]:
    """Which death star fires each classic beam (order index to ship) [classic 6.1.3].

    A classic beam names no ship: any death star its line passes through may fire it, one beam
    each. Beams are matched to death stars so that as many as can be fired are (augmenting
    paths); each beam takes its first free candidate whenever that works, so a list in which
    every beam finds a free death star in order is read as it always was.
    """
    options = dict(beams)
    owner: dict[ShipId, int] = {}

    def place(i: int, seen: set[ShipId]) -> bool:
        free = [ship for ship in options[i] if ship not in owner]
        if free:
            owner[free[0]] = i
            return True
        for ship in options[i]:
            if ship not in seen:
                seen.add(ship)
                if place(owner[ship], seen):
                    owner[ship] = i
                    return True
        return False

    for i, _ in beams:
        place(i, set())
    return {i: ship for ship, i in owner.items()}


def _beam(
    state: GameState, ent: Entitlements, order: Beam | ClassicBeam, i: int, add: _Add
) -> tuple[CheckedBeam | None, tuple[ShipCapability, ...]]:
    ruleset = state.ruleset
    geo = ruleset.geometry
    if ruleset.classic:
        if not isinstance(order, ClassicBeam):
            add(
                "classic 8.2.2",
                "a classic beam is written b + the two coordinate values fixed "
                "along its line of five",
                i,
                "e.g. bRv, bR3, bv3",
            )
            return None, ()
        line = geo.matching(order.line.colour, order.line.letter, order.line.number)
        ships = ent.beam_ships
        candidates = tuple(
            s
            for s in ships
            if any(order.line.matches(c) for c in state.space(ent.player).by_id[s.ship].cells)
        )
        if not candidates:
            if not ships:
                add("classic 6.1.3", "only an undamaged death star fires a beam", i)
            else:
                add(
                    "classic 6.1.3.3",
                    "the line, seen in your own space, does not pass through your death star",
                    i,
                )
            return None, ()
        return CheckedBeam(candidates[0].ship, line, False), candidates
    if not isinstance(order, Beam):
        add("11.5.2", "a beam is written b + its two end cells", i, "e.g. bRv1Rx1")
        return None, ()
    found = geo.beam_line(order.start, order.end)
    if found is None:
        add(
            "8.2.1",
            "the targets of a beam are three loosely adjacent cells in a straight line, "
            f"written by their two end cells; {order.start} and {order.end} are not such ends",
            i,
        )
        return None, ()
    direction, middle, diagonal = found
    cells = (order.start, middle, order.end)
    space = state.space(ent.player)
    if order.ship is not None:
        ship = space.by_id.get(order.ship)
        if ship is None:
            same = [str(s.id) for s in space.ships if s.id.type == order.ship.type]
            add(
                "8.2.3.1",
                f"you have no ship {order.ship}",
                i,
                f"your {order.ship.type}: {' '.join(same)}" if same else None,
            )
            return None, ()
        cap = ent.ship(ship.id)
        assert cap is not None
        if ship.type != "DS":
            add("8.2", f"a {ship.id.name} has no beam weapon", i)
        elif not cap.undamaged:
            add("8.2.2.1", f"{ship.id} is destroyed", i)
        elif ship.id in state.player(ent.player).burnt_out:
            add("8.4", f"the beam weapon of {ship.id} has burnt out", i)
        elif direction not in cap.beam_directions:
            add(
                "8.2.2",
                f"{ship.id} has no two undamaged, loosely adjacent cells on a line "
                "parallel to the target line",
                i,
            )
        else:
            return CheckedBeam(ship.id, cells, diagonal), (cap,)  # type: ignore[arg-type]
        return None, ()
    candidates = tuple(s for s in ent.beam_ships if direction in s.beam_directions)
    if len(candidates) == 1:
        return CheckedBeam(candidates[0].ship, cells, diagonal), candidates  # type: ignore[arg-type]
    if not candidates:
        death_stars = [s for s in space.ships if s.type == "DS"]
        me = state.player(ent.player)
        if not death_stars:
            add("8.2", "you have no ship with a beam weapon", i)
        elif not ent.beam_ships:
            why = []
            for s in death_stars:
                cap = ent.ship(s.id)
                if cap is None or not cap.undamaged:
                    why.append(f"{s.id} is destroyed")
                elif s.id in me.burnt_out:
                    why.append(f"the beam weapon of {s.id} has burnt out")
                else:
                    why.append(f"{s.id} has no two undamaged, loosely adjacent cells")
            add(
                "8.4" if any("burnt" in w for w in why) else "8.2.2",
                "no beam weapon can fire: " + "; ".join(why),
                i,
            )
        else:
            add(
                "8.2.2",
                "no death star has two undamaged, loosely adjacent cells on a line "
                "parallel to the target line",
                i,
            )
        return None, ()
    names = " ".join(str(s.ship) for s in candidates)
    add(
        "8.2.3.1",
        f"several ships could fire this beam ({names}); name the one that fires",
        i,
        f"e.g. {Beam(order.start, order.end, candidates[0].ship)}",
    )
    return None, ()
