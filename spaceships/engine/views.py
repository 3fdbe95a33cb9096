"""What one player, or an onlooker, may know [1.4, 2.2, 7, 11.3]: the only things a front end
may render. A player sees their own fleet, orders and state; every visible aspect and visible
result of both players; destroyed ships and flashcube data. Never the opponent's fleet, which of
their strikes were missiles, their launch cells or their materiel until the game is over."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from notation.spaceships.cells import Cell
from notation.spaceships.fleets import Fleet
from notation.spaceships.ships import TYPE_MARKS  # one mark per ship type, grids and pictures alike
from spaceships.engine.entitlements import Entitlements, entitlements
from spaceships.engine.orders import CheckedOrders
from spaceships.engine.reports import Destruction, Entry, Flashcube
from spaceships.engine.state import GameResult, GameState, Ship, other

LEGEND_OWN = (
    "capital: your undamaged ship cell (D K F P M H L A G); *: fired missile; "
    "lower case: destroyed cell of that ship; o: enemy strike on empty space"
)
LEGEND_ENEMY = (
    "o: empty; #: ship, undamaged when last seen; x: destroyed ship cell; a type "
    "letter where the type is known (capital undamaged, lower case destroyed)"
)


def own_space_marks(
    ships: Iterable[Ship],
    destroyed: Collection[Cell],
    fired: Collection[Cell],
    misses: Iterable[Cell] = (),
) -> dict[Cell, str]:
    """A player's own space as one-character marks (LEGEND_OWN)."""
    marks = {c: "o" for c in misses}
    for ship in ships:
        mark = TYPE_MARKS[ship.type]
        for c in ship.cells:
            if c in destroyed:
                marks[c] = mark.lower()
            elif c in fired:
                marks[c] = "*"  # not "f": that is a destroyed flying saucer cell
            else:
                marks[c] = mark
    return marks


def enemy_cell_mark(ship: bool | None, destroyed: bool | None, type_: str | None) -> str | None:
    """The mark for what is known of one enemy cell (LEGEND_ENEMY); None when nothing is."""
    if ship is False:
        return "o"
    if type_ is not None:
        letter = TYPE_MARKS[type_]
        return letter.lower() if destroyed else letter
    if destroyed:
        return "x"
    return "#" if ship else None


@dataclass(frozen=True)
class TurnView:
    """One turn as both players saw it: each side's visible aspects and results."""

    turn: int
    first: str
    entries_a: tuple[Entry, ...]
    entries_b: tuple[Entry, ...]

    def entries(self, player: str) -> tuple[Entry, ...]:
        return self.entries_a if player == "A" else self.entries_b


@dataclass(frozen=True)
class EnemyCell:
    """What is known of one cell of the opponent's space: `ship` False for empty, True for a
    ship cell, None unknown; `destroyed` when known; `type` when known."""

    ship: bool | None
    destroyed: bool | None = None
    type: str | None = None


@dataclass(frozen=True)
class PlayerView:
    player: str
    ruleset: str
    options: tuple[str, ...]
    colour_order: str
    turn: int  # the next turn to play
    result: GameResult | None  # only once the game is over
    ships: tuple[Ship, ...]  # own fleet
    destroyed: frozenset[Cell]  # own destroyed cells
    fired: frozenset[Cell]  # own fired missiles
    burnt_out: tuple[str, ...]  # own burnt-out beam weapons
    materiel: int  # own
    orders: tuple[CheckedOrders, ...]  # own orders, turn by turn
    turns: tuple[TurnView, ...]
    enemy_destroyed: tuple[Destruction, ...]  # opponent's ships reported destroyed
    flashcube: tuple[Flashcube, ...]  # received from the opponent, oldest first
    enemy: dict[Cell, EnemyCell]  # what is known of the opponent's space
    entitlements: Entitlements | None  # own, for the next turn (None once over)
    opponent_fleet: Fleet | None = None  # revealed at the end [1.4.1]
    opponent_materiel: int | None = None

    @property
    def over(self) -> bool:
        return self.result is not None

    def own_marks(self) -> dict[Cell, str]:
        """Own space for a grid drawing (LEGEND_OWN)."""
        opponent = other(self.player)
        misses = [
            e.cell
            for t in self.turns
            for e in t.entries(opponent)
            if e.action in ("strike", "beam") and e.result == "miss"
        ]
        return own_space_marks(self.ships, self.destroyed, self.fired, misses)

    def grids(self) -> str:
        """Both spaces drawn as the grids of 11.3: own, then the opponent's as known."""
        from notation.spaceships.format import format_grids

        own = format_grids(self.own_marks(), self.colour_order, f"Your space ({self.player})")
        theirs = format_grids(
            self.enemy_marks(), self.colour_order, f"Player {other(self.player)}'s space, as known"
        )
        return f"{own}\n{theirs}"

    def known_to_enemy(self) -> dict[Cell, str]:
        """Own space as the opponent knows it (LEGEND_ENEMY): what the turns told them, which
        this player was told too (the public board's marks of this space)."""
        return known_marks(other(self.player), self.turns)

    def enemy_marks(self) -> dict[Cell, str]:
        """The opponent's space as known (LEGEND_ENEMY)."""
        marks = {}
        for cell, known in self.enemy.items():
            mark = enemy_cell_mark(known.ship, known.destroyed, known.type)
            if mark is not None:
                marks[cell] = mark
        return marks


