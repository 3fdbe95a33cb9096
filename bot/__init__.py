"""The Discord front end of the Spaceships judge: slash commands, buttons and posts over the
same judge core and store as the email judge. `create_bot(store, clock=None)` builds the bot;
`spaceships bot run` runs it. See docs/discord.md and docs/architecture.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.app import SpaceshipsBot

__all__ = ["create_bot"]


def create_bot(store: Any, clock: Any = None, **options: Any) -> SpaceshipsBot:
    """The configured `discord.ext.commands.AutoShardedBot` (see bot.app.create_bot)."""
    from bot.app import create_bot as create

    return create(store, clock, **options)
