"""Speed of whole matches: random continued matches of three games, then reading them back as
match records the way `adjudicate` and `validate` do.

    python bench/matches.py [--matches N] [--seed S]

Per kind of match (scored; continued; continued with each build table): matches written,
then parse + play (`adjudicate`) and parse + validate (`validate`), in matches per second and
milliseconds per game. Times are CPU seconds of this process (time.process_time).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from notation.spaceships.matches import format_match, parse_match  # noqa: E402
from spaceships.engine.match import MatchEnd, MatchRules  # noqa: E402
from spaceships.engine.match_game import play_match  # noqa: E402
from spaceships.engine.random_match import random_match  # noqa: E402
from spaceships.engine.rulesets import Ruleset  # noqa: E402
from spaceships.validate.matches import validate_match  # noqa: E402

KINDS = [
    ("scored", ()),
    ("continued", ()),
    ("continued", ("build=one-death-star",)),
    ("continued", ("build=many-death-stars",)),
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'match':<38} {'games':>5} {'adjudicate/s':>13} {'ms/game':>8} {'validate/s':>11}")
    for kind, options in KINDS:
        rules = MatchRules(kind, MatchEnd("games", 3))
        ruleset = Ruleset.from_tags("2.6.1", options)
        rng = random.Random(args.seed)
        texts = [format_match(random_match(rules, ruleset, rng)[0]) for _ in range(args.matches)]
        games = sum(t.count('[Round "') for t in texts)
        start = time.process_time()
        for text in texts:
            play_match(parse_match(text))
        played = time.process_time() - start
        start = time.process_time()
        for text in texts:
            assert validate_match(parse_match(text)).ok
        checked = time.process_time() - start
        label = f"{kind} {' '.join(options)}".strip()
        print(
            f"{label:<38} {games:>5} {len(texts) / played:>13.1f} "
            f"{1000 * played / games:>8.1f} {len(texts) / checked:>11.1f}"
        )


if __name__ == "__main__":
    main()
