"""Per-sender rate limit over the inbound archive: at most N messages an hour are processed;
the rest are kept (status `limited`) and the sender is warned once per hour."""

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


@dataclass(frozen=True, slots=True)
class RateLimit:
    per_hour: int  # 0 or less: no limit

    def check(
        self, archive: Archive, sender: str, now: datetime, earlier: int | None = None
    ) -> Verdict:
        """Called after the message itself was stored (hence the one excluded from the count);
        `earlier`: what the sender sent in the window before it, when counted already."""
        if self.per_hour <= 0:
            return Verdict.ALLOW
        since = now - WINDOW
        # Count what the sender sent in the window before this message; duplicates and
        # auto-replies don't count against a player.
        if earlier is None:
            earlier = archive.count_since(sender, since) - 1
        if earlier < self.per_hour:
            return Verdict.ALLOW
        if archive.count_since(sender, since, status="limited") == 0:
            return Verdict.LIMIT_AND_WARN
        return Verdict.LIMIT
