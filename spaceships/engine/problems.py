"""What the engine says is wrong: problems citing rule numbers, and the errors that carry them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from notation.spaceships.records import Position


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a fleet or an order list, citing the rule it breaks.

    `str()` reads "turn 3, player A: `Gx3`: ... [4.4.1]" followed by a hint and the position in
    the record where those are known.
    """

    rule: str
    message: str
    turn: int | None = None
    player: str | None = None
    subject: str | None = None
    hint: str | None = None
    position: Position | None = None

    def __str__(self) -> str:
        where = []
        if self.turn is not None:
            where.append(f"turn {self.turn}")
        if self.player is not None:
            where.append(f"player {self.player}")
        text = ", ".join(where)
        if self.subject is not None:
            text = f"{text}: `{self.subject}`" if text else f"`{self.subject}`"
        text = f"{text}: {self.message}" if text else self.message
        text += f" [{self.rule}]"
        if self.hint:
            text += f"; {self.hint}"
        if self.position is not None:
            text += f" (line {self.position.line}:{self.position.column})"
        return text

    def at(self, position: Position | None) -> Problem:
        """The same problem pointing at a place in a record."""
        if position is None:
            return self
        return Problem(
            self.rule, self.message, self.turn, self.player, self.subject, self.hint, position
        )


class RulesetError(ValueError):
    """An unknown ruleset or option; names the known ones."""

    def __init__(self, text: str, known: Sequence[str], what: str = "ruleset") -> None:
        self.text = text
        self.known = tuple(known)
        super().__init__(f"unknown {what} {text!r}; known: {', '.join(self.known)}")


class FleetRefused(ValueError):
    """A fleet breaks the rules; `.problems` lists every reason."""

    def __init__(self, problems: Sequence[Problem], game: object | None = None) -> None:
        self.problems = tuple(problems)
        self.game = game  # the game as far as it was played (play_record), if any
        super().__init__("fleet refused:\n" + "\n".join(f"  {p}" for p in self.problems))


class OrdersRefused(ValueError):
    """An order list breaks the rules; it is refused whole [rulings, Orders]."""

    def __init__(self, problems: Sequence[Problem], game: object | None = None) -> None:
        self.problems = tuple(problems)
        self.game = game
        super().__init__("orders refused:\n" + "\n".join(f"  {p}" for p in self.problems))
