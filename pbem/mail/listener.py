"""`serve`: an SMTP listener (aiosmtpd) feeding the gateway, and the judge's clock (deadlines,
reminders, relay retries) every few seconds, in one asyncio loop.

Messages are processed one at a time (SQLite has one writer). The SMTP client hears 250 only
once the message is committed to the archive and processed, and 451 (try again later) if it
could not be stored.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from aiosmtpd.smtp import SMTP, Envelope, Session

from pbem.mail.gateway import LEFT_AFTER, NOTE_WRITTEN_WITHIN, MailGateway
from pbem.mail.ratelimit import OverBudget
from pbem.storage.database import unavailable

log = logging.getLogger("pbem.mail.listener")
TRY_LATER = "451 4.3.0 The judge could not store the message; try again later"
# How often `serve` looks for mail another front end handed over (a turn played on the web
# page of a mail game, issue 47): a read of one index when there is none. A web page in the
# same process wakes it at once (`Listener.hand_over`).
HANDED_OVER_SECONDS = 1.0

# The path of MAIL FROM and RCPT TO as nearly every server sends it: <dot-atom@domain>, then
# the parameters. Anything else (quoted local parts, routes, literals, <>) goes to aiosmtpd.
_PLAIN_PATH = re.compile(
    r"\s*<([A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)>(.*)",
    re.DOTALL,
)


class JudgeSMTP(SMTP):
    """aiosmtpd's SMTP server, reading a plain `<local@domain>` path without the full header
    parser: aiosmtpd builds a parse tree, and a typing class, for every address, a good share
    of the listener's own CPU per mail. The same address and parameters come out."""

    def _getaddr(self, arg: str) -> tuple[str | None, str | None]:
        plain = _PLAIN_PATH.fullmatch(arg)
        if plain is None:
            return super()._getaddr(arg)
        address = plain[1]
        if self.local_part_limit and len(address.rpartition("@")[0]) > self.local_part_limit:
            return None, None
        return address, plain[2].lstrip(" \t")


