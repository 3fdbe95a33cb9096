"""`spaceships bot run`: the Discord bot, until SIGTERM or Ctrl-C (docs/discord.md).

The token comes from the environment (DISCORD_TOKEN) only, never from an option or a file in
the tree; the store is the email judge's (--db / SPACESHIPS_DB), so both front ends may run on
one store, each with its own games.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Callable

import click

from pbem.places import DEFAULT_DB
from pbem.storage.database import StoreUnavailable, describe_url

EX_TEMPFAIL = 75  # sysexits.h: a passing failure; a service manager starts the bot again
RETRY_FIRST, RETRY_LONGEST = 10.0, 300.0  # the bot beside the mail judge tries again so
log = logging.getLogger("bot")


class NoDiscord(click.ClickException):
    """Discord cannot be reached (no network, no name service, Discord down): one line, exit
    75, for a service manager to start the bot again later (docs/discord.md's unit does)."""

    exit_code = EX_TEMPFAIL


def unreachable(exc: BaseException) -> bool:
    """Whether an error of the bot's connection means Discord cannot be reached for now."""
    import aiohttp
    import discord

    if isinstance(exc, discord.HTTPException):
        return exc.status >= 500
    return isinstance(exc, OSError | aiohttp.ClientError | TimeoutError | discord.GatewayNotFound)


class OneLine(logging.Filter):
    """discord.py logs a lost connection with its whole trace (`Attempting a reconnect`):
    the network away is one line, its cause at the end."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None and unreachable(record.exc_info[1]):
            cause = record.exc_info[1]
            record.msg = f"{record.getMessage()}: Discord cannot be reached ({_said(cause)})"
            record.args, record.exc_info, record.exc_text = (), None, None
        return True


def _said(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


@click.group(name="bot")
def bot_group() -> None:
    """The Discord bot: play Spaceships in a Discord server (docs/discord.md)."""


@bot_group.command()
@click.option(
    "--db",
    metavar="PATH|URL",
    envvar="SPACESHIPS_DB",
    default=DEFAULT_DB,
    show_default=True,
    help="the judge's store, as the email judge takes it [env SPACESHIPS_DB]",
)
@click.option(
    "--guild",
    "guild_id",
    type=int,
    envvar="SPACESHIPS_DISCORD_GUILD",
    metavar="ID",
    help="sync the commands to this server only, at once (for testing) "
    "[env SPACESHIPS_DISCORD_GUILD; default: every server, which Discord may take a while "
    "to show]",
)
@click.option("-v", "--verbose", is_flag=True, help="log what the bot does")
def run(db: str, guild_id: int | None, verbose: bool) -> None:
    """Run the Discord bot; the token is read from DISCORD_TOKEN."""
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise click.UsageError(
            "set DISCORD_TOKEN in the environment to your bot's token (Discord Developer "
            "Portal > your application > Bot > Reset Token); see docs/discord.md"
        )
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    quiet_discord()
    from bot.app import create_bot

    try:
        bot = create_bot(db, guild_id=guild_id)
    except (ValueError, OSError) as exc:
        raise click.ClickException(f"cannot open the judge's store: {exc}") from exc
    except StoreUnavailable as exc:  # PostgreSQL stopped or unreachable: say so, no trace
        raise click.ClickException(f"{exc}; start it (or check the URL) and try again") from None
    click.echo(
        f"Spaceships bot: store {describe_url(str(db))}; commands "
        + (f"for server {guild_id}" if guild_id else "for every server")
        + ". Ctrl-C or SIGTERM stops it.",
        err=True,
    )
    try:
        asyncio.run(serve(bot, token))
    except KeyboardInterrupt:
        pass
    click.echo("Spaceships bot stopped.", err=True)


async def serve(bot: object, token: str) -> None:
    """Run until the bot stops or a signal asks it to; then close it cleanly (the gateway
    session, the deadline loop, the store)."""
    import discord

    from bot.app import SpaceshipsBot

    assert isinstance(bot, SpaceshipsBot)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not on this platform
            pass
    async with bot:
        runner = asyncio.create_task(bot.start(token))
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        await bot.close()
        stopper.cancel()
        if runner in done:
            try:
                runner.result()
            except discord.LoginFailure as exc:
                raise click.ClickException(
                    "Discord refused the token in DISCORD_TOKEN; reset it in the Developer "
                    "Portal and set it again"
                ) from exc
            except discord.PrivilegedIntentsRequired as exc:  # never asked for; say it anyway
                raise click.ClickException(str(exc)) from exc
            except Exception as exc:
                if not unreachable(exc):
                    raise
                raise NoDiscord(
                    f"cannot reach Discord ({_said(exc)}): is this machine on the network? "
                    f"Stopped with status {EX_TEMPFAIL}; start it again once it is (a systemd "
                    "unit with Restart=on-failure does)"
                ) from None
        else:
            runner.cancel()  # the gateway is closed; do not wait for a reconnect loop
            await asyncio.gather(runner, return_exceptions=True)
    bot.store.close()


def quiet_discord() -> None:
    """discord.py's network errors as one line each (`OneLine`)."""
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, OneLine) for f in handler.filters):
            handler.addFilter(OneLine())


async def start_beside(db: str) -> tuple[list[str], Callable[[], Awaitable[None]]]:
    """The bot beside the mail judge in one process (`spaceships pbem` with DISCORD_TOKEN):
    connected in a task of its own; Discord out of reach is one line, then tried again (first
    in RETRY_FIRST s, then less often), never a stop of the mail judge. What to print of it,
    and how to stop it."""
    import discord

    from bot.app import SpaceshipsBot, create_bot

    quiet_discord()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    try:
        first = create_bot(db)
    except (ValueError, OSError, StoreUnavailable) as exc:
        raise click.ClickException(
            f"the Discord bot cannot open the judge's store: {exc}"
        ) from None
    bots: list[SpaceshipsBot] = [first]

    async def connected() -> None:
        wait = RETRY_FIRST
        while True:
            bot = bots[-1]
            try:
                async with bot:
                    await bot.start(token)
                return
            except discord.LoginFailure:
                log.error("Discord refused the token in DISCORD_TOKEN: the bot stays away")
                return
            except Exception as exc:
                if not unreachable(exc):
                    log.exception("the Discord bot stopped")
                    return
                log.error(
                    "the Discord bot cannot reach Discord (%s); trying again in %g s",
                    _said(exc),
                    wait,
                )
            finally:
                bot.store.close()
            await asyncio.sleep(wait)
            wait = min(wait * 2, RETRY_LONGEST)
            bots.append(create_bot(db))

    task = asyncio.create_task(connected())

    async def stop() -> None:
        await bots[-1].close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    return ["  The Discord bot is connecting to Discord (DISCORD_TOKEN is set)."], stop


COMMANDS = [bot_group]
