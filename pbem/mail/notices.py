"""The judge's own short mails about a message it did not carry out: too large, over the
hourly limit, not processed yet. Each goes to the message's sender, in reply to it."""

from __future__ import annotations

from pbem.mail.inbound import Envelope
from pbem.messages import Outbound


def own(envelope: Envelope, subject: str, body: str) -> Outbound:
    return Outbound(
        to=(envelope.sender,), subject=subject, body=body, in_reply_to=envelope.message_id
    )


def too_large(envelope: Envelope, size: int, limit: int) -> Outbound:
    return own(
        envelope,
        "Message refused: too large",
        f"Your message was {size} bytes; the judge accepts messages of at most {limit} bytes "
        "and did not read it.\n\n"
        "Send your commands as plain text in the body, without attachments or pictures.\n",
    )


def slow_down(envelope: Envelope, per_hour: int) -> Outbound:
    return own(
        envelope,
        "Slow down: messages held",
        f"You have sent more than {per_hour} messages to the judge in the last hour (besides "
        "the moves it accepted: a fleet, a design, new orders never count), so this message "
        "was not read. Messages you send while over that limit are kept but not read, not "
        "even later (the judge's keeper may still have them processed): wait a while, then "
        "send it again.\nThis is the only warning you get this hour.\n",
    )


def not_processed(envelope: Envelope) -> Outbound:
    subject = envelope.subject or "(no subject)"
    return own(
        envelope,
        f"Not processed yet: {subject}",
        f'The judge could not process your message "{subject}": it is kept and will be '
        "processed again once the fault is mended; nothing of it was carried out yet.\n",
    )
