"""End to end through real SMTP: the judge's aiosmtpd listener on a free localhost port, a
real smtplib client for each player, and an aiosmtpd sink as the judge's SMTP relay. Two
scripted players (and a game master and an observer) play a whole game with the real judge,
from `create` to the reveal, in mail written as mail clients write it."""

from __future__ import annotations

import re
import smtplib
from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from pbem.judge import Judge
from pbem.mail.delivery import Delivery
from pbem.mail.gateway import MailGateway
from pbem.replay.page import record_in_page as embedded_record
from pbem.storage.store import open_store

JUDGE = "judge@club.example"
# Both fleets differ only in where their scout and third ship are, so a leak shows.
FLEET_A = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; FS Bv4 Bv5 Bw4 Bw5; "
    "MD Yv3 Yw3 Yx3; HS Oz4 Oz5"
)
FLEET_B = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
# Alice destroys Bob's fleet in three turns; Bob sends no actions.
ALICE_ORDERS = (
    "bGx1Gx3 Gy1 Gy2 Gy3 Yw3 Oz5 Bz1 Bz2 mYv3",
    "bRv1Yv1 Rv2 Rw1 Rw2 Ov2 Ow1 Ow2",
    "Bz3 Bz4",
)


class Table:
    """The players' side: smtplib clients talking to the judge's listener, reading the
    replies the judge relayed to the sink."""

    def __init__(self, host: str, port: int, sink) -> None:
        self.host, self.port, self.sink = host, port, sink
        self.seen = 0

    def send(
        self,
        sender: str,
        body: str,
        subject: str = "commands",
        *,
        html: str | None = None,
        in_reply_to: EmailMessage | None = None,
        headers: dict[str, str] | None = None,
        message_id: str | None = None,
        envelope_from: str | None = None,
    ) -> list[EmailMessage]:
        """Send one mail; return the mail the judge sent because of it (in relay order)."""
        mail = EmailMessage()
        mail["From"] = sender
        mail["To"] = JUDGE
        mail["Subject"] = subject
        mail["Message-ID"] = message_id or make_msgid(domain="example.org")
        if in_reply_to is not None:
            mail["In-Reply-To"] = in_reply_to["Message-ID"]
            mail["References"] = in_reply_to["Message-ID"]
        for name, value in (headers or {}).items():
            mail[name] = value
        if html is not None and not body:
            mail.set_content(html, subtype="html")
        else:
            mail.set_content(body)
            if html is not None:
                mail.add_alternative(html, subtype="html")
        with smtplib.SMTP(self.host, self.port, timeout=30) as client:
            if envelope_from is None:
                client.send_message(mail)
            else:  # send_message would take an empty sender for "use From"
                client.sendmail(envelope_from, [JUDGE], mail.as_bytes())
        # The listener answers 250 only after the judge's replies went to the relay.
        new = self.sink.messages[self.seen :]
        self.seen = len(self.sink.messages)
        return new


def reply_to(mails: list[EmailMessage], address: str) -> EmailMessage:
    (mail,) = [m for m in mails if m["To"] == address and m["In-Reply-To"]]
    return mail


