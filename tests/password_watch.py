"""A watch over every message the judge produces in the test suite: no password may appear in
any of them except the one message that issues it (the reply to `join` or `create`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from pbem.messages import Outbound

# How the judge issues a password: "Your password for alpha: amber-otter-tango", "Your master
# password: ...". A message that says this may hold that password, and only that one.
ISSUED = re.compile(r"password(?: for \S+)?:\s+([A-Za-z]+(?:-[A-Za-z]+)+)")


def pattern(password: str) -> re.Pattern[str]:
    """The password as a player may write it: any case, hyphens, spaces, underscores or
    nothing between its words."""
    words = [re.escape(w) for w in password.lower().split("-")]
    return re.compile(r"(?<![A-Za-z])" + r"[\s_-]*".join(words) + r"(?![A-Za-z])", re.I)


def texts(message: Outbound) -> Iterable[str]:
    yield message.subject
    yield message.body
    for attachment in message.attachments:
        yield attachment.data.decode("utf-8", "replace")


@dataclass
class PasswordWatch:
    issued: dict[str, re.Pattern[str]] = field(default_factory=dict)
    leaks: list[str] = field(default_factory=list)

    def reset(self) -> None:
        self.issued.clear()
        self.leaks.clear()

    def see(self, messages: Iterable[Outbound]) -> None:
        for message in messages:
            own = {found for text in texts(message) for found in ISSUED.findall(text)}
            for password, found in self.issued.items():
                if password in own:
                    continue
                for text in texts(message):
                    if found.search(text):
                        self.leaks.append(
                            f"password {password} in a message to {', '.join(message.to)} "
                            f"({message.subject!r}):\n{text}"
                        )
            for password in own:
                self.issued[password] = pattern(password)
