"""The fast path for order lines: a one-line list of well-formed order words read without the
parser (the common case of every turn); anything else is left to lark."""

from __future__ import annotations

import re
from functools import cache

from notation.spaceships.cells import CELLS, LETTERS
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
from notation.spaceships.statements import SHIP_CODE, partial_cell, ship_id


@cache
def _simple_orders() -> dict[str, Order]:
    """Every one-word order in canonical spelling but beams: strikes, scans, kamikaze and
    missile launches, classic beams."""
    words: dict[str, Order] = {}
    for name, cell in CELLS.items():
        words[name] = Strike(cell)
        words["s" + name] = Scan(cell)
        words["k" + name] = KamikazeLaunch(cell)
    for colour in ("", *"ROYGB"):
        for letter in ("", *LETTERS):
            for number in ("", *"12345"):
                part = colour + letter + number
                if part:
                    words["m" + part] = MissileLaunch(partial_cell(part))
                if len(part) == 2:
                    words["b" + part] = ClassicBeam(partial_cell(part))
    return words


_ORDER_WORD = re.compile(r"[^\s,]+")


def position(line: int, column: int) -> Position:
    """Position(line, column), shared: positions are values, and a record's lines make many."""
    key = line << 12 | column
    found = _POSITIONS.get(key)
    if found is None:
        if len(_POSITIONS) > 1 << 16:
            _POSITIONS.clear()
        found = _POSITIONS[key] = Position(line, column)
    return found


_POSITIONS: dict[int, Position] = {}


def fast_orders(
    text: str, line: int = 1, offset: int = 0
) -> tuple[tuple[Order, Position], ...] | None:
    """The orders of a one-line list of well-formed words, without the parser; None for
    anything else (lark then parses it, and reports any error). A lone prefix `b`, `m`, `k`,
    `s` joins the next word(s), as in `b Rv1 Rx1` and `k Bz5`. Positions are in `line`, the
    text starting after `offset` characters of it."""
    if "\n" in text:
        return None
    simple = _simple_orders()
    out: list[tuple[Order, Position]] = []
    row = line << 12
    # One word, one order: the common case. Anything else (`b Rv1 Rx1`) goes the longer way.
    for match in _ORDER_WORD.finditer(text):
        word = match.group()
        order = simple.get(word) or _beam(word, simple)
        if order is None:
            return _joined(text, line, offset)
        column = offset + match.start() + 1
        out.append((order, _POSITIONS.get(row | column) or position(line, column)))
    return tuple(out)


def _beam(word: str, simple: dict[str, Order]) -> Order | None:
    """`bRv1Rx1` or `bRv1Rx1(DS2)`, kept in the table of words once met."""
    if len(word) < 7 or word[0] != "b" or word[1:4] not in CELLS or word[4:7] not in CELLS:
        return None
    ship = None
    if len(word) > 7:
        if word[7] != "(" or word[-1] != ")" or not SHIP_CODE.fullmatch(word[8:-1]):
            return None
        ship = ship_id(word[8:-1])
    order = simple[word] = Beam(CELLS[word[1:4]], CELLS[word[4:7]], ship)
    return order


def _joined(text: str, line: int, offset: int) -> tuple[tuple[Order, Position], ...] | None:
    """fast_orders where a lone prefix joins the next word(s)."""
    simple = _simple_orders()
    out: list[tuple[Order, Position]] = []
    words = [(m.group(), m.start()) for m in _ORDER_WORD.finditer(text)]
    index = 0
    while index < len(words):
        word, start = words[index]
        index += 1
        if word in ("b", "m", "k", "s") and index < len(words):
            word += words[index][0]
            index += 1
            if (
                word[0] == "b"
                and len(word) == 4
                and index < len(words)
                and words[index][0] in CELLS
            ):
                word += words[index][0]
                index += 1
        order = simple.get(word) or _beam(word, simple)
        if order is None:
            return None
        out.append((order, position(line, offset + start + 1)))
    return tuple(out)
