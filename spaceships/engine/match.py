"""A match's rules [9, 10]: its kind, when it ends, the standings after each game and who wins.

Pure values: the games of a match come in as their outcomes (scores, winner, remaining
materiel) and the standings, the end and the winner are worked out from them. What is carried
into the next game of a continued match [10.3] is the remaining materiel at the end of the last.
A game a player resigns ends the match, which the opponent wins (docs/readings.md): this module
is the one place that knows it, for the judge, `validate` and `adjudicate` alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from notation.words import counted, seated
from spaceships.engine.state import PLAYERS, GameState

KINDS = ("scored", "continued")
# How a match ends [9.3, 10.6]: after N games, when a player's overall score reaches N, when a
# player has won N games, or when the players (or their game master) agree.
END_KINDS = ("games", "score", "wins", "agreed")
# Who wins a continued match [10.6]: the larger sum of scores (9.5's rule, the default), more
# games won, or more remaining materiel at the end of the last game.
VICTORIES = ("score", "wins", "materiel")


class MatchError(ValueError):
    """A match setting that is not one of ours: the text, what was expected, the rule."""

    def __init__(self, message: str, text: str, expected: Sequence[str], rule: str) -> None:
        super().__init__(f"{message} [{rule}]; expected {' or '.join(expected)}")
        self.message = message
        self.text = text
        self.expected = tuple(expected)
        self.rule = rule


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """When a match ends [9.3, 10.6]: `games=3`, `score=40`, `wins=2` or `agreed`."""

    kind: str = "agreed"
    number: int | None = None

    @classmethod
    def parse(cls, text: str) -> MatchEnd:
        word = text.strip().lower()
        if word == "agreed":
            return cls("agreed")
        key, eq, value = word.partition("=")
        if eq and key in END_KINDS[:3] and value.isdigit() and int(value) > 0:
            return cls(key, int(value))
        raise MatchError(
            f"`{text}` is not a match end",
            text,
            ("games=N", "score=N", "wins=N", "agreed"),
            "9.3",
        )

    def __str__(self) -> str:
        return self.kind if self.number is None else f"{self.kind}={self.number}"

    def describe(self) -> str:
        return {
            "games": f"after {counted(self.number or 0, 'game')}",
            "score": f"when a player's overall score reaches {self.number}",
            "wins": f"when a player has won {counted(self.number or 0, 'game')}",
            "agreed": "when the players agree, after a game",
        }[self.kind]


@dataclass(frozen=True, slots=True)
class MatchRules:
    """What the players agreed before the match [9.1, 9.3, 10.1, 10.5, 10.6]. The build table
    (10.5) is a ruleset option (`build=...`), read by the fleet checks."""

    kind: str = "scored"
    end: MatchEnd = MatchEnd()
    victory: str = "score"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise MatchError(f"`{self.kind}` is not a kind of match", self.kind, KINDS, "9.1")
        if self.victory not in VICTORIES:
            raise MatchError(
                f"`{self.victory}` is not a victory condition", self.victory, VICTORIES, "10.6"
            )
        if self.kind == "scored" and self.victory != "score":
            # 9.5 fixes the winner of a scored match: the larger overall score.
            raise MatchError(
                f"a scored match is won on the overall score, not `{self.victory}`",
                self.victory,
                ("victory=score", "match=continued"),
                "9.5",
            )

    @classmethod
    def from_tags(
        cls, kind: str | None, end: str | None = None, victory: str | None = None
    ) -> MatchRules:
        return cls(
            (kind or "scored").strip().lower(),
            MatchEnd.parse(end) if end else MatchEnd(),
            (victory or "score").strip().lower(),
        )

    @property
    def continued(self) -> bool:
        return self.kind == "continued"

    def words(self) -> list[str]:
        """The settings as `key=value` words (as the judge's `create` takes them)."""
        words = [f"match={self.kind}", str(self.end) if self.end.number else "end=agreed"]
        if self.victory != "score":
            words.append(f"victory={self.victory}")
        return words

    def describe(self) -> str:
        text = f"a {self.kind} match that ends {self.end.describe()}"
        if self.continued:
            text += (
                ", won on "
                + {
                    "score": "the sum of the scores",
                    "wins": "the games won",
                    "materiel": "the materiel at the end of the last game",
                }[self.victory]
            )
        return text


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One finished game of a match: its scores [2.3.3], winner [2.3.4] and each player's
    remaining materiel [2.3.5] (what a continued match carries, 10.3); or a game a player
    resigned (`resigned` is their seat), which ends the match (docs/readings.md)."""

    score: dict[str, int]
    winner: str
    materiel: dict[str, int]
    resigned: str | None = None

    @classmethod
    def of(cls, state: GameState) -> GameOutcome:
        result = state.result
        assert result.over and result.score is not None and result.winner is not None
        return cls(dict(result.score), result.winner, {p: state.materiel(p) for p in PLAYERS})

    @classmethod
    def by_resignation(cls, seat: str, state: GameState | None = None) -> GameOutcome:
        """A game `seat` resigned: the opponent wins it; neither scores, for the rules score
        only a game that ends by them [2.3.3] (docs/readings.md)."""
        materiel = {p: state.materiel(p) if state else 0 for p in PLAYERS}
        return cls(dict.fromkeys(PLAYERS, 0), other(seat), materiel, seat)

    def to_json(self) -> dict[str, Any]:
        d = {"score": dict(self.score), "winner": self.winner, "materiel": dict(self.materiel)}
        return d | ({"resigned": self.resigned} if self.resigned else {})

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameOutcome:
        return cls(dict(d["score"]), d["winner"], dict(d["materiel"]), d.get("resigned"))


def other(seat: str) -> str:
    return "B" if seat == "A" else "A"


# How a record's [Termination] tag tells of a resignation: "Bob (B) resigned", "B resigns",
# "Bob concedes" (the judge writes "Alice (A) wins after turn 3 (Bob (B) resigned)").
_RESIGNED = re.compile(r"([^\s()]+(?:\s+\(([AB])\))?)\s+(?:resign|concede)", re.IGNORECASE)


def resigned_by(termination: str | None, names: dict[str, str] | None = None) -> str | None:
    """The seat that resigned, as a game's [Termination] tag says, or None. The player is
    named by seat ("B", "Bob (B)") or by the name in the record's [A]/[B] tags."""
    for found in _RESIGNED.finditer(termination or ""):
        if found.group(2):
            return found.group(2).upper()
        word = found.group(1)
        if word.upper() in PLAYERS:
            return word.upper()
        for seat, name in (names or {}).items():
            if name and name.split()[-1].lower() == word.lower():
                return seat
    return None


@dataclass(frozen=True, slots=True)
class Standings:
    """After some games: each player's overall score (the sum, 9.4), games won, draws."""

    games: int
    score: dict[str, int]
    wins: dict[str, int]
    draws: int
    materiel: dict[str, int]  # at the end of the last game

    @classmethod
    def after(cls, outcomes: Iterable[GameOutcome]) -> Standings:
        games, draws = 0, 0
        score = dict.fromkeys(PLAYERS, 0)
        wins = dict.fromkeys(PLAYERS, 0)
        materiel = dict.fromkeys(PLAYERS, 0)
        for o in outcomes:
            games += 1
            for p in PLAYERS:
                score[p] += o.score[p]
            if o.winner in PLAYERS:
                wins[o.winner] += 1
            else:
                draws += 1
            materiel = dict(o.materiel)
        return cls(games, score, wins, draws, materiel)

    def to_json(self) -> dict[str, int]:
        """One entry of the report's `standings`: each player's overall score."""
        return {p: self.score[p] for p in PLAYERS}

    def describe(self, names: dict[str, str] | None = None) -> str:
        """`after 2 games: Alice (A) 30, Bob (B) 12 (games won 2-0)`."""
        label = {p: (seated(names[p], p) if names else p) for p in PLAYERS}
        text = f"after {self.games} game{'s' if self.games != 1 else ''}: " + ", ".join(
            f"{label[p]} {self.score[p]}" for p in PLAYERS
        )
        text += f" (games won {self.wins['A']}-{self.wins['B']}"
        return text + (f", {self.draws} drawn)" if self.draws else ")")


def carried(rules: MatchRules, outcomes: Sequence[GameOutcome]) -> dict[str, int]:
    """What each player's additional ships must cost in the next game: the remaining
    materiel at the end of the last game in a continued match [10.3], nothing otherwise [9.2]."""
    if not rules.continued or not outcomes:
        return dict.fromkeys(PLAYERS, 0)
    return dict(outcomes[-1].materiel)


def match_over(rules: MatchRules, outcomes: Sequence[GameOutcome], agreed: bool = False) -> bool:
    """Whether the match ends now, just after its last game [9.3.1, 10.6.1]. The players may
    always agree to end it after a game, whatever end they chose."""
    if not outcomes:
        return False
    if agreed or outcomes[-1].resigned:
        return True
    s = Standings.after(outcomes)
    n = rules.end.number or 0
    if rules.end.kind == "games":
        return s.games >= n
    if rules.end.kind == "score":
        return max(s.score.values()) >= n
    if rules.end.kind == "wins":
        return max(s.wins.values()) >= n
    return False


def match_winner(rules: MatchRules, outcomes: Sequence[GameOutcome]) -> str:
    """Who wins [9.5, 10.6]: "A", "B" or "draw", under the agreed victory condition; the
    opponent of a player who resigned a game (docs/readings.md)."""
    for o in outcomes:
        if o.resigned:
            return other(o.resigned)
    s = Standings.after(outcomes)
    measure = {"score": s.score, "wins": s.wins, "materiel": s.materiel}[rules.victory]
    if measure["A"] == measure["B"]:
        return "draw"
    return "A" if measure["A"] > measure["B"] else "B"


def end_reason(rules: MatchRules, outcomes: Sequence[GameOutcome]) -> str:
    """Why the match ended after its last game: the agreed end, or a resignation."""
    if outcomes and outcomes[-1].resigned:
        return f"{outcomes[-1].resigned} resigned game {len(outcomes)} and with it the match"
    return rules.end.describe()
