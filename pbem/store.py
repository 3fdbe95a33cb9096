"""The judge's storage: one SQLite file (WAL, foreign keys), games, players, observers, orders.

Every change the judge makes to a game happens inside `Store.transaction()` (BEGIN IMMEDIATE ...
COMMIT), so an exception part way leaves the file as it was. The front ends may keep their own
tables in the same file through `Store.connection` (the mail archive does).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 2

# Each step takes the schema from version i to i + 1; user_version records how far a file got.
_MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        ruleset TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '',
        private INTEGER NOT NULL DEFAULT 0,
        phase TEXT NOT NULL CHECK (phase IN ('joining', 'setup', 'playing', 'over')),
        master_address TEXT NOT NULL,
        master_password TEXT NOT NULL,
        deadline_rule TEXT NOT NULL DEFAULT '',
        reminder_hours REAL NOT NULL DEFAULT 24,
        grace_hours REAL NOT NULL DEFAULT 0,
        missing_policy TEXT NOT NULL DEFAULT 'noactions',
        turn INTEGER NOT NULL DEFAULT 0,
        opened_at TEXT,
        deadline TEXT,
        reminded INTEGER NOT NULL DEFAULT 0,
        late_notified INTEGER NOT NULL DEFAULT 0,
        state TEXT,
        outcome TEXT,
        created_at TEXT NOT NULL,
        ended_at TEXT
    );
    CREATE TABLE players (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat TEXT NOT NULL CHECK (seat IN ('A', 'B')),
        address TEXT NOT NULL,
        name TEXT NOT NULL DEFAULT '',
        password TEXT NOT NULL,
        fleet TEXT,
        joined_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE observers (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        address TEXT NOT NULL,
        since TEXT NOT NULL,
        PRIMARY KEY (game_id, address)
    );
    CREATE TABLE orders (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        turn INTEGER NOT NULL,
        seat TEXT NOT NULL CHECK (seat IN ('A', 'B')),
        text TEXT NOT NULL,
        submitted_at TEXT NOT NULL,
        defaulted INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, turn, seat)
    );
    CREATE TABLE turns (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        turn INTEGER NOT NULL,
        report TEXT NOT NULL,
        state_after TEXT NOT NULL,
        adjudicated_at TEXT NOT NULL,
        PRIMARY KEY (game_id, turn)
    );
    CREATE INDEX players_by_address ON players(address);
    """,
    # 2: wrong passwords per game and the warning about them (pbem.throttle).
    """
    CREATE TABLE wrong_passwords (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        at TEXT NOT NULL
    );
    CREATE INDEX wrong_passwords_by_game ON wrong_passwords(game_id, at);
    CREATE TABLE password_warnings (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        warned_at TEXT NOT NULL
    );
    """,
)


class StoreError(ValueError):
    """A store URL or file the judge cannot use."""

    def __init__(self, message: str, url: str = "") -> None:
        super().__init__(message)
        self.url = url


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


def _game(row: sqlite3.Row) -> GameRow:
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
    )


def _player(row: sqlite3.Row) -> PlayerRow:
    return PlayerRow(
        game_id=row["game_id"],
        seat=row["seat"],
        address=row["address"],
        name=row["name"],
        password=row["password"],
        fleet=row["fleet"],
        joined_at=from_text(row["joined_at"]),  # type: ignore[arg-type]
    )


