"""Parse battle records with lark (battles.lark), every error at once; and Ship Codes and hexes.

Syntax only, plus the letters of a Ship Code: which letters are systems, which are weapons and
which arcs exist is part of the notation [V.B, V.C.2]. Whether a design is legal is design.py's.
Ship Codes, systems and hexes read themselves (`ShipCode.parse`, `System.parse`, `Hex.parse`,
through notation.battles.grammar); the functions here are their names beside `parse_record`. Errors
are `notation.errors.NotationError` (line, column, caret, hint), every error of a record at once
(`NotationErrors`), as for Spaceships.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from lark import Token

from notation.battles.codes import ARCS, CodeReader, ShipCode, System
from notation.battles.grammar import build
from notation.battles.hexes import Hex
from notation.battles.letters import WEAPONS
from notation.battles.records import (
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
from notation.errors import NotationError, raise_errors

__all__ = ["parse_design", "parse_hex", "parse_record", "parse_ship_code", "parse_system"]


def _where(token: Token) -> Where:
    return Where(token.line or 1, token.column or 1)


class _Build(CodeReader):
    """Builds a record's values; its Ship Codes and systems are read as CodeReader reads them."""

    def record(self, c: list[Any]) -> list[Any]:
        return c

    def tag(self, c: list[Token]) -> tuple[str, str]:
        return c[0].value, re.sub(r"\\(.)", r"\1", c[1].value[1:-1])

    def ship_line(self, c: list[Any]) -> ShipEntry:
        return ShipEntry(c[0].value, c[1].value, c[2], _hex(c[3]), c[4].value, _where(c[0]))

    def roll_pair(self, c: list[Token]) -> tuple[int, int]:
        sides = (c[0].value, c[2].value)
        if sides != ("A", "B"):
            self.fail(
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
            self.fail(token, f"{letter} is not a weapon", f"weapons are {WEAPONS} [V.C.2]", 2)
        if arc not in ARCS:
            self.fail(token, f"unknown arc {arc}", "arcs are f r l b [V.A.2]", 2)
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
        words = {x.type for x in c[3:] if isinstance(x, Token)}
        return Volley(
            turn,
            side,
            shooters,
            targets,
            shots,
            losses,
            _where(c[0]),
            "LAPSED" in words,
            "SILENT" in words,
        )

    def tractor_line(self, c: list[Token]) -> Tractor:
        turn, side, ship, target = int(c[0]), c[1].value, c[2].value, c[3].value
        rng = die = result = None
        if len(c) > 4 and c[4].type in ("LAPSED", "SILENT"):
            result = c[4].value
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


def parse_ship_code(text: str) -> ShipCode:
    """A whole Ship Code with its three numbers: `E-SAI(Gf)I(Xf)IIV-84-1-4` [V.B]."""
    return ShipCode.parse(text)


def parse_design(text: str) -> ShipCode:
    """A Ship Code whose numbers may be missing or `?`: `E-SAI(Gf)I(Xf)IIV`."""
    return ShipCode.parse_design(text)


def parse_system(text: str) -> System:
    """One system of a Ship Code: `S` or `(Gf)`."""
    return System.parse(text)


def parse_hex(text: str) -> Hex:
    """A hex written `q,r`, e.g. `0,8` or `-2,3` (docs/battles.md)."""
    return Hex.parse(text)


def parse_record(text: str) -> BattleRecord:
    """A whole battle record. Raises NotationErrors with every error: after an error the line
    is blanked and the text parsed again, so one mistake does not hide the next."""
    if not text.endswith("\n"):
        text += "\n"
    errors: list[NotationError] = []
    work = text
    for _ in range(200):
        try:
            items = build(work, "record", _Build(work))
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
