"""Players who mail the judge through real SMTP, for the whole-game mail tests: each `send`
returns the mails the relay sink received because of it."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

JUDGE = "judge@club.example"


class SmtpPlayers:
    def __init__(self, host: str, port: int, sink: Any, store: Any = None) -> None:
        self.host, self.port, self.sink, self.store = host, port, sink, store
        self.seen = 0

    def send(self, sender: str, body: str, subject: str = "commands") -> list[EmailMessage]:
        mail = EmailMessage()
        mail["From"] = sender
        mail["To"] = JUDGE
        mail["Subject"] = subject
        mail["Message-ID"] = make_msgid(domain="example.org")
        mail.set_content(body)
        with smtplib.SMTP(self.host, self.port, timeout=30) as client:
            client.send_message(mail)
        new = self.sink.messages[self.seen :]
        self.seen = len(self.sink.messages)
        return new


def text_of(mail: EmailMessage) -> str:
    """A mail's plain text ("" for none)."""
    body = mail.get_body(("plain",))
    return body.get_content() if body is not None else ""