@dataclass(frozen=True)
class ObserverView:
    """Only what both players see: the visible aspects, results, destructions and flashcube
    data of every turn; fleets and scores once the game is over."""

    ruleset: str
    options: tuple[str, ...]
    colour_order: str
    turn: int
    result: GameResult | None
    turns: tuple[TurnView, ...]
    fleets: dict[str, Fleet] | None = None  # revealed at the end

    @property
    def over(self) -> bool:
        return self.result is not None

    def space_marks(self, player: str) -> dict[Cell, str]:
        """`player`'s space as everyone may know it (LEGEND_ENEMY): what the opponent learnt
        of it from the turns alone, which both players and any observer see alike."""
        return known_marks(other(player), self.turns)


def known_marks(knower: str, turns: tuple[TurnView, ...]) -> dict[Cell, str]:
    """What `knower` learnt of the opponent's space from the turns alone (LEGEND_ENEMY): the
    same for both players and any observer, who all see every turn's results."""
    known, _, _ = _enemy_knowledge(knower, turns)
    marks = {}
    for cell, cell_known in known.items():
        mark = enemy_cell_mark(cell_known.ship, cell_known.destroyed, cell_known.type)
        if mark is not None:
            marks[cell] = mark
    return marks


def _turns(state: GameState) -> tuple[TurnView, ...]:
    return tuple(
        TurnView(h.turn, h.report.first, h.report.entries_a, h.report.entries_b)
        for h in state.history
    )


def _enemy_knowledge(
    player: str, turns: tuple[TurnView, ...]
) -> tuple[dict[Cell, EnemyCell], list[Destruction], list[Flashcube]]:
    opponent = other(player)
    known: dict[Cell, EnemyCell] = {}
    destroyed_ships: list[Destruction] = []
    flashcube: list[Flashcube] = []

    def learn(cell: Cell, ship: bool, destroyed: bool | None, type_: str | None = None) -> None:
        old = known.get(cell)
        if old is not None:
            # Destruction is permanent; a known type stays known.
            destroyed = True if old.destroyed else destroyed
            type_ = type_ or old.type
        known[cell] = EnemyCell(ship, destroyed, type_)

    for t in turns:
        order = (t.first, other(t.first))
        for reporter in order:
            for e in t.entries(reporter):
                if reporter == player:
                    if e.action in ("strike", "beam"):
                        if e.result == "miss":
                            learn(e.cell, False, None)
                        else:
                            learn(e.cell, True, True)
                        for c in e.explosions:
                            learn(c, True, True)
                    elif e.action == "scan":
                        if e.result == "empty":
                            learn(e.cell, False, None)
                        else:
                            learn(e.cell, True, e.result == "destroyed")
                    for x in e.destroyed:
                        if e.action == "kamikaze":  # my own ship: flashcube from the opponent
                            flashcube.extend(x.flashcube or ())
                        else:
                            destroyed_ships.append(x)
                else:
                    if e.action == "kamikaze":
                        learn(e.cell, True, True)  # their kamikaze death, in their space [5.4.1]
                        destroyed_ships.extend(e.destroyed)
                    else:
                        for x in e.destroyed:  # my ship; flashcube of their space
                            flashcube.extend(x.flashcube or ())
    for x in destroyed_ships:
        for c in x.cells:
            learn(c, True, True, x.ship.type)
    for f in flashcube:
        if f.ship is None:
            learn(f.cell, False, None)
        else:
            learn(f.cell, True, f.destroyed, f.ship.type)
    _ = opponent
    return known, destroyed_ships, flashcube


def player_view(state: GameState, player: str) -> PlayerView:
    """Exactly what `player` may know of the game."""
    me = state.player(player)
    space = state.space(player)
    turns = _turns(state)
    known, enemy_destroyed, flashcube = _enemy_knowledge(player, turns)
    over = state.over
    opponent = other(player)
    return PlayerView(
        player=player,
        ruleset=state.ruleset.name,
        options=state.ruleset.options,
        colour_order=state.ruleset.colour_order,
        turn=state.turn,
        result=state.result if over else None,
        ships=space.ships,
        destroyed=me.destroyed,
        fired=me.fired,
        burnt_out=tuple(sorted(str(s) for s in me.burnt_out)),
        materiel=state.materiel(player),
        orders=tuple(h.orders(player) for h in state.history),
        turns=turns,
        enemy_destroyed=tuple(enemy_destroyed),
        flashcube=tuple(flashcube),
        enemy=known,
        entitlements=None if over else entitlements(state, player),
        opponent_fleet=state.player(opponent).fleet if over else None,
        opponent_materiel=state.materiel(opponent) if over else None,
    )


def observer_view(state: GameState) -> ObserverView:
    over = state.over
    return ObserverView(
        ruleset=state.ruleset.name,
        options=state.ruleset.options,
        colour_order=state.ruleset.colour_order,
        turn=state.turn,
        result=state.result if over else None,
        turns=_turns(state),
        fleets={"A": state.a.fleet, "B": state.b.fleet} if over else None,
    )
