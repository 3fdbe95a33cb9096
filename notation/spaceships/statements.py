"""From lark's parse to values: the transformer that builds orders, ships, claims and the
line statements of a record while lark parses, and the parser built with it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer

from notation.spaceships.cells import CELLS, LETTERS, Cell, PartialCell
from notation.spaceships.fleets import ShipPlacement
from notation.spaceships.grammar import build_parser
from notation.spaceships.orders import (
    Beam,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    Order,
    Scan,
    Strike,
)
from notation.spaceships.records import (
    Claim,
    DestroyedShip,
    FlashcubeCell,
    Position,
    ResultLine,
    TurnLine,
)
from notation.spaceships.recovery import Attempt, recover
from notation.spaceships.ships import ShipId

EMPTY_MARK = re.compile(r"\.+|-+")
SHIP_CODE = re.compile(r"(DS|KC|FS|PC|MD|HS|LS|AG|LG|HF)([1-9][0-9]*)?")


def position_of(token: Token) -> Position:
    return Position(token.line, token.column)  # type: ignore[arg-type]


def _cell(token: Token) -> Cell:
    return CELLS[token.value]


def ship_id(text: str) -> ShipId:
    return ShipId(text[:2], int(text[2:]) if len(text) > 2 else None)


def partial_cell(text: str) -> PartialCell:
    colour = letter = number = None
    for ch in text:
        if ch in "ROYGB":
            colour = ch
        elif ch in LETTERS:
            letter = ch
        else:
            number = int(ch)
    return PartialCell(colour, letter, number)


# ---- intermediate statements -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ships:
    placements: tuple[tuple[ShipPlacement, Position], ...]
    position: Position


@dataclass(frozen=True, slots=True)
class FleetHead:
    player: str
    ships: Ships | None
    position: Position


@dataclass(frozen=True, slots=True)
class GridColours:
    colours: tuple[str, ...]
    position: Position


@dataclass(frozen=True, slots=True)
class GridLetters:
    letters: tuple[str, ...]
    position: Position


@dataclass(frozen=True, slots=True)
class GridRow:
    number: Token
    marks: tuple[Token, ...]
    position: Position


@dataclass(slots=True)
class Grid:
    """A grid put together from its lines."""

    colours: tuple[str, ...]
    position: Position
    letters: tuple[str, ...] | None = None
    letters_position: Position | None = None
    rows: list[GridRow] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Legend:
    entries: tuple[tuple[Token, ShipId], ...]
    position: Position


@dataclass(frozen=True, slots=True)
class Tag:
    name: str
    value: str
    position: Position


class Build(Transformer[Token, Any]):
    """Turns the parse into value types while lark parses (no tree is built)."""

    def cell_text(self, c: list[Token]) -> Cell:
        return _cell(c[0])

    def orders_text(self, c: list[tuple[Order, Position]]) -> list[tuple[Order, Position]]:
        return c

    def fleet_text(self, c: list[Any]) -> list[Any]:
        return c

    def record(self, c: list[Any]) -> list[Any]:
        return c

    # orders
    def strike(self, c: list[Token]) -> tuple[Order, Position]:
        return Strike(_cell(c[0])), position_of(c[0])

    def beam(self, c: list[Any]) -> tuple[Order, Position]:
        ship = c[3] if len(c) > 3 else None
        return Beam(_cell(c[1]), _cell(c[2]), ship), position_of(c[0])

    def beam_ship(self, c: list[Token]) -> ShipId:
        return ship_id(c[0].value)

    def classic_beam(self, c: list[Token]) -> tuple[Order, Position]:
        return ClassicBeam(partial_cell(c[1].value)), position_of(c[0])

    def missile(self, c: list[Token]) -> tuple[Order, Position]:
        return MissileLaunch(partial_cell(c[1].value)), position_of(c[0])

    def kamikaze(self, c: list[Token]) -> tuple[Order, Position]:
        return KamikazeLaunch(_cell(c[1])), position_of(c[0])

    def scan(self, c: list[Token]) -> tuple[Order, Position]:
        return Scan(_cell(c[1])), position_of(c[0])

    # tags and fleets
    def tag(self, c: list[Token]) -> Tag:
        value = re.sub(r"\\(.)", r"\1", c[2].value[1:-1])
        return Tag(c[1].value, value, position_of(c[0]))

    def ship(self, c: list[Token]) -> tuple[ShipPlacement, Position]:
        return ShipPlacement(ship_id(c[0].value), tuple(_cell(t) for t in c[1:])), position_of(c[0])

    def ships(self, c: list[tuple[ShipPlacement, Position]]) -> Ships:
        return Ships(tuple(c), c[0][1])

    def fleet_head(self, c: list[Any]) -> FleetHead:
        return FleetHead(c[0].value, c[2] if len(c) > 2 else None, position_of(c[0]))

    def grid_colours(self, c: list[Token]) -> GridColours:
        return GridColours(tuple(c[0].value.split()), position_of(c[0]))

    def grid_letters(self, c: list[Token]) -> GridLetters:
        return GridLetters(tuple(c[0].value.split()), position_of(c[0]))

    def grid_row(self, c: list[Token]) -> GridRow:
        return GridRow(c[0], tuple(c[1:]), position_of(c[0]))

    def legend(self, c: list[Any]) -> Legend:
        return Legend(tuple(c[1:]), position_of(c[0]))

    def legend_entry(self, c: list[Token]) -> tuple[Token, ShipId]:
        return c[0], ship_id(c[1].value)

    # turns and results
    def turn_line(self, c: list[Any]) -> TurnLine:
        orders = c[2:]
        return TurnLine(
            int(c[0].value),
            c[1].value,
            tuple(o for o, _ in orders),
            position_of(c[0]),
            tuple(p for _, p in orders),
        )

    def result_line(self, c: list[Any]) -> ResultLine:
        return ResultLine(int(c[0].value), c[1].value, tuple(c[3:]), position_of(c[0]))

    def _claim(self, kind: str, token: Token, cell: Token, result: str | None, extras: list[Any]):
        explosions: list[Cell] = []
        destroyed: list[DestroyedShip] = []
        flashcube: list[FlashcubeCell] = []
        for name, value in extras:
            if name == "explodes":
                explosions.extend(value)
            elif name == "destroys":
                destroyed.append(value)
            else:
                flashcube.extend(value)
        return Claim(
            kind,  # type: ignore[arg-type]
            _cell(cell),
            result,  # type: ignore[arg-type]
            tuple(explosions),
            tuple(destroyed),
            tuple(flashcube),
            position_of(token),
        )

    def beam_claim(self, c: list[Any]) -> Claim:
        return self._claim("beam", c[0], c[1], _strike_result(c[2].value), c[3:])

    def strike_claim(self, c: list[Any]) -> Claim:
        return self._claim("strike", c[0], c[0], _strike_result(c[1].value), c[2:])

    def scan_claim(self, c: list[Any]) -> Claim:
        return self._claim("scan", c[0], c[1], c[2].value, c[3:])

    def kamikaze_claim(self, c: list[Any]) -> Claim:
        return self._claim("kamikaze", c[0], c[1], None, c[2:])

    def explodes(self, c: list[Token]) -> tuple[str, tuple[Cell, ...]]:
        return "explodes", tuple(_cell(t) for t in c[1:])

    def destroys(self, c: list[Token]) -> tuple[str, DestroyedShip]:
        return "destroys", DestroyedShip(ship_id(c[1].value), tuple(_cell(t) for t in c[2:]))

    def flashcube(self, c: list[Any]) -> tuple[str, tuple[FlashcubeCell, ...]]:
        return "flashcube", tuple(c[1:])

    def flash_empty(self, c: list[Token]) -> FlashcubeCell:
        return FlashcubeCell(_cell(c[0]), None)

    def flash_ship(self, c: list[Token]) -> FlashcubeCell:
        return FlashcubeCell(_cell(c[0]), ship_id(c[1].value), len(c) > 2)


def _strike_result(word: str) -> str:
    if word in ("h", "hit"):
        return "hit"
    if word in ("m", "miss"):
        return "miss"
    return "duplicate"


@cache
def parser() -> Lark:
    return build_parser(Build())


def parse_recovering(text: str, start: str) -> tuple[Any, Attempt]:
    """Parse `text` from the grammar rule `start` into values, finding every error."""
    return recover(parser(), text, start)
