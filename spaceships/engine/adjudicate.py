"""Resolving a turn [2.2, 4, 5, 7, 8; rulings, Resolving a turn]: a pure function from the state
and both players' checked orders to the next state and the turn's report.

2.6.1: effects on the active player first (kamikaze launch cells destroyed [4.5.3], missile
launch cells fired [8.1.3.2]); then each player's visible aspects against the other's space in
the conventional order [11.7.1.1], every hit destroying its cell at once [5.2.3].
Classic: the same order of reporting, but every reference is to the state at the start of the
turn and hits, explosions and kamikaze deaths take effect at its end [classic 2.4, 4.4.3, 5.1.3].
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache

from notation.spaceships.cells import Cell
from notation.spaceships.ships import ShipId
from spaceships.engine.geometry import geometry
from spaceships.engine.orders import CheckedOrders
from spaceships.engine.reports import Destruction, Entry, Flashcube, TurnReport
from spaceships.engine.rulesets import Ruleset
from spaceships.engine.state import GameResult, GameState, PlayerState, TurnHistory

_PLAYING = GameResult()  # the result while the game goes on (a value: shared)


@cache
def _plain_entries(colour_order: str) -> dict[tuple[str, str], tuple[Entry, ...]]:
    """Entries with nothing but an action, a cell and a result (misses, duplicates, scans,
    hits that neither explode nor destroy a ship), per cell index: values, so shared."""
    cells = geometry(colour_order).cells
    kinds = [(a, r) for a in ("beam", "strike") for r in ("hit", "miss", "duplicate")]
    kinds += [("scan", r) for r in ("empty", "undamaged", "destroyed")]
    return {(a, r): tuple(Entry(a, c, r) for c in cells) for a, r in kinds}  # type: ignore[arg-type]


# The plain entries by colour order, looked up without a call (two turns' worth per turn).
_PLAIN: dict[str, dict[tuple[str, str], tuple[Entry, ...]]] = {}


# Flashcube data by colour order, cell index, ship and damage (bounded: cleared when full).
_FLASHCUBES: dict[tuple[str, int, ShipId | None, bool], Flashcube] = {}


class _Turn:
    """The working state of one turn's resolution (mutable, private to adjudicate). Sets of
    cells are bit sets over the geometry's cell indices; players are 0 (A) and 1 (B), so
    that each side's value is one list index away."""

    __slots__ = (
        "burnt",
        "classic",
        "colour_base",
        "credits",
        "destroyed",
        "fired",
        "flashcube",
        "geo",
        "hits",
        "immediate",
        "kamikazes",
        "letter_base",
        "orders",
        "plain",
        "reported",
        "spaces",
        "special",
        "start",
    )

    def __init__(
        self,
        state: GameState,
        orders: tuple[CheckedOrders, CheckedOrders],
        without_kamikazes_of: int | None = None,
    ) -> None:
        ruleset = state.ruleset
        self.geo = geo = ruleset.geometry
        self.colour_base = colour_base = geo.colour_base
        self.letter_base = letter_base = geo.letter_base
        plain = _PLAIN.get(geo.colour_order)
        if plain is None:
            plain = _PLAIN[geo.colour_order] = _plain_entries(geo.colour_order)
        self.plain = plain
        self.immediate = ruleset.timing == "immediate"
        self.flashcube = ruleset.flashcube
        self.classic = ruleset.classic
        self.orders = orders
        self.spaces = (state.space("A"), state.space("B"))
        (destroyed_a, fired_a), (destroyed_b, fired_b) = state.bits("A"), state.bits("B")
        self.start = (destroyed_a, destroyed_b)
        # In 2.6.1 `destroyed` is the live state; in classic it collects what happens at the end.
        self.destroyed = [destroyed_a, destroyed_b]
        self.fired = [fired_a, fired_b]
        self.burnt = [state.a.burnt_out, state.b.burnt_out]
        self.hits = [0, 0]  # hit results scored by each player this turn
        self.credits = [0, 0]  # scoring=hits credits (seed 004 6.2)
        # Cells destroyed this turn by a kamikaze launch or an explosion (for scoring=hits).
        self.special = [0, 0]
        self.reported = [0, 0]  # ships (bit k for ship k) reported destroyed this turn
        self.kamikazes = (
            () if without_kamikazes_of == 0 else orders[0].kamikazes,
            () if without_kamikazes_of == 1 else orders[1].kamikazes,
        )
        # Effects on the active player come first [4.5.3, 8.1.3.2; classic 6.6.2.2].
        for p in (0, 1):
            for cell, _ in orders[p].missiles:
                self.fired[p] |= 1 << (
                    colour_base[cell.colour] + letter_base[cell.letter] + cell.number
                )
            for cell, _ in self.kamikazes[p]:
                bit = 1 << (colour_base[cell.colour] + letter_base[cell.letter] + cell.number)
                self.destroyed[p] |= bit
                self.special[p] |= bit

    # --- the state of a cell as the rules look at it ----------------------------------------
    def _flashcube(self, player: int, k: int) -> tuple[Flashcube, ...] | None:
        """7.2: what `player` has, at this moment, in the cells of the opponent's ship k."""
        if not self.flashcube:
            return None
        space = self.spaces[player]
        ships, ship_index, index = space.ships, space.ship_index, self.geo.index
        destroyed = self.destroyed[player]
        colour_order = self.geo.colour_order
        out = []
        for cell in self.spaces[1 - player].ships[k].cells:
            i = index[cell]
            mine = ship_index[i]
            ship = None if mine < 0 else ships[mine].id
            # Flashcube data are values: the same cell, ship and damage give the same one.
            key = (colour_order, i, ship, bool(destroyed >> i & 1))
            found = _FLASHCUBES.get(key)
            if found is None:
                if len(_FLASHCUBES) >= 1 << 14:
                    _FLASHCUBES.clear()
                found = _FLASHCUBES[key] = Flashcube(cell, ship, key[3])
            out.append(found)
        return tuple(out)

    def _destruction(self, owner: int, k: int) -> tuple[Destruction, ...]:
        """The report when ship k has just lost its last undamaged cell [2.2.4, 11.7.3]."""
        cells = self.spaces[owner].ship_bits[k]
        if self.destroyed[owner] & cells != cells or self.reported[owner] >> k & 1:
            return ()
        if self.start[owner] & cells == cells:
            return ()  # destroyed before this turn: reported then
        self.reported[owner] |= 1 << k
        ship = self.spaces[owner].ships[k]
        return (Destruction(ship.id, ship.cells, self._flashcube(1 - owner, k)),)

    # --- visible aspects ---------------------------------------------------------------------
    def hit(self, attacker: int, cell: Cell, i: int, k: int, action: str) -> Entry:
        """5.2 (5.3 for a beam strike), with missile explosions [8.1.4]: a strike on cell i, in
        ship k of the defender's space."""
        defender = 1 - attacker
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
        space = self.spaces[defender]
        cells = space.ship_bits[k]
        if bit & space.missile_bits and not bit & self.fired[defender]:
            # Still an unfired missile just after the aspects are revealed: it explodes, taking
            # the adjacent undamaged cells of its ship [8.1.4]; those do not explode in turn.
            start = destroyed if self.immediate else self.start[defender]
            blast = self.geo.adjacent_bits[i] & cells & ~start
            destroyed |= blast
            self.special[defender] |= blast
            self.destroyed[defender] = destroyed
            explosions = (cell, *self.geo.cells_of(blast))
            gone = self._destruction(defender, k)
            return Entry(action, cell, "hit", explosions, gone)  # type: ignore[arg-type]
        self.destroyed[defender] = destroyed
        if destroyed & cells == cells:  # the ship's last undamaged cell [2.2.4]
            gone = self._destruction(defender, k)
            if gone:
                return Entry(action, cell, "hit", (), gone)  # type: ignore[arg-type]
        return self.plain[action, "hit"][i]

    def report(self, attacker: int) -> tuple[Entry, ...]:
        """11.7.1.1: beams (each from its first written end), strikes, scans, kamikaze deaths."""
        orders = self.orders[attacker]
        defender = 1 - attacker
        ship_index = self.spaces[defender].ship_index
        colour_base, letter_base = self.colour_base, self.letter_base
        hit = self.hit
        entries: list[Entry] = []
        if orders.beams:
            beam_misses = self.plain["beam", "miss"]
            for beam in orders.beams:
                results = []
                for cell in beam.cells:
                    i = colour_base[cell.colour] + letter_base[cell.letter] + cell.number
                    k = ship_index[i]
                    results.append(beam_misses[i] if k < 0 else hit(attacker, cell, i, k, "beam"))
                if (
                    not self.classic
                    and beam.diagonal
                    and results[0].result == "hit"
                    and results[-1].result == "hit"
                ):
                    # 8.2.4: the end cells are the only targets not loosely adjacent.
                    self.burnt[attacker] = self.burnt[attacker] | {beam.ship}
                    results[-1] = replace(results[-1], burns_out=True)
                entries += results
        # Strikes, most of them misses: the miss taken here, without a call.
        misses = self.plain["strike", "miss"]
        for cell in orders.strikes:
            i = colour_base[cell.colour] + letter_base[cell.letter] + cell.number
            k = ship_index[i]
            entries.append(misses[i] if k < 0 else hit(attacker, cell, i, k, "strike"))
        if orders.scans:
            plain = self.plain
            # 5.2.4: destroyed when announced (2.6.1) or at the start (classic 2.4).
            destroyed = self.destroyed[defender] if self.immediate else self.start[defender]
            for cell in orders.scans:
                i = colour_base[cell.colour] + letter_base[cell.letter] + cell.number
                if ship_index[i] < 0:
                    entries.append(plain["scan", "empty"][i])  # 8.3.4.1
                else:
                    seen = "destroyed" if destroyed >> i & 1 else "undamaged"
                    entries.append(plain["scan", seen][i])
        for cell, _ in self.kamikazes[attacker]:
            # 5.4: the launch cell; a ship that this destroyed is reported with it.
            i = colour_base[cell.colour] + letter_base[cell.letter] + cell.number
            k = self.spaces[attacker].ship_index[i]
            entries.append(Entry("kamikaze", cell, None, (), self._destruction(attacker, k)))
        return tuple(entries)


