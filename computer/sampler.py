"""Whole opponent fleets consistent with everything a seat has seen, drawn at random, and the
chance of a ship cell in each cell estimated over them (ships constrain each other, so the
estimate is over whole fleets, never ship by ship)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import accumulate

from computer.knowledge import MISSILE_TYPES, Knowledge
from computer.space import bits


@dataclass(frozen=True)
class Estimate:
    """`p[i]`: the chance that cell i holds an undamaged enemy ship cell; `fleets`: each drawn
    fleet's cells as one bitboard (for joint chances); `found`: how many fleets were drawn."""

    p: tuple[float, ...]
    fleets: tuple[int, ...]
    found: int

    def joint(self, mask: int) -> float:
        """The chance that every cell of `mask` is a ship cell."""
        if not self.fleets:
            return 0.0
        return sum(1 for f in self.fleets if f & mask == mask) / len(self.fleets)


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

    def draw(self, rng: random.Random) -> list[tuple[str, int]] | None:
        """One fleet (its ships' types and bitboards) or None when this attempt failed."""
        if not self.compositions:
            return None
        comp = rng.choices(self.compositions, cum_weights=self.cumulative)[0]
        remaining = list(comp)
        placed = 0
        ships: list[tuple[str, int]] = []
        left = self.must
        while left:
            cells = bits(left)
            i = cells[rng.randrange(len(cells))]
            cover = self.cover[i]
            # Each ship lies uniformly over its own places: a candidate place weighs
            # 1 / (places of its type), not 1, or big ships would explain every hit.
            options = []
            weights = []
            for t in set(remaining):
                free = [m for m in cover[t] if not m & placed]
                if free:
                    options.append((t, free))
                    weights.append(len(free) * remaining.count(t) / len(self.ok[t]))
            if not options:
                return None
            t, free = rng.choices(options, weights)[0]
            m = free[rng.randrange(len(free))]
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
        return ships

    def estimate(self, rng: random.Random, wanted: int, attempts: int) -> Estimate:
        """Up to `wanted` fleets from at most `attempts` tries (fixed counts: deterministic)."""
        counts: Counter[tuple[str, int]] = Counter()
        fleets: list[int] = []
        for _ in range(attempts):
            ships = self.draw(rng)
            if ships is None:
                continue
            union = 0
            for tm in ships:
                counts[tm] += 1
                union |= tm[1]
            fleets.append(union)
            if len(fleets) >= wanted:
                break
        p = [0.0] * 125
        n = len(fleets)
        if n:
            live = ~self.k.destroyed
            for (_, m), c in counts.items():
                for i in bits(m & live):
                    p[i] += c
            p = [v / n for v in p]
        return Estimate(tuple(p), tuple(fleets), n)


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
    return Estimate(tuple(p), (), 0)
