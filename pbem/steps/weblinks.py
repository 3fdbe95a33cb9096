"""`web NAME`: a one-time link to play a game in the browser, answered to the address the judge
writes to for that seat, or privately to the Discord member who holds it (issue 35, item 1).
The link names the page (SPACESHIPS_WEB_URL) and a short random token (issue 47, item 7: the
whole link fits a mail's line, where a long one was wrapped by mail programs); what it opens is
kept in the judge's store under the token's hash (`web_links`), so the page reads it back and
says why a link is spent. It opens one session, once, within LINK_MINUTES, and only while the
seat's password is the one it was made under (a game of Discord accounts has none: its links
last their minutes). Also the web page's signing key (SPACESHIPS_WEB_SECRET_FILE; by default
beside an SQLite store, `key_file`) and the password's stamp, which the page's sessions use:
the core's, so that neither front end reads the other's code.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from urllib.parse import quote

from pbem.language.commands import Command
from pbem.registry import kind_of
from pbem.steps.desk import Desk, Refusal
from pbem.steps.sending import web_again
from pbem.storage.database import sqlite_path
from pbem.storage.store import Store, from_text, to_text

WEB_URL = "SPACESHIPS_WEB_URL"  # the club page's public address: https://games.example.org
WEB_SECRET_FILE = "SPACESHIPS_WEB_SECRET_FILE"
LINK_MINUTES = 30
LINK_PATH = "/link/"  # the page's address of a link: BASE/link/TOKEN
MASTER = "master"


def key_file(db: str) -> str | None:
    """Where the web page's key is kept for the store `db`: SPACESHIPS_WEB_SECRET_FILE, else
    beside an SQLite store (`judge.sqlite3-web-key`), where every process of the judge that
    opens the store finds it; None for PostgreSQL without the setting."""
    if os.environ.get(WEB_SECRET_FILE):
        return os.environ[WEB_SECRET_FILE]
    try:
        path = sqlite_path(db)
    except ValueError:
        return None
    return None if path in (None, ":memory:") else f"{path}-web-key"


def secret_from(path: str | None) -> bytes:
    """The signing key kept in `path` (made there, readable by its owner alone, when absent),
    so that several processes and restarts share it; None: a new one for this process."""
    if path is None:
        return os.urandom(32)
    file = Path(path)
    if not file.exists():
        descriptor = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as out:
            out.write(os.urandom(32).hex().encode())
    secret = file.read_bytes().strip()
    if len(secret) < 32:
        raise ValueError(f"{path}: a secret of at least 32 characters is needed")
    return secret


def stamp_of(stored_hash: str) -> str:
    """A short fingerprint of a stored password hash: changes when the password does."""
    return hashlib.sha256(stored_hash.encode()).hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class Link:
    """What a link opens: the game (by id), the seat or MASTER, the stamp of the password it
    was made under, when it expires, and when it was used (None: not yet)."""

    game_id: int
    seat: str
    stamp: str
    expires: datetime
    used_at: datetime | None


def _kept_as(token: str) -> str:
    # Only the token's hash is stored: a copy of the database opens no seat.
    return hashlib.sha256(("link:" + token).encode()).hexdigest()


def new_link(store: Store, game_id: int, seat: str, stamp: str, expires: datetime) -> str:
    """A new link's token (24 hexadecimal digits: nothing a reply's password mask hides, and
    short enough for any mail line), kept with what it opens; links long spent are dropped."""
    token = os.urandom(12).hex()
    store.connection.execute(
        "DELETE FROM web_links WHERE expires_at < ?", (to_text(expires - timedelta(days=1)),)
    )
    store.connection.execute(
        "INSERT INTO web_links (token, game_id, seat, stamp, expires_at) VALUES (?, ?, ?, ?, ?)",
        (_kept_as(token), game_id, seat, stamp, to_text(expires)),
    )
    return token


def read_link(store: Store, token: str) -> Link | None:
    """What the link of `token` opens, used or not, expired or not; None: no such link."""
    if len(token) > 64:
        return None
    row = store.connection.execute(
        "SELECT game_id, seat, stamp, expires_at, used_at FROM web_links WHERE token = ?",
        (_kept_as(token),),
    ).fetchone()
    if row is None:
        return None
    expires = from_text(row["expires_at"])
    assert expires is not None
    return Link(int(row["game_id"]), row["seat"], row["stamp"], expires, from_text(row["used_at"]))


def claim_link(store: Store, token: str, now: datetime) -> bool:
    """Marks the link used, now: True for the one request that does (a link opens one
    session, whichever web process is asked first)."""
    row = store.connection.execute(
        "UPDATE web_links SET used_at = ? WHERE token = ? AND used_at IS NULL RETURNING token",
        (to_text(now), _kept_as(token)),
    ).fetchone()
    return row is not None


def link_url(base: str, token: str) -> str:
    return f"{base.rstrip('/')}{LINK_PATH}{token}"


def web_link(command: Command, desk: Desk) -> str:
    """`web NAME`: for each seat (and the game master's place) this address has in the game, a
    one-time link in the answer; from any other address nothing, naming nobody."""
    game = desk.game(command.name)
    desk.reply.about(game)
    # A game's links come through the front end it is played in: a mail sender cannot show
    # that they are the Discord member who holds a seat, nor a member the mail address.
    if game.accounts and not desk.inbound.authenticated:
        raise Refusal(
            f"game {game.name} is played in Discord: ask the bot there (`/spaceships web`)"
        )
    desk.refuse_other_front_end(game)
    base = os.environ.get(WEB_URL, "").rstrip("/")
    if not base:
        runs = (
            "the bot, `spaceships bot`"
            if game.accounts
            else "the mail judge, `spaceships pbem serve`"
        )
        raise Refusal(
            f"this judge has no web page to play on (its keeper sets {WEB_URL} for {runs}, "
            f"or runs the whole club with `spaceships pbem`); play as before"
        )
    if game.phase == "over":
        raise Refusal(f"game {game.name} is over: its page is at {base}/games/{quote(game.name)}")
    sender = desk.inbound.sender
    players = desk.store.players(game.id)
    places = [(s, p.password) for s, p in sorted(players.items()) if p.address == sender]
    if game.master_address == sender and not (game.accounts and places):
        # A Discord member who plays the game keeps its master's work in Discord
        # (`/spaceships settings`): one link, to their seat, not two to choose between.
        places.append((MASTER, game.master_password))
    if not places:
        raise Refusal(
            f"nothing sent: a link to play {game.name} goes only to the address the judge "
            f"writes to for a seat (or its game master); send `web {game.name}` from there"
        )
    expires = desk.now + timedelta(minutes=LINK_MINUTES)
    lines = []
    for seat, stored in places:
        token = new_link(desk.store, game.id, seat, stamp_of(stored), expires)
        who = "its game master" if seat == MASTER else kind_of(game).about.seat_name(seat)
        lines.append(f"Play {game.name} in your browser as {who}:\n  {link_url(base, token)}")
    lines.append(
        f"Each link signs you in once, within {LINK_MINUTES} minutes; after that "
        f"{web_again(game)}. Do not pass it on: it is your seat."
    )
    return "\n".join(lines)
