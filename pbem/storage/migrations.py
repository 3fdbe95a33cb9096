"""Bringing a judge's database up to its schema (pbem.storage.schema), one numbered step at a
time, the same way on SQLite and PostgreSQL.

Step i takes a database from version i to i + 1, in one transaction together with the new
version number (SQLite keeps it in `PRAGMA user_version`, PostgreSQL in the table
`schema_version`). A database at any earlier version, new or years old, is brought up to date
when a judge opens it; one newer than the judge is refused.
"""

from __future__ import annotations

from pbem.storage.database import Database, StoreError
from pbem.storage.schema import SCHEMA_VERSION, STEPS, Step

__all__ = ["SCHEMA_VERSION", "STEPS", "TABLES", "Step", "migrate"]

# Every table of the schema, parents before children (copy-store copies in this order).
TABLES: tuple[str, ...] = (
    "games",
    "players",
    "computers",
    "observers",
    "orders",
    "turns",
    "wrong_passwords",
    "password_warnings",
    "mail_inbound",
    "mail_threads",
    "mail_outbox",
    "claims",
    "match_settings",
    "match_games",
    "discord_challenges",
    "discord_games",
    "discord_members",
    "discord_outbox",
    "discord_meta",
    "ladder_games",
    "ratings",
    "rating_changes",
    "identity_links",
    "link_codes",
    "rematches",
    "mail_settings",
    "web_answers",
    "tournaments",
    "tournament_players",
    "tournament_games",
    "web_sessions",
    "web_links",
    "api_tokens",
    "api_events",
    "web_later",
)


def migrate(db: Database, target: int = SCHEMA_VERSION) -> int:
    """Bring the database up to `target`, one step per transaction; the version it had."""
    with db.transaction():
        start = db.schema_version()
    if start > SCHEMA_VERSION:
        raise StoreError(
            f"the database has schema version {start}, newer than this judge's "
            f"{SCHEMA_VERSION}; upgrade the judge",
            db.url,
        )
    version = start
    while version < target:
        with db.transaction():
            version = db.schema_version()  # as committed now: another process may have gone on
            if version >= target:
                break
            for statement in db.statements(STEPS[version].script):
                db.execute(statement)
            version += 1
            db.set_schema_version(version)
    return start
