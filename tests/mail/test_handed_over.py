"""Issue 47 item 9: what a turn played on the web page of a mail game causes is mailed as
promptly as a mailed turn's answer: `serve` takes it at once (no tick needed), and `tick` and
every `receive` take it too; one mail judge takes it, never two."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pbem.mail.delivery import Delivery
from pbem.mail.gateway import MailGateway
from pbem.mail.queued import mail_keeper
from pbem.messages import Outbound
from pbem.storage.store import open_store
from spaceships_cli import waking_keeper

JUDGE = "judge@club.example"


def hand_over(tmp_path: Path, *to: str) -> None:
    """As the web page does, in a process of its own: messages queued for mail in a
    transaction of its own store connection."""
    store = open_store(tmp_path / "judge.sqlite3")
    keep = mail_keeper(store, JUDGE)
    messages = [Outbound(to=(who,), subject="Turn 1 results", body="Hits.\n") for who in to]
    store.connection.run(lambda: keep(messages))
    store.close()


def test_serve_mails_a_turn_played_on_the_web_page_without_waiting_for_its_tick(
    make_gateway: Callable[..., MailGateway], echo, relay_sink, start_listener, tmp_path: Path
) -> None:
    sink, relay = relay_sink
    start_listener(lambda: make_gateway(echo, relay))  # tick_seconds=0: no clock at all
    hand_over(tmp_path, "alice@example.org", "bob@example.org")
    sent = sink.wait_for(2)
    assert sorted(str(m["To"]) for m in sent) == ["alice@example.org", "bob@example.org"]


def test_a_page_in_the_judge_s_process_wakes_it_once_its_mail_is_committed(
    make_gateway: Callable[..., MailGateway],
    echo,
    relay_sink,
    start_listener,
    tmp_path: Path,
    monkeypatch,
) -> None:
    """`spaceships pbem`: the page's keeper wakes the mail judge after the commit (not before,
    never for a change rolled back), and the woken judge sends at once, without its poll."""
    monkeypatch.setattr("pbem.mail.listener.HANDED_OVER_SECONDS", 3600.0)
    sink, relay = relay_sink
    running = start_listener(lambda: make_gateway(echo, relay))
    store = open_store(tmp_path / "judge.sqlite3")
    woken: list[bool] = []
    keep = waking_keeper(lambda: woken.append(True))(store, JUDGE)
    turn = [Outbound(to=("alice@example.org",), subject="Turn 1 results", body="Hits.\n")]

    def rolled_back() -> None:
        keep(turn)
        assert woken == []  # not before the commit
        raise RuntimeError("the change fails")

    with pytest.raises(RuntimeError):
        store.connection.run(rolled_back)
    assert woken == []
    store.connection.run(lambda: keep(turn))
    assert woken == [True]
    running.listener.hand_over()
    (sent,) = sink.wait_for(1)
    assert str(sent["To"]) == "alice@example.org"


def test_tick_and_receive_mail_what_the_web_page_handed_over_once(
    make_gateway: Callable[..., MailGateway], echo, mail, tmp_path: Path
) -> None:
    gateway = make_gateway(echo)
    hand_over(tmp_path, "alice@example.org")
    assert gateway.tick() == 1  # young as it is: no judge is writing it out but the mail judge
    assert gateway.tick() == 0  # and never twice
    hand_over(tmp_path, "bob@example.org")
    other = MailGateway(  # a second judge process on the same store and outbox
        open_store(tmp_path / "judge.sqlite3").connection,
        echo,
        Delivery(tmp_path / "outbox"),
        judge_address=JUDGE,
    )
    assert other.send_handed_over() == 1 and gateway.send_handed_over() == 0
    hand_over(tmp_path, "carol@example.org")
    gateway.receive(mail("help", sender="dave@example.org"))
    gateway.resume()  # as `receive` does after its own message
    to = sorted(
        line
        for key in gateway.delivery.outbox.keys()
        for line in gateway.delivery.outbox.read(key).decode().splitlines()
        if line.startswith("To: ")
    )
    assert to == [
        "To: alice@example.org",
        "To: bob@example.org",
        "To: carol@example.org",
        "To: dave@example.org",
    ]
