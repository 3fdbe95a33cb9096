"""Resolving a turn [2.2, 4, 5, 7, 8; rulings, Resolving a turn]: a pure function from the state
and both players' checked orders to the next state and the turn's report.

2.6.1: effects on the active player first (kamikaze launch cells destroyed [4.5.3], missile
launch cells fired [8.1.3.2]); then each player's visible aspects against the other's space in
the conventional order [11.7.1.1], every hit destroying its cell at once [5.2.3].
Classic: the same order of reporting, but every reference is to the state at the start of the
turn and hits, explosions and kamikaze deaths take effect at its end [classic 2.4, 4.4.3, 5.1.3].
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from engine.geometry import geometry
from engine.orders import CheckedOrders
from engine.reports import Destruction, Entry, Flashcube, TurnReport
from engine.state import PLAYERS, GameResult, GameState, PlayerState, Space, TurnHistory, other
from notation.cells import Cell

_PLAYING = GameResult()  # the result while the game goes on (a value: shared)


@cache
def _plain_entries(colour_order: str) -> dict[tuple[str, str], tuple[Entry, ...]]:
    """Entries with nothing but an action, a cell and a result (misses, duplicates, scans,
    hits that neither explode nor destroy a ship), per cell index: values, so shared."""
    cells = geometry(colour_order).cells
    kinds = [(a, r) for a in ("beam", "strike") for r in ("hit", "miss", "duplicate")]
    kinds += [("scan", r) for r in ("empty", "undamaged", "destroyed")]
    return {(a, r): tuple(Entry(a, c, r) for c in cells) for a, r in kinds}  # type: ignore[arg-type]


class _Turn:
    """The working state of one turn's resolution (mutable, private to adjudicate). Sets of
    cells are bit sets over the geometry's cell indices."""

    def __init__(
        self,
        state: GameState,
        orders: dict[str, CheckedOrders],
        without_kamikazes_of: str | None = None,
    ) -> None:
        self.state = state
        self.ruleset = ruleset = state.ruleset
        self.geo = geo = ruleset.geometry
        self.colour_base, self.letter_base = geo.colour_base, geo.letter_base
        self.plain = _plain_entries(geo.colour_order)
        self.immediate = ruleset.timing == "immediate"
        self.orders = orders
        self.spaces: dict[str, Space] = {"A": state.space("A"), "B": state.space("B")}
        (destroyed_a, fired_a), (destroyed_b, fired_b) = state.bits("A"), state.bits("B")
        self.start = {"A": destroyed_a, "B": destroyed_b}
        # In 2.6.1 `destroyed` is the live state; in classic it collects what happens at the end.
        self.destroyed = {"A": destroyed_a, "B": destroyed_b}
        self.fired = {"A": fired_a, "B": fired_b}
        self.burnt = {"A": state.a.burnt_out, "B": state.b.burnt_out}
        self.hits = {"A": 0, "B": 0}  # hit results scored by each player this turn
        self.credits = {"A": 0, "B": 0}  # scoring=hits credits (seed 004 6.2)
        # Cells destroyed this turn by a kamikaze launch or an explosion (for scoring=hits).
        self.special = {"A": 0, "B": 0}
        self.reported: dict[str, set[int]] = {"A": set(), "B": set()}
        self.kamikazes = {
            p: () if p == without_kamikazes_of else orders[p].kamikazes for p in PLAYERS
        }
        # Effects on the active player come first [4.5.3, 8.1.3.2; classic 6.6.2.2].
        for p in PLAYERS:
            for cell, _ in orders[p].missiles:
                self.fired[p] |= 1 << self.index(cell)
            for cell, _ in self.kamikazes[p]:
                bit = 1 << self.index(cell)
                self.destroyed[p] |= bit
                self.special[p] |= bit

    def index(self, cell: Cell) -> int:
        return self.colour_base[cell.colour] + self.letter_base[cell.letter] + cell.number

    # --- the state of a cell as the rules look at it ----------------------------------------
    def _flashcube(self, player: str, k: int) -> tuple[Flashcube, ...] | None:
        """7.2: what `player` has, at this moment, in the cells of the opponent's ship k."""
        if not self.ruleset.flashcube:
            return None
        space = self.spaces[player]
        ships, ship_index = space.ships, space.ship_index
        destroyed = self.destroyed[player]
        out = []
        for cell in self.spaces[other(player)].ships[k].cells:
            i = self.index(cell)
            mine = ship_index[i]
            if mine < 0:
                out.append(Flashcube(cell, None))
            else:
                out.append(Flashcube(cell, ships[mine].id, bool(destroyed >> i & 1)))
        return tuple(out)

    def _destruction(self, owner: str, k: int) -> tuple[Destruction, ...]:
        """The report when ship k has just lost its last undamaged cell [2.2.4, 11.7.3]."""
        cells = self.spaces[owner].ship_bits[k]
        if k in self.reported[owner] or self.destroyed[owner] & cells != cells:
            return ()
        if self.start[owner] & cells == cells:
            return ()  # destroyed before this turn: reported then
        self.reported[owner].add(k)
        ship = self.spaces[owner].ships[k]
        return (Destruction(ship.id, ship.cells, self._flashcube(other(owner), k)),)

    # --- visible aspects ---------------------------------------------------------------------
    def strike(self, attacker: str, cell: Cell, action: str) -> Entry:
        """5.2 (5.3 for a beam strike), with missile explosions [8.1.4]."""
        defender = "B" if attacker == "A" else "A"
        space = self.spaces[defender]
        i = self.colour_base[cell.colour] + self.letter_base[cell.letter] + cell.number
        k = space.ship_index[i]
        if k < 0:
            return self.plain[action, "miss"][i]
        return self.hit(attacker, defender, cell, i, k, action)

    def hit(self, attacker: str, defender: str, cell: Cell, i: int, k: int, action: str) -> Entry:
        """A strike on cell i, in ship k of the defender's space."""
        space = self.spaces[defender]
        bit = 1 << i
        destroyed = self.destroyed[defender]
        # 5.2.4: destroyed when the strike is announced (2.6.1), or at the start (classic 2.4).
        if bit & (destroyed if self.immediate else self.start[defender]):
            if bit & self.special[defender]:
                self.credits[attacker] += 1
            return self.plain[action, "duplicate"][i]
        destroyed |= bit
        self.hits[attacker] += 1
        self.credits[attacker] += 1
        explosions: tuple[Cell, ...] = ()
        if bit & space.missile_bits and not bit & self.fired[defender]:
            # Still an unfired missile just after the aspects are revealed: it explodes, taking
            # the adjacent undamaged cells of its ship [8.1.4]; those do not explode in turn.
            start = destroyed if self.immediate else self.start[defender]
            blast = self.geo.adjacent_bits[i] & space.ship_bits[k] & ~start
            explosions = (cell, *self.geo.cells_of(blast))
            destroyed |= blast
            self.special[defender] |= blast
        self.destroyed[defender] = destroyed
        gone = self._destruction(defender, k)
        if not explosions and not gone:
            return self.plain[action, "hit"][i]
        return Entry(action, cell, "hit", explosions, gone)  # type: ignore[arg-type]

    def scan(self, attacker: str, cell: Cell) -> Entry:
        """8.3.4.1: empty, or a ship cell undamaged or destroyed when the scan is announced."""
        defender = other(attacker)
        i = self.index(cell)
        if self.spaces[defender].ship_index[i] < 0:
            return self.plain["scan", "empty"][i]
        # 5.2.4: destroyed when announced (2.6.1) or at the start (classic 2.4).
        destroyed = self.destroyed[defender] if self.immediate else self.start[defender]
        return self.plain["scan", "destroyed" if destroyed >> i & 1 else "undamaged"][i]

    def kamikaze_death(self, attacker: str, cell: Cell) -> Entry:
        """5.4: the launch cell; a ship that this destroyed is reported with it."""
        k = self.spaces[attacker].ship_index[self.index(cell)]
        return Entry("kamikaze", cell, None, (), self._destruction(attacker, k))

    def report(self, attacker: str) -> tuple[Entry, ...]:
        """11.7.1.1: beams (each from its first written end), strikes, scans, kamikaze deaths."""
        orders = self.orders[attacker]
        entries: list[Entry] = []
        strike = self.strike
        for beam in orders.beams:
            results = [strike(attacker, cell, "beam") for cell in beam.cells]
            if (
                not self.ruleset.classic
                and beam.diagonal
                and results[0].result == "hit"
                and results[-1].result == "hit"
            ):
                # 8.2.4: the end cells are the only targets not loosely adjacent.
                self.burnt[attacker] = self.burnt[attacker] | {beam.ship}
                results[-1] = replace(results[-1], burns_out=True)
            entries.extend(results)
        # Strikes, most of them misses: the miss taken here, without a call.
        defender = "B" if attacker == "A" else "A"
        ship_index = self.spaces[defender].ship_index
        misses = self.plain["strike", "miss"]
        colour_base, letter_base = self.colour_base, self.letter_base
        hit = self.hit
        for cell in orders.strikes:
            i = colour_base[cell.colour] + letter_base[cell.letter] + cell.number
            k = ship_index[i]
            entries.append(misses[i] if k < 0 else hit(attacker, defender, cell, i, k, "strike"))
        for cell in orders.scans:
            entries.append(self.scan(attacker, cell))
        for cell, _ in self.kamikazes[attacker]:
            entries.append(self.kamikaze_death(attacker, cell))
        return tuple(entries)


