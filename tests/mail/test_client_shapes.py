"""Mail as real clients write it, through `spaceships pbem receive`, each checked by the reply
the judge sends: security first (no password quoted back; signatures, quotes and PGP armour
never read and never counted as a wrong password), then each common shape the judge must read
right, then what the replies say."""

from __future__ import annotations

import re
import sqlite3
import sys
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mail_clients as clients  # noqa: E402

from pbem.mail.delivery import oldest_first  # noqa: E402
from spaceships_cli import main  # noqa: E402

FLEET_A = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
FLEET_B = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gz1 Gz2 Gz3 Gz4; "
    "MD Yz3 Yz4 Yz5; LS Yv5"
)
ALICE = "Alice <alice@example.org>"
BOB = "Bob <bob@example.net>"


class Post:
    """The judge's mailbox: each raw mail piped into `spaceships pbem receive`, the mail the
    judge wrote because of it read back from the outbox."""

    def __init__(self, tmp_path: Path) -> None:
        self.env = {
            "SPACESHIPS_DB": str(tmp_path / "judge.sqlite3"),
            "SPACESHIPS_OUTBOX": str(tmp_path / "outbox"),
            "SPACESHIPS_JUDGE_ADDRESS": "judge@club.example",
            "SPACESHIPS_RATE_LIMIT": "1000",
        }
        self.outbox = tmp_path / "outbox" / "new"
        self.db = tmp_path / "judge.sqlite3"
        self.seen: set[str] = set()
        self.passwords: dict[str, str] = {}

    def send(self, raw: bytes) -> list[EmailMessage]:
        result = CliRunner().invoke(main, ["pbem", "receive"], input=raw, env=self.env)
        assert result.exit_code == 0, result.output
        new = []
        box = self.outbox
        written = sorted(box.iterdir(), key=lambda f: oldest_first(f.name)) if box.exists() else []
        for path in written:
            if path.name not in self.seen:
                self.seen.add(path.name)
                new.append(BytesParser(policy=policy.default).parsebytes(path.read_bytes()))
        return new  # type: ignore[return-value]

    def reply(self, raw: bytes) -> str:
        """The one direct answer to this mail, as text (its To is the From of the mail)."""
        sent = BytesParser(policy=policy.default).parsebytes(raw)
        answers = [m for m in self.send(raw) if m["In-Reply-To"] == sent["Message-ID"]]
        assert len(answers) == 1, answers
        return text_of(answers[0])

    def wrong_passwords(self) -> int:
        with sqlite3.connect(self.db) as connection:
            return connection.execute("SELECT COUNT(*) FROM wrong_passwords").fetchone()[0]


def text_of(mail: EmailMessage) -> str:
    body = mail.get_body(("plain",))
    return str(body.get_content()) if body is not None else ""


@pytest.fixture
def post(tmp_path: Path) -> Post:
    return Post(tmp_path)


@pytest.fixture
def game(post: Post) -> Post:
    """Game alpha with Alice (A) and Bob (B) joined; their passwords in post.passwords."""
    post.send(clients.plain("gm@example.com", "new game", "create alpha"))
    for who, seat in ((ALICE, "A"), (BOB, "B")):
        text = post.reply(clients.plain(who, "join", "join alpha"))
        post.passwords[seat] = re.search(r"password for alpha: (\S+)", text).group(1)  # type: ignore[union-attr]
    return post


@pytest.fixture
def playing(game: Post) -> Post:
    """Game alpha with both fleets in: turn 1."""
    for who, seat, fleet in ((ALICE, "A", FLEET_A), (BOB, "B", FLEET_B)):
        text = game.reply(
            clients.plain(who, "fleet", f"game alpha {game.passwords[seat]}\nfleet {fleet}")
        )
        assert "accepted" in text, text
    return game


# -- security -------------------------------------------------------------------------------------


def test_a_byte_order_mark_is_dropped_and_the_sign_on_after_it_read(game: Post) -> None:
    password = game.passwords["A"]
    text = game.reply(
        clients.notepad_bom(ALICE, "fleet", f"game alpha {password}\nfleet {FLEET_A}\n")
    )
    assert "Your fleet is accepted" in text
    assert password not in text


