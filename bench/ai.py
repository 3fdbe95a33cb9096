"""Strength and speed of the computer player, printed as tables.

    python bench/ai.py [--ruleset 2.6.1|classic] [--fleets N] [--games N] [--jobs J]
                       [--only solitaire|head|hiding] [--levels L,L,...] [--first-seed S]

The issue's counts (300 fleets, 300 games per pair) are the defaults; `--jobs` spreads the games
over that many processes (results do not depend on it).

- solitaire: turns to destroy a standard random fleet that never fires back, per level (mean,
  95th percentile), beside the lower limit (a player who knows the fleet: every strike a hit),
  with the CPU time of one decision (mean, worst). The game also ends, as the rules say, when
  the fleet is left with nothing but kamikazes and scans and records nothing [2.3.2] (a lone
  light scout, say): that counts as the end, for the lower limit too;
- head to head: wins, draws and losses between every pair of levels, seats alternating, with the
  95% Wilson interval of the share of decided games won;
- hiding: fleets placed by the `expert` level and fleets placed at random, each hunted by the
  `density` targeting and by `hunt` (a checkerboard searcher): turns until every ship was hit
  once (found; the end of the game if that came first) and until the game ended (destroyed, or
  unable to act [2.3.2]).
Every game is seeded: the same arguments print the same results (times aside).
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import sys
import time
from itertools import combinations, product
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from notation.spaceships.cells import PartialCell  # noqa: E402
from notation.spaceships.fleets import Fleet  # noqa: E402
from notation.spaceships.orders import Beam, ClassicBeam, MissileLaunch, Order, Strike  # noqa: E402
from spaceships.computer.match import computer_game  # noqa: E402
from spaceships.computer.placement import hidden_fleet  # noqa: E402
from spaceships.computer.player import LEVELS, Computer  # noqa: E402
from spaceships.engine import (
    GameState,
    Ruleset,
    adjudicate,
    check_orders,
    entitlements,
    new_game,
    player_view,
)
from spaceships.engine.random_play import random_fleet  # noqa: E402

MAX_TURNS = 200


def percentile(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, math.ceil(q * len(s)) - 1)]


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def oracle_orders(state: GameState) -> tuple[Order, ...]:
    """The lower limit: A knows B's fleet, every strike and beam cell a hit where it can be,
    missiles first (their explosions take more cells)."""
    ent = entitlements(state, "A")
    geo = state.ruleset.geometry
    space_b = state.space("B")
    gone = state.player("B").destroyed
    alive = [c for s in space_b.ships for c in s.cells if c not in gone]
    alive.sort(key=lambda c: c not in space_b.missiles)
    orders: list[Order] = []
    for cap in ent.missile_ships:
        c = cap.unfired[0]
        orders.append(MissileLaunch(PartialCell(c.colour, c.letter, c.number)))
    n = ent.conventional + len(ent.missile_ships)
    taken: set = set()
    for cap in ent.beam_ships:
        best = None
        if state.ruleset.classic:
            ds = state.space("A").by_id[cap.ship].cells
            for c in ds:
                for drop in ("colour", "letter", "number"):
                    v = {"colour": c.colour, "letter": c.letter, "number": c.number}
                    v.pop(drop)
                    line = PartialCell(**v)
                    cells = {x for x in alive if line.matches(x)}
                    if best is None or len(cells) > len(best[0]):
                        best = (cells, ClassicBeam(line))
        else:
            for a in alive:
                for b in geo.cells:
                    line = geo.line(a, b)
                    if line is None or len(line) != 3:
                        continue
                    d = geo.direction(a, b)[0]  # type: ignore[index]
                    canon = d if next(v for v in d if v) > 0 else tuple(-v for v in d)
                    if canon not in cap.beam_directions:
                        continue
                    cells = set(line) & set(alive)
                    if best is None or len(cells) > len(best[0]):
                        best = (cells, Beam(a, b))
        if best is not None:
            orders.append(best[1])
            taken |= best[0]
    rest = [c for c in alive if c not in taken]
    strikes = rest[:n]
    while len(strikes) < len(ent.missile_ships):
        strikes.append(next(c for c in geo.cells if c not in strikes))
    orders.extend(Strike(c) for c in strikes)
    return tuple(orders)


def solitaire(args: tuple[str, str, int]) -> tuple[int, int, float, float]:
    """(turns to destroy B, turns until each ship of B was hit, mean and worst decision time)."""
    ruleset_name, level, seed = args
    ruleset = Ruleset.from_tags(ruleset_name)
    rng = random.Random(seed)
    target = random_fleet(ruleset, rng)
    own = random_fleet(ruleset, rng)
    return hunt_fleet(ruleset, level, own, target, seed)


def hunt_fleet(
    ruleset: Ruleset, level: str, own: Fleet, target: Fleet, seed: int
) -> tuple[int, int, float, float]:
    state = new_game(ruleset, own, target)
    computer = Computer(level, str(seed)) if level != "limit" else None
    times: list[float] = []
    found_at = 0
    while not state.over and state.turn <= MAX_TURNS:
        t = time.process_time()
        if computer is None:
            orders = oracle_orders(state)
        else:
            orders = computer.orders(player_view(state, "A"))
        times.append(time.process_time() - t)
        state, _ = adjudicate(state, check_orders(state, "A", orders), check_orders(state, "B", ()))
        b = state.player("B").destroyed
        if not found_at and all(set(s.cells) & b for s in state.space("B").ships):
            found_at = state.turn - 1
    return (state.turn - 1, found_at or state.turn - 1, sum(times) / len(times), max(times))


def head_to_head(args: tuple[str, str, str, int]) -> str:
    """The first level's result: "win", "draw" or "loss" (seats alternate by seed)."""
    ruleset_name, first, second, seed = args
    ruleset = Ruleset.from_tags(ruleset_name)
    a, b = Computer(first, str(seed)), Computer(second, str(seed + 10**6))
    swap = seed % 2 == 1
    state = (
        computer_game(ruleset, b, a, MAX_TURNS) if swap else computer_game(ruleset, a, b, MAX_TURNS)
    )
    winner = state.result.winner if state.over else None
    if winner in (None, "draw"):  # 2.3.4: equal scores; or no end within MAX_TURNS
        return "draw"
    mine = "B" if swap else "A"
    return "win" if winner == mine else "loss"


