"""What the slash commands' options offer and say, shared by every command group: the games
(all, or those with a ladder), the computer's levels, descriptions that fit Discord's 100
characters, and the bot an interaction came to."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from pbem.registry import kinds

Interaction = discord.Interaction[Any]


def bot_of(interaction: Interaction) -> Any:
    """The bot (bot.app.SpaceshipsBot, which imports this module): its service and handlers."""
    return interaction.client


def listed(words: list[str], last: str = "or") -> str:
    """`a`, `a or b`, `a, b or c`."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def fitted(text: str, shorter: str) -> str:
    """A description as Discord takes it: at most 100 characters, else the shorter words."""
    return text if len(text) <= 100 else shorter


def played_choices() -> list[app_commands.Choice[str]]:
    """Every game the judge hosts, in the registry's order: what a challenge may be for."""
    return [app_commands.Choice(name=k.about.title or k.name, value=k.name) for k in kinds()]


def laddered_choices() -> list[app_commands.Choice[str]]:
    """The games with a ladder (a kind with a `score`), in the registry's order."""
    return [
        app_commands.Choice(name=k.about.title or k.name, value=k.name)
        for k in kinds()
        if k.about.score is not None
    ]


def computer_levels() -> list[str]:
    """The computer levels to choose from: every game's whose computer has more than one, in
    the registry's order (a game with one level needs no choice)."""
    levels: list[str] = []
    for kind in kinds():
        if len(kind.about.levels) > 1:
            levels += [level for level in kind.about.levels if level not in levels]
    return levels


def level_help() -> str:
    """The `level` option's description: each game's levels where it has more than one."""
    each = [
        f"{kind.about.title}: {', '.join(kind.about.levels)} (default {kind.about.default_level})"
        for kind in kinds()
        if len(kind.about.levels) > 1
    ]
    return fitted(
        "how strong: " + "; ".join(each),
        "how strong the computer plays (each game's help lists its levels; default: its own)",
    )
