"""Bench: the Discord bot through a simulated Discord (simcord, the real discord.py).

Plays games between two simulated members over a real SQLite store in a temporary folder,
and prints:
  - interactions handled per second, by kind: an orders submission (answered privately and
    replaced, as players do while thinking), `/spaceships status` (a picture of the player's
    own view), and `/spaceships board` (the public picture);
  - the time from the second player's orders to the turn's results being posted (the thread's
    embed and picture, both players' DMs with their pictures): goal < 1 s.

Times are wall-clock, including the simulated Discord's own work (it runs discord.py's
parsers and the bot's callbacks for real, in this process).

    python bench/bot.py [--interactions 40] [--turns 8]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import create_bot  # noqa: E402
from pbem.storage.store import open_store  # noqa: E402

FLEET = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
# Turn after turn, strikes on empty cells of the other fleet: the game lasts.
EMPTY = ["Rz1", "Rz2", "Rz3", "Oz1", "Oz2", "Oz3", "Yz1"]


def orders_for(turn: int) -> str:
    column = "vwxyz"[turn % 5]
    return " ".join(f"{c}{column}5" for c in "ROYG") if turn % 2 else " ".join(EMPTY[:3])


async def run(interactions: int, turns: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder) / "bench.sqlite3")
        async with simcord.run(create_bot(store, shard_count=1), check_errors=True) as env:
            guild = env.create_guild("Bench")
            channel = guild.create_text_channel("spaceships")
            alice = guild.add_member(env.create_user("alice"))
            bob = guild.add_member(env.create_user("bob"))
            posted = await alice.slash(channel, "spaceships challenge", member=bob)
            await bob.click(posted.response.message, label="Accept")
            thread = channel.threads[-1]
            await alice.slash(thread, "spaceships fleet", text=FLEET)
            await bob.slash(thread, "spaceships fleet", text=FLEET)

            rates = []
            for label, command, options in (
                ("orders (replaced)", "spaceships orders", {"text": "Rz1 Rz2"}),
                ("status (own picture)", "spaceships status", {}),
                ("board (public picture)", "spaceships board", {}),
            ):
                start = time.perf_counter()
                for _ in range(interactions):
                    result = await alice.slash(thread, command, **options)
                    assert result.acknowledged
                elapsed = time.perf_counter() - start
                rates.append((label, interactions / elapsed, 1000 * elapsed / interactions))

            latencies = []
            for turn in range(1, turns + 1):
                await alice.slash(thread, "spaceships orders", text=orders_for(turn))
                before = len(thread.history())
                start = time.perf_counter()
                await bob.slash(thread, "spaceships orders", text=orders_for(turn + 1))
                latencies.append(time.perf_counter() - start)
                assert len(thread.history()) > before, "no results posted"
        store.close()

    print(f"Interactions through simcord ({interactions} each, one store, one process)")
    print(f"  {'kind':<24} {'per second':>10} {'ms each':>9}")
    for label, rate, each in rates:
        print(f"  {label:<24} {rate:>10.1f} {each:>9.1f}")
    print()
    print(f"Second player's orders to the turn's results posted ({turns} turns)")
    print(f"  {'median':>8} {'p90':>8} {'max':>8}   goal < 1 s")
    ordered = sorted(latencies)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    print(
        f"  {statistics.median(ordered):>7.3f}s {p90:>7.3f}s {ordered[-1]:>7.3f}s   "
        + ("met" if ordered[-1] < 1 else "NOT met")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--interactions", type=int, default=40)
    parser.add_argument("--turns", type=int, default=8)
    args = parser.parse_args()
    asyncio.run(run(args.interactions, args.turns))


if __name__ == "__main__":
    main()
