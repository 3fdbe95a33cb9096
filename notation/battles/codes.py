"""Ship Codes as values: a hull class, systems in damage order, cost, turn mode, engines [V.B].

They read themselves (`ShipCode.parse`, `System.parse`) from the tree of notation.battles.grammar;
`CodeReader` builds them and names a wrong letter; notation.battles.parse extends it to whole
records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from notation.battles.grammar import build, token_error
from notation.battles.letters import COMPONENTS, WEAPONS
from notation.errors import NotationError

__all__ = ["ARCS", "CodeReader", "ShipCode", "System"]

ARCS = "frlb"  # front, right, left, rear [V.A.2]
ARC_NAMES = {"f": "front", "r": "right", "l": "left", "b": "rear"}


@dataclass(frozen=True, slots=True)
class System:
    """One system of a Ship Code: its letter and, for a weapon, its arc. `str()` is the code's
    own spelling: `S`, `(Gf)`."""

    code: str
    arc: str | None = None

    @property
    def weapon(self) -> bool:
        return COMPONENTS[self.code].weapon

    @property
    def name(self) -> str:
        return COMPONENTS[self.code].name

    def __str__(self) -> str:
        return f"({self.code}{self.arc})" if self.arc else self.code

    @classmethod
    def parse(cls, text: str) -> System:
        """`S` or `(Gf)`; raises notation.errors.NotationError with a hint on a wrong letter."""
        return build(text, "system_text", CodeReader(text))


@dataclass(frozen=True, slots=True)
class ShipCode:
    """`E-SAI(Gf)I(Xf)IIV-84-1-4`. The three numbers are None in a design still to be completed
    (`spaceships battles design`). The code says what is written; whether it is right by the
    tables is `battles.engine.design.check_design`'s business."""

    hull: str
    systems: tuple[System, ...]
    cost: int | None = None
    turn_mode: int | None = None
    engines: int | None = None

    @property
    def complete(self) -> bool:
        return None not in (self.cost, self.turn_mode, self.engines)

    def count(self, code: str) -> int:
        return sum(1 for s in self.systems if s.code == code)

    def systems_text(self) -> str:
        return "".join(str(s) for s in self.systems)

    def __str__(self) -> str:
        head = f"{self.hull}-{self.systems_text()}"
        if not self.complete:
            return head
        return f"{head}-{self.cost}-{self.turn_mode}-{self.engines}"

    @classmethod
    def parse(cls, text: str) -> ShipCode:
        """A whole Ship Code with its three numbers: `E-SAI(Gf)I(Xf)IIV-84-1-4` [V.B]; raises
        notation.errors.NotationError with a hint."""
        return build(text, "code_text", CodeReader(text))

    @classmethod
    def parse_design(cls, text: str) -> ShipCode:
        """A Ship Code whose numbers may be missing or `?`: `E-SAI(Gf)I(Xf)IIV`."""
        return build(text, "design_text", CodeReader(text))


class CodeReader(Transformer[Token, Any]):
    """Builds Systems and Ship Codes from the grammar's tree. The grammar takes any capital for
    a system and any small letter for an arc; here a wrong one gets an error naming the letter
    and the fix [V.B.2, V.C.2]."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def fail(self, token: Token, message: str, hint: str, length: int = 1) -> None:
        raise token_error(self.text, token, message, hint, length)

    def plain(self, c: list[Token]) -> System:
        letter = c[0]
        if letter.value not in COMPONENTS:
            self.fail(
                letter,
                f"unknown system letter {letter.value}",
                f"the systems are {''.join(COMPONENTS)} [V.C.2]",
            )
        if letter.value in WEAPONS:
            self.fail(
                letter,
                f"{letter.value} ({COMPONENTS[letter.value].name}) is a weapon "
                "and goes in parentheses with its arc",
                f"write ({letter.value}f) for a front arc; arcs are f r l b [V.B.2]",
            )
        return System(letter.value)

    def weapon(self, c: list[Token]) -> System:
        letter = c[0]
        if letter.value not in COMPONENTS:
            self.fail(
                letter,
                f"unknown system letter {letter.value}",
                f"the weapons are {WEAPONS} [V.C.2]",
            )
        if letter.value not in WEAPONS:
            self.fail(
                letter,
                f"{letter.value} ({COMPONENTS[letter.value].name}) is not a "
                "weapon, so it has no arc and no parentheses",
                f"write {letter.value} without parentheses; only {WEAPONS} are weapons "
                "(reading R3)",
            )
        if len(c) < 2:
            self.fail(
                letter,
                f"the weapon {letter.value} has no arc of fire",
                f"add an arc after the letter: ({letter.value}f) front, "
                f"({letter.value}r) right, ({letter.value}l) left, ({letter.value}b) rear"
                " [V.A.2]",
            )
        arc = c[1]
        if arc.value not in ARCS:
            self.fail(
                arc,
                f"unknown arc {arc.value}",
                "the arcs are f (front), r (right), l (left), b (rear) [V.A.2]",
            )
        return System(letter.value, arc.value)

    def systems(self, c: list[System]) -> tuple[System, ...]:
        return tuple(c)

    @v_args(meta=True)
    def ship_code(self, meta: Meta, c: list[Any]) -> ShipCode:
        code = ShipCode(c[0].value, c[1], int(c[2]), int(c[3]), int(c[4]))
        self.no_spaces(meta, code)
        return code

    @v_args(meta=True)
    def design_code(self, meta: Meta, c: list[Any]) -> ShipCode:
        nums = [None if t.value == "?" else int(t) for t in c[2:]] or [None, None, None]
        code = ShipCode(c[0].value, c[1], *nums)
        self.no_spaces(meta, code)
        return code

    def no_spaces(self, meta: Meta, code: ShipCode) -> None:
        """A Ship Code is one word [V.B]: the grammar skips blanks between any two tokens, so
        `E-S (Gf)-...` would read as `E-S(Gf)-...` unsaid (a space typed in the middle of a code
        more likely means something was lost or split there than nothing)."""
        written = self.text[meta.start_pos : meta.end_pos]
        blank = next((i for i, ch in enumerate(written) if ch in " \t"), None)
        if blank is None:
            return
        raise NotationError(
            f"a Ship Code is written without spaces: `{written}` has one after `{written[:blank]}`",
            self.text,
            meta.line,
            meta.column + blank,
            (),
            f"write it as one word: `{code}` [V.B]",
            written,
            1,
        )

    def code_text(self, c: list[Any]) -> ShipCode:
        return c[0]

    design_text = code_text
    system_text = code_text
