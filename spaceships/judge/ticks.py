"""A Spaceships game's deadlines: reminders before them, and what happens once one has passed."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import spaceships.judge.games as games
from notation.words import seated
from pbem.messages import Outbound
from pbem.steps.deadlines import reminder_moment
from pbem.steps.ticks import missing_of
from pbem.storage.store import GameRow, Store


def tick_game(store: Store, game: GameRow, now: datetime) -> tuple[GameRow, list[Outbound]]:
    """Reminders before a deadline and what happens when it (and its grace) has passed.

    Flags on the game make this idempotent: a reminder or a late notice goes once per phase."""
    if game.deadline is None or game.phase not in ("setup", "playing"):
        return game, []
    messages: list[Outbound] = []
    players = store.players(game.id)
    missing = missing_of(store, game, players)
    due = game.deadline + timedelta(hours=game.grace_hours)
    remind_at = reminder_moment(game.opened_at, game.deadline, timedelta(hours=game.reminder_hours))
    if not game.reminded and remind_at is not None and remind_at <= now < game.deadline:
        for seat in missing:
            what = "fleet" if game.phase == "setup" else f"orders for turn {game.turn}"
            body = (
                f"Reminder: the judge has no {what} from you in game {game.name}.\n"
                f"{games.deadline_line(game)}"
            )
            messages.append(
                Outbound(
                    (players[seat].address,),
                    games.subject(game, "reminder"),
                    body,
                    game.name,
                    kind="reminder",
                    turn=game.turn if game.phase == "playing" else None,
                )
            )
        game = replace(game, reminded=True)
        store.update_game(game)
    if now < due:
        return game, messages
    if game.phase == "playing" and game.missing_policy == "noactions":
        game, more = games.adjudicate_turn(store, game, now, default_missing=True)
        return game, messages + more
    if not game.late_notified:
        what = "fleet" if game.phase == "setup" else f"orders for turn {game.turn}"
        waiting = " and ".join(seated(players[s].name, s) for s in missing if s in players)
        body = (
            f"The deadline of game {game.name} has passed; the judge is still waiting for the "
            f"{what} of {waiting or 'a player'} and will go on when they arrive."
        )
        targets = [players[s].address for s in games.SEATS if s in players]
        if game.master_news and game.master_address not in targets:
            targets.append(game.master_address)
        for address in targets:
            messages.append(
                Outbound(
                    (address,),
                    games.subject(game, "deadline passed"),
                    body,
                    game.name,
                    kind="late",
                    turn=game.turn if game.phase == "playing" else None,
                )
            )
        game = replace(game, late_notified=True)
        store.update_game(game)
    return game, messages
