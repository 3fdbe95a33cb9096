"""Raw mail as common clients write it, byte for byte in the parts that matter: headers, MIME
structure, transfer encoding, line wrapping, quoting, signatures, attachments."""

from __future__ import annotations

import base64
import quopri
import textwrap
import uuid


def _head(sender: str, subject: str, extra: str = "", message_id: str = "") -> str:
    message_id = message_id or f"<{uuid.uuid4().hex}@client.example>"
    return (
        f"From: {sender}\r\nTo: judge@club.example\r\nSubject: {subject}\r\n"
        f"Date: Sun, 22 Nov 2026 12:00:00 +0000\r\nMessage-ID: {message_id}\r\n"
        f"MIME-Version: 1.0\r\n{extra}"
    )


def crlf(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


def flowed(text: str, width: int = 72, delsp: bool = False) -> str:
    """A text as RFC 3676 writes it: each long line wrapped at spaces with a trailing space
    left at each soft break (with delsp=yes, one more space that the reader deletes), lines
    starting with a space or `From ` space-stuffed; quoted lines are kept as they are."""
    out = []
    for line in text.split("\n"):
        if line.startswith(">") or len(line) <= width:
            out.append(" " + line if line.startswith((" ", "From ")) else line)
            continue
        pieces = textwrap.wrap(line, width - 1, break_long_words=False, drop_whitespace=True)
        for piece in pieces[:-1]:
            out.append(piece + ("  " if delsp else " "))
        out.append(pieces[-1])
    return "\n".join(out)


def thunderbird_flowed(sender: str, subject: str, body: str, message_id: str = "") -> bytes:
    """Thunderbird's default: text/plain, format=flowed, 8bit UTF-8, lines wrapped at 72."""
    head = _head(
        sender,
        subject,
        "User-Agent: Mozilla Thunderbird\r\nContent-Language: en-GB\r\n"
        "Content-Type: text/plain; charset=UTF-8; format=flowed\r\n"
        "Content-Transfer-Encoding: 8bit\r\n",
        message_id,
    )
    return (head + "\r\n" + crlf(flowed(body))).encode()


def apple_mail_delsp(sender: str, subject: str, body: str) -> bytes:
    """Apple Mail's plain text: format=flowed; delsp=yes, 7bit or quoted-printable."""
    head = _head(
        sender,
        subject,
        "X-Mailer: Apple Mail (2.3774.200.91.1.1)\r\n"
        "Content-Type: text/plain;\r\n\tcharset=us-ascii;\r\n\tdelsp=yes;\r\n\tformat=flowed\r\n"
        "Content-Transfer-Encoding: 7bit\r\n",
    )
    return (head + "\r\n" + crlf(flowed(body, width=76, delsp=True))).encode()


def apple_mail_inline_image(sender: str, subject: str, before: str, after: str) -> bytes:
    """Apple Mail (plain text) with a picture pasted into the text: a multipart/mixed of the
    text before it, the picture inline with a file name (and no Content-ID), and the text
    after it; each header folded with tabs, Content-Transfer-Encoding first, as Apple writes."""
    boundary = "Apple-Mail=_3C6F9E2A-5B1D-4E8F-9A27-71D0C4B5E612"
    png = base64.encodebytes(
        bytes.fromhex(
            "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
            "1f15c4890000000d49444154789c6360f8cf00000301010018dd8db00000000049454e44ae426082"
        )
    ).decode()
    text_head = "Content-Transfer-Encoding: 7bit\nContent-Type: text/plain;\n\tcharset=us-ascii\n\n"
    parts = (
        f"\n--{boundary}\n{text_head}{before}\n"
        f"--{boundary}\nContent-Disposition: inline;\n\tfilename=Screenshot.png\n"
        'Content-Type: image/png;\n\tx-unix-mode=0644;\n\tname="Screenshot.png"\n'
        f"Content-Transfer-Encoding: base64\n\n{png}\n"
        f"--{boundary}\n{text_head}{after}\n--{boundary}--\n"
    )
    head = _head(
        sender,
        subject,
        f'Content-Type: multipart/mixed;\r\n\tboundary="{boundary}"\r\n'
        "X-Mailer: Apple Mail (2.3774.200.91.1.1)\r\n",
    )
    return (head + "\r\n" + crlf(parts)).encode()


def notepad_bom(sender: str, subject: str, body: str) -> bytes:
    """A text saved by a Windows editor (with its UTF-8 byte order mark) and mailed as is,
    base64 encoded, as `mail`-style senders and some Windows clients do."""
    data = base64.encodebytes(("\ufeff" + crlf(body)).encode()).decode()
    head = _head(
        sender,
        subject,
        'Content-Type: text/plain; charset="utf-8"\r\nContent-Transfer-Encoding: base64\r\n',
    )
    return (head + "\r\n" + crlf(data)).encode()


def clearsigned(sender: str, subject: str, signed: str, user_agent: str = "Mutt/2.2.12") -> bytes:
    """Inline PGP (a cleartext signature, RFC 4880 7), as mutt or Enigmail's inline mode send
    it: lines starting with `-` dash-escaped, the armour and the signature block around."""
    escaped = "\n".join(
        "- " + line if line.startswith("-") else line for line in signed.split("\n")
    )
    armoured = (
        "-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n"
        f"{escaped}\n"
        "-----BEGIN PGP SIGNATURE-----\nComment: game alpha acorn-amber-anchor\n\n"
        "iQEzBAEBCAAdFiEEYpYbX0WvXq0vYAcRQyq9mV1W8q0FAmVcxh0ACgkQQyq9mV1W\n"
        "8q2KcQf/ZJ1ks3v2bmXkz8n9V1s0+lh6o7S9pXf3Hk2l9hYk7bqR3e4GqEwX1jYs\n"
        "=Xk4L\n-----END PGP SIGNATURE-----\n"
    )
    head = _head(
        sender,
        subject,
        f"User-Agent: {user_agent}\r\n"
        "Content-Type: text/plain; charset=us-ascii\r\nContent-Disposition: inline\r\n",
    )
    return (head + "\r\n" + crlf(armoured)).encode()


def outlook_word_html(sender: str, subject: str, paragraphs: list[str], quoted: str = "") -> bytes:
    """Outlook for Windows, HTML only: Word HTML, a `<p class=MsoNormal>` per line, an empty
    `&nbsp;` paragraph for a blank line, quoted-printable; a reply puts the earlier message
    under a `From:/Sent:` block in a bordered div, unquoted."""
    body = "".join(
        f"<p class=MsoNormal>{p}<o:p></o:p></p>\n"
        if p
        else "<p class=MsoNormal><o:p>&nbsp;</o:p></p>\n"
        for p in paragraphs
    )
    if quoted:
        body += (
            "<div style='border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm'>"
            "<p class=MsoNormal><b><span lang=EN-US>From:</span></b><span lang=EN-US> "
            "Spaceships judge &lt;judge@club.example&gt; <br><b>Sent:</b> Sunday, 22 November "
            "2026 11:00<br><b>To:</b> Alice<br><b>Subject:</b> [spaceships alpha] Turn 1"
            "<o:p></o:p></span></p></div>\n"
            + "".join(f"<p class=MsoNormal>{line}<o:p></o:p></p>\n" for line in quoted.split("\n"))
        )
    html = (
        '<html xmlns:v="urn:schemas-microsoft-com:vml" '
        'xmlns:o="urn:schemas-microsoft-com:office:office" '
        'xmlns:w="urn:schemas-microsoft-com:office:word" '
        'xmlns="http://www.w3.org/TR/REC-html40"><head>'
        '<meta http-equiv=Content-Type content="text/html; charset=us-ascii">'
        '<meta name=Generator content="Microsoft Word 15 (filtered medium)">'
        "<style><!--\n/* Style Definitions */\np.MsoNormal, li.MsoNormal, div.MsoNormal\n"
        '\t{margin:0cm;\n\tfont-size:11.0pt;\n\tfont-family:"Calibri",sans-serif;}\n--></style>'
        '<!--[if gte mso 9]><xml>\n<o:shapedefaults v:ext="edit" spidmax="1026" />\n'
        "</xml><![endif]--></head>"
        '<body lang=EN-GB link="#0563C1" vlink="#954F72" style=\'word-wrap:break-word\'>'
        f"<div class=WordSection1>\n{body}</div></body></html>"
    )
    encoded = quopri.encodestring(crlf(html).encode()).decode()
    head = _head(
        sender,
        subject,
        "X-Mailer: Microsoft Outlook 16.0\r\nThread-Index: AQHZ1234abcd\r\n"
        "Content-Language: en-gb\r\n"
        'Content-Type: text/html;\r\n\tcharset="us-ascii"\r\n'
        "Content-Transfer-Encoding: quoted-printable\r\n",
    )
    return (head + "\r\n" + encoded).encode()


def mutt_bottom_post(sender: str, subject: str, quoted: str, own: str, in_reply_to: str) -> bytes:
    """mutt (and Gnus, and list users): the attribution, the quote, then the reply below it."""
    quote = "\n".join("> " + line if line else ">" for line in quoted.split("\n"))
    body = f"On Sun, Nov 22, 2026 at 11:00:00AM +0000, Spaceships judge wrote:\n{quote}\n\n{own}\n"
    head = _head(
        sender,
        subject,
        f"In-Reply-To: {in_reply_to}\r\nReferences: {in_reply_to}\r\n"
        "User-Agent: Mutt/2.2.12 (2023-09-09)\r\n"
        "Content-Type: text/plain; charset=us-ascii\r\nContent-Disposition: inline\r\n",
    )
    return (head + "\r\n" + crlf(body)).encode()


def gmail_reply(sender: str, subject: str, own: str, quoted: str, in_reply_to: str) -> bytes:
    """Gmail's reply: multipart/alternative, the reply on top, the quote under an attribution
    wrapped as Gmail wraps it; HTML with the quote in a gmail_quote blockquote."""
    attribution = "On Sun, 22 Nov 2026 at 11:00, Spaceships judge <judge@club.example>\nwrote:"
    quote = "\n".join("> " + line if line else ">" for line in quoted.split("\n"))
    plain = f"{own}\n\n{attribution}\n\n{quote}\n" if own else f"\n{attribution}\n\n{quote}\n"
    own_html = "".join(
        f"<div>{line}</div>" if line else "<div><br></div>" for line in own.split("\n")
    )
    html = (
        f'<div dir="ltr">{own_html}</div><br><div class="gmail_quote"><div dir="ltr" '
        'class="gmail_attr">On Sun, 22 Nov 2026 at 11:00, Spaceships judge &lt;<a href="mailto:'
        'judge@club.example">judge@club.example</a>&gt; wrote:<br></div><blockquote '
        'class="gmail_quote" style="margin:0px 0px 0px 0.8ex">'
        + quoted.replace("\n", "<br>")
        + "</blockquote></div>"
    )
    boundary = "000000000000a1b2c3d4e5f6"
    body = (
        f'--{boundary}\nContent-Type: text/plain; charset="UTF-8"\n\n{plain}\n'
        f'--{boundary}\nContent-Type: text/html; charset="UTF-8"\n\n{html}\n--{boundary}--\n'
    )
    head = _head(
        sender,
        subject,
        f"In-Reply-To: {in_reply_to}\r\nReferences: {in_reply_to}\r\n"
        f'Content-Type: multipart/alternative; boundary="{boundary}"\r\n',
    )
    return (head + "\r\n" + crlf(body)).encode()


def with_attachment(
    sender: str,
    subject: str,
    body: str,
    filename: str,
    data: bytes,
    content_type: str = "text/plain; charset=UTF-8",
    disposition: str = "attachment",
    user_agent: str = "Mozilla Thunderbird",
) -> bytes:
    """A text body and one attached file, base64 encoded, as Thunderbird attaches (Apple Mail
    attaches text files `inline` with a filename)."""
    boundary = "------------Ab12Cd34Ef56Gh78"
    encoded = base64.encodebytes(data).decode()
    parts = (
        f"This is a multi-part message in MIME format.\n--{boundary}\n"
        "Content-Type: text/plain; charset=UTF-8; format=flowed\n"
        f"Content-Transfer-Encoding: 7bit\n\n{flowed(body)}\n\n"
        f'--{boundary}\nContent-Type: {content_type}; name="{filename}"\n'
        f'Content-Disposition: {disposition}; filename="{filename}"\n'
        f"Content-Transfer-Encoding: base64\n\n{encoded}\n--{boundary}--\n"
    )
    head = _head(
        sender,
        subject,
        f'User-Agent: {user_agent}\r\nContent-Type: multipart/mixed; boundary="{boundary}"\r\n',
    )
    return (head + "\r\n" + crlf(parts)).encode()


def plain(sender: str, subject: str, body: str, extra: str = "") -> bytes:
    """A plain text mail, 8bit UTF-8, not flowed (K-9 Mail, many phone clients, scripts)."""
    head = _head(
        sender,
        subject,
        extra + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n",
    )
    return (head + "\r\n" + crlf(body)).encode()
