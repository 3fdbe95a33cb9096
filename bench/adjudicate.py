"""Speed of the rules engine on random games: records played, games played, turns replayed.

    python bench/adjudicate.py [--games N] [--ruleset 2.6.1|classic] [--seed S] [--repeat R]
                               [--against REV] [--instructions]

Per ruleset, on the same random legal games (spaceships.engine.random_play, from --seed):
- play_record: each game written as a record (fleets and turn lines) and played whole by
  `play_record`, as `spaceships adjudicate` and the record checker do; records per second and
  microseconds per turn;
- random play: games played to the end (random orders drawn, checked, adjudicated);
- replay: the games' written orders checked and adjudicated again from setup (what the judge
  does with each turn).
Times are CPU seconds of this process (time.process_time), the best of --repeat runs: a busy
machine only ever slows a run down. A digest of every result (each game's --json report and
final state) shows that two trees play the games alike.

`--against REV` runs this same script on commit REV (exported with git archive) and on this
tree, in turns, --rounds times each, and prints the best figures side by side with the
speed-up, and whether the results are the same.

`--instructions` counts instead of timing: the instructions (valgrind's callgrind) that
play_record takes per record, on --games games of each ruleset (30 unless given) played three
times after a warm-up, the run without them subtracted (PYTHONHASHSEED=0). Unlike CPU time on a
shared machine, the count hardly moves between runs. With `--against REV`, on both trees.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import (  # noqa: E402
    ROOT,
    Figure,
    emit,
    exported,
    print_figures,
    report,
    run_against,
    use_tree,
)

use_tree(sys.argv)

from notation.spaceships.records import Record, TurnLine  # noqa: E402
from spaceships.engine import Ruleset, adjudicate, check_orders, new_game, play_record  # noqa: E402
from spaceships.engine.random_play import random_fleet, random_orders  # noqa: E402

Orders = tuple[Any, ...]


def play_games(ruleset: Ruleset, n: int, seed: int) -> list[tuple[Any, Any, list]]:
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


def records(ruleset: Ruleset, games: list) -> list[Record]:
    """The games as records: tags, both fleets, one turn line per player and turn."""
    tags = (("Ruleset", ruleset.name),)
    if ruleset.options:
        tags += (("Options", " ".join(ruleset.options)),)
    out = []
    for fa, fb, orders in games:
        lines = []
        for turn, (oa, ob) in enumerate(orders, 1):
            lines += [TurnLine(turn, "A", oa), TurnLine(turn, "B", ob)]
        out.append(Record(tags, {"A": fa, "B": fb}, tuple(lines)))
    return out


def best(repeat: int, work: Any, *args: Any) -> float:
    """The least CPU time of `repeat` runs of work(*args)."""
    least = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        work(*args)
        least = min(least, time.process_time() - t0)
    return least


def play_all(texts: list[Record]) -> None:
    for record in texts:
        play_record(record)


def digest(recs: list[Record]) -> str:
    """Every game's --json report and final state, hashed."""
    h = hashlib.sha256()
    for record in recs:
        game = play_record(record)
        state = game.state.to_json() if game.state is not None else None
        h.update(json.dumps([game.to_json(), state], sort_keys=True).encode())
    return h.hexdigest()


def play_only(args: argparse.Namespace) -> None:
    """Play each ruleset's records once (warm-up), then --play-only times, printing nothing:
    what --instructions counts under valgrind."""
    for name in args.ruleset or ["2.6.1", "classic"]:
        ruleset = Ruleset.from_tags(name)
        recs = records(ruleset, play_games(ruleset, args.games, args.seed))
        play_all(recs)
        for _ in range(args.play_only):
            play_all(recs)


def instructions(tree: Path, name: str, games: int) -> float:
    """Instructions per record of play_record on `tree` (see --instructions)."""

    def count(plays: int) -> int:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
            + [__file__, "--tree", str(tree), "--ruleset", name, "--games", str(games)]
            + ["--play-only", str(plays)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
            check=True,
        )
        found = re.search(r"Collected : (\d+)", run.stderr)
        assert found, run.stderr[-500:]
        return int(found.group(1))

    with ThreadPoolExecutor(2) as pool:
        warm, played = pool.map(count, (0, 3))
    return (played - warm) / 3 / games


def count_instructions(args: argparse.Namespace) -> None:
    if shutil.which("valgrind") is None:
        print("--instructions needs valgrind (apt-get install valgrind); not found")
        return
    games = args.games if args.games_given else 30
    names = args.ruleset or ["2.6.1", "classic"]
    title = f"Instructions per record of play_record ({games} random games per ruleset)"

    def figures(tree: Path) -> list[Figure]:
        return [
            (f"{name} play_record", instructions(tree, name, games) / 1e3, "k instr", False)
            for name in names
        ]

    now = figures(ROOT)
    if args.against:
        with exported(args.against) as (short, tree):
            print_figures(title, now, (short, figures(tree)))
    else:
        print_figures(title, now)


def measure(args: argparse.Namespace) -> tuple[list[Figure], dict[str, str]]:
    figures: list[Figure] = []
    digests: dict[str, str] = {}
    for name in args.ruleset or ["2.6.1", "classic"]:
        ruleset = Ruleset.from_tags(name)
        play_games(ruleset, 3, 0)  # warm the shape tables and caches
        t0 = time.process_time()
        games = play_games(ruleset, args.games, args.seed)
        t_play = time.process_time() - t0
        turns = sum(len(orders) for _, _, orders in games)
        recs = records(ruleset, games)
        t_record = best(args.repeat, play_all, recs)
        t_replay = best(args.repeat, replay, ruleset, games)
        figures += [
            (f"{name} play_record", args.games / t_record, "records/s", True),
            (f"{name} play_record, a turn", t_record / turns * 1e6, "us", False),
            (f"{name} random play", args.games / t_play, "games/s", True),
            (f"{name} replay (check + adjudicate)", args.games / t_replay, "games/s", True),
        ]
        digests[f"{name}, {args.games} games, {turns} turns"] = digest(recs)
    return figures, digests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--ruleset", action="append")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs to time (best is kept)")
    parser.add_argument("--against", metavar="REV", help="also run on this commit, side by side")
    parser.add_argument(
        "--rounds", type=int, default=3, help="with --against: runs of each side, in turns"
    )
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions (callgrind), not time"
    )
    parser.add_argument("--play-only", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--tree", help=argparse.SUPPRESS)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.games_given = "--games" in sys.argv
    if args.play_only is not None:
        play_only(args)
        return
    if args.instructions:
        count_instructions(args)
        return
    title = "Rules engine on random games (CPU time, best of runs)"
    if args.against:
        passed = ["--games", str(args.games), "--seed", str(args.seed)]
        passed += ["--repeat", str(args.repeat)]
        for name in args.ruleset or ():
            passed += ["--ruleset", name]
        rev, before, now = run_against(args.against, "adjudicate.py", passed, args.rounds)
        report(title, now, (rev, before))
        return
    figures, digests = measure(args)
    if args.json:
        emit(figures, digests)
        return
    report(title, {"figures": figures, "digests": digests})


if __name__ == "__main__":
    main()
