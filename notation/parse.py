"""Parse the notation with lark (notation.lark): cells, orders, fleets (list and grid form),
whole records with claimed results. Syntax only: what is legal is the engine's business.

Every function raises notation.errors.NotationError, or NotationErrors with every error of the
text: after an error the parser blanks the bad word (or the rest of the line) and parses again,
so one mistake does not hide the next.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from notation.cells import COLOUR_ORDERS, LETTERS, Cell, PartialCell
from notation.errors import NotationError, raise_errors
from notation.fleets import Fleet, ShipPlacement
from notation.hints import diagnose, expected_words, fix_cell
from notation.orders import Beam, ClassicBeam, KamikazeLaunch, MissileLaunch, Order, Scan, Strike
from notation.records import (
    Claim,
    Comment,
    DestroyedShip,
    FlashcubeCell,
    Position,
    Record,
    ResultLine,
    TurnLine,
)
from notation.ships import SHIP_TYPES, ShipId

__all__ = [
    "parse_cell",
    "parse_claims",
    "parse_fleet",
    "parse_orders",
    "parse_orders_positions",
    "parse_record",
    "parse_ship",
]

_CELLS: dict[str, Cell] = {
    f"{c}{x}{n}": Cell(c, x, n) for c in "ROYGB" for x in LETTERS for n in (1, 2, 3, 4, 5)
}
_EMPTY_MARK = re.compile(r"\.+|-+")
_SHIP_CODE = re.compile(r"(DS|KC|FS|PC|MD|HS|LS|AG|LG|HF)([1-9][0-9]*)?")
_WORD = re.compile(r"[^\s,;#()]+")
_MAX_ERRORS = 200

_local = threading.local()


def _pos(token: Token) -> Position:
    return Position(token.line, token.column)  # type: ignore[arg-type]


def _cell(token: Token) -> Cell:
    return _CELLS[token.value]


def _ship_id(text: str) -> ShipId:
    return ShipId(text[:2], int(text[2:]) if len(text) > 2 else None)


def _partial(text: str) -> PartialCell:
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
class _Ships:
    placements: tuple[tuple[ShipPlacement, Position], ...]
    position: Position


@dataclass(frozen=True, slots=True)
class _FleetHead:
    player: str
    ships: _Ships | None
    position: Position


@dataclass(frozen=True, slots=True)
class _GridColours:
    colours: tuple[str, ...]
    position: Position


@dataclass(frozen=True, slots=True)
class _GridLetters:
    letters: tuple[str, ...]
    position: Position


@dataclass(frozen=True, slots=True)
class _GridRow:
    number: Token
    marks: tuple[Token, ...]
    position: Position


@dataclass(slots=True)
class _Grid:
    """A grid put together from its lines."""

    colours: tuple[str, ...]
    position: Position
    letters: tuple[str, ...] | None = None
    letters_position: Position | None = None
    rows: list[_GridRow] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class _Legend:
    entries: tuple[tuple[Token, ShipId], ...]
    position: Position


@dataclass(frozen=True, slots=True)
class _Tag:
    name: str
    value: str
    position: Position


class _Build(Transformer[Token, Any]):
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
        return Strike(_cell(c[0])), _pos(c[0])

    def beam(self, c: list[Any]) -> tuple[Order, Position]:
        ship = c[3] if len(c) > 3 else None
        return Beam(_cell(c[1]), _cell(c[2]), ship), _pos(c[0])

    def beam_ship(self, c: list[Token]) -> ShipId:
        return _ship_id(c[0].value)

    def classic_beam(self, c: list[Token]) -> tuple[Order, Position]:
        return ClassicBeam(_partial(c[1].value)), _pos(c[0])

    def missile(self, c: list[Token]) -> tuple[Order, Position]:
        return MissileLaunch(_partial(c[1].value)), _pos(c[0])

    def kamikaze(self, c: list[Token]) -> tuple[Order, Position]:
        return KamikazeLaunch(_cell(c[1])), _pos(c[0])

    def scan(self, c: list[Token]) -> tuple[Order, Position]:
        return Scan(_cell(c[1])), _pos(c[0])

    # tags and fleets
    def tag(self, c: list[Token]) -> _Tag:
        value = re.sub(r"\\(.)", r"\1", c[2].value[1:-1])
        return _Tag(c[1].value, value, _pos(c[0]))

    def ship(self, c: list[Token]) -> tuple[ShipPlacement, Position]:
        return ShipPlacement(_ship_id(c[0].value), tuple(_cell(t) for t in c[1:])), _pos(c[0])

    def ships(self, c: list[tuple[ShipPlacement, Position]]) -> _Ships:
        return _Ships(tuple(c), c[0][1])

    def fleet_head(self, c: list[Any]) -> _FleetHead:
        return _FleetHead(c[0].value, c[2] if len(c) > 2 else None, _pos(c[0]))

    def grid_colours(self, c: list[Token]) -> _GridColours:
        return _GridColours(tuple(c[0].value.split()), _pos(c[0]))

    def grid_letters(self, c: list[Token]) -> _GridLetters:
        return _GridLetters(tuple(c[0].value.split()), _pos(c[0]))

    def grid_row(self, c: list[Token]) -> _GridRow:
        return _GridRow(c[0], tuple(c[1:]), _pos(c[0]))

    def legend(self, c: list[Any]) -> _Legend:
        return _Legend(tuple(c[1:]), _pos(c[0]))

    def legend_entry(self, c: list[Token]) -> tuple[Token, ShipId]:
        return c[0], _ship_id(c[1].value)

    # turns and results
    def turn_line(self, c: list[Any]) -> TurnLine:
        orders = c[2:]
        return TurnLine(
            int(c[0].value),
            c[1].value,
            tuple(o for o, _ in orders),
            _pos(c[0]),
            tuple(p for _, p in orders),
        )

    def result_line(self, c: list[Any]) -> ResultLine:
        return ResultLine(int(c[0].value), c[1].value, tuple(c[3:]), _pos(c[0]))

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
            _pos(token),
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
        return "destroys", DestroyedShip(_ship_id(c[1].value), tuple(_cell(t) for t in c[2:]))

    def flashcube(self, c: list[Any]) -> tuple[str, tuple[FlashcubeCell, ...]]:
        return "flashcube", tuple(c[1:])

    def flash_empty(self, c: list[Token]) -> FlashcubeCell:
        return FlashcubeCell(_cell(c[0]), None)

    def flash_ship(self, c: list[Token]) -> FlashcubeCell:
        return FlashcubeCell(_cell(c[0]), _ship_id(c[1].value), len(c) > 2)


def _strike_result(word: str) -> str:
    if word in ("h", "hit"):
        return "hit"
    if word in ("m", "miss"):
        return "miss"
    return "duplicate"


def _collect_comment(token: Token) -> None:
    sink = getattr(_local, "comments", None)
    if sink is not None:
        sink.append(token)


@cache
def _parser() -> Lark:
    grammar = (Path(__file__).parent / "notation.lark").read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start=["cell_text", "orders_text", "fleet_text", "record"],
        propagate_positions=True,
        maybe_placeholders=False,
        transformer=_Build(),
        lexer_callbacks={"COMMENT": _collect_comment},
    )


# ---- error recovery ----------------------------------------------------------------------


@dataclass
class _Attempt:
    """The state of parsing one text with recovery."""

    text: str
    work: str
    start: str = "record"  # the grammar's start rule
    errors: list[NotationError] = field(default_factory=list)
    bad_lines: set[int] = field(default_factory=set)
    comments: list[Token] = field(default_factory=list)


def _line_bounds(text: str, pos: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return start, (len(text) if end < 0 else end)


def _error_at(attempt: _Attempt, exc: UnexpectedInput) -> tuple[NotationError, int, _Repair]:
    """The NotationError for a lark error, and how to repair the text before parsing on."""
    work = attempt.work
    if isinstance(exc, UnexpectedCharacters):
        pos, expected = exc.pos_in_stream, set(exc.allowed or ())
    elif isinstance(exc, UnexpectedToken):
        token = exc.token
        expected = set(exc.expected or ())
        if token.type == "$END" or token.start_pos is None:
            pos = len(work.rstrip("\n"))
        else:
            pos = token.start_pos
    else:  # UnexpectedEOF
        pos, expected = len(work.rstrip("\n")), set(getattr(exc, "expected", ()))
    pos = min(pos, len(work))
    line_start, line_end = _line_bounds(work, pos)
    line = work.count("\n", 0, pos) + 1
    column = pos - line_start + 1
    match = _WORD.match(work, pos)
    word = match.group() if match else ""
    if not word and pos < line_end and work[pos] in "();":
        word = work[pos]
    # An error inside a word (`Gx33`, `Gx10`: lark took `Gx3`, `Gx1`): judge the whole word.
    start = pos
    while start > line_start and not re.match(r"[\s,;#()]", work[start - 1]):
        start -= 1
    whole = _WORD.match(work, start)
    if start < pos and whole and fix_cell(whole.group()) is not None:
        pos, word, column = start, whole.group(), start - line_start + 1
        expected = {"CELL"}
    if len(word) > 3 and expected & {"CELL", "PART"} and fix_cell(word) is None:
        if fix_cell(word[:3]) is not None:
            word = word[:3]  # `gx3Rv1` after b: the first cell is the misspelt one
    before = work[line_start:pos].replace(",", " ").replace(";", " ").split()
    previous = before[-1] if before else ""
    if len(before) > 1 and before[-2] in ("b", "m", "k", "s"):
        previous = before[-2] + previous  # `b Rv1` reads as `bRv1`
    found = diagnose(word, frozenset(expected), previous)
    error = NotationError(
        found.message,
        attempt.text,
        line,
        column,
        expected_words(frozenset(expected)),
        found.hint,
        word,
        len(word),
    )
    if found.stand_in is not None and word:
        end = pos + len(word)
        if len(found.stand_in) <= len(word):
            # A misspelt word: put a correct spelling in its place (same width, so every
            # column stays put) and parse on to find the next error on the same line.
            return error, line, _Repair(pos, end, found.stand_in.ljust(len(word)), True)
        # No room for a stand-in: drop the whole word it is part of (`bRv1Rx6`).
        start = pos
        while start > line_start and not re.match(r"[\s,;#]", work[start - 1]):
            start -= 1
        return error, line, _Repair(start, end, "", True)
    if word and _in_order_list(attempt, line_start):
        # Orders are separate words: drop the bad one (`mQ`) and parse on, so that every
        # error of an order line is reported, not only the first.
        start = pos
        while start > line_start and not re.match(r"[\s,]", work[start - 1]):
            start -= 1
        end = pos
        while end < line_end and not re.match(r"[\s,#]", work[end]):
            end += 1
        return error, line, _Repair(start, end, "", True)
    return error, line, _Repair(pos, line_end, "", False)


_TURN_LINE = re.compile(r"\s*\d+\s*[AB]\s*:")


def _in_order_list(attempt: _Attempt, line_start: int) -> bool:
    """Is the error on an order list: the whole text of parse_orders, or a record's turn line?"""
    if attempt.start == "orders_text":
        return True
    return attempt.start == "record" and _TURN_LINE.match(attempt.work, line_start) is not None


