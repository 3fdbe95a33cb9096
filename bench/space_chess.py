"""Space Chess: move generation speed, perft counts, the computer's decision time and strength.

    python bench/space_chess.py [--games N] [--jobs J] [--max-turns T] [--perft-depth D]
                                [--pairings A-B,C-D] [--minutes M] [--each]

Perft counts every sequence of actions from the start (a turn of two actions is two plies, the
battle stage comes with a turn's last action; spacechess.engine.rules.perft) and how many positions
a second that is. Then head to head, each pairing over --games games, the sides swapped every
other game, each game from its own seed: the default level (search) against greedy and against
random, the top level (deep) against `before` (the default level as it was before issue 34:
its turns against the opponent's forcing replies only, 50,000 units of work), and greedy
against random. Decided games are those won by one side; a game still going at the turn
limit, or drawn by the rules [SC12], is undecided: `won of all` counts it as not won.
Decision time is per turn, each level's mean and worst over the games it played. With --jobs,
games are played in that many processes (on a busy machine, times grow with the load: the
table says what the load was).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from notation.spacechess.record import Record  # noqa: E402
from spacechess.computer.match import play_game, record_of  # noqa: E402
from spacechess.computer.player import DEFAULT_LEVEL, Computer  # noqa: E402
from spacechess.computer.search import searched_turn  # noqa: E402
from spacechess.engine.check import replay  # noqa: E402
from spacechess.engine.position import start  # noqa: E402
from spacechess.engine.rules import perft  # noqa: E402

PAIRINGS = (
    (DEFAULT_LEVEL, "greedy"),
    (DEFAULT_LEVEL, "random"),
    ("deep", "before"),
    ("greedy", "random"),
)
BEFORE_BUDGET = 50_000  # the default level's work per turn before issue 34


class Before:
    """The default level as it was before issue 34, to measure the levels of today against."""

    level = "before"

    def __init__(self, seed: str) -> None:
        self.seed = seed

    def turn(self, position, seen):  # type: ignore[no-untyped-def]
        rng = random.Random(f"{self.seed}/{position.turn}/{position.actions_left}")
        return searched_turn(position, rng, BEFORE_BUDGET, seen).actions


def computer(level: str, seed: str):  # type: ignore[no-untyped-def]
    """A level of today, or `before`."""
    return Before(seed) if level == "before" else Computer(level, seed)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    ap.add_argument("--jobs", type=int, default=1, help="processes playing games (default 1)")
    ap.add_argument("--max-turns", type=int, default=200, help="turn limit of a game")
    ap.add_argument("--perft-depth", type=int, default=3, help="deepest perft (default 3)")
    ap.add_argument("--pairings", default="all", help="all, or e.g. search-greedy,greedy-random")
    ap.add_argument("--each", action="store_true", help="also print every game's outcome")
    ap.add_argument(
        "--minutes", type=float, default=0, help="start no game after this long (0: no limit)"
    )
    args = ap.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    perft_table(args.perft_depth)
    pairings = PAIRINGS
    if args.pairings != "all":
        pairings = tuple(tuple(p.split("-")) for p in args.pairings.split(","))  # type: ignore[misc]
    head_to_head(pairings, args.games, args.jobs, args.max_turns, args.each, args.minutes)
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")


def perft_table(depth: int) -> None:
    print("perft from the start position (actions; a turn is 2, the first turn 1): the last ply")
    print("is counted, not made, as perft usually does; `made/s` counts the positions made")
    print(f"{'depth':>5} {'positions':>12} {'seconds':>9} {'positions/s':>12} {'made/s':>9}")
    counts: list[int] = []
    for d in range(1, depth + 1):
        t0 = time.perf_counter()
        count = perft(start(), d)
        seconds = time.perf_counter() - t0
        made = sum(counts)  # every position of the plies above the last
        counts.append(count)
        rate = f"{made / seconds:>9,.0f}" if made else f"{'-':>9}"
        print(f"{d:>5} {count:>12,} {seconds:>9.2f} {count / seconds:>12,.0f} {rate}")


def _one_game(
    job: tuple[str, str, int, int],
) -> tuple[str, str, int, str | None, int, dict, str, bool]:
    """One game of `first` against `second`; `first` plays the Terrans in even-numbered games.
    Returns the levels by side, the game number, the result, the turns, each level's decision
    times, how it ended, and whether its record, written and read back, replays by the rules
    (`spaceships chess check`) to the same result: a game that ended legally."""
    first, second, number, max_turns = job
    levels = {0: first, 1: second} if number % 2 == 0 else {0: second, 1: first}
    times: dict[str, list[tuple[float, float]]] = defaultdict(list)

    def player(level: str, side: int):  # type: ignore[no-untyped-def]
        chooser = computer(level, f"bench-{number}-{side}")

        def turn(position, seen):  # type: ignore[no-untyped-def]
            t0, c0 = time.perf_counter(), time.process_time()
            actions = chooser.turn(position, seen)
            times[level].append((time.perf_counter() - t0, time.process_time() - c0))
            return actions

        return turn

    game = play_game({side: player(level, side) for side, level in levels.items()}, max_turns)
    text = str(record_of(game.turns, game.result, (("Game", "Space Chess"),)))
    checked = replay(Record.parse(text))
    legal = (
        checked.problem is None
        and checked.position is not None
        and checked.position.result == game.result
    )
    return (
        levels[0],
        levels[1],
        number,
        game.result,
        len(game.turns),
        dict(times),
        game.reason,
        legal,
    )


def head_to_head(
    pairings: tuple[tuple[str, str], ...],
    games: int,
    jobs: int,
    max_turns: int,
    each: bool,
    minutes: float = 0,
) -> None:
    # The pairings take turns, so that a run cut short by --minutes has played each alike.
    jobs_list = [(a, b, n, max_turns) for n in range(games) for a, b in pairings]
    results = []
    t0 = time.perf_counter()

    def told(result: tuple) -> None:  # type: ignore[type-arg]
        results.append(result)
        if each:
            terrans, aliens, number, outcome, turns, _, reason, _ = result
            print(
                f"game {number}: Terrans {terrans}, Aliens {aliens}: {outcome} after "
                f"{turns} turns, {reason}",
                flush=True,
            )

    # With --minutes, no game starts after that time; those started are played out, and the
    # tables count the games played.
    stop = t0 + 60 * minutes if minutes else float("inf")
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            futures = [pool.submit(_one_game, job) for job in jobs_list]
            for future in as_completed(futures):
                if not future.cancelled():
                    told(future.result())
                if time.perf_counter() > stop:
                    for other in futures:
                        other.cancel()
    else:
        for job in jobs_list:
            if time.perf_counter() > stop:
                break
            told(_one_game(job))
    wall = time.perf_counter() - t0
    print(
        f"\nhead to head: {games} games a pairing asked, {len(results)} played, sides swapped "
        "every other game, "
        f"at most {max_turns} turns; {wall / 60:.1f} min with {jobs} job(s)"
    )
    print(
        f"{'pairing':24} {'games':>5} {'wins':>5} {'losses':>7} {'undecided':>10} "
        f"{'won of all':>11} {'won of decided':>15} {'turns (median)':>15} {'ended legally':>14}"
    )
    times: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for a, b in pairings:
        wins = losses = undecided = 0
        lengths = []
        legal = 0
        for terrans, aliens, _, result, turns, level_times, _, ok in results:
            if {terrans, aliens} != {a, b} or (a == b and terrans != a):
                continue
            lengths.append(turns)
            legal += ok
            for level, values in level_times.items():
                times[level] += values
            a_side = "T" if terrans == a else "A"
            if result in ("T", "A"):
                wins += result == a_side
                losses += result != a_side
            else:
                undecided += 1
        decided = wins + losses
        share = f"{100 * wins / decided:.0f}%" if decided else "-"
        of_all = f"{100 * wins / len(lengths):.1f}%" if lengths else "-"
        print(
            f"{a + ' vs ' + b:24} {len(lengths):>5} {wins:>5} {losses:>7} {undecided:>10} "
            f"{of_all:>11} {share:>15} "
            f"{statistics.median(lengths) if lengths else 0:>15.0f} "
            f"{f'{legal} of {len(lengths)}':>14}"
        )
    print(
        "\ndecision time per turn, in seconds: on the clock (what a player waits) and of the "
        "processor (what the\nsame decision costs on a quiet machine)"
    )
    print(
        f"{'level':10} {'turns':>7} {'clock mean':>11} {'clock worst':>12} "
        f"{'cpu mean':>9} {'cpu worst':>10}"
    )
    for level in sorted(times):
        wall = [w for w, _ in times[level]]
        cpu = [c for _, c in times[level]]
        print(
            f"{level:10} {len(wall):>7} {statistics.mean(wall):>11.3f} {max(wall):>12.3f} "
            f"{statistics.mean(cpu):>9.3f} {max(cpu):>10.3f}"
        )


if __name__ == "__main__":
    main()
