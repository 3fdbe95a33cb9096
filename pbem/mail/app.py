"""Building the front end from a configuration: the store, the judge, the gateway."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pbem.mail.config import MailConfig
from pbem.mail.delivery import Delivery
from pbem.mail.gateway import MailGateway
from pbem.mail.holding import Holds
from pbem.mail.receipts import JudgeLike
from pbem.storage.database import sqlite_path


def open_gateway(
    config: MailConfig,
    judge_factory: Callable[[object], JudgeLike] | None = None,
    looks_only: bool = False,
) -> MailGateway:
    """Open the store named by the config and put the judge and the mail front end on it.
    `judge_factory(store)` replaces the real judge (tests, benches); `looks_only`: for a
    command that writes no mail (`archive`), so no outbox folder is made."""
    from pbem.storage.store import open_store  # the core; imported late so this module stays light

    store = open_store(config.db)
    if judge_factory is None:
        from pbem.judge import Judge

        judge: JudgeLike = Judge(store, judge_address=config.judge_address)
    else:
        judge = judge_factory(store)
    return MailGateway(
        store.connection,
        judge,
        Delivery(config.outbox, config.relay, create=not looks_only),
        judge_address=config.judge_address,
        max_message_bytes=config.max_message_bytes,
        rate_limit_per_hour=config.rate_limit_per_hour,
        lock=getattr(store, "lock", None),
        holds=Holds(None if looks_only else holds_file(config)),
    )


def holds_file(config: MailConfig) -> Path | None:
    """Where the judges of this machine hold the messages they answer (pbem.mail.holding):
    beside the SQLite file, whose folder they all share; for PostgreSQL, in the outbox folder
    the judges of one machine may share (judges elsewhere are held apart by the age of a
    message, as `serve` resumes only what waited a while)."""
    path = sqlite_path(config.db)
    if path == ":memory:":
        return None
    if path is not None:
        return Path(path + "-holding")
    return Path(config.outbox) / ".holding"