@dataclass(frozen=True, slots=True)
class _Repair:
    start: int
    end: int
    replacement: str  # "" to blank the span
    word_level: bool


def _blank(text: str, start: int, end: int) -> str:
    # Spaces keep every later line and column where it was.
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def _parse_recovering(text: str, start: str) -> tuple[Any, _Attempt]:
    parser = _parser()
    attempt = _Attempt(text, text if text.endswith("\n") else text + "\n", start)
    structural: set[int] = set()  # lines whose structure is broken: skip them whole
    last: tuple[int, str] | None = None
    for _ in range(_MAX_ERRORS + text.count("\n") + 2):
        attempt.comments = []
        _local.comments = attempt.comments
        try:
            result = parser.parse(attempt.work, start=start)
        except UnexpectedInput as exc:
            error, line, repair = _error_at(attempt, exc)
            state = (repair.start, attempt.work)
            if (
                line in structural
                or state == last
                or (not repair.word_level and line in attempt.bad_lines)
            ):
                # A further complaint about a line already reported follows from the first:
                # drop the rest of the line (or the whole line) instead of reporting it.
                line_start, line_end = _line_bounds(attempt.work, repair.start)
                cut = line_start if line in structural or state == last else repair.start
                if not attempt.work[cut:line_end].strip():
                    cut = line_start
                if not attempt.work[line_start:line_end].strip():
                    # The line is already blank: the trouble started on the line before.
                    line_end = max(line_start - 1, 0)
                    cut = attempt.work.rfind("\n", 0, line_end) + 1
                    if not attempt.work[cut:line_end].strip():
                        break
                structural.add(line)
                last = state
                attempt.work = _blank(attempt.work, cut, line_end)
                continue
            last = state
            attempt.errors.append(error)
            attempt.bad_lines.add(line)
            if not repair.word_level:
                structural.add(line)
            if repair.replacement:
                attempt.work = (
                    attempt.work[: repair.start] + repair.replacement + attempt.work[repair.end :]
                )
            else:
                span_start, span_end = repair.start, repair.end
                if span_end <= span_start:
                    span_start, span_end = _line_bounds(attempt.work, span_start)
                attempt.work = _blank(attempt.work, span_start, span_end)
            if len(attempt.errors) >= _MAX_ERRORS:
                break
            continue
        finally:
            _local.comments = None
        return result, attempt
    raise_errors(attempt.errors)
    raise NotationError("cannot make sense of this text", text, 1, 1)  # pragma: no cover


