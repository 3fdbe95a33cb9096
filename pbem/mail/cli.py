"""`spaceships pbem ...`: run the play-by-email judge.

Every setting has an embedded default, an environment variable, and an option; see
docs/running-a-judge.md.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import logging
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from pbem.database import StoreUnavailable, describe_url, sqlite_path
from pbem.mail.archive import STATUSES
from pbem.mail.config import (
    DEFAULT_DB,
    DEFAULT_JUDGE_ADDRESS,
    DEFAULT_OUTBOX,
    ConfigError,
    MailConfig,
    parse_host_port,
    parse_imap,
    parse_relay,
)
from pbem.mail.gateway import MailGateway

EX_TEMPFAIL = 75  # sysexits.h: the MTA keeps the message and tries again later


def _settings(function: Callable[..., Any]) -> Callable[..., Any]:
    """The options every pbem command shares."""
    options = [
        click.option(
            "--db",
            metavar="PATH|URL",
            help="SQLite file (or sqlite:///path), or postgresql://user@host/db "
            f"[env SPACESHIPS_DB; {DEFAULT_DB}]",
        ),
        click.option(
            "--judge-address",
            metavar="ADDRESS",
            help=f"the judge's address [env SPACESHIPS_JUDGE_ADDRESS; {DEFAULT_JUDGE_ADDRESS}]",
        ),
        click.option(
            "--outbox",
            metavar="DIR",
            help=f"Maildir for outgoing mail [env SPACESHIPS_OUTBOX; {DEFAULT_OUTBOX}]",
        ),
        click.option(
            "--relay",
            metavar="URL",
            help="SMTP relay: host[:port], smtp+starttls://user@host:587, smtps://host "
            "[env SPACESHIPS_SMTP_RELAY; none: mail stays in the outbox]",
        ),
        click.option(
            "--max-size",
            type=int,
            metavar="BYTES",
            help="refuse larger messages [env SPACESHIPS_MAX_MESSAGE_BYTES; 262144]",
        ),
        click.option(
            "--rate-limit",
            type=int,
            metavar="N",
            help="messages per sender per hour, 0 for none [env SPACESHIPS_RATE_LIMIT; 30]",
        ),
        click.option(
            "--judge-factory",
            hidden=True,
            envvar="SPACESHIPS_JUDGE_FACTORY",
            help="module:callable taking the store, instead of the real judge (tests, bench)",
        ),
        click.option("-v", "--verbose", is_flag=True, help="log each message"),
    ]
    command = function

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except StoreUnavailable as exc:  # the database went away part way: say so, no trace
            raise click.ClickException(f"{exc}; nothing was lost, run it again later") from None

    for option in reversed(options):
        run = option(run)
    return run


def _config(params: dict[str, Any], **extra: Any) -> MailConfig:
    try:
        return MailConfig.from_env(
            db=params.pop("db"),
            judge_address=params.pop("judge_address"),
            outbox=params.pop("outbox"),
            relay=parse_relay(relay, "--relay") if (relay := params.pop("relay")) else None,
            max_message_bytes=params.pop("max_size"),
            rate_limit_per_hour=params.pop("rate_limit"),
            **extra,
        )
    except ConfigError as exc:
        raise click.BadParameter(str(exc)) from None


def _judge_factory(spec: str | None) -> Callable[[object], Any] | None:
    if not spec:
        return None
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def _open(config: MailConfig, factory_spec: str | None, looks_only: bool = False) -> MailGateway:
    from pbem.mail.app import open_gateway

    try:
        return open_gateway(config, _judge_factory(factory_spec), looks_only)
    except (ValueError, OSError, StoreUnavailable) as exc:  # StoreError, a folder not made ...
        raise click.ClickException(f"cannot open the judge's data: {exc}") from exc


def _existing(config: MailConfig) -> MailConfig:
    """For commands that look into a judge (archive, replay): its SQLite file must be there,
    or the command would make an empty one and report on that."""
    try:
        path = sqlite_path(config.db)
    except ValueError as exc:
        raise click.ClickException(f"cannot open the judge's data: {exc}") from None
    if path is not None and path != ":memory:" and not Path(path).exists():
        raise click.ClickException(
            f"no judge database at {path}: run this where the judge runs, or give its "
            "--db (or SPACESHIPS_DB) as the judge has it"
        )
    return config


def _logging(verbose: bool) -> None:
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )


@click.group(invoke_without_command=True)
@click.pass_context
def pbem(context: click.Context) -> None:
    """The play-by-email judge. Without a subcommand: `serve` on the defaults."""
    if context.invoked_subcommand is None:
        context.invoke(serve)


@pbem.command()
@_settings
@click.option(
    "--listen", metavar="HOST:PORT", help="SMTP listener [env SPACESHIPS_LISTEN; 127.0.0.1:2525]"
)
@click.option(
    "--tick",
    type=float,
    metavar="SECONDS",
    help="check deadlines this often [env SPACESHIPS_TICK_SECONDS; 30]",
)
def serve(listen: str | None, tick: float | None, **params: Any) -> None:
    """Listen for mail over SMTP and run the judge's deadlines."""
    from pbem.mail.listener import Listener, Worker

    params = {k: params.get(k) for k in _SETTING_KEYS}
    _logging(params.pop("verbose") or False)
    factory = params.pop("judge_factory")
    extra: dict[str, Any] = {"tick_seconds": tick}
    if listen:
        try:
            extra["listen_host"], extra["listen_port"] = parse_host_port("--listen", listen, 2525)
        except ConfigError as exc:
            raise click.BadParameter(str(exc)) from None
    config = _config(params, **extra)
    worker = Worker(lambda: _open(config, factory), threaded=True)  # SMTP never waits on the db
    worker.gateway.delivery.start_sender()  # the relay, if any, from a thread of its own
    # What a crash (kill -9, power loss) left undone, done now: queued replies written out,
    # interrupted messages processed; once each, even with other judges on the database.
    resumed = len(worker.call(lambda gateway: gateway.resume()))
    listener = Listener(
        worker,
        host=config.listen_host,
        port=config.listen_port,
        tick_seconds=config.tick_seconds,
        data_size_limit=max(config.max_message_bytes * 8, 1024 * 1024),
        hostname=config.judge_domain,
    )

    def ready(host: str, port: int) -> None:
        describe = worker.gateway.delivery.describe()
        click.echo(f"Spaceships judge {config.judge_address} is running.")
        click.echo(f"  Send mail to {config.judge_address} over SMTP at {host}:{port}")
        hint = try_it(config.judge_address, host, port)
        click.echo(f"    (point an MTA there; or try it: {hint})")
        click.echo(f"  Replies are {describe}.")
        database = describe_url(str(config.db))
        click.echo(f"  Database {database}; deadlines checked every {config.tick_seconds:g} s.")
        if resumed:
            click.echo(f"  Resumed {resumed} message(s) whose processing was interrupted.")
        click.echo("  Ctrl-C stops.", nl=True)
        sys.stdout.flush()

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # systemd's SIGTERM: stop as Ctrl-C does, sending what waits

    signal.signal(signal.SIGTERM, stop)
    try:
        asyncio.run(listener.serve_forever(ready))
    except KeyboardInterrupt:
        click.echo("Stopped.")
    except OSError as exc:
        raise click.ClickException(
            f"cannot listen on {config.listen_host}:{config.listen_port}: {exc}"
        ) from None
    finally:
        worker.close()


