"""A seat's session in the browser: a signed cookie naming the game, the seat (or the game
master) and when it expires, never a password; its CSRF token; the brake on password tries
from one client (issue 35, item 1).

The cookie is `HMAC-SHA256(secret, value)` over its value, so the browser holds nothing it
could forge or read a password from. It carries a stamp of the seat's stored password hash:
a `newpassword` by mail ends every session signed in with the old one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from pbem.steps.weblinks import secret_from as secret_from
from pbem.steps.weblinks import stamp_of as stamp_of

SESSION_SECONDS = 12 * 3600  # a session lasts half a day; sign in again after
MASTER = "master"  # the session of a game master rather than of a seat
COOKIE_PREFIX = "ss_seat_"  # one cookie per game: a player may play several at once
# Password tries from one client: at most TRIES within TRY_WINDOW seconds (the judge's own
# per-game brake, pbem.steps.throttle, counts every wrong one as mail's do).
TRIES = 5
TRY_WINDOW = 60.0


@dataclass(frozen=True, slots=True)
class Seat:
    """Who a session is: the game (by id), the seat or MASTER, the stamp of the password it
    was signed in with, when it ends (Unix seconds) and its own random id (for CSRF)."""

    game_id: int
    seat: str
    stamp: str
    expires: int
    nonce: str

    @property
    def master(self) -> bool:
        return self.seat == MASTER


class Signer:
    """Signs and reads the session cookies and CSRF tokens of one secret."""

    def __init__(self, secret: bytes, clock: Callable[[], float] = time.time) -> None:
        self.secret = secret
        self.clock = clock

    def _mac(self, text: str) -> str:
        return hmac.new(self.secret, text.encode(), hashlib.sha256).hexdigest()

    def cookie(self, game_id: int, seat: str, stamp: str) -> tuple[str, Seat]:
        made = Seat(game_id, seat, stamp, int(self.clock()) + SESSION_SECONDS, os.urandom(12).hex())
        body = json.dumps(
            [made.game_id, made.seat, made.stamp, made.expires, made.nonce], separators=(",", ":")
        )
        value = base64.urlsafe_b64encode(body.encode()).decode().rstrip("=")
        return f"{value}.{self._mac(value)}", made

    def read(self, cookie: str | None) -> Seat | None:
        """The session a cookie names, or None: unsigned, altered or expired."""
        if not cookie or "." not in cookie:
            return None
        value, _, mac = cookie.rpartition(".")
        if not hmac.compare_digest(mac, self._mac(value)):
            return None
        try:
            padded = value + "=" * (-len(value) % 4)
            game_id, seat, stamp, expires, nonce = json.loads(base64.urlsafe_b64decode(padded))
            seat_value = Seat(int(game_id), str(seat), str(stamp), int(expires), str(nonce))
        except (ValueError, TypeError):
            return None
        return seat_value if seat_value.expires > self.clock() else None

    def csrf(self, holder: str) -> str:
        """The token every form of `holder` (a session's nonce, or a visitor's) carries."""
        return self._mac("csrf:" + holder)

    def csrf_ok(self, holder: str, token: str | None) -> bool:
        return bool(token) and hmac.compare_digest(self.csrf(holder), token or "")


class Tries:
    """Password tries per client address: TRIES within TRY_WINDOW seconds, then refused
    unchecked until the oldest falls out of the window (so a refusal says nothing). Each try
    is noted with the game it was at: a right password forgets only that client's tries at
    that game, never its guesses at others (issue 42, item 4)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.seen: dict[str, deque[tuple[float, str]]] = {}

    def wait(self, client: str, game: str = "") -> float:
        """Seconds `client` must wait before its next try (0: it may try now, counted as a
        try at `game`)."""
        now = self.clock()
        tries = self.seen.setdefault(client, deque())
        while tries and now - tries[0][0] > TRY_WINDOW:
            tries.popleft()
        if len(tries) >= TRIES:
            return TRY_WINDOW - (now - tries[0][0])
        tries.append((now, _game_key(game)))
        if len(self.seen) > 10000:  # forget clients that went quiet
            for key in [k for k, v in self.seen.items() if not v][:5000]:
                del self.seen[key]
        return 0.0

    def forget(self, client: str, game: str) -> None:
        """A right password to `game`: the client's earlier mistypes at that game no longer
        count; its tries at every other game still do."""
        tries = self.seen.get(client)
        if tries is None:
            return
        key = _game_key(game)
        kept = deque(entry for entry in tries if entry[1] != key)
        if kept:
            self.seen[client] = kept
        else:
            del self.seen[client]


def _game_key(name: str) -> str:
    return name.strip().lower()  # game names are case-blind
