"""The computer's seats, whatever the game: its address, name and seat row (its set-up in, its
level and seed kept), and no mail to it. Each game decides the computer's set-up and moves."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime

from pbem.messages import Outbound
from pbem.steps.passwords import hash_password, new_password
from pbem.storage.store import GameRow, PlayerRow, Store

# RFC 2606 reserves `.invalid`: mail to it can never be delivered, should any slip through.
COMPUTER_ADDRESS = "computer@spaceships.invalid"


def computer_name(level: str) -> str:
    return f"the computer ({level})"


def insert_computer(
    store: Store, game: GameRow, seat: str, level: str, seed: str, setup: str, now: datetime
) -> PlayerRow:
    """The computer's seat row, its fleet or design (`setup`) in, and its level and seed kept
    (for either game)."""
    player = PlayerRow(
        game.id,
        seat,
        COMPUTER_ADDRESS,
        computer_name(level),
        # Nobody may sign on for the computer: a password nobody was ever told.
        hash_password(new_password(None, words=6)),
        setup,
        now,
    )
    store.insert_player(player)
    store.add_computer(game.id, seat, level, seed)
    return player


def without_computer_mail(messages: Iterable[Outbound]) -> list[Outbound]:
    """The messages minus any addressed to the computer alone (it reads views, not mail)."""
    kept = []
    for message in messages:
        to = tuple(a for a in message.to if a != COMPUTER_ADDRESS)
        if not to:
            continue
        if to != message.to:
            message = replace(message, to=to)
        kept.append(message)
    return kept
