"""The game-neutral form's value types: a message's sights, a picture, a form and its fields,
a button's action (issue 21). Plain values that import nothing of the project, so messages,
the core and every game share them; who may see what is pbem.kinds.shown's.
"""

from __future__ import annotations

from dataclasses import dataclass

ALL = "*"  # a sight of everything: both sides revealed, only once the game is over [1.4.1]
SEATS = ("A", "B")
# setup: a player's own set-up; start: as the game began; turn: after a turn (Spaceships) or
# phase (Battles); now: as the game stands; end: as it ended.
MOMENTS = ("setup", "start", "turn", "now", "end")


class SightError(ValueError):
    """A sight's text that does not read: `text`, and the `position` (0-based) of the part."""

    def __init__(self, message: str, text: str, position: int) -> None:
        super().__init__(f"{message} at character {position + 1} of `{text}`")
        self.text = text
        self.position = position


@dataclass(frozen=True, slots=True)
class Sight:
    """Which picture a message stands for; the game draws it when a front end asks.

    `seat` "A"/"B": that player's own view; None: what both players see; ALL: everything.
    `number`: which game of a match (None: the game the row plays, or no match)."""

    moment: str
    turn: int | None = None
    seat: str | None = None
    number: int | None = None

    def __post_init__(self) -> None:
        # Made in code, not read: the error names the value as its text would be written.
        if self.moment not in MOMENTS:
            raise SightError(
                f"`{self.moment}` is not a moment (one of {', '.join(MOMENTS)})", self.moment, 0
            )
        if self.seat is not None and self.seat not in (*SEATS, ALL):
            raise SightError(f"`{self.seat}` is not a seat (A, B or {ALL})", self.seat, 0)

    def __str__(self) -> str:
        parts = [
            self.moment,
            "" if self.turn is None else str(self.turn),
            self.seat or "",
            "" if self.number is None else str(self.number),
        ]
        while parts[-1] == "":
            parts.pop()
        return ":".join(parts)

    @classmethod
    def parse(cls, text: str) -> Sight:
        """`turn:3:A`, `end::*:2`, `now`: moment, turn, seat, game of a match; empty parts
        left out at the end."""
        parts = text.split(":")
        if len(parts) > 4:
            raise SightError(
                "too many parts: a sight is moment:turn:seat:number",
                text,
                len(":".join(parts[:4])),
            )
        parts += [""] * (4 - len(parts))
        starts = [0]
        for part in parts[:3]:
            starts.append(starts[-1] + len(part) + 1)
        moment, turn, seat, number = parts
        if moment not in MOMENTS:
            raise SightError(
                f"`{moment}` is not a moment (one of {', '.join(MOMENTS)})", text, starts[0]
            )
        for value, start, what in ((turn, starts[1], "turn"), (number, starts[3], "number")):
            if value and not value.isdigit():
                raise SightError(f"the {what} `{value}` is not a whole number", text, start)
        if seat and seat not in (*SEATS, ALL):
            raise SightError(f"`{seat}` is not a seat (A, B or {ALL})", text, starts[2])
        return cls(
            moment,
            int(turn) if turn else None,
            seat or None,
            int(number) if number else None,
        )


@dataclass(frozen=True, slots=True)
class Picture:
    filename: str  # "alpha-turn3-A.png": the same name in a mail and a post
    png: bytes
    title: str  # one line: what it shows
    # The same picture as SVG text, where the game draws one: a web page shows it sharp at any
    # width. Its root may say `data-smallest-text` (the least pixels of its words).
    svg: str | None = None


@dataclass(frozen=True, slots=True)
class Field:
    label: str  # at most 45 characters (Discord's limit)
    example: str  # the placeholder
    help: str = ""  # one line under the field
    required: bool = True


@dataclass(frozen=True, slots=True)
class Form:
    title: str  # "Orders for turn 3 of alpha" (at most 45 characters)
    command: str  # the judge keyword the form's text is sent as: "orders"
    turn: int | None
    fields: tuple[Field, ...]


@dataclass(frozen=True, slots=True)
class Action:
    """A button under a post: the form it opens. `key` is the custom-id word the game chooses
    (`fleet`, `orders`, `design`, `phase`): ids already posted stay valid."""

    key: str
    command: str  # the judge keyword it leads to: "fleet", "design", "orders"
    label: str  # "Submit fleet", "Submit orders (turn 3)"
    turn: int | None = None
    # The seats who may press it (a game whose sides take turns: the side to act); empty for
    # every player. The others are refused at the press, before they type anything.
    seats: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Setting:
    """A `create` setting a front end may offer as a field of its own (Discord's options)."""

    name: str  # "budget", "turns", "x", "ruleset"
    help: str  # the option's description
    choices: tuple[tuple[str, str], ...] = ()  # (label, value)
    number: bool = False  # an integer option
    most: int = 100_000  # the largest number an integer option takes (the least is 1)