def _error(text: str, position: Position, message: str, hint: str | None = None, word: str = ""):
    return NotationError(message, text, position.line, position.column, (), hint, word, len(word))


# ---- public functions --------------------------------------------------------------------


def parse_cell(text: str) -> Cell:
    """`Gx3` -> Cell('G', 'x', 3). Surrounding blanks are allowed."""
    stripped = text.strip()
    if stripped in _CELLS:  # the common case, without the parser
        return _CELLS[stripped]
    column = len(text) - len(text.lstrip()) + 1
    if not stripped:
        raise NotationError("a cell is missing", text, 1, 1, ("a cell like Gx3",))
    fixed = fix_cell(stripped) if " " not in stripped else None
    if fixed is not None:
        message = f"`{stripped}` is not a cell"
        expected = ("a cell like Gx3",)
        raise NotationError(message, text, 1, column, expected, fixed[0], stripped, len(stripped))
    result, attempt = _parse_recovering(text, "cell_text")
    raise_errors(attempt.errors)
    return result


@cache
def _simple_orders() -> dict[str, Order]:
    """Every one-word order in canonical spelling but beams: strikes, scans, kamikaze and
    missile launches, classic beams."""
    words: dict[str, Order] = {}
    for name, cell in _CELLS.items():
        words[name] = Strike(cell)
        words["s" + name] = Scan(cell)
        words["k" + name] = KamikazeLaunch(cell)
    for colour in ("", *"ROYGB"):
        for letter in ("", *LETTERS):
            for number in ("", *"12345"):
                part = colour + letter + number
                if part:
                    words["m" + part] = MissileLaunch(_partial(part))
                if len(part) == 2:
                    words["b" + part] = ClassicBeam(_partial(part))
    return words


