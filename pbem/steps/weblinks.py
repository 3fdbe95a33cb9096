"""`web NAME`: a one-time link to play a game in the browser, answered to the address the judge
writes to for that seat, or privately to the Discord member who holds it (issue 35, item 1).
The link is signed with the web page's key (SPACESHIPS_WEB_SECRET_FILE, the file `spaceships
web --secret-file` keeps; by default beside an SQLite store, `key_file`) and names the page
(SPACESHIPS_WEB_URL); it opens one session, once,
within LINK_MINUTES, and only while the seat's password is the one it was made under (a game of
Discord accounts has none: its links last their minutes). Also the signing itself, which the
web page reads back: the core's, so that neither front end reads the other's code.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
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

log = logging.getLogger(__name__)

WEB_URL = "SPACESHIPS_WEB_URL"  # the club page's public address: https://games.example.org
WEB_SECRET_FILE = "SPACESHIPS_WEB_SECRET_FILE"
LINK_MINUTES = 30
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
    game_id: int
    seat: str
    stamp: str
    expires: int  # Unix seconds
    nonce: str  # claimed when used: a link opens one session


def _mac(secret: bytes, text: str) -> str:
    return hmac.new(secret, ("link:" + text).encode(), hashlib.sha256).hexdigest()


def make_link(secret: bytes, link: Link) -> str:
    """The token of a link: hexadecimal words only (nothing a reply's password mask hides)."""
    body = f"{link.game_id}.{link.seat}.{link.stamp}.{link.expires}.{link.nonce}"
    return f"{body.encode().hex()}.{_mac(secret, body)}"


def read_link(secret: bytes, token: str, now: datetime) -> Link | None:
    """The link a token names, or None: altered, unreadable or expired."""
    coded, _, mac = token.partition(".")
    try:
        body = bytes.fromhex(coded).decode()
        game_id, seat, stamp, expires, nonce = body.split(".")
        link = Link(int(game_id), seat, stamp, int(expires), nonce)
    except ValueError:
        return None
    if not hmac.compare_digest(mac, _mac(secret, body)):
        return None
    return link if link.expires > now.timestamp() else None


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
    path = key_file(desk.store.connection.url)
    if not base or not path:
        runs = (
            "the bot, `spaceships bot`"
            if game.accounts
            else "the mail judge, `spaceships pbem serve`"
        )
        lacking = " and ".join(
            name for name, value in ((WEB_URL, base), (WEB_SECRET_FILE, path)) if not value
        )
        raise Refusal(
            f"this judge has no web page to play on (its keeper sets {lacking} for {runs}, "
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
    try:
        secret = secret_from(path)
    except (OSError, ValueError) as exc:  # a slip of the set-up: one line, no trace
        log.warning("web NAME: the web page's key %s cannot be read: %s", path, exc)
        raise Refusal(
            "the judge cannot make links now (the web page's key is not set up): sign in on "
            "the page with your password, and tell the judge's keeper"
        ) from None
    expires = desk.now + timedelta(minutes=LINK_MINUTES)
    lines = []
    for seat, stored in places:
        link = Link(game.id, seat, stamp_of(stored), int(expires.timestamp()), os.urandom(12).hex())
        who = "its game master" if seat == MASTER else kind_of(game).about.seat_name(seat)
        url = f"{base}/games/{quote(game.name, safe='')}/play/link/{make_link(secret, link)}"
        lines.append(f"Play {game.name} in your browser as {who}:\n  {url}")
    lines.append(
        f"Each link signs you in once, within {LINK_MINUTES} minutes; after that "
        f"{web_again(game)}. Do not pass it on: it is your seat."
    )
    return "\n".join(lines)
