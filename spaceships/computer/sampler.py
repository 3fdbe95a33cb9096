"""Whole opponent fleets consistent with everything a seat has seen, drawn at random, and the
chance of a ship cell in each cell estimated over them (ships constrain each other, so the
estimate is over whole fleets, never ship by ship)."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import dataclass
from itertools import accumulate

from spaceships.computer.knowledge import MISSILE_TYPES, Knowledge
from spaceships.computer.space import bits


@dataclass(frozen=True)
class Estimate:
    """`p[i]`: the chance that cell i holds an undamaged enemy ship cell; `fleets`: each drawn
    fleet's cells as one bitboard (for joint chances), with its `weights` (summing to 1);
    `found`: how many fleets were drawn."""

    p: tuple[float, ...]
    fleets: tuple[int, ...]
    found: int
    weights: tuple[float, ...] = ()

    def joint(self, mask: int) -> float:
        """The chance that every cell of `mask` is a ship cell."""
        return sum(w for f, w in zip(self.fleets, self.weights, strict=True) if f & mask == mask)


class Sampler:
    """Draws consistent fleets for one Knowledge; the per-turn filtering is done once here."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        sp = k.space
        blocked = k.empty | k.dead
        groups_all = 0
        for g in k.groups:
            groups_all |= g
        types = sorted({t for comp, _ in k.compositions for t in comp})
        self.ok: dict[str, tuple[int, ...]] = {}
        self.okset: dict[str, frozenset[int]] = {}
        for t in types:
            other_typed = 0
            for i, tt in k.typed:
                if tt != t:
                    other_typed |= 1 << i
            bad = blocked | other_typed
            if t not in MISSILE_TYPES:
                bad |= groups_all
            masks = tuple(
                m
                for m in sp.placements(t)
                if not m & bad
                and m & ~k.destroyed  # an enemy ship wholly destroyed would have been reported
                and all(m & g in (0, g) for g in k.groups)
                and not any(
                    m & g and m & never for g, (_, never) in zip(k.groups, k.beside, strict=True)
                )
            )
            self.ok[t] = masks
            self.okset[t] = frozenset(masks)
        self.must = k.ship
        self.cover: dict[int, dict[str, tuple[int, ...]]] = {}
        for i in bits(self.must):
            self.cover[i] = {
                t: tuple(m for m in sp.covering(t)[i] if m in self.okset[t]) for t in types
            }
        fitting = [(c, w) for c, w in k.compositions if all(self.ok[t] for t in c)]
        self.compositions = [c for c, _ in fitting]
        self.cumulative = list(accumulate(w for _, w in fitting))
        # How much room the sightings leave each type: the part of a composition's chance
        # that the proposal below does not already draw it with.
        room = {t: len(self.ok[t]) / len(sp.placements(t)) for t in types}
        self.room = [math.prod(room[t] for t in c) for c in self.compositions]

    def draw(self, rng: random.Random) -> tuple[list[tuple[str, int]], float] | None:
        """One fleet (its ships' types and bitboards) and its importance weight, or None when
        this attempt failed.

        Known ship cells are covered one at a time, lowest first, each by a ship chosen in
        proportion to its chance of lying there; the other ships then lie at random. That
        proposal over-draws fleets that explain the hits with many ships (each ship is made
        to cover a cell that, for a fleet placed blindly, another ship covers only by
        chance), so each fleet carries the weight that makes the estimate one over
        consistent fleets, every fleet of a composition equally likely."""
        if not self.compositions:
            return None
        pick = rng.choices(range(len(self.compositions)), cum_weights=self.cumulative)[0]
        remaining = list(self.compositions[pick])
        weight = self.room[pick]
        placed = 0
        ships: list[tuple[str, int]] = []
        left = self.must
        while left:
            i = (left & -left).bit_length() - 1
            cover = self.cover[i]
            # Each ship lies uniformly over its own places: a candidate place weighs
            # 1 / (places of its type), not 1, or big ships would explain every hit.
            options = []
            weights = []
            for t in dict.fromkeys(remaining):
                free = [m for m in cover[t] if not m & placed]
                if free:
                    options.append((t, free))
                    weights.append(len(free) * remaining.count(t) / len(self.ok[t]))
            if not options:
                return None
            t, free = rng.choices(options, weights)[0]
            m = free[rng.randrange(len(free))]
            weight *= sum(weights) / remaining.count(t)
            remaining.remove(t)
            placed |= m
            ships.append((t, m))
            left &= ~m
        for t in remaining:
            options = self.ok[t]
            n = len(options)
            for _ in range(60):
                m = options[rng.randrange(n)]
                if not m & placed:
                    break
            else:
                return None
            placed |= m
            ships.append((t, m))
        return ships, weight

    def estimate(self, rng: random.Random, wanted: int, attempts: int) -> Estimate:
        """Up to `wanted` fleets from at most `attempts` tries (fixed counts: deterministic)."""
        counts: defaultdict[int, float] = defaultdict(float)
        fleets: list[int] = []
        weights: list[float] = []
        for _ in range(attempts):
            drawn = self.draw(rng)
            if drawn is None:
                continue
            ships, w = drawn
            union = 0
            for _, m in ships:
                counts[m] += w
                union |= m
            fleets.append(union)
            weights.append(w)
            if len(fleets) >= wanted:
                break
        p = [0.0] * 125
        n = len(fleets)
        total = sum(weights)
        if n:
            live = ~self.k.destroyed
            for m, c in counts.items():
                for i in bits(m & live):
                    p[i] += c
            p = [v / total for v in p]
        return Estimate(tuple(p), tuple(fleets), n, tuple(w / total for w in weights))


def estimate(k: Knowledge, rng: random.Random, wanted: int = 1200) -> Estimate:
    """The chance of an undamaged ship cell per cell; when no consistent fleet turns up (an
    opponent's fleet outside the usual compositions), a plain guess near known ship cells."""
    found = Sampler(k).estimate(rng, wanted, wanted * 4)
    if found.found:
        return found
    sp = k.space
    targets = k.targets
    p = [0.0] * 125
    near = 0
    for i in bits(k.ship & k.destroyed):
        near |= sp.adjacent[i]
    for i in bits(targets):
        p[i] = 0.5 if (near >> i) & 1 else 0.1
    for i in bits(k.undamaged):
        p[i] = 1.0
    return Estimate(tuple(p), (), 0, ())
