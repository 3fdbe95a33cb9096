"""`spaceships web`: the club's page over a judge's store; and `start_page`, which starts it on
the running loop for `spaceships pbem`, the whole club in one process."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Any

import click

from pbem.places import DEFAULT_DB

DEFAULT_LISTEN = "127.0.0.1:8080"


@click.command()
@click.option(
    "--db",
    metavar="PATH|URL",
    envvar="SPACESHIPS_DB",
    default=DEFAULT_DB,
    help="The judge's store: SQLite file (or sqlite:///path), or postgresql://user@host/db "
    f"[env SPACESHIPS_DB; {DEFAULT_DB}].",
)
@click.option(
    "--listen",
    metavar="HOST:PORT",
    envvar="SPACESHIPS_WEB_LISTEN",
    default=DEFAULT_LISTEN,
    help="Where to serve the page (port 0: any free port); put it behind a reverse proxy "
    f"[env SPACESHIPS_WEB_LISTEN; {DEFAULT_LISTEN}].",
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
    help="Where the key that signs sessions and one-time links is kept (made when absent): "
    "every process of the judge must read the same file "
    "[env SPACESHIPS_WEB_SECRET_FILE; beside an SQLite store: its name and -web-key].",
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
    db: str,
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
    from pbem.steps.weblinks import key_file
    from pbem.storage.database import StoreError, StoreUnavailable, describe_url, sqlite_path
    from pbem.storage.store import open_store

    try:
        path = sqlite_path(db)  # None for PostgreSQL
    except ValueError as exc:
        raise click.UsageError(f"--db {db}: {exc}") from None
    if path is not None and path != ":memory:" and not Path(path).exists():
        # Opening it would make an empty store and show that.
        raise click.UsageError(
            f"no judge database at {path}: give --db (or SPACESHIPS_DB) as the judge has it, "
            "or start the judge first"
        )
    try:
        host, port = parse_host_port("--listen", listen, 8080)
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None
    secret_file = secret_file or key_file(db)
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
    # What a turn played here causes goes to the game's own front end: mailed, or posted by
    # the bot (the console command hands over the keeper: front ends do not import each other).
    keeper = click.get_current_context().meta.get("keeper")
    keeping = None if keeper is None else partial(keep_for, keeper, judge_address)
    url, stop_page = await start_page(store, name, host, port, play, secret, keeping, proxies)
    try:
        click.echo(f"The club page of {described} is at {url}")
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
        await stop_page()


def keep_for(keeper: Callable[[Any, str], Any], judge_address: str, own: Any) -> Any:
    """The keeper over a store of its own (a module-level function: it goes by name to the
    process that composes what a turn causes, pbem.web.later)."""
    return keeper(own, judge_address)


async def start_page(
    store: Any,
    name: str,
    host: str,
    port: int,
    play: bool,
    secret: bytes,
    keeping: Callable[[Any], Callable[[list[Any]], None]] | None,
    proxies: tuple[Any, ...] = (),
) -> tuple[str, Callable[[], Awaitable[None]]]:
    """The club page served on the running loop: its URL, and how to stop it. `keeping`: given
    play's store, the keeper of what a turn played here causes. `proxies`: those whose
    forwarded client addresses are believed (pbem.web.clients)."""
    from aiohttp import web as aioweb

    from pbem.registry import kinds
    from pbem.storage.store import open_store
    from pbem.web.app import Club, ClubRunner, make_app
    from pbem.web.floods import QuietAccepts
    from pbem.web.later import Later
    from pbem.web.play import Play
    from pbem.web.sessions import Signer

    # Out of descriptors, accept() fails again and again: one line a second, not a traceback.
    asyncio.get_running_loop().set_exception_handler(QuietAccepts())
    kinds()  # the games' modules read now: a flood of connections leaves no file to import
    # Play's own store: its judge calls run on a thread of their own, and the list and public
    # pages, read over `store`, never wait behind one (pbem.web.app, issue 42). What a turn
    # causes is composed after its commit in a process of its own (pbem.web.later, issue 44):
    # a mail's pictures never hold up play's thread.
    own = open_store(store.connection.url) if play else store
    later = None if keeping is None or not play else Later(own, keeping)
    played = Play(own, later=later) if play else None
    app = make_app(Club(store, name), played, Signer(secret), proxies)
    runner = ClubRunner(app, access_log=None)

    async def stop() -> None:
        await runner.cleanup()
        if later is not None:
            later.close()
        if own is not store:
            own.close()

    await runner.setup()
    try:
        await aioweb.TCPSite(runner, host, port).start()
    except BaseException:
        await stop()
        raise
    bound = runner.addresses[0]
    shown = f"[{bound[0]}]" if ":" in str(bound[0]) else bound[0]
    return f"http://{shown}:{bound[1]}/", stop


async def start_beside(
    db: str, judge_address: str, keeper: Callable[[Any, str], Any] | None
) -> tuple[list[str], Callable[[], Awaitable[None]]]:
    """The club page beside the mail judge in one process (`spaceships pbem`): play and
    one-time links on, its key kept beside the store (made on the first start), on
    SPACESHIPS_WEB_LISTEN; what to print of it, and how to stop it."""
    from pbem.places import ConfigError, parse_host_port
    from pbem.steps.weblinks import WEB_SECRET_FILE, WEB_URL, key_file, secret_from
    from pbem.storage.store import open_store

    listen = os.environ.get("SPACESHIPS_WEB_LISTEN") or DEFAULT_LISTEN
    try:
        host, port = parse_host_port("SPACESHIPS_WEB_LISTEN", listen, 8080)
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None
    path = key_file(db)
    if path is None:
        raise click.UsageError(
            f"the club page of a PostgreSQL store needs {WEB_SECRET_FILE} (a file every "
            "process of the judge reads; made when absent)"
        )
    try:
        secret = secret_from(path)
    except (OSError, ValueError) as exc:
        raise click.ClickException(f"{WEB_SECRET_FILE} {path}: {exc}") from None
    from pbem.web.clients import ProxyError, trusted_proxies

    try:
        proxies = trusted_proxies(os.environ.get("SPACESHIPS_WEB_TRUSTED_PROXIES", "").split())
    except ProxyError as exc:
        raise click.UsageError(f"SPACESHIPS_WEB_TRUSTED_PROXIES: {exc}") from None
    store = open_store(db)
    keeping = None if keeper is None else partial(keep_for, keeper, judge_address)
    try:
        url, stop = await start_page(
            store, "Spaceships club", host, port, True, secret, keeping, proxies
        )
    except OSError as exc:
        store.close()
        raise click.ClickException(f"cannot serve the club page on {host}:{port}: {exc}") from None
    public = os.environ.setdefault(WEB_URL, url.rstrip("/"))  # what `web NAME` links to
    lines = [f"  The club page is at {url}; players play there (links: `web NAME` by mail)."]
    if public != url.rstrip("/"):
        lines.append(f"    (its public address, in the links: {public})")
    lines.append(f"  The page's key is kept in {path}.")

    async def stop_all() -> None:
        await stop()
        store.close()

    return lines, stop_all


COMMANDS = [web]