@pbem.command()
@_settings
def receive(**params: Any) -> None:
    """Process one message read on stdin (MTA pipe, .forward, procmail).

    Exits 0 once the message is stored, whatever became of it; 75 (EX_TEMPFAIL, the MTA
    retries later) if it could not be stored.
    """
    params = {k: params.get(k) for k in _SETTING_KEYS}
    _logging(params.pop("verbose") or False)
    factory = params.pop("judge_factory")
    config = _config(params)
    raw = sys.stdin.buffer.read()
    try:
        gateway = _open(config, factory)
        receipt = gateway.receive(raw, "stdin")
    except Exception as exc:
        click.echo(f"spaceships pbem receive: message not stored: {exc}", err=True)
        sys.exit(EX_TEMPFAIL)
    reason = f" ({receipt.reason})" if receipt.reason else ""
    click.echo(f"#{receipt.archive_id} {receipt.message_id}: {receipt.status}{reason}", err=True)
    try:  # what an earlier, interrupted run left undone (ours is stored and answered)
        for resumed in gateway.resume():
            click.echo(f"#{resumed.archive_id} {resumed.message_id}: resumed", err=True)
    except Exception as exc:  # the database went away again: the next run resumes them
        click.echo(f"spaceships pbem receive: could not resume earlier messages: {exc}", err=True)
    finally:
        gateway.delivery.close()  # QUIT to the relay, as a polite SMTP client ends