def first_reporter(state: GameState) -> str:
    """11.7.2.1: A first, or alternating from A in turn 1 when the game chose to alternate."""
    if state.ruleset.alternate_reporting and state.turn % 2 == 0:
        return "B"
    return "A"


def adjudicate(
    state: GameState, checked_a: CheckedOrders, checked_b: CheckedOrders
) -> tuple[GameState, TurnReport]:
    """Play one turn. Pure: `state` is unchanged; returns the next state and the report."""
    if state.over:
        raise ValueError(f"the game ended after turn {state.result.turn} [2.3]")
    for player, checked in (("A", checked_a), ("B", checked_b)):
        if checked.player != player or checked.turn != state.turn:
            raise ValueError(
                f"orders for turn {checked.turn}, player {checked.player} given as player "
                f"{player}'s orders for turn {state.turn}"
            )
    orders = {"A": checked_a, "B": checked_b}
    turn = _Turn(state, orders)
    turn_bits: dict[str, tuple[int, int]] = {}
    first = first_reporter(state)
    entries = {first: turn.report(first)}
    entries[other(first)] = turn.report(other(first))

    geo = turn.geo
    players = {}
    materiel = {}
    for p in PLAYERS:
        old = state.player(p)
        destroyed, fired = turn.destroyed[p], turn.fired[p]
        was_destroyed, was_fired = state.bits(p)
        new = destroyed & ~was_destroyed
        lost = new.bit_count()
        players[p] = PlayerState(
            old.fleet,
            old.destroyed.union(geo.cells_of(new)) if new else old.destroyed,
            old.fired.union(geo.cells_of(fired & ~was_fired)) if fired != was_fired else old.fired,
            turn.burnt[p],
            lost,
            old.hits + turn.credits[p],
        )
        materiel[p] = turn.spaces[p].bits.bit_count() - destroyed.bit_count()
        turn_bits[p] = (destroyed, fired)

    report = TurnReport(state.turn, first, entries["A"], entries["B"], materiel["A"], materiel["B"])
    # 2.3.1: a player with no ship left; 2.3.2: a player who could only kamikaze and scan and
    # recorded nothing but scans (or nothing). Classic 2.3.2 reads the same with no scans.
    over = (
        materiel["A"] == 0
        or materiel["B"] == 0
        or (checked_a.limited and checked_a.only_scans)
        or (checked_b.limited and checked_b.only_scans)
    )
    result = _PLAYING
    if over:
        if state.ruleset.scoring == "hits":
            score = {p: players[p].hits for p in PLAYERS}
        else:
            score = materiel  # 2.3.3, 2.3.5
        if score["A"] != score["B"]:
            winner = "A" if score["A"] > score["B"] else "B"
        else:
            winner = _tiebreak(state, orders)
        result = GameResult(True, state.turn, {"A": score["A"], "B": score["B"]}, winner)
    next_state = GameState(
        state.ruleset,
        players["A"],
        players["B"],
        state.turn + 1,
        (*state.history, TurnHistory(state.turn, checked_a, checked_b, report)),
        result,
        state._spaces,  # the fleets do not change
    )
    for p in PLAYERS:
        next_state.keep(("bits", p), turn_bits[p])
    return next_state, report


def _tiebreak(state: GameState, orders: dict[str, CheckedOrders]) -> str:
    """2.3.4: equal scores draw; with tiebreak=hypothetical-hits (seed 004 6.1) the player with
    more hits in the last turn had the enemy launched no kamikazes wins."""
    if state.ruleset.tiebreak != "hypothetical-hits":
        return "draw"
    hypothetical = {}
    for p in PLAYERS:
        turn = _Turn(state, orders, without_kamikazes_of=other(p))
        turn.report(p)
        hypothetical[p] = turn.hits[p]
    if hypothetical["A"] == hypothetical["B"]:
        return "draw"
    return "A" if hypothetical["A"] > hypothetical["B"] else "B"
