"""Space Go in Discord through simcord: a made-up fourth game (tests/space_go/, one registry
line) is challenged to with its own option, played by `/spaceships orders` and ended, the bot
naming it only in its kind's words (issue 31, item 3)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from bot_support import World, start_game, text_of
from space_go.registered import registered


@pytest.fixture(autouse=True)
def go() -> Iterator[Any]:
    """Registered before the bot starts, so its commands offer the game."""
    with registered() as kind:
        yield kind


async def test_space_go_is_offered_challenged_to_played_and_ended_in_its_thread(
    world: World,
) -> None:
    challenge = world.env.backend.commands
    synced = [c for scope in challenge.values() for c in scope.values()]
    options = {o["name"]: o for o in synced[0]["options"][0]["options"]}
    assert "Space Go" in options["game"]["description"]
    assert {"name": "Space Go", "value": "go"} in options["game"]["choices"]
    assert options["size"]["description"] == "go: the board's size (5 only, so far)"

    thread = await start_game(world, game="go", size="5")
    alice, bob = world.member("alice"), world.member("bob")
    assert thread.name == "Go alice-bob"
    assert "Space Go" in thread.history()[0].content, thread.history()[0].content
    begins = [m for m in thread.history() if m.embeds]
    assert begins and "Turn 1 of alice-bob: name a point" in begins[-1].embeds[0].description

    wrong = text_of(await alice.slash(thread, "spaceships orders", text="z9"))
    assert "`z9` is not a point (hint: a column a-e, a row 1-5: c3)" in wrong, wrong
    for alice_point, bob_point in (("c3", "c3"), ("b2", "a1"), ("c2", "e5")):
        await alice.slash(thread, "spaceships orders", text=alice_point)
        said = text_of(await bob.slash(thread, "spaceships orders", text=bob_point))
        assert "Both players' orders are in: the turn is played" in said, said
    final = [m for m in thread.history() if m.embeds][-1]
    text = "\n".join(e.description for e in final.embeds)
    assert "The game alice-bob is over: A wins; the last turn is played." in text, text
    assert world.store.game("alice-bob").phase == "over"


async def test_a_setting_of_space_go_given_for_another_game_is_refused_by_its_kinds_words(
    world: World,
) -> None:
    posted = await world.member("alice").slash(
        world.channel, "spaceships challenge", member=world.member("bob"), size="5"
    )
    said = text_of(posted)
    assert "`size` is a setting of Space Go: add `game: Space Go`, or leave them out" in said