@pytest.mark.parametrize(
    "line",
    [
        "gmae alpha {pw}",  # a typo in the keyword
        "\u200bgame alpha {pw}",  # an invisible character the BOM rule does not cover
        "*game alpha {pw}*",  # bold from a rich-text editor
        "Game: alpha {pw}",
        "my password is {pw}",
        "{pw}",  # the password on a line of its own, under `game alpha`
        "game alpha {spaced}",  # spaces for hyphens, then a junk word
    ],
)
def test_no_line_however_mangled_has_its_password_quoted_back(game: Post, line: str) -> None:
    password = game.passwords["A"]
    spaced = password.replace("-", " ").upper() + " please"
    text = game.reply(
        clients.plain(
            ALICE, "hi", "game alpha\n" + line.format(pw=password, spaced=spaced) + "\nstatus"
        )
    )
    for word in password.split("-"):
        assert word not in text.lower(), text


def test_a_dash_escaped_signature_in_a_clearsigned_mail_is_not_read(game: Post) -> None:
    # The signature holds a sign-on line with a wrong password: read, it would count as a
    # guess at alpha's passwords.
    signed = f"game alpha {game.passwords['A']}\nfleet {FLEET_A}\n\n-- \nAlice\n"
    signed += "game alpha acorn-amber-anchor\n"  # the shape of a password
    text = game.reply(clients.clearsigned(ALICE, "my fleet", signed))
    assert "Your fleet is accepted" in text
    assert "wrong" not in text.lower() and "not understood" not in text.lower()
    assert game.wrong_passwords() == 0


def test_quoted_text_is_never_read_nor_counted_as_a_wrong_password(game: Post) -> None:
    quoted = "game alpha badger-beetle-bison\nresign"
    own = "status alpha"
    for _ in range(3):
        text = game.reply(clients.mutt_bottom_post(BOB, "Re: x", quoted, own, "<j1@club.example>"))
        assert "badger" not in text and "Refused" not in text
    assert game.wrong_passwords() == 0


# -- shapes -------------------------------------------------------------------------------------


def test_thunderbird_format_flowed_joins_a_long_fleet_line_wrapped_by_the_client(
    game: Post,
) -> None:
    body = f"game alpha {game.passwords['A']}\nfleet {FLEET_A}\n\nAlice\n"
    raw = clients.thunderbird_flowed(ALICE, "fleet", body)
    assert b"Yv3 Yw3" not in raw or b" \r\n" in raw  # the client did wrap the line
    text = game.reply(raw)
    assert "Your fleet is accepted" in text, text
    assert "LS Oz5" in text


def test_flowed_lines_joined_still_stop_at_an_original_message_separator(game: Post) -> None:
    # "----- Original Message ----- " ends in a space: a flowed line, joined with the next.
    body = (
        "status alpha\n\n----- Original Message ----- \nFrom: Spaceships judge\n"
        f"game alpha {game.passwords['A']}\nresign\n"
    )
    raw = clients.crlf(body).encode()
    head = clients._head(
        ALICE, "Re: status", "Content-Type: text/plain; charset=utf-8; format=flowed\r\n"
    )
    text = game.reply(head.encode() + b"\r\n" + raw)
    assert "resign" not in text.lower() and "Signed on" not in text
    assert "alpha" in text


def test_apple_mail_text_split_around_a_pasted_picture_is_read_whole(playing: Post) -> None:
    """Apple Mail cuts the text at an inline picture into two text parts (issue 24): the
    orders after the picture are read, and the picture is named as not read."""
    before = f"Hi judge,\n\ngame alpha {playing.passwords['A']}\nHere is where I aim:\n"
    after = "\n\norders 1: Gx3 Gx4\n\nAlice\n"
    text = playing.reply(clients.apple_mail_inline_image(ALICE, "orders", before, after))
    assert "Your orders are accepted for turn 1" in text, text
    assert "Not read: the attachment Screenshot.png" in text
    assert playing.passwords["A"] not in text


def test_apple_mail_delsp_yes_a_fleet_wrapped_by_the_client_is_joined(game: Post) -> None:
    body = f"game alpha {game.passwords['B']}\nfleet {FLEET_B}\n\nSent from my Mac\n"
    raw = clients.apple_mail_delsp(BOB, "fleet", body)
    assert b"  \r\n" in raw  # wrapped, with the space the reader deletes
    text = game.reply(raw)
    assert "Your fleet is accepted" in text, text
    assert "LS Yv5" in text


def test_inline_pgp_the_signed_text_is_read_and_the_armour_is_not(game: Post) -> None:
    text = game.reply(
        clients.clearsigned(ALICE, "fleet", f"game alpha {game.passwords['A']}\nfleet {FLEET_A}")
    )
    assert "Your fleet is accepted" in text
    for armour in ("PGP", "Hash", "iQEz", "Comment", "not understood"):
        assert armour.lower() not in text.lower(), armour
    assert game.wrong_passwords() == 0


