"""Space Chess through the judge: computer against computer, every turn sent as a player's
mail would be (`orders TURN: ACTIONS`, checked by the judge), to the end of every game.

    python bench/space_chess_judge.py [--games N] [--levels A-B,...]

Each game is `create gN chess vs computer LEVEL_B`: the judge's computer seat plays the Aliens;
a driver plays the Terrans by mail with a computer of LEVEL_A choosing its turns. A game ends
legally when the judge closes it by the rules (SC11, SC12) and its attached record replays
clean with `spaceships chess check`'s replay, to the same result. Prints one table line a
pairing: games, how they ended, turns, and the judge's time per turn (both sides' turns, the
computer's decision included).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from notation.spacechess.record import Record  # noqa: E402
from pbem.judge import Judge  # noqa: E402
from pbem.messages import Inbound  # noqa: E402
from pbem.storage.store import open_store  # noqa: E402
from spacechess.computer.match import written  # noqa: E402
from spacechess.computer.player import Computer  # noqa: E402
from spacechess.engine.check import replay  # noqa: E402
from spacechess.judge.rows import played_of  # noqa: E402

DRIVER = "driver@example.org"


def one_game(number: int, mine: str, theirs: str) -> dict[str, object]:
    store = open_store(":memory:")
    judge = Judge(store, rng=random.Random(number))
    name = f"g{number}"
    reply = judge.handle(Inbound(DRIVER, f"create {name} chess vs computer {theirs}", "", ""))[0]
    password = re.search(rf"password for {name}: (\S+)", reply.body)
    assert password, reply.body
    me = Computer(mine, f"driver{number}")
    started = time.perf_counter()
    mails = []
    while (game := store.game(name)).phase == "playing":
        played = played_of(game)
        actions = me.turn(played.position, dict(played.game.seen))
        text = " ".join(str(a) for a in written(actions))
        sent = f"game {name} {password.group(1)}\norders {played.position.turn}: {text}"
        mails = judge.handle(Inbound(DRIVER, sent, "", ""))
        if "is played" not in mails[0].body:
            raise AssertionError(mails[0].body)
    seconds = time.perf_counter() - started
    game = store.game(name)
    over = [m for m in mails if m.subject.endswith("game over")]
    record = Record.parse(over[0].attachments[0].data.decode())
    checked = replay(record)
    legal = checked.problem is None and checked.position is not None
    legal = legal and checked.position.result is not None
    turns = game.turn
    return {
        "result": {"T": "Terrans win", "A": "Aliens win", "draw": "draw"}.get(
            checked.position.result if checked.position else None, "?"
        ),
        "reason": str((game.outcome or {}).get("reason", "")),
        "legal": legal,
        "turns": turns,
        "per_turn": seconds / max(1, turns),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--games", type=int, default=100, help="games in all (default 100)")
    ap.add_argument(
        "--levels",
        default="random-random,greedy-random,random-greedy,greedy-greedy",
        help="pairings TERRANS-ALIENS, played in turn (default: random and greedy each way)",
    )
    args = ap.parse_args()
    pairings = [tuple(p.split("-")) for p in args.levels.split(",")]
    found: dict[tuple[str, ...], list[dict[str, object]]] = defaultdict(list)
    began = time.perf_counter()
    for number in range(args.games):
        mine, theirs = pairings[number % len(pairings)]
        found[(mine, theirs)].append(one_game(number, mine, theirs))
    minutes = (time.perf_counter() - began) / 60
    print(
        f"{args.games} games computer against computer through the judge, every turn by mail; "
        f"{minutes:.1f} min"
    )
    head = f"{'Terrans-Aliens':<16}{'games':>6}{'legal':>6}{'T win':>7}{'A win':>7}{'drawn':>7}"
    print(head + f"{'turns med':>10}{'turns max':>10}{'s/turn':>8}")
    everything = []
    for (mine, theirs), games in found.items():
        results = Counter(str(g["result"]) for g in games)
        turns = [int(g["turns"]) for g in games]  # type: ignore[call-overload]
        per_turn = statistics.mean(float(g["per_turn"]) for g in games)  # type: ignore[arg-type]
        print(
            f"{mine + '-' + theirs:<16}{len(games):>6}{sum(bool(g['legal']) for g in games):>6}"
            f"{results['Terrans win']:>7}{results['Aliens win']:>7}{results['draw']:>7}"
            f"{statistics.median(turns):>10.0f}{max(turns):>10}{per_turn:>8.3f}"
        )
        everything += games
    reasons = Counter(re.sub(r"\s+", " ", str(g["reason"])) for g in everything)
    print("how they ended:")
    for reason, count in reasons.most_common():
        print(f"  {count:>4}  {reason}")
    if not all(g["legal"] for g in everything):
        sys.exit("some game did not end legally")


if __name__ == "__main__":
    main()
