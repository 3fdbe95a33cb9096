"""What a turn played in the browser causes is never lost between its commit and its mail
(pbem.web.later, issue 44 item 5): the messages are kept in the turn's own transaction and
stay until composed, so a server killed in between leaves them for the next start."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from pbem.messages import Outbound
from pbem.storage.store import open_store
from pbem.web.later import CLAIM_FOR, Later, claim, compose, waiting

NOW = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)


class Stopped(Later):
    """A Later whose composing process never runs: the server killed after the commit."""

    def __init__(self, store: Any) -> None:
        self.store, self.pending = store, []

    def flush(self) -> None:  # type: ignore[override]
        self.pending = []


def _mail(body: str) -> list[Outbound]:
    return [Outbound(("alice@example.org",), "alpha: turn 2", body, game="alpha")]


def test_messages_of_a_committed_change_wait_until_composed_and_are_kept_once(
    store_url: str,
) -> None:
    store = open_store(store_url)
    later = Stopped(store)
    with store.transaction():
        later.keep(_mail("turn 1 resolved"))
    later.flush()  # killed here: nothing composed
    rows = waiting(store, NOW)
    assert len(rows) == 1
    kept: list[list[Outbound]] = []
    assert compose(store, kept.append, rows, NOW) == 1
    assert kept == [_mail("turn 1 resolved")]
    assert waiting(store, NOW) == [] and compose(store, kept.append, rows, NOW) == 0
    assert len(kept) == 1  # composed once


def test_a_change_rolled_back_leaves_no_messages(store_url: str) -> None:
    store = open_store(store_url)
    later = Stopped(store)
    with pytest.raises(RuntimeError), store.transaction():
        later.keep(_mail("never"))
        raise RuntimeError("the judge refused the change")
    later.drop()
    assert waiting(store, NOW) == []


def test_a_row_another_composer_holds_is_taken_only_once_its_claim_is_old(
    store_url: str,
) -> None:
    store = open_store(store_url)
    with store.transaction():
        Stopped(store).keep(_mail("held"))
    (row,) = waiting(store, NOW)
    assert claim(store, row, NOW) == _mail("held")  # a composer takes it, then dies
    assert waiting(store, NOW) == [] and claim(store, row, NOW) is None
    later = NOW + CLAIM_FOR + CLAIM_FOR / 10
    assert waiting(store, later) == [row]
    kept: list[list[Outbound]] = []
    assert compose(store, kept.append, [row], later) == 1 and kept == [_mail("held")]
