"""What a turn played in the browser causes for the game's own front end (its mail, its
posts), handed over once the change is committed and composed in a process of its own with a
store of its own (issue 44, item 5): a mail's pictures (seconds for a Space Chess board) are
drawn there, never on the store thread every page waits on, nor under its interpreter lock.

The change and its messages are no longer one transaction: the change stands once committed,
and its messages follow in order in the mail process, each row written as it is ready; were
the server killed in between, the players would still find the change on their pages and in
`status` by mail."""

from __future__ import annotations

import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from pbem.messages import Outbound

log = logging.getLogger("web")

Keep = Callable[[list[Outbound]], None]
# The mail process's own store and keep, opened at its first batch.
_OWN: dict[str, tuple[Any, Keep]] = {}


def _compose(db: str, keeping: Callable[[Any], Keep], batch: list[Any]) -> None:
    """In the mail process: one change's messages, composed and kept."""
    if db not in _OWN:
        from pbem.storage.store import open_store

        store = open_store(db)
        _OWN[db] = (store, keeping(store))
    store, keep = _OWN[db]
    # No transaction around it: a write lock held while pictures are drawn (seconds) would
    # hold up the judge's own writes; each row is written (and committed) as it is ready.
    keep(batch)


class Later:
    """`keep` collects a change's messages on the store thread; `flush` hands them, after
    the change's commit, to the mail process; `drop` forgets those of a change rolled back.
    `keeping(store)` is the front end's keep over a store (picklable: it goes to the other
    process by name, pbem.web.cli.keep_for)."""

    def __init__(self, db: str, keeping: Callable[[Any], Keep]) -> None:
        self.db, self.keeping = db, keeping
        self.pending: list[Outbound] = []
        self.worker = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_behind
        )

    def keep(self, messages: list[Outbound]) -> None:
        self.pending.extend(messages)

    def drop(self) -> None:
        self.pending = []

    def flush(self) -> Future[None] | None:
        batch, self.pending = self.pending, []
        if not batch:
            return None
        done = self.worker.submit(_compose, self.db, self.keeping, batch)
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
    if failed is not None:  # one batch lost is logged; the next goes on
        log.error("the messages of a change made in the browser were not kept: %r", failed)
