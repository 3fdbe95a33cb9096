"""Parse Ship Codes, hexes and battle records with lark (battles.lark), with errors that teach.

Syntax only, plus the letters of a Ship Code: which letters are systems, which are weapons and
which arcs exist is part of the notation [V.B, V.C.2]. Whether a design is legal is design.py's.
Errors are `notation.errors.NotationError` (line, column, caret, hint), every error of a record
at once (`NotationErrors`), as for Spaceships.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from battles.codes import ARCS, ShipCode, System
from battles.hexes import Hex
from battles.records import (
    BattleRecord,
    Initiative,
    Loss,
    Move,
    ShipEntry,
    Shot,
    Target,
    Tractor,
    Volley,
    Where,
)
from battles.tables import COMPONENTS, HULLS, WEAPONS
from notation.errors import NotationError, raise_errors

__all__ = ["parse_design", "parse_hex", "parse_record", "parse_ship_code", "parse_system"]

_FIELDS = ("class", "systems", "cost", "turn mode", "engines")
_SHAPE = "class-systems-cost-turn mode-engines, e.g. E-SAI(Gf)I(Xf)IIV-87-1-4"


@cache
def _parser() -> Lark:
    grammar = (Path(__file__).with_name("battles.lark")).read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start=["code_text", "design_text", "hex_text", "system_text", "record"],
        propagate_positions=True,
        maybe_placeholders=False,
    )


class _Letters(Exception):
    """A wrong letter found while building values; carried out of lark's VisitError."""

    def __init__(self, error: NotationError) -> None:
        self.error = error


def _where(token: Token) -> Where:
    return Where(token.line or 1, token.column or 1)


