"""Each seat's events for the API's stream (issue 46): every message the judge sends a seat's
player about its game (a turn resolved, the opponent's turn played or sent, a draw offer, a
reminder, the end), kept numbered in the store inside the transaction that caused it, so a
program that lost its stream at event N asks for what came after N and misses nothing.

What a seat's events say is exactly what the judge wrote to that seat's player: the one rule
of who sees what stays the judge's [1.4]. Events are kept only for a seat that has ever had a
token (one statement a message, nothing read): a game played by mail alone keeps none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pbem.messages import Outbound
from pbem.storage.store import Store, to_text

PAGE = 200  # events handed out at most per read; the stream reads again at once for more


@dataclass(frozen=True, slots=True)
class Event:
    id: int
    kind: str  # the message's kind: begin, turn, over, reminder, late, notice, ...
    turn: int | None
    text: str
    at: str

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "type": self.kind,
            "turn": self.turn,
            "text": self.text,
            "at": self.at,
        }


def record(store: Store, messages: Sequence[Outbound], now: datetime) -> None:
    """Keep each message to a seat's player as that seat's event (inside the caller's
    transaction: committed with the change that caused it, or not at all)."""
    games: dict[str, tuple[int, dict[str, list[str]]] | None] = {}
    for message in messages:
        if message.game is None or message.kind == "reply":
            continue
        if message.game not in games:
            game = store.game(message.game, lock=False)
            by_address: dict[str, list[str]] = {}
            if game is not None:
                for seat, player in sorted(store.players(game.id).items()):
                    by_address.setdefault(player.address, []).append(seat)
            games[message.game] = None if game is None else (game.id, by_address)
        found = games[message.game]
        if found is None:
            continue
        game_id, seats_at = found
        for address in message.to:
            for seat in seats_at.get(address, []):
                store.connection.execute(
                    "INSERT INTO api_events (game_id, seat, kind, turn, body, at) "
                    "SELECT ?, ?, ?, CAST(? AS INTEGER), ?, ? WHERE EXISTS "
                    "(SELECT 1 FROM api_tokens WHERE game_id = ? AND seat = ?)",
                    (
                        game_id,
                        seat,
                        message.kind,
                        message.turn,
                        message.body,
                        to_text(now),
                        game_id,
                        seat,
                    ),
                )


def since(store: Store, game_id: int, seat: str, after: int, limit: int = PAGE) -> list[Event]:
    """The seat's events after event `after` (0: from the first), oldest first."""
    rows = store.connection.execute(
        "SELECT id, kind, turn, body, at FROM api_events WHERE game_id = ? AND seat = ? "
        "AND id > ? ORDER BY id LIMIT ?",
        (game_id, seat, after, limit),
    ).fetchall()
    return [Event(int(r["id"]), r["kind"], r["turn"], r["body"], r["at"]) for r in rows]


def last_id(store: Store, game_id: int, seat: str) -> int:
    row = store.connection.execute(
        "SELECT MAX(id) AS last FROM api_events WHERE game_id = ? AND seat = ?",
        (game_id, seat),
    ).fetchone()
    return int(row["last"] or 0) if row is not None else 0
