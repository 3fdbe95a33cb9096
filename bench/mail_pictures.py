"""What the pictures of a whole game weigh in a player's mailbox (and in Discord, which posts the
same PNGs): every picture a player is sent for the three games' long samples, drawn as the
judge draws them (issue 33, item 4). Run from the repository root:

    python bench/mail_pictures.py

Space Chess: the board after each of the 75 turns and at the end (each mail of a turn carries
that turn's board); Spaceship Battles: the map after each phase of the full battle; Spaceships:
a player's own view after each turn of the long game (Spaceships mails no pictures unless a
player says `pictures on`). Prints per game the largest and the mean picture, the whole game's
total per recipient, the time to draw one, and the targets each is held to.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LARGEST_CHESS = 60_000  # bytes, one Space Chess turn's PNG
# One Spaceships view: a palette PNG since issue 47, item 13 (it was 91 kB in full colour).
LARGEST_SPACESHIPS = 25_000
WHOLE_GAME = 5_000_000  # bytes, a whole game's pictures to one recipient


def chess() -> Iterator[Callable[[], bytes]]:
    from notation.spacechess.record import Record
    from spacechess.engine.check import replay
    from spacechess.pictures import board_picture

    record = Record.parse((ROOT / "samples/spacechess/long.scr").read_text(encoding="utf-8"))
    played = replay(record)
    turns = sorted({s.turn for s in played.steps})
    for turn in turns:
        steps = [s for s in played.steps if s.turn == turn]
        events = [e for s in steps for e in s.events]
        title = f"Space Chess long: after turn {turn}"
        yield lambda p=steps[-1].position, t=title, e=events: board_picture(p, t, e)


def battles() -> Iterator[Callable[[], bytes]]:
    from battles.engine.play import play_record
    from battles.pictures import battle_picture
    from notation.battles.parse import parse_record

    played = play_record(parse_record((ROOT / "samples/battles/full-battle.sbr").read_text()))
    phases: dict[tuple[int, str], object] = {}
    for event, state in zip(played.events, played.states, strict=True):
        phases[(event.turn, type(event).__name__ in ("Initiative", "Move"))] = state
    for (turn, _), state in phases.items():
        yield lambda s=state, t=turn: battle_picture(f"full battle: turn {t}", s.ships)


def spaceships() -> Iterator[Callable[[], bytes]]:
    from dataclasses import replace

    from notation.spaceships.parse import parse_record
    from spaceships.engine import player_view
    from spaceships.engine.game import play_record
    from spaceships.pictures import player_picture

    record = parse_record((ROOT / "samples/game-2.6.1-long.ssr").read_text(encoding="utf-8"))
    turns = sorted({t.turn for t in record.turns})
    for turn in turns:
        upto = replace(record, turns=tuple(t for t in record.turns if t.turn <= turn), results=())
        state = play_record(upto).state
        assert state is not None
        yield lambda s=state: player_picture(player_view(s, "A"))


def main() -> None:
    print("Pictures of a whole game to one recipient (mail with pictures; Discord posts the same)")
    print()
    head = f"{'game':34} {'pictures':>8} {'largest':>9} {'mean':>8} {'whole game':>11} {'draw':>7}"
    print(head + "  targets")
    failed = False
    for name, pictures, largest_target in (
        ("Space Chess, 75 turns", chess, LARGEST_CHESS),
        ("Spaceship Battles, full battle", battles, None),
        ("Spaceships, long game (player A)", spaceships, LARGEST_SPACESHIPS),
    ):
        sizes, times = [], []
        for draw in pictures():
            t0 = time.perf_counter()
            sizes.append(len(draw()))
            times.append(time.perf_counter() - t0)
        total = sum(sizes)
        ok = total < WHOLE_GAME and (largest_target is None or max(sizes) <= largest_target)
        failed |= not ok
        target = f"whole < {WHOLE_GAME // 1_000_000} MB"
        if largest_target:
            target = f"each <= {largest_target // 1000} kB, " + target
        print(
            f"{name:34} {len(sizes):>8} {max(sizes) / 1000:>6.1f} kB"
            f" {statistics.mean(sizes) / 1000:>5.1f} kB {total / 1e6:>8.2f} MB"
            f" {statistics.median(times) * 1000:>5.0f} ms"
            f"  {target}: {'ok' if ok else 'MISSED'}"
        )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
