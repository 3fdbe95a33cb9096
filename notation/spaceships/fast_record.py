"""The fast path for whole records: the statements of well-formed lines (tags, fleets in list
form, turn lines, results lines, comments) read without the parser, exactly as lark reads them.
Any other text (grid fleets, unusual spacing, any mistake) is left to lark, which also finds
every error."""

from __future__ import annotations

import re
from typing import Any

from lark import Token

from notation.spaceships.cells import CELLS
from notation.spaceships.fast_orders import fast_orders, position
from notation.spaceships.fleets import ShipPlacement
from notation.spaceships.records import Claim, DestroyedShip, FlashcubeCell, ResultLine, TurnLine
from notation.spaceships.statements import SHIP_CODE, FleetHead, Ships, Tag, ship_id

_TAG = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) ("(?:[^"\\\n]|\\.)*")\]')
_FLEET = re.compile(r"([AB]) fleet:")
_TURN = re.compile(r"([0-9]+) ([AB]):")
_RESULTS = re.compile(r"([0-9]+) ([AB]) results:")
_WORD = re.compile(r"[^\s,]+")
_BLANK = " \t"
_STRIKE_RESULTS = {
    "h": "hit",
    "hit": "hit",
    "m": "miss",
    "miss": "miss",
    "d": "duplicate",
    "dup": "duplicate",
    "duplicate": "duplicate",
}
_SCAN_RESULTS = frozenset({"empty", "undamaged", "destroyed"})


class _NotFast(Exception):
    """This text is not for the fast path: lark reads it."""


# Blanks other than space, tab and newline: lark does not skip them, `\s` would.
_ODD_BLANK = re.compile(r"[^\S \t\n]")


def fast_statements(text: str) -> tuple[list[Any], list[Token]] | None:
    """The statements and comment tokens lark's record parse would give, or None when the text
    holds anything but well-formed lines of the kinds above."""
    if _ODD_BLANK.search(text):
        return None
    statements: list[Any] = []
    comments: list[Token] = []
    offset = 0  # of the line in the text
    try:
        for number, line in enumerate(text.split("\n"), 1):
            _line(line, number, offset, statements, comments)
            offset += len(line) + 1
    except _NotFast:
        return None
    return statements, comments


def _line(line: str, number: int, offset: int, statements: list[Any], comments: list[Token]):
    indent = len(line) - len(line.lstrip(_BLANK))
    if line.startswith("[", indent):
        found = _TAG.match(line, indent)
        if found is None:
            raise _NotFast
        value = re.sub(r"\\(.)", r"\1", found.group(2)[1:-1])
        statements.append(Tag(found.group(1), value, position(number, indent + 1)))
        rest = found.end()
    else:
        rest = indent
    hash_at = line.find("#", rest)
    body_end = len(line) if hash_at < 0 else hash_at
    if hash_at >= 0:
        value = line[hash_at:]
        comments.append(
            Token(
                "COMMENT",
                value,
                offset + hash_at,
                number,
                hash_at + 1,
                number,
                len(line) + 1,
                offset + len(line),
            )
        )
    if rest > indent:  # a tag: only blanks may follow it
        if line[rest:body_end].strip(_BLANK):
            raise _NotFast
        return
    body = line[:body_end]
    if not body.strip(_BLANK):
        return
    if found := _TURN.match(body, indent):
        pairs = fast_orders(body[found.end() :], number, found.end())
        if pairs is None:
            raise _NotFast
        orders, positions = zip(*pairs, strict=True) if pairs else ((), ())
        statements.append(
            TurnLine(
                int(found.group(1)),
                found.group(2),  # type: ignore[arg-type]
                orders,
                position(number, indent + 1),
                positions,
            )
        )
    elif found := _RESULTS.match(body, indent):
        claims = _claims(body, found.end(), number)
        statements.append(
            ResultLine(
                int(found.group(1)),
                found.group(2),  # type: ignore[arg-type]
                claims,
                position(number, indent + 1),
            )
        )
    elif found := _FLEET.match(body, indent):
        ships = _ships(body, found.end(), number)
        statements.append(FleetHead(found.group(1), ships, position(number, indent + 1)))
    else:
        ships = _ships(body, indent, number)
        if ships is None:
            raise _NotFast
        statements.append(ships)


def _words(text: str, start: int, end: int) -> list[tuple[str, int]]:
    return [(m.group(), m.start()) for m in _WORD.finditer(text, start, end)]


def _pieces(body: str, start: int) -> list[tuple[int, int]]:
    """The spans between semicolons; a last empty one (a trailing `;`) is dropped, any other
    empty one is not for the fast path."""
    spans = []
    while True:
        semi = body.find(";", start)
        end = len(body) if semi < 0 else semi
        spans.append((start, end))
        if semi < 0:
            break
        start = semi + 1
    if len(spans) > 1 and not body[spans[-1][0] : spans[-1][1]].strip(_BLANK + ","):
        spans.pop()
    return spans


