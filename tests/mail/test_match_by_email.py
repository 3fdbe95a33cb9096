"""A whole continued match of three games by email through the real SMTP listener [10]: the
match created with its settings, each later game opened by the judge, additional ships built
from the carried materiel under a build table [10.3, 10.5; seed 004 6.3] and used in play, the
standings in every reveal and the whole match record attached to the last."""

from __future__ import annotations

import re
import smtplib
import sys
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pbem"))

from match_support import B_CELLS, B_ORDERS, with_additional  # noqa: E402
from pbem_support import FLEET_A, FLEET_B  # noqa: E402

from notation.spaceships.matches import parse_match  # noqa: E402
from pbem.judge import Judge  # noqa: E402
from pbem.mail.delivery import Delivery  # noqa: E402
from pbem.mail.gateway import MailGateway  # noqa: E402
from pbem.storage.store import open_store  # noqa: E402
from spaceships.engine.match_game import play_match  # noqa: E402
from spaceships_cli import main  # noqa: E402

JUDGE = "judge@club.example"
ALICE, BOB = "alice@example.org", "bob@example.net"


class Post:
    """Players' mail clients: smtplib to the judge's listener; the relay sink's mail back."""

    def __init__(self, host: str, port: int, sink) -> None:
        self.host, self.port, self.sink, self.seen = host, port, sink, 0

    def send(self, sender: str, body: str) -> list[EmailMessage]:
        mail = EmailMessage()
        mail["From"], mail["To"], mail["Subject"] = sender, JUDGE, "spaceships"
        mail["Message-ID"] = make_msgid(domain="example.org")  # same text, another mail
        mail.set_content(body)
        with smtplib.SMTP(self.host, self.port, timeout=30) as client:
            client.send_message(mail)
        new = self.sink.messages[self.seen :]
        self.seen = len(self.sink.messages)
        return new

    def last_to(self, address: str) -> EmailMessage:
        return [m for m in self.sink.messages if m["To"] == address][-1]


def body(mail: EmailMessage) -> str:
    return str(mail.get_body(("plain",)).get_content())  # type: ignore[union-attr]


@pytest.fixture
def post(tmp_path, relay_sink, start_listener) -> Post:
    sink, relay = relay_sink

    def build() -> MailGateway:
        store = open_store(tmp_path / "judge.sqlite3")
        return MailGateway(
            store.connection,
            Judge(store, judge_address=JUDGE),
            Delivery(tmp_path / "outbox", relay),
            judge_address=JUDGE,
            lock=store.lock,
            rate_limit_per_hour=0,  # a whole match is more mail than a careful player's hour
        )

    running = start_listener(build)
    return Post(running.host, running.port, sink)


def play_game(post: Post, word: dict[str, str], name: str, fleet_a: str) -> list[int]:
    """Both fleets, then turns until the game is over; the strikes A could use each turn."""
    post.send(ALICE, f"game {name} {word[ALICE]}\nfleet {fleet_a}")
    post.send(BOB, f"game {name} {word[BOB]}\nfleet {FLEET_B}")
    news, done, turn, counts, ended = body(post.last_to(ALICE)), 0, 1, [], False
    while not ended:
        found = re.search(r"you may use (\d+) conventional strikes?", news)
        assert found, news
        counts.append(int(found.group(1)))
        targets = B_CELLS[done : done + counts[-1]]
        done += len(targets)
        post.send(BOB, f"game {name} {word[BOB]}\norders {turn}: {B_ORDERS.get(turn, '')}")
        got = post.send(ALICE, f"game {name} {word[ALICE]}\norders {turn}: {' '.join(targets)}")
        ended = any("over" in str(m["Subject"]) for m in got if m["To"] == ALICE)
        news, turn = body(post.last_to(ALICE)), turn + 1
    return counts


def join(post: Post, name: str) -> dict[str, str]:
    word = {}
    for who in (ALICE, BOB):
        (reply,) = [m for m in post.send(who, f"join {name}") if m["To"] == who]
        word[who] = re.search(rf"password for {name}: (\S+)", body(reply)).group(1)  # type: ignore[union-attr]
    return word


