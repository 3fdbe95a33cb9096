"""Parsing speed: order lines and whole records per second, on generated texts.

    python bench/parse.py [--lines N] [--records N] [--games N] [--seed S] [--repeat R]
                          [--against REV]

Order lines are written canonically (the common case, read without lark) and with harmless
variants (spaces, commas, `b Rv1 Rx1`); the "notation" records are whole games of 20 turns a
side with results lines and comments; the "random game" records are random legal games
(spaceships.engine.random_play) written out with their true results by format_record. All are parsed
by the public parse functions. Times are CPU seconds (time.process_time), the best of --repeat
runs. A digest of every parsed record (its repr: positions and comments included) shows that
two trees read the texts alike.

`--against REV` runs this same script on commit REV (exported with git archive) and on this
tree, in turns, --rounds times each, and prints the best figures side by side with the
speed-up, and whether the results are the same.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from compare import Figure, emit, report, run_against, use_tree  # noqa: E402

use_tree(sys.argv)

from notation.spaceships.cells import LETTERS  # noqa: E402
from notation.spaceships.format import format_record  # noqa: E402
from notation.spaceships.parse import parse_orders, parse_record  # noqa: E402
from spaceships.engine import Ruleset, adjudicate, check_orders, new_game  # noqa: E402
from spaceships.engine.game import record_of  # noqa: E402
from spaceships.engine.random_play import random_fleet, random_orders  # noqa: E402

COLOURS = "ROYGB"


def cell(rng: random.Random) -> str:
    return rng.choice(COLOURS) + rng.choice(LETTERS) + str(rng.randint(1, 5))


def order_line(rng: random.Random, variant: bool) -> str:
    words = [cell(rng) for _ in range(rng.randint(3, 9))]
    if rng.random() < 0.6:
        words.append(("b " if variant else "b") + cell(rng) + (" " if variant else "") + cell(rng))
    if rng.random() < 0.5:
        words.append("m" + rng.choice(["", *COLOURS]) + rng.choice(LETTERS))
    if rng.random() < 0.3:
        words.append(("k " if variant else "k") + cell(rng))
    if rng.random() < 0.4:
        words.append("s" + cell(rng))
    rng.shuffle(words)
    return (", " if variant else " ").join(words)


def record(rng: random.Random, turns: int = 20) -> str:
    fleet = "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3;\n" + (
        "         PC Bz1 Bz2 Bz3 Bz4; MD Yv3 Yw3 Yx3; LS Oz5"
    )
    lines = ['[Ruleset "2.6.1"]', '[A "Alice"]', '[B "Bob"]', "", f"A fleet: {fleet}"]
    lines += [f"B fleet: {fleet}", ""]
    for turn in range(1, turns + 1):
        for player in "AB":
            lines.append(f"{turn} {player}: {order_line(rng, False)}  # a comment")
        claims = "; ".join(f"{cell(rng)} {rng.choice(['hit', 'miss', 'dup'])}" for _ in range(5))
        lines.append(f"{turn} A results: {claims}")
    return "\n".join(lines) + "\n"


def game_record(ruleset: Ruleset, rng: random.Random) -> str:
    """A random legal game with its true results, as format_record writes it."""
    state = new_game(ruleset, random_fleet(ruleset, rng), random_fleet(ruleset, rng))
    while not state.over and state.turn <= 300:
        checked = {p: check_orders(state, p, random_orders(state, p, rng)) for p in ("A", "B")}
        state, _ = adjudicate(state, checked["A"], checked["B"])
    return format_record(record_of(state, (("Ruleset", ruleset.name),), every_result=False))


def best(repeat: int, texts: list[str], parse: Any) -> float:
    """The least CPU time of `repeat` runs of parse over the texts."""
    least = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        for text in texts:
            parse(text)
        least = min(least, time.process_time() - t0)
    return least


def digest(texts: list[str]) -> str:
    h = hashlib.sha256()
    for text in texts:
        h.update(repr(parse_record(text)).encode())
    return h.hexdigest()


def measure(args: argparse.Namespace) -> tuple[list[Figure], dict[str, str]]:
    rng = random.Random(args.seed)
    canonical = [order_line(rng, False) for _ in range(args.lines)]
    variants = [order_line(rng, True) for _ in range(args.lines // 4)]
    notation = [record(rng) for _ in range(args.records)]
    games = [game_record(Ruleset.from_tags("2.6.1"), rng) for _ in range(args.games)]
    parse_record(notation[0])  # build the parser
    figures: list[Figure] = []
    for name, lines in (("canonical", canonical), ("variant", variants)):
        seconds = best(args.repeat, lines, parse_orders)
        figures.append((f"order lines, {name}", len(lines) / seconds, "lines/s", True))
    for name, texts in (("notation", notation), ("random game", games)):
        seconds = best(args.repeat, texts, parse_record)
        figures.append((f"records, {name}", len(texts) / seconds, "records/s", True))
        lines = sum(t.count("\n") for t in texts)
        figures.append((f"records, {name}: lines", lines / seconds, "lines/s", True))
    digests = {
        f"{args.records} notation records": digest(notation),
        f"{args.games} random game records": digest(games),
    }
    return figures, digests


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=20000)
    ap.add_argument("--records", type=int, default=200)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="runs to time (best is kept)")
    ap.add_argument("--against", metavar="REV", help="also run on this commit, side by side")
    ap.add_argument(
        "--rounds", type=int, default=3, help="with --against: runs of each side, in turns"
    )
    ap.add_argument("--tree", help=argparse.SUPPRESS)
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    title = "Parsing (CPU time, best of runs)"
    if args.against:
        passed = ["--lines", str(args.lines), "--records", str(args.records)]
        passed += ["--games", str(args.games), "--seed", str(args.seed)]
        passed += ["--repeat", str(args.repeat)]
        rev, before, now = run_against(args.against, "parse.py", passed, args.rounds)
        report(title, now, (rev, before))
        return
    figures, digests = measure(args)
    if args.json:
        emit(figures, digests)
        return
    report(title, {"figures": figures, "digests": digests})


if __name__ == "__main__":
    main()
