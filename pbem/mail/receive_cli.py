"""`spaceships pbem receive` and `tick`: the commands a mail server and cron run, which end in
75 (EX_TEMPFAIL) for anything that may pass, so the mail or the tick is tried again.

A mail server shows a pipe command's standard output in its log and bounces the mail on any
status but 0 and 75: so `receive` says why in one line on standard output, and never ends
otherwise before the message is stored.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import sys
from contextlib import ExitStack
from datetime import timedelta
from typing import Any, NoReturn

import click

from pbem.mail.app import holds_file
from pbem.mail.cli_options import EX_TEMPFAIL, config_from, open_judge, settings, shared
from pbem.mail.config import MailConfig
from pbem.mail.gateway import LEFT_AFTER
from pbem.mail.holding import Holds
from pbem.storage.database import StoreNotOpened, StoreUnavailable, sqlite_path, unavailable

# How long `receive` waits for its turn at the database before the mail server is asked to try
# later: well inside Postfix's limit on a pipe command (command_time_limit, 1000 s).
RECEIVE_WAITS = 600.0
TICK_WAITS = 240.0  # inside cron's 5 minutes


def one_line(exc: BaseException, folders: tuple[str, ...] = ()) -> str:
    """An error as one line of the mail log: its own message, else its kind; a full disk
    named as such (SQLite says "disk I/O error" when its log cannot grow) with the folder on
    it."""
    text = " ".join(str(exc).split())
    if getattr(exc, "errno", None) == errno.ENOSPC:
        where = getattr(exc, "filename", None)
        return f"the disk is full{f' (writing {where})' if where else ''}: {text}"
    if isinstance(exc, sqlite3.Error) and ("disk" in text or "I/O" in text):
        full = [folder for folder in folders if disk_full(folder)]
        if full:
            return f"the disk holding {full[0]} is full (SQLite: {text})"
    return text or type(exc).__name__


FULL_BELOW = 1024 * 1024  # bytes free below which a disk counts as full


def disk_full(folder: str) -> bool:
    try:
        found = os.statvfs(folder)
    except OSError:
        return False
    return found.f_bavail * found.f_frsize < FULL_BELOW


def _folders(config: MailConfig | None) -> tuple[str, ...]:
    """The folders a judge writes: its SQLite file's and its outbox."""
    if config is None:
        return ()
    path = (
        sqlite_path(config.db) if "://" not in config.db or config.db.startswith("sqlite") else None
    )
    found = [os.path.dirname(os.path.abspath(path))] if path and path != ":memory:" else []
    return (*found, config.outbox)


def passing(exc: BaseException) -> bool:
    """Whether an error opening or writing the store may pass by itself or by the keeper's
    hand, with the same settings: the database away or locked, a file or folder the judge's
    user cannot open or make (a slip in the set-up, mended in place)."""
    if isinstance(exc, click.ClickException) and exc.__cause__ is not None:
        exc = exc.__cause__
    return (
        unavailable(exc)
        or isinstance(exc, StoreNotOpened | OSError)  # TimeoutError too: in line too long
        or isinstance(exc, sqlite3.OperationalError)  # locked, read-only, unable to open
    )


def _same_file(first: int, second: int) -> bool:
    try:
        one, other = os.fstat(first), os.fstat(second)
    except OSError:
        return False
    return (one.st_dev, one.st_ino) == (other.st_dev, other.st_ino)


def tell_mail_server(line: str) -> None:
    """One line for the mail server's log (standard output), and for the judge's log
    (standard error) when that is somewhere else, as the docs' wrapper makes it."""
    click.echo(line)
    if not _same_file(1, 2):
        click.echo(line, err=True)


def defer(why: str) -> NoReturn:
    tell_mail_server(f"spaceships pbem receive: {why}; the mail server keeps it and retries")
    sys.stdout.flush()
    sys.exit(EX_TEMPFAIL)


