"""The rows the judge's store reads and writes: a game, a player, a turn's orders, and moments
as the text the database keeps them in."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any


def to_text(moment: datetime | None) -> str | None:
    """Moments are stored as UTC ISO 8601 text, so they sort and compare as text."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def from_text(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text).astimezone(UTC)


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    name: str
    ruleset: str
    options: tuple[str, ...]
    private: bool
    phase: str  # joining, setup, playing, over
    master_address: str
    master_password: str
    deadline_rule: str
    reminder_hours: float
    grace_hours: float
    missing_policy: str  # noactions or wait
    turn: int
    opened_at: datetime | None
    deadline: datetime | None
    reminded: bool
    late_notified: bool
    state: dict[str, Any] | None
    outcome: dict[str, Any] | None
    created_at: datetime
    ended_at: datetime | None
    # The front end vouches for who its players are (Discord accounts): no passwords.
    accounts: bool = False
    master_news: bool = True  # the game master is mailed the game's news (`news off`: not)

    @classmethod
    def opening(cls, **settings: Any) -> GameRow:
        """A game just created: players joining, no turn played, no deadline yet. `settings` are
        the fields a create command chooses (name, ruleset, options, the master, the deadline
        rule and its policies, created_at, ...)."""
        fresh: dict[str, Any] = {
            "id": 0,
            "phase": "joining",
            "turn": 0,
            "opened_at": None,
            "deadline": None,
            "reminded": False,
            "late_notified": False,
            "state": None,
            "outcome": None,
            "ended_at": None,
        }
        return cls(**(fresh | settings))


@dataclass(frozen=True, slots=True)
class PlayerRow:
    game_id: int
    seat: str
    address: str
    name: str
    password: str
    fleet: str | None
    joined_at: datetime


@dataclass(frozen=True, slots=True)
class OrdersRow:
    game_id: int
    turn: int
    seat: str
    text: str
    submitted_at: datetime
    defaulted: bool


def game_of_row(row: Any) -> GameRow:
    """A games row as read back from the database."""
    return GameRow(
        id=row["id"],
        name=row["name"],
        ruleset=row["ruleset"],
        options=tuple(row["options"].split()),
        private=bool(row["private"]),
        phase=row["phase"],
        master_address=row["master_address"],
        master_password=row["master_password"],
        deadline_rule=row["deadline_rule"],
        reminder_hours=row["reminder_hours"],
        grace_hours=row["grace_hours"],
        missing_policy=row["missing_policy"],
        turn=row["turn"],
        opened_at=from_text(row["opened_at"]),
        deadline=from_text(row["deadline"]),
        reminded=bool(row["reminded"]),
        late_notified=bool(row["late_notified"]),
        state=None if row["state"] is None else json.loads(row["state"]),
        outcome=None if row["outcome"] is None else json.loads(row["outcome"]),
        created_at=from_text(row["created_at"]),  # type: ignore[arg-type]
        ended_at=from_text(row["ended_at"]),
        accounts=bool(row["accounts"]),
        master_news=bool(row["master_news"]),
    )


def player_of_row(row: Any) -> PlayerRow:
    """A players row as read back from the database."""
    return PlayerRow(
        game_id=row["game_id"],
        seat=row["seat"],
        address=row["address"],
        name=row["name"],
        password=row["password"],
        fleet=row["fleet"],
        joined_at=from_text(row["joined_at"]),  # type: ignore[arg-type]
    )