@pbem.command()
@_settings
@click.option(
    "--imap",
    "imap_url",
    metavar="URL",
    help="imaps://user@host/INBOX, imap+starttls://..., imap://localhost "
    "[env SPACESHIPS_IMAP; password in SPACESHIPS_IMAP_PASSWORD]",
)
@click.option(
    "--move-to",
    metavar="FOLDER",
    help="move processed mail there instead of marking it seen [env SPACESHIPS_IMAP_MOVE_TO]",
)
@click.option("--once", is_flag=True, help="poll once and exit")
@click.option("--interval", type=float, default=60.0, show_default=True, metavar="SECONDS")
def poll(
    imap_url: str | None, move_to: str | None, once: bool, interval: float, **params: Any
) -> None:
    """Fetch new mail from an IMAP mailbox, once or every --interval seconds (which also runs
    the judge's deadlines)."""
    from pbem.mail.imap import ImapError, poll_once, run_here

    params = {k: params.get(k) for k in _SETTING_KEYS}
    _logging(params.pop("verbose") or False)
    factory = params.pop("judge_factory")
    extra: dict[str, Any] = {"imap_move_to": move_to}
    try:
        if imap_url:
            extra["imap"] = parse_imap(imap_url, "--imap")
    except ConfigError as exc:
        raise click.BadParameter(str(exc)) from None
    config = _config(params, **extra)
    if config.imap is None:
        raise click.UsageError("no mailbox: give --imap URL or set SPACESHIPS_IMAP")
    gateway = _open(config, factory)
    if not once:
        gateway.delivery.start_sender()
    while True:
        try:
            gateway.resume()  # what an interrupted run left undone
            report = poll_once(config.imap, run_here(gateway), move_to=config.imap_move_to)
            statuses = [r.status for r in report.receipts]
            summary = ", ".join(f"{statuses.count(s)} {s}" for s in dict.fromkeys(statuses))
            click.echo(f"{config.imap}: {report.fetched} new{': ' + summary if summary else ''}")
        except (ImapError, StoreUnavailable) as exc:
            # Unstored mail stays unseen in the mailbox: fetched again next time.
            if once:
                raise click.ClickException(str(exc)) from None
            click.echo(f"{exc}; retrying in {interval:g} s", err=True)
        try:
            gateway.tick()
        except StoreUnavailable as exc:
            click.echo(f"{exc}; deadlines wait for the database", err=True)
        if once:
            gateway.delivery.close()
            return
        time.sleep(interval)