_ORDER_WORD = re.compile(r"[^\s,]+")


def _fast_orders(text: str) -> tuple[tuple[Order, Position], ...] | None:
    """The orders of a one-line list of well-formed words, without the parser; None for
    anything else (lark then parses it, and reports any error). A lone prefix `b`, `m`, `k`,
    `s` joins the next word(s), as in `b Rv1 Rx1` and `k Bz5`."""
    if "\n" in text:
        return None
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
                and words[index][0] in _CELLS
            ):
                word += words[index][0]
                index += 1
        order = simple.get(word)
        if order is None:
            if len(word) == 7 and word[0] == "b" and word[1:4] in _CELLS and word[4:] in _CELLS:
                order = Beam(_CELLS[word[1:4]], _CELLS[word[4:]])
            else:
                return None
        out.append((order, Position(1, start + 1)))
    return tuple(out)


def parse_orders_positions(text: str) -> tuple[tuple[Order, Position], ...]:
    """An order list with the position of each order (line and column in `text`)."""
    fast = _fast_orders(text)
    if fast is not None:
        return fast
    result, attempt = _parse_recovering(text, "orders_text")
    raise_errors(attempt.errors)
    return tuple(result)


def parse_orders(text: str) -> tuple[Order, ...]:
    """`Gx3 Rv1 bRv1Rx1 mv Yw2 sGy3` -> (Strike, Strike, Beam, MissileLaunch, Strike, Scan).

    Orders are separated by spaces and/or commas; `b Rv1 Rx1`, `m Gx3`, `k Bz5`, `s Gy3` are
    accepted too, and so is a list over several lines."""
    return tuple(order for order, _ in parse_orders_positions(text))


