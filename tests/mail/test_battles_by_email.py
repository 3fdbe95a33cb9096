"""A whole Spaceship Battles game by email through real SMTP: the judge's aiosmtpd listener on
a free localhost port, smtplib clients for two players (and a game master and an onlooker),
an aiosmtpd sink as the relay. From `create NAME battles` to the end, with the seed revealed
and the attached record replaying clean."""

from __future__ import annotations

import re
from email.message import EmailMessage

import pytest
from smtp_players import SmtpPlayers, text_of

from battles.computer.plain import plan_fire, plan_moves
from battles.engine.play import play_record
from battles.judge import rows as battle_rows
from notation.battles.parse import parse_record

Players = SmtpPlayers


def to(mails: list[EmailMessage], address: str) -> EmailMessage:
    return [m for m in mails if m["To"] == address][0]


@pytest.fixture
def players(smtp_judge) -> Players:
    # Two letters a turn each: a brisk battle needs more than the default 30 an hour (the
    # judge of conftest allows 500).
    running, sink, store = smtp_judge
    return Players(running.host, running.port, sink, store)


def test_a_whole_battle_by_email_from_create_to_the_end(players: Players) -> None:
    alice, bob, gm, onlooker = (
        "alice@example.org",
        "bob@example.net",
        "gm@example.com",
        "carol@example.org",
    )
    created = to(players.send(gm, "", subject="create duel battles budget=300"), gm)
    assert "Spaceship Battles game duel created: budget 300 a side" in text_of(created)
    pw = {}
    for who in (alice, bob):
        joined = to(players.send(who, "join duel"), who)
        pw[who] = re.search(r"password for duel: (\S+)", text_of(joined)).group(1)
    players.send(onlooker, "observe duel")

    # A design with a slip first: the judge says what and where; then the right one.
    slip = to(players.send(alice, f"game duel {pw[alice]}\ndesign\nLancer E-SAI(G)I(Xf)IIV"), alice)
    assert "line 3, column 14: the weapon G has no arc of fire" in text_of(slip)
    # Short on purpose: five missiles against a light escort (a few turns of mail).
    players.send(
        alice, f"game duel {pw[alice]}\ndesign\nHornet F-(Mf)(Mf)(Mf)(Mf)(Mf)II\n\n-- \nAlice"
    )
    began = players.send(bob, f"game duel {pw[bob]}\ndesign\nDart E-AI(Gf)")
    assert {m["To"] for m in began} >= {alice, bob, onlooker}
    commit = re.search(r"sha256:[0-9a-f]{64}", players.store.game("duel").state["record"])

    mails: list[EmailMessage] = []
    for _ in range(30):
        game = players.store.game("duel")
        if game.phase != "playing":
            break
        turn, phase = battle_rows.battle_turn(game)
        state = battle_rows.replay_of(game).state
        for who, seat in ((alice, "A"), (bob, "B")):
            if phase == "movement":
                items = [f"{m.ship} {m.how}" for m in plan_moves(state, seat) if m.how != "held"]
            else:
                volleys, tractors = plan_fire(state, seat)
                items = [v.order_text() for v in volleys]
                items += [f"tractor {t.ship} > {t.target}" for t in tractors]
            lines = "\n".join(items)
            sent = players.send(who, f"Game duel {pw[who]}\nORDERS {turn}:\n{lines}\n\nThanks!")
            assert "accepted" in text_of(to(sent, who)), text_of(to(sent, who))
            mails += sent
    over = [m for m in players.sink.messages if "battle over" in str(m["Subject"]).lower()]
    # The game master hears of the end too (news on), with the record.
    assert sorted(m["To"] for m in over) == sorted([alice, bob, onlooker, gm])
    seed = players.store.game("duel").state["seed"]
    before = [m for m in players.sink.messages if m not in over]
    assert not [(m["To"], m["Subject"]) for m in before if seed in text_of(m)]
    for mail in over:
        assert seed in text_of(mail)
        # The end's map comes first for whoever gets pictures (a battle's default: on).
        files = [a for a in mail.iter_attachments() if a.get_content_type() != "image/png"]
        attachment, page = files
        assert attachment.get_filename() == "duel.sbr"
        assert page.get_filename() == "duel-replay.html"
        record = parse_record(attachment.get_content())
        replay = play_record(record)
        assert replay.problems == [] and replay.dice == "checked against the seed"
        assert record.tag("Dice") == commit.group()
        assert replay.state.over