def _ships(body: str, start: int, number: int) -> Ships | None:
    """`DS Rv1 ...; KC Gx1 ...` from `start` to the end of the body; None if empty."""
    if not body[start:].strip(_BLANK + ","):
        return None
    placements = []
    for begin, end in _pieces(body, start):
        words = _words(body, begin, end)
        if not words or not SHIP_CODE.fullmatch(words[0][0]):
            raise _NotFast
        cells = tuple(CELLS.get(w) for w, _ in words[1:])
        if None in cells:
            raise _NotFast
        ship = ShipPlacement(ship_id(words[0][0]), cells)  # type: ignore[arg-type]
        placements.append((ship, position(number, words[0][1] + 1)))
    return Ships(tuple(placements), placements[0][1])


def _claims(body: str, start: int, number: int) -> tuple[Claim, ...]:
    if not body[start:].strip(_BLANK + ","):
        return ()
    claims = []
    for begin, end in _pieces(body, start):
        words = _words(body, begin, end)
        if len(words) == 2 and words[0][0] in CELLS and words[1][0] in _STRIKE_RESULTS:
            # The common claim, `Gx3 hit`.
            cell, result = CELLS[words[0][0]], _STRIKE_RESULTS[words[1][0]]
            where = position(number, words[0][1] + 1)
            claims.append(Claim("strike", cell, result, (), (), (), where))  # type: ignore[arg-type]
        else:
            claims.append(_claim(words, number))
    return tuple(claims)


def _claim(words: list[tuple[str, int]], number: int) -> Claim:
    """One claim, as the grammar's `claim` rule reads it."""
    # Split `bRv1`, `sGy3`, `kBz5` into their letter and cell, as lark's lexer does.
    tokens: list[str] = []
    for word, _ in words[:1]:
        if len(word) == 4 and word[0] in "bsk" and word[1:] in CELLS:
            tokens += [word[0], word[1:]]
        else:
            tokens.append(word)
    tokens += [w for w, _ in words[1:]]
    if not tokens:
        raise _NotFast
    where = position(number, words[0][1] + 1)
    head = tokens[0]
    result: str | None
    if head in ("b", "s", "k"):
        if len(tokens) < 2 or tokens[1] not in CELLS:
            raise _NotFast
        cell = CELLS[tokens[1]]
        if head == "k":
            kind, result, at = "kamikaze", None, 2
        elif len(tokens) < 3:
            raise _NotFast
        elif head == "b":
            kind, result, at = "beam", _STRIKE_RESULTS.get(tokens[2]), 3
        else:
            kind, result, at = "scan", tokens[2] if tokens[2] in _SCAN_RESULTS else None, 3
        if kind != "kamikaze" and result is None:
            raise _NotFast
    elif head in CELLS and len(tokens) > 1 and tokens[1] in _STRIKE_RESULTS:
        kind, cell, result, at = "strike", CELLS[head], _STRIKE_RESULTS[tokens[1]], 2
    else:
        raise _NotFast
    explosions: list[Any] = []
    destroyed: list[DestroyedShip] = []
    flashcube: list[FlashcubeCell] = []
    while at < len(tokens):
        extra, at = tokens[at], at + 1
        cells_from = at
        if extra == "explodes":
            while at < len(tokens) and tokens[at] in CELLS:
                explosions.append(CELLS[tokens[at]])
                at += 1
        elif extra == "destroys":
            if at >= len(tokens) or not SHIP_CODE.fullmatch(tokens[at]):
                raise _NotFast
            ship, at = ship_id(tokens[at]), at + 1
            cells_from = at
            while at < len(tokens) and tokens[at] in CELLS:
                at += 1
            destroyed.append(DestroyedShip(ship, tuple(CELLS[t] for t in tokens[cells_from:at])))
        elif extra == "flashcube":
            while at + 1 < len(tokens) and tokens[at] in CELLS:
                flash = CELLS[tokens[at]]
                if tokens[at + 1] == "-":
                    flashcube.append(FlashcubeCell(flash, None))
                    at += 2
                elif SHIP_CODE.fullmatch(tokens[at + 1]):
                    mark = at + 2 < len(tokens) and tokens[at + 2] in ("x", "destroyed")
                    flashcube.append(FlashcubeCell(flash, ship_id(tokens[at + 1]), mark))
                    at += 3 if mark else 2
                else:
                    raise _NotFast
        else:
            raise _NotFast
        if at == cells_from:  # an extra needs at least one cell (or flashcube cell)
            raise _NotFast
    return Claim(
        kind,  # type: ignore[arg-type]
        cell,
        result,  # type: ignore[arg-type]
        tuple(explosions),
        tuple(destroyed),
        tuple(flashcube),
        where,
    )
