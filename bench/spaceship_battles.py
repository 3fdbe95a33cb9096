"""Spaceship Battles: how fast whole battles are played, replayed and parsed, and how they end.

    python bench/spaceship_battles.py [--battles N] [--turns T] [--versus N] [--budget B]

Each battle is two computer players (battles.computer.plain) with the sample fleets, rolled from its
own seed; the table gives the time to play it (every turn replays the record so far, as the
judge does), to parse its record and to replay-check it, to draw the map of its end (the
picture the Discord bot posts with each phase, battles.pictures), and how battles ended.

Then the battle computer (battles.computer) against autoplay's plain player over `--versus`
battles: each pair of fleets the computer designed from two seeds is fought twice, the
fleets swapped, the computer once as A and once as B, so that neither fleet nor side favours
it; wins, draws and losses, and how long the computer takes to decide a phase.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from pathlib import Path

from battles.computer import BattleComputer
from battles.computer.match import Decider, plain, play_battle
from battles.computer.plain import autoplay_battle
from battles.engine.play import play_record, result_text
from battles.engine.state import BattleState
from battles.pictures import battle_picture
from notation.battles.hexes import Hex
from notation.battles.parse import parse_record
from notation.battles.records import BattleRecord, ShipEntry, format_record

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "battles" / "orders-to-roll.sbr"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--battles", type=int, default=10)
    ap.add_argument("--turns", type=int, default=30)
    ap.add_argument("--versus", type=int, default=10, help="computer vs plain battles (even)")
    ap.add_argument("--budget", type=int, default=300)
    args = ap.parse_args()
    speed(args)
    versus(args.versus, args.budget, args.turns)


def speed(args: argparse.Namespace) -> None:
    start = parse_record(SAMPLE.read_text(encoding="utf-8"))
    start = BattleRecord(start.tags, start.ships, ())
    play_ms, parse_ms, check_ms, lines, turns = [], [], [], [], []
    map_ms, map_kb = [], []
    results: Counter[str] = Counter()
    for i in range(args.battles):
        t0 = time.perf_counter()
        record = autoplay_battle(start, f"bench-{i}", turns=args.turns)
        t1 = time.perf_counter()
        text = format_record(record)
        parsed = parse_record(text)
        t2 = time.perf_counter()
        replay = play_record(parsed)
        t3 = time.perf_counter()
        assert not replay.problems, replay.problems
        picture = battle_picture(f"bench-{i}: the end", replay.state.ships)
        map_ms.append((time.perf_counter() - t3) * 1000)
        map_kb.append(len(picture) / 1024)
        play_ms.append((t1 - t0) * 1000)
        parse_ms.append((t2 - t1) * 1000)
        check_ms.append((t3 - t2) * 1000)
        lines.append(text.count("\n"))
        turns.append(replay.state.turn)
        results[result_text(replay.state)] += 1
    print(f"{args.battles} battles, sample fleets, at most {args.turns} turns\n")
    print(f"{'':28} {'median':>10} {'max':>10}")
    for name, values, unit in (
        ("turns per battle", turns, ""),
        ("record lines", lines, ""),
        ("play whole battle", play_ms, " ms"),
        ("parse record", parse_ms, " ms"),
        ("replay-check record", check_ms, " ms"),
        ("draw the map (PNG)", map_ms, " ms"),
        ("map size", map_kb, " kB"),
    ):
        print(f"{name:28} {statistics.median(values):>8.1f}{unit:3} {max(values):>8.1f}{unit}")
    print("\nresults: " + ", ".join(f"{k} {v}" for k, v in sorted(results.items())))


def _fleet(seed: str, side: str, budget: int, avoid: tuple[str, ...] = ()) -> list[ShipEntry]:
    home, facing = (Hex(0, 8), "N") if side == "A" else (Hex(0, -8), "S")
    return BattleComputer(seed).design(budget, side, home, facing, 3, avoid)


def versus(battles: int, budget: int, turns: int) -> None:
    decide_ms: list[float] = []
    tally: Counter[tuple[str, str]] = Counter()
    ship_counts: list[int] = []
    for i in range((battles + 1) // 2):
        for swap in (False, True):
            computer_side = "B" if swap else "A"
            computer = BattleComputer(f"versus-{i}")

            def timed(
                state: BattleState, side: str, phase: str, computer: BattleComputer = computer
            ) -> list:
                t0 = time.perf_counter()
                orders = computer.orders(state, side, phase)
                decide_ms.append((time.perf_counter() - t0) * 1000)
                return orders

            deciders: dict[str, Decider] = {computer_side: timed}
            deciders["A" if swap else "B"] = plain
            # The same two fleets each time, the sides swapped: fleet one is always A's.
            first = _fleet(f"fleet-{i}-1", "A", budget)
            second = _fleet(f"fleet-{i}-2", "B", budget, tuple(e.name for e in first))
            ships = first + second
            ship_counts.append(len(ships))
            record = play_battle(ships, f"versus-{i}-{swap}", deciders, turns)
            state = play_record(record).state
            outcome = (
                "draw"
                if state.winner is None
                else "win"
                if state.winner == computer_side
                else "loss"
            )
            tally[(computer_side, outcome)] += 1
    played = sum(tally.values())
    print(
        f"\nthe computer against autoplay's plain player: {played} battles, budget {budget}, "
        f"at most {turns} turns"
    )
    print(f"{'computer plays':16} {'wins':>6} {'draws':>6} {'losses':>7}")
    for side in ("A", "B"):
        print(
            f"{side:16} "
            + " ".join(
                f"{tally[(side, o)]:>{w}}" for o, w in (("win", 6), ("draw", 6), ("loss", 7))
            )
        )
    print(
        f"{'both':16} "
        + " ".join(
            f"{tally[('A', o)] + tally[('B', o)]:>{w}}"
            for o, w in (("win", 6), ("draw", 6), ("loss", 7))
        )
    )
    print(
        f"\ndecision time per phase: median {statistics.median(decide_ms):.1f} ms, "
        f"max {max(decide_ms):.1f} ms ({len(decide_ms)} phases); "
        f"ships per battle median {statistics.median(ship_counts):.0f}"
    )


if __name__ == "__main__":
    main()
