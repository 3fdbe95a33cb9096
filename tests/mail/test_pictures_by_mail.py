"""Pictures by mail (issue 21): through the mail front end as `serve` runs it (the gateway on a
real store, mail read back from its Maildir outbox), a reader who gets pictures finds the
same PNGs the bot posts after the whole text; a player sees only their own side, onlookers the
public board, everyone both sides at the end [1.4.1]; a reader who gets none gets the mail of
before, byte for byte."""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from functools import partial
from pathlib import Path
from typing import TypeVar

import pytest
from sample_fleets import FLEET_A, FLEET_B, FLEET_B_SWAPPED

from pbem.judge import Judge
from pbem.kinds.shown import Sight, picture_for
from pbem.mail import pictures as mail_pictures
from pbem.mail.delivery import Delivery
from pbem.mail.gateway import MailGateway
from pbem.messages import Inbound
from pbem.storage.store import open_store

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "pbem"))
from pbem_support import Clock  # noqa: E402

T = TypeVar("T")
JUDGE = "judge@club.example"
ALICE, BOB, GM, OLGA = "alice@example.org", "bob@example.org", "gm@example.org", "olga@example.org"
# Alice's shots meet the same cells of both of Bob's fleets (tests/sample_fleets.py).
TURNS = [("Rx4 Bv1 Rv5 Ov5 Gv1", "Oz5 Rv5 Rz1"), ("Gv2 Gv3", "Gx1")]
# Alice sinks a fleet placed as FLEET_A in three turns (the README's game).
SINKING = ("bGx1Gx3 Gy1 Gy2 Gy3 Yw3 Oz5 Bz1 Bz2 mYv3", "bRv1Yv1 Rv2 Rw1 Rw2 Ov2 Ow1 Ow2", "Bz3 Bz4")
DESIGN_A = "design\nLancer E-SAI(Gf)I(Xf)IIV\nWarden F-ASIII(Ef)Y(Mf)O at 1,7 N"
DESIGN_B = "design\nRaider C-SSI(Lf)II(Gf)(Rf)D\nHawk E-AI(Mf)(Gf)IIID at -1,-7 S"


class Club:
    """A judge's mail front end on a store in `folder`; each mail written out is kept."""

    def __init__(self, folder: Path, pictures: bool = True) -> None:
        folder.mkdir()
        self.store = open_store(folder / "judge.sqlite3")
        self.clock = Clock()
        judge = Judge(self.store, self.clock, JUDGE, rng=random.Random(7))
        self.outbox = folder / "outbox"
        self.gateway = MailGateway(
            self.store.connection, judge, Delivery(self.outbox, None), judge_address=JUDGE,
            clock=self.clock, lock=self.store.lock, rate_limit_per_hour=10_000,
        )  # fmt: skip
        if not pictures:
            self.gateway.writer.store = None  # the front end as it was before pictures by mail
        self.mails: list[EmailMessage] = []
        self.passwords: dict[str, str] = {}
        self.sent = 0

    def send(self, sender: str, body: str, game: str = "alpha") -> list[EmailMessage]:
        """A mail from `sender` (signed on to `game` when they have its password); the mails
        the judge wrote for it, in order."""
        message = EmailMessage()
        message["From"] = sender
        message["To"] = JUDGE
        message["Subject"] = "commands"
        self.sent += 1
        message["Message-ID"] = f"<m{self.sent}@example.org>"
        sign_on = f"game {game} {self.passwords[sender]}\n" if sender in self.passwords else ""
        message.set_content(sign_on + body)
        self.clock.advance(minutes=1)
        self.gateway.receive(message.as_bytes())
        written = sorted(
            (self.outbox / "new").iterdir(), key=lambda p: int(re.findall(r"\.J(\d+)\.", p.name)[0])
        )
        new = [BytesParser(policy=policy.default).parsebytes(p.read_bytes()) for p in written]
        fresh = new[len(self.mails) :]
        self.mails += fresh
        for mail in fresh:
            found = re.search(r"Your password for \S+: (\S+)", text_of(mail))
            if found and mail["To"] != GM:
                self.passwords[str(mail["To"])] = found.group(1)
        return fresh

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.mails if m["To"] == address]


