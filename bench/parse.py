"""Parsing speed: order lines per second and records per second on a generated corpus.

    python bench/parse.py [--lines N] [--records N] [--seed S]

Order lines are written canonically (the common case, which takes the fast path) and with
harmless variants (spaces, commas, `b Rv1 Rx1`: these go through the lark parser); records are
whole games of 20 turns a side with results lines, parsed by parse_record.
"""

from __future__ import annotations

import argparse
import random
import time

from notation.cells import LETTERS
from notation.parse import parse_orders, parse_record
from notation.statements import parse_recovering, parser

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


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:,.0f}/s ({count} in {seconds:.2f} s)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=20000)
    ap.add_argument("--records", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    start = time.perf_counter()
    parser()
    print(f"building the lark parser: {time.perf_counter() - start:.3f} s")

    canonical = [order_line(rng, False) for _ in range(args.lines)]
    variants = [order_line(rng, True) for _ in range(args.lines // 4)]
    corpus = canonical + variants
    rng.shuffle(corpus)
    for name, lines in (("canonical", canonical), ("variant", variants), ("mixed", corpus)):
        start = time.perf_counter()
        for line in lines:
            parse_orders(line)
        print(f"order lines, {name:9}: {rate(len(lines), time.perf_counter() - start)}")

    # The same lines through lark alone, as lines the fast path does not take would go.
    start = time.perf_counter()
    for line in corpus:
        parse_recovering(line, "orders_text")
    print(f"order lines, lark only: {rate(len(corpus), time.perf_counter() - start)}")

    records = [record(rng) for _ in range(args.records)]
    start = time.perf_counter()
    for text in records:
        parse_record(text)
    elapsed = time.perf_counter() - start
    print(f"records (20 turns a side, results, comments): {rate(len(records), elapsed)}")
    turn_lines = sum(t.count("\n") for t in records)
    print(f"record lines: {turn_lines / elapsed:,.0f}/s")


if __name__ == "__main__":
    main()