def test_outlook_word_html_paragraphs_are_lines_and_empty_ones_blank_lines(playing: Post) -> None:
    raw = clients.outlook_word_html(
        ALICE,
        "orders",
        [
            f"game alpha {playing.passwords['A']}",
            "orders 1: Gx3 Gx4 Gx5",
            "Gy4 Gy5",
            "",
            "Kind regards,",
            "Alice",
        ],
        quoted=f"Turn 1 opens.\nresign alpha {playing.passwords['A']}",
    )
    text = playing.reply(raw)
    assert "Your orders are accepted for turn 1" in text, text
    assert "1 A: Gx3 Gx4 Gx5 Gy4 Gy5" in text  # the second line joined, the sign-off not
    assert "resign alpha" not in text and "You resigned" not in text


def test_a_bottom_posted_reply_is_read_below_the_quote(playing: Post) -> None:
    quoted = "Turn 1 of alpha opens.\nThis turn you may use 8 strikes."
    own = f"game alpha {playing.passwords['B']}\norders 1: Gx3 Gx4\n\nCheers,\nBob"
    text = playing.reply(
        clients.mutt_bottom_post(
            BOB, "Re: [spaceships alpha] Turn 1", quoted, own, "<t1@club.example>"
        )
    )
    assert "Your orders are accepted for turn 1" in text, text


def test_gmail_top_posted_reply_reads_the_commands_above_the_quote(playing: Post) -> None:
    own = f"game alpha {playing.passwords['A']}\norders 1: Gx3"
    quoted = f"resign alpha {playing.passwords['A']}"
    text = playing.reply(
        clients.gmail_reply(
            ALICE, "Re: [spaceships alpha] Turn 1", own, quoted, "<t2@club.example>"
        )
    )
    assert "Your orders are accepted for turn 1" in text
    assert "resign alpha" not in text and "You resigned" not in text


def test_orders_in_a_txt_attachment_are_read_and_the_reply_says_so(playing: Post) -> None:
    attached = f"game alpha {playing.passwords['A']}\r\norders 1: Gx3 Gx4\r\n".encode()
    raw = clients.with_attachment(
        ALICE, "my orders", "Hi judge,\nmy orders are attached.\n\nAlice", "orders.txt", attached
    )
    text = playing.reply(raw)
    assert "Your orders are accepted for turn 1" in text
    assert "orders.txt" in text and "read" in text
    assert "unknown command" not in text.lower() and "`Hi`" not in text


def test_a_fleet_in_an_ssr_attachment_from_apple_mail_is_read(game: Post) -> None:
    attached = (
        f"game alpha {game.passwords['B']}\nfleet\n{FLEET_B.replace('; ', chr(10))}\n".encode()
    )
    raw = clients.with_attachment(
        BOB, "fleet", "", "fleet.ssr", attached, "application/octet-stream", "inline", "Apple Mail"
    )
    text = game.reply(raw)
    assert "Your fleet is accepted" in text and "fleet.ssr" in text


def test_an_attachment_that_is_not_text_is_named_as_not_read(game: Post) -> None:
    raw = clients.with_attachment(
        ALICE, "fleet", "Here is my fleet.", "fleet.pdf", b"%PDF-1.7 ...", "application/pdf"
    )
    text = game.reply(raw)
    assert "Not read: the attachment fleet.pdf" in text
    assert "text of a mail" in text


def test_attachments_are_not_read_when_the_body_has_commands_and_the_reply_says_so(
    game: Post,
) -> None:
    raw = clients.with_attachment(
        ALICE, "status", "status alpha", "notes.txt", b"resign alpha x-y-z\n"
    )
    text = game.reply(raw)
    assert "Not read: the attachment notes.txt" in text and "resign" not in text.lower().replace(
        "notes.txt", ""
    )


def test_the_judges_own_subject_is_not_read_when_the_body_has_no_command(playing: Post) -> None:
    # A reply that only quotes: Gmail with nothing typed above the quote.
    raw = clients.gmail_reply(
        ALICE, "Re: [spaceships alpha] Turn 1 results", "", "Turn 1 results", "<t3@club.example>"
    )
    text = playing.reply(raw)
    assert "no command" in text and "`Turn`" not in text and "unknown command" not in text


