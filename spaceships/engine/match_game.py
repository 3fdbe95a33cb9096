"""Playing a whole match record [9, 10]: each game in turn, a continued match's fleets checked
against the materiel carried from the game before [10.3], the standings after every game and
the winner once the agreed end is reached (used by `adjudicate` and `validate`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from notation.spaceships.matches import MatchRecord, Round
from spaceships.engine.game import Game, play_record, record_ruleset
from spaceships.engine.match import (
    GameOutcome,
    MatchRules,
    Standings,
    carried,
    end_reason,
    match_over,
    match_winner,
    resigned_by,
)
from spaceships.engine.matches import additional_ships
from spaceships.engine.problems import FleetRefused, OrdersRefused, Problem
from spaceships.engine.state import PLAYERS


def match_rules(match: MatchRecord) -> MatchRules:
    """The agreed rules from the match's tags; raises spaceships.engine.match.MatchError."""
    return MatchRules.from_tags(match.tag("Match"), match.tag("MatchEnd"), match.tag("Victory"))


@dataclass(frozen=True)
class MatchGame:
    """A match record played as far as it goes: each game, what each player carried into it
    and built from it, and the outcomes of the finished games."""

    match: MatchRecord
    rules: MatchRules
    games: tuple[Game, ...]
    carried: tuple[dict[str, int], ...]  # per game, what each player's additional ships cost
    additional: tuple[dict[str, tuple[str, ...]], ...]  # per game, the additional ship types
    outcomes: tuple[GameOutcome, ...]  # of the games that ended

    @property
    def standings(self) -> tuple[Standings, ...]:
        """After each finished game [9.4]."""
        return tuple(Standings.after(self.outcomes[: i + 1]) for i in range(len(self.outcomes)))

    @property
    def over(self) -> bool:
        """Whether the match has ended [9.3.1, 10.6.1]: the agreed end was reached, or, where
        the end is `agreed`, the record's last game ended (the record stops where they agreed)."""
        if len(self.outcomes) != len(self.games) or not self.outcomes:
            return False
        if match_over(self.rules, self.outcomes):
            return True
        return self.rules.end.kind == "agreed" and len(self.games) == len(self.match.rounds)

    @property
    def winner(self) -> str | None:
        return match_winner(self.rules, self.outcomes) if self.over else None

    def to_json(self) -> dict[str, Any]:
        """The match report of record-format.md: match, games, standings, winner."""
        games = []
        for i, game in enumerate(self.games):
            d = {"round": i + 1, **game.to_json()}
            d["carried"] = dict(self.carried[i])
            d["additional"] = {p: list(self.additional[i].get(p, ())) for p in PLAYERS}
            games.append(d)
        return {
            "match": self.rules.kind,
            "end": str(self.rules.end),
            "victory": self.rules.victory,
            "games": games,
            "standings": [s.to_json() for s in self.standings],
            "wins": [dict(s.wins) for s in self.standings],
            "winner": self.winner,
        }

    def describe(self) -> str:
        """Game by game, with the standings after each (as `adjudicate` prints it)."""
        lines = [f"Match: {self.rules.describe()}"]
        standings = self.standings
        for i, game in enumerate(self.games):
            lines += ["", f"== Game {i + 1} =="]
            if self.rules.continued and i > 0:
                for p in PLAYERS:
                    built = " ".join(self.additional[i].get(p, ())) or "none"
                    lines.append(
                        f"{p} carried {self.carried[i][p]} materiel [10.3]; additional ships: "
                        f"{built}"
                    )
            lines.append(game.describe())
            if i < len(self.outcomes) and self.outcomes[i].resigned:
                lines.append(f"Game over: {self.outcomes[i].resigned} resigned")
            if i < len(standings):
                lines.append(f"Standings {standings[i].describe()}")
        if self.over:
            outcome = "a draw" if self.winner == "draw" else f"{self.winner} wins"
            n = len(self.games)
            lines += ["", f"The match is over after {n} game{'s' if n != 1 else ''}: {outcome}."]
            if self.outcomes[-1].resigned:
                lines[-1] += f" {end_reason(self.rules, self.outcomes)} (docs/readings.md)."
        else:
            lines += ["", "The match goes on."]
        return "\n".join(lines)


