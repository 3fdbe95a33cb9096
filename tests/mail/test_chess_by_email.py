"""A whole game of Space Chess by email through real SMTP (issue 22): the judge's aiosmtpd
listener on a free localhost port, smtplib clients for two players, a game master and an
onlooker, an aiosmtpd sink as the relay. From `create NAME chess` to the end, a slip refused on
the way, the record attached at the end and checked by `spaceships chess check`."""

from __future__ import annotations

import re
from email.message import EmailMessage

from smtp_players import SmtpPlayers, text_of

from notation.spacechess.record import Record
from spacechess.engine.check import replay

# samples/spacechess/short.scr: on turn 6 the Aliens' impactor flies into their own command
# ship [SC7, SC11].
TURNS = ["M@Ab2", "M@Hb4 M@Gd2", "Eb1-Eb4 Eb4-Jb2", "Jd4-Jd2 Hd3-Hd2", "Jb2-Dc2 M@Aa3"]
LAST = "Jd2>Jd3 Gd4-Fd4"


Mailers = SmtpPlayers


def pngs(mail: EmailMessage) -> list[EmailMessage]:
    return [part for part in mail.iter_attachments() if part.get_content_type() == "image/png"]


def to(mails: list[EmailMessage], address: str) -> EmailMessage:
    return [m for m in mails if m["To"] == address][0]


def test_a_whole_game_of_space_chess_by_email_from_create_to_the_record(mailers: Mailers) -> None:
    alice, bob, gm, onlooker = (
        "alice@example.org",
        "bob@example.net",
        "gm@example.com",
        "carol@example.org",
    )
    created = to(mailers.send(gm, "", subject="create duel chess deadline 72h"), gm)
    assert "Space Chess game duel created" in text_of(created)
    mailers.send(onlooker, "observe duel")
    password = {}
    for who in (alice, bob):
        joined = to(mailers.send(who, f"join duel\n\n-- \n{who}"), who)
        password[who] = re.search(r"password for duel: (\S+)", text_of(joined)).group(1)
    began = [m for m in mailers.sink.messages if "the game begins" in str(m["Subject"])]
    assert {m["To"] for m in began} == {alice, bob, onlooker, gm}

    # A slip first: the judge says what, where, the rule and what would do.
    slip = to(mailers.send(alice, f"game duel {password[alice]}\norders 1: Ab1-Ac3"), alice)
    assert "`Ab1-Ac3`: Ac3 is not up to 3 hexagons" in text_of(slip)
    assert "[SC3]" in text_of(slip) and "hint: from Ab1 it can reach" in text_of(slip)

    for number, actions in enumerate([*TURNS, LAST], 1):
        who, other = (alice, bob) if number % 2 else (bob, alice)
        sent = mailers.send(who, f"Game duel {password[who]}\nORDERS {number}: {actions}\n\nThanks")
        assert f"Your turn {number} is played" in text_of(to(sent, who))
        if number < 6:
            told = text_of(to(sent, other))
            assert f"Turn {number + 1}: " in told and "The board:" in told
            # The board hides nothing; only how to send a turn is the player's alone.
            sending = [line for line in told.splitlines() if "PASSWORD" in line][0]
            assert "Send:" in sending
            watched = text_of(to(sent, onlooker))
            assert "Send:" not in watched and "PASSWORD" not in watched
            assert [line for line in told.splitlines() if line in watched.splitlines()] == [
                line for line in watched.splitlines()
            ]
            # Space Chess's mail carries the board's picture unless a reader says
            # `pictures off`; the same bytes for the player and the onlooker.
            (board,) = pngs(to(sent, other))
            assert board.get_filename() == f"duel-turn{number}.png"
            assert [p.get_content() for p in pngs(to(sent, onlooker))] == [board.get_content()]
            assert board.get_content().startswith(b"\x89PNG")
    over = [m for m in mailers.sink.messages if "game over" in str(m["Subject"])]
    assert sorted(m["To"] for m in over) == sorted([alice, bob, onlooker, gm])
    for mail in over:
        assert "alice (Terrans) wins; the enemy command ship is destroyed [SC11]" in text_of(mail)
        *pictures, attachment = list(mail.iter_attachments())
        # The end's board for the players and the onlooker; the game master's end notice
        # carries the record alone, as in the other games.
        wanted = [] if mail["To"] == gm else ["duel-end.png"]
        assert [p.get_filename() for p in pictures] == wanted
        assert attachment.get_filename() == "duel.scr"
        record = Record.parse(attachment.get_content())
        found = replay(record)
        assert found.problem is None and found.position.result == "T"
