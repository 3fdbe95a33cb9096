"""What crosses between a front end (email, Discord) and the judge's core: plain values.

The core never sees an email or a Discord object: a front end turns what arrived into an
Inbound, hands it to the judge, and delivers the Outbound values it gets back its own way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from pbem.sights import Sight


@dataclass(frozen=True, slots=True)
class Attachment:
    filename: str
    content_type: str  # e.g. "text/plain; charset=utf-8", "image/png"
    data: bytes


@dataclass(frozen=True, slots=True)
class Inbound:
    """One submission to the judge, already reduced to its command text.

    `sender` is the reply address as the front end knows it ("alice@example.org" for mail,
    "discord:123456" for Discord); it is how the judge recognises a player.
    """

    sender: str
    text: str  # the command lines: quotes, signatures and markup already removed
    subject: str = ""
    sender_name: str = ""
    message_id: str = ""  # the front end's id of the message, for threading replies
    received_at: datetime | None = None
    # The front end has proved who `sender` is (a Discord account): the judge needs no
    # password from them for the games they play or created that way. Mail never sets it.
    authenticated: bool = False
    # The game the submission is about when the front end knows it (a game's thread): an
    # authenticated sender is signed on to it as its player and/or game master.
    game: str | None = None
    # What the front end has to tell the sender about how it read the message (an attachment
    # read or not, encrypted text it cannot read, ...): the reply says it first.
    notes: tuple[str, ...] = ()
    # Whether the core may read the subject as commands when the text has none; False when the
    # front end has already decided (a reply to the judge's own mail carries its subject).
    read_subject: bool = True
    # The number of the text's first line as the sender counts: 0 when the front end put a
    # command line of its own (`design`) before what the sender typed or attached.
    first_line: int = 1
    # How many characters of the text's first line the front end wrote before what the sender
    # typed (`orders 3: ` ahead of a form's moves): an answer's columns and quoted line are
    # counted in the sender's own text, not in the line the front end made of it.
    written_before: int = 0
    # The one command the text is (its keyword), when a front end built it from one form or
    # option (a Discord fleet, design, orders or setting): read as exactly that command, never
    # as a script, so nothing the sender typed after it runs as a second command [issue 27].
    # None: the text is the sender's own commands, one a line (mail).
    command: str | None = None
    # The seat ("A", "B") or "master" of `game` whose password the front end has checked
    # (the web's signed session, issue 35): the sender is signed on to it as a mail sender
    # would be by `game NAME PASSWORD`, without the password. Mail never sets it.
    signed_in: str | None = None


@dataclass(frozen=True, slots=True)
class Outbound:
    """One message the judge sends. `game` names the game it belongs to (None for a reply
    outside any game), so a front end can thread or route it."""

    to: tuple[str, ...]
    subject: str
    body: str
    game: str | None = None
    in_reply_to: str | None = None
    attachments: tuple[Attachment, ...] = field(default=())
    # What the message is, for a front end that shows each kind its own way: "reply" (the
    # answer to a submission), "begin", "turn" (a turn's results), "over", "reminder",
    # "late" (a deadline passed), "settings" (the game master changed them), "next" (the next
    # game of a match opens: to a player, what they carried and may build), "notice" (anything
    # else); and the turn it concerns.
    kind: str = "notice"
    turn: int | None = None
    # The tournament a message is about (its "tournament" notices: a round begins, it is
    # over; "tournament-game": a round's game made for a player), so a front end can post
    # them where the tournament is followed (Discord: its channel, once).
    tournament: str | None = None
    # The pictures the message stands for (pbem.kinds.shown), set by its game's `decorate` and
    # drawn only when a front end asks; the mail composer does not draw them yet.
    sights: tuple[Sight, ...] = ()
