"""What players still tripped over in Discord (issue 47, item 12): after a rematch against the
computer, the post saying the game begins pings the player."""

from __future__ import annotations

from typing import Any

from bot_support import World


def board_posts(thread: Any) -> list[Any]:
    return [m for m in thread.history() if m.embeds]


async def test_the_begins_post_of_a_rematch_against_the_computer_pings_the_player(
    world: World,
) -> None:
    alice = world.member("alice")
    await alice.slash(world.channel, "spaceships play", game="chess", level="greedy")
    thread = world.thread()
    asked = await alice.slash(thread, "spaceships resign")
    await alice.click(asked.response.message, label=f"Resign {thread.name.split()[-1]}")
    await alice.click(board_posts(thread)[-1], label="Rematch")
    second = world.channel.threads[-1]
    begins = next(m for m in board_posts(second) if m.embeds[0].title.endswith("the game begins"))
    assert f"<@{alice.id}>" in begins.content, begins.content
