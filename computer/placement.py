"""The computer's own fleet [2.1, 3]: placed at random, or (the `expert` level) placed where the
sampling targeting looks last: many random fleets are drawn and one of the least likely to be
struck early is taken, so the fleet is hard to find and never the same shape twice."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from computer.knowledge import Knowledge, fleets
from computer.sampler import Sampler
from computer.space import Space, bits, space
from engine import Ruleset
from notation.fleets import Fleet, ShipPlacement
from notation.ships import ShipId


def composition(ruleset: Ruleset, rng: random.Random, light_scout: float = 0.5) -> tuple[str, ...]:
    """Which ships to take [3.7; 3.7.1; classic 3.3]. `light_scout`: the chance of a light
    scout rather than a heavy one (a one-cell ship is the hardest to find)."""
    if ruleset.classic:
        return ("DS", "KC", "FS", "MD", "HF")
    if ruleset.fleet_cost is None:
        third = rng.choice(("FS", "PC"))
        scout = "LS" if rng.random() < light_scout else "HS"
        return ("DS", "KC", third, "MD", scout)
    return rng.choice(fleets(ruleset))[0]


def place(sp: Space, types: tuple[str, ...], rng: random.Random) -> list[int]:
    """Each ship at a random place, biggest first, none overlapping [3.4]."""
    order = sorted(range(len(types)), key=lambda i: -sp.placements(types[i])[0].bit_count())
    while True:
        used = 0
        masks: dict[int, int] = {}
        for i in order:
            options = sp.placements(types[i])
            for _ in range(500):
                m = options[rng.randrange(len(options))]
                if not m & used:
                    break
            else:
                break
            used |= m
            masks[i] = m
        else:
            return [masks[i] for i in range(len(types))]


def to_fleet(sp: Space, types: tuple[str, ...], masks: list[int]) -> Fleet:
    counts = Counter(types)
    seen: Counter[str] = Counter()
    ships = []
    for t, m in zip(types, masks, strict=True):
        seen[t] += 1
        ident = ShipId(t, seen[t] if counts[t] > 1 else None)
        ships.append(ShipPlacement(ident, tuple(sp.cells_of(m))))
    return Fleet(tuple(ships))


def random_fleet(ruleset: Ruleset, rng: random.Random) -> Fleet:
    sp = space(ruleset.colour_order, ruleset.classic)
    types = composition(ruleset, rng)
    return to_fleet(sp, types, place(sp, types, rng))


@cache
def prior(ruleset: Ruleset) -> tuple[float, ...]:
    """The chance of a ship cell per cell before anything is seen, as the targeting estimates
    it (fixed seed: the same every time)."""
    sp = space(ruleset.colour_order, ruleset.classic)
    k = Knowledge(sp, ruleset, 0, 0, 0, 0, 0, (), (), fleets(ruleset))
    return Sampler(k).estimate(random.Random("prior"), 4000, 8000).p


def hidden_fleet(ruleset: Ruleset, rng: random.Random, candidates: int = 80) -> Fleet:
    """A fleet hard to find: of many random fleets, one of the few whose cells the targeting
    rates least likely (each ship's likeliest cell counts most: one hit finds a ship)."""
    sp = space(ruleset.colour_order, ruleset.classic)
    p = prior(ruleset)
    scored = []
    for _ in range(candidates):
        types = composition(ruleset, rng, light_scout=0.8)
        masks = place(sp, types, rng)
        exposure = sum(sum(p[i] for i in bits(m)) + 3 * max(p[i] for i in bits(m)) for m in masks)
        # Ships side by side are found together: one hunt finds both.
        touching = sum(
            1
            for a in range(len(masks))
            for b in range(a + 1, len(masks))
            if any(sp.adjacent[i] & masks[b] for i in bits(masks[a]))
        )
        # A one-cell ship on the cells a checkerboard hunt skips [textbook parity search].
        even = sum(
            1
            for t, m in zip(types, masks, strict=True)
            if m.bit_count() == 1 and sum(sp.coords[m.bit_length() - 1]) % 2 == 0
        )
        scored.append((exposure + 0.5 * touching + 5 * even, types, masks))
    scored.sort(key=lambda s: s[0])
    _, types, masks = scored[rng.randrange(max(1, candidates // 10))]
    return to_fleet(sp, types, masks)
