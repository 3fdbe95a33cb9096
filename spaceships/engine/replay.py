"""Replaying a record's turns fast (play_record): orders checked on counts and bit sets, turns
settled on bit sets; the checked orders, reports and states between turns made when read.

The check here only decides whether a player's orders are legal and what they do; it never
says why not. A turn it cannot take (any problem, or anything unusual) is left to the full
check (spaceships.engine.orders.check_orders), which refuses with every reason or settles the turn,
so the messages are always the full check's. Every object a reader may ask for later is made
by the full check and `adjudicate` themselves from the same state and orders, so it is the
one they give (tests/spaceships/engine/test_fast_replay.py holds both paths equal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from notation.spaceships.cells import PartialCell
from notation.spaceships.orders import (
    Beam,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    Order,
    Scan,
    Strike,
)
from notation.spaceships.records import TurnLine
from notation.spaceships.ships import ShipId
from spaceships.engine.adjudicate import adjudicate, ending, tiebreak
from spaceships.engine.checked import CheckedOrders
from spaceships.engine.entitlements import beam_directions_of, may_kamikaze, ship_strikes
from spaceships.engine.geometry import Geometry
from spaceships.engine.orders import check_orders, classic_beam_ships
from spaceships.engine.reports import TurnReport
from spaceships.engine.rulesets import Ruleset
from spaceships.engine.settle import settle
from spaceships.engine.state import GameResult, GameState, PlayerState, Space, TurnHistory

_PLAYING = GameResult()  # the result while the game goes on

# The cells matching a missile's or classic beam's written values, by colour order and values:
# (bits, cell indices in the conventional order).
_MATCHING: dict[tuple[str, str | None, str | None, int | None], tuple[int, tuple[int, ...]]] = {}

# A ship's conventional strikes by its undamaged cells (bits) [4.4.1], for a ship other than a
# death star, by ruleset (how strikes are counted, the colour order). Bounded: cleared when full.
_STRIKES: dict[tuple[str, str], dict[int, int]] = {}

# What a player's orders do, when legal: beam and strike targets (cell indices, in the order
# they are reported), launch cells of missiles (bits) and kamikazes (bits), the beams (cells,
# diagonal, ship) for burning out [8.2.4], and whether they end the game [2.3.2].
Plan = tuple[list[int], int, int, list[tuple[int, bool, ShipId | None]] | None, bool]


def _matching(geo: Geometry, partial: PartialCell) -> tuple[int, tuple[int, ...]]:
    key = (geo.colour_order, partial.colour, partial.letter, partial.number)
    found = _MATCHING.get(key)
    if found is None:
        index = geo.index
        cells = tuple(index[c] for c in geo.matching(*key[1:]))
        found = _MATCHING[key] = (sum(1 << i for i in cells), cells)
    return found


class _Side:
    """One player's side while replaying: the fleet as bits, and what has happened to it."""

    __slots__ = (
        "burnt",
        "conventional",
        "destroyed",
        "fired",
        "hits",
        "ids",
        "lost",
        "missile_bits",
        "ship_bits",
        "ship_index",
        "ship_of",
        "death_stars",
        "scanner_bits",
        "size",
        "space",
        "strikes",
        "strikes_of",
        "types",
    )

    def __init__(self, space: Space, me: PlayerState, bits: tuple[int, int], ruleset: Ruleset):
        self.space = space
        self.ship_bits = space.ship_bits
        self.ship_index = space.ship_index
        self.ids = space.ids
        self.types = space.types
        self.death_stars = tuple(k for k, t in enumerate(self.types) if t == "DS")
        self.missile_bits = space.missile_bits
        self.scanner_bits = space.scanner_bits
        self.size = space.size
        self.destroyed, self.fired = bits
        self.burnt = me.burnt_out
        self.lost = me.lost_last_turn
        self.hits = me.hits
        # Each ship's conventional strikes, and the fleet's [4.4.1], kept up to date.
        self.strikes = [
            ship_strikes(ruleset, t, b & ~self.destroyed)
            for t, b in zip(self.types, self.ship_bits, strict=True)
        ]
        self.conventional = sum(self.strikes)
        key = (ruleset.strike_counting, ruleset.colour_order)
        self.strikes_of = _STRIKES.get(key) or _STRIKES.setdefault(key, {})
        self.ship_of: dict[ShipId, int] | None = None  # made when a beam names a ship

    def lose(self, destroyed: int, ruleset: Ruleset) -> None:
        """Cells destroyed in a turn (bits, with those before): the strikes of the ships
        they belong to are worked out again."""
        changed = destroyed & ~self.destroyed
        self.destroyed = destroyed
        ship_index, ship_bits, strikes = self.ship_index, self.ship_bits, self.strikes
        table = self.strikes_of
        while changed:
            k = ship_index[(changed & -changed).bit_length() - 1]
            changed &= ~ship_bits[k]
            undamaged = ship_bits[k] & ~destroyed
            ship_type = self.types[k]
            if ship_type == "DS" or not undamaged:
                now = ship_strikes(ruleset, ship_type, undamaged)
            else:
                now = table.get(undamaged, -1)
                if now < 0:
                    if len(table) >= 1 << 16:
                        table.clear()
                    now = table[undamaged] = ship_strikes(ruleset, ship_type, undamaged)
            self.conventional += now - strikes[k]
            strikes[k] = now

    def check(self, orders: tuple[Order, ...], turn: int, ruleset: Ruleset) -> Plan | None:
        """What the orders do, when they are legal and of the usual kinds; None otherwise (the
        full check then says why, or takes them)."""
        geo = ruleset.geometry
        colour_base, letter_base = geo.colour_base, geo.letter_base
        strikes: list[int] = []
        scans = 0
        others: list[Any] | None = None
        for order in orders:
            kind = type(order)
            if kind is Strike:
                c = order.target  # type: ignore[union-attr]
                strikes.append(colour_base[c.colour] + letter_base[c.letter] + c.number)
            elif kind is Scan:
                scans += 1
            elif others is None:
                others = [order]
            else:
                others.append(order)
        destroyed = self.destroyed
        if scans:
            # 8.3.1: one in the first turn; later one per own cell lost last turn, at least
            # one; none without an undamaged scanner.
            if not self.scanner_bits & ~destroyed:
                return None
            if scans > (1 if turn == 1 else max(1, self.lost)):
                return None
        conventional = self.conventional
        unfired = self.missile_bits & ~destroyed & ~self.fired
        # 2.3.2: no action but kamikazes and scans (a beam needs an undamaged death star, which
        # gives a conventional strike).
        limited = not conventional and not unfired
        if others is None:
            if len(strikes) > conventional:  # 4.4.1
                return None
            return strikes, 0, 0, None, limited and not strikes
        return self._check_others(others, strikes, unfired, limited, ruleset)

    def _check_others(
        self,
        others: list[Any],
        strikes: list[int],
        unfired: int,
        limited: bool,
        ruleset: Ruleset,
    ) -> Plan | None:
        """check, for lists with launches or beams [8.1.3, 4.5, 8.2; classic 6.1.3]."""
        geo = ruleset.geometry
        colour_base, letter_base = geo.colour_base, geo.letter_base
        classic = ruleset.classic
        destroyed = self.destroyed
        ship_index, ship_bits = self.ship_index, self.ship_bits
        launched = kamikazes = 0  # launch cells
        missile_ships = kamikaze_ships = beam_ships = 0  # ship k as bit k: one each a turn
        m = k = 0
        beams: list[tuple[int, bool, ShipId | None]] = []
        targets: list[int] = []
        classic_beams: list[tuple[int, tuple[ShipId, ...]]] = []
        for order in others:
            kind = type(order)
            if kind is MissileLaunch:
                found = _matching(geo, order.launch)[0] & unfired  # 8.1.3.1: only one
                if not found or found & (found - 1):
                    return None
                ship = 1 << ship_index[found.bit_length() - 1]
                if missile_ships & ship:
                    return None
                missile_ships |= ship
                launched |= found
                m += 1
            elif kind is KamikazeLaunch:
                c = order.launch
                i = colour_base[c.colour] + letter_base[c.letter] + c.number
                s = ship_index[i]
                if s < 0 or destroyed >> i & 1 or kamikaze_ships >> s & 1:
                    return None
                has_unfired = bool(ship_bits[s] & unfired)
                if not may_kamikaze(ruleset, self.types[s], self.strikes[s], has_unfired):
                    return None
                kamikaze_ships |= 1 << s
                kamikazes |= 1 << i
                k += 1
            elif kind is Beam and not classic:
                c = order.start
                i = colour_base[c.colour] + letter_base[c.letter] + c.number
                c = order.end
                j = colour_base[c.colour] + letter_base[c.letter] + c.number
                found_line = geo.beam_ends.get(i * 125 + j)  # [8.2.1]
                if found_line is None:
                    return None
                direction, middle, diagonal = found_line
                s = self._beam_ship(order.ship, direction, geo)
                if s < 0 or beam_ships >> s & 1:
                    return None
                beam_ships |= 1 << s
                beams.append((3, diagonal, self.ids[s]))
                targets += (i, middle, j)
            elif kind is ClassicBeam and classic:
                line_bits, line = _matching(geo, order.line)
                # Classic 6.1.3: an undamaged death star the line passes through.
                able = tuple(
                    self.ids[s]
                    for s in self.death_stars
                    if not ship_bits[s] & destroyed and ship_bits[s] & line_bits
                )
                if not able:
                    return None
                classic_beams.append((len(beams), able))
                beams.append((len(line), False, None))
                targets += line
            else:
                return None
        if len(classic_beams) > 1 and len(classic_beam_ships(classic_beams)) < len(classic_beams):
            return None  # more beams than death stars to fire them
        s = len(strikes)
        if s < m + k or s > self.conventional + m + k:  # [11.5.3, 11.5.5, 4.4.1]
            return None
        if targets:
            strikes = targets + strikes
        return strikes, launched, kamikazes, beams or None, limited and not strikes

    def _beam_ship(self, named: ShipId | None, direction: Any, geo: Geometry) -> int:
        """The ship that fires a 2.6.1 beam along `direction`: the one named, or the only
        death star able to [8.2.2, 8.2.3.1, 8.4]; -1 when none is."""
        destroyed, ship_bits, burnt = self.destroyed, self.ship_bits, self.burnt
        if named is not None:
            if self.ship_of is None:
                self.ship_of = {ship: k for k, ship in enumerate(self.ids)}
            s = self.ship_of.get(named, -1)
            if s < 0 or self.types[s] != "DS":
                return -1
            able: tuple[int, ...] = (s,)
        else:
            able = self.death_stars
        found = -1
        for s in able:
            undamaged = ship_bits[s] & ~destroyed
            if not undamaged or (burnt and self.ids[s] in burnt):
                continue
            if direction in beam_directions_of(geo.colour_order, undamaged):
                if found >= 0:
                    return -1  # several could: the full check asks to name one
                found = s
        return found