def first_reporter(state: GameState) -> str:
    """11.7.2.1: A first, or alternating from A in turn 1 when the game chose to alternate."""
    if state.ruleset.alternate_reporting and state.turn % 2 == 0:
        return "B"
    return "A"


def check_turn(state: GameState, checked_a: CheckedOrders, checked_b: CheckedOrders) -> None:
    """Raise ValueError unless the game goes on [2.3] and these are A's and B's orders for its
    current turn (a caller's mistake, never a player's)."""
    if state.result.over:
        raise ValueError(f"the game ended after turn {state.result.turn} [2.3]")
    turn_number = state.turn
    for player, checked in (("A", checked_a), ("B", checked_b)):
        if checked.player != player or checked.turn != turn_number:
            raise ValueError(
                f"orders for turn {checked.turn}, player {checked.player} given as player "
                f"{player}'s orders for turn {turn_number}"
            )


def adjudicate(
    state: GameState, checked_a: CheckedOrders, checked_b: CheckedOrders
) -> tuple[GameState, TurnReport]:
    """Play one turn. Pure: `state` is unchanged; returns the next state and the report."""
    check_turn(state, checked_a, checked_b)
    turn_number = state.turn
    ruleset = state.ruleset
    orders = (checked_a, checked_b)
    turn = _Turn(state, orders)
    first = first_reporter(state)
    if first == "A":
        entries_a = turn.report(0)
        entries_b = turn.report(1)
    else:
        entries_b = turn.report(1)
        entries_a = turn.report(0)

    geo = turn.geo
    players = []
    materiel = []
    for p, old in ((0, state.a), (1, state.b)):
        destroyed = turn.destroyed[p]
        players.append(
            PlayerState.after_turn(
                old,
                geo,
                destroyed,
                turn.fired[p],
                turn.burnt[p],
                (destroyed & ~turn.start[p]).bit_count(),
                old.hits + turn.credits[p],
            )
        )
        materiel.append(turn.spaces[p].size - destroyed.bit_count())
    materiel_a, materiel_b = materiel
    report = TurnReport(turn_number, first, entries_a, entries_b, materiel_a, materiel_b)
    result = turn_result(state, orders, players, materiel_a, materiel_b, turn_number)  # 2.3
    next_state = GameState(
        ruleset,
        players[0],
        players[1],
        turn_number + 1,
        (*state.history, TurnHistory(turn_number, checked_a, checked_b, report)),
        result,
        state.spaces,  # the fleets do not change
    )
    next_state.know_bits((turn.destroyed[0], turn.fired[0]), (turn.destroyed[1], turn.fired[1]))
    return next_state, report