class JudgeHandler:
    """aiosmtpd handler: every message, whatever its recipients, goes to the judge."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or envelope.content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        mail_from = (envelope.mail_from or "").strip().strip("<>")
        # As a delivering MTA does: the envelope sender, on top (it wins over any Return-Path
        # the message itself carries), lets the gateway see a bounce's null sender.
        raw = b"Return-Path: <" + mail_from.encode("utf-8", "replace") + b">\r\n" + raw
        try:
            receipt = await self.worker.run(lambda gateway: gateway.receive(raw, "smtp"))
        except OverBudget as exc:  # a flood: its server holds the rest of it, not our disk
            log.info("deferred a message from %s: %s", mail_from, exc)
            return f"451 4.7.1 {exc}"
        except Exception as exc:
            if unavailable(exc):  # a known state (a restart, a locked SQLite file): one line
                log.error(
                    "could not store a message from %s (told to try again later): the database "
                    "is unavailable: %s",
                    mail_from,
                    exc,
                )
            else:  # anything else is a bug: its whole trace
                log.exception("could not store a message from %s", mail_from)
            return TRY_LATER
        return f"250 2.0.0 Stored as #{receipt.archive_id} ({receipt.status})"


class Outage:
    """The database's state as the log tells it: one line when it goes away (without a
    trace) and one when it is back, however often the judge tries meanwhile; and how long to
    wait before the next try (doubling up to `longest`)."""

    def __init__(self, what: str, first: float, longest: float = 30.0) -> None:
        self.what, self.first, self.longest = what, first, longest
        self.since: str | None = None
        self.wait = first

    def failed(self, exc: BaseException) -> float:
        if self.since is None:
            self.since = str(exc)
            log.error("%s: the database is unavailable (%s); trying again", self.what, exc)
        else:
            self.wait = min(self.wait * 2, self.longest)
        return self.wait

    def ok(self) -> None:
        if self.since is not None:
            log.warning("%s: the database is back", self.what)
        self.since, self.wait = None, self.first


class Worker:
    """Owns the database connection and the gateway; runs jobs one at a time.

    By default the jobs run right on the event loop's thread: processing is CPU-bound and
    SQLite has one writer anyway, and a second thread would only make the two fight over the
    GIL (each SMTP reply waiting out the interpreter's switch interval). `serve` runs them on
    a thread of their own (`threaded=True`) all the same: a job waiting for the database (a
    locked SQLite file, a PostgreSQL failover) must not hold up every other SMTP session's
    greeting and replies on the loop.
    """

    def __init__(self, build: Callable[[], MailGateway], threaded: bool = False) -> None:
        self.executor = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="judge") if threaded else None
        )
        self.gateway: MailGateway = (
            self.executor.submit(build).result() if self.executor else build()
        )
        # Replies written out are noted in the database with the next message's claim, or by
        # this worker's timer when no message follows soon (see MailGateway.defer_written).
        self.gateway.defer_written = True
        self._noting: asyncio.TimerHandle | None = None
        self._noting_outage = Outage("noting replies as written", NOTE_WRITTEN_WITHIN / 2)

    async def run(self, job: Callable[[MailGateway], Any]) -> Any:
        try:
            if self.executor is None:
                return job(self.gateway)
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.executor, job, self.gateway)
        finally:
            self._note_soon()

    def _note_soon(self) -> None:
        if self._noting is None and self.gateway.written_unnoted:
            loop = asyncio.get_running_loop()
            self._noting = loop.call_later(self._noting_outage.wait, self._note_now)

    def _note_now(self) -> None:
        self._noting = None
        if self.gateway.written_unnoted:
            asyncio.ensure_future(self._note())

    async def _note(self) -> None:
        try:
            await self.run(lambda gateway: gateway.note_written())
        except Exception as exc:  # the database away: noted with the next message, or later
            if not unavailable(exc):
                log.exception("could not note replies as written; trying again")
            self._noting_outage.failed(exc)  # backs off: the next try waits longer
        else:
            self._noting_outage.ok()

    def call(self, job: Callable[[MailGateway], Any]) -> Any:
        if self.executor is None:
            return job(self.gateway)
        return self.executor.submit(job, self.gateway).result()

    def close(self) -> None:
        if self._noting is not None:
            self._noting.cancel()
        try:
            self.call(lambda gateway: gateway.note_written())
        except Exception as exc:  # the database away: another judge writes them again
            log.warning("could not note replies as written: %s", exc, exc_info=not unavailable(exc))
        if self.executor is not None:
            self.executor.shutdown(wait=True)
        self.gateway.delivery.close()


@dataclass
class Listener:
    """The SMTP listener and the judge's clock, on the running asyncio loop."""

    worker: Worker
    host: str = "127.0.0.1"
    port: int = 2525
    tick_seconds: float = 30.0
    data_size_limit: int = 10 * 1024 * 1024
    hostname: str = "localhost"

    def __post_init__(self) -> None:
        self.server: asyncio.AbstractServer | None = None
        self.ticker: asyncio.Task[None] | None = None
        self.taker: asyncio.Task[None] | None = None
        self._handed: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def hand_over(self) -> None:
        """From any thread: another front end in this process has just committed mail for the
        judge to send (a turn played on the web page): send it now."""
        if self._loop is not None and self._handed is not None:
            self._loop.call_soon_threadsafe(self._handed.set)

    async def start(self) -> tuple[str, int]:
        handler = JudgeHandler(self.worker)
        loop = asyncio.get_running_loop()
        self.server = await loop.create_server(
            lambda: JudgeSMTP(
                handler,
                data_size_limit=self.data_size_limit,
                enable_SMTPUTF8=True,
                decode_data=False,
                hostname=self.hostname,
                ident="Spaceships judge",
            ),
            host=self.host,
            port=self.port,
        )
        sockname = self.server.sockets[0].getsockname()
        if self.tick_seconds > 0:
            self.ticker = asyncio.create_task(self._tick_forever())
        self._loop, self._handed = loop, asyncio.Event()
        self.taker = asyncio.create_task(self._take_handed_over_forever(self._handed))
        return sockname[0], sockname[1]

    async def _take_handed_over_forever(self, handed: asyncio.Event) -> None:
        outage = Outage("mail handed over", HANDED_OVER_SECONDS, 30.0)
        while True:
            try:
                await asyncio.wait_for(handed.wait(), outage.wait)
            except TimeoutError:
                pass
            handed.clear()
            try:
                await self.worker.run(lambda gateway: gateway.send_handed_over())
            except Exception as exc:  # the database away: said once, tried again later
                if unavailable(exc):
                    outage.failed(exc)
                else:
                    log.exception("sending mail handed over failed")
            else:
                outage.ok()

    async def _tick_forever(self) -> None:
        outage = Outage("deadlines", self.tick_seconds, max(self.tick_seconds, 300.0))
        while True:
            await asyncio.sleep(outage.wait)
            try:
                await self.worker.run(
                    lambda gateway: (gateway.resume(left_for=LEFT_AFTER), gateway.tick())
                )
            except Exception as exc:  # a failing tick must not stop the judge
                if unavailable(exc):  # the database away: said once, not every tick
                    outage.failed(exc)
                else:
                    log.exception("judge tick failed")
            else:
                outage.ok()

    async def stop(self) -> None:
        for task in (self.ticker, self.taker):
            if task is not None:
                task.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    async def serve_forever(self, ready: Callable[[str, int], None] | None = None) -> None:
        host, port = await self.start()
        if ready is not None:
            ready(host, port)
        try:
            await asyncio.Event().wait()
        finally:
            await self.stop()