def text_of(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    parts = [body.get_content()] if body is not None else []
    parts += [a.get_content() for a in mail.iter_attachments()]
    return "\n".join(str(p) for p in parts)


def quoted(mail: EmailMessage) -> str:
    """How a mail client quotes the message it replies to."""
    lines = text_of(mail).splitlines()
    return f"On Sun, 22 Nov 2026, Judge <{JUDGE}> wrote:\n" + "\n".join("> " + x for x in lines)


@pytest.fixture
def table(tmp_path, relay_sink, start_listener) -> Table:
    sink, relay = relay_sink

    def build() -> MailGateway:
        store = open_store(tmp_path / "judge.sqlite3")
        return MailGateway(
            store.connection,
            Judge(store, judge_address=JUDGE),
            Delivery(tmp_path / "outbox", relay),
            judge_address=JUDGE,
            lock=store.lock,
        )

    running = start_listener(build)
    return Table(running.host, running.port, sink)


def test_a_whole_game_by_email_from_create_to_reveal(table: Table) -> None:
    alice, bob = "alice@example.org", "bob@example.net"

    # The game master creates the game with the command in the subject, an empty body.
    created = reply_to(
        table.send("Gina <gm@example.com>", "", subject="create alpha"), "gm@example.com"
    )
    assert created["Subject"] == "Re: [spaceships alpha] create alpha"
    assert "Game alpha created" in text_of(created)

    # Alice joins from a client that sends text and HTML; Bob's sends HTML only.
    joined_a = reply_to(
        table.send(f"Alice <{alice}>", "join alpha\n", html="<p>join <b>alpha</b></p>"), alice
    )
    joined_b = reply_to(
        table.send(f"Bob <{bob}>", "", html="<div>join alpha</div><div><br></div>"), bob
    )
    password_a = re.search(r"password for alpha: (\S+)", text_of(joined_a)).group(1)
    password_b = re.search(r"password for alpha: (\S+)", text_of(joined_b)).group(1)
    assert password_a != password_b
    table.send("carol@example.org", "observe alpha")

    # Fleets, as replies to the judge's mail: quoted text below, a signature.
    fleet_a = reply_to(
        table.send(
            alice,
            f"game alpha {password_a}\nfleet {FLEET_A}\n\n{quoted(joined_a)}",
            subject="Re: " + joined_a["Subject"],
            in_reply_to=joined_a,
        ),
        alice,
    )
    assert "Your fleet is accepted" in text_of(fleet_a)
    began = table.send(
        bob,
        f"game alpha {password_b}\nfleet {FLEET_B}\n-- \nBob, sent from the train\n",
        subject="Re: " + joined_b["Subject"],
        in_reply_to=joined_b,
    )
    assert {m["To"] for m in began} >= {alice, bob}

    # A wrong password and a stale turn are refused; nothing changes.
    wrong = reply_to(table.send(bob, "game alpha not-my-password\norders 1:"), bob)
    assert "Refused" in text_of(wrong) or "refused" in text_of(wrong)
    stale = reply_to(table.send(alice, f"game alpha {password_a}\norders 4: Gx3"), alice)
    assert "turn 1" in text_of(stale)

    mails: list[EmailMessage] = []
    for turn, orders in enumerate(ALICE_ORDERS, start=1):
        mails += table.send(alice, f"game alpha {password_a}\norders {turn}: {orders}")
        mails += table.send(bob, f"Game alpha {password_b}\nORDERS {turn}:\n\nThanks!")
    over = [m for m in mails if "Game over" in str(m["Subject"])]
    # Both players, the observer and the game master, who hears of the end unprompted.
    assert sorted(m["To"] for m in over) == sorted(
        [alice, bob, "carol@example.org", "gm@example.com"]
    )
    for mail in over:
        record, replay = list(mail.iter_attachments())
        assert record.get_filename() == "alpha.ssr"
        assert "Bz3" in record.get_content()
        # The replay page beside it holds that record and nothing more (docs/replay.md).
        assert replay.get_filename() == "alpha-replay.html"
        assert replay.get_content_type() == "text/html"
        assert embedded_record(replay.get_content()) == record.get_content().replace("\r\n", "\n")
    assert "Alice" in text_of(over[0]) or "Player A" in text_of(over[0])

    # Threading: the first mail about alpha is the thread's root; every later one names it
    # first in References, so a mail client shows each game as one thread.
    alpha = [m for m in table.sink.messages if "[spaceships alpha]" in str(m["Subject"])]
    root = alpha[0]["Message-ID"]
    assert all(str(m["References"]).split()[0] == root for m in alpha[1:])
    assert all(m["Auto-Submitted"] in ("auto-replied", "auto-generated") for m in alpha)

    # Hidden information: Bob never acts, so until the reveal no mail to Bob or Carol may
    # name a cell only Alice's fleet has (her flying saucer, her heavy scout's Oz4), nor
    # anything of her fleet line.
    alice_only = ("Bv4", "Bv5", "Bw4", "Bw5", "Oz4", "FS Bv4", "HS Oz4")
    before_reveal = [m for m in table.sink.messages if m not in over]
    for mail in before_reveal:
        if mail["To"] in (bob, "carol@example.org"):
            text = text_of(mail)
            assert not [cell for cell in alice_only if cell in text], mail["Subject"]
    # ...and the reveal shows them.
    assert "Bv4" in text_of(next(m for m in over if m["To"] == bob))


def test_the_same_message_delivered_twice_is_answered_once(table: Table) -> None:
    first = table.send("alice@example.org", "help", message_id="<twice@example.org>")
    second = table.send("alice@example.org", "help", message_id="<twice@example.org>")
    assert len(first) == 1 and second == []


def test_an_out_of_office_reply_gets_no_answer(table: Table) -> None:
    assert (
        table.send(
            "bob@example.net",
            "I am out until Monday.",
            subject="Out of office",
            headers={"Auto-Submitted": "auto-replied"},
        )
        == []
    )
    # A bounce: the null envelope sender, whatever the From says.
    assert table.send("bob@example.net", "Undeliverable: help", envelope_from="") == []


def test_unknown_commands_get_help_not_silence(table: Table) -> None:
    (answer,) = table.send("dora@example.org", "hello judge, how do I play?")
    assert "help" in text_of(answer).lower() and "join NAME" in text_of(answer)
