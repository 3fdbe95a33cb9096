"""What a judge saves per message never weakens what it guarantees (the store's tests run on
SQLite and on a real PostgreSQL): the claim read with the judge's first read still lets one
process answer a message, replies noted as written later are still noted, a thread root read
in a transaction that rolls back is not remembered, and the listener's quick reading of an
SMTP path reads what aiosmtpd reads."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

import pytest
from aiosmtpd.smtp import SMTP
from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import examples

from pbem.judge import Judge
from pbem.mail import gateway as gateway_module
from pbem.mail.archive import Archive
from pbem.mail.delivery import Delivery
from pbem.mail.gateway import NOTE_WRITTEN_WITHIN, MailGateway
from pbem.mail.listener import JudgeSMTP, Worker
from pbem.mail.outbound import ThreadIndex
from pbem.messages import Inbound, Outbound
from pbem.storage.database import Database
from pbem.storage.store import Store, open_store

JUDGE = "judge@club.example"


def _mail(number: int, body: str) -> bytes:
    message = EmailMessage()
    message["From"] = "alice@players.example"
    message["To"] = JUDGE
    message["Subject"] = "commands"
    message["Message-ID"] = f"<lean{number}@players.example>"
    message.set_content(body + "\n")
    return message.as_bytes()


def _gateway(url: str, outbox: Path) -> tuple[MailGateway, Store]:
    store = open_store(url)
    gateway = MailGateway(
        store.connection,
        Judge(store, judge_address=JUDGE),
        Delivery(outbox),
        judge_address=JUDGE,
        rate_limit_per_hour=1000,
        lock=store.lock,
    )
    return gateway, store


def _unsent(db: Database) -> int:
    return int(db.execute("SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NULL").fetchone()[0])


def test_a_message_settled_elsewhere_while_answered_changes_nothing_and_sends_nothing(
    store_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process settles a message between this one's storing it and answering it. The
    answer (here a `create`) is rolled back with everything else, and no reply is queued."""
    gateway, store = _gateway(store_url, tmp_path / "outbox")
    other = open_store(store_url)
    read = gateway_module.read_mail

    def read_then_lose(raw: bytes, **options: object) -> object:
        row = other.connection.execute(
            "SELECT id FROM mail_inbound WHERE message_id = '<lean1@players.example>'"
        ).fetchone()
        Archive(other.connection).mark(row[0], "processed", None, datetime.now(UTC))
        return read(raw, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(gateway_module, "read_mail", read_then_lose)
    receipt = gateway.receive(_mail(1, "create elsewhere"), "smtp")
    assert receipt.status == "duplicate"
    assert store.game("elsewhere", lock=False) is None
    assert int(store.connection.execute("SELECT COUNT(*) FROM mail_outbox").fetchone()[0]) == 0
    other.close()
    store.close()


def test_a_judge_replaying_a_message_another_settled_does_no_work_on_it(
    store_url: str, tmp_path: Path
) -> None:
    """A copy listed as failed and processed meanwhile by another judge: this judge finds it
    settled before it answers anything (the judge is never called), and sends nothing."""
    gateway, store = _gateway(store_url, tmp_path / "outbox")
    receipt = gateway.receive(_mail(1, "list"), "smtp")
    gateway.archive.mark(receipt.archive_id, "failed", "as listed by the keeper", datetime.now(UTC))
    listed = gateway.archive.get(receipt.archive_id)
    assert listed is not None
    gateway.archive.mark(listed.id, "processed", None, datetime.now(UTC))  # the other judge
    replies = int(store.connection.execute("SELECT COUNT(*) FROM mail_outbox").fetchone()[0])
    answered: list[object] = []
    gateway.judge = _Counting(gateway.judge, answered)  # type: ignore[arg-type]
    again = gateway.replay(replace(listed, raw=listed.raw.replace(b"list", b"create elsewhere")))
    assert (again.status, answered) == ("duplicate", [])
    assert store.game("elsewhere", lock=False) is None
    count = int(store.connection.execute("SELECT COUNT(*) FROM mail_outbox").fetchone()[0])
    assert count == replies
    store.close()


class _Counting:
    """A judge that notes each message it is asked to answer."""

    def __init__(self, judge: object, answered: list[object]) -> None:
        self.judge, self.answered = judge, answered

    def handle(self, inbound: Inbound) -> list[Outbound]:
        self.answered.append(inbound)
        return self.judge.handle(inbound)  # type: ignore[attr-defined, no-any-return]

    def tick(self, now: datetime | None = None) -> list[Outbound]:
        return self.judge.tick(now)  # type: ignore[attr-defined, no-any-return]


def test_serve_notes_replies_as_written_with_the_next_claim_or_within_a_second(
    store_url: str, tmp_path: Path
) -> None:
    async def run() -> tuple[int, int, int, int]:
        worker = Worker(lambda: _gateway(store_url, tmp_path / "outbox")[0])
        db = worker.gateway.db
        await worker.run(lambda gateway: gateway.receive(_mail(1, "help join"), "smtp"))
        first = _unsent(db)  # written out, noted with the next message
        await worker.run(lambda gateway: gateway.receive(_mail(2, "list"), "smtp"))
        second = _unsent(db)  # the first noted with the second's claim
        await asyncio.sleep(NOTE_WRITTEN_WITHIN + 0.2)
        idle = _unsent(db)  # no message followed: noted by the worker's clock
        await worker.run(lambda gateway: gateway.receive(_mail(3, "list"), "smtp"))
        worker.close()  # noted on the way out
        return first, second, idle, _unsent(db)

    assert asyncio.run(run()) == (1, 1, 0, 0)
    assert len(list((tmp_path / "outbox" / "new").iterdir())) == 3


def test_a_thread_root_read_in_a_transaction_that_rolls_back_is_not_remembered(
    store_url: str,
) -> None:
    store = open_store(store_url)
    threads = ThreadIndex(store.connection)
    with pytest.raises(RuntimeError), store.connection.transaction():
        threads.set_root("alpha", "<root1@judge>", datetime.now(UTC))
        assert threads.root("alpha") == "<root1@judge>"  # this transaction's own
        raise RuntimeError("rolled back")
    assert threads.root("alpha") is None
    threads.set_root("alpha", "<root2@judge>", datetime.now(UTC))
    assert threads.root("alpha") == "<root2@judge>"
    store.connection.execute("DELETE FROM mail_threads")  # never done by the judge: proves
    assert threads.root("alpha") == "<root2@judge>"  # the committed root is remembered
    store.close()


_ATOM = st.text(alphabet="abcXYZ019!#$%&'*+/=?^_`{|}~-", min_size=1, max_size=6)
_PATHS = st.one_of(
    st.builds(
        lambda lead, local, domain, gap, params: f"{lead}<{local}@{domain}>{gap}{params}",
        st.sampled_from(["", " ", "\t"]),
        st.lists(_ATOM, min_size=1, max_size=3).map(".".join),
        st.lists(st.text(alphabet="ab-9", min_size=1, max_size=5), min_size=1, max_size=3).map(
            ".".join
        ),
        st.sampled_from(["", " ", "  ", "\t", " \t "]),
        st.sampled_from(["", "SIZE=100", "BODY=8BITMIME SMTPUTF8", "x=1 "]),
    ),
    st.text(alphabet='<>@."ab[]:, \t()\\', max_size=16),
)


@settings(max_examples=examples(150, 3000), deadline=None)
@given(path=_PATHS, limit=st.sampled_from([0, 3, 64]))
def test_the_listener_reads_mail_from_and_rcpt_to_paths_as_aiosmtpd_does(
    path: str, limit: int
) -> None:
    """The judge's quick reading of a plain `<local@domain>` path gives the address and the
    parameters aiosmtpd's own parser gives, and leaves every other shape to it."""
    ours, theirs = JudgeSMTP.__new__(JudgeSMTP), SMTP.__new__(SMTP)
    ours.local_part_limit = theirs.local_part_limit = limit
    assert _read(ours, path) == _read(theirs, path)


def _read(server: SMTP, path: str) -> object:
    try:
        return server._getaddr(path)
    except Exception as exc:  # aiosmtpd's parser fails so on some junk (its 500 answer)
        return type(exc)
