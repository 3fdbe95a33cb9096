"""A browser session's row in the judge's store (issue 42, item 1): made at sign-in, checked by
every request of the session, deleted by *Sign out* (that session) or *Sign out everywhere*
(every session of the seat). Every web process reads the same rows, so a session ended in one
is ended in all at once, and a copy of the cookie opens nothing after it."""

from __future__ import annotations

from datetime import UTC, datetime

from pbem.storage.store import Store, to_text
from pbem.web.sessions import Seat


def _moment(unix: int) -> str:
    return to_text(datetime.fromtimestamp(unix, UTC))


def open_session(store: Store, seat: Seat, now: datetime) -> None:
    """The session `seat` names stands from now until it expires; the sessions ended by their
    clock are dropped on the way."""
    with store.transaction():
        store.connection.execute("DELETE FROM web_sessions WHERE expires_at < ?", (to_text(now),))
        store.connection.execute(
            "INSERT INTO web_sessions (session, game_id, seat, expires_at) VALUES (?, ?, ?, ?)",
            (seat.nonce, seat.game_id, seat.seat, _moment(seat.expires)),
        )


def session_stands(store: Store, seat: Seat) -> bool:
    """Whether the session a (signed, unexpired) cookie names has not been signed out."""
    row = store.connection.execute(
        "SELECT 1 FROM web_sessions WHERE session = ? AND game_id = ? AND seat = ?",
        (seat.nonce, seat.game_id, seat.seat),
    ).fetchone()
    return row is not None


def end_session(store: Store, seat: Seat, everywhere: bool = False) -> int:
    """*Sign out*: the session ends (with `everywhere`, every session of its seat, in any
    browser); the number of sessions ended. Their answers not yet shown go with them."""
    with store.transaction():
        if everywhere:
            rows = store.connection.execute(
                "DELETE FROM web_sessions WHERE game_id = ? AND seat = ? RETURNING session",
                (seat.game_id, seat.seat),
            ).fetchall()
        else:
            rows = store.connection.execute(
                "DELETE FROM web_sessions WHERE session = ? RETURNING session", (seat.nonce,)
            ).fetchall()
        for row in rows:
            store.connection.execute("DELETE FROM web_answers WHERE session = ?", (row["session"],))
    return len(rows)
