"""The judge's answers to a session's forms, kept in the store until the session's next page
shows them once: any web process may serve that page (several processes behind one proxy need
no sticky sessions). A session is known by its own random number, never by a password."""

from __future__ import annotations

from datetime import datetime, timedelta

from pbem.storage.store import Store, to_text

KEPT = timedelta(hours=1)  # an answer nobody came back for is dropped after this


def keep_answer(
    store: Store,
    session: str,
    command: str,
    accepted: bool,
    answer: str,
    typed: str,
    at: datetime,
    replaces: bool = True,
) -> None:
    """The answer to the session's `command` form (the last one sent of it), and what was
    typed, to show beside the form; old answers nobody came back for are dropped. The same
    form sent twice at once (a double click) keeps the answer of the one that acted, never
    the other's "handled already"."""
    connection = store.connection
    with store.transaction():
        connection.execute("DELETE FROM web_answers WHERE answered_at < ?", (to_text(at - KEPT),))
        connection.execute(
            "INSERT INTO web_answers (session, command, accepted, answer, typed, answered_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (session, command) "
            + (
                "DO UPDATE SET accepted = excluded.accepted, answer = excluded.answer, "
                "typed = excluded.typed, answered_at = excluded.answered_at"
                if replaces
                else "DO NOTHING"
            ),
            (session, command, int(accepted), answer, typed, to_text(at)),
        )


def take_answers(store: Store, session: str) -> dict[str, tuple[bool, str, str]]:
    """The session's answers by command (accepted, the judge's words, what was typed), taken:
    a reload shows the page as it is, without them."""
    with store.transaction():
        rows = store.connection.execute(
            "DELETE FROM web_answers WHERE session = ? RETURNING command, accepted, answer, typed",
            (session,),
        ).fetchall()
    return {row["command"]: (bool(row["accepted"]), row["answer"], row["typed"]) for row in rows}
