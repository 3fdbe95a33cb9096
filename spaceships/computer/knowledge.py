"""What one seat knows of the opponent's space, read from its `player_view` only, as bitboards:
empty cells, ship cells, destroyed cells, reported ships, ship types from flashcube data, missile
explosions, and the fleets the opponent may have [3.7, 3.7.1; classic 3.3]."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache

from spaceships.computer.space import Space, space
from spaceships.engine import PlayerView, Ruleset

# Types whose cells are missiles [6.6.3, 6.9.1, 6.10.1; classic 6.4.2].
MISSILE_TYPES = {"MD", "AG", "LG"}


@dataclass(frozen=True)
class Knowledge:
    """The opponent's space as far as the view tells. Every mask is a 125-bit bitboard."""

    space: Space
    ruleset: Ruleset
    empty: int  # known not to be a ship cell (misses, empty scans, empty flashcube)
    ship: int  # known ship cells, in ships not yet reported destroyed
    destroyed: int  # known destroyed ship cells (all of them: every loss is seen)
    undamaged: int  # known undamaged ship cells (scans, flashcube)
    dead: int  # cells of ships reported destroyed
    typed: tuple[tuple[int, str], ...]  # (cell index, type) in ships not yet destroyed
    groups: tuple[int, ...]  # missile explosions: cells of one missile ship [8.1.4]
    compositions: tuple[tuple[tuple[str, ...], float], ...]  # alive types, prior weight
    # Per explosion, the cells beside its target that its ship may hold: the exploded ones,
    # or ones destroyed before (an undamaged neighbour in the ship would have exploded too).
    beside: tuple[tuple[int, int], ...] = ()

    @property
    def unknown(self) -> int:
        """Cells of which nothing is known."""
        return ~(self.empty | self.ship | self.dead) & ((1 << 125) - 1)

    @property
    def targets(self) -> int:
        """Cells a strike may still hit: unknown, or known undamaged."""
        return self.unknown | self.undamaged

    def materiel_range(self) -> tuple[int, int]:
        """The opponent's remaining materiel [2.3.5], least and most, over their possible fleets:
        every destroyed enemy cell is seen, so only the fleet's size is uncertain."""
        gone = self.destroyed.bit_count()
        dead_cells = self.dead.bit_count()
        sizes = [sum(SIZES[t] for t in comp) + dead_cells for comp, _ in self.compositions]
        if not sizes:
            return (0, 0)
        return (min(sizes) - gone, max(sizes) - gone)


# Costs [6.2.6-6.10.2] and sizes [6.2.1-6.10].
COSTS = {"DS": 8, "KC": 6, "FS": 4, "PC": 4, "MD": 3, "HS": 3, "LS": 3, "AG": 2, "LG": 1}
SIZES = {"DS": 8, "KC": 6, "FS": 4, "PC": 4, "MD": 3, "HS": 2, "LS": 1, "AG": 2, "LG": 1, "HF": 2}


@cache
def fleets(ruleset: Ruleset) -> tuple[tuple[tuple[str, ...], float], ...]:
    """The fleets the opponent may have chosen, each with a prior weight."""
    if ruleset.classic:
        return ((("DS", "KC", "FS", "MD", "HF"), 1.0),)
    if ruleset.fleet_cost is None:
        return tuple(
            (("DS", "KC", third, "MD", scout), 1.0)
            for third in ("FS", "PC")
            for scout in ("LS", "HS")
        )
    # 3.7.1: any combination of the given total cost; every combination equally likely.
    types = sorted(COSTS, key=lambda t: -COSTS[t])
    found: list[tuple[str, ...]] = []

    def extend(start: int, left: int, chosen: list[str]) -> None:
        if len(found) >= 3000:
            return
        if left == 0:
            found.append(tuple(chosen))
            return
        for k in range(start, len(types)):
            if COSTS[types[k]] <= left:
                chosen.append(types[k])
                extend(k, left - COSTS[types[k]], chosen)
                chosen.pop()

    extend(0, ruleset.fleet_cost, [])
    return tuple((f, 1.0) for f in found)


@cache
def _counted(ruleset: Ruleset) -> tuple[tuple[tuple[str, ...], dict[str, int], float], ...]:
    return tuple((comp, dict(Counter(comp)), w) for comp, w in fleets(ruleset))


def _take(left: dict[str, int], t: str) -> bool:
    left[t] -= 1
    return True


@lru_cache(maxsize=4096)
def possible_fleets(
    ruleset: Ruleset,
    dead_types: tuple[tuple[str, int], ...],
    known_types: frozenset[str],
    exploded: bool,
) -> tuple[tuple[tuple[str, ...], float], ...]:
    """The ships still afloat in each fleet the opponent may have, given the types reported
    destroyed, the types seen in flashcube data and whether a missile has exploded."""
    compositions = []
    for comp, counts, weight in _counted(ruleset):
        if any(counts.get(t, 0) < n for t, n in dead_types):
            continue
        left = dict(counts)
        for t, n in dead_types:
            left[t] -= n
        if any(left.get(t, 0) <= 0 for t in known_types):
            continue
        alive = tuple(t for t in comp if left[t] > 0 and _take(left, t))
        if exploded and not any(t in MISSILE_TYPES for t in alive):
            continue
        if alive:
            compositions.append((alive, weight))
    return tuple(compositions)


def read_view(view: PlayerView) -> Knowledge:
    """Everything the view says about the opponent's space."""
    ruleset = Ruleset.from_tags(view.ruleset, view.options)
    sp = space(ruleset.colour_order, ruleset.classic)
    ix = sp.index
    empty = ship = destroyed = undamaged = 0
    for cell, known in view.enemy.items():
        bit = 1 << ix[cell]
        if known.ship is False:
            empty |= bit
        elif known.ship:
            ship |= bit
            if known.destroyed:
                destroyed |= bit
            elif known.destroyed is False:
                undamaged |= bit
    dead = 0
    dead_types: Counter[str] = Counter()
    for x in view.enemy_destroyed:
        dead |= sp.mask(x.cells)
        dead_types[x.ship.type] += 1
    ship &= ~dead
    undamaged &= ~dead
    typed = tuple(
        (ix[cell], known.type)
        for cell, known in view.enemy.items()
        if known.type is not None and not (dead >> ix[cell]) & 1
    )
    groups = []
    beside = []
    destroyed_so_far = 0
    for t in view.turns:
        for e in t.entries(view.player):
            if e.explosions:
                g = sp.mask((e.cell, *e.explosions))
                if not g & dead:
                    groups.append(g)
                    around = sp.adjacent[ix[e.cell]]
                    beside.append((around, around & ~(g | destroyed_so_far)))
            if e.result in ("hit", "duplicate"):
                destroyed_so_far |= 1 << ix[e.cell]
            destroyed_so_far |= sp.mask(e.explosions)
    compositions = possible_fleets(
        ruleset,
        tuple(sorted(dead_types.items())),
        frozenset(t for _, t in typed),
        bool(groups),
    )
    return Knowledge(
        sp,
        ruleset,
        empty,
        ship,
        destroyed,
        undamaged,
        dead,
        typed,
        tuple(groups),
        compositions,
        tuple(beside),
    )
