"""How fast a game's passwords may be guessed: a per-game brake on wrong passwords.

One message checks at most one password and the mail front end limits each sender address, but
addresses cost nothing (plus-addressing), so the judge also counts wrong passwords per game, in
the store, so that the count survives restarts. A wrong password matches no seat, so it counts
against the game as a whole (both players' and the master's passwords). Locking a game's
passwords after too many would let anyone lock its real players out, so instead, once
`WRONG_PASSWORD_LIMIT` wrong passwords came within `WRONG_PASSWORD_WINDOW`, the judge checks
at most one password per `THROTTLED_CHECK_INTERVAL` for that game from addresses it does not
know for the game; it refuses the others unchecked, the right password too, since a lockout that
let the right password through would confirm a guess. The players' and the game master's
current addresses are never slowed down. Everyone with a seat is warned once per window, never
told who tried. At one guess per 10 minutes, 20 million passwords take centuries to search.
"""

from __future__ import annotations

from datetime import datetime, timedelta

WRONG_PASSWORD_LIMIT = 10
WRONG_PASSWORD_WINDOW = timedelta(hours=24)
THROTTLED_CHECK_INTERVAL = timedelta(minutes=10)


def throttled_until(
    recent_failures: int, last_failure: datetime | None, now: datetime
) -> datetime | None:
    """When an unknown address may next have a password checked for the game, or None when
    it may now. `recent_failures` counts the wrong passwords within the window."""
    if recent_failures < WRONG_PASSWORD_LIMIT or last_failure is None:
        return None
    until = last_failure + THROTTLED_CHECK_INTERVAL
    return until if until > now else None


def window_start(now: datetime) -> datetime:
    return now - WRONG_PASSWORD_WINDOW
