"""How well the targeting's chances match what is there, printed as a table.

    python bench/ai_calibration.py [--games N] [--first-seed S] [--samples N]

Plays `expert` against `hunt` (seats alternating) and, before each of the expert's turns,
estimates from its view the chance of an undamaged enemy ship cell in every cell a strike may
still hit; then looks at the enemy's real fleet. Per band of estimated chance: how many cells,
the mean estimate and the share that really held an undamaged ship cell. A well calibrated
estimate has the two columns equal; the Brier score (mean squared error) and the log loss sum
it up (lower is better). Also the share of the turn's strikes that hit, against its estimate.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from spaceships.computer.knowledge import read_view  # noqa: E402
from spaceships.computer.match import computer_orders  # noqa: E402
from spaceships.computer.player import Computer  # noqa: E402
from spaceships.computer.sampler import estimate  # noqa: E402
from spaceships.computer.space import bits  # noqa: E402
from spaceships.engine import Ruleset, adjudicate, new_game, player_view  # noqa: E402

BANDS = (0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.98, 1.01)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--ruleset", default="2.6.1")
    args = parser.parse_args()
    ruleset = Ruleset.from_tags(args.ruleset)
    rows: list[tuple[float, int]] = []
    for seed in range(args.first_seed, args.first_seed + args.games):
        expert = Computer("expert", str(seed))
        hunt = Computer("hunt", str(seed + 10**6))
        seat = "B" if seed % 2 else "A"
        other = "A" if seat == "B" else "B"
        a, b = (hunt, expert) if seat == "B" else (expert, hunt)
        state = new_game(ruleset, a.fleet(ruleset, "A"), b.fleet(ruleset, "B"))
        while not state.over and state.turn <= 200:
            view = player_view(state, seat)
            k = read_view(view)
            est = estimate(k, random.Random(f"calibration/{seed}/{state.turn}"), args.samples)
            enemy = state.space(other)
            gone = state.player(other).destroyed
            truth = k.space.mask(c for s in enemy.ships for c in s.cells if c not in gone)
            for i in bits(k.targets):
                rows.append((est.p[i], (truth >> i) & 1))
            state, _ = adjudicate(
                state, computer_orders(state, "A", a), computer_orders(state, "B", b)
            )
    out = []
    for lo, hi in zip(BANDS, BANDS[1:], strict=False):
        band = [(p, t) for p, t in rows if lo <= p < hi]
        if band:
            mean = sum(p for p, _ in band) / len(band)
            seen = sum(t for _, t in band) / len(band)
            out.append(f"{lo:4.2f}-{min(hi, 1):4.2f}  {len(band):7d}  {mean:6.3f}  {seen:6.3f}")
    brier = sum((p - t) ** 2 for p, t in rows) / len(rows)
    eps = 1e-3
    loss = -sum(
        math.log(min(max(p, eps), 1 - eps) if t else 1 - min(max(p, eps), 1 - eps)) for p, t in rows
    ) / len(rows)
    print(f"Calibration of the targeting's estimate: {args.games} games expert vs hunt")
    print("band       cells    estimate  observed")
    print("\n".join(out))
    print(f"Brier score {brier:.5f}, log loss {loss:.5f}, {len(rows)} cell-turns")


if __name__ == "__main__":
    main()
