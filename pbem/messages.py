"""What crosses between a front end (email, Discord) and the judge's core: plain values.

The core never sees an email or a Discord object: a front end turns what arrived into an
Inbound, hands it to the judge, and delivers the Outbound values it gets back its own way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


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
