"""What new players tripped over in Space Chess by mail (issue 36, items 7-13 and 16), through
real SMTP: the judge's listener, players' smtplib clients, a relay sink that keeps the order
the mails went out in."""

from __future__ import annotations

import re
from email.message import EmailMessage

from smtp_players import SmtpPlayers
from smtp_players import text_of as mail_text

from notation.spacechess.record import Record
from spacechess.engine.check import replay

ALICE, BOB = "alice@example.org", "bob@example.net"
GM, CAROL = "gm@example.com", "carol@example.org"


def text_of(mail: EmailMessage) -> str:
    return mail_text(mail).replace("\r\n", "\n")


def to(mails: list[EmailMessage], address: str) -> list[EmailMessage]:
    return [m for m in mails if m["To"] == address]


def password_in(mail: EmailMessage, game: str) -> str:
    found = re.search(rf"password for {game}: (\S+)", text_of(mail))
    assert found, text_of(mail)
    return found.group(1)


def test_a_game_by_mail_as_new_players_meet_it(mailers: SmtpPlayers) -> None:
    (created,) = to(mailers.send(GM, "create duel chess"), GM)
    master = re.search(r"master password: (\S+)", text_of(created)).group(1)
    mailers.send(CAROL, "observe duel")
    (joined,) = to(mailers.send(ALICE, "join duel"), ALICE)
    alice = password_in(joined, "duel")
    sent = mailers.send(BOB, "join duel")
    bob = password_in(to(sent, BOB)[0], "duel")

    # Item 9: "Bob has joined ... (see the next message)" comes before the start it points to.
    subjects = [str(m["Subject"]).split(": ")[-1] for m in to(sent, ALICE)]
    assert subjects == ["your opponent has joined", "the game begins"], subjects
    assert "(see the next message)" in text_of(to(sent, ALICE)[0])

    # Item 13: the onlooker's copy has no "Send:" lines; the player to act has them.
    assert "Send:  game duel PASSWORD" in text_of(to(sent, ALICE)[-1])
    (watched,) = to(sent, CAROL)
    assert "Turn 1: alice (Terrans) to act" in text_of(watched)
    assert "Send:" not in text_of(watched) and "PASSWORD" not in text_of(watched)

    # Item 10: the game master signing on as a player is shown the way.
    (wrong,) = to(mailers.send(GM, f"game duel {master}"), GM)
    assert "hint: you are its game master" in text_of(wrong)
    assert "`master duel PASSWORD`" in text_of(wrong)

    mailers.send(ALICE, f"game duel {alice}\norders 1: M@Ab2")
    # Item 12: `pass pass` is echoed as sent, and a caret stands under the bad cell only.
    (three,) = to(mailers.send(BOB, f"game duel {bob}\norders 2: M@Hb4 pass pass"), BOB)
    assert "> orders 2: M@Hb4 pass pass\n" in text_of(three), text_of(three)
    (cell,) = to(mailers.send(BOB, f"game duel {bob}\norders 2: Hd4-Hd9"), BOB)
    assert "line 2, column 15: `Hd9` is not a cell" in text_of(cell)
    assert "    orders 2: Hd4-Hd9\n" + " " * 18 + "^^^\n" in text_of(cell), text_of(cell)

    mailers.send(BOB, f"game duel {bob}\norders 2: M@Hb4 M@Gd2")
    # Item 8: the onlooker is told of a draw offer, as later of its lapse.
    offered = mailers.send(BOB, f"draw duel {bob} 3")
    (seen,) = to(offered, CAROL)
    assert "bob (Aliens) offers a draw in duel" in text_of(seen), text_of(seen)
    # Item 16: someone who plays no part is told so, not asked for a password.
    (outsider,) = to(mailers.send(CAROL, "draw duel"), CAROL)
    assert "only the two players of duel may offer or accept a draw" in text_of(outsider)
    assert "password" not in text_of(outsider).lower()
    played = mailers.send(ALICE, f"game duel {alice}\norders 3: Eb1-Eb4 Eb4-Jb2")
    assert "draw offer lapsed" in text_of(to(played, CAROL)[0])

    # Item 11: `history` sends the record as a file too, which checks as it is.
    (history,) = to(mailers.send(ALICE, "history duel"), ALICE)
    (record,) = [p for p in history.iter_attachments() if p.get_filename() == "duel.scr"]
    found = replay(Record.parse(record.get_content()))
    assert found.problem is None and found.position.turn == 4


def test_a_full_private_game_offers_nobody_to_observe_it(mailers: SmtpPlayers) -> None:
    mailers.send(GM, "create secret chess private")
    mailers.send(ALICE, "join secret")
    mailers.send(BOB, "join secret")
    (refused,) = to(mailers.send(CAROL, "join secret"), CAROL)
    said = text_of(refused)
    assert "secret has both its players, and it is private" in said, said
    assert "observe secret" not in said
