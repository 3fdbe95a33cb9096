"""The Discord bot: `create_bot(store, clock=None)` builds it, configured and ready to run.

One process serves many servers and many games (an AutoShardedBot, default intents only: the
bot reads no message content, everything comes through interactions). At start-up it
registers the buttons of every old message (dynamic items), syncs the slash commands only when
they changed since the last sync, delivers whatever the outbox still holds from before a
restart, and starts the deadline loop.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands, tasks

from bot.commands import build_group
from bot.components import DYNAMIC_ITEMS
from bot.delivery import Delivery
from bot.handlers import Handlers
from bot.service import Service
from pbem.storage.database import StoreUnavailable
from pbem.storage.store import Store, open_store

log = logging.getLogger(__name__)

# The bot speaks in no voice channel: discord.py's warnings that voice would need PyNaCl and
# davey say nothing a judge's keeper can act on.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False

TICK_SECONDS = 60.0
# How often the outbox is looked at for what another process put there (a turn of a Discord
# game played in the browser): a read of one row, cheap enough to do this often.
OUTBOX_SECONDS = 5.0
DM_POINTER = (
    "I read no messages, only slash commands: type `/spaceships help` in a server we share "
    "(I say this once)."
)


class SpaceshipsBot(commands.AutoShardedBot):
    """The Spaceships judge's Discord front end over one store."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], datetime] | None = None,
        *,
        guild_id: int | None = None,
        tick_seconds: float = TICK_SECONDS,
        shard_count: int | None = None,
        outbox_seconds: float = OUTBOX_SECONDS,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            shard_count=shard_count,
            # Nobody is pinged unless a post names them (bot.posts.pinging): member text a
            # post quotes (a name, a refused word) can never ping @everyone or a role.
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.store = store
        self.service = Service(store, clock)
        self.delivery = Delivery(self, self.service)
        self.handlers = Handlers(self)
        self.delivery.prepare = self.handlers.open_threads  # a tournament's games' threads
        self.guild_id = guild_id
        self.tick_seconds = tick_seconds
        self.synced: bool | None = None  # whether the last start-up had to sync commands
        self.ticker = tasks.loop(seconds=tick_seconds)(self._tick)
        self.ticker.error(self._tick_failed)  # type: ignore[arg-type]
        self.courier = tasks.loop(seconds=outbox_seconds)(self._post_pending)
        self.courier.error(self._courier_failed)  # type: ignore[arg-type]

    async def setup_hook(self) -> None:
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        guild = discord.Object(self.guild_id) if self.guild_id else None
        self.tree.add_command(build_group(), guild=guild)
        self.tree.on_error = self._command_failed  # type: ignore[method-assign]
        await self.sync_commands()

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        # Forms are read here by their id, never kept in memory (bot.components.TextForm).
        if interaction.type == discord.InteractionType.modal_submit:
            await self.handlers.read_form(interaction)

    async def on_message(self, message: discord.Message) -> None:
        """A member's own message to the bot in DMs gets one line pointing to the slash
        commands, once per member ever: the bot reads no messages, and answering each one
        would let anyone make it post without end [issue 27]."""
        if message.guild is not None or message.author.bot or message.author == self.user:
            return
        if message.type not in (discord.MessageType.default, discord.MessageType.reply):
            return
        if self.service.first_dm(message.author.id):
            try:
                await message.channel.send(DM_POINTER)
            except discord.HTTPException as exc:
                log.warning("the pointer to the commands did not reach %s: %s", message.author, exc)

    async def on_ready(self) -> None:
        await self.delivery.flush()  # what a restart interrupted
        if not self.ticker.is_running():
            self.ticker.start()
        if not self.courier.is_running():
            self.courier.start()

    async def close(self) -> None:
        self.ticker.cancel()
        self.courier.cancel()
        await super().close()

    # -- commands ---------------------------------------------------------------------------
    def command_fingerprint(self) -> str:
        guild = discord.Object(self.guild_id) if self.guild_id else None
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    async def sync_commands(self) -> bool:
        """Sync the slash commands with Discord if they changed since the last sync (Discord
        limits how often a bot may sync); True if it synced."""
        key = f"commands:{self.application_id}:{self.guild_id or 'global'}"
        fingerprint = self.command_fingerprint()
        if self.service.tables.meta(key) == fingerprint:
            self.synced = False
            return False
        guild = discord.Object(self.guild_id) if self.guild_id else None
        await self.tree.sync(guild=guild)
        with self.store.transaction():
            self.service.tables.set_meta(key, fingerprint)
        log.info("slash commands synced (%s)", f"guild {self.guild_id}" if guild else "global")
        self.synced = True
        return True

    async def _command_failed(
        self, interaction: discord.Interaction[Any], error: discord.app_commands.AppCommandError
    ) -> None:
        log.error("command failed", exc_info=error)
        text = (
            "Something went wrong on the bot's side. Please try again; if it happens again, "
            "tell the server's admins."
        )
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True)

    # -- deadlines ---------------------------------------------------------------------------
    async def _tick(self) -> None:
        """Deadlines and reminders of the Discord games, then deliver what they caused."""
        self.service.judge.tick()
        await self.delivery.flush()

    async def _post_pending(self) -> None:
        """What another process left in the outbox (a web page's turn), posted."""
        if self.service.tables.pending_count():
            await self.delivery.flush()

    async def _courier_failed(self, error: BaseException) -> None:
        if not isinstance(error, StoreUnavailable):  # the deadline loop says that once a tick
            log.error("the outbox loop failed; it goes on", exc_info=error)
        self.courier.restart()

    async def _tick_failed(self, error: BaseException) -> None:
        if isinstance(error, StoreUnavailable):  # a known state (a restart): one line a tick
            log.error("deadlines wait for the database: %s", error)
        else:
            log.error("the deadline loop failed; it goes on", exc_info=error)
        self.ticker.restart()


def create_bot(
    store: str | Path | Store,
    clock: Callable[[], datetime] | None = None,
    *,
    guild_id: int | None = None,
    tick_seconds: float = TICK_SECONDS,
    shard_count: int | None = None,
    outbox_seconds: float = OUTBOX_SECONDS,
) -> SpaceshipsBot:
    """The configured bot (a `discord.ext.commands.AutoShardedBot`), not yet started.

    `store` is the judge's store as the email judge takes it (a path, a `sqlite:///` URL) or
    an open Store; `clock` gives the time for deadlines (UTC now by default); `guild_id`
    syncs the commands to one server only (for testing); run the bot with `bot.start(token)`.
    `/spaceships play` (a game against the computer, spaceships/computer/) is always offered."""
    opened = store if isinstance(store, Store) else open_store(store)
    return SpaceshipsBot(
        opened,
        clock,
        guild_id=guild_id,
        tick_seconds=tick_seconds,
        shard_count=shard_count,
        outbox_seconds=outbox_seconds,
    )
