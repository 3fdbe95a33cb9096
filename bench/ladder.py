"""The club ladder's ratings: does a season order players right, and what each computer level
is worth on the ladder, printed as tables.

    python bench/ladder.py season [--seasons N] [--players 20] [--games 200] [--seed S]
    python bench/ladder.py levels [--games N] [--battles N] [--chess N] [--jobs J]

`season`: players of known strength (their true ratings spread evenly 900..2100) play a season
of random pairings; each game's result is drawn from the Elo chance of their true strengths
(independent of the rating library), and rated by pbem.club.ratings as the judge rates it. Prints
one season's final ladder beside the true order, and over all seasons the Spearman rank
correlation of the final ladder with the true strengths (1 = perfect order).

`levels`: the computer's Spaceships levels play each other (spaceships.computer.match.computer_game,
seats alternating, every pair the same number of games), and the battle computer plays
autoplay's plain player (battles.computer.match.play_battle, fleets swapped), and the Space
Chess levels play each other (spacechess.computer.match.play_game, --chess games a pair, sides
swapped, at most 200 turns: a game still going then is a draw, as the rules' limits would make
it); the games are rated in an interleaved order, every level starting at 1500 ±500. `--only
chess` (or spaceships, battles) measures one game alone. The final ratings are the
figures written in each game kind's computer_ratings (pbem.club.ladder.COMPUTER_RATINGS) and
docs/readings.md.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pbem.club.ratings import Rating, Score, rate  # noqa: E402


def ranks(values: list[float]) -> list[float]:
    """Each value's rank (1 = smallest), ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(x: list[float], y: list[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the ranks."""
    rx, ry = ranks(x), ranks(y)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sx = sum((a - mx) ** 2 for a in rx) ** 0.5
    sy = sum((b - my) ** 2 for b in ry) ** 0.5
    return cov / (sx * sy)


def elo_chance(a: float, b: float) -> float:
    return 1 / (1 + 10 ** ((b - a) / 400))


def season(players: int, games: int, rng: random.Random) -> tuple[list[float], list[Rating]]:
    """One season: the players' true strengths and their final ratings."""
    strength = [900 + 1200 * i / (players - 1) for i in range(players)]
    rng.shuffle(strength)
    ratings = [Rating() for _ in range(players)]
    played = 0
    while played < games:
        seats = list(range(players))
        rng.shuffle(seats)
        for a, b in zip(seats[::2], seats[1::2], strict=True):
            if played == games:
                break
            score: Score = 1.0 if rng.random() < elo_chance(strength[a], strength[b]) else 0.0
            ratings[a], ratings[b] = rate(ratings[a], ratings[b], score)
            played += 1
    return strength, ratings