def plan(state: GameState, player: str, orders: Sequence[Order]) -> Plan | None:
    """What this check makes of the player's orders for the state's turn: what they do, or
    None when it leaves them to the full check (spaceships.engine.orders.check_orders)."""
    side = _Side(state.space(player), state.player(player), state.bits(player), state.ruleset)
    return side.check(tuple(orders), state.turn, state.ruleset)


class _Replay:
    """The turns played by `replay` from one state: each turn's start, so that its checked
    orders, its report and the state itself are made when first read (TurnHistory.deferred)."""

    def __init__(
        self, state: GameState, orders: tuple[list[tuple[Order, ...]], list[tuple[Order, ...]]]
    ) -> None:
        self.first = state
        # Each later turn's start: A's destroyed and fired cells (bits), burnt-out beams, cells
        # lost in the turn before and hits, then B's.
        self.starts: list[tuple[Any, ...]] = []
        self.written = orders
        # (The turns' history entries refer to this; it refers to none of them, so that a game
        # nobody reads is freed at once, with no cycle left for the garbage collector.)
        self.states: dict[int, GameState] = {state.turn: state}
        self.checked: dict[int, tuple[CheckedOrders, CheckedOrders]] = {}
        self.reports: dict[int, TurnReport] = {}

    def state(self, turn: int) -> GameState:
        """The state at the start of `turn`, as the turns before it left it."""
        found = self.states.get(turn)
        if found is None:
            first = self.first
            k = turn - first.turn
            start = self.starts[k - 1]
            geo = first.ruleset.geometry
            found = GameState(
                first.ruleset,
                PlayerState.after_turn(first.a, geo, *start[:5]),
                PlayerState.after_turn(first.b, geo, *start[5:]),
                turn,
                (*first.history, *[TurnHistory.deferred(t, self) for t in range(first.turn, turn)]),
                _PLAYING,
                first.spaces,
            )
            found.know_bits(start[:2], start[5:7])
            self.states[turn] = found
        return found

    def orders(self, turn: int) -> tuple[CheckedOrders, CheckedOrders]:
        found = self.checked.get(turn)
        if found is None:
            state = self.state(turn)
            k = turn - self.first.turn
            written_a, written_b = self.written[0][k], self.written[1][k]
            found = self.checked[turn] = (
                check_orders(state, "A", written_a),
                check_orders(state, "B", written_b),
            )
        return found

    def report(self, turn: int) -> TurnReport:
        found = self.reports.get(turn)
        if found is None:
            found = self.reports[turn] = adjudicate(self.state(turn), *self.orders(turn))[1]
        return found