class _Build(Transformer[Token, Any]):
    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def _fail(self, token: Token, message: str, hint: str, length: int = 1) -> None:
        raise _Letters(
            NotationError(
                message,
                self.text,
                token.line or 1,
                token.column or 1,
                (),
                hint,
                token.value,
                length,
            )
        )

    # ship codes
    def plain(self, c: list[Token]) -> System:
        letter = c[0]
        if letter.value not in COMPONENTS:
            self._fail(
                letter,
                f"unknown system letter {letter.value}",
                f"the systems are {''.join(COMPONENTS)} [V.C.2]",
            )
        if letter.value in WEAPONS:
            self._fail(
                letter,
                f"{letter.value} ({COMPONENTS[letter.value].name}) is a weapon "
                "and goes in parentheses with its arc",
                f"write ({letter.value}f) for a front arc; arcs are f r l b [V.B.2]",
            )
        return System(letter.value)

    def weapon(self, c: list[Token]) -> System:
        letter = c[0]
        if letter.value not in COMPONENTS:
            self._fail(
                letter,
                f"unknown system letter {letter.value}",
                f"the weapons are {WEAPONS} [V.C.2]",
            )
        if letter.value not in WEAPONS:
            self._fail(
                letter,
                f"{letter.value} ({COMPONENTS[letter.value].name}) is not a "
                "weapon, so it has no arc and no parentheses",
                f"write {letter.value} without parentheses; only {WEAPONS} are weapons "
                "(reading R3)",
            )
        if len(c) < 2:
            self._fail(
                letter,
                f"the weapon {letter.value} has no arc of fire",
                f"add an arc after the letter: ({letter.value}f) front, "
                f"({letter.value}r) right, ({letter.value}l) left, ({letter.value}b) rear"
                " [V.A.2]",
            )
        arc = c[1]
        if arc.value not in ARCS:
            self._fail(
                arc,
                f"unknown arc {arc.value}",
                "the arcs are f (front), r (right), l (left), b (rear) [V.A.2]",
            )
        return System(letter.value, arc.value)

    def systems(self, c: list[System]) -> tuple[System, ...]:
        return tuple(c)

    def ship_code(self, c: list[Any]) -> ShipCode:
        return ShipCode(c[0].value, c[1], int(c[2]), int(c[3]), int(c[4]))

    def design_code(self, c: list[Any]) -> ShipCode:
        nums = [None if t.value == "?" else int(t) for t in c[2:]] or [None, None, None]
        return ShipCode(c[0].value, c[1], *nums)

    def code_text(self, c: list[Any]) -> ShipCode:
        return c[0]

    design_text = code_text
    system_text = code_text

    def hex_text(self, c: list[Token]) -> Hex:
        return _hex(c[0])

    # records
    def record(self, c: list[Any]) -> list[Any]:
        return c

    def tag(self, c: list[Token]) -> tuple[str, str]:
        return c[0].value, re.sub(r"\\(.)", r"\1", c[1].value[1:-1])

    def ship_line(self, c: list[Any]) -> ShipEntry:
        return ShipEntry(c[0].value, c[1].value, c[2], _hex(c[3]), c[4].value, _where(c[0]))

    def roll_pair(self, c: list[Token]) -> tuple[int, int]:
        sides = (c[0].value, c[2].value)
        if sides != ("A", "B"):
            self._fail(
                c[0], "initiative rolls are written A's first, then B's", "write `A 5 B 3` [II.A]"
            )
        return int(c[1]), int(c[3])

    def initiative_line(self, c: list[Any]) -> Initiative:
        return Initiative(int(c[0]), tuple(c[1:]), _where(c[0]))

    def move_how(self, c: list[Token]) -> str:
        return c[0].value

    def move_line(self, c: list[Any]) -> Move:
        end = (_hex(c[4]), c[5].value) if len(c) > 4 else None
        return Move(int(c[0]), c[1].value, c[2].value, c[3], end, _where(c[0]))

    def shooters(self, c: list[Token]) -> tuple[str, ...]:
        return tuple(t.value for t in c)

    def target(self, c: list[Any]) -> Target:
        return Target(c[0].value, tuple(c[1:]))

    def shot(self, c: list[Token]) -> Shot:
        shooter = target = None
        items = list(c)
        if items[0].type == "NAME":
            shooter = items.pop(0).value
        wref = items.pop(0)
        if items[0].type == "NAME":
            target = items.pop(0).value
        weapon = self._wref(wref)
        rng, die, damage = items[0], items[1], items[2]
        pd = tuple((int(t.value[2]), t.value[-1] == "1") for t in items[3:] if t.type == "PD")
        picks = tuple(
            (int(a), int(b))
            for t in items[3:]
            if t.type == "PICK"
            for a, b in [t.value[4:].split("/")]
        )
        return Shot(
            weapon,
            int(rng.value[1:]),
            int(die.value[1]),
            Fraction(damage.value),
            shooter,
            target,
            1 if "+" in die.value else 0,
            pd,
            picks,
        )

    def _wref(self, token: Token) -> System:
        letter, arc = token.value[0], token.value[1]
        if letter not in WEAPONS:
            self._fail(token, f"{letter} is not a weapon", f"weapons are {WEAPONS} [V.C.2]", 2)
        if arc not in ARCS:
            self._fail(token, f"unknown arc {arc}", "arcs are f r l b [V.A.2]", 2)
        return System(letter, arc)

    def shots(self, c: list[Shot]) -> tuple[Shot, ...]:
        return tuple(c)

    def lost(self, c: list[Any]) -> System | None:
        return c[0] if isinstance(c[0], System) else None

    def losses(self, c: list[Any]) -> Loss:
        systems = tuple(s for s in c[1:] if isinstance(s, System))
        flags = {t.type for t in c[1:] if isinstance(t, Token)}
        return Loss(c[0].value, systems, "CARRY" in flags, "DESTROYED" in flags)

    def volley_line(self, c: list[Any]) -> Volley:
        turn, side, shooters = int(c[0]), c[1].value, c[2]
        targets = tuple(x for x in c[3:] if isinstance(x, Target))
        shots = next((x for x in c[3:] if isinstance(x, tuple)), None)
        losses = tuple(x for x in c[3:] if isinstance(x, Loss))
        lapsed = any(isinstance(x, Token) and x.type == "LAPSED" for x in c[3:])
        return Volley(turn, side, shooters, targets, shots, losses, _where(c[0]), lapsed)

    def tractor_line(self, c: list[Token]) -> Tractor:
        turn, side, ship, target = int(c[0]), c[1].value, c[2].value, c[3].value
        rng = die = result = None
        if len(c) > 4 and c[4].type == "LAPSED":
            result = "lapsed"
        elif len(c) > 4:
            rng = int(c[4].value[1:])
            if c[5].type == "SHEAR":
                result = "shear"
            else:
                die, result = int(c[5].value[1]), c[6].value
        return Tractor(turn, side, ship, target, rng, die, result, _where(c[0]))


