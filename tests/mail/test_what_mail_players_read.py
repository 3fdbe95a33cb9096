"""What players and game masters read in a game played by email, through `spaceships pbem
receive` as an MTA runs it: each mail a raw message on standard input, each reply read from the
Maildir outbox. Grouped by what the mail is about [1.4, 2.3, 4.5, 7, 8.1]."""

from __future__ import annotations

import re
import time
import uuid
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.mail.delivery import oldest_first
from spaceships_cli import main

ALICE, BOB, GM = "alice@example.org", "bob@example.org", "gm@example.org"
# Small fleets (fleet=cost:6) so that a game ends in two turns: a heavy scout and a missile
# destroyer each, on cells of their own.
FLEET_A = "HS Oz4 Oz5; MD Yv3 Yw3 Yx3"
FLEET_B = "HS Bz4 Bz5; MD Gv3 Gw3 Gx3"


class Mail:
    """A judge run as `pbem receive` on a fresh database and outbox, and everyone's inbox."""

    def __init__(self, root: Path) -> None:
        self.outbox = root / "outbox" / "new"
        self.env = {
            "SPACESHIPS_DB": str(root / "judge.sqlite3"),
            "SPACESHIPS_OUTBOX": str(root / "outbox"),
            "SPACESHIPS_JUDGE_ADDRESS": "judge@club.example",
        }
        self.seen: set[str] = set()
        self.inbox: dict[str, list[EmailMessage]] = {}
        self.passwords: dict[str, str] = {}

    def send(self, sender: str, body: str, subject: str = "commands") -> EmailMessage:
        """Mail the judge; returns the reply to this mail (every new mail lands in inboxes)."""
        message = EmailMessage()
        message["From"] = sender
        message["To"] = "judge@club.example"
        message["Subject"] = subject
        message["Message-ID"] = f"<{uuid.uuid4().hex}@example.org>"
        message.set_content(body)
        result = CliRunner().invoke(
            main, ["pbem", "receive"], input=message.as_bytes(), env=self.env
        )
        assert result.exit_code == 0, result.output
        replies = [m for m in self._new() if m["In-Reply-To"] == message["Message-ID"]]
        assert len(replies) == 1, [m["Subject"] for m in replies]
        return replies[0]

    def _new(self) -> list[EmailMessage]:
        found = []
        for path in sorted(self.outbox.iterdir(), key=lambda p: oldest_first(p.name)):
            if path.name not in self.seen:
                self.seen.add(path.name)
                mail = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
                self.inbox.setdefault(str(mail["To"]), []).append(mail)  # type: ignore[arg-type]
                found.append(mail)
        return found  # type: ignore[return-value]

    def join(self, who: str, game: str = "alpha") -> EmailMessage:
        reply = self.send(who, f"join {game}")
        found = re.search(rf"password for {game}: (\S+)", text(reply))
        assert found, text(reply)
        self.passwords[who] = found.group(1)
        return reply

    def as_player(self, who: str, lines: str, game: str = "alpha") -> EmailMessage:
        return self.send(who, f"game {game} {self.passwords[who]}\n{lines}")

    def create(self, settings: str = "", game: str = "alpha") -> EmailMessage:
        reply = self.send(GM, f"create {game} {settings}".strip())
        found = re.search(r"master password: (\S+)", text(reply))
        assert found, text(reply)
        self.passwords[GM] = found.group(1)
        return reply

    def as_master(self, lines: str, game: str = "alpha") -> EmailMessage:
        return self.send(GM, f"master {game} {self.passwords[GM]}\n{lines}")

    def mails_to(self, who: str, about: str = "") -> list[EmailMessage]:
        return [m for m in self.inbox.get(who, []) if about.lower() in str(m["Subject"]).lower()]