@pbem.command()
@_settings
@click.option("--id", "ids", type=int, multiple=True, metavar="N", help="this stored message")
@click.option("--failed", is_flag=True, help="every message whose processing failed")
@click.option(
    "--all",
    "all_",
    is_flag=True,
    help="every message not processed: interrupted, failed, or held by the rate limit",
)
def replay(ids: tuple[int, ...], failed: bool, all_: bool, **params: Any) -> None:
    """Process stored messages again (see `spaceships pbem archive`)."""
    from pbem.mail.gateway import ReplayError

    if sum((bool(ids), failed, all_)) != 1:
        raise click.UsageError("give exactly one of --id N (repeatable), --failed, --all")
    params = {k: params.get(k) for k in _SETTING_KEYS}
    _logging(params.pop("verbose") or False)
    factory = params.pop("judge_factory")
    gateway = _open(_existing(_config(params)), factory)
    try:
        receipts = gateway.replay_selected(ids=ids, failed=failed, all=all_)
    except ReplayError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        gateway.delivery.close()  # QUIT to the relay
    for receipt in receipts:
        reason = f" ({receipt.reason.splitlines()[0]})" if receipt.reason else ""
        click.echo(f"#{receipt.archive_id} {receipt.message_id}: {receipt.status}{reason}")
    click.echo(f"{len(receipts)} message(s) replayed.")


@pbem.command()
@_settings
@click.option("--status", "statuses", multiple=True, type=click.Choice(STATUSES), help="only these")
@click.option("--limit", type=int, default=50, show_default=True, help="the newest N")
def archive(statuses: tuple[str, ...], limit: int, **params: Any) -> None:
    """List stored inbound messages and what became of them."""
    params = {k: params.get(k) for k in _SETTING_KEYS}
    _logging(params.pop("verbose") or False)
    factory = params.pop("judge_factory")
    gateway = _open(_existing(_config(params)), factory, looks_only=True)
    for stored in gateway.archive.select(statuses or None, limit=limit):
        error = f"  {stored.error.splitlines()[0]}" if stored.error else ""
        click.echo(
            f"#{stored.id:<5} {stored.received_at[:19]}  {stored.status:<9} "
            f"{stored.sender or '-':<28} {stored.message_id}{error}"
        )
    counts = gateway.archive.counts()
    click.echo(", ".join(f"{n} {s}" for s, n in sorted(counts.items())) or "no messages")


@pbem.command()
@_settings
def tick(**params: Any) -> None:
    """Run deadlines and reminders once and send what they produce (for cron, alongside
    `receive`; `serve` and the `poll` loop do this by themselves)."""
    params = {k: params.get(k) for k in _SETTING_KEYS}
    _logging(params.pop("verbose") or False)
    factory = params.pop("judge_factory")
    try:
        gateway = _open(_config(params), factory)
        written = gateway.tick()
    except click.ClickException as exc:
        if isinstance(exc.__cause__, StoreUnavailable):  # could not even open it
            raise _TryLater(
                f"{exc.__cause__}; nothing was done, the next tick tries again"
            ) from None
        raise
    except StoreUnavailable as exc:
        raise _TryLater(f"{exc}; nothing was lost, the next tick tries again") from None
    gateway.delivery.close()
    click.echo(f"{written} message(s) sent or written to the outbox")


class _TryLater(click.ClickException):
    """The database is away: exit 75 (EX_TEMPFAIL), so cron and monitors read a passing
    failure, not a broken judge."""

    exit_code = EX_TEMPFAIL


@pbem.command()
@_settings
def flush(**params: Any) -> None:
    """Send what is waiting in the outbox through the SMTP relay."""
    params = {k: params.get(k) for k in _SETTING_KEYS}
    _logging(params.pop("verbose") or False)
    factory = params.pop("judge_factory")
    gateway = _open(_config(params), factory)
    if gateway.delivery.relay is None:
        raise click.UsageError("no SMTP relay configured (--relay or SPACESHIPS_SMTP_RELAY)")
    report = gateway.delivery.flush()
    gateway.delivery.close()  # QUIT to the relay
    click.echo(f"{report.sent} sent, {report.queued} still waiting, {report.failed} refused")


