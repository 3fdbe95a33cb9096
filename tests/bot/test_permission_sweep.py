"""The audit's permission probes kept as tests [issue 27]: a member who plays no part in a game
tries every slash command on it (in its thread and by name from the channel) and presses every
button the bot ever posted there; a player who is not the game master tries its settings; a
challenger tries to take their own challenge. Each is refused privately, saying why, and
nothing of the game changes."""

from __future__ import annotations

from typing import Any

import pytest
from battle_support import start_battle
from bot_support import FLEET_A, FLEET_B, World, pings_only, start_game, text_of

REFUSED = ("Not your game", "Only the member who created", "This challenge is for")
# Every slash command that acts on a game, with options a player would give.
ON_A_GAME: list[tuple[str, dict[str, Any]]] = [
    ("fleet", {"text": FLEET_A}),
    ("fleet", {"file": ("fleet.ssr", FLEET_A.encode())}),
    ("fleet", {}),
    ("design", {"text": "Lancer E-SAI(Gf)I(Xf)IIV"}),
    ("design", {}),
    ("orders", {"text": "Rv1"}),
    ("orders", {"text": "none"}),
    ("orders", {}),
    ("status", {}),
    ("resign", {}),
    ("settings", {"deadline": "1h"}),
    ("settings", {}),
]


def snapshot(world: World) -> list[tuple[Any, ...]]:
    """What a change to any game would show: every game's phase, turn, deadline rule and
    state, every seat's fleet."""
    rows = world.store.connection.execute("SELECT id FROM games ORDER BY id").fetchall()
    out: list[tuple[Any, ...]] = []
    for (game_id,) in rows:
        game = world.store.game_by_id(game_id)
        seats = world.store.players(game.id)
        out.append(
            (game.name, game.phase, game.turn, game.deadline_rule, game.state)
            + tuple((s, p.address, p.fleet) for s, p in sorted(seats.items()))
        )
    return out


async def probe(eve: Any, where: Any, command: str, options: dict[str, Any]) -> str:
    result = await eve.slash(where, f"spaceships {command}", **options)
    said = text_of(result)
    assert result.modal is None, (command, options)
    assert result.ephemeral and any(r in said for r in REFUSED), (command, options, said)
    return said


async def press_everything(eve: Any, thread: Any) -> int:
    """Eve presses every button under every post of the thread."""
    pressed = 0
    for message in thread.history():
        for row in message.components:
            for item in row.children:
                custom_id = getattr(item, "custom_id", None)
                if custom_id is None:
                    continue
                result = await eve.click(message, custom_id=custom_id)
                said = text_of(result)
                assert result.modal is None and result.ephemeral, (custom_id, said)
                assert any(r in said for r in REFUSED), (custom_id, said)
                pressed += 1
    return pressed


@pytest.mark.parametrize("private", [False, True])
async def test_a_member_outside_a_game_can_do_nothing_to_it(world: World, private: bool) -> None:
    thread = await start_game(world, private=private)
    alice, bob, eve = world.member("alice"), world.member("bob"), world.member("eve")
    await alice.slash(thread, "spaceships fleet", text=FLEET_A)
    await bob.slash(thread, "spaceships fleet", text=FLEET_B)
    before = snapshot(world)
    for command, options in ON_A_GAME:
        if not private:  # a private thread Discord itself keeps her out of
            await probe(eve, thread, command, options)
        said = await probe(eve, world.channel, command, {**options, "game": "alice-bob"})
        assert "DS Rv1" not in said and "DS Rx4" not in said
    if not private:
        assert await press_everything(eve, thread) >= 2
    said = await probe(bob, thread, "settings", {"deadline": "1h"})
    assert "Only the member who created" in said
    assert snapshot(world) == before
    pings_only(world, {alice.id, bob.id})


async def test_a_member_outside_a_battle_can_do_nothing_to_it(world: World) -> None:
    thread = await start_battle(world)
    alice, bob, eve = world.member("alice"), world.member("bob"), world.member("eve")
    await alice.slash(thread, "spaceships design", text="Lancer E-SAI(Gf)I(Xf)IIV")
    before = snapshot(world)
    for command, options in ON_A_GAME:
        await probe(eve, thread, command, options)
    assert await press_everything(eve, thread) >= 1
    assert snapshot(world) == before
    pings_only(world, {alice.id, bob.id})


async def test_nobody_takes_a_challenge_not_theirs(world: World) -> None:
    alice, bob, eve = world.member("alice"), world.member("bob"), world.member("eve")
    posted = await alice.slash(world.channel, "spaceships challenge", member=bob)
    for who, label in ((eve, "Accept"), (eve, "Decline"), (alice, "Accept")):
        result = await who.click(posted.response.message, label=label)
        said = text_of(result)
        assert result.ephemeral and ("This challenge is for" in said or "own" in said), said
    assert world.channel.threads == [] and snapshot(world) == []