@pytest.mark.parametrize(
    "subject",
    [
        "Abwesenheitsnotiz: Re: [spaceships alpha] Turn 1",
        "Automatische Antwort: [spaceships alpha] Turn 1",
        "Réponse automatique : [spaceships alpha] Turn 1",
        "Respuesta automática: [spaceships alpha] Turn 1",
        "Risposta automatica: [spaceships alpha] Turn 1",
        "Automatisch antwoord: [spaceships alpha] Turn 1",
        "Autosvar: [spaceships alpha] Turn 1",
        "Odpowiedź automatyczna: [spaceships alpha] Turn 1",
        "Автоматический ответ: [spaceships alpha] Turn 1",
        "自動応答: [spaceships alpha] Turn 1",
    ],
)
def test_auto_replies_without_rfc_3834_headers_in_other_languages_get_no_answer(
    post: Post, subject: str
) -> None:
    raw = clients.plain(
        "bob@example.net", subject, "Ich bin bis Montag nicht im Büro.\nstatus alpha\n"
    )
    assert post.send(raw) == []


# -- replies -------------------------------------------------------------------------------------


def test_help_comes_once_at_the_end_of_a_reply(game: Post) -> None:
    body = "Hello judge,\nlsit\nstatus alpha\nfoo bar\nThanks"
    text = game.reply(clients.plain(ALICE, "hello", body))
    assert text.count("Send `help` for the list of commands.") == 1
    assert text.rstrip().endswith("Send `help` for the list of commands.")
    assert "did you mean `list`" in text and "Game alpha" in text
    # With no command at all, what to do, once, at the end.
    text = game.reply(clients.plain(ALICE, "hello", "Hello judge,\nhow do I play?"))
    assert text.count("The commands most used:") == 1
    assert text.index("The commands most used:") > text.index("how do I play")


def test_a_mail_of_forty_unreadable_lines_gets_a_short_answer_saying_what_to_do(post: Post) -> None:
    prose = "\n".join(f"This is line {n} of a long letter about the weather." for n in range(40))
    text = post.reply(clients.plain(ALICE, "hello", prose))
    assert len(text.splitlines()) < 20, text
    assert "no command" in text.lower() and "join NAME" in text and "`help`" in text


def test_replies_go_to_from_and_say_so_when_reply_to_differs(game: Post) -> None:
    raw = clients.plain(ALICE, "status", "status alpha", extra="Reply-To: team@example.com\r\n")
    sent = game.send(raw)
    assert [m["To"] for m in sent] == ["alice@example.org"]
    assert "Reply-To" in text_of(sent[0]) and "team@example.com" in text_of(sent[0])


def test_orders_reply_counts_what_they_use_and_what_may_be_used_one_way(playing: Post) -> None:
    text = playing.reply(
        clients.plain(
            ALICE, "orders", f"game alpha {playing.passwords['A']}\norders 1: Gx3 Gx4 mYw3 Yw2"
        )
    )
    used = next(line for line in text.splitlines() if line.startswith("They use"))
    may = next(line for line in text.splitlines() if "may use" in line)
    assert "conventional strike" in used and "conventional strike" in may, (used, may)
    assert "missile" in used and "missile" in may


def test_a_player_joining_without_a_name_is_announced_once(post: Post) -> None:
    post.send(clients.plain("gm@example.com", "new", "create alpha"))
    post.send(clients.plain("a@example.org", "join", "join alpha"))
    sent = post.send(clients.plain("b@example.org", "join", "join alpha"))
    told = text_of(next(m for m in sent if m["To"] == "a@example.org"))
    assert told.count("player B") + told.count("Player B") == 1, told


# -- a whole game --------------------------------------------------------------------------------