def round_problems(
    match: MatchRecord,
    rules: MatchRules,
    played: int,
    over: bool,
    outcomes: tuple[GameOutcome, ...] | list[GameOutcome] = (),
) -> Problem:
    """Why round `played + 1` cannot be played: the game before it did not end, or the match
    had already ended [9.3.1, 10.6.1]."""
    rule = "10.6.1" if rules.continued else "9.3.1"
    if over:
        message = (
            f"the match ended after game {played} ({end_reason(rules, outcomes)}); "
            f"round {played + 1} is not part of it"
        )
    else:
        message = (
            f"game {played} is not over, yet round {played + 1} begins: each game of a match "
            "is played to its end [2.3] before the next"
        )
    nxt = match.rounds[played]
    return Problem(rule, message, position=nxt.position)


def play_match(match: MatchRecord) -> MatchGame:
    """Every game of the match record; raises FleetRefused or OrdersRefused (with `.game`,
    the match as far as it was played, and `.round`) at the first refusal, and MatchError or
    RulesetError for tags that are not ours."""
    rules = match_rules(match)
    games: list[Game] = []
    carries: list[dict[str, int]] = []
    built: list[dict[str, tuple[str, ...]]] = []
    outcomes: list[GameOutcome] = []

    def so_far() -> MatchGame:
        return MatchGame(match, rules, tuple(games), tuple(carries), tuple(built), tuple(outcomes))

    for game_round in match.rounds:
        n = game_round.number
        if n > 1 and (len(outcomes) < len(games) or match_over(rules, outcomes)):
            problem = round_problems(match, rules, n - 1, len(outcomes) == len(games), outcomes)
            raise _in_round(OrdersRefused([problem]), so_far(), n)
        carry = carried(rules, outcomes)
        resigned = resigned_by(game_round.record.tag("Termination"), _names(match))
        try:
            game = play_record(game_round.record, carry)
        except FleetRefused as exc:
            record = game_round.record
            if (
                resigned is None
                or record.turns
                or any(p.player is None or p.player in record.fleets for p in exc.problems)
            ):
                raise _in_round(exc, so_far(), n) from None
            # Resigned before both fleets were in: nothing was played, yet the match is over.
            game = Game(record, record_ruleset(record), None)
        except OrdersRefused as exc:
            if isinstance(exc.game, Game) and exc.game.state is not None:
                games.append(exc.game)
                carries.append(carry)
                built.append(_additional(game_round, carry))
            raise _in_round(exc, so_far(), n) from None
        games.append(game)
        carries.append(carry)
        built.append(_additional(game_round, carry))
        if game.state is not None and game.state.over:
            outcomes.append(GameOutcome.of(game.state))
        elif resigned is not None:
            outcomes.append(GameOutcome.by_resignation(resigned, game.state))
    return so_far()


def _names(match: MatchRecord) -> dict[str, str]:
    return {p: match.tag(p) or "" for p in PLAYERS}


def _additional(game_round: Round, carry: dict[str, int]) -> dict[str, tuple[str, ...]]:
    ruleset = record_ruleset(game_round.record)
    out: dict[str, tuple[str, ...]] = {}
    for p, fleet in game_round.record.fleets.items():
        types = [s.ship.type for s in fleet.ships]
        out[p] = additional_ships(types, carry.get(p, 0), ruleset) or ()
    return out


def _in_round(
    exc: FleetRefused | OrdersRefused, partial: MatchGame, n: int
) -> FleetRefused | OrdersRefused:
    refused = type(exc)(exc.problems, partial)
    refused.round = n  # type: ignore[attr-defined]
    return refused
