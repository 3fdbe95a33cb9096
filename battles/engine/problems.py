"""What the battle rules say is wrong: problems citing the seed's sections or our readings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["BattleRefused", "Problem"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong, citing its rule (`V.A.1`, or a reading `R9`). `str()` reads
    "turn 2, player A: `Lancer`: ... [III.A.1]; hint (line 7:3)"."""

    rule: str
    message: str
    subject: str | None = None
    hint: str | None = None
    turn: int | None = None
    side: str | None = None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        where = []
        if self.turn is not None:
            where.append(f"turn {self.turn}")
        if self.side is not None:
            where.append(f"player {self.side}")
        text = ", ".join(where)
        if self.subject is not None:
            text = f"{text}: `{self.subject}`" if text else f"`{self.subject}`"
        text = f"{text}: {self.message}" if text else self.message
        if not self.message.endswith(f"[{self.rule}]"):  # a message may end citing it already
            text += f" [{self.rule}]"
        if self.hint:
            text += f"; {self.hint}"
        if self.line is not None:
            text += f" (line {self.line}:{self.column})"
        return text

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "message": self.message,
            "subject": self.subject,
            "hint": self.hint,
            "turn": self.turn,
            "side": self.side,
            "line": self.line,
            "column": self.column,
        }


class BattleRefused(ValueError):
    """A design, set-up or order breaks the rules; `.problems` gives every reason."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("refused:\n" + "\n".join(f"  {p}" for p in self.problems))
