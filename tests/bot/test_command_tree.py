"""The slash commands as synced with Discord (every command, option, choice and description)
equal the stored snapshot tests/bot/command_tree.json, so moving modules (issue 21) cannot
change what members see in Discord's command picker unnoticed; --update-goldens renews it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from bot_support import World
from goldens import check_golden

SNAPSHOT = Path(__file__).resolve().parent / "command_tree.json"
# Given by Discord at the sync, not by the bot: the ids of the application and commands.
ASSIGNED = ("id", "application_id", "guild_id", "version")


def synced(world: World) -> list[dict[str, Any]]:
    """The commands Discord holds after the bot's start-up sync, by scope and name."""
    commands = world.env.backend.commands
    assert commands, "the bot synced no commands"
    return [
        {k: v for k, v in command.items() if k not in ASSIGNED}
        for scope in sorted(commands, key=lambda s: s or 0)
        for _, command in sorted(commands[scope].items())
    ]


async def test_the_synced_command_tree_is_the_stored_snapshot(
    world: World, request: pytest.FixtureRequest
) -> None:
    tree = synced(world)
    assert [c["name"] for c in tree] == ["spaceships"]
    check_golden(SNAPSHOT, tree, request.config)