def text(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    assert body is not None
    return body.get_content()  # type: ignore[no-any-return]


@pytest.fixture
def post(tmp_path: Path) -> Mail:
    return Mail(tmp_path)


def _started(post: Mail, settings: str = "options fleet=cost:6") -> Mail:
    post.create(settings)
    post.join(ALICE)
    post.join(BOB)
    post.as_player(ALICE, f"fleet {FLEET_A}")
    post.as_player(BOB, f"fleet {FLEET_B}")
    return post


def _turn_1(post: Mail) -> None:
    """A strikes B's MD at Gw3 (it explodes: all of it) and Bz4; B strikes Oz4 and A's MD at Yw3
    (all of it): each is left with one heavy-scout cell, so only a kamikaze and scans."""
    post.as_player(ALICE, "orders 1: Gw3 Bz4")
    post.as_player(BOB, "orders 1: Oz4 Yw3")


# --- what a player may use [4.5, 8.1.3, 2.3.2] ------------------------------------------------
def test_8_1_3_a_missile_ship_offers_one_launch_from_any_of_its_unfired_cells(post: Mail) -> None:
    _started(post)
    begins = text(post.mails_to(ALICE, "begins")[-1])
    assert "1 missile (MD, launched from Yv3, Yw3 or Yx3)" in begins
    assert "missiles at" not in begins


def test_4_5_the_kamikaze_line_names_its_launch_cells(post: Mail) -> None:
    _turn_1(_started(post))
    results = text(post.mails_to(ALICE, "turn 1 results")[-1])
    assert "1 kamikaze (HS, launched from Oz5)" in results


def test_2_3_2_a_player_left_with_kamikazes_and_scans_is_told_that_only_scans_end_the_game(
    post: Mail,
) -> None:
    _turn_1(_started(post))
    for who in (ALICE, BOB):
        results = text(post.mails_to(who, "turn 1 results")[-1])
        assert "only scans, or nothing) end the game [2.3.2]" in results


def test_2_3_2_orders_of_only_scans_are_answered_with_the_end_they_bring(post: Mail) -> None:
    _turn_1(_started(post))
    reply = text(post.as_player(ALICE, "orders 2: sBz5"))
    assert "orders without a kamikaze end the game at the end of this turn [2.3.2]" in reply


def test_2_3_2_no_warning_while_a_conventional_strike_is_left(post: Mail) -> None:
    _started(post)
    assert "[2.3.2]" not in text(post.mails_to(ALICE, "begins")[-1])


# --- the turn's results [7.1] ---------------------------------------------------------------
def test_7_1_flashcube_data_says_whose_space_it_describes(post: Mail) -> None:
    _turn_1(_started(post))
    alice = text(post.mails_to(ALICE, "turn 1 results")[-1])
    bob = text(post.mails_to(BOB, "turn 1 results")[-1])
    # A destroyed B's MD: the flashcube data is of A's space, A's own data.
    assert "destroys MD Gv3 Gw3 Gx3 (your flashcube data: Gv3 empty" in alice
    assert "destroys MD Gv3 Gw3 Gx3 (your opponent's flashcube data: Gv3 empty" in bob
    assert "destroys MD Yv3 Yw3 Yx3 (your opponent's flashcube data: Yv3 empty" in alice


# --- the end [1.4.1, 2.3] -------------------------------------------------------------------
def test_2_3_1_the_end_says_game_over_once_and_cites_the_rule_that_ended_it(post: Mail) -> None:
    _turn_1(_started(post))
    post.as_player(ALICE, "orders 2: sBz5")
    post.as_player(BOB, "orders 2: kBz5 Oz5")
    (over,) = post.mails_to(ALICE, "game over")
    body = text(over)
    assert body.lower().count("game over") == 1
    assert "both fleets are destroyed [2.3.1]" in body


def test_2_3_2_recording_only_scans_ends_the_game_and_the_end_says_so(post: Mail) -> None:
    _turn_1(_started(post))
    post.as_player(ALICE, "orders 2: sBz5")
    post.as_player(BOB, "orders 2: sOz5")
    body = text(post.mails_to(BOB, "game over")[0])
    assert body.lower().count("game over") == 1
    assert "recorded only scans [2.3.2]" in body


def test_1_4_1_the_reveal_draws_ship_letters_like_the_turn_grids(post: Mail) -> None:
    _turn_1(_started(post))
    post.as_player(ALICE, "orders 2: sBz5")
    post.as_player(BOB, "orders 2: sOz5")
    body = text(post.mails_to(ALICE, "game over")[0])
    reveal = body[body.index("alice (A): 1 undamaged cell\n") :]
    rows = [line for line in reveal.splitlines() if re.match(r"\s+[1-5]\s", line)]
    # A's space: MD destroyed (m m m in Yellow row 3), HS Oz4 destroyed (h), Oz5 undamaged (H).
    assert "m m m" in rows[2] and rows[3].split()[10] == "h" and rows[4].split()[10] == "H"
    assert " x " not in "\n".join(rows)
    assert "key: H=HS M=MD" in reveal


# --- the game master [issue: a game master hears nothing unprompted] ------------------------
def test_process_without_a_deadline_says_the_game_master_processed_the_turn(post: Mail) -> None:
    _started(post, "options fleet=cost:6")
    post.as_player(ALICE, "orders 1: Gw3")
    post.as_master("process")
    for who in (ALICE, BOB):
        body = text(post.mails_to(who, "turn 1 results")[-1])
        assert "when the game master processed the turn" in body
        assert "deadline" not in body.split("\n\n")[0]


def test_the_game_master_hears_of_joins_the_start_a_missed_deadline_and_the_end(
    post: Mail,
) -> None:
    post.create("options fleet=cost:6")
    post.join(ALICE)
    post.join(BOB)
    assert post.mails_to(GM, "joined"), [m["Subject"] for m in post.inbox[GM]]
    post.as_player(ALICE, f"fleet {FLEET_A}")
    post.as_player(BOB, f"fleet {FLEET_B}")
    (begins,) = post.mails_to(GM, "begins")
    # No display name: each is named by the local part of the address (issue 24 item 9).
    assert "alice (A) against bob (B)" in text(begins)
    assert "No deadline" in text(begins)
    post.as_player(ALICE, "orders 1: Gw3 Bz4")
    # A deadline a fraction of a second away, then `pbem tick` as cron runs it once it passed.
    post.as_master("deadline 0.005 minutes")
    time.sleep(0.5)
    result = CliRunner().invoke(main, ["pbem", "tick"], env=post.env)
    assert result.exit_code == 0, result.output
    post._new()
    (late,) = post.mails_to(GM, "without orders")
    assert "bob (B)" in text(late)
    post.as_master("cancel")
    assert post.mails_to(GM, "game over")


# --- small ones -----------------------------------------------------------------------------
def test_help_offers_the_guide_by_mail_and_the_guide_comes_by_mail(post: Mail) -> None:
    listing = text(post.send(ALICE, "help"))
    assert "docs/commands.md" not in listing and "help guide" in listing
    assert "docs/commands.md" not in text(post.send(ALICE, "help orders"))
    guide = text(post.send(ALICE, "help guide"))
    assert "orders 3:" in guide and "master NAME PASSWORD" in guide


def test_help_list_is_aligned(post: Mail) -> None:
    listing = text(post.send(ALICE, "help"))
    rows = [line for line in listing.splitlines() if line.startswith("  ") and "   " in line]
    columns = {len(line) - len(line[2:].split("  ", 1)[1].lstrip()) for line in rows}
    assert len(rows) >= 15 and len(columns) == 1, rows


def test_a_wrong_password_reply_carries_the_game_in_its_subject(post: Mail) -> None:
    _started(post)
    reply = post.send(ALICE, "game alpha not-the-password\norders 1: Gw3")
    assert "[spaceships alpha]" in str(reply["Subject"])


def test_a_wrong_master_password_reply_carries_the_game_in_its_subject(post: Mail) -> None:
    """Issue 24 item 10: as a player's does, so the reply stays in the game's thread."""
    _started(post)
    reply = post.send(GM, "master alpha acorn-amber-anchor\nprocess")
    assert "wrong master password for alpha" in text(reply)
    assert "[spaceships alpha]" in str(reply["Subject"])


def test_8_1_3_a_partial_missile_launch_is_echoed_as_its_launch_cell(post: Mail) -> None:
    _started(post)
    reply = text(post.as_player(ALICE, "orders 1: Gw3 mw"))
    assert "1 A: Gw3 mYw3" in reply


def test_one_strike_too_many_says_1_strike(post: Mail) -> None:
    _turn_1(_started(post))
    reply = text(post.as_player(ALICE, "orders 2: Gw3"))
    assert "1 strike written" in reply and "1 strikes" not in reply


def test_a_bad_cell_after_a_beam_lists_no_bracket(post: Mail) -> None:
    _started(post)
    reply = text(post.as_player(ALICE, "orders 1: bRv1Rx1 Gx6"))
    assert "`Gx6` is not a cell" in reply and "`(`" not in reply
