"""A whole game record (shared record format, docs/notation.md): tags, fleets, turn lines, and
claimed results. Positions (line, column; 1-based) point back into the text for messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from notation.spaceships.cells import Cell
from notation.spaceships.fleets import Fleet
from notation.spaceships.orders import Order
from notation.spaceships.ships import ShipId

Player = Literal["A", "B"]

# The commands that play a record play every turn up to its last, empty ones too: a slip such
# as `99999999 A:` would have them play for ever. Real games last a few dozen turns.
LAST_TURN = 1000


@dataclass(frozen=True, slots=True)
class Position:
    line: int
    column: int

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}"


@dataclass(frozen=True, slots=True)
class TurnLine:
    """`3 A: Gx3 mv Yw2` : one player's orders for one turn [11.5]."""

    turn: int
    player: Player
    orders: tuple[Order, ...]
    position: Position | None = field(default=None, compare=False)
    # The position of each order, parallel to `orders`, for messages about one order.
    order_positions: tuple[Position, ...] = field(default=(), compare=False)


@dataclass(frozen=True, slots=True)
class DestroyedShip:
    """A ship reported destroyed [2.2.4, 11.7.3]: type, identity, cells."""

    ship: ShipId
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class FlashcubeCell:
    """Flashcube data for one cell [7.2]: empty (ship None), or the ship there and whether the
    cell is destroyed."""

    cell: Cell
    ship: ShipId | None
    destroyed: bool = False


ClaimKind = Literal["beam", "strike", "scan", "kamikaze"]
ClaimResult = Literal["hit", "miss", "duplicate", "empty", "undamaged", "destroyed"]


@dataclass(frozen=True, slots=True)
class Claim:
    """One visible aspect and the results written for it (docs/notation.md, "Results")."""

    kind: ClaimKind
    cell: Cell
    result: ClaimResult | None = None  # None for a kamikaze death [5.4.3]
    explosions: tuple[Cell, ...] = ()
    destroyed: tuple[DestroyedShip, ...] = ()
    flashcube: tuple[FlashcubeCell, ...] = ()
    position: Position | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class ResultLine:
    """`3 A results: ...` : the results written for one player's actions in one turn."""

    turn: int
    player: Player
    claims: tuple[Claim, ...]
    position: Position | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Comment:
    """A `# comment` of a record, kept so that formatting does not lose it. `anchor` names the
    line it belongs to: ("tag", i), ("fleet", player, first ship index on the line),
    ("turn", turn, player), ("results", turn, player) or ("end",). `inline` comments stood at
    the end of that line; the others stood on lines of their own before it."""

    text: str
    anchor: tuple[object, ...]
    inline: bool = False
    position: Position | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Record:
    """A parsed record. `tags` keeps every tag in order, known or not."""

    tags: tuple[tuple[str, str], ...] = ()
    fleets: dict[Player, Fleet] = field(default_factory=dict)
    turns: tuple[TurnLine, ...] = ()
    results: tuple[ResultLine, ...] = ()
    fleet_positions: dict[Player, Position] = field(default_factory=dict, compare=False)
    # Kept for `spaceships fmt`; not part of what the record means.
    comments: tuple[Comment, ...] = field(default=(), compare=False)
    # "list" or "grid": how each fleet was written, so that fmt keeps a drawn fleet drawn.
    fleet_forms: dict[Player, str] = field(default_factory=dict, compare=False)

    def tag(self, name: str, default: str | None = None) -> str | None:
        for key, value in self.tags:
            if key == name:
                return value
        return default

    @property
    def ruleset(self) -> str:
        return self.tag("Ruleset", "2.6.1") or "2.6.1"

    @property
    def options(self) -> tuple[str, ...]:
        return tuple((self.tag("Options", "") or "").split())

    def orders(self, turn: int, player: Player) -> TurnLine | None:
        """A player's turn line; None where the record has none (the same as no actions)."""
        for line in self.turns:
            if line.turn == turn and line.player == player:
                return line
        return None

    @property
    def last_turn(self) -> int:
        return max((t.turn for t in self.turns), default=0)

    def too_far(self) -> TurnLine | ResultLine | None:
        """The first turn or result line past LAST_TURN, which no command plays up to."""
        return next((x for x in (*self.turns, *self.results) if x.turn > LAST_TURN), None)
