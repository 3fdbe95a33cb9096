"""Per-sender rate limit over the inbound archive (a sender: a From with the envelope sender it
came with, so a forged From spends the forger's budget): at most N messages an hour are processed;
the next N are kept (status `limited`) and the sender is warned once per hour; beyond those the
judge keeps nothing more from that address this hour (`OverBudget`: the sending server is told
to try again later and holds the mail), so a flood from one address fills no disk."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum

from pbem.mail.archive import Archive

WINDOW = timedelta(hours=1)


class Verdict(Enum):
    ALLOW = "allow"
    LIMIT_AND_WARN = "limit-and-warn"  # first message over the limit this hour
    LIMIT = "limit"  # already warned this hour: hold silently


class OverBudget(ValueError):
    """The sender has made the judge keep all it keeps of one address in an hour: this
    message is not kept (serve: SMTP 451, receive: exit 75, poll: left unread)."""

    def __init__(self, sender: str, kept: int) -> None:
        super().__init__(
            f"{sender or 'a sender without a From address'} has sent {kept} messages in the "
            "last hour, all the judge keeps from one address; try again later"
        )
        self.sender, self.kept = sender, kept


@dataclass(frozen=True, slots=True)
class RateLimit:
    per_hour: int  # 0 or less: no limit

    @property
    def keeps(self) -> int:
        """How many messages of one address the judge keeps in an hour (moves a game accepted
        aside): `per_hour` processed, as many again held; 0: no bound (no limit)."""
        return 2 * self.per_hour if self.per_hour > 0 else 0

    def check_budget(self, sender: str, kept: int) -> None:
        """Raise OverBudget when the sender's `kept` messages this hour reach `keeps`."""
        if self.keeps and kept >= self.keeps:
            raise OverBudget(sender, kept)

    def check(
        self,
        archive: Archive,
        sender: str,
        now: datetime,
        earlier: int | None = None,
        envelope: str | None = None,
    ) -> Verdict:
        """Called after the message itself was stored (hence the one excluded from the count);
        `earlier`: what the sender sent in the window before it, when counted already;
        `envelope`: the envelope sender whose mail of this From is counted (None: all)."""
        if self.per_hour <= 0:
            return Verdict.ALLOW
        since = now - WINDOW
        # Count what the sender sent in the window before this message; duplicates and
        # auto-replies don't count against a player.
        if earlier is None:
            earlier = archive.count_since(sender, since, envelope=envelope) - 1
        if earlier < self.per_hour:
            return Verdict.ALLOW
        if archive.count_since(sender, since, status="limited", envelope=envelope) == 0:
            return Verdict.LIMIT_AND_WARN
        return Verdict.LIMIT
