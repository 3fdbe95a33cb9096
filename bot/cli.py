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

import click

from pbem.places import DEFAULT_DB
from pbem.storage.database import StoreUnavailable, describe_url


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
        else:
            runner.cancel()  # the gateway is closed; do not wait for a reconnect loop
            await asyncio.gather(runner, return_exceptions=True)
    bot.store.close()


COMMANDS = [bot_group]
