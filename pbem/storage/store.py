"""The judge's storage: games, players, observers, orders, turns, in SQLite or PostgreSQL.

Every change the judge makes to a game happens inside `Store.transaction()`, so an exception
part way leaves the database as it was. Inside a transaction a game read by `game()` or
`game_by_id()` stays locked until commit (PostgreSQL: the row; SQLite: BEGIN IMMEDIATE holds the
whole file), so two processes never apply a turn twice. The front ends keep their own tables in
the same database through `Store.connection` (a `pbem.storage.database.Database`: the same
SQL for both).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from pbem.storage.database import Database, StoreError, StoreUnavailable, open_database
from pbem.storage.migrations import SCHEMA_VERSION, migrate
from pbem.storage.storerows import GameRow as GameRow  # the rows, read here by every caller
from pbem.storage.storerows import OrdersRow as OrdersRow
from pbem.storage.storerows import PlayerRow as PlayerRow
from pbem.storage.storerows import from_text as from_text
from pbem.storage.storerows import game_of_row, player_of_row
from pbem.storage.storerows import to_text as to_text

__all__ = ["SCHEMA_VERSION", "StoreError", "StoreUnavailable", "Store", "open_store"]

T = TypeVar("T")


# A game's row with its master's `pictures` setting (pbem.mail.pictures): one statement.
_GAME_AND_MASTER = (
    "*, (SELECT pictures FROM mail_settings WHERE mail_settings.address = "
    "games.master_address) AS master_pictures FROM games"
)


def _said(value: Any) -> bool | None:
    return None if value is None else bool(value)


class Store:
    """The judge's tables over one database connection."""

    def __init__(self, connection: Database) -> None:
        self.connection = connection
        # One transaction at a time through this connection; front ends may call from threads.
        self.lock = connection.lock
        # What this transaction read of games and mail settings, kept for the mail front end
        # so a mail's pictures cost no statement of their own (`seen_game`, `pictures_said`).
        self._games_seen: dict[str, GameRow] = {}
        self._said: dict[str, bool | None] = {}
        migrate(connection)

    @property
    def dialect(self) -> str:
        return self.connection.dialect

    # -- transactions -------------------------------------------------------------------
    @contextmanager
    def transaction(self) -> Iterator[Store]:
        """BEGIN ... COMMIT; ROLLBACK on any exception. Nested uses join the outer."""
        with self.connection.transaction():
            self._forget()
            self.connection.after_commit(self._forget)  # a rollback: forgot at the next one
            yield self

    def run(self, work: Callable[[], T]) -> T:
        """`work()` in one transaction, run again if another process's got in the way."""
        return self.connection.run(work)

    def claim(self, kind: str, key: str, at: datetime) -> bool:
        """True for the first process ever to claim `key` (a Discord interaction id, say):
        a unique key decides, never a look followed by an insert. Inside a transaction the
        claim stands or falls with it."""
        row = self.connection.execute(
            "INSERT INTO claims (kind, key, claimed_at) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING RETURNING key",
            (kind, key, to_text(at)),
        ).fetchone()
        return row is not None

    def close(self) -> None:
        self.connection.close()

    # -- games --------------------------------------------------------------------------
    def _locking(self) -> str:
        return self.connection.for_update if self.connection.in_transaction else ""

    def game(self, name: str, lock: bool = True) -> GameRow | None:
        """The game of that name in any case; locked until commit inside a transaction, unless
        `lock` is False (a read that changes nothing: another judge's turn need not wait)."""
        row = self.connection.execute(
            f"SELECT {_GAME_AND_MASTER} WHERE lower(name) = lower(?)"
            + (self._locking() if lock else ""),
            (name,),
        ).fetchone()
        return None if row is None else self._seen_row(row)

    def game_by_id(self, game_id: int) -> GameRow:
        row = self.connection.execute(
            f"SELECT {_GAME_AND_MASTER} WHERE id = ?" + self._locking(), (game_id,)
        ).fetchone()
        return self._seen_row(row)

    def games(self, *, public_only: bool = False, active_only: bool = False) -> list[GameRow]:
        sql = "SELECT * FROM games WHERE 1 = 1"
        if public_only:
            sql += " AND private = 0"
        if active_only:
            sql += " AND phase != 'over'"
        return [game_of_row(r) for r in self.connection.execute(sql + " ORDER BY id")]

    def games_with_deadlines(self) -> list[GameRow]:
        rows = self.connection.execute(
            "SELECT * FROM games WHERE phase IN ('setup', 'playing') AND deadline IS NOT NULL "
            "ORDER BY deadline, id"
        )
        return [game_of_row(r) for r in rows]

    def insert_game(self, game: GameRow) -> GameRow:
        row = self.connection.execute(
            "INSERT INTO games (name, ruleset, options, private, phase, master_address, "
            "master_password, deadline_rule, reminder_hours, grace_hours, missing_policy, turn, "
            "opened_at, deadline, reminded, late_notified, state, outcome, created_at, ended_at, "
            "accounts, master_news) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
            "?, ?, ?, ?, ?) RETURNING id",
            self._game_values(game),
        ).fetchone()
        made = replace(game, id=int(row[0]))
        self._seen_game(made)
        return made

    def update_game(self, game: GameRow) -> None:
        self._seen_game(game)
        self.connection.execute(
            "UPDATE games SET name = ?, ruleset = ?, options = ?, private = ?, phase = ?, "
            "master_address = ?, master_password = ?, deadline_rule = ?, reminder_hours = ?, "
            "grace_hours = ?, missing_policy = ?, turn = ?, opened_at = ?, deadline = ?, "
            "reminded = ?, late_notified = ?, state = ?, outcome = ?, created_at = ?, "
            "ended_at = ?, accounts = ?, master_news = ? WHERE id = ?",
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
            int(game.accounts),
            int(game.master_news),
        )

    # -- players and observers ----------------------------------------------------------
    def players(self, game_id: int) -> dict[str, PlayerRow]:
        rows = self.connection.execute(
            "SELECT players.*, mail_settings.pictures AS pictures_said FROM players "
            "LEFT JOIN mail_settings ON mail_settings.address = players.address "
            "WHERE game_id = ? ORDER BY seat",
            (game_id,),
        ).fetchall()
        self._heard((r["address"], r["pictures_said"]) for r in rows)
        return {r["seat"]: player_of_row(r) for r in rows}

    def players_later(self, game_id: int) -> Callable[[], dict[str, PlayerRow]]:
        """`players`, read when called: on PostgreSQL the statement travels with the next
        read instead of waiting for its own answer."""
        later = self.connection.later(
            "SELECT * FROM players WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return lambda: {r["seat"]: player_of_row(r) for r in later.rows()}

    def players_of(self, game_ids: Sequence[int]) -> dict[int, dict[str, PlayerRow]]:
        """The players of each of those games, in one statement."""
        found: dict[int, dict[str, PlayerRow]] = {game_id: {} for game_id in game_ids}
        if game_ids:
            rows = self.connection.execute(
                f"SELECT * FROM players WHERE game_id IN ({', '.join('?' * len(game_ids))}) "
                "ORDER BY game_id, seat",
                tuple(game_ids),
            )
            for r in rows:
                found[r["game_id"]][r["seat"]] = player_of_row(r)
        return found

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

    def add_computer(self, game_id: int, seat: str, level: str, seed: str) -> None:
        self.connection.execute(
            "INSERT INTO computers (game_id, seat, level, seed) VALUES (?, ?, ?, ?)",
            (game_id, seat, level, seed),
        )

    def computers(self, game_id: int) -> dict[str, tuple[str, str]]:
        """The seats the computer plays: seat -> (level, seed)."""
        rows = self.connection.execute(
            "SELECT seat, level, seed FROM computers WHERE game_id = ?", (game_id,)
        )
        return {r[0]: (r[1], r[2]) for r in rows}

    def set_password(self, game_id: int, seat: str, hashed: str) -> None:
        self.connection.execute(
            "UPDATE players SET password = ? WHERE game_id = ? AND seat = ?",
            (hashed, game_id, seat),
        )

    def set_fleet(self, game_id: int, seat: str, fleet: str | None) -> None:
        self.connection.execute(
            "UPDATE players SET fleet = ? WHERE game_id = ? AND seat = ?", (fleet, game_id, seat)
        )

    def observers(self, game_id: int) -> list[str]:
        rows = self.connection.execute(
            "SELECT observers.address, mail_settings.pictures FROM observers LEFT JOIN "
            "mail_settings ON mail_settings.address = observers.address WHERE game_id = ? "
            "ORDER BY since, joined, observers.address",
            (game_id,),
        ).fetchall()
        self._heard((r[0], r[1]) for r in rows)
        return [r[0] for r in rows]

    # -- mail settings (`pictures on|off`) ------------------------------------------------
    def set_pictures(self, address: str, on: bool) -> None:
        """An address's own choice of pictures with its mail, for every game."""
        self.connection.execute(
            "INSERT INTO mail_settings (address, pictures) VALUES (?, ?) ON CONFLICT (address) "
            "DO UPDATE SET pictures = excluded.pictures",
            (address.lower(), int(on)),
        )
        self._said[address.lower()] = on

    def pictures_said(self, addresses: Sequence[str]) -> dict[str, bool | None]:
        """What each address said of pictures (None: nothing; its game's default holds).
        Addresses this transaction has read already with their games' players, observers or
        master cost no statement; the others one for all."""
        found: dict[str, bool | None] = {}
        unknown = [a for a in dict.fromkeys(a.lower() for a in addresses) if a not in self._said]
        if unknown:
            rows = self.connection.execute(
                "SELECT address, pictures FROM mail_settings WHERE address IN "
                f"({', '.join('?' * len(unknown))})",
                tuple(unknown),
            ).fetchall()
            stored = {r[0]: r[1] for r in rows}
            found = {a: _said(stored.get(a)) for a in unknown}
            self._heard(found.items())
        return {a: found.get(a.lower(), self._said.get(a.lower())) for a in addresses}

    def seen_game(self, name: str) -> GameRow | None:
        """The game as this transaction last read or wrote it (no statement), else read now
        without a lock: for a front end dressing the messages of a change just made."""
        seen = self._games_seen.get(name.lower())
        return seen if seen is not None else self.game(name, lock=False)

    def _seen_row(self, row: Any) -> GameRow:
        game = game_of_row(row)
        self._seen_game(game)
        self._heard([(game.master_address, row["master_pictures"])])
        return game

    def _seen_game(self, game: GameRow) -> None:
        if self.connection.in_transaction:
            self._games_seen[game.name.lower()] = game

    def _heard(self, pairs: Iterable[tuple[str, Any]]) -> None:
        # Kept only inside a transaction: outside one, another judge may change it any time.
        if self.connection.in_transaction:
            self._said.update((address.lower(), _said(value)) for address, value in pairs)

    def _forget(self) -> None:
        self._games_seen.clear()
        self._said.clear()

    def add_observer(self, game_id: int, address: str, since: datetime) -> bool:
        cursor = self.connection.execute(
            # Each observer numbered after those before, for the order of joining.
            "INSERT INTO observers (game_id, address, since, joined) SELECT ?, ?, ?, "
            "COALESCE(MAX(joined), 0) + 1 FROM observers WHERE game_id = ? "
            "ON CONFLICT DO NOTHING RETURNING address",
            (game_id, address, to_text(since), game_id),
        )
        return cursor.fetchone() is not None

    def remove_observer(self, game_id: int, address: str) -> bool:
        cursor = self.connection.execute(
            "DELETE FROM observers WHERE game_id = ? AND address = ? RETURNING address",
            (game_id, address),
        )
        return cursor.fetchone() is not None

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
            "INSERT INTO orders (game_id, turn, seat, text, submitted_at, defaulted) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, turn, seat) DO UPDATE SET "
            "text = excluded.text, submitted_at = excluded.submitted_at, "
            "defaulted = excluded.defaulted",
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

    def clear_play(self, game_id: int) -> None:
        """Forget a game's orders and turns (a match's next game numbers its turns from 1;
        the finished game is kept whole by spaceships.judge.matches)."""
        self.connection.execute("DELETE FROM orders WHERE game_id = ?", (game_id,))
        self.connection.execute("DELETE FROM turns WHERE game_id = ?", (game_id,))

    def state_after(self, game_id: int, turn: int) -> dict[str, Any] | None:
        """The game state as it was right after `turn` was adjudicated (its JSON)."""
        row = self.connection.execute(
            "SELECT state_after FROM turns WHERE game_id = ? AND turn = ?", (game_id, turn)
        ).fetchone()
        return None if row is None else json.loads(row[0])

    def turn_count(self, game_id: int) -> int:
        row = self.connection.execute(
            "SELECT COUNT(*) FROM turns WHERE game_id = ?", (game_id,)
        ).fetchone()
        return int(row[0])

    # -- wrong passwords (pbem.steps.throttle) ------------------------------------------------
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
            "INSERT INTO password_warnings (game_id, warned_at) VALUES (?, ?) "
            "ON CONFLICT (game_id) DO UPDATE SET warned_at = excluded.warned_at",
            (game_id, to_text(at)),
        )


def open_store(url_or_path: str | Path) -> Store:
    """Open (creating and migrating if needed) the judge's store.

    SQLite: a path, `sqlite:///relative/path`, `sqlite:////absolute/path`, or ":memory:" (also
    `sqlite://`) for tests. PostgreSQL: `postgresql://user:password@host:port/database` (the
    database must exist; the judge makes its tables). Raises StoreError for a URL or file the
    judge cannot use, StoreUnavailable when the database cannot be reached now.
    """
    db = open_database(url_or_path)
    try:
        return Store(db)
    except BaseException:
        db.close()
        raise
