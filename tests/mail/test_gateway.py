"""The pipeline: stored raw before processing, never twice, refused when too large, limited
per sender, failures kept and replayed, malformed mail never crashing the judge."""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage

import pytest

from pbem.mail.gateway import MailGateway, ReplayError
from pbem.mail.ratelimit import OverBudget

Mail = Callable[..., bytes]
Outbox = Callable[[MailGateway], list[EmailMessage]]


def test_every_message_is_stored_raw_and_processed(
    gateway: MailGateway, mail: Mail, echo, outbox_mail: Outbox
) -> None:
    raw = mail("status alpha")
    receipt = gateway.receive(raw)
    stored = gateway.archive.get(receipt.archive_id)
    assert stored is not None and stored.raw == raw and stored.status == "processed"
    assert [i.text for i in echo.seen] == ["status alpha"]
    (reply,) = outbox_mail(gateway)
    assert reply["To"] == "alice@example.org" and "status alpha" in reply.get_content()


def test_the_message_is_committed_before_the_judge_sees_it(
    make_gateway, mail: Mail, tmp_path
) -> None:
    import sqlite3

    class Peeking:
        """Looks at the database from another connection while it handles the message."""

        found: list[tuple[str, str]] = []

        def handle(self, inbound):
            other = sqlite3.connect(tmp_path / "judge.sqlite3")
            self.found += other.execute("SELECT message_id, status FROM mail_inbound").fetchall()
            other.close()
            return []

        def tick(self, now=None):
            return []

    judge = Peeking()
    make_gateway(judge).receive(mail("help", message_id="<seen@example.org>"))
    assert judge.found == [("<seen@example.org>", "received")]


def test_a_message_id_seen_before_is_not_processed_twice(
    gateway: MailGateway, mail: Mail, echo
) -> None:
    raw = mail("orders 3: Gx3", message_id="<same@example.org>")
    first, second = gateway.receive(raw), gateway.receive(raw)
    assert (first.status, second.status) == ("processed", "duplicate")
    assert len(echo.seen) == 1
    assert gateway.archive.get(second.archive_id).raw == raw  # kept all the same


def test_a_failing_judge_leaves_the_message_failed_with_its_error_then_replay_works(
    gateway: MailGateway, mail: Mail, echo, outbox_mail: Outbox
) -> None:
    receipt = gateway.receive(mail("boom"))
    stored = gateway.archive.get(receipt.archive_id)
    assert stored.status == "failed" and "the judge fell over" in stored.error
    # The sender hears at once that nothing was carried out yet, so no player believes
    # their orders are in.
    (notice,) = outbox_mail(gateway)
    assert notice["To"] == "alice@example.org"
    assert notice["In-Reply-To"] == receipt.message_id
    text = notice.get_content()
    assert "could not process your message" in text and "nothing of it was carried out" in text

    # A replay that fails again says nothing more: one notice per message, not per retry.
    (still,) = gateway.replay_selected(failed=True)
    assert still.status == "failed"
    assert len(outbox_mail(gateway)) == 1

    echo.fail = False  # the bug is fixed; the keeper replays
    (again,) = gateway.replay_selected(failed=True)
    assert again.archive_id == receipt.archive_id and again.status == "processed"
    assert gateway.archive.get(receipt.archive_id).status == "processed"
    assert [i.text for i in echo.seen] == ["boom"]
    replies = outbox_mail(gateway)
    assert len(replies) == 2 and "boom" in replies[1].get_content()  # the real reply, once
    assert gateway.replay_selected(failed=True) == []


def test_replay_by_id_and_an_unknown_id(gateway: MailGateway, mail: Mail, echo) -> None:
    receipt = gateway.receive(mail("status alpha"))
    gateway.replay_selected(ids=[receipt.archive_id])
    assert [i.text for i in echo.seen] == ["status alpha", "status alpha"]
    with pytest.raises(ReplayError, match="#999"):
        gateway.replay_selected(ids=[999])


def test_oversized_mail_is_refused_with_one_reply_and_kept_cut_short(
    make_gateway, echo, mail: Mail, outbox_mail: Outbox
) -> None:
    gateway = make_gateway(echo, max_message_bytes=2000)
    raw = mail("status alpha\n" + "x" * 5000)
    receipt = gateway.receive(raw)
    assert receipt.status == "refused" and "too large" in receipt.reason
    assert echo.seen == []
    (reply,) = outbox_mail(gateway)
    assert "at most 2000 bytes" in reply.get_content()
    assert reply["In-Reply-To"] == receipt.message_id
    stored = gateway.archive.get(receipt.archive_id)
    assert stored.size == len(raw) and stored.raw == raw[:2000]
    # Replaying it refuses it again rather than reading a truncated message.
    (again,) = gateway.replay_selected(ids=[receipt.archive_id])
    assert again.status == "refused" and echo.seen == []


