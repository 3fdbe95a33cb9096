"""The end of a battle: by the rules, a resignation or the game master; the seed is revealed
and everyone gets the whole record."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from battles.judge.replay import replay_record
from battles.judge.rows import battle_turn, final_record, to_everyone
from battles.judge.views import situation_text
from notation.battles.records import format_record
from notation.words import seated
from pbem.club import ladder
from pbem.club.ratings import Score
from pbem.messages import Attachment, Outbound
from pbem.steps import gamerows
from pbem.steps.end_files import end_attachments
from pbem.storage.store import GameRow, PlayerRow, Store


def end(
    store: Store, game: GameRow, now: datetime, outcome: dict[str, Any], head: str | None = None
) -> tuple[GameRow, list[Outbound]]:
    """The battle is over: the seed is revealed; everyone gets the whole record."""
    game = replace(game, phase="over", outcome=outcome, ended_at=now, deadline=None)
    store.update_game(game)
    players = store.players(game.id)
    parts = [head] if head else []
    attachments: tuple[Attachment, ...] = ()
    if game.state is not None:
        seed = game.state["seed"]
        full, replay = final_record(game, outcome)
        text = format_record(full)
        parts.append(situation_text(game, replay))
        attachments = end_attachments(text, f"{game.name}.sbr", replay_record)
        parts.append(
            f"The dice seed was {seed}: the attached record replays with "
            "`spaceships battles play` and shows every roll came from it."
        )
    winner = outcome.get("winner")
    who = f"{seated(players[winner].name, winner)} wins" if winner in players else "no winner"
    parts.insert(
        0 if not head else 1, f"The battle {game.name} is over: {who}; {outcome['reason']}."
    )
    # game.turn counts the phases: past 1 once turn 1's movement is resolved
    played = game.turn > 1
    told = ladder.rate_game(store, game, players, battle_score(outcome), now, played=played)
    if told:
        parts.append(told)
    body = "\n\n".join(parts)
    everyone = to_everyone(
        store, game, "battle over", body, attachments, kind="over", turn=game.turn
    )
    return game, everyone + gamerows.master_notice(store, game, "battle over", body, attachments)


def resign_outcome(game: GameRow, seat: str, players: dict[str, PlayerRow]) -> dict[str, Any]:
    """A seat resigns: the other seat, if taken, wins (pbem.steps.ending)."""
    winner = gamerows.other(seat) if gamerows.other(seat) in players else None
    return {
        "winner": winner,
        "reason": f"{seated(players[seat].name, seat)} resigned",
        "record_reason": f"{seat} resigned",  # the record's own words: `A wins (B resigned)`
        "turn": battle_turn(game)[0] if game.phase == "playing" else None,
        "score": None,
    }


def battle_score(outcome: dict[str, Any]) -> Score | None:
    """A battle's score for A: one that ends without a winner by the rules is a draw [R12]."""
    if outcome.get("cancelled"):
        return None
    return ladder.score_of(outcome) if outcome.get("winner") else 0.5
