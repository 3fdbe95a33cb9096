"""Matches in Discord [9, 10] through the same core as email: a continued match of two games
between two members, the next game opening by itself in the thread, each player told privately
the standings, the carried materiel and what they may build, and the opponent told only that a
fleet is in [10.4]; the final reveal attaches the whole match record."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import simcord
from bot_support import (
    FLEET_A,
    FLEET_B,
    SINKING_ORDERS,
    World,
    attachment_bytes,
    message_record,
    result_record,
    start_game,
)
from patience import SETTLE_SECONDS

from bot import create_bot
from notation.spaceships.matches import parse_match
from pbem.storage.store import open_store

_PBEM_TESTS = str(Path(__file__).resolve().parents[1] / "pbem")
if _PBEM_TESTS not in sys.path:
    sys.path.insert(0, _PBEM_TESTS)

from match_support import with_additional  # noqa: E402

SETTINGS = "match=continued games=2"
# Strikes only, at a fleet placed as FLEET_A: good whatever additional ships the striker has.
STRIKES = (
    "Gx1 Gx2 Gx3 Gy1 Gy2 Gy3 Yw3",
    "Oz5 Bz1 Bz2 Bz3 Bz4 Rv1 Rv2",
    "Rw1 Rw2 Ov1 Ov2 Ow1 Ow2",
)


async def _game(
    world: World, thread: Any, fleet_a: str, orders_a: tuple[str, ...], seen: dict[str, list[Any]]
) -> None:
    """Both fleets in; Alice sinks Bob's fleet (FLEET_A) in three turns, Bob does nothing."""
    alice, bob = world.member("alice"), world.member("bob")
    seen["alice"].append(
        result_record(world.env, await alice.slash(thread, "spaceships fleet", text=fleet_a))
    )
    seen["bob"].append(
        result_record(world.env, await bob.slash(thread, "spaceships fleet", text=FLEET_A))
    )
    for orders in orders_a:
        seen["alice"].append(
            result_record(world.env, await alice.slash(thread, "spaceships orders", text=orders))
        )
        seen["bob"].append(
            result_record(world.env, await bob.slash(thread, "spaceships orders", text="none"))
        )


async def _play_match(world: World, fleet_a_2: str) -> dict[str, Any]:
    seen: dict[str, Any] = {"alice": [], "bob": []}
    thread = await start_game(world, options=SETTINGS)
    await _game(world, thread, FLEET_A, SINKING_ORDERS, seen)
    seen["after game 1"] = {
        "thread": list(thread.history()),
        "alice dms": list(world.dms("alice")),
        "bob dms": list(world.dms("bob")),
    }
    await _game(world, thread, fleet_a_2, STRIKES, seen)
    seen["thread"] = thread
    return seen


async def test_9_10_a_continued_match_of_two_games_in_one_thread(world: World) -> None:
    seen = await _play_match(world, with_additional(FLEET_A, ["DS", "DS", "KC"]))
    thread = seen["thread"]
    assert (
        "Match: a continued match that ends after 2 games" in thread.history()[0].content
    )  # the setup post says it
    after = seen["after game 1"]
    public = "\n".join(_all_text(m) for m in after["thread"])
    assert "Standings after 1 game: alice (A) 22, bob (B) 0" in public, public
    assert "Game 2 of match alice-bob opens" in public
    assert "You carried" not in public  # what a player may build is told to them alone
    alice_dm = _all_text(after["alice dms"][-1])
    bob_dm = _all_text(after["bob dms"][-1])
    assert "You carried 22 materiel" in alice_dm and "Standings after 1 game" in alice_dm
    assert "You carried no materiel" in bob_dm
    # Game 2: Alice's fleet with its additional ships, named back to her alone.
    echo = seen["alice"][-4]
    assert "Additional ships: DS DS KC (from 22 carried materiel [10.3])" in str(echo), echo
    told = [m.content for m in thread.history() if "fleet for alice-bob is in" in m.content]
    assert told[-1].endswith(
        "Your opponent's fleet for alice-bob is in. The game begins when yours is in too.\n```"
    ), told
    posts = thread.history()
    in_game_2 = "\n".join(_all_text(m) for m in posts[len(after["thread"]) :])
    assert "Match alice-bob, game 2 of 2; standings after 1 game: alice (A) 22" in in_game_2
    final = [m for m in posts if m.embeds and m.embeds[0].title == "alice-bob: game over"][-1]
    files = dict(attachment_bytes(world.env, final))
    assert "alice-bob.ssr" in files, list(files)
    record = parse_match(files["alice-bob.ssr"].decode())
    assert len(record.rounds) == 2
    assert "The whole match record is attached" in in_game_2
    assert "alice (A) wins the match" in in_game_2
    # Bob, with DMs open, got his own end of the match too, record attached.
    assert "alice-bob.ssr" in dict(attachment_bytes(world.env, world.dms("bob")[-1]))


async def _swap_run(path: Path, fleet_a_2: str) -> dict[str, Any]:
    store = open_store(path)
    async with simcord.run(create_bot(store, shard_count=1), settle_timeout=SETTLE_SECONDS) as env:
        guild = env.create_guild("Club")
        world = World(env, guild, guild.create_text_channel("spaceships"), store)
        seen = await _play_match(world, fleet_a_2)
        eve = world.member("eve")
        thread = seen.pop("thread")
        seen.pop("after game 1")
        seen["bob dms"] = [message_record(env, m) for m in world.dms("bob")]
        seen["public"] = [
            message_record(env, m)
            for channel in (world.channel, thread)
            for m in channel.history(viewer=eve)
        ]
    store.close()
    return seen


async def test_10_4_alices_additional_ships_change_nothing_bob_or_the_public_sees(
    tmp_path: Path,
) -> None:
    # Alice's game-2 fleet stands clear of Bob's, so that no flashcube data [7.2] names her
    # ships (how a flashcube names a ship of a type she has built more of: see the report).
    one = await _swap_run(tmp_path / "one.sqlite3", with_additional(FLEET_B, ["DS", "DS", "KC"]))
    two = await _swap_run(
        tmp_path / "two.sqlite3",
        with_additional(FLEET_B, ["KC", "KC", "FS", "PC", "LG", "LG"], skip=40),
    )
    # Until the reveal (the last post, and Bob's last DM): byte-identical.
    assert one["bob"] == two["bob"]
    assert one["bob dms"][:-1] == two["bob dms"][:-1]
    assert one["public"][:-1] == two["public"][:-1]
    assert len(one["public"]) > 10
    # The reveal shows Alice's fleet as it was; her own answers differ too.
    assert one["public"][-1] != two["public"][-1] and one["alice"] != two["alice"]


def _all_text(message: Any) -> str:
    parts = [message.content]
    parts += [f"{e.title}\n{e.description}" for e in message.embeds]
    return "\n".join(parts)