def test_an_oversized_auto_reply_is_not_answered(
    make_gateway, echo, mail: Mail, outbox_mail: Outbox
) -> None:
    gateway = make_gateway(echo, max_message_bytes=2000)
    receipt = gateway.receive(mail("x" * 5000, headers={"Auto-Submitted": "auto-replied"}))
    assert receipt.status == "ignored" and outbox_mail(gateway) == []


def test_auto_replies_are_stored_and_never_answered(
    gateway: MailGateway, mail: Mail, echo, outbox_mail: Outbox
) -> None:
    receipt = gateway.receive(mail("I am on holiday", headers={"Auto-Submitted": "auto-replied"}))
    assert receipt.status == "ignored" and echo.seen == [] and outbox_mail(gateway) == []
    assert gateway.archive.get(receipt.archive_id).status == "ignored"


def test_rate_limit_holds_a_flooding_sender_and_warns_once(
    make_gateway, echo, mail: Mail, outbox_mail: Outbox, clock
) -> None:
    gateway = make_gateway(echo, rate_limit_per_hour=3)
    statuses = [gateway.receive(mail(f"status {i}")).status for i in range(6)]
    assert statuses == ["processed"] * 3 + ["limited"] * 3
    assert len(echo.seen) == 3
    warnings = [m for m in outbox_mail(gateway) if "Slow down" in m["Subject"]]
    assert len(warnings) == 1
    # The warning must not promise that held messages are read later: only the keeper does that.
    warning = warnings[0].get_payload(decode=True).decode()
    assert "this message was not read" in warning and "send it again" in warning
    assert "until the hour has passed" not in warning
    # Another player is not affected.
    assert gateway.receive(mail("status", sender="bob@example.org")).status == "processed"
    # An hour later the sender is heard again.
    clock.advance(hours=1, seconds=1)
    assert gateway.receive(mail("status 7")).status == "processed"
    # The held messages are kept and the keeper can still have them processed.
    replayed = gateway.replay_selected(all=True)
    assert [r.status for r in replayed] == ["processed"] * 3
    assert [i.text for i in echo.seen][-3:] == ["status 3", "status 4", "status 5"]


def test_auto_replies_and_duplicates_do_not_count_against_the_rate_limit(
    make_gateway, echo, mail: Mail
) -> None:
    gateway = make_gateway(echo, rate_limit_per_hour=2)
    gateway.receive(mail("status", message_id="<d@example.org>"))
    gateway.receive(mail("status", message_id="<d@example.org>"))
    gateway.receive(mail("away", headers={"X-Autoreply": "yes"}))
    assert gateway.receive(mail("status again")).status == "processed"


MALFORMED = {
    "garbage bytes": b"\x00\xff\xfe garbage \x80\x81\r\n\r\n\x00",
    "empty": b"",
    "headers only": b"From: alice@example.org\r\nSubject: status",
    "broken boundary": (
        b"From: alice@example.org\r\nMessage-ID: <mb@example.org>\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/mixed; boundary="never-used"\r\n\r\nstatus alpha\r\n'
    ),
    "truncated base64": (
        b"From: alice@example.org\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Content-Transfer-Encoding: base64\r\n\r\nc3RhdHVz=YWxw!!aGE\r\n"
    ),
    "bad encoded word and 8-bit header": (
        b"From: =?x-unknown?B?!!!?= <alice@example.org>\r\nSubject: =?utf-8?q?caf=E9?= \xe9\xff"
        b"\r\nContent-Type: text/plain; charset*=bogus''x\r\n\r\nstatus\r\n"
    ),
    "nested multipart without end": (
        b"From: alice@example.org\r\nContent-Type: multipart/alternative; boundary=a\r\n\r\n"
        b"--a\r\nContent-Type: multipart/related; boundary=b\r\n\r\n--b\r\n"
        b"Content-Type: text/html\r\n\r\n<p>status <b>alpha"
    ),
    "invalid address list": b"From: <<<@@@>>> , ;;; alice\r\nTo: ,,,\r\n\r\nhelp\r\n",
    "header line without colon": b"From alice@example.org\r\nthis is not a header\r\n\r\nhelp\r\n",
    "huge header line": b"From: alice@example.org\r\nX-Long: "
    + b"a" * 200000
    + b"\r\n\r\nhelp\r\n",
}


