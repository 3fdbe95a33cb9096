"""The seam for a computer opponent (bot.computer): `/spaceships play` plays a game against any
ComputerPlayer, which sees only its own view [1.4]."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord
from bot_support import FLEET_A, FLEET_B, World, text_of

from bot import create_bot
from engine import PlayerView, Ruleset
from pbem.store import Store


class Steady:
    """A test double: one fleet, and a strike on the same cell every turn."""

    name = "Steady"

    def __init__(self) -> None:
        self.views: list[PlayerView] = []

    def fleet(self, ruleset: Ruleset) -> str:
        return FLEET_B

    def orders(self, view: PlayerView) -> str:
        self.views.append(view)
        return "Rv1"


@pytest.fixture
def simcord_bot(store: Store) -> Any:
    return create_bot(store, shard_count=1, computer=Steady())


async def test_a_game_against_the_computer(world: World) -> None:
    alice = world.member("alice")
    started = await alice.slash(world.channel, "spaceships play")
    assert "takes on Steady" in started.response.content
    thread = world.thread()
    assert "Steady (B)" in thread.history()[0].content
    await alice.slash(thread, "spaceships fleet", text=FLEET_A)
    said = text_of(await alice.slash(thread, "spaceships orders", text="Rx4"))
    assert "the turn is adjudicated" in said
    results = [e for m in thread.history() for e in m.embeds if "turn 1 results" in e.title]
    assert results and "Rv1" in results[0].description
    computer = world.bot.computer
    assert [v.player for v in computer.views] == ["B", "B"]  # its own view, turn 1 and 2
    assert computer.views[0].opponent_fleet is None  # never the opponent's fleet


async def test_without_a_computer_there_is_no_play_command(tmp_path: Path) -> None:
    from pbem.store import open_store

    store = open_store(tmp_path / "j.sqlite3")
    async with simcord.run(create_bot(store, shard_count=1)) as env:
        channel = env.create_guild("Club").create_text_channel("general")
        alice = env.guild.add_member(env.create_user("alice"))
        names = alice.available_commands(channel)
        assert "spaceships challenge" in names and "spaceships play" not in names
    store.close()