def hiding(args: tuple[str, str, str, int]) -> tuple[int, int, float]:
    """(turns to destroy, turns to find, CPU seconds to place the fleet)."""
    ruleset_name, placer, searcher, seed = args
    ruleset = Ruleset.from_tags(ruleset_name)
    rng = random.Random(seed)
    own = random_fleet(ruleset, rng)
    t = time.process_time()
    if placer == "expert":
        target = hidden_fleet(ruleset, random.Random(f"hide/{seed}"))
    else:
        target = random_fleet(ruleset, rng)
    placing = time.process_time() - t
    return (*hunt_fleet(ruleset, searcher, own, target, seed)[:2], placing)


def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))
    out = [line, "  ".join("-" * w for w in widths)]
    out += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ruleset", default="2.6.1")
    parser.add_argument(
        "--fleets", type=int, default=300, help="fleets per level (solitaire, hiding)"
    )
    parser.add_argument("--games", type=int, default=300, help="games per pair of levels")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--only", choices=["solitaire", "head", "hiding"], default=None)
    parser.add_argument(
        "--levels", default=",".join(LEVELS), help="levels to bench, comma separated"
    )
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args()
    rs = args.ruleset
    levels = tuple(x for x in LEVELS if x in args.levels.split(","))
    seeds = range(args.first_seed, args.first_seed + args.fleets)
    games = range(args.first_seed, args.first_seed + args.games)
    started = time.time()
    with Pool(args.jobs) as pool:
        if args.only in (None, "solitaire"):
            rows = []
            for level in ("limit", *levels):
                res = pool.map(solitaire, [(rs, level, s) for s in seeds], chunksize=4)
                turns = [r[0] for r in res]
                rows.append(
                    [
                        "lower limit (every strike a hit)" if level == "limit" else level,
                        f"{sum(turns) / len(turns):.2f}",
                        f"{percentile(turns, 0.95):.0f}",
                        f"{max(turns)}",
                        ""
                        if level == "limit"
                        else f"{1000 * sum(r[2] for r in res) / len(res):.0f}",
                        "" if level == "limit" else f"{1000 * max(r[3] for r in res):.0f}",
                    ]
                )
            print(
                f"Solitaire ({rs}): turns to destroy a random fleet that never fires back "
                f"(or leave it unable to act [2.3.2]), {args.fleets} fleets"
            )
            print(table(["level", "mean", "p95", "max", "ms/turn mean", "ms/turn worst"], rows))
            print()
        if args.only in (None, "head"):
            rows = []
            for first, second in combinations(reversed(levels), 2):
                res = pool.map(head_to_head, [(rs, first, second, s) for s in games], chunksize=2)
                w, d, l_ = res.count("win"), res.count("draw"), res.count("loss")
                lo, hi = wilson(w, w + l_)
                share = w / (w + l_) if w + l_ else 0.0
                rows.append(
                    [
                        f"{first} vs {second}",
                        str(w),
                        str(d),
                        str(l_),
                        f"{100 * share:.1f}%",
                        f"{100 * lo:.1f}-{100 * hi:.1f}%",
                    ]
                )
            print(f"Head to head ({rs}): {args.games} games per pair, seats alternating")
            print(
                table(["pair", "wins", "draws", "losses", "won of decided", "95% interval"], rows)
            )
            print()
        if args.only in (None, "hiding"):
            rows = []
            for searcher, placer in product(("density", "hunt"), ("random", "expert")):
                res = pool.map(hiding, [(rs, placer, searcher, s) for s in seeds], chunksize=4)
                found = [r[1] for r in res]
                gone = [r[0] for r in res]
                rows.append(
                    [
                        searcher,
                        "random placement"
                        if placer == "random"
                        else "placed by the computer (expert)",
                        f"{sum(found) / len(found):.2f}",
                        f"{percentile(found, 0.95):.0f}",
                        f"{sum(gone) / len(gone):.2f}",
                        f"{percentile(gone, 0.95):.0f}",
                        f"{1000 * max(r[2] for r in res):.0f}",
                    ]
                )
            print(
                f"Hiding ({rs}): fleets hunted by the density targeting and by hunt, "
                f"{args.fleets} fleets each"
            )
            print(
                table(
                    [
                        "searcher",
                        "fleet",
                        "found: mean",
                        "found: p95",
                        "destroyed: mean",
                        "destroyed: p95",
                        "ms to place, worst",
                    ],
                    rows,
                )
            )
            print()
    cpu = sum(
        resource.getrusage(who).ru_utime for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    print(
        f"({time.time() - started:.0f} s wall clock, {cpu / 60:.1f} CPU minutes, "
        f"{args.jobs} processes)"
    )


if __name__ == "__main__":
    main()
