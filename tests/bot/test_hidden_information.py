"""Hidden information in Discord [1.4, 2.2]: the swap test over every message, embed and
picture the bot sends. The same game is played twice with Bob's fleet placed otherwise where
Alice's shots never reach; everything Alice receives (answers, DMs, buttons' answers) and
everything posted in public stays byte-identical, pictures included."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord
from bot_support import (
    FLEET_A,
    FLEET_B,
    FLEET_B_SWAPPED,
    World,
    message_record,
    result_record,
    start_game,
)
from patience import SETTLE_SECONDS

from bot import create_bot
from pbem.storage.store import open_store

TURNS = [("Rx4 Bv1 Rv5 Ov5 Gv1", "Oz5 Rv5 Rz1"), ("Gv2 Gv3", "Gx1")]


async def _play(path: Path, fleet_b: str) -> dict[str, Any]:
    store = open_store(path)
    seen: dict[str, Any] = {"alice": [], "bob": []}
    async with simcord.run(create_bot(store, shard_count=1), settle_timeout=SETTLE_SECONDS) as env:
        guild = env.create_guild("Club")
        world = World(env, guild, guild.create_text_channel("spaceships"), store)
        thread = await start_game(world)
        alice, bob, eve = world.member("alice"), world.member("bob"), world.member("eve")
        seen["alice"].append(
            result_record(env, await alice.slash(thread, "spaceships fleet", text=FLEET_A))
        )
        seen["bob"].append(
            result_record(env, await bob.slash(thread, "spaceships fleet", text=fleet_b))
        )
        for orders_a, orders_b in TURNS:
            seen["alice"].append(
                result_record(env, await alice.slash(thread, "spaceships orders", text=orders_a))
            )
            seen["bob"].append(
                result_record(env, await bob.slash(thread, "spaceships orders", text=orders_b))
            )
        for command in ("status", "history", "board"):
            seen["alice"].append(
                result_record(env, await alice.slash(thread, f"spaceships {command}"))
            )
        seen["eve"] = [result_record(env, await eve.slash(thread, "spaceships board"))]
        last = [m for m in thread.history() if m.embeds][-1]
        seen["alice"].append(result_record(env, await alice.click(last, label="View my results")))
        seen["alice dms"] = [message_record(env, m) for m in world.dms("alice")]
        seen["bob dms"] = [message_record(env, m) for m in world.dms("bob")]
        seen["public"] = [
            message_record(env, m)
            for channel in (world.channel, thread)
            for m in channel.history(viewer=eve)
        ]
    store.close()
    return seen


async def test_everything_alice_and_the_public_see_is_the_same_whatever_bob_hides(
    tmp_path: Path,
) -> None:
    one = await _play(tmp_path / "one.sqlite3", FLEET_B)
    two = await _play(tmp_path / "two.sqlite3", FLEET_B_SWAPPED)
    for reader in ("alice", "alice dms", "public", "eve"):
        assert one[reader] == two[reader], reader
    # The test can see a difference: Bob's own messages do change with his fleet.
    assert one["bob"] != two["bob"] and one["bob dms"] != two["bob dms"]
    # And it compared pictures: the public posts and Alice's DMs carry PNGs.
    pictures = [f for m in one["public"] + one["alice dms"] for f, _ in m[2] if f.endswith(".png")]
    assert len(pictures) >= 4


async def test_a_players_echo_never_reaches_the_thread(world: World) -> None:
    thread = await start_game(world)
    alice = world.member("alice")
    echo = await alice.slash(thread, "spaceships fleet", text=FLEET_A)
    assert echo.ephemeral
    eve = world.member("eve")
    for message in thread.history(viewer=eve) + world.channel.history(viewer=eve):
        assert "Rv1" not in message.content
        assert all("Rv1" not in (e.description or "") for e in message.embeds)
