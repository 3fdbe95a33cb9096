"""Hidden information in a battle in Discord (readings R13, R14, R16): the swap tests. Bob's
design before the start, and Bob's orders before the phase resolves, are changed between two
runs; everything Alice receives (answers, pictures, buttons, DMs) and everything posted in
public stays byte-identical. Her own design, named like Bob's hidden ships or not, is answered
alike (names are unique per side only, reading R17)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import simcord
from battle_support import DESIGN_A, DESIGN_B, DESIGN_B_ALIKE, DESIGN_B_SWAPPED, start_battle
from bot_support import World, message_record, result_record, text_of
from patience import SETTLE_SECONDS

from bot import create_bot
from pbem.storage.store import open_store


async def _look(env: Any, world: World, thread: Any) -> list[Any]:
    """All Alice can ask for, and all anyone can read in public."""
    alice, eve = world.member("alice"), world.member("eve")
    seen = [
        result_record(env, await alice.slash(thread, f"spaceships {command}"))
        for command in ("status", "history", "board", "games")
    ]
    seen.append(result_record(env, await eve.slash(thread, "spaceships board")))
    seen.append([message_record(env, m) for m in world.dms("alice")])
    seen.append(
        [
            message_record(env, m)
            for channel in (world.channel, thread)
            for m in channel.history(viewer=eve)
        ]
    )
    return seen


async def _play(path: Path, design_b: str, moves_b: str) -> dict[str, Any]:
    store = open_store(path)
    seen: dict[str, Any] = {}
    async with simcord.run(create_bot(store, shard_count=1), settle_timeout=SETTLE_SECONDS) as env:
        guild = env.create_guild("Club")
        world = World(env, guild, guild.create_text_channel("spaceships"), store)
        thread = await start_battle(world)
        alice, bob = world.member("alice"), world.member("bob")
        # Before the start: Bob's design is in, Alice's not yet.
        designed = await bob.slash(thread, "spaceships design", text=design_b)
        assert "Your design is accepted" in text_of(designed), text_of(designed)
        seen["bob design"] = result_record(env, designed)
        seen["before the start"] = await _look(env, world, thread)
        seen["alice design"] = result_record(
            env, await alice.slash(thread, "spaceships design", text=DESIGN_A)
        )
        # In the first movement phase: Bob's moves are in, Alice's not yet.
        sent = await bob.slash(thread, "spaceships orders", text=moves_b)
        assert "Your orders are accepted" in text_of(sent), text_of(sent)
        seen["pending orders"] = await _look(env, world, thread)
    store.close()
    return seen


async def test_bobs_design_is_hidden_until_both_are_in_r16(tmp_path: Path) -> None:
    one = await _play(tmp_path / "one.sqlite3", DESIGN_B, "Raider FFF; Hawk FFFF")
    two = await _play(tmp_path / "two.sqlite3", DESIGN_B_SWAPPED, "Raider FFF; Hawk FFFF")
    assert one["before the start"] == two["before the start"]
    # The test can see a difference: Bob's echo, and once both are in, the designs are public.
    assert one["bob design"] != two["bob design"]
    assert one["pending orders"] != two["pending orders"]
    # Alice's status before the start draws no map: she has no design in yet, and Bob's is
    # not hers to see; her own design's picture comes with her echo.
    assert [n for m in one["before the start"][0] for n, _ in m[2]] == []
    assert [n for m in one["alice design"] for n, _ in m[2]] == ["alice-bob-design-A.png"]


async def test_bobs_orders_are_hidden_until_the_phase_resolves_r14(tmp_path: Path) -> None:
    one = await _play(tmp_path / "one.sqlite3", DESIGN_B, "Raider FFF; Hawk FFFF")
    two = await _play(tmp_path / "two.sqlite3", DESIGN_B, "Raider RFF; Hawk stay")
    assert one["pending orders"] == two["pending orders"]
    assert one["before the start"] == two["before the start"]
    maps = [n for m in one["pending orders"][2] for n, _ in m[2] if n.endswith(".png")]
    assert maps == ["alice-bob-now.png"]  # the public map was compared, byte for byte


async def test_alices_design_named_like_bobs_hidden_ships_is_answered_alike_r16_r17(
    tmp_path: Path,
) -> None:
    # Bob's ships are called as Alice's (Lancer, Warden) in one run, otherwise in the other:
    # her design's answer, its picture and buttons, and all she saw before, are the same.
    one = await _play(tmp_path / "one.sqlite3", DESIGN_B, "Raider FFF; Hawk FFFF")
    two = await _play(tmp_path / "two.sqlite3", DESIGN_B_ALIKE, "Lancer FFF; Warden FFFF")
    assert one["alice design"] == two["alice design"]
    assert one["before the start"] == two["before the start"]
    assert one["pending orders"] != two["pending orders"]  # once begun, the designs are public
