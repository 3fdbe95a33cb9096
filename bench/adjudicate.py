"""Speed of the rules engine: full random games per second and the cost of one turn.

    python bench/adjudicate.py [--games N] [--ruleset 2.6.1|classic] [--seed S] [--repeat R]

Two figures per ruleset:
- play: random legal games played to the end (random orders drawn, checked, adjudicated);
- replay: the same games' written orders checked and adjudicated again from setup (what the
  judge does), giving games per second and microseconds per turn.
Times are CPU seconds of this process (time.process_time), so a busy machine skews them less.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Ruleset, adjudicate, check_orders, new_game  # noqa: E402
from engine.random_play import random_fleet, random_orders  # noqa: E402


def play_games(ruleset: Ruleset, n: int, seed: int) -> list[tuple[object, object, list]]:
    """Random games; returns (fleet A, fleet B, [(orders A, orders B), ...]) for each."""
    rng = random.Random(seed)
    games = []
    for _ in range(n):
        fa, fb = random_fleet(ruleset, rng), random_fleet(ruleset, rng)
        state = new_game(ruleset, fa, fb)
        turns = []
        while not state.over and state.turn <= 300:
            oa, ob = random_orders(state, "A", rng), random_orders(state, "B", rng)
            turns.append((oa, ob))
            state, _ = adjudicate(state, check_orders(state, "A", oa), check_orders(state, "B", ob))
        games.append((fa, fb, turns))
    return games


def replay(ruleset: Ruleset, games: list) -> int:
    turns = 0
    for fa, fb, orders in games:
        state = new_game(ruleset, fa, fb)
        for oa, ob in orders:
            state, _ = adjudicate(state, check_orders(state, "A", oa), check_orders(state, "B", ob))
            turns += 1
    return turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--ruleset", action="append")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="replays to time (best is kept)")
    args = parser.parse_args()
    for name in args.ruleset or ["2.6.1", "classic"]:
        ruleset = Ruleset.from_tags(name)
        play_games(ruleset, 3, 0)  # warm the shape tables and caches
        # CPU time of this process: the machine may be busy with other work.
        t0 = time.process_time()
        games = play_games(ruleset, args.games, args.seed)
        t_play = time.process_time() - t0
        # The best of a few replays: other work on the machine only ever slows a run down.
        t_replay = float("inf")
        for _ in range(args.repeat):
            t0 = time.process_time()
            turns = replay(ruleset, games)
            t_replay = min(t_replay, time.process_time() - t0)
        print(
            f"{name:8} {args.games} games, {turns / args.games:.1f} turns a game: "
            f"play {args.games / t_play:.0f} games/s; "
            f"replay (check + adjudicate) {args.games / t_replay:.0f} games/s, "
            f"{t_replay / turns * 1e6:.0f} us a turn"
        )


if __name__ == "__main__":
    main()
