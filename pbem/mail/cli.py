"""`spaceships pbem ...`: run the play-by-email judge.

Every setting has an embedded default, an environment variable, and an option; see
docs/running-a-judge.md (and pbem.mail.cli_options). What a mail server and cron run,
`receive` and `tick`, is in pbem.mail.receive_cli.
"""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from typing import Any

import click

from pbem.mail.archive import STATUSES
from pbem.mail.cli_options import config_from, existing, open_judge, settings, shared
from pbem.mail.config import ConfigError, MailConfig, parse_host_port, parse_imap
from pbem.mail.receive_cli import receive, tick
from pbem.storage.database import StoreUnavailable, describe_url


@click.group(invoke_without_command=True)
@click.pass_context
def pbem(context: click.Context) -> None:
    """The play-by-email judge. Without a subcommand, the whole club on this machine: `serve
    --club` on the defaults (the mail judge, the club page to play on, the deadlines, and the
    Discord bot when DISCORD_TOKEN is set)."""
    if context.invoked_subcommand is None:
        context.invoke(serve, club=True)


@pbem.command()
@settings
@click.option(
    "--listen", metavar="HOST:PORT", help="SMTP listener [env SPACESHIPS_LISTEN; 127.0.0.1:2525]"
)
@click.option(
    "--tick",
    type=float,
    metavar="SECONDS",
    help="check deadlines this often [env SPACESHIPS_TICK_SECONDS; 30]",
)
@click.option(
    "--club",
    is_flag=True,
    help="also serve the club page, play and one-time links on (`spaceships web`'s "
    "settings), and run the Discord bot when DISCORD_TOKEN is set: the whole club in one "
    "process, as `spaceships pbem` alone does",
)
def serve(listen: str | None, tick: float | None, club: bool = False, **params: Any) -> None:
    """Listen for mail over SMTP and run the judge's deadlines."""
    from pbem.mail.listener import Listener, Worker

    # The rest of the club comes from the console command (front ends do not import each
    # other): spaceships_cli.club_beside.
    beside = click.get_current_context().meta.get("club") if club else None
    params, factory = shared(params)
    extra: dict[str, Any] = {"tick_seconds": tick}
    if listen:
        try:
            extra["listen_host"], extra["listen_port"] = parse_host_port("--listen", listen, 2525)
        except ConfigError as exc:
            raise click.BadParameter(str(exc)) from None
    config = config_from(params, **extra)
    # SMTP never waits on the db: the judge runs in a thread of its own
    worker = Worker(lambda: open_judge(config, factory), threaded=True)
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

    def ready(host: str, port: int, others: list[str]) -> None:
        describe = worker.gateway.delivery.describe()
        click.echo(f"Spaceships judge {config.judge_address} is running.")
        click.echo(f"  Send mail to {config.judge_address} over SMTP at {host}:{port}")
        hint = try_it(config.judge_address, host, port)
        click.echo(f"    (point an MTA there; or try it: {hint})")
        click.echo(f"  Replies are {describe}.")
        database = describe_url(str(config.db))
        click.echo(f"  Database {database}; deadlines checked every {config.tick_seconds:g} s.")
        for line in others:
            click.echo(line)
        if resumed:
            click.echo(f"  Resumed {resumed} message(s) whose processing was interrupted.")
        click.echo("  Ctrl-C stops.", nl=True)
        sys.stdout.flush()

    async def run() -> None:
        host, port = await listener.start()
        others: list[str] = []
        stop_others = None
        try:
            if beside is not None:
                others, stop_others = await beside(
                    str(config.db), config.judge_address, listener.hand_over
                )
            ready(host, port, others)
            await asyncio.Event().wait()
        finally:
            if stop_others is not None:
                await stop_others()
            await listener.stop()

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt  # systemd's SIGTERM: stop as Ctrl-C does, sending what waits

    signal.signal(signal.SIGTERM, stop)
    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        click.echo("Stopped.")
    except OSError as exc:
        raise click.ClickException(
            f"cannot listen on {config.listen_host}:{config.listen_port}: {exc}"
        ) from None
    finally:
        worker.close()


@pbem.command()
@settings
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

    params, factory = shared(params)
    extra: dict[str, Any] = {"imap_move_to": move_to}
    try:
        if imap_url:
            extra["imap"] = parse_imap(imap_url, "--imap")
    except ConfigError as exc:
        raise click.BadParameter(str(exc)) from None
    config = config_from(params, **extra)
    if config.imap is None:
        raise click.UsageError("no mailbox: give --imap URL or set SPACESHIPS_IMAP")
    gateway = open_judge(config, factory)
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
@settings
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
    params, factory = shared(params)
    gateway = open_judge(existing(config_from(params)), factory)
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
@settings
@click.option("--status", "statuses", multiple=True, type=click.Choice(STATUSES), help="only these")
@click.option("--limit", type=int, default=50, show_default=True, help="the newest N")
def archive(statuses: tuple[str, ...], limit: int, **params: Any) -> None:
    """List stored inbound messages and what became of them."""
    params, factory = shared(params)
    gateway = open_judge(existing(config_from(params)), factory, looks_only=True)
    for stored in gateway.archive.select(statuses or None, limit=limit):
        error = f"  {stored.error.splitlines()[0]}" if stored.error else ""
        click.echo(
            f"#{stored.id:<5} {stored.received_at[:19]}  {stored.status:<9} "
            f"{stored.sender or '-':<28} {stored.message_id}{error}"
        )
    counts = gateway.archive.counts()
    click.echo(", ".join(f"{n} {s}" for s, n in sorted(counts.items())) or "no messages")


@pbem.command()
@settings
def flush(**params: Any) -> None:
    """Send what is waiting in the outbox through the SMTP relay."""
    params, factory = shared(params)
    gateway = open_judge(config_from(params), factory)
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


@pbem.command("copy-store")
@click.argument("source", metavar="FROM")
@click.argument("target", metavar="TO")
def copy_store(source: str, target: str) -> None:
    """Copy every game, player, order, turn and stored message from the database FROM to the
    empty database TO (SQLite to PostgreSQL or back), then check that both hold the same:
    rows counted and checksummed, table by table. Stop the judges on FROM first.

    spaceships pbem copy-store judge.sqlite3 postgresql://judge@db.example.org/judge
    """
    from pbem.storage.copystore import CopyError
    from pbem.storage.copystore import copy_store as copy

    try:
        copied = copy(source, target)
    except (CopyError, ValueError, StoreUnavailable) as exc:
        raise click.ClickException(f"nothing copied: {exc}") from None
    click.echo(f"{'table':<18} {'rows':>8}  checksum (both sides)")
    for one in copied:
        click.echo(f"{one.table:<18} {one.rows:>8}  {one.checksum[:16]}")
    total = sum(one.rows for one in copied)
    click.echo(f"Copied {total} rows; every table's count and checksum agree on both sides.")


pbem.add_command(receive)
pbem.add_command(tick)

COMMANDS = [pbem]

__all__ = ["COMMANDS", "pbem"]
