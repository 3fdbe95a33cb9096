"""Goldens of the mail judge: scripted games played through `Judge` and the mail `Composer`,
every mail each person gets compared with tests/golden/*.json (to, subject, body, kind, turn,
each attachment's name and sha256), so a move of modules that changes one word or one byte of
a picture is seen (issue 21, S0)."""

from __future__ import annotations

import hashlib
import random
from email.header import decode_header, make_header
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from bot_support import SINKING_ORDERS
from goldens import check_golden
from match_support import strikes_allowed
from pbem_support import FLEET_A, Person, Table, cells_in

from battles.computer.plain import plan_fire, plan_moves
from battles.judge.rows import battle_turn, replay_of
from pbem.mail.outbound import Composer
from pbem.mail.pictures import MailPictures
from pbem.storage.store import open_store

HERE = Path(__file__).resolve().parent
JUDGE = "judge@club.example"
# Classic fleets [classic 6.1] in the usual colour order; the second has the 23 cells of
# additional ships a player carries after losing nothing in a continued match's game 1 [10.3].
CLASSIC = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; FS Bz1 Bz2 By1 By2; "
    "MD Yv3 Yw3 Yx3; HF Oz4 Oz5"
)
CLASSIC_CARRIED = (
    "DS1 Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; DS2 Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; "
    "KC1 Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; KC2 Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; FS1 Bz1 Bz2 By1 By2; "
    "FS2 Gv4 Gv5 Gw4 Gw5; MD1 Yv3 Yw3 Yx3; MD2 Yz3 Yz4 Yz5; HF1 Oz4 Oz5; HF2 Yv5 Yw5"
)
DESIGN_A = "design\nLancer E-SAI(Gf)I(Xf)IIV\nWarden F-ASIII(Ef)Y(Mf)O at 1,7 N"
DESIGN_B = "design\nRaider C-SSI(Lf)II(Gf)(Rf)D\nHawk E-AI(Mf)(Gf)IIID at -1,-7 S"


def new_table() -> Table:
    table = Table(open_store(":memory:"))
    table.judge.rng = random.Random(7)  # passwords and battle seeds alike in every run
    return table


def captured(table: Table) -> list[dict[str, Any]]:
    """Every mail of the game as its reader gets it. Message-ID (random) and Date (the
    composer's clock) are left out: they differ run to run and no one reads them."""
    composer = Composer(JUDGE, clock=table.clock)
    pictures = MailPictures(table.store)  # each reader's setting, else the game's default
    mails = []
    for out in table.log:
        for mail in composer.compose(out, pictures=pictures):
            mails.append({**_mail(mail), "kind": out.kind, "turn": out.turn})
    return mails


def _mail(mail: Message) -> dict[str, Any]:
    parts = [p for p in mail.walk() if not p.is_multipart()]
    text = parts[0].get_payload(decode=True)
    assert isinstance(text, bytes)
    return {
        "to": str(mail["To"]),
        "subject": str(make_header(decode_header(str(mail["Subject"])))),
        "body": text.decode("utf-8"),
        "attachments": [
            {"name": p.get_filename(), "sha256": hashlib.sha256(_bytes(p)).hexdigest()}
            for p in parts[1:]
        ],
    }


def _bytes(part: Message) -> bytes:
    data = part.get_payload(decode=True)
    assert isinstance(data, bytes)
    return data


def seated(table: Table, create: str, game: str = "alpha") -> tuple[Person, Person, Person]:
    gm = table.person("gm@example.org", "Gamemaster")
    alice = table.person("alice@example.org", "Alice")
    bob = table.person("bob@example.org", "Bob")
    assert "created" in gm.send(create).body
    alice.join(game)
    bob.join(game)
    return gm, alice, bob


def sink(alice: Person, bob: Person, bob_sends: bool = True) -> None:
    """Alice sinks Bob's fleet (placed as FLEET_A) in three turns; Bob sends no actions."""
    for turn, orders in enumerate(SINKING_ORDERS, start=1):
        assert f"accepted for turn {turn}" in alice.orders(turn, orders).body
        if bob_sends:
            bob.orders(turn, "")


def over(table: Table) -> bool:
    return any(m.kind == "over" for m in table.log)


def test_a_spaceships_2_6_1_game_with_an_observer_and_the_masters_news(
    request: pytest.FixtureRequest,
) -> None:
    table = new_table()
    _, alice, bob = seated(table, "create alpha ruleset 2.6.1 deadline 48h")
    table.person("olga@example.org", "Olga").send("observe alpha")
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_A)
    sink(alice, bob)
    assert over(table)
    check_golden(HERE / "spaceships_2_6_1.json", captured(table), request.config)