def replay(state: GameState, lines: dict[tuple[int, str], TurnLine], last: int) -> GameState:
    """The state after the record's turns (`lines` by turn and player) from `state`'s, up to
    turn `last`, as far as they are taken here: it stops when the game ends or at the first
    turn whose orders this check does not take (the full check then says why, or plays it)."""
    if state.result.over or state.turn > last:
        return state
    ruleset = state.ruleset
    geo = ruleset.geometry
    adjacent = geo.adjacent_bits
    immediate = ruleset.timing == "immediate"
    classic = ruleset.classic
    space_a, space_b = state.space("A"), state.space("B")
    a = _Side(space_a, state.a, state.bits("A"), ruleset)
    b = _Side(space_b, state.b, state.bits("B"), ruleset)
    written_a: list[tuple[Order, ...]] = []  # each turn's orders as written
    written_b: list[tuple[Order, ...]] = []
    played = _Replay(state, (written_a, written_b))
    entries: list[TurnHistory] = []
    starts = played.starts
    turn = state.turn
    result = _PLAYING
    empty: tuple[Order, ...] = ()
    while turn <= last:
        line = lines.get((turn, "A"))
        orders_a = empty if line is None else line.orders
        line = lines.get((turn, "B"))
        orders_b = empty if line is None else line.orders
        plan_a = a.check(orders_a, turn, ruleset)
        if plan_a is None:
            break
        plan_b = b.check(orders_b, turn, ruleset)
        if plan_b is None:
            break
        written_a.append(orders_a)
        written_b.append(orders_b)
        targets_a, launched_a, kamikazes_a, beams_a, stopped_a = plan_a
        targets_b, launched_b, kamikazes_b, beams_b, stopped_b = plan_b
        start_a, start_b = a.destroyed, b.destroyed
        # Effects on the active player first [4.5.3, 8.1.3.2; classic 6.6.2.2].
        fired_a = a.fired | launched_a
        fired_b = b.fired | launched_b
        hits_a: list[bool] | None = [] if beams_a and not classic else None
        hits_b: list[bool] | None = [] if beams_b and not classic else None
        # Each player's aspects change only the other's space (spaceships.engine.settle.next_state).
        destroyed_b, _, credit_a = settle(
            space_b,
            adjacent,
            immediate,
            targets_a,
            start_b | kamikazes_b,
            start_b,
            fired_b,
            kamikazes_b,
            hits_a,
        )
        destroyed_a, _, credit_b = settle(
            space_a,
            adjacent,
            immediate,
            targets_b,
            start_a | kamikazes_a,
            start_a,
            fired_a,
            kamikazes_a,
            hits_b,
        )
        burnt_a = _burnt(a.burnt, beams_a, hits_a) if hits_a else a.burnt
        burnt_b = _burnt(b.burnt, beams_b, hits_b) if hits_b else b.burnt
        a.fired, b.fired = fired_a, fired_b
        a.burnt, b.burnt = burnt_a, burnt_b
        a.lost = (destroyed_a & ~start_a).bit_count()
        b.lost = (destroyed_b & ~start_b).bit_count()
        a.hits += credit_a
        b.hits += credit_b
        if destroyed_a != start_a:
            a.lose(destroyed_a, ruleset)
        if destroyed_b != start_b:
            b.lose(destroyed_b, ruleset)
        entries.append(TurnHistory.deferred(turn, played))
        materiel_a = a.size - destroyed_a.bit_count()
        materiel_b = b.size - destroyed_b.bit_count()
        turn += 1
        if materiel_a == 0 or materiel_b == 0 or stopped_a or stopped_b:
            result = ending(
                ruleset,
                turn - 1,
                materiel_a,
                materiel_b,
                stopped_a,
                stopped_b,
                (a.hits, b.hits),
                lambda t=turn - 1: tiebreak(played.state(t), played.orders(t)),
            )
            break
        starts.append(
            (
                destroyed_a,
                fired_a,
                burnt_a,
                a.lost,
                a.hits,
                destroyed_b,
                fired_b,
                burnt_b,
                b.lost,
                b.hits,
            )
        )
    if not entries:
        return state
    bits_a, bits_b = (a.destroyed, a.fired), (b.destroyed, b.fired)
    final = GameState(
        ruleset,
        PlayerState.after_turn(state.a, geo, *bits_a, a.burnt, a.lost, a.hits),
        PlayerState.after_turn(state.b, geo, *bits_b, b.burnt, b.lost, b.hits),
        turn,
        (*state.history, *entries),
        result,
        state.spaces,
    )
    final.know_bits(bits_a, bits_b)
    return final


def _burnt(
    burnt: frozenset[ShipId],
    beams: list[tuple[int, bool, ShipId | None]],
    hits: list[bool],
) -> frozenset[ShipId]:
    """8.2.4: a diagonal beam whose two end cells both hit burns its weapon out."""
    at = 0
    for n, diagonal, ship in beams:
        if diagonal and hits[at] and hits[at + n - 1]:
            burnt = burnt | {ship}
        at += n
    return burnt