def run_seasons(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    rhos = []
    for number in range(args.seasons):
        strength, ratings = season(args.players, args.games, rng)
        rhos.append(spearman(strength, [r.mu for r in ratings]))
        if number == 0:
            print(f"season 1: {args.players} players, {args.games} games, final ladder")
            print(f"{'place':>5} {'true':>6} {'true place':>10} {'rating':>7} {'dev':>5} games")
            true_place = {
                i: p
                for p, i in enumerate(sorted(range(len(strength)), key=lambda i: -strength[i]), 1)
            }
            order = sorted(range(len(ratings)), key=lambda i: -ratings[i].mu)
            for place, i in enumerate(order, 1):
                r = ratings[i]
                print(
                    f"{place:>5} {strength[i]:>6.0f} {true_place[i]:>10} {str(r):>7} "
                    f"{r.sigma:>5.0f} {r.games:>5}"
                )
            print(f"Spearman rank correlation, season 1: {rhos[0]:.3f}\n")
    print(f"{args.seasons} seasons of {args.games} games among {args.players} players:")
    print(f"{'Spearman':>10} {'mean':>6} {'min':>6} {'median':>7} {'max':>6}")
    print(
        f"{'':>10} {statistics.fmean(rhos):>6.3f} {min(rhos):>6.3f} "
        f"{statistics.median(rhos):>7.3f} {max(rhos):>6.3f}"
    )


def spaceships_games(per_pair: int) -> list[tuple[str, str, Score]]:
    from spaceships.computer.match import computer_game
    from spaceships.computer.player import LEVELS, Computer
    from spaceships.engine import Ruleset

    ruleset = Ruleset.from_tags("2.6.1")
    results = []
    for n in range(per_pair):
        for x, y in combinations(LEVELS, 2):
            a, b = (x, y) if n % 2 == 0 else (y, x)
            state = computer_game(
                ruleset, Computer(a, f"ladder-{n}-a"), Computer(b, f"ladder-{n}-b")
            )
            winner = state.result.winner if state.over else "draw"
            score: Score = 1.0 if winner == "A" else 0.0 if winner == "B" else 0.5
            results.append((a, b, score))
    return results


def battle_games(count: int) -> list[tuple[str, str, Score]]:
    from battles.computer import LEVEL, BattleComputer
    from battles.computer.match import Decider, plain, play_battle
    from battles.engine.play import play_record
    from notation.battles.hexes import Hex

    def fleet(seed: str, side: str, avoid: tuple[str, ...] = ()) -> list:
        home, facing = (Hex(0, 8), "N") if side == "A" else (Hex(0, -8), "S")
        return BattleComputer(seed).design(300, side, home, facing, 3, avoid)

    results = []
    for i in range(count):
        swap = i % 2 == 1
        pair = i // 2
        computer_side = "B" if swap else "A"
        computer = BattleComputer(f"ladder-{pair}")
        deciders: dict[str, Decider] = {computer_side: computer.orders}
        deciders["A" if swap else "B"] = plain
        first = fleet(f"ladder-fleet-{pair}-1", "A")
        second = fleet(f"ladder-fleet-{pair}-2", "B", tuple(e.name for e in first))
        record = play_battle(first + second, f"ladder-{pair}-{swap}", deciders, 30)
        winner = play_record(record).state.winner
        a, b = (LEVEL, "plain") if not swap else ("plain", LEVEL)
        score: Score = 1.0 if winner == "A" else 0.0 if winner == "B" else 0.5
        results.append((a, b, score))
    return results


def _chess_game(job: tuple[str, str, int]) -> tuple[str, str, Score]:
    """One game of Space Chess between two levels; `a` plays the Terrans (seat A)."""
    from spacechess.computer.match import play_game
    from spacechess.computer.player import Computer

    a, b, n = job
    players = {0: Computer(a, f"ladder-{n}-a").turn, 1: Computer(b, f"ladder-{n}-b").turn}
    result = play_game(players, 200).result
    score: Score = 1.0 if result == "T" else 0.0 if result == "A" else 0.5
    return a, b, score


def chess_games(per_pair: int, jobs: int, minutes: float = 0) -> list[tuple[str, str, Score]]:
    """Every pair of levels `per_pair` times, the pairs taking turns; with `minutes`, no game
    starts after that long (those started are played out)."""
    import time
    from concurrent.futures import ProcessPoolExecutor

    from spacechess.computer.player import LEVELS

    games = [
        ((x, y) if n % 2 == 0 else (y, x)) + (n,)
        for n in range(per_pair)
        for x, y in combinations(LEVELS, 2)
    ]
    stop = time.monotonic() + 60 * minutes if minutes else float("inf")
    if jobs <= 1:
        results = []
        for game in games:
            if time.monotonic() > stop:
                break
            results.append(_chess_game(game))
        return results
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(_chess_game, game) for game in games]
        results = []
        for future in futures:
            if not future.cancelled():
                results.append(future.result())
            if time.monotonic() > stop:
                for other in futures:
                    other.cancel()
        return results


def rate_levels(title: str, results: list[tuple[str, str, Score]]) -> None:
    ratings: dict[str, Rating] = {}
    tally: Counter[tuple[str, str]] = Counter()
    for a, b, score in results:
        ra, rb = ratings.get(a, Rating()), ratings.get(b, Rating())
        ratings[a], ratings[b] = rate(ra, rb, score)
        tally[(a, "points")] += score  # type: ignore[assignment]
        tally[(b, "points")] += 1 - score  # type: ignore[assignment]
        tally[(a, "games")] += 1
        tally[(b, "games")] += 1
    print(f"\n{title}: {len(results)} games")
    print(f"{'level':>10} {'games':>6} {'score':>6} {'rating':>7} {'dev':>5}")
    for level, r in sorted(ratings.items(), key=lambda kv: -kv[1].mu):
        share = tally[(level, "points")] / tally[(level, "games")]
        print(
            f"{level:>10} {tally[(level, 'games')]:>6} {share:>6.0%} {r.mu:>7.0f} {r.sigma:>5.0f}"
        )


def run_levels(args: argparse.Namespace) -> None:
    if args.only in (None, "spaceships"):
        rate_levels("Spaceships, the computer's levels", spaceships_games(args.games))
    if args.only in (None, "battles"):
        rate_levels("Spaceship Battles, the battle computer and plain", battle_games(args.battles))
    if args.only in (None, "chess"):
        rate_levels(
            "Space Chess, the computer's levels",
            chess_games(args.chess, args.jobs, args.minutes),
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    s = sub.add_parser("season")
    s.add_argument("--seasons", type=int, default=50)
    s.add_argument("--players", type=int, default=20)
    s.add_argument("--games", type=int, default=200)
    s.add_argument("--seed", type=int, default=1)
    v = sub.add_parser("levels")
    v.add_argument("--games", type=int, default=20, help="games per pair of levels")
    v.add_argument("--battles", type=int, default=20)
    v.add_argument("--chess", type=int, default=10, help="Space Chess games per pair of levels")
    v.add_argument("--jobs", type=int, default=1, help="processes playing Space Chess games")
    v.add_argument("--only", choices=("spaceships", "battles", "chess"), default=None)
    v.add_argument("--minutes", type=float, default=0, help="Space Chess: start no game after")
    args = parser.parse_args()
    run_seasons(args) if args.what == "season" else run_levels(args)


if __name__ == "__main__":
    main()