def test_a_whole_game_played_from_real_client_shapes(post: Post) -> None:
    """Kim on Thunderbird, Apple Mail, Gmail; Lee on Outlook, mutt, inline PGP and a Windows
    editor; greetings, sign-offs, signatures, quotes of the judge's mail, an attachment, a
    typo'd keyword and a vacation notice along the way. Every reply is read; at the end the
    record comes to both, and no mail but the two join replies ever held a password."""
    kim, lee = "Kim Park <kim@example.org>", "lee@example.net"
    post.send(clients.plain("gm@example.com", "new game", "create duel"))
    text = post.reply(clients.thunderbird_flowed(kim, "join", "Hi,\n\njoin duel\n\nKim\n-- \nKim"))
    pk = re.search(r"password for duel: (\S+)", text).group(1)  # type: ignore[union-attr]
    assert "You joined duel as player A (Kim Park)" in text
    text = post.reply(clients.outlook_word_html(lee, "join", ["join duel", "", "Lee"]))
    pl = re.search(r"password for duel: (\S+)", text).group(1)  # type: ignore[union-attr]
    assert "You joined duel as player B (lee)." in text and "did you mean" not in text

    quote = f"On 22/11/2026 22:03, Spaceships judge wrote:\n> Your password for duel: {pk}\n"
    text = post.reply(
        clients.thunderbird_flowed(kim, "Re: join", f"gmae duel {pk}\nfleet {FLEET_A}\n\n{quote}")
    )
    assert "did you mean `game`" in text and "accepted" not in text
    text = post.reply(
        clients.thunderbird_flowed(kim, "Re: join", f"game duel {pk}\nfleet {FLEET_A}\n\n{quote}")
    )
    assert "Your fleet is accepted" in text
    ships = FLEET_B.split("; ")
    sent = post.send(
        clients.outlook_word_html(lee, "fleet", [f"game duel {pl}", "fleet", *ships, "", "Lee"])
    )
    assert any("begins" in str(m["Subject"]) for m in sent)

    turns = [("Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 mYv3 Oy5", ""), ("Bv1 Bv2 Bv3 mYw3 Bw1", "Ry1")]
    turns += [("Bw2 Bw3 Gz1 mYx3 Gz2", ""), ("Gz3 Gz4 Yz3", ""), ("Yz4 Yz5 Yv5", "")]
    for turn, (kims, lees) in enumerate(turns, start=1):
        orders_a = f"game duel {pk}\norders {turn}: {kims}\n"
        orders_b = f"game duel {pl}\norders {turn}: {lees}\n"
        if turn == 1:
            text = post.reply(
                clients.with_attachment(kim, "t1", "Orders attached.", "t1.txt", orders_a.encode())
            )
            assert "the judge read the attachment t1.txt" in text
        elif turn == 2:
            text = post.reply(clients.apple_mail_delsp(kim, "t2", orders_a + "\nSent from my iPad"))
        else:
            text = post.reply(clients.gmail_reply(kim, "Re: t", orders_a, "Turn results", "<q>"))
        assert f"Your orders are accepted for turn {turn}" in text, text
        assert post.send(clients.plain(lee, "Abwesenheitsnotiz: t", "Nicht im Büro.")) == []
        if turn % 2:
            raw = clients.clearsigned(lee, "t", orders_b + "-- \nLee\ngame duel acorn-amber-anchor")
        else:
            raw = clients.mutt_bottom_post(lee, "Re: t", f"game duel {pk}", orders_b, "<q>")
        sent = post.send(raw)
        answer = next(m for m in sent if m["To"] == "lee@example.net" and "accepted" in text_of(m))
        assert f"turn {turn}" in text_of(answer)
    over = [m for m in sent if "Game over" in str(m["Subject"])]
    assert {"kim@example.org", "lee@example.net"} <= {m["To"] for m in over}
    assert all(
        a.get_filename() in ("duel.ssr", "duel-replay.html")
        for m in over
        for a in m.iter_attachments()
    )
    assert post.wrong_passwords() == 0


def test_an_over_long_bad_line_is_quoted_around_its_error_not_whole(game: Post) -> None:
    """A 600-character fleet line with its error at the end: the reply shows the part around
    the caret (60 characters either side, `...` where cut) and cuts the echo at 360, so no
    quoted line runs on for hundreds of characters; the error is still shown and pointed at."""
    line = f"fleet {FLEET_A} " + "Gx1 " * 120 + "ZZ9"
    text = game.reply(clients.plain(ALICE, "fleet", f"game alpha {game.passwords['A']}\n{line}"))
    lines = text.splitlines()
    assert f"line 2, column {len(line) - 2}: `ZZ9` is not a cell" in text
    shown = next(i for i, x in enumerate(lines) if x.strip().startswith("...Gx1"))
    assert lines[shown].endswith(" ZZ9") and len(lines[shown].strip()) == 3 + 60 + 3
    assert lines[shown + 1].strip() == "^^^"
    assert lines[shown + 1].index("^") == lines[shown].index("ZZ9")  # the caret under ZZ9
    echo = next(x for x in lines if x.startswith("> fleet DS"))
    assert echo.endswith(f"... ({len(line) - 360} more characters)") and len(echo) <= 400
