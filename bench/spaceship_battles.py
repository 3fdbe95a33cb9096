"""Spaceship Battles: how fast whole battles are played, replayed and parsed, and how they end.

    python bench/spaceship_battles.py [--battles N] [--turns T]

Each battle is two computer players (battles.autoplay) with the sample fleets, rolled from its
own seed; the table gives the time to play it (every turn replays the record so far, as the
judge does), to parse its record and to replay-check it, to draw the map of its end (the
picture the Discord bot posts with each phase, pictures.hexmap), and how battles ended.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from pathlib import Path

from battles.autoplay import autoplay_battle
from battles.parse import parse_record
from battles.play import play_record, result_text
from battles.records import BattleRecord, format_record
from pictures.hexmap import battle_picture

SAMPLE = Path(__file__).resolve().parents[1] / "samples" / "battles" / "orders-to-roll.sbr"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--battles", type=int, default=10)
    ap.add_argument("--turns", type=int, default=30)
    args = ap.parse_args()
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


if __name__ == "__main__":
    main()