class Store:
    """The judge's tables over one SQLite connection."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection
        # One writer at a time through this connection; the front ends may call from threads.
        self.lock = threading.RLock()
        self._depth = 0
        self._migrate()

    # -- transactions -------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[Store]:
        """BEGIN IMMEDIATE ... COMMIT; ROLLBACK on any exception. Nested uses join the outer."""
        with self.lock:
            if self._depth:
                self._depth += 1
                try:
                    yield self
                finally:
                    self._depth -= 1
                return
            self.connection.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield self
            except BaseException:
                self._depth = 0
                self.connection.execute("ROLLBACK")
                raise
            self._depth = 0
            self.connection.execute("COMMIT")

    def _migrate(self) -> None:
        version = self.connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the database has schema version {version}, newer than this judge's "
                f"{SCHEMA_VERSION}; upgrade the judge"
            )
        for step in range(version, SCHEMA_VERSION):
            with self.transaction():
                for statement in _MIGRATIONS[step].split(";"):
                    if statement.strip():
                        self.connection.execute(statement)
                self.connection.execute(f"PRAGMA user_version = {step + 1}")

    def close(self) -> None:
        self.connection.close()

    # -- games --------------------------------------------------------------------------
    def game(self, name: str) -> GameRow | None:
        row = self.connection.execute("SELECT * FROM games WHERE name = ?", (name,)).fetchone()
        return None if row is None else _game(row)

    def game_by_id(self, game_id: int) -> GameRow:
        row = self.connection.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        return _game(row)

    def games(self, *, public_only: bool = False, active_only: bool = False) -> list[GameRow]:
        sql = "SELECT * FROM games WHERE 1"
        if public_only:
            sql += " AND private = 0"
        if active_only:
            sql += " AND phase != 'over'"
        return [_game(r) for r in self.connection.execute(sql + " ORDER BY id")]

    def games_with_deadlines(self) -> list[GameRow]:
        rows = self.connection.execute(
            "SELECT * FROM games WHERE phase IN ('setup', 'playing') AND deadline IS NOT NULL "
            "ORDER BY deadline, id"
        )
        return [_game(r) for r in rows]

    def insert_game(self, game: GameRow) -> GameRow:
        cursor = self.connection.execute(
            "INSERT INTO games (name, ruleset, options, private, phase, master_address, "
            "master_password, deadline_rule, reminder_hours, grace_hours, missing_policy, turn, "
            "opened_at, deadline, reminded, late_notified, state, outcome, created_at, ended_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            self._game_values(game),
        )
        return replace(game, id=cursor.lastrowid)

    def update_game(self, game: GameRow) -> None:
        self.connection.execute(
            "UPDATE games SET name = ?, ruleset = ?, options = ?, private = ?, phase = ?, "
            "master_address = ?, master_password = ?, deadline_rule = ?, reminder_hours = ?, "
            "grace_hours = ?, missing_policy = ?, turn = ?, opened_at = ?, deadline = ?, "
            "reminded = ?, late_notified = ?, state = ?, outcome = ?, created_at = ?, "
            "ended_at = ? WHERE id = ?",
            (*self._game_values(game), game.id),
        )

    @staticmethod
    def _game_values(game: GameRow) -> tuple[Any, ...]:
        return (
            game.name,
            game.ruleset,
            " ".join(game.options),
            int(game.private),
            game.phase,
            game.master_address,
            game.master_password,
            game.deadline_rule,
            game.reminder_hours,
            game.grace_hours,
            game.missing_policy,
            game.turn,
            to_text(game.opened_at),
            to_text(game.deadline),
            int(game.reminded),
            int(game.late_notified),
            None if game.state is None else json.dumps(game.state, separators=(",", ":")),
            None if game.outcome is None else json.dumps(game.outcome, separators=(",", ":")),
            to_text(game.created_at),
            to_text(game.ended_at),
        )

    # -- players and observers ----------------------------------------------------------
    def players(self, game_id: int) -> dict[str, PlayerRow]:
        rows = self.connection.execute(
            "SELECT * FROM players WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return {r["seat"]: _player(r) for r in rows}

    def insert_player(self, player: PlayerRow) -> None:
        self.connection.execute(
            "INSERT INTO players (game_id, seat, address, name, password, fleet, joined_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                player.game_id,
                player.seat,
                player.address,
                player.name,
                player.password,
                player.fleet,
                to_text(player.joined_at),
            ),
        )

    def set_fleet(self, game_id: int, seat: str, fleet: str | None) -> None:
        self.connection.execute(
            "UPDATE players SET fleet = ? WHERE game_id = ? AND seat = ?", (fleet, game_id, seat)
        )

    def observers(self, game_id: int) -> list[str]:
        rows = self.connection.execute(
            "SELECT address FROM observers WHERE game_id = ? ORDER BY since, address", (game_id,)
        )
        return [r[0] for r in rows]

    def add_observer(self, game_id: int, address: str, since: datetime) -> bool:
        cursor = self.connection.execute(
            "INSERT OR IGNORE INTO observers (game_id, address, since) VALUES (?, ?, ?)",
            (game_id, address, to_text(since)),
        )
        return cursor.rowcount == 1

    def remove_observer(self, game_id: int, address: str) -> bool:
        cursor = self.connection.execute(
            "DELETE FROM observers WHERE game_id = ? AND address = ?", (game_id, address)
        )
        return cursor.rowcount == 1

    # -- orders and turns ---------------------------------------------------------------
    def orders(self, game_id: int, turn: int) -> dict[str, OrdersRow]:
        rows = self.connection.execute(
            "SELECT * FROM orders WHERE game_id = ? AND turn = ?", (game_id, turn)
        )
        return {
            r["seat"]: OrdersRow(
                game_id=r["game_id"],
                turn=r["turn"],
                seat=r["seat"],
                text=r["text"],
                submitted_at=from_text(r["submitted_at"]),  # type: ignore[arg-type]
                defaulted=bool(r["defaulted"]),
            )
            for r in rows
        }

    def put_orders(
        self,
        game_id: int,
        turn: int,
        seat: str,
        text: str,
        at: datetime,
        defaulted: bool = False,
    ) -> None:
        self.connection.execute(
            "INSERT OR REPLACE INTO orders (game_id, turn, seat, text, submitted_at, defaulted) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, turn, seat, text, to_text(at), int(defaulted)),
        )

    def add_turn(
        self,
        game_id: int,
        turn: int,
        report: dict[str, Any],
        state_after: dict[str, Any],
        at: datetime,
    ) -> None:
        self.connection.execute(
            "INSERT INTO turns (game_id, turn, report, state_after, adjudicated_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (
                game_id,
                turn,
                json.dumps(report, separators=(",", ":")),
                json.dumps(state_after, separators=(",", ":")),
                to_text(at),
            ),
        )

    def turn_count(self, game_id: int) -> int:
        row = self.connection.execute(
            "SELECT COUNT(*) FROM turns WHERE game_id = ?", (game_id,)
        ).fetchone()
        return int(row[0])

    # -- wrong passwords (pbem.throttle) ------------------------------------------------
    def add_wrong_password(self, game_id: int, at: datetime, forget_before: datetime) -> None:
        """Record a wrong password; those before `forget_before` no longer count: drop them."""
        self.connection.execute(
            "DELETE FROM wrong_passwords WHERE game_id = ? AND at < ?",
            (game_id, to_text(forget_before)),
        )
        self.connection.execute(
            "INSERT INTO wrong_passwords (game_id, at) VALUES (?, ?)", (game_id, to_text(at))
        )

    def wrong_passwords_since(self, game_id: int, since: datetime) -> tuple[int, datetime | None]:
        """How many wrong passwords the game had since `since`, and when the last came."""
        row = self.connection.execute(
            "SELECT COUNT(*), MAX(at) FROM wrong_passwords WHERE game_id = ? AND at >= ?",
            (game_id, to_text(since)),
        ).fetchone()
        return int(row[0]), from_text(row[1])

    def password_warned_at(self, game_id: int) -> datetime | None:
        row = self.connection.execute(
            "SELECT warned_at FROM password_warnings WHERE game_id = ?", (game_id,)
        ).fetchone()
        return None if row is None else from_text(row[0])

    def set_password_warned(self, game_id: int, at: datetime) -> None:
        self.connection.execute(
            "INSERT OR REPLACE INTO password_warnings (game_id, warned_at) VALUES (?, ?)",
            (game_id, to_text(at)),
        )


def open_store(url_or_path: str | Path) -> Store:
    """Open (creating if needed) the judge's SQLite store.

    Accepts a path, a `sqlite:///relative/path` or `sqlite:////absolute/path` URL (as
    SQLAlchemy spells them), or ":memory:" (also `sqlite://`) for tests.
    """
    text = str(url_or_path)
    if text.startswith("sqlite:"):
        rest = text[len("sqlite:") :]
        if not rest.startswith("//"):
            raise StoreError(f"a SQLite URL looks like sqlite:///path, not {text!r}", text)
        text = rest[3:] if rest.startswith("///") else rest[2:]
        if text == "":
            text = ":memory:"
    elif "://" in text:
        raise StoreError(f"only SQLite stores are supported, not {text!r}", text)
    if text != ":memory:":
        Path(text).parent.mkdir(parents=True, exist_ok=True)
    try:
        # Autocommit mode: the Store issues BEGIN IMMEDIATE / COMMIT itself.
        connection = sqlite3.connect(text, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open the store {text!r}: {exc}", text) from exc
    connection.row_factory = sqlite3.Row
    connection.execute("PRAGMA foreign_keys = ON")
    connection.execute("PRAGMA busy_timeout = 10000")
    if text != ":memory:":
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")
    return Store(connection)
