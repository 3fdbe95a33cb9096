"""Reading what a player wrote out of real-world mail: parts, charsets, quotes, subjects."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from pbem.mail.html import html_to_text
from pbem.mail.inbound import Accepted, Ignored, clean_subject, read_mail
from pbem.mail.parts import decode_bytes
from pbem.mail.written import command_lines


def accepted(raw: bytes) -> Accepted:
    result = read_mail(raw)
    assert isinstance(result, Accepted), result
    return result


HEAD = (
    b"From: Alice <alice@example.org>\r\nTo: judge@club.example\r\n"
    b"Subject: orders\r\nMessage-ID: <x1@example.org>\r\nMIME-Version: 1.0\r\n"
)


# -- parts ---------------------------------------------------------------------------------------


def test_multipart_alternative_uses_the_plain_text_part() -> None:
    message = EmailMessage()
    message["From"] = "alice@example.org"
    message["Subject"] = "x"
    message.set_content("game alpha pw\norders 3: Gx3 Gx4\n")
    message.add_alternative("<p>something <b>else</b> entirely</p>", subtype="html")
    assert accepted(message.as_bytes()).inbound.text == "game alpha pw\norders 3: Gx3 Gx4"


def test_html_only_mail_is_read_as_its_text_one_line_per_block() -> None:
    html = (
        "<html><head><style>p{color:red}</style><title>t</title></head><body>"
        "<div>game alpha pw</div><div>orders 3:&nbsp;Gx3   Gx4<br>Yw2</div>"
        "<script>var x = 1;</script></body></html>"
    )
    message = EmailMessage()
    message["From"] = "alice@example.org"
    message.set_content(html, subtype="html")
    assert accepted(message.as_bytes()).inbound.text == "game alpha pw\norders 3: Gx3 Gx4\nYw2"


def test_html_quoted_reply_in_a_blockquote_is_dropped() -> None:
    text = html_to_text(
        "<div>status alpha</div><div class=gmail_quote>On Mon, Bob wrote:"
        "<blockquote><div>resign alpha pw</div></blockquote></div>"
    )
    assert command_lines(text) == "status alpha"


def test_pre_keeps_the_alignment_of_a_grid() -> None:
    assert html_to_text("<p>fleet</p><pre>  a  b\n  c  d</pre>") == "fleet\n  a  b\n  c  d\n"


def test_table_cells_are_kept_apart() -> None:
    html = "<table><tr><td>orders</td><td>3:</td><td>Gx3</td></tr><tr><td>end</td></tr></table>"
    assert html_to_text(html) == "orders 3: Gx3\nend\n"


def test_a_text_attachment_is_not_mistaken_for_the_body() -> None:
    message = EmailMessage()
    message["From"] = "alice@example.org"
    message.set_content("status alpha\n")
    message.add_attachment("resign alpha pw\n", filename="notes.txt")
    assert accepted(message.as_bytes()).inbound.text == "status alpha"


# -- charsets ------------------------------------------------------------------------------------


def test_latin1_body_is_decoded_by_its_declared_charset() -> None:
    raw = (
        HEAD + b"Content-Type: text/plain; charset=iso-8859-1\r\n"
        b"Content-Transfer-Encoding: 8bit\r\n\r\nhelp join \xe9t\xe9\r\n"
    )
    assert accepted(raw).inbound.text == "help join été"


def test_bogus_charset_falls_back_without_crashing() -> None:
    raw = (
        HEAD + b"Content-Type: text/plain; charset=x-no-such-charset\r\n"
        b"Content-Transfer-Encoding: 8bit\r\n\r\nstatus caf\xc3\xa9\r\n"
    )
    assert accepted(raw).inbound.text == "status café"


@pytest.mark.parametrize("charset", ["base64", "zlib", "rot13", "utf-8\x00", '"'])
def test_codecs_that_are_not_text_encodings_are_not_used_as_charsets(charset: str) -> None:
    assert decode_bytes(b"status \xe9", charset) == "status é"


def test_undeclared_eight_bit_text_is_read_as_utf8_then_windows_1252() -> None:
    assert decode_bytes("status café".encode(), None) == "status café"
    assert decode_bytes(b"status caf\xe9", "us-ascii") == "status café"


def test_base64_and_quoted_printable_bodies_are_decoded() -> None:
    raw = (
        HEAD + b"Content-Type: text/plain; charset=utf-8\r\n"
        b"Content-Transfer-Encoding: base64\r\n\r\nc3RhdHVzIGFscGhh4oCmCg==\r\n"
    )
    assert accepted(raw).inbound.text == "status alpha…"
    raw = (
        HEAD + b"Content-Type: text/plain; charset=utf-8\r\n"
        b"Content-Transfer-Encoding: quoted-printable\r\n\r\norders 3: Gx3 =\r\nGx4 =C3=A9\r\n"
    )
    assert accepted(raw).inbound.text == "orders 3: Gx3 Gx4 é"


def test_encoded_words_in_the_from_name_and_raw_utf8_headers_are_read() -> None:
    raw = (
        b"From: =?iso-8859-1?q?Ren=E9e?= <Renee@Example.ORG>\r\n"
        b"Subject: J\xc3\xa9r\xc3\xb4me\r\nMessage-ID: <x2@example.org>\r\n\r\nhelp\r\n"
    )
    inbound = accepted(raw).inbound
    assert (inbound.sender, inbound.sender_name, inbound.subject) == (
        "renee@example.org",
        "Renée",
        "Jérôme",
    )


# -- quotes, signatures, top posting ---------------------------------------------------------------


def test_quoted_lines_are_dropped_keeping_the_line_numbers_of_what_was_typed() -> None:
    text = "status alpha\n> resign alpha pw\n>> join beta\nhelp"
    assert command_lines(text) == "status alpha\n\n\nhelp"


def test_on_date_someone_wrote_and_everything_after_it_is_dropped() -> None:
    text = (
        "game alpha pw\norders 4: Gx3\n\nOn Sun, 22 Nov 2026 at 12:00, Judge <judge@club.example>"
        " wrote:\nYour orders for turn 3 were read.\nresign alpha pw\n"
    )
    assert command_lines(text) == "game alpha pw\norders 4: Gx3"


def test_an_attribution_wrapped_over_two_lines_is_recognised() -> None:
    text = (
        "status alpha\nOn Sun, 22 Nov 2026 at 12:00, Spaceships Judge <\n"
        "judge@club.example> wrote:\n\nresign"
    )
    assert command_lines(text) == "status alpha"


@pytest.mark.parametrize(
    "attribution",
    [
        "Le dim. 22 nov. 2026 à 12:00, Judge <judge@club.example> a écrit :",
        "Am 22.11.2026 um 12:00 schrieb Judge <judge@club.example>:",
    ],
)
def test_attributions_in_other_languages_are_recognised(attribution: str) -> None:
    assert command_lines(f"status alpha\n{attribution}\nresign") == "status alpha"


def test_signature_after_dash_dash_space_is_dropped() -> None:
    assert command_lines("status alpha\n-- \nAlice\nresign alpha pw") == "status alpha"
    assert command_lines("status alpha\n--\nAlice") == "status alpha"


def test_outlook_top_posting_leftovers_are_dropped() -> None:
    text = (
        "status alpha\n\n________________________________\nFrom: Judge\nSent: Sunday\n"
        "resign alpha pw\n"
    )
    assert command_lines(text) == "status alpha"
    text = "status alpha\n-----Original Message-----\nresign alpha pw\n"
    assert command_lines(text) == "status alpha"
    text = "status alpha\n\nBegin forwarded message:\n\nresign alpha pw\n"
    assert command_lines(text) == "status alpha"
    text = "status alpha\n\nFrom: judge@club.example\nSent: Sunday\nTo: me\n\nresign\n"
    assert command_lines(text) == "status alpha"


def test_sent_from_my_phone_lines_are_dropped() -> None:
    assert command_lines("status alpha\n\nSent from my iPhone") == "status alpha"


def test_indentation_inside_the_commands_is_kept() -> None:
    text = "fleet\n  R   O\n  DS. ..\n"
    assert command_lines(text) == "fleet\n  R   O\n  DS. .."


# -- subject -------------------------------------------------------------------------------------


def test_subject_loses_reply_prefixes_and_the_game_tag() -> None:
    assert clean_subject("Re: AW: [spaceships alpha] Turn 3 results") == ("Turn 3 results", "alpha")
    assert clean_subject("RE[2]: Fwd: status") == ("status", None)


def test_commands_in_the_subject_are_read_when_the_body_has_none() -> None:
    message = EmailMessage()
    message["From"] = "alice@example.org"
    message["Subject"] = "Re: join alpha"
    message.set_content("\n-- \nAlice's phone\n")
    inbound = accepted(message.as_bytes()).inbound
    assert (inbound.text, inbound.subject) == ("join alpha", "join alpha")


def test_the_subject_is_not_added_when_the_body_has_commands() -> None:
    inbound = accepted(
        b"From: a@example.org\r\nSubject: Re: [spaceships alpha] Turn 3\r\n\r\nstatus alpha\r\n"
    ).inbound
    assert (inbound.text, inbound.subject) == ("status alpha", "Turn 3")


# -- identity ------------------------------------------------------------------------------------


def test_the_sender_address_is_lower_cased_and_the_message_id_kept() -> None:
    inbound = accepted(HEAD.replace(b"alice@", b"Alice@") + b"\r\nhelp\r\n").inbound
    assert (inbound.sender, inbound.message_id) == ("alice@example.org", "<x1@example.org>")


def test_a_message_without_message_id_gets_one_from_its_bytes() -> None:
    raw = b"From: a@example.org\r\nSubject: x\r\n\r\nhelp\r\n"
    first, second = accepted(raw).envelope.message_id, accepted(raw).envelope.message_id
    other = accepted(raw + b"status\r\n").envelope.message_id
    assert first == second != other
    assert first.endswith("@no-message-id.invalid>")


def test_mail_without_a_usable_from_is_ignored() -> None:
    result = read_mail(b"From: nobody\r\nSubject: x\r\n\r\nhelp\r\n")
    assert isinstance(result, Ignored) and "From" in result.reason