def parse_ship(text: str) -> ShipId:
    """`FS2` -> ShipId('FS', 2)."""
    stripped = text.strip()
    if _SHIP_CODE.fullmatch(stripped):
        return _ship_id(stripped)
    word = stripped or text
    found = diagnose(word, frozenset({"SHIP"}))
    expected = ("a ship code like DS or FS2",)
    raise NotationError(found.message, text, 1, 1, expected, found.hint, word, len(word))


def parse_fleet(text: str, colour_order: str = "ROYGB") -> Fleet:
    """A fleet in list form (`DS Rv1 ...; KC Gx1 ...`, ships separated by `;` or new lines) or
    grid form (docs/notation.md), optionally after `A fleet:`. Grid fleets list their ships by
    type and identity, each ship's cells in conventional order under `colour_order`."""
    if colour_order not in COLOUR_ORDERS:
        raise ValueError(f"colour order must be one of {', '.join(COLOUR_ORDERS)}")
    statements, attempt = _parse_recovering(text, "fleet_text")
    builder = _RecordBuilder(attempt, colour_order)
    for statement in statements:
        builder.add(statement, fleet_only=True)
    fleets = builder.finish_fleets()
    raise_errors(attempt.errors)
    if len(fleets) > 1:
        raise _error(text, builder.fleet_positions["B"], "one fleet expected, found two")
    if not fleets:
        raise NotationError("no fleet in this text", text, 1, 1, ("a ship code like DS",))
    return next(iter(fleets.values()))


def parse_claims(text: str) -> tuple[Claim, ...]:
    """The claims of one results line without its `1 A results:` head."""
    head = "1 A results: "
    try:
        record = parse_record(head + text.replace("\n", " "))
    except NotationError as exc:
        # Point into the caller's text, not the line made up here.
        moved = [
            NotationError(
                e.message,
                text,
                1,
                max(1, e.column - len(head)),
                e.expected,
                e.hint,
                e.word,
                e.length,
            )
            for e in exc.errors
        ]
        raise_errors(moved)
        raise  # pragma: no cover
    return record.results[0].claims if record.results else ()


def parse_record(text: str) -> Record:
    """A whole record: tags, fleets (list or grid form), turn lines, results lines, comments.

    The colour order for grid fleets comes from `[Options "colours=RYGOB"]` if given."""
    statements, attempt = _parse_recovering(text, "record")
    colour_order = "ROYGB"
    for statement in statements:
        if isinstance(statement, _Tag) and statement.name == "Options":
            for option in statement.value.split():
                if option.startswith("colours=") and option[8:] in COLOUR_ORDERS:
                    colour_order = option[8:]
    builder = _RecordBuilder(attempt, colour_order)
    for statement in statements:
        builder.add(statement)
    fleets = builder.finish_fleets()
    raise_errors(attempt.errors)
    return Record(
        tags=tuple(builder.tags),
        fleets=fleets,
        turns=tuple(builder.turns),
        results=tuple(builder.results),
        fleet_positions=dict(builder.fleet_positions),
        comments=builder.comments(attempt.comments, statements),
        fleet_forms={p: ("grid" if builder.grids.get(p) else "list") for p in fleets},
    )


# ---- from statements to a record ---------------------------------------------------------