def _hex(token: Token) -> Hex:
    q, r = token.value.split(",")
    return Hex(int(q), int(r))


def _run(text: str, start: str) -> Any:
    try:
        tree = _parser().parse(text, start=start)
        return _Build(text).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, _Letters):
            raise exc.orig_exc.error from None
        raise
    except UnexpectedInput as exc:
        raise _syntax_error(text, start, exc) from None


_TERMINAL_WORDS = {
    "HULL": "a hull class (E C F D CR BC BS SD)",
    "LETTER": "a system letter",
    "LPAR": "(",
    "RPAR": ")",
    "MINUS": "-",
    "ARC": "an arc (f r l b)",
    "NUMBER": "a number",
    "FIELD": "a number or ?",
    "HEX": "a hex like 0,8",
    "FACING": "a facing (N NE SE S SW NW)",
    "NAME": "a ship's name",
    "SIDE": "A or B",
    "STEPS": "moves like FFRF",
    "STAY": "stay",
    "HELD": "held",
    "WREF": "a weapon like Gf",
    "RANGE": "a range like r5",
    "DIE": "a die like d4",
    "DAMAGE": "damage like 1 or .5",
    "EQUAL": "=",
    "SEMICOLON": ";",
    "COLON": ":",
    "COMMA": ",",
    "MORETHAN": ">",
    "LSQB": "[",
    "_NL": "the end of the line",
}


def _expected(exc: UnexpectedInput) -> tuple[str, ...]:
    names = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    words = []
    for n in names:
        word = _TERMINAL_WORDS.get(n)
        if word is None and n.startswith("__ANON"):
            continue
        word = word or n.lower().strip("_")
        if word not in words:
            words.append(word)
    return tuple(words)


def _syntax_error(text: str, start: str, exc: UnexpectedInput) -> NotationError:
    line, column = exc.line if exc.line > 0 else 1, exc.column if exc.column > 0 else 1
    expected = _expected(exc)
    found = ""
    if isinstance(exc, UnexpectedToken):
        found = "" if exc.token.type == "$END" else str(exc.token.value)
        if exc.token.type == "$END" or exc.token.type == "_NL":
            line, column = _end_of(text, exc)
    elif isinstance(exc, UnexpectedCharacters):
        found = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
    if start in ("code_text", "design_text") or _in_code(text, line, column):
        return _code_error(text, line, column, found, expected)
    what = f"unexpected {found!r}" if found.strip() else "the line ends too early"
    return NotationError(what, text, line, column, expected, _record_hint(expected), found)


def _end_of(text: str, exc: UnexpectedInput) -> tuple[int, int]:
    """The place just after the last character of the line an error ran off."""
    lines = text.splitlines() or [""]
    token = getattr(exc, "token", None)
    index = (token.line - 1) if token is not None and token.line else len(lines) - 1
    if token is not None and token.type == "$END":
        index = len(lines) - 1
        while index > 0 and not lines[index].strip():
            index -= 1
    index = min(max(index, 0), len(lines) - 1)
    if token is not None and token.type == "_NL" and token.line:
        index = token.line - 1
    return index + 1, len(lines[index].rstrip()) + 1


