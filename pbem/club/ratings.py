"""A player's rating on the club ladder as a value, and one rated game's update by OpenSkill's
Plackett-Luce model (docs/readings.md, "The ladder", says why this library and these figures).

Pure: no store, no clock. The maths is the library's; this module only sets its scale (the
library's own defaults times 60, so a new player starts at 1500 with a deviation of 500, as
on lichess) and says how a result reads: a win, a loss or a draw of seat A.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from openskill.models import PlackettLuce

START = 1500.0  # a new player's rating
DEVIATION = 500.0  # a new player's deviation: how unsure the ladder is of the rating
# The library's model at this scale: its defaults (mu 25, sigma 25/3, beta sigma/2, tau mu/300)
# times 60, so its behaviour is exactly the library's tested one.
MODEL = PlackettLuce(mu=START, sigma=DEVIATION, beta=DEVIATION / 2, tau=START / 300)
PROVISIONAL = 350.0  # above this deviation a rating shows `?` (about the first dozen games)
MIN_GAMES = 5  # rated games a player needs before the ladder lists them
# ... against this many different opponents (the computer is one): two addresses of one
# person playing each other are never listed on that alone (issue 32, item 3).
MIN_OPPONENTS = 3

Score = Literal[1.0, 0.5, 0.0]  # seat A's score: a win, a draw, a loss


class RatingError(ValueError):
    """A rating written wrongly (`1523`, `1523?`, `1523 +-120`): the text and where."""

    def __init__(self, message: str, text: str, position: int = 0) -> None:
        super().__init__(message)
        self.text = text
        self.position = position


RATING_PATTERN = re.compile(r"^\s*(\d{1,4})(\?)?(?:\s*(?:\+-|±)\s*(\d{1,4}))?\s*\Z")


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating: `mu` the estimate, `sigma` the deviation, `games` rated games played."""

    mu: float = START
    sigma: float = DEVIATION
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL

    @property
    def listed(self) -> bool:
        """Whether the ladder lists this player (enough rated games)."""
        return self.games >= MIN_GAMES

    def __str__(self) -> str:
        """`1523`, or `1523?` while the ladder is still unsure of it."""
        return f"{round(self.mu)}{'?' if self.provisional else ''}"

    def long(self) -> str:
        """`1523 ±120`: with the deviation, for a player's own place."""
        return f"{self} ±{round(self.sigma)}"

    @classmethod
    def parse(cls, text: str) -> Rating:
        """Read `1523`, `1523?` or `1523 ±120` (a computer's fixed rating in settings, tests)."""
        found = RATING_PATTERN.match(text)
        if found is None:
            raise RatingError(
                f"`{text.strip()}` is not a rating: write a number such as 1500, "
                "optionally with its deviation (1500 ±120)",
                text,
            )
        sigma = float(found.group(3)) if found.group(3) else None
        if sigma is None:
            sigma = DEVIATION if found.group(2) else PROVISIONAL
        return cls(float(found.group(1)), sigma)


def rate(a: Rating, b: Rating, score: Score) -> tuple[Rating, Rating]:
    """Both ratings after one game that seat A scored `score` in (1 a win, 0.5 a draw, 0 a
    loss). A side whose rating stays fixed (the computer's) simply ignores its new value."""
    ranks = {1.0: [1, 2], 0.5: [1, 1], 0.0: [2, 1]}[score]
    model_a = MODEL.rating(mu=a.mu, sigma=a.sigma)
    model_b = MODEL.rating(mu=b.mu, sigma=b.sigma)
    [[new_a], [new_b]] = MODEL.rate([[model_a], [model_b]], ranks=ranks)
    return (
        Rating(new_a.mu, new_a.sigma, a.games + 1),
        Rating(new_b.mu, new_b.sigma, b.games + 1),
    )


def chance(a: Rating, b: Rating) -> float:
    """The library's chance that A beats B (the bench's check of the computer's figures)."""
    model_a = MODEL.rating(mu=a.mu, sigma=a.sigma)
    model_b = MODEL.rating(mu=b.mu, sigma=b.sigma)
    return float(MODEL.predict_win([[model_a], [model_b]])[0])
