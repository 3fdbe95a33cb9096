"""What a turn played in the browser causes for the game's own front end (its mail, its
posts), handed over once the change is committed and composed in a process of its own with a
store of its own (issue 44, item 5): a mail's pictures (seconds for a Space Chess board) are
drawn there, never on the store thread every page waits on, nor under its interpreter lock.

Nothing is lost: the messages are kept in the change's own transaction (`web_later`, as they
are), and a row stays until the process that composes them has kept them. A server killed
between the commit and the composing leaves its rows, which the next start of a web page on
the same store composes; a row whose composer died is taken again once its claim is old
(CLAIM_FOR). A crash after the messages were kept and before their row was deleted sends them
twice, as a relay's crash can (docs/running-a-judge.md)."""

from __future__ import annotations

import logging
import multiprocessing
import os
import pickle
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

from pbem.messages import Outbound
from pbem.storage.storerows import to_text

log = logging.getLogger("web")

Keep = Callable[[list[Outbound]], None]
CLAIM_FOR = timedelta(minutes=10)  # a composer still at a row after this has died
# The mail process's own store and keep, opened at its first batch.
_OWN: dict[str, tuple[Any, Keep]] = {}


def claim(store: Any, row: int, now: datetime) -> list[Outbound] | None:
    """The messages of row `row`, claimed now; None when another composer holds it (claimed
    within CLAIM_FOR) or it is gone (composed already)."""
    with store.transaction():
        found = store.connection.execute(
            "UPDATE web_later SET claimed_at = ? WHERE id = ? "
            "AND (claimed_at IS NULL OR claimed_at < ?) RETURNING batch",
            (to_text(now), row, to_text(now - CLAIM_FOR)),
        ).fetchone()
    # The rows are written by this module alone, in the judge's own store.
    return None if found is None else pickle.loads(bytes(found["batch"]))


def compose(store: Any, keep: Keep, rows: list[int], now: datetime) -> int:
    """Each row's messages kept by `keep`, then the row deleted; how many rows were composed."""
    done = 0
    for row in rows:
        batch = claim(store, row, now)
        if batch is None:
            continue
        # No transaction around keeping: a write lock held while pictures are drawn (seconds)
        # would hold up the judge's own writes; each message's row is committed as it is ready.
        keep(batch)
        with store.transaction():
            store.connection.execute("DELETE FROM web_later WHERE id = ?", (row,))
        done += 1
    return done


def waiting(store: Any, now: datetime) -> list[int]:
    """The rows no composer holds: left by a server that stopped before composing them."""
    with store.transaction():
        rows = store.connection.execute(
            "SELECT id FROM web_later WHERE claimed_at IS NULL OR claimed_at < ? ORDER BY id",
            (to_text(now - CLAIM_FOR),),
        ).fetchall()
    return [int(row["id"]) for row in rows]


def _compose(db: str, keeping: Callable[[Any], Keep], rows: list[int]) -> None:
    """In the mail process: the rows' messages, composed and kept."""
    if db not in _OWN:
        from pbem.storage.store import open_store

        store = open_store(db)
        _OWN[db] = (store, keeping(store))
    store, keep = _OWN[db]
    compose(store, keep, rows, datetime.now(UTC))


class Later:
    """`keep` writes a change's messages in the change's transaction, on play's store;
    `flush` hands their rows, after the commit, to the mail process; `drop` forgets those of a
    change rolled back (their rows went with it). `keeping(store)` is the front end's keep over
    a store (picklable: it goes to the other process by name, pbem.web.cli.keep_for). Rows left
    by an earlier server are composed at the start."""

    def __init__(self, store: Any, keeping: Callable[[Any], Keep]) -> None:
        self.store, self.db, self.keeping = store, store.connection.url, keeping
        self.pending: list[int] = []
        self.worker = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_behind
        )
        self._submit(waiting(store, datetime.now(UTC)))

    def keep(self, messages: list[Outbound]) -> None:
        if not messages:
            return
        row = self.store.connection.execute(
            "INSERT INTO web_later (batch, made_at) VALUES (?, ?) RETURNING id",
            (pickle.dumps(list(messages)), to_text(datetime.now(UTC))),
        ).fetchone()
        self.pending.append(int(row["id"]))

    def drop(self) -> None:
        self.pending = []

    def flush(self) -> Future[None] | None:
        rows, self.pending = self.pending, []
        return self._submit(rows)

    def _submit(self, rows: list[int]) -> Future[None] | None:
        if not rows:
            return None
        done = self.worker.submit(_compose, self.db, self.keeping, rows)
        done.add_done_callback(_logged)
        return done

    def close(self) -> None:
        self.worker.shutdown(wait=True)


def _behind() -> None:
    """The mail process yields the processor to the pages: mail may be a little later."""
    try:
        os.nice(10)
    except OSError:
        pass


def _logged(done: Future[None]) -> None:
    failed = done.exception()
    if failed is not None:  # the rows stay: the next start of the page composes them
        log.error("the messages of a change made in the browser wait to be composed: %r", failed)
