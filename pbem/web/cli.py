"""`spaceships web`: the club's read-only page over a judge's store."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

import click


@click.command()
@click.option(
    "--db",
    metavar="PATH|URL",
    help="The judge's store: SQLite file (or sqlite:///path), or postgresql://user@host/db "
    "[env SPACESHIPS_DB].",
)
@click.option(
    "--listen",
    metavar="HOST:PORT",
    default="127.0.0.1:8080",
    show_default=True,
    help="Where to serve the page (port 0: any free port); put it behind a reverse proxy.",
)
@click.option("--name", default="Spaceships club", show_default=True, help="The club's name.")
def web(db: str | None, listen: str, name: str) -> None:
    """Serve the club's page: the games in play and finished, each game's public board and
    history, the replays of finished games. Read-only; only what observers may see [1.4]."""
    from pbem.database import StoreError, StoreUnavailable, describe_url, sqlite_path
    from pbem.places import ConfigError, parse_host_port
    from pbem.store import open_store

    db = db or os.environ.get("SPACESHIPS_DB")
    if not db:
        raise click.UsageError("say which store to show: --db PATH|URL (or SPACESHIPS_DB)")
    try:
        path = sqlite_path(db)  # None for PostgreSQL
    except ValueError as exc:
        raise click.UsageError(f"--db {db}: {exc}") from None
    if path is not None and path != ":memory:" and not Path(path).exists():
        # Opening it would make an empty store and show that.
        raise click.UsageError(f"no judge database at {path}: give --db as the judge has it")
    try:
        host, port = parse_host_port("--listen", listen, 8080)
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None
    try:
        store = open_store(db)
    except (StoreError, StoreUnavailable) as exc:
        raise click.ClickException(f"cannot open {describe_url(db)}: {exc}") from None
    # What the keeper should see, a line each: a malformed request, a row that cannot be read.
    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        asyncio.run(_serve(store, name, host, port, describe_url(db)))
    except KeyboardInterrupt:
        click.echo("Stopped.")
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc}") from None
    finally:
        store.close()


async def _serve(store: object, name: str, host: str, port: int, described: str) -> None:
    from aiohttp import web as aioweb

    from pbem.web.app import Club, ClubRunner, make_app

    runner = ClubRunner(make_app(Club(store, name)), access_log=None)  # type: ignore[arg-type]
    await runner.setup()
    try:
        await aioweb.TCPSite(runner, host, port).start()
        bound = runner.addresses[0]
        shown = f"[{bound[0]}]" if ":" in str(bound[0]) else bound[0]
        click.echo(f"The club page of {described} is at http://{shown}:{bound[1]}/")
        click.echo("  Read-only; only what observers may see. Ctrl-C stops.")
        sys.stdout.flush()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        await stop.wait()
        click.echo("Stopped.")
    finally:
        await runner.cleanup()


COMMANDS = [web]
