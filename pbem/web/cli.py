"""`spaceships web`: the club's read-only page over a judge's store."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any

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
@click.option(
    "--play/--no-play",
    default=True,
    show_default=True,
    help="Let players sign in to their seat with the game's password and play; --no-play "
    "keeps the page read-only for everyone.",
)
@click.option(
    "--secret-file",
    metavar="PATH",
    envvar="SPACESHIPS_WEB_SECRET_FILE",
    help="Where the key that signs sessions is kept (made when absent): give every web "
    "process of the judge the same file; without it sessions end when the process stops "
    "[env SPACESHIPS_WEB_SECRET_FILE].",
)
@click.option(
    "--judge-address",
    metavar="ADDRESS",
    envvar="SPACESHIPS_JUDGE_ADDRESS",
    default="judge@localhost",
    show_default=True,
    help="The mail judge's address: what a turn played here causes is mailed from it, by the "
    "mail judge, to the players and onlookers [env SPACESHIPS_JUDGE_ADDRESS].",
)
@click.option(
    "--trusted-proxy",
    "trusted_proxy",
    metavar="ADDRESS",
    multiple=True,
    envvar="SPACESHIPS_WEB_TRUSTED_PROXIES",
    help="A reverse proxy in front of the page (an address or a network, e.g. 127.0.0.1; "
    "repeat, or list them in the variable with spaces or commas): from it alone the client's "
    "address in X-Forwarded-For or X-Real-IP is believed, for the brake on password tries. "
    "Default none: the brake counts the connecting address "
    "[env SPACESHIPS_WEB_TRUSTED_PROXIES].",
)
def web(
    db: str | None,
    listen: str,
    name: str,
    play: bool,
    secret_file: str | None,
    judge_address: str,
    trusted_proxy: tuple[str, ...],
) -> None:
    """Serve the club's page: the games in play and finished, each game's public board and
    history, the replays of finished games, only what observers may see [1.4]; and, unless
    --no-play, a page for each player signed in with their game's password: their own view,
    the forms of the open turn, updated live."""
    from pbem.places import ConfigError, parse_host_port
    from pbem.storage.database import StoreError, StoreUnavailable, describe_url, sqlite_path
    from pbem.storage.store import open_store

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
        from pbem.web.sessions import secret_from

        secret = secret_from(secret_file)
    except (OSError, ValueError) as exc:
        raise click.ClickException(f"--secret-file {secret_file}: {exc}") from None
    from pbem.web.clients import ProxyError, trusted_proxies

    try:
        proxies = trusted_proxies(trusted_proxy)
    except ProxyError as exc:
        raise click.UsageError(f"--trusted-proxy: {exc}") from None
    try:
        store = open_store(db)
    except (StoreError, StoreUnavailable) as exc:
        raise click.ClickException(f"cannot open {describe_url(db)}: {exc}") from None
    # What the keeper should see, a line each: a malformed request, a row that cannot be read.
    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        served = (store, name, host, port, describe_url(db))
        asyncio.run(_serve(*served, play, secret, judge_address, proxies))
    except KeyboardInterrupt:
        click.echo("Stopped.")
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}:{port}: {exc}") from None
    finally:
        store.close()


async def _serve(
    store: Any,
    name: str,
    host: str,
    port: int,
    described: str,
    play: bool,
    secret: bytes,
    judge_address: str,
    proxies: tuple[Any, ...] = (),
) -> None:
    from aiohttp import web as aioweb

    from pbem.web.app import Club, ClubRunner, make_app
    from pbem.web.play import Play
    from pbem.web.sessions import Signer

    # What a turn played here causes goes to the game's own front end: mailed, or posted by
    # the bot (the console command hands over the keeper: front ends do not import each other).
    keeper = click.get_current_context().meta.get("keeper")
    keep = None if keeper is None else keeper(store, judge_address)
    played = Play(store, keep) if play else None
    app = make_app(Club(store, name), played, Signer(secret), proxies)
    runner = ClubRunner(app, access_log=None)
    await runner.setup()
    try:
        await aioweb.TCPSite(runner, host, port).start()
        bound = runner.addresses[0]
        shown = f"[{bound[0]}]" if ":" in str(bound[0]) else bound[0]
        click.echo(f"The club page of {described} is at http://{shown}:{bound[1]}/")
        if play:
            click.echo("  Players sign in with their game's password to play. Ctrl-C stops.")
        else:
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
