"""The sender's own lines: format=flowed joined (RFC 3676), inline PGP unwrapped (RFC 4880 7),
quotes read around, signatures and pasted mail left out, invisible characters dropped; HTML
from Outlook, Gmail and Thunderbird as its reader sees it; attachments and encrypted parts."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from pbem.mail.html import html_to_text
from pbem.mail.parts import mail_parts
from pbem.mail.reading import choose_text
from pbem.mail.written import clean, command_lines, unarmour, unflow

# -- invisible characters ------------------------------------------------------------------------


def test_a_byte_order_mark_and_zero_width_spaces_are_dropped() -> None:
    assert clean("\ufeffgame alpha x\r\n\u200bstatus\u00a0alpha") == "game alpha x\nstatus alpha"


# -- format=flowed (RFC 3676) --------------------------------------------------------------------


def test_flowed_soft_breaks_are_joined_and_hard_ones_kept() -> None:
    text = "fleet DS Rv1 Rv2 \nRw1 Rw2\nend"
    assert unflow(text) == "fleet DS Rv1 Rv2 Rw1 Rw2\nend"


def test_delsp_yes_deletes_the_space_the_client_added() -> None:
    assert unflow("orders 3: Gx3 Gx4  \nYw2", delsp=True) == "orders 3: Gx3 Gx4 Yw2"
    assert unflow("orders 3: Gx3 Gx \n4", delsp=True) == "orders 3: Gx3 Gx4"


def test_space_stuffing_is_undone_and_quote_depth_is_kept_apart() -> None:
    text = " From here\n> quoted \n> more\nown \ntext"
    assert unflow(text) == "From here\n> quoted more\nown text"


def test_the_signature_separator_is_not_a_flowed_line() -> None:
    assert unflow("status alpha\n-- \nAlice") == "status alpha\n-- \nAlice"


def test_a_flowed_line_before_a_blank_line_keeps_the_blank_line() -> None:
    # A fleet or orders block ends at a blank line; a trailing space must not swallow it.
    assert unflow("orders 3: Gx3 \n\nThanks") == "orders 3: Gx3 \n\nThanks"


def test_an_original_message_separator_with_a_trailing_space_still_ends_the_reading() -> None:
    text = unflow("status alpha\n----- Original Message ----- \nFrom: Judge\nresign")
    assert command_lines(text) == "status alpha"


# -- inline PGP ----------------------------------------------------------------------------------

CLEARSIGNED = "\n".join(
    [
        "-----BEGIN PGP SIGNED MESSAGE-----",
        "Hash: SHA512",
        "",
        "game alpha amber-otter-tango",
        "- -----",
        "- -- ",  # the signature separator, dash-escaped
        "Alice",
        "-----BEGIN PGP SIGNATURE-----",
        "",
        "iQEzBAEBCgAdFiEE",
        "=abcd",
        "-----END PGP SIGNATURE-----",
    ]
)


def test_clearsigned_text_is_read_with_dash_escaping_undone() -> None:
    unwrapped = unarmour(CLEARSIGNED)
    assert not unwrapped.encrypted
    assert command_lines(unwrapped.text).strip() == "game alpha amber-otter-tango\n-----"


def test_an_encrypted_block_is_left_out_and_said() -> None:
    text = "status alpha\n-----BEGIN PGP MESSAGE-----\n\nhQEMA\n-----END PGP MESSAGE-----\nhelp"
    unwrapped = unarmour(text)
    assert unwrapped.encrypted and command_lines(unwrapped.text) == "status alpha\n\n\n\n\nhelp"


# -- quotes and signatures -----------------------------------------------------------------------


def test_commands_below_a_quote_are_read_bottom_posting() -> None:
    text = (
        "On Sun, Judge wrote:\n> Turn 3 opens.\n> resign alpha pw\n\ngame alpha pw\norders 3: Gx3"
    )
    assert command_lines(text).strip() == "game alpha pw\norders 3: Gx3"


def test_interleaved_replies_read_every_own_line_and_a_quote_ends_a_block() -> None:
    text = "> Your orders?\norders 3: Gx3\n> Anything else?\nThanks"
    assert command_lines(text) == "\norders 3: Gx3\n\nThanks"


def test_an_attribution_with_no_quote_under_it_ends_the_reading() -> None:
    text = "status alpha\nOn Sun, Judge wrote:\nresign alpha pw"
    assert command_lines(text) == "status alpha"


@pytest.mark.parametrize(
    "line", ["Von meinem iPhone gesendet", "Enviado desde mi iPhone", "Sent from my Galaxy"]
)
def test_sent_from_my_phone_lines_in_other_languages_are_left_out(line: str) -> None:
    assert command_lines(f"status alpha\n\n{line}") == "status alpha"


# -- HTML ----------------------------------------------------------------------------------------


def test_outlook_word_paragraphs_give_lines_and_empty_paragraphs_blank_lines() -> None:
    html = (
        "<div class=WordSection1><p class=MsoNormal>orders 3: Gx3<o:p></o:p></p>"
        "<p class=MsoNormal>Gx4<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p>"
        "<p class=MsoNormal>Regards<o:p></o:p></p></div>"
    )
    assert html_to_text(html).strip() == "orders 3: Gx3\nGx4\n\nRegards"


def test_a_blockquote_becomes_a_quote_line_so_commands_below_it_are_read() -> None:
    html = (
        '<div>On Sun, Judge wrote:<br></div><blockquote type="cite">resign alpha pw</blockquote>'
        "<div>status alpha</div>"
    )
    assert command_lines(html_to_text(html)).strip() == "status alpha"


def test_signatures_marked_in_html_are_left_out() -> None:
    html = (
        '<div>status alpha</div><div class="gmail_signature"><div>game alpha x</div></div>'
        '<div id="Signature"><p>resign</p></div>'
    )
    assert html_to_text(html).strip() == "status alpha"


# -- attachments and encryption ------------------------------------------------------------------


def _mail(body: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "alice@example.org"
    message.set_content(body)
    return message


def test_a_text_attachment_is_read_only_when_the_body_has_no_command() -> None:
    message = _mail("Hello, the orders are attached.\n")
    message.add_attachment(b"game alpha pw\norders 3: Gx3\n", "text", "plain", filename="o.txt")
    reading = choose_text(mail_parts(message), "orders", tagged=False)
    assert reading.text == "game alpha pw\norders 3: Gx3"
    assert "o.txt" in reading.notes[0]


def test_a_text_attachment_without_commands_is_named_as_not_read() -> None:
    message = _mail("Hello\n")
    message.add_attachment(b"my notes\n", "text", "plain", filename="notes.txt")
    reading = choose_text(mail_parts(message), "", tagged=False)
    assert reading.text == "Hello"
    assert reading.notes[0] == "Not read: the attachment notes.txt: it holds no command."
    assert "attached text files" in reading.notes[1]


def test_pgp_mime_signatures_are_no_ones_attachment() -> None:
    message = _mail("status alpha\n")
    message.add_attachment(b"sig", "application", "pgp-signature", filename="signature.asc")
    reading = choose_text(mail_parts(message), "", tagged=False)
    assert (reading.text, reading.notes) == ("status alpha", ())


def test_pgp_mime_encrypted_mail_is_said_to_be_unreadable() -> None:
    raw = (
        b"From: a@example.org\r\nContent-Type: multipart/encrypted; "
        b'protocol="application/pgp-encrypted"; boundary="b"\r\n\r\n--b\r\n'
        b"Content-Type: application/pgp-encrypted\r\n\r\nVersion: 1\r\n--b\r\n"
        b'Content-Type: application/octet-stream; name="encrypted.asc"\r\n\r\n'
        b"-----BEGIN PGP MESSAGE-----\r\nhQEMA\r\n-----END PGP MESSAGE-----\r\n--b--\r\n"
    )
    from pbem.mail.inbound import parse_message

    reading = choose_text(mail_parts(parse_message(raw)), "", tagged=False)
    assert reading.text == "" and len(reading.notes) == 1 and "encrypted" in reading.notes[0]


def test_the_subject_is_read_when_the_body_is_prose_unless_it_is_the_judges_own() -> None:
    parts = mail_parts(_mail("Hi, I would like to play.\n"))
    assert choose_text(parts, "join alpha", tagged=False).text == "join alpha"
    assert choose_text(parts, "Turn 6 results", tagged=True).text == "Hi, I would like to play."
    empty = mail_parts(_mail("\n"))
    assert choose_text(empty, "Turn 6 results", tagged=True).text == ""


def test_a_body_that_only_says_orders_attached_gives_way_to_the_attachment() -> None:
    # "Orders attached." starts with a keyword, but orders act only after a sign-on.
    message = _mail("Orders attached.\n")
    message.add_attachment(b"game alpha pw\norders 3: Gx3\n", "text", "plain", filename="o.txt")
    reading = choose_text(mail_parts(message), "", tagged=False)
    assert reading.text == "game alpha pw\norders 3: Gx3" and "o.txt" in reading.notes[0]