def text_of(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    assert body is not None
    return str(body.get_content())


def pngs(mail: EmailMessage) -> list[tuple[str, bytes]]:
    return [
        (str(p.get_filename()), p.get_content())
        for p in mail.iter_parts()
        if p.get_content_type() == "image/png"
    ]


def seated(club: Club, create: str = "create alpha deadline 48h", game: str = "alpha") -> None:
    club.send(GM, create)
    club.send(ALICE, f"join {game}")
    club.send(BOB, f"join {game}")


# -- Spaceship Battles: maps by default -------------------------------------------------------
def test_a_battle_by_mail_gives_players_observer_and_one_map_drawn_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = Club(tmp_path / "club")
    seated(club, "create duel battles budget=300", "duel")
    club.send(OLGA, "observe duel")
    designed = club.send(ALICE, DESIGN_A, game="duel")[0]
    assert [name for name, _ in pngs(designed)] == ["duel-design-A.png"]  # her ships only
    drawings: list[str] = []

    def counted(store: object, game: object, sight: Sight, reader: str) -> object:
        drawings.append(str(sight))
        return picture_for(store, game, sight, reader)  # type: ignore[arg-type]

    monkeypatch.setattr(mail_pictures, "picture_for", counted)
    began = club.send(BOB, DESIGN_B, game="duel")
    # One map for the three readers of the start, besides Bob's own design in his answer.
    assert sorted(drawings) == ["setup::B", "start"]
    readers = {str(m["To"]): m for m in began if "begins" in str(m["Subject"])}
    # The master's news of the start carries no map: the game gives that notice none.
    assert set(readers) == {ALICE, BOB, OLGA, GM} and not readers.pop(GM).is_multipart()
    game = club.store.game("duel")
    assert game is not None
    drawn = picture_for(club.store, game, Sight("start"), OLGA)
    assert drawn is not None
    for reader, mail in readers.items():
        # The whole text first, then the map the bot posts, under the same name and title.
        parts = list(mail.iter_parts())
        assert parts[0].get_content_type() == "text/plain", reader
        assert pngs(mail) == [(drawn.filename, drawn.png)], reader
        assert parts[1]["Content-Description"] == drawn.title
        assert parts[1].get_content_disposition() == "inline"


# -- Spaceships: off by default, `pictures on` for one's own view -----------------------------
def test_a_player_who_says_pictures_on_gets_their_view_each_turn_and_the_reveal(
    tmp_path: Path,
) -> None:
    club = Club(tmp_path / "club")
    seated(club)
    said = club.send(ALICE, "pictures on")
    assert "Pictures on for alice@example.org" in text_of(said[0])
    club.send(OLGA, "observe alpha")
    club.send(OLGA, "pictures on")
    accepted = club.send(ALICE, f"fleet {FLEET_A}")[0]
    assert "Your fleet is accepted" in text_of(accepted)
    club.send(BOB, f"fleet {FLEET_A}")
    for turn, orders in enumerate(SINKING, start=1):
        club.send(ALICE, f"orders {turn}: {orders}")
        club.send(BOB, f"orders {turn}:")
    game = club.store.game("alpha")
    assert game is not None and game.phase == "over"

    def kinds(address: str) -> list[tuple[str, list[str]]]:
        return [
            (str(m["Subject"]), [name for name, _ in pngs(m)])
            for m in club.to(address)
            if pngs(m) or "results" in str(m["Subject"]).lower()
        ]

    alice = kinds(ALICE)
    assert [names for _, names in alice] == [
        ["alpha-fleet.png"],
        ["alpha-start-A.png"],
        *[[f"alpha-turn{n}-A.png"] for n in range(1, len(SINKING))],
        ["alpha-reveal.png"],
    ], alice
    # The answer to her fleet shows it as the judge read it, drawn as the bot draws it.
    fleet = picture_for(club.store, game, Sight("setup", seat="A"), ALICE)
    assert fleet is not None and pngs(accepted) == [("alpha-fleet.png", fleet.png)]
    # Her own view, as the bot draws it for her: the same bytes.
    turn1 = [m for m in club.to(ALICE) if pngs(m) and "Turn 1" in str(m["Subject"])][0]
    view = picture_for(club.store, game, Sight("turn", 1, "A"), ALICE)
    assert view is not None and pngs(turn1) == [(view.filename, view.png)]
    # The observer: the public board of each turn, never a player's view; the reveal at the end.
    assert [names for _, names in kinds(OLGA)] == [
        *[[f"alpha-turn{n}.png"] for n in range(1, len(SINKING))],
        ["alpha-reveal.png"],
    ]
    # Bob said nothing: Spaceships' default is text only (its mails draw the grids).
    assert not [m for m in club.to(BOB) if m.is_multipart() and pngs(m)]
    over = [m for m in club.to(ALICE) if "alpha-reveal.png" in dict(pngs(m))][0]
    names = [p.get_filename() for p in over.iter_parts()][1:]
    assert names[0] == "alpha-reveal.png" and "alpha.ssr" in names  # the record still there


# -- hidden information: the swap ------------------------------------------------------------
def _alices_mail(folder: Path, fleet_b: str) -> list[tuple[str, str, list[tuple[str, bytes]]]]:
    club = Club(folder)
    seated(club)
    club.send(ALICE, "pictures on")
    club.send(BOB, "pictures on")
    club.send(ALICE, f"fleet {FLEET_A}")
    club.send(BOB, f"fleet {fleet_b}")
    for turn, (orders_a, orders_b) in enumerate(TURNS, start=1):
        club.send(ALICE, f"orders {turn}: {orders_a}")
        club.send(BOB, f"orders {turn}: {orders_b}")
    club.send(ALICE, "status alpha")
    return [(str(m["Subject"]), text_of(m), pngs(m)) for m in club.to(ALICE)]


def test_alices_mail_text_and_pictures_are_the_same_whatever_bob_hides(tmp_path: Path) -> None:
    one = _alices_mail(tmp_path / "one", FLEET_B)
    two = _alices_mail(tmp_path / "two", FLEET_B_SWAPPED)
    assert one == two
    # It compared pictures: her fleet, her view of the start and of each turn.
    assert sum(len(pictures) for _, _, pictures in one) == 2 + len(TURNS)


# -- `pictures off`: the mail of before, byte for byte --------------------------------------
def _raw_mail(folder: Path, pictures: bool) -> dict[str, list[bytes]]:
    club = Club(folder, pictures)
    seated(club, "create duel battles budget=300", "duel")
    club.send(ALICE, "pictures off")
    club.send(ALICE, DESIGN_A, game="duel")
    club.send(BOB, DESIGN_B, game="duel")
    return {who: [_without_ids(m) for m in club.to(who)] for who in (ALICE, BOB)}


def _without_ids(mail: EmailMessage) -> bytes:
    for header in ("Message-ID", "References", "In-Reply-To"):
        del mail[header]  # made anew each run
    return mail.as_bytes()


def test_a_player_with_pictures_off_gets_byte_identical_mail_to_before(tmp_path: Path) -> None:
    now = _raw_mail(tmp_path / "now", pictures=True)
    before = _raw_mail(tmp_path / "before", pictures=False)
    assert now[ALICE] == before[ALICE]
    assert any(b"begins" in raw for raw in now[ALICE])
    # Bob said nothing: a battle's default gives him his design and the map now, so the test
    # can see pictures where there are some.
    assert now[BOB] != before[BOB]
    assert sum(raw.count(b"Content-Type: image/png") for raw in now[BOB]) == 2


# -- the command ---------------------------------------------------------------------------
def test_pictures_alone_says_what_holds_and_a_wrong_word_is_refused_with_a_hint(
    tmp_path: Path,
) -> None:
    club = Club(tmp_path / "club")
    said = text_of(club.send(ALICE, "pictures")[0])
    assert "Pictures with mail to alice@example.org: not set" in said
    assert "spaceships off, battles on, chess on" in said
    club.send(ALICE, "pictures off")
    assert "alice@example.org: off, in every game" in text_of(club.send(ALICE, "pictures")[0])
    wrong = text_of(club.send(ALICE, "pictures maybe")[0])
    assert (
        "Refused: `pictures maybe` is not a setting: write `pictures on` or `pictures off`" in wrong
    )
    helped = text_of(club.send(ALICE, "help pictures")[0])
    assert "pictures [on|off]" in helped and "needs no password" in helped


def test_discord_always_shows_the_pictures(tmp_path: Path) -> None:
    store = open_store(tmp_path / "judge.sqlite3")
    judge = Judge(store, Clock(), JUDGE)
    answer = judge.handle(Inbound("discord:42", "pictures off", authenticated=True))[0]
    assert "Discord always shows the pictures" in answer.body
    assert store.pictures_said(["discord:42"]) == {"discord:42": None}  # nothing kept


def counting(club: Club, statements: list[str], work: Callable[[], T]) -> T:
    """`work()`, each statement it sends the store noted in `statements`."""
    execute = club.store.connection.execute

    def counted(sql: str, *args: object, **kwargs: object) -> object:
        statements.append(sql)
        return execute(sql, *args, **kwargs)  # type: ignore[arg-type]

    club.store.connection.execute = counted  # type: ignore[method-assign]
    try:
        return work()
    finally:
        club.store.connection.execute = execute  # type: ignore[method-assign]


@pytest.mark.parametrize("setting", ["", "pictures on"])
def test_a_turns_pictures_setting_costs_no_statement_of_its_own(
    tmp_path: Path, setting: str
) -> None:
    """The readers' settings come with the game's players, observers and master, which the
    turn reads anyway: nobody having said anything, a turn costs the statements it cost
    before pictures by mail; and one who wants pictures costs no read of the settings."""
    counts: list[tuple[int, int]] = []
    drawn: list[bool] = []
    for pictures in (True, False):
        club = Club(tmp_path / f"{pictures}", pictures)
        seated(club)
        club.send(OLGA, "observe alpha")
        if setting:
            club.send(BOB, setting)
        club.send(ALICE, f"fleet {FLEET_A}")
        club.send(BOB, f"fleet {FLEET_B}")
        club.send(ALICE, "orders 1: Gx3")
        statements: list[str] = []
        results = counting(club, statements, partial(club.send, BOB, "orders 1:"))
        assert len([m for m in results if "Turn 1 results" in str(m["Subject"])]) == 3
        settings = [s for s in statements if "FROM mail_settings WHERE address IN" in s]
        counts.append((len(statements), len(settings)))
        bobs = [m for m in results if m["To"] == BOB and "Turn 1 results" in str(m["Subject"])]
        drawn.append(any(part.get_content_type() == "image/png" for part in bobs[0].walk()))
    (with_pictures, settings_read), (before, _) = counts
    assert settings_read == 0
    if not setting:
        assert with_pictures == before
    else:
        assert with_pictures > before
    # Bob's picture was drawn when he asked for it (the test saw the difference), not before.
    assert drawn == [bool(setting), False]
