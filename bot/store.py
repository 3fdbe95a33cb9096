"""The Discord front end's own records in the judge's store: challenges, each game's thread,
members' direct-message status, interactions already handled, and the outbox of messages.

The tables come with the store's schema (a step of pbem.storage.migrations), in the SQL SQLite and
PostgreSQL both take; this module is their whole API, so the bot holds no SQL. Interactions
handled once use the store's claims (`Store.claim`).
Discord ids are plain integers; moments are stored as pbem.storage.store keeps them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pbem.storage.store import Store, from_text, to_text


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge posted in a channel: to one member, or open to anyone (`challenged_id` None)."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    challenger_id: int
    challenged_id: int | None
    settings: dict[str, str]
    status: str  # open, accepted, declined, withdrawn
    game_id: int | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class OutboxEntry:
    """One message the judge produced for Discord, kept until (and after) it was delivered."""

    id: int
    game_id: int | None
    kind: str
    turn: int | None
    address: str
    message: dict[str, Any]
    sent: bool


class DiscordStore:
    """The Discord tables over a judge's Store (same connection, same transactions)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.connection = store.connection

    # -- challenges ---------------------------------------------------------------------
    def add_challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger_id: int,
        challenged_id: int | None,
        settings: dict[str, str],
        at: datetime,
    ) -> int:
        row = self.connection.execute(
            "INSERT INTO discord_challenges (guild_id, channel_id, challenger_id, "
            "challenged_id, settings, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (guild_id, channel_id, challenger_id, challenged_id, json.dumps(settings), to_text(at)),
        ).fetchone()
        return int(row[0])

    def challenge(self, challenge_id: int) -> Challenge | None:
        row = self.connection.execute(
            "SELECT * FROM discord_challenges WHERE id = ?", (challenge_id,)
        ).fetchone()
        if row is None:
            return None
        return Challenge(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            message_id=row["message_id"],
            challenger_id=row["challenger_id"],
            challenged_id=row["challenged_id"],
            settings=json.loads(row["settings"] or "{}"),
            status=row["status"],
            game_id=row["game_id"],
            created_at=from_text(row["created_at"]),  # type: ignore[arg-type]
        )

    def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        self.connection.execute(
            "UPDATE discord_challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
        )

    def close_challenge(self, challenge_id: int, status: str, game_id: int | None = None) -> bool:
        """Mark an open challenge accepted, declined or withdrawn; False if it was not open
        (someone else was quicker)."""
        cursor = self.connection.execute(
            "UPDATE discord_challenges SET status = ?, game_id = ? "
            "WHERE id = ? AND status = 'open' RETURNING id",
            (status, game_id, challenge_id),
        )
        return cursor.fetchone() is not None

    def set_challenge_game(self, challenge_id: int, game_id: int) -> None:
        self.connection.execute(
            "UPDATE discord_challenges SET game_id = ? WHERE id = ?", (game_id, challenge_id)
        )

    # -- games and their threads ----------------------------------------------------------
    def link_game(self, game_id: int, guild_id: int, channel_id: int, thread_id: int) -> None:
        self.connection.execute(
            "INSERT INTO discord_games (game_id, guild_id, channel_id, thread_id) "
            "VALUES (?, ?, ?, ?)",
            (game_id, guild_id, channel_id, thread_id),
        )

    def game_of_thread(self, thread_id: int) -> int | None:
        row = self.connection.execute(
            "SELECT game_id FROM discord_games WHERE thread_id = ?", (thread_id,)
        ).fetchone()
        return None if row is None else int(row[0])

    def thread_of(self, game_id: int) -> int | None:
        row = self.connection.execute(
            "SELECT thread_id FROM discord_games WHERE game_id = ?", (game_id,)
        ).fetchone()
        return None if row is None else int(row[0])

    def game_ids_of(self, address: str, active_only: bool) -> list[int]:
        """The accounts games an address plays or created, newest first (one query: the
        completion of game names asks at every key the member types)."""
        active = " AND g.phase != 'over'" if active_only else ""
        rows = self.connection.execute(
            "SELECT g.id FROM games g WHERE g.accounts = 1" + active + " AND "
            "(g.master_address = ? OR EXISTS (SELECT 1 FROM players p "
            "WHERE p.game_id = g.id AND p.address = ?)) ORDER BY g.id DESC",
            (address, address),
        ).fetchall()
        return [int(r[0]) for r in rows]

    # -- tournaments: where each was made, and its games still without a thread -------------
    def set_tournament_channel(self, tournament_id: int, guild_id: int, channel_id: int) -> None:
        """The channel a tournament was made in: its rounds are posted there, and each of its
        games gets a thread there. Kept as one of the bot's notes: a tournament has one place,
        and no table of the judge's schema needs a step for it."""
        self.set_meta(f"tournament-channel:{tournament_id}", f"{guild_id} {channel_id}")

    def tournament_channel(self, tournament_id: int) -> tuple[int, int] | None:
        """(guild id, channel id) of a tournament made in Discord; None if not."""
        found = self.meta(f"tournament-channel:{tournament_id}")
        if found is None:
            return None
        guild_id, channel_id = found.split()
        return int(guild_id), int(channel_id)

    def unthreaded_tournament_games(self) -> list[tuple[int, int, int, int]]:
        """(game id, tournament id, round, board) of every game a Discord tournament made
        that has no thread yet, oldest first."""
        rows = self.connection.execute(
            "SELECT tg.game_id, tg.tournament_id, tg.round, tg.board FROM tournament_games tg "
            "JOIN tournaments t ON t.id = tg.tournament_id "
            "LEFT JOIN discord_games d ON d.game_id = tg.game_id "
            "WHERE t.accounts = 1 AND tg.game_id IS NOT NULL AND d.game_id IS NULL "
            "ORDER BY tg.game_id"
        ).fetchall()
        return [(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows]

    def is_linked(self, game_id: int) -> bool:
        return self.thread_of(game_id) is not None

    def pending_of(self, game_id: int) -> list[OutboxEntry]:
        """A game's messages not yet delivered (nor claimed), oldest first."""
        rows = self.connection.execute(
            "SELECT * FROM discord_outbox WHERE game_id = ? AND sent_at IS NULL "
            "AND claimed_at IS NULL ORDER BY id",
            (game_id,),
        ).fetchall()
        return [_entry(r) for r in rows]

    def drop_entry(self, entry_id: int) -> None:
        """One message not to deliver after all (said otherwise): marked sent."""
        self.connection.execute(
            "UPDATE discord_outbox SET sent_at = created_at WHERE id = ? AND sent_at IS NULL",
            (entry_id,),
        )

    # -- members --------------------------------------------------------------------------
    def set_dms_open(self, user_id: int, open_: bool, at: datetime) -> None:
        self.connection.execute(
            "INSERT INTO discord_members (user_id, dms_open, checked_at) VALUES (?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET dms_open = excluded.dms_open, "
            "checked_at = excluded.checked_at",
            (user_id, int(open_), to_text(at)),
        )

    def dms_open(self, user_id: int) -> bool | None:
        """Whether the bot could last send the member a direct message (None: never tried)."""
        row = self.connection.execute(
            "SELECT dms_open FROM discord_members WHERE user_id = ?", (user_id,)
        ).fetchone()
        return None if row is None else bool(row[0])

    # -- the bot's own notes (e.g. which command set was last synced) ---------------------
    def meta(self, key: str) -> str | None:
        row = self.connection.execute(
            "SELECT value FROM discord_meta WHERE key = ?", (key,)
        ).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, key: str, value: str) -> None:
        self.connection.execute(
            "INSERT INTO discord_meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    # -- interactions handled once ----------------------------------------------------------
    def claim_interaction(self, interaction_id: int, at: datetime) -> bool:
        """True the first time an interaction is claimed; False if it was handled already."""
        return self.store.claim("discord-interaction", str(interaction_id), at)

    def claim_dm_pointer(self, user_id: int, at: datetime) -> bool:
        """True the first time ever a member writes to the bot in DMs (they get the pointer
        to the slash commands once, whichever bot process saw the message)."""
        return self.store.claim("discord-dm-pointer", str(user_id), at)

    # -- the outbox ---------------------------------------------------------------------------
    def add_outbox(
        self,
        game_id: int | None,
        kind: str,
        turn: int | None,
        address: str,
        message: dict[str, Any],
        at: datetime,
    ) -> int:
        row = self.connection.execute(
            "INSERT INTO discord_outbox (game_id, kind, turn, address, message, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (game_id, kind, turn, address, json.dumps(message), to_text(at)),
        ).fetchone()
        return int(row[0])

    def claim_outbox(self, at: datetime, stale_before: datetime) -> list[OutboxEntry]:
        """The messages not yet delivered, claimed for delivery by this process; a claim older
        than `stale_before` (a process that died mid-delivery) is taken over."""
        rows = self.connection.execute(
            "SELECT * FROM discord_outbox WHERE sent_at IS NULL AND "
            "(claimed_at IS NULL OR claimed_at < ?) ORDER BY id",
            (to_text(stale_before),),
        ).fetchall()
        claimed = []
        for row in rows:
            cursor = self.connection.execute(
                "UPDATE discord_outbox SET claimed_at = ? WHERE id = ? AND sent_at IS NULL "
                "AND (claimed_at IS NULL OR claimed_at < ?) RETURNING id",
                (to_text(at), row["id"], to_text(stale_before)),
            )
            if cursor.fetchone() is not None:
                claimed.append(_entry(row))
        return claimed

    def mark_sent(self, entry_id: int, at: datetime) -> None:
        self.connection.execute(
            "UPDATE discord_outbox SET sent_at = ? WHERE id = ?", (to_text(at), entry_id)
        )

    def drop_pending(self, game_id: int, kind: str) -> None:
        """Messages of a kind not to deliver after all (said otherwise): marked sent."""
        self.connection.execute(
            "UPDATE discord_outbox SET sent_at = created_at WHERE game_id = ? AND kind = ? "
            "AND sent_at IS NULL",
            (game_id, kind),
        )

    def pending_count(self) -> int:
        row = self.connection.execute(
            "SELECT COUNT(*) FROM discord_outbox WHERE sent_at IS NULL"
        ).fetchone()
        return int(row[0])

    def message_for(
        self, game_id: int, kind: str, turn: int | None, address: str, match_game: int | None = None
    ) -> OutboxEntry | None:
        """The message of one kind and turn the judge made for one address (the newest); in a
        match, of its game `match_game` (the games of a match number their turns from 1)."""
        same_turn = "turn IS NULL" if turn is None else "turn = ?"
        params = (game_id, kind, address) if turn is None else (game_id, kind, address, turn)
        rows = self.connection.execute(
            "SELECT * FROM discord_outbox WHERE game_id = ? AND kind = ? AND address = ? AND "
            + same_turn
            + " ORDER BY id DESC",
            params,
        ).fetchall()
        for row in rows:
            entry = _entry(row)
            if match_game is None or entry.message.get("match_game") == match_game:
                return entry
        return None


def _entry(row: Any) -> OutboxEntry:
    return OutboxEntry(
        id=row["id"],
        game_id=row["game_id"],
        kind=row["kind"],
        turn=row["turn"],
        address=row["address"],
        message=json.loads(row["message"]),
        sent=row["sent_at"] is not None,
    )