@pbem.command()
@click.option("--from", "sender", required=True, metavar="ADDRESS", help="who is writing")
@click.option("--subject", default="commands", show_default=True)
@click.option(
    "--server",
    metavar="HOST:PORT",
    help="the judge's SMTP listener [env SPACESHIPS_LISTEN; 127.0.0.1:2525]",
)
@click.option("--to", "judge_address", metavar="ADDRESS", help="[env SPACESHIPS_JUDGE_ADDRESS]")
@click.argument("text", nargs=-1)
def send(
    sender: str, subject: str, server: str | None, judge_address: str | None, text: tuple[str, ...]
) -> None:
    """Mail TEXT (or stdin) to a running judge, as a player would: for trying a judge out.
    A literal \\n in TEXT starts a new line.

    spaceships pbem send --from alice@example.org "join alpha"
    """
    import smtplib
    from email.message import EmailMessage
    from email.utils import make_msgid

    try:
        config = MailConfig.from_env(judge_address=judge_address)
        host, port = (
            parse_host_port("--server", server, 2525)
            if server
            else (config.listen_host, config.listen_port)
        )
    except ConfigError as exc:
        raise click.BadParameter(str(exc)) from None
    if text:
        body = " ".join(text)
    else:
        from notation.textfile import TextFileError, decode

        try:
            body = decode(sys.stdin.buffer.read(), "standard input").text
        except TextFileError as exc:
            raise click.ClickException(str(exc)) from None
    message = EmailMessage()
    message["From"] = sender
    message["To"] = config.judge_address
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or "localhost")
    message.set_content(body.replace("\\n", "\n") + "\n")
    try:
        with smtplib.SMTP(host, port, timeout=60) as client:
            client.send_message(message)
    except smtplib.SMTPResponseException as exc:  # e.g. 451 while its database is away
        said = f"{exc.smtp_code} {exc.smtp_error.decode('utf-8', 'replace')}"
        raise click.ClickException(f"not sent: {host}:{port}, the judge answered {said}") from None
    except (OSError, smtplib.SMTPException) as exc:
        raise click.ClickException(f"cannot send to {host}:{port}: {exc}") from None
    click.echo(f"sent {message['Message-ID']} to {config.judge_address} at {host}:{port}")


def try_it(judge_address: str, host: str, port: int) -> str:
    """The `send` command that reaches this judge from the same machine, whatever it listens on."""
    words = ["spaceships pbem send --from you@example.org"]
    if judge_address != MailConfig.from_env({}).judge_address:
        words.append(f"--to {judge_address}")
    if host in ("0.0.0.0", "::", ""):
        host = "127.0.0.1"  # listening everywhere: reach it on the loopback
    if (host, port) != ("127.0.0.1", 2525):
        words.append(f"--server {f'[{host}]' if ':' in host else host}:{port}")
    words.append("help")
    return " ".join(words)


_SETTING_KEYS = (
    "db",
    "judge_address",
    "outbox",
    "relay",
    "max_size",
    "rate_limit",
    "judge_factory",
    "verbose",
)


@pbem.command("copy-store")
@click.argument("source", metavar="FROM")
@click.argument("target", metavar="TO")
def copy_store(source: str, target: str) -> None:
    """Copy every game, player, order, turn and stored message from the database FROM to the
    empty database TO (SQLite to PostgreSQL or back), then check that both hold the same:
    rows counted and checksummed, table by table. Stop the judges on FROM first.

    spaceships pbem copy-store judge.sqlite3 postgresql://judge@db.example.org/judge
    """
    from pbem.copystore import CopyError
    from pbem.copystore import copy_store as copy

    try:
        copied = copy(source, target)
    except (CopyError, ValueError, StoreUnavailable) as exc:
        raise click.ClickException(f"nothing copied: {exc}") from None
    click.echo(f"{'table':<18} {'rows':>8}  checksum (both sides)")
    for one in copied:
        click.echo(f"{one.table:<18} {one.rows:>8}  {one.checksum[:16]}")
    total = sum(one.rows for one in copied)
    click.echo(f"Copied {total} rows; every table's count and checksum agree on both sides.")


COMMANDS = [pbem]

__all__ = ["COMMANDS", "pbem"]