@click.command()
@settings
def receive(**params: Any) -> None:
    """Process one message read on stdin (MTA pipe, .forward, procmail).

    Exits 0 once the message is stored, whatever became of it; 75 (EX_TEMPFAIL, the MTA
    retries later) if it could not be stored, saying why in one line on standard output.
    """
    turn = ExitStack()  # this process's turn at an SQLite store, held to the end
    config = None
    try:
        params, factory = shared(params)
        config = config_from(params)
        raw = sys.stdin.buffer.read()
        gateway = open_judge(config, factory)
        if takes_turns(config):
            warm_up()
            turn.enter_context(Holds(holds_file(config)).turn(RECEIVE_WAITS))
        receipt = gateway.receive(raw, "stdin")
    except Exception as exc:  # a setting, a folder, the database, a flood: none stored it
        turn.close()
        cause = exc.__cause__ if isinstance(exc, click.ClickException) and exc.__cause__ else exc
        defer(f"message not stored: {one_line(cause, _folders(config))}")
    with turn:
        reason = f" ({receipt.reason})" if receipt.reason else ""
        said = f"#{receipt.archive_id} {receipt.message_id}: {receipt.status}{reason}"
        click.echo(said, err=True)
        try:  # what an earlier, interrupted run left undone (ours is stored and answered)
            # Judges on other machines (PostgreSQL) cannot be seen holding their messages:
            # only those that waited a while are theirs no more, as for `serve`.
            left_for = timedelta(0) if takes_turns(config) else LEFT_AFTER
            for resumed in gateway.resume(left_for):
                click.echo(f"#{resumed.archive_id} {resumed.message_id}: resumed", err=True)
            if gateway.delivery.relay is not None:
                gateway.delivery.flush()  # and what an earlier relay outage left waiting
        except Exception as exc:  # the database went away again: the next run resumes them
            click.echo(
                f"spaceships pbem receive: could not resume earlier messages: {exc}", err=True
            )
        finally:
            gateway.delivery.close()  # QUIT to the relay, as a polite SMTP client ends


def warm_up() -> None:
    """Import the judge and every game before waiting in line: the imports are most of a
    `receive`'s work, and done here they run beside the other processes' (on every core)
    rather than one after the other in the line."""
    import pbem.judge  # noqa: F401
    import pbem.storage.store  # noqa: F401
    from pbem.mail import outbound  # noqa: F401
    from pbem.registry import kinds

    kinds()


def takes_turns(config: MailConfig) -> bool:
    """Whether the store is an SQLite file, which lets one writer in at a time: its `receive`
    and `tick` processes wait in line for it (pbem.mail.holding), not in SQLite's busy loop."""
    path = sqlite_path(config.db)
    return path is not None and path != ":memory:"


class TryLater(click.ClickException):
    """The database is away, locked or not openable for now: exit 75 (EX_TEMPFAIL), so cron
    and monitors read a passing failure, not a broken judge."""

    exit_code = EX_TEMPFAIL


@click.command()
@settings
def tick(**params: Any) -> None:
    """Run deadlines and reminders once and send what they produce (for cron, alongside
    `receive`; `serve` and the `poll` loop do this by themselves)."""
    params, factory = shared(params)
    turn = ExitStack()
    config = None
    try:
        config = config_from(params)
        gateway = open_judge(config, factory)
        if takes_turns(config):
            warm_up()
            turn.enter_context(Holds(holds_file(config)).turn(TICK_WAITS))
        with turn:
            written = gateway.tick()
    except (click.ClickException, StoreUnavailable, sqlite3.Error, TimeoutError) as exc:
        turn.close()
        if not passing(exc):
            if isinstance(exc, click.ClickException):
                raise
            said = one_line(exc, _folders(config))
            raise click.ClickException(f"cannot run the deadlines: {said}") from None
        cause = exc.__cause__ if isinstance(exc, click.ClickException) and exc.__cause__ else exc
        raise TryLater(
            f"{one_line(cause, _folders(config))}; nothing was lost, the next tick tries again"
        ) from None
    gateway.delivery.close()
    click.echo(f"{written} message(s) sent or written to the outbox")