def _in_code(text: str, line: int, column: int) -> bool:
    """Whether an error of a record falls inside a ship line's Ship Code."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return False
    head = lines[line - 1][: column - 1]
    return bool(re.match(r"\s*[AB]\s+ship\s+\S+\s+\S*$", head))


def _code_error(
    text: str, line: int, column: int, found: str, expected: tuple[str, ...]
) -> NotationError:
    source = text.splitlines()[line - 1] if text.splitlines() else ""
    word_start = source.rfind(" ", 0, column - 1) + 1
    code = source[word_start:].split()[0] if source[word_start:].split() else ""
    fields = code.count("-") + 1 if code else 0
    if found == ")" and "an arc (f r l b)" in expected:
        letter = source[column - 2] if column >= 2 else "G"
        return NotationError(
            f"the weapon {letter} has no arc of fire",
            text,
            line,
            column - 1,
            expected,
            f"add an arc after the letter: ({letter}f) front, ({letter}r) right, "
            f"({letter}l) left, ({letter}b) rear [V.A.2]",
            letter,
        )
    if not found.strip() and fields < 5 and "-" in expected:
        missing = ", ".join(_FIELDS[fields:])
        return NotationError(
            f"the Ship Code has {fields} field{'s' if fields != 1 else ''} of 5; missing: "
            f"{missing}",
            text,
            line,
            column,
            expected,
            f"a Ship Code is {_SHAPE} [V.B]; `spaceships battles design` works out the numbers",
        )
    if found[:1].islower() and found[:1].isalpha():
        return NotationError(
            f"unexpected {found[0]!r}: system letters are capitals",
            text,
            line,
            column,
            expected,
            f"write {found[0].upper()}; a small letter is only an arc inside parentheses [V.B.2]",
            found[0],
        )
    if found in HULLS or "a hull class (E C F D CR BC BS SD)" in expected:
        return NotationError(
            f"unknown hull class {found!r}" if found.strip() else "the hull class is missing",
            text,
            line,
            column,
            expected,
            f"a Ship Code starts with its class: {_SHAPE} [V.B.1]",
            found,
        )
    what = f"unexpected {found!r} in the Ship Code" if found.strip() else "the Ship Code ends"
    return NotationError(
        what, text, line, column, expected, f"a Ship Code is {_SHAPE} [V.B]", found
    )


def _record_hint(expected: tuple[str, ...]) -> str:
    return (
        'record lines are tags `[Name "value"]`, `A ship NAME CODE at Q,R FACING`, '
        "`1 initiative A 5 B 3`, `1 A move NAME FFRF`, `1 A volley NAME > NAME`, "
        "`1 A tractor NAME > NAME` (docs/battles.md)"
    )


def parse_ship_code(text: str) -> ShipCode:
    """A whole Ship Code with its three numbers: `E-SAI(Gf)I(Xf)IIV-84-1-4` [V.B]."""
    return _run(text, "code_text")


def parse_design(text: str) -> ShipCode:
    """A Ship Code whose numbers may be missing or `?`: `E-SAI(Gf)I(Xf)IIV`."""
    return _run(text, "design_text")


def parse_system(text: str) -> System:
    return _run(text, "system_text")


def parse_hex(text: str) -> Hex:
    """A hex written `q,r`, e.g. `0,8` or `-2,3` (docs/battles.md)."""
    return _run(text, "hex_text")


def parse_record(text: str) -> BattleRecord:
    """A whole battle record. Raises NotationErrors with every error: after an error the line
    is blanked and the text parsed again, so one mistake does not hide the next."""
    if not text.endswith("\n"):
        text += "\n"
    errors: list[NotationError] = []
    work = text
    for _ in range(200):
        try:
            items = _run(work, "record")
            break
        except NotationError as exc:
            errors.append(
                NotationError(
                    exc.message,
                    text,
                    exc.line,
                    exc.column,
                    exc.expected,
                    exc.hint,
                    exc.word,
                    exc.length,
                )
            )
            lines = work.split("\n")
            if not 0 < exc.line <= len(lines) or not lines[exc.line - 1].strip():
                break
            lines[exc.line - 1] = ""
            work = "\n".join(lines)
    else:
        items = []
    raise_errors(errors)
    tags = tuple(i for i in items if isinstance(i, tuple))
    ships = tuple(i for i in items if isinstance(i, ShipEntry))
    events = tuple(i for i in items if isinstance(i, Initiative | Move | Volley | Tractor))
    return BattleRecord(tags, ships, events)
