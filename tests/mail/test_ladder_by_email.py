"""The ladder by email through real SMTP (issue 26): the judge's aiosmtpd listener on a free
localhost port, smtplib clients for two players, an aiosmtpd sink as the relay. A rated game's
end mails both players the rating change; `ladder` answers with the sender's place; `rematch`
asked by one and accepted by the other mails each their seat in the new game."""

from __future__ import annotations

import random
import re
from email.message import EmailMessage

import pytest
from smtp_players import JUDGE, SmtpPlayers, text_of

from pbem.club.ratings import Rating, rate
from pbem.judge import Judge
from pbem.mail.delivery import Delivery
from pbem.mail.gateway import MailGateway
from pbem.storage.store import open_store

ANN, BOB = "ann@example.org", "bob@example.net"
FLEET_A = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
FLEET_B = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gz1 Gz2 Gz3 Gz4; "
    "MD Yz3 Yz4 Yz5; LS Yv5"
)


Players = SmtpPlayers


def to(mails: list[EmailMessage], address: str) -> str:
    return "\n".join(text_of(m) for m in mails if m["To"] == address)


@pytest.fixture
def players(tmp_path, relay_sink, start_listener) -> Players:  # type: ignore[no-untyped-def]
    sink, relay = relay_sink
    store = open_store(tmp_path / "judge.sqlite3")

    def build() -> MailGateway:
        return MailGateway(
            store.connection,
            Judge(store, judge_address=JUDGE, rng=random.Random(26)),
            Delivery(tmp_path / "outbox", relay),
            judge_address=JUDGE,
            rate_limit_per_hour=500,
            lock=store.lock,
        )

    running = start_listener(build)
    return Players(running.host, running.port, sink)


def _password(text: str, game: str) -> str:
    found = re.search(rf"Your password for {game}: (\S+)", text)
    assert found, text
    return found.group(1)


def test_a_rated_game_the_ladder_and_a_rematch_by_email(players: Players) -> None:
    created = to(players.send(ANN, "create alpha"), ANN)
    assert "It is rated: the result counts on the Spaceships ladder" in created
    ann = _password(to(players.send(ANN, "join alpha"), ANN), "alpha")
    bob = _password(to(players.send(BOB, "join alpha"), BOB), "alpha")
    players.send(ANN, f"game alpha {ann}\nfleet {FLEET_A}")
    players.send(BOB, f"game alpha {bob}\nfleet {FLEET_B}")
    players.send(ANN, f"game alpha {ann}\norders 1:")  # a turn resolved: the game counts
    players.send(BOB, f"game alpha {bob}\norders 1:")
    ended = players.send(ANN, f"game alpha {ann}\nresign")
    won, lost = rate(Rating(), Rating(), 1.0)
    line = f"Ratings (Spaceships): ann 1500? -> {lost}, bob 1500? -> {won}."
    assert line in to(ended, ANN) and line in to(ended, BOB)

    ladder = to(players.send(BOB, "ladder"), BOB)
    assert f"Your rating: {won.long()} after 1 rated game(s)" in ladder

    asked = players.send(BOB, f"rematch alpha {bob}")
    assert "You asked ann for a rematch of alpha" in to(asked, BOB)
    assert "bob asks for a rematch of alpha" in to(asked, ANN)
    made = players.send(ANN, f"game alpha {ann}\nrematch alpha")
    ann_text, bob_text = to(made, ANN), to(made, BOB)
    assert "You joined alpha-r2 as player B (ann)." in ann_text
    assert "You joined alpha-r2 as player A (bob)." in bob_text
    assert _password(ann_text, "alpha-r2") != _password(bob_text, "alpha-r2")
    assert "game master" in ann_text and "game master" not in bob_text