def strike_out(alice: Person, bob: Person, fleet: str) -> None:
    """Alice strikes Bob's `fleet` cell by cell, as many a turn as she may, until the game
    ends; Bob sends no actions."""
    targets = sorted(cells_in(fleet))
    for turn in range(1, 20):
        allowed = strikes_allowed(alice.inbox[-1].body)
        alice.orders(turn, " ".join(targets[:allowed]))
        del targets[:allowed]
        bob.orders(turn, "")
        if any(m.kind == "over" for m in alice.inbox[-3:]):
            return


def test_a_classic_continued_match_of_two_games(request: pytest.FixtureRequest) -> None:
    table = new_table()
    _, alice, bob = seated(table, "create alpha ruleset classic match=continued games=2")
    alice.fleet(CLASSIC)
    bob.fleet(CLASSIC)
    strike_out(alice, bob, CLASSIC)
    assert "game 2" in alice.last.subject
    alice.fleet(CLASSIC_CARRIED)
    bob.fleet(CLASSIC)
    strike_out(alice, bob, CLASSIC)
    assert "the match is over" in alice.last.subject
    check_golden(HERE / "match.json", captured(table), request.config)


def test_a_game_against_the_computer_hunt(request: pytest.FixtureRequest) -> None:
    table = new_table()
    alice = table.person("alice@example.org", "Alice")
    alice.create_seated("create alpha vs computer hunt")
    alice.fleet(FLEET_A)
    for turn in range(1, 80):
        alice.orders(turn, "")  # the computer finds and sinks a fleet that never fires
        if over(table):
            break
    assert over(table)
    check_golden(HERE / "vs_hunt.json", captured(table), request.config)


def test_a_resignation(request: pytest.FixtureRequest) -> None:
    table = new_table()
    _, alice, bob = seated(table, "create alpha")
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_A)
    alice.orders(1, SINKING_ORDERS[0])
    bob.orders(1, "")
    bob.send(bob.sign_on() + "resign")
    assert over(table)
    check_golden(HERE / "resignation.json", captured(table), request.config)


def test_a_deadline_default(request: pytest.FixtureRequest) -> None:
    """Bob never sends orders: at each deadline the turn is played with none for him."""
    table = new_table()
    _, alice, bob = seated(table, "create alpha deadline 24h reminder 12h")
    alice.fleet(FLEET_A)
    bob.fleet(FLEET_A)
    for turn, orders in enumerate(SINKING_ORDERS, start=1):
        alice.orders(turn, orders)
        table.clock.advance(hours=13)
        table.tick()  # the reminder to Bob
        table.clock.advance(hours=12)
        table.tick()  # the deadline
    assert over(table)
    check_golden(HERE / "deadline_default.json", captured(table), request.config)


def battle_orders(table: Table, person: Person, seat: str) -> None:
    """What the plain computer player would send for `seat` in the phase in play."""
    game = table.store.game("duel")
    assert game is not None
    turn, phase = battle_turn(game)
    state = replay_of(game).state
    if phase == "movement":
        items = [f"{m.ship} {m.how}" for m in plan_moves(state, seat) if m.how != "held"]
    else:
        volleys, tractors = plan_fire(state, seat)
        items = [v.order_text() for v in volleys]
        items += [f"tractor {t.ship} > {t.target}" for t in tractors]
    person.send(person.sign_on("duel") + f"orders {turn}: " + "; ".join(items))


def battle_over(table: Table) -> bool:
    game = table.store.game("duel")
    return game is not None and game.phase == "over"


def test_a_battle_by_mail_with_an_observer(request: pytest.FixtureRequest) -> None:
    table = new_table()
    _, alice, bob = seated(table, "create duel battles budget=300 turns=3", "duel")
    table.person("olga@example.org", "Olga").send("observe duel")
    alice.send(alice.sign_on("duel") + DESIGN_A)
    bob.send(bob.sign_on("duel") + DESIGN_B)
    for _ in range(40):
        if battle_over(table):
            break
        battle_orders(table, alice, "A")
        battle_orders(table, bob, "B")
    assert battle_over(table)
    check_golden(HERE / "battle.json", captured(table), request.config)


def test_a_battle_against_the_computer(request: pytest.FixtureRequest) -> None:
    table = new_table()
    alice = table.person("alice@example.org", "Alice")
    alice.create_seated("create duel battles vs computer turns=3", "duel")
    alice.send(alice.sign_on("duel") + DESIGN_A)
    for _ in range(40):
        if battle_over(table):
            break
        battle_orders(table, alice, "A")
    assert battle_over(table)
    check_golden(HERE / "battle_vs_computer.json", captured(table), request.config)
