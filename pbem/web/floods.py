"""What one client or one seat may make the club server hold or do (issue 42, items 2 and 3):
a form's text and a request's body, the forms a seat sends, the live streams open per client
address and in all, and one log line a second for connections the server cannot take.

Before, a form took up to 1 MiB and was judged on the thread every page read waited for (a
1 MB orders text held the list 5 to 17 s), a seat could send forms without end, and one client
opening 1,100 streams took every file descriptor (another visitor's list timed out, and the log
grew by thousands of "Too many open files" lines)."""

from __future__ import annotations

import errno
import logging
import resource
import time
from collections import deque
from collections.abc import Callable
from typing import Any

log = logging.getLogger("web")

# A form's text, in bytes: a fleet, a battle's designs or a turn's orders are a few hundred.
MAX_TEXT = 8 * 1024
# A request's body: the text percent-encoded (three bytes a byte at worst) and the form's other
# fields. aiohttp refuses a larger one (413) before it is read.
MAX_BODY = 32 * 1024
# The forms a seat sends (its sessions together, so signing in again gives no fresh budget):
# FORMS_A_MINUTE whatever they are, and, as mail answers an address's refused messages
# (pbem.mail.ratelimit: 30 an hour, moves a game accepted aside), REFUSED_AN_HOUR refused ones.
FORMS_A_MINUTE = 10
REFUSED_AN_HOUR = 30
# Live streams open at once: from one client address, and in all (STREAMS_MOST, or a quarter of
# the process's limit on open files when that is lower: the rest is for pages and the store).
STREAMS_PER_CLIENT = 16
STREAMS_MOST = 1000
RETRY_AFTER = 30  # seconds, in a refused stream's Retry-After: live.js's EventSource retries
# The errors of accept() that say the process (or the system) has no descriptor left.
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


def too_long(text: str) -> str | None:
    """The one line refusing a form's text over MAX_TEXT, or None."""
    size = len(text.encode("utf-8"))
    if size <= MAX_TEXT:
        return None
    return (
        f"Not sent: the text holds {size:,} bytes, and a form holds at most "
        f"{MAX_TEXT // 1024} KiB ({MAX_TEXT:,} bytes), more than any turn needs; nothing changed."
    )


def _within(times: deque[float], now: float, window: float) -> deque[float]:
    while times and now - times[0] >= window:
        times.popleft()
    return times


class FormBudget:
    """The forms each seat may send: FORMS_A_MINUTE within a minute, and REFUSED_AN_HOUR
    refused by the judge within an hour. Beyond either a form is answered unjudged."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.sent: dict[Any, deque[float]] = {}
        self.refused: dict[Any, deque[float]] = {}

    def wait(self, seat: Any) -> tuple[float, str]:
        """(0, "") and the form counted, or the seconds the seat must wait and the line that
        says why."""
        now = self.clock()
        refused = _within(self.refused.setdefault(seat, deque()), now, 3600.0)
        if len(refused) >= REFUSED_AN_HOUR:
            wait = 3600.0 - (now - refused[0])
            return wait, (
                f"Not sent: the judge refused {len(refused)} forms of this seat in the last "
                f"hour, as many as it reads from one seat (as by mail); nothing was sent to the "
                f"judge. Try again in {_minutes(wait)}, or send the command by mail."
            )
        sent = _within(self.sent.setdefault(seat, deque()), now, 60.0)
        if len(sent) >= FORMS_A_MINUTE:
            wait = 60.0 - (now - sent[0])
            return wait, (
                f"Not sent: this seat sent {len(sent)} forms in the last minute, as many as "
                f"the judge reads from one seat; nothing was sent to the judge. Try again in "
                f"{int(wait) + 1} seconds."
            )
        sent.append(now)
        if len(self.sent) > 10000:  # forget seats that went quiet
            self._forget()
        return 0.0, ""

    def refusal(self, seat: Any) -> None:
        """The judge refused a form of the seat's: it counts toward the hour's budget."""
        self.refused.setdefault(seat, deque()).append(self.clock())

    def _forget(self) -> None:
        now = self.clock()
        for kept, window in ((self.sent, 60.0), (self.refused, 3600.0)):
            for key in [k for k, v in kept.items() if not _within(v, now, window)]:
                del kept[key]


def _minutes(seconds: float) -> str:
    minutes = int(seconds // 60) + 1
    return f"{minutes} minute" + ("s" if minutes > 1 else "")


def streams_in_all() -> int:
    """How many live streams the process holds at once: STREAMS_MOST, or a quarter of its
    limit on open files when that is lower (256 under systemd's default soft limit of 1,024)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return STREAMS_MOST
    return max(16, min(STREAMS_MOST, soft // 4))


class Streams:
    """The live streams open now, by client address: a new one is refused beyond
    `per_client` from its client or `in_all` in all."""

    def __init__(self, per_client: int = STREAMS_PER_CLIENT, in_all: int | None = None) -> None:
        self.per_client = per_client
        self.in_all = streams_in_all() if in_all is None else in_all
        self.open: dict[str, int] = {}
        self.total = 0

    def take(self, client: str) -> str:
        """ "" and the stream counted, or why not (for the 503's page and the log)."""
        if self.total >= self.in_all:
            return f"the server holds {self.total} live streams, as many as it keeps open"
        if self.open.get(client, 0) >= self.per_client:
            return f"{self.per_client} live streams are open from your address already"
        self.open[client] = self.open.get(client, 0) + 1
        self.total += 1
        return ""

    def give_back(self, client: str) -> None:
        self.total -= 1
        left = self.open.get(client, 1) - 1
        if left > 0:
            self.open[client] = left
        else:
            self.open.pop(client, None)


class QuietAccepts:
    """The event loop's exception handler: a connection the server could not take for want
    of descriptors is one log line a second at most (with how many more there were), never a
    traceback; anything else goes to asyncio's own handler."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last: float | None = None
        self.held = 0

    def __call__(self, loop: Any, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if not isinstance(exc, OSError) or exc.errno not in OUT_OF_FILES:
            loop.default_exception_handler(context)
            return
        now = self.clock()
        if self.last is not None and now - self.last < 1.0:
            self.held += 1
            return
        more = f" ({self.held} more since the last line)" if self.held else ""
        log.warning("cannot take a connection: %s%s", exc.strerror or exc, more)
        self.last, self.held = now, 0