def test_10_a_continued_match_of_three_games_by_email(post: Post) -> None:
    post.send("gm@example.com", "create alpha match=continued games=3 build=one-death-star")
    word = join(post, "alpha")
    first = play_game(post, word, "alpha", FLEET_A)
    # Game 1 over: A kept 15 cells. The one-death-star table turns 15 into KC + KC + MD.
    opening = post.last_to(ALICE)
    assert "Game 2: send your fleet" in str(opening["Subject"])
    assert "exactly KC + KC + MD (the one-death-star build table)" in body(opening)
    assert "Standings after 1 game" in body(opening)
    # A wrong build is refused, citing 10.3, and says what to build.
    (refused,) = [
        m
        for m in post.send(
            ALICE, f"game alpha {word[ALICE]}\nfleet {with_additional(FLEET_A, ['DS', 'KC', 'LG'])}"
        )
        if m["To"] == ALICE
    ]
    assert "[10.3]" in body(refused) and "build exactly KC + KC + MD" in body(refused)
    second = play_game(post, word, "alpha", with_additional(FLEET_A, ["KC", "KC", "MD"]))
    assert second[0] > first[0]  # the additional ships strike
    opening = post.last_to(ALICE)
    # Game 2: 22 + 15 - 7 = 30 cells kept: five kill cruisers [6.3.1: 9 or more: KC, again].
    assert "exactly KC + KC + KC + KC + KC" in body(opening)
    play_game(post, word, "alpha", with_additional(FLEET_A, ["KC"] * 5))
    finals = [m for m in post.sink.messages if "the match is over" in str(m["Subject"]).lower()]
    # The players, and the game master, who hears of the end unprompted.
    gm = next(str(m["To"]) for m in finals if m["To"] not in (ALICE, BOB))
    assert sorted(m["To"] for m in finals) == sorted([ALICE, BOB, gm])
    finals = [m for m in finals if m["To"] in (ALICE, BOB)]
    for mail in finals:
        assert "Standings after 3 games: alice (A) 90, bob (B) 0 (games won 3-0)" in body(mail)
        assert "wins the match" in body(mail)
        record, page = list(mail.iter_attachments())
        assert record.get_filename() == "alpha.ssr"
        assert page.get_filename() == "alpha-replay.html"
        played = play_match(parse_match(record.get_content()))
        assert played.over and played.winner == "A"
        assert played.additional[1]["A"] == ("KC", "KC", "MD")
        assert played.additional[2]["A"] == ("KC",) * 5
        assert [s.to_json()["A"] for s in played.standings] == [15, 45, 90]


def test_resigning_a_game_of_a_match_resigns_the_match_with_the_game_in_the_standings(
    post: Post, tmp_path: Path
) -> None:
    """docs/readings.md: a player who resigns a game resigns the match, which the opponent
    wins; the resigned game counts as played and won by the opponent, scoring nothing [2.3.3]."""
    post.send("gm@example.com", "create gamma match=continued games=3 build=one-death-star")
    word = join(post, "gamma")
    play_game(post, word, "gamma", FLEET_A)
    fleet_a = with_additional(FLEET_A, ["KC", "KC", "MD"])
    post.send(ALICE, f"game gamma {word[ALICE]}\nfleet {fleet_a}")
    post.send(BOB, f"game gamma {word[BOB]}\nfleet {FLEET_B}")
    got = post.send(BOB, f"resign gamma {word[BOB]}")
    (final,) = [m for m in got if m["To"] == ALICE and "over" in str(m["Subject"])]
    text = body(final)
    assert "Standings after 2 games: alice (A) 15, bob (B) 0 (games won 2-0" in text
    assert "alice (A) wins the match" in text and "Standings after 1 game" not in text
    record, _page = list(final.iter_attachments())
    played = play_match(parse_match(record.get_content()))
    assert played.over and played.winner == "A" and len(played.standings) == 2
    # The attached record, as a player checks it with the command line.
    path = tmp_path / "gamma.ssr"
    path.write_text(record.get_content(), encoding="utf-8")
    checked = CliRunner().invoke(main, ["validate", str(path)])
    assert checked.exit_code == 0 and "not over" not in checked.output, checked.output
    assert "A wins (B resigned)" in checked.output
    told = CliRunner().invoke(main, ["adjudicate", str(path)]).output
    assert "The match is over after 2 games: A wins. B resigned game 2" in told


def test_a_game_that_ends_in_a_match_says_its_result_once(post: Post) -> None:
    post.send("gm@example.com", "create delta match=continued games=2")
    word = join(post, "delta")
    play_game(post, word, "delta", FLEET_A)
    (over,) = [
        m
        for m in post.sink.messages
        if m["To"] == ALICE and "game 1 over" in str(m["Subject"]).lower()
    ]
    assert body(over).count("wins, 15 to 0") == 1, body(over)