class _RecordBuilder:
    """Joins the line statements of a record: continuation lines and grids to their fleet."""

    def __init__(self, attempt: _Attempt, colour_order: str) -> None:
        self.attempt = attempt
        self.colour_order = colour_order
        self.tags: list[tuple[str, str]] = []
        self.turns: list[TurnLine] = []
        self.results: list[ResultLine] = []
        self.ships: dict[str, list[ShipPlacement]] = {}
        self.grids: dict[str, list[_Grid]] = {}
        self.legends: dict[str, list[_Legend]] = {}
        self.fleet_positions: dict[str, Position] = {}
        self.current: str | None = None
        self.orphans: set[str] = set()  # fleets with a grid line outside any grid
        self.started = False  # something other than a tag was seen

    def error(self, position: Position, message: str, hint: str | None = None, word: str = ""):
        self.attempt.errors.append(_error(self.attempt.text, position, message, hint, word))

    def _after_bad_line(self, position: Position) -> bool:
        # A continuation of a line that had a syntax error is not a second error.
        return any(line < position.line for line in self.attempt.bad_lines)

    def add(self, statement: Any, fleet_only: bool = False) -> None:
        if isinstance(statement, _Tag):
            if self.started:
                self.error(
                    statement.position,
                    f"the tag [{statement.name} ...] comes after the game began",
                    "tags go at the top of the record, before the fleets",
                    "[",
                )
            self.tags.append((statement.name, statement.value))
            return
        self.started = True
        if isinstance(statement, _FleetHead):
            player = statement.player
            if player in self.fleet_positions:
                self.error(statement.position, f"a second fleet for player {player}", None, player)
            self.fleet_positions.setdefault(player, statement.position)
            self.ships.setdefault(player, [])
            self.current = player
            if statement.ships is not None:
                self.ships[player].extend(s for s, _ in statement.ships.placements)
            return
        if isinstance(statement, (_Ships, _GridColours, _GridLetters, _GridRow, _Legend)):
            if self.current is None:
                if fleet_only and not self.fleet_positions:
                    # A bare fleet text: the fleet of nobody in particular.
                    self.current = "A"
                    self.ships["A"] = []
                    self.fleet_positions["A"] = statement.position
                elif not self._after_bad_line(statement.position):
                    self.error(
                        statement.position,
                        "this fleet line belongs to no fleet",
                        "start a fleet with `A fleet:` or `B fleet:`",
                    )
                    return
                else:
                    return
            player = self.current
            if isinstance(statement, _Ships):
                self.ships[player].extend(s for s, _ in statement.placements)
            elif isinstance(statement, _GridColours):
                grid = _Grid(statement.colours, statement.position)
                self.grids.setdefault(player, []).append(grid)
            elif isinstance(statement, (_GridLetters, _GridRow)):
                grids = self.grids.get(player)
                if not grids or (isinstance(statement, _GridLetters) and grids[-1].rows):
                    what = "row" if isinstance(statement, _GridRow) else "line of letters"
                    head = self.fleet_positions[player].line
                    if player in self.orphans or any(
                        head <= line < statement.position.line for line in self.attempt.bad_lines
                    ):
                        return  # follows from the broken line above, or already said
                    self.orphans.add(player)
                    self.error(
                        statement.position,
                        f"a grid {what} without the line of colours above it",
                        "start a grid with its colours: R O Y G B",
                    )
                elif isinstance(statement, _GridLetters):
                    grids[-1].letters = statement.letters
                    grids[-1].letters_position = statement.position
                else:
                    grids[-1].rows.append(statement)
            else:
                self.legends.setdefault(player, []).append(statement)
            return
        self.current = None
        if isinstance(statement, TurnLine):
            self.turns.append(statement)
        elif isinstance(statement, ResultLine):
            self.results.append(statement)

    def finish_fleets(self) -> dict[str, Fleet]:
        fleets: dict[str, Fleet] = {}
        for player, ships in self.ships.items():
            placements = list(ships)
            for grid in self.grids.get(player, []):
                placements.extend(self._grid_ships(grid, self.legends.get(player, [])))
            if not placements and player in self.fleet_positions:
                pos = self.fleet_positions[player]
                # With other errors about, an empty fleet is most likely their consequence.
                if pos.line not in self.attempt.bad_lines and not self.attempt.errors:
                    self.error(pos, f"the fleet of {player} has no ships", "list ships: DS Rv1 ...")
            fleets[player] = Fleet(tuple(placements))
        return dict(sorted(fleets.items()))

    def _grid_ships(self, grid: _Grid, legends: list[_Legend]) -> list[ShipPlacement]:
        key: dict[str, ShipId] = {}
        for legend in legends:
            for mark, ship in legend.entries:
                key[mark.value] = ship
        if len(set(grid.colours)) != 5:
            self.error(
                grid.position, "each colour heads one grid", "write R O Y G B", grid.colours[0]
            )
            return []
        letters = grid.letters or tuple(LETTERS)
        if grid.letters is not None and len(letters) == 25:
            groups = [letters[i : i + 5] for i in range(0, 25, 5)]
        else:
            groups = [letters] * 5
        if any(sorted(g) != list(LETTERS) or len(g) != 5 for g in groups):
            self.error(
                grid.letters_position or grid.position,
                "each grid is labelled with the letters v w x y z once",
                "write v w x y z under each colour",
            )
            return []
        seen_rows: set[str] = set()
        cells: dict[ShipId, list[Cell]] = {}
        unknown: set[str] = set()
        if len(grid.rows) != 5:
            self.error(
                grid.position,
                f"the grid has {len(grid.rows)} rows",
                "draw five rows, numbered 1 to 5",
                grid.colours[0],
            )
            return []
        for row in grid.rows:
            number, marks = row.number, row.marks
            if number.value not in "12345":
                self.error(row.position, f"there is no row {number.value}", "rows run 1-5", "x")
                continue
            if number.value in seen_rows:
                self.error(_pos(number), f"row {number.value} is drawn twice", None, number.value)
            seen_rows.add(number.value)
            if len(marks) != 25:
                self.error(
                    _pos(number),
                    f"row {number.value} has {len(marks)} marks",
                    "each row has 5 marks under each of the 5 colours; use . for an empty cell",
                    number.value,
                )
                continue
            for index, mark in enumerate(marks):
                if _EMPTY_MARK.fullmatch(mark.value):
                    continue
                ship = key.get(mark.value)
                if ship is None and _SHIP_CODE.fullmatch(mark.value):
                    ship = _ship_id(mark.value)
                if ship is None:
                    if mark.value in unknown:
                        continue  # one message per mark is enough
                    unknown.add(mark.value)
                    hint = f"name it in a key line under the grid, like `key: {mark.value}=DS`"
                    if len(mark.value) > 1:
                        hint = diagnose(mark.value, frozenset({"SHIP"})).hint or hint
                    self.error(_pos(mark), f"unknown mark `{mark.value}`", hint, mark.value)
                    continue
                colour = grid.colours[index // 5]
                letter = groups[index // 5][index % 5]
                cells.setdefault(ship, []).append(Cell(colour, letter, int(number.value)))
        order = list(SHIP_TYPES)
        ships = sorted(cells, key=lambda s: (order.index(s.type), s.number or 0))
        return [
            ShipPlacement(s, tuple(sorted(cells[s], key=lambda c: c.sort_key(self.colour_order))))
            for s in ships
        ]

    def comments(self, tokens: list[Token], statements: list[Any]) -> tuple[Comment, ...]:
        """Attach each comment to the line it ends, or else to the next statement
        (docs/notation.md, "Comments")."""
        starts: list[tuple[int, tuple[Any, ...]]] = []  # (first line, anchor) per statement
        inline_at: dict[int, tuple[Any, ...]] = {}  # line -> anchor of a comment ending it
        tag_index = 0
        fleet: str | None = None
        counts: dict[str, int] = {}
        for statement in statements:
            line = statement.position.line if statement.position else 0
            if isinstance(statement, _Tag):
                anchor: tuple[Any, ...] = ("tag", tag_index)
                tag_index += 1
                inline_at[line] = anchor
            elif isinstance(statement, (_FleetHead, _Ships)):
                if isinstance(statement, _FleetHead):
                    fleet = statement.player
                    ships = statement.ships.placements if statement.ships else ()
                else:
                    ships = statement.placements
                if fleet is None:
                    continue
                first = counts.get(fleet, 0)
                counts[fleet] = first + len(ships)
                anchor = ("fleet", fleet, first)
                inline_at[line] = ("fleet", fleet, max(first, counts[fleet] - 1))
            elif isinstance(statement, (_GridColours, _GridLetters, _GridRow, _Legend)):
                if fleet is None:
                    continue
                if isinstance(statement, _GridRow):
                    anchor = ("grid", fleet, int(statement.number.value))
                else:
                    anchor = ("grid", fleet, "key" if isinstance(statement, _Legend) else 0)
                inline_at[line] = anchor
            elif isinstance(statement, (TurnLine, ResultLine)):
                fleet = None
                kind = "turn" if isinstance(statement, TurnLine) else "results"
                anchor = (kind, statement.turn, statement.player)
                inline_at[line] = anchor
            else:
                continue
            starts.append((line, anchor))
        lines = self.attempt.text.splitlines()
        out: list[Comment] = []
        for token in tokens:
            line, column = token.line or 0, token.column or 1
            before = lines[line - 1][: column - 1] if 0 < line <= len(lines) else ""
            text = token.value[1:].strip()
            position = Position(line, column)
            if before.strip() and line in inline_at:
                out.append(Comment(text, inline_at[line], True, position))
                continue
            following = [a for first, a in starts if first > line]
            out.append(Comment(text, following[0] if following else ("end",), False, position))
        return tuple(out)
