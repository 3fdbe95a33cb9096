"""Outbox rows kept before rows carried their sights (pbem.kinds.shown) are delivered as before: the
game decorates them on delivery, so the post, its picture and its file name are the same."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from battle_support import DESIGN_A, DESIGN_B, play_phase, start_battle
from bot_support import FLEET_A, FLEET_B, World, start_game

import bot.posts as posts
from bot.addresses import member_address, thread_address
from bot.delivery import private_posts
from bot.store import OutboxEntry


def _old(entry: OutboxEntry) -> OutboxEntry:
    message = {key: value for key, value in entry.message.items() if key != "sights"}
    return replace(entry, message=message)


def _post_of(post: posts.Post) -> tuple[Any, ...]:
    return (post.content, [e.to_dict() for e in post.embeds], post.files)


async def test_an_old_players_row_gives_the_same_post(world: World) -> None:
    thread = await start_game(world)
    alice, bob = world.member("alice"), world.member("bob")
    await alice.slash(thread, "spaceships fleet", text=FLEET_A)
    await bob.slash(thread, "spaceships fleet", text=FLEET_B)
    await alice.slash(thread, "spaceships orders", text="Rx4 Bv1")
    await bob.slash(thread, "spaceships orders", text="Rv1 Gx1")
    service, game = world.bot.service, world.store.game("alice-bob")
    for kind, turn, member, seat in (("begin", 0, alice, "A"), ("turn", 1, bob, "B")):
        entry = service.tables.message_for(game.id, kind, turn, member_address(member.id))
        assert entry is not None and entry.message["sights"], entry
        now, old = private_posts(service, entry), private_posts(service, _old(entry))
        assert [_post_of(p) for p in old] == [_post_of(p) for p in now]
        label = "start" if kind == "begin" else "turn1"
        assert now[0].files[0][0] == f"alice-bob-{label}-{seat}.png"
    # The thread's public board of turn 1, from the row's sight and from the game's decorate.
    address = thread_address(thread.id)
    entry = service.tables.message_for(game.id, "turn", 1, address)
    assert entry is not None
    sights = posts.sights_of(world.store, game, entry.message, None)
    assert sights == posts.sights_of(world.store, game, _old(entry).message, None)
    drawn = posts.drawn(world.store, game, sights, address)
    assert drawn is not None and drawn[0] == "alice-bob-turn1.png"


async def test_an_old_battle_row_gives_the_same_map(world: World) -> None:
    thread = await start_battle(world)
    await world.member("alice").slash(thread, "spaceships design", text=DESIGN_A)
    await world.member("bob").slash(thread, "spaceships design", text=DESIGN_B)
    await play_phase(world, thread)
    service, game = world.bot.service, world.store.game("alice-bob")
    address = thread_address(thread.id)
    for kind, turn, name in (("begin", 1, "alice-bob-phase0.png"), ("turn", 1, None)):
        entry = service.tables.message_for(game.id, kind, turn, address)
        assert entry is not None
        sights = posts.sights_of(world.store, game, entry.message, None)
        assert sights == posts.sights_of(world.store, game, _old(entry).message, None)
        drawn = posts.drawn(world.store, game, sights, address)
        assert drawn is not None and drawn[0] == (name or "alice-bob-phase1.png")