@pytest.mark.parametrize("raw", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_mime_is_stored_and_never_crashes_the_judge(
    make_gateway, echo, raw: bytes
) -> None:
    gateway = make_gateway(echo, max_message_bytes=1024 * 1024)
    receipt = gateway.receive(raw)
    assert receipt.status in ("processed", "ignored")
    assert gateway.archive.get(receipt.archive_id).raw == raw


def test_malformed_mail_with_a_sender_still_reaches_the_judge(gateway: MailGateway, echo) -> None:
    gateway.receive(MALFORMED["broken boundary"])
    gateway.receive(MALFORMED["nested multipart without end"])
    assert [i.text for i in echo.seen] == ["status alpha", "status alpha"]


def test_tick_delivers_what_the_judge_sends_at_deadlines(make_gateway, outbox_mail: Outbox) -> None:
    from pbem.messages import Outbound

    class Deadline:
        def handle(self, inbound):
            return []

        def tick(self, now=None):
            return [
                Outbound(
                    to=("a@example.org", "b@example.org"),
                    subject="Reminder",
                    body="12 h left",
                    game="alpha",
                )
            ]

    gateway = make_gateway(Deadline())
    assert gateway.tick() == 2
    assert sorted(m["To"] for m in outbox_mail(gateway)) == ["a@example.org", "b@example.org"]


def test_a_passed_deadline_is_mailed_to_everyone_in_the_games_thread(
    tmp_path, clock, mail: Mail, outbox_mail: Outbox
) -> None:
    from pbem.judge import Judge
    from pbem.mail.delivery import Delivery
    from pbem.storage.store import open_store

    store = open_store(tmp_path / "deadline.sqlite3")
    gateway = MailGateway(
        store.connection,
        Judge(store, clock=clock, judge_address="judge@club.example"),
        Delivery(tmp_path / "deadline-outbox"),
        judge_address="judge@club.example",
        clock=clock,
        lock=store.lock,
    )
    gateway.receive(mail("create alpha deadline 1h", sender="gm@example.org"))
    gateway.receive(mail("join alpha", sender="alice@example.org"))
    gateway.receive(mail("join alpha", sender="bob@example.org"))
    before = {m["Message-ID"] for m in outbox_mail(gateway)}
    # The game master also hears of each join; the reply to `create` came first.
    (created,) = [
        m
        for m in outbox_mail(gateway)
        if m["To"] == "gm@example.org" and "created" in m.get_body(("plain",)).get_content()
    ]
    root = created["Message-ID"]  # the game's first message roots its thread

    clock.advance(hours=2)
    assert gateway.tick() == 3
    late = [m for m in outbox_mail(gateway) if m["Message-ID"] not in before]
    assert sorted(m["To"] for m in late) == [
        "alice@example.org",
        "bob@example.org",
        "gm@example.org",
    ]
    assert all(m["Subject"].startswith("[spaceships alpha] ") for m in late)
    assert all(m["References"] == root and m["Auto-Submitted"] == "auto-generated" for m in late)


def test_a_flood_of_oversized_mail_gets_replies_only_up_to_the_rate_limit(
    make_gateway, echo, mail: Mail, outbox_mail: Outbox
) -> None:
    gateway = make_gateway(echo, max_message_bytes=2000, rate_limit_per_hour=2)
    statuses = [gateway.receive(mail("x" * 5000)).status for _ in range(4)]
    assert statuses == ["refused"] * 4
    assert len(outbox_mail(gateway)) == 2
    with pytest.raises(OverBudget):  # twice the limit kept: the rest waits at its server
        gateway.receive(mail("x" * 5000))


def test_moves_a_game_accepts_do_not_count_against_the_rate_limit_but_a_flood_does(
    tmp_path, mail: Mail, outbox_mail: Outbox, clock
) -> None:
    """A battle played live takes two letters a turn each, plus corrections: every letter
    that the judge accepted as a move (a design, new orders) is free; anything else (help,
    status, orders resent unchanged, refused orders) counts, so a loop or a flood is still held."""
    import random
    import re

    from pbem.judge import Judge
    from pbem.mail.delivery import Delivery
    from pbem.storage.store import open_store

    store = open_store(tmp_path / "judge.sqlite3")
    gateway = MailGateway(
        store.connection,
        Judge(store, judge_address="judge@club.example", rng=random.Random(3), clock=clock),
        Delivery(tmp_path / "outbox", None),
        judge_address="judge@club.example",
        clock=clock,
        rate_limit_per_hour=3,
        lock=store.lock,
    )
    alice, bob = "Alice <alice@example.org>", "Bob <bob@example.org>"
    gateway.receive(mail("create duel battles budget=300", sender="gm@club.example"))
    passwords = {}
    for who in (alice, bob):
        gateway.receive(mail("join duel", sender=who))
        address = who.split("<")[1].rstrip(">")
        said = "\n".join(m.get_content() for m in outbox_mail(gateway) if m["To"] == address)
        passwords[who] = re.findall(r"Your password for duel: (\S+)", said)[-1]

    def send(who: str, text: str) -> str:
        return gateway.receive(mail(f"game duel {passwords[who]}\n{text}", sender=who)).status

    assert send(alice, "design\nLancer E-SAI(Gf)I(Xf)IIV") == "processed"
    assert send(bob, "design\nRaider C-SSI(Lf)II(Gf)(Rf)D") == "processed"
    # Alice changes her mind ten times: ten accepted moves, none held.
    statuses = [send(alice, f"orders 1: Lancer {'F' * (1 + i % 2)}") for i in range(10)]
    assert statuses == ["processed"] * 10
    # The same orders again are no move; with the join they reach the limit of 3 ...
    assert [send(alice, "orders 1: Lancer FF") for _ in range(2)] == ["processed"] * 2
    # ... and a flood of anything else is held as before.
    assert send(alice, "status duel") == "limited"
    assert send(alice, "help") == "limited"
