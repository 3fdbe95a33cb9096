"""Checking a whole match record [9, 10]: each game as a record of its own, a continued match's
fleets against the materiel carried from the game before [10.3; classic 7.2; seed 004 6.3],
the order of the games and the agreed end [9.3.1, 10.6.1]; one record or two players' records.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from notation.spaceships.matches import MatchRecord
from notation.words import counted
from spaceships.engine.match import (
    GameOutcome,
    MatchError,
    MatchRules,
    Standings,
    carried,
    end_reason,
    match_over,
    resigned_by,
)
from spaceships.engine.match import match_winner as winner_of
from spaceships.engine.match_game import match_rules
from spaceships.engine.state import PLAYERS
from spaceships.validate.claims import Finding
from spaceships.validate.findings import Validation
from spaceships.validate.reconcile import validate_two
from spaceships.validate.validation import validate_record


@dataclass
class MatchValidation:
    """What checking a match record (or two) found: the match's own findings, and each game's
    Validation in order."""

    rules: MatchRules | None = None
    games: list[Validation] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)  # every finding, games included
    notes: list[str] = field(default_factory=list)
    carried: list[dict[str, int]] = field(default_factory=list)
    outcomes: list[GameOutcome] = field(default_factory=list)
    kind: str = "match record"
    over: bool = False

    @property
    def ok(self) -> bool:
        return not self.findings

    @property
    def unchecked(self) -> list[str]:
        return [f"game {i + 1}: {u}" for i, g in enumerate(self.games) for u in g.unchecked]

    @property
    def standings(self) -> list[Standings]:
        return [Standings.after(self.outcomes[: i + 1]) for i in range(len(self.outcomes))]

    @property
    def winner(self) -> str | None:
        if not self.over or self.rules is None:
            return None
        return winner_of(self.rules, self.outcomes)

    def verdict(self) -> str:
        n = len(self.games)
        games = f"{n} game{'s' if n != 1 else ''}"
        if not self.ok:
            k = len(self.findings)
            return f"not consistent: {k} problem{'s' if k != 1 else ''} in {games}"
        text = f"consistent: fleets, additional ships and orders of {games} are legal"
        claims = sum(g.claims_checked for g in self.games)
        if claims:
            text += f", all {claims} claimed results are right"
        if self.standings:
            text += f"; standings {self.standings[-1].describe()}"
        if self.winner is not None:
            text += "; the match is a draw" if self.winner == "draw" else f"; {self.winner} wins"
            if self.outcomes[-1].resigned:
                text += f" ({self.outcomes[-1].resigned} resigned)"
        return text

    def to_json(self) -> dict[str, Any]:
        """The match report (match, games, standings, winner) with the findings."""
        games = []
        for i, g in enumerate(self.games):
            d = {"round": i + 1, **g.to_json()}
            d["carried"] = self.carried[i] if i < len(self.carried) else None
            games.append(d)
        return {
            "match": None if self.rules is None else self.rules.kind,
            "end": None if self.rules is None else str(self.rules.end),
            "victory": None if self.rules is None else self.rules.victory,
            "games": games,
            "standings": [s.to_json() for s in self.standings],
            "winner": self.winner,
            "ok": self.ok,
            "verdict": self.verdict(),
            "kind": self.kind,
            "problems": [f.to_json() for f in self.findings],
            "notes": list(self.notes),
            "unchecked": self.unchecked,
        }


def validate_match(
    match: MatchRecord,
    source: str | None = None,
    second: MatchRecord | None = None,
    second_source: str | None = None,
) -> MatchValidation:
    """Every problem of a match record, or of two players' records of one match."""
    out = MatchValidation(kind="match record" if second is None else "two match records")
    label = source or "record"
    try:
        rules = match_rules(match)
    except MatchError as exc:
        out.findings.append(
            Finding(
                "match",
                exc.rule,
                exc.message,
                entry=exc.text,
                source=label,
                hint=f"write {' or '.join(exc.expected)}",
            )
        )
        return out
    out.rules = rules
    if second is not None and len(second.rounds) != len(match.rounds):
        out.findings.append(
            Finding(
                "records",
                "1.4.1",
                f"the records hold {len(match.rounds)} and {counted(len(second.rounds), 'game')}",
                source=f"{label}, {second_source}",
            )
        )
    private = False
    names = {p: match.tag(p) or "" for p in PLAYERS}
    for game_round in match.rounds:
        n = game_round.number
        ended = len(out.outcomes) == len(out.games)
        if n > 1 and (not ended or match_over(rules, out.outcomes)) and not private:
            rule = "10.6.1" if rules.continued else "9.3.1"
            why = (
                f"game {n - 1} is not over, yet round {n} begins: each game of a match is "
                "played to its end [2.3] before the next"
                if not ended
                else f"the match ended after game {n - 1} ({end_reason(rules, out.outcomes)}); "
                f"round {n} "
                "is not part of it"
            )
            out.findings.append(
                Finding(
                    "match",
                    rule,
                    why,
                    entry=f'[Round "{n}"]',
                    position=game_round.position,
                    source=label,
                )
            )
            break
        carry = carried_next(rules, out)
        if second is not None and n <= len(second.rounds):
            other = second.rounds[n - 1].record
            got = validate_two(game_round.record, other, label, second_source or "", carry)
        else:
            got = validate_record(game_round.record, label, carry)
        out.games.append(got)
        out.carried.append(carry)
        resigned = resigned_by(game_round.record.tag("Termination"), names)
        # A game resigned before both fleets were in lacks a fleet, yet is no private record.
        unplayed = resigned is not None and not game_round.record.turns
        private = private or (got.kind.startswith("private") and not unplayed)
        out.findings.extend(
            replace(f, source=f"{f.source or label}, game {n}") for f in got.findings
        )
        if got.state is not None and got.state.over:
            out.outcomes.append(GameOutcome.of(got.state))
        elif resigned is not None:
            out.outcomes.append(GameOutcome.by_resignation(resigned, got.state))
        if not got.ok and any(f.kind == "fleet" for f in got.findings) and n < len(match.rounds):
            # What the next game carries cannot be known when this one's fleet is refused.
            out.notes.append(f"games after game {n} not checked: a fleet of game {n} is refused")
            break
    if private:
        out.notes.append(
            "a private record: the opponent's materiel is unknown, so only the owner's "
            "additional ships are checked, against what the owner kept at each game's end"
        )
    elif out.games and len(out.outcomes) == len(out.games):
        if match_over(rules, out.outcomes):
            out.over = True
            if out.outcomes[-1].resigned:
                out.notes.append(f"the match is over: {end_reason(rules, out.outcomes)}")
        elif rules.end.kind == "agreed":
            out.over = True
            out.notes.append("the match ends where the record stops (the end was agreed) [9.3]")
    if out.games and not out.over and not private and out.ok:
        out.notes.append(f"the match is not over ({rules.end.describe()})")
    return out


def carried_next(rules: MatchRules, out: MatchValidation) -> dict[str, int]:
    """What the game after the checked ones carries: its additional ships' cost [10.3]. A
    private record knows only its owner's materiel at the end of the game before."""
    if not rules.continued or not out.games:
        return dict.fromkeys(PLAYERS, 0)
    last = out.games[-1]
    if last.kind.startswith("private"):
        return {p: last.materiel.get(p, 0) for p in PLAYERS}
    return carried(rules, out.outcomes)
