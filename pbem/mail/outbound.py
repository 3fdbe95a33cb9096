"""Outbound -> RFC 5322 mail: From the judge, one message per recipient, threaded per game.

Each game is one thread in a mail client: the first message the judge sends about a game
becomes the game's root, and every later message about it names that root in References.
A reply to a player's message also carries In-Reply-To that message.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from email.charset import QP, Charset
from email.encoders import encode_base64
from email.header import Header
from email.message import Message
from email.mime.base import MIMEBase
from email.mime.multipart import MIMEMultipart
from email.mime.text import MIMEText
from email.utils import format_datetime, make_msgid

from pbem import product
from pbem.messages import Attachment, Outbound
from pbem.sights import Picture
from pbem.storage.database import Database

# The pictures of a message for one reader (pbem.mail.pictures.MailPictures): none, or PNGs.
Pictures = Callable[[Outbound, str], tuple[Picture, ...]]

SUBJECT_TAG = product.TAG


def _angle(message_id: str) -> str:
    message_id = message_id.strip()
    if not message_id:
        return message_id
    return message_id if message_id.startswith("<") else f"<{message_id.strip('<>')}>"


class ThreadIndex:
    """The root Message-ID of each game's thread, kept in the judge's database (the table
    `mail_threads`, made by the store's migrations)."""

    def __init__(self, connection: Database) -> None:
        self.connection = connection
        # A game's root, once committed, never changes (the row is written once and never
        # updated or deleted): remembered, it costs no statement per reply after the first.
        self._roots: dict[str, str] = {}

    def root(self, game: str) -> str | None:
        known = self._roots.get(game)
        if known is not None:
            return known
        row = self.connection.execute(
            "SELECT root_id FROM mail_threads WHERE game = ?", (game,)
        ).fetchone()
        if row is None:
            return None
        root = row[0]
        # Read inside a transaction it may be this transaction's own, not yet committed.
        self.connection.after_commit(lambda: self._roots.__setitem__(game, root))
        return root

    def set_root(self, game: str, root_id: str, now: datetime) -> None:
        self.connection.execute(
            "INSERT INTO mail_threads (game, root_id, created_at) VALUES (?, ?, ?) "
            "ON CONFLICT DO NOTHING",
            (game, root_id, now.isoformat()),
        )


def game_subject(out: Outbound) -> str:
    """`[spaceships alpha] Turn 3 results`; `[spaceships] ...` outside any game. A reply keeps
    its `Re:` in front, as mail clients write it; the core's own "Spaceships alpha:" prefix
    gives way to the tag."""
    tag = f"[{SUBJECT_TAG} {out.game}]" if out.game else f"[{SUBJECT_TAG}]"
    subject = " ".join(out.subject.split())
    reply = ""
    if subject[:3].lower() == "re:":
        reply, subject = "Re: ", subject[3:].lstrip()
    if subject.lower().startswith(tag.lower()):
        subject = subject[len(tag) :].lstrip()
    if out.game:
        own = re.match(rf"{SUBJECT_TAG} {re.escape(out.game)}\s*:\s*", subject, re.IGNORECASE)
        if own:
            subject = subject[own.end() :]
            subject = subject[:1].upper() + subject[1:]
    return f"{reply}{tag} {subject}".rstrip()


# Composed with the compat32 MIME classes: the same RFC 5322 bytes as EmailMessage, at a
# fraction of the cost (policy.default parses every header it is given, and the judge's
# replies are the hot path of the listener).
_UTF8 = Charset("utf-8")
_UTF8.body_encoding = QP  # quoted-printable keeps the grids readable in the raw mail
_UTF8_ASCII = Charset("utf-8")
_UTF8_ASCII.body_encoding = None  # plain ASCII text goes as it is (7bit)


def _text(text: str, subtype: str = "plain") -> MIMEText:
    plain = text.isascii() and max(map(len, text.splitlines()), default=0) < 900
    return MIMEText(text, subtype, _UTF8_ASCII if plain else _UTF8)  # type: ignore[arg-type]


def _attachment(attachment: Attachment) -> Message:
    content_type = attachment.content_type.split(";")[0].strip().lower()
    maintype, _, subtype = (content_type or "application/octet-stream").partition("/")
    part: Message
    if maintype == "text":
        charset = "utf-8"
        for param in attachment.content_type.split(";")[1:]:
            key, _, value = param.partition("=")
            if key.strip().lower() == "charset" and value.strip():
                charset = value.strip().strip('"')
        part = _text(attachment.data.decode(charset, errors="replace"), subtype or "plain")
    else:
        part = MIMEBase(maintype or "application", subtype or "octet-stream")
        part.set_payload(attachment.data)
        encode_base64(part)
    part.add_header("Content-Disposition", "attachment", filename=attachment.filename)
    return part


def _picture(picture: Picture) -> Message:
    """A picture as a part of its own after the text: named as Discord names its file, and
    described by its title for mail clients that list parts rather than show them."""
    part = MIMEBase("image", "png")
    part.set_payload(picture.png)
    encode_base64(part)
    part.add_header("Content-Disposition", "inline", filename=picture.filename)
    part["Content-Description"] = _header(picture.title)  # type: ignore[assignment]
    return part


def _header(value: str) -> str | Header:
    return value if value.isascii() else Header(value, "utf-8")


class Composer:
    """Turns the judge's Outbound values into mail."""

    def __init__(
        self,
        judge_address: str,
        threads: ThreadIndex | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.judge_address = judge_address
        self.domain = judge_address.rpartition("@")[2] or "localhost"
        self.threads = threads
        self.clock = clock

    def compose(
        self, out: Outbound, answering: str | None = None, pictures: Pictures | None = None
    ) -> list[Message]:
        """One message per recipient, so no player ever sees who else was written to.
        `answering` is the sender of the message being answered: only that recipient's copy
        says In-Reply-To it (the others never saw that message). `pictures` gives each
        recipient's pictures of the message (None: none for anyone, as before issue 21)."""
        now = self.clock()
        messages = []
        for recipient in dict.fromkeys(out.to):  # once each, in order
            messages.append(self._one(out, recipient, answering, now, pictures))
        return messages

    def _one(
        self,
        out: Outbound,
        recipient: str,
        answering: str | None,
        now: datetime,
        pictures: Pictures | None = None,
    ) -> Message:
        body = out.body if out.body.endswith("\n") else out.body + "\n"
        message: Message = _text(body)
        drawn = pictures(out, recipient) if pictures is not None else ()
        if out.attachments or drawn:
            # The text whole and first; the pictures next, as Discord shows them with the
            # text; the files (a record, a replay) last.
            text, message = message, MIMEMultipart()
            message.attach(text)
            for picture in drawn:
                message.attach(_picture(picture))
            for attachment in out.attachments:
                message.attach(_attachment(attachment))
        message_id = make_msgid(domain=self.domain)
        message["From"] = self.judge_address
        message["To"] = recipient
        message["Subject"] = _header(game_subject(out))  # type: ignore[assignment]
        message["Date"] = format_datetime(now if now.tzinfo else now.replace(tzinfo=UTC))
        message["Message-ID"] = message_id

        root = None
        if out.game is not None and self.threads is not None:
            root = self.threads.root(out.game)
            if root is None:
                self.threads.set_root(out.game, message_id, now)
        replied = _angle(out.in_reply_to) if out.in_reply_to else ""
        if replied and answering is not None and recipient.lower() != answering.lower():
            replied = ""
        references = [ref for ref in (root, replied) if ref]
        if replied or root:
            message["In-Reply-To"] = replied or root
        if references:
            message["References"] = " ".join(dict.fromkeys(references))

        # RFC 3834: a direct answer is auto-replied, anything else (deadlines, results
        # triggered by the opponent) auto-generated; either way no one should answer it.
        message["Auto-Submitted"] = "auto-replied" if replied else "auto-generated"
        message["X-Auto-Response-Suppress"] = "All"
        message["X-Spaceships-Judge"] = out.game or "-"
        return message