def turn_result(
    state: GameState,
    orders: tuple[CheckedOrders, CheckedOrders],
    players: Sequence[PlayerState],
    materiel_a: int,
    materiel_b: int,
    turn_number: int,
) -> GameResult:
    """The turn's result [2.3] from the players' sides after it and their checked orders
    (see `ending`)."""
    checked_a, checked_b = orders
    return ending(
        state.ruleset,
        turn_number,
        materiel_a,
        materiel_b,
        checked_a.limited and checked_a.only_scans,
        checked_b.limited and checked_b.only_scans,
        (players[0].hits, players[1].hits),
        lambda: tiebreak(state, orders),
    )


def ending(
    ruleset: Ruleset,
    turn_number: int,
    materiel_a: int,
    materiel_b: int,
    stopped_a: bool,
    stopped_b: bool,
    hits: tuple[int, int],
    tied: Callable[[], str],
) -> GameResult:
    """Whether the turn ended the game, with the scores and the winner. 2.3.1: a player with no
    ship left; 2.3.2: a player who could only kamikaze and scan and recorded nothing but scans
    (or nothing): `stopped_a`, `stopped_b`; classic 2.3.2 reads the same with no scans.
    `hits`: each player's hits after the turn (scoring=hits); `tied()`: the winner of equal
    scores under tiebreak=hypothetical-hits (`tiebreak`)."""
    if not (materiel_a == 0 or materiel_b == 0 or stopped_a or stopped_b):
        return _PLAYING
    if ruleset.scoring == "hits":
        score = {"A": hits[0], "B": hits[1]}
    else:
        score = {"A": materiel_a, "B": materiel_b}  # 2.3.3, 2.3.5
    if score["A"] != score["B"]:
        winner = "A" if score["A"] > score["B"] else "B"
    elif ruleset.tiebreak != "hypothetical-hits":
        winner = "draw"  # 2.3.4
    else:
        winner = tied()
    return GameResult(True, turn_number, score, winner)


def tiebreak(state: GameState, orders: tuple[CheckedOrders, CheckedOrders]) -> str:
    """2.3.4: equal scores draw; with tiebreak=hypothetical-hits (seed 004 6.1) the player with
    more hits in the last turn had the enemy launched no kamikazes wins."""
    if state.ruleset.tiebreak != "hypothetical-hits":
        return "draw"
    hypothetical = []
    for p in (0, 1):
        turn = _Turn(state, orders, without_kamikazes_of=1 - p)
        turn.report(p)
        hypothetical.append(turn.hits[p])
    if hypothetical[0] == hypothetical[1]:
        return "draw"
    return "A" if hypothetical[0] > hypothetical[1] else "B"
