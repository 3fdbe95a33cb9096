"""A turn's orders from the estimated chances of enemy ship cells: where the strikes go, which
beam line, which missiles and kamikazes to launch and from where, where to scan, and when to
stop and let the game end [2.3.2]. Used by the `density` and `expert` levels."""

from __future__ import annotations

import random
from dataclasses import dataclass

from notation.spaceships.cells import Cell, PartialCell
from notation.spaceships.orders import (
    Beam,
    ClassicBeam,
    KamikazeLaunch,
    MissileLaunch,
    Order,
    Scan,
    Strike,
)
from spaceships.computer.knowledge import Knowledge
from spaceships.computer.sampler import Estimate
from spaceships.computer.space import Space, bits, space
from spaceships.engine import PlayerView


@dataclass(frozen=True)
class Style:
    """How a level spends: the `density` level only strikes, beams, launches missiles and scans;
    the `expert` level also weighs beams' burn-out, kamikazes and ending the game."""

    burn_out_cost: float = 0.0  # strikes a burnt-out beam would cost us [8.2.4, 8.4]
    stop_when_ahead: bool = False  # end the game by 2.3.2 when that wins or draws
    joint_beam: bool = False  # choose the beam line together with the strikes
    race_kamikazes: bool = False  # a kamikaze from every ship with nothing else to give


DENSITY = Style()
EXPERT = Style(burn_out_cost=1.0, stop_when_ahead=True, joint_beam=True, race_kamikazes=True)


def ranked(score: tuple[float, ...], k: Knowledge, rng: random.Random) -> list[int]:
    """Cells a strike may still hit, best first (ties broken at random)."""
    cells = bits(k.targets)
    rng.shuffle(cells)
    cells.sort(key=lambda i: -score[i])
    return cells


def own_undamaged(view: PlayerView) -> int:
    return sum(1 for s in view.ships for c in s.cells if c not in view.destroyed)


def missile_cell(
    view: PlayerView, sp: Space, unfired: tuple[Cell, ...], undamaged: frozenset[Cell]
) -> Cell:
    """The missile to fire first: the one whose explosion, if struck, would cost most [8.1.4],
    and among those the one the opponent is likeliest to strike (next to known losses)."""
    lost = sp.mask(view.destroyed)
    near_lost = 0
    for i in bits(lost):
        near_lost |= sp.adjacent[i]
    ship = sp.mask(undamaged)

    def cost(c: Cell) -> tuple[int, int]:
        i = sp.index[c]
        return ((sp.adjacent[i] & ship).bit_count(), (near_lost >> i) & 1)

    return max(unfired, key=cost)


def exposed_cell(view: PlayerView, sp: Space, undamaged: frozenset[Cell]) -> Cell:
    """The cell the opponent is likeliest to strike next: beside our known losses."""
    lost = sp.mask(view.destroyed)
    near = 0
    for i in bits(lost):
        near |= sp.adjacent[i]
    cells = sorted(undamaged, key=sp.index.__getitem__)
    return max(cells, key=lambda c: (near >> sp.index[c]) & 1)


def classic_beam_lines(
    view: PlayerView, sp: Space, ship_cells: tuple[Cell, ...]
) -> list[tuple[int, PartialCell]]:
    """Classic 6.1.3.3: the lines of five along an axis through the death star's mirror cells."""
    found: dict[int, PartialCell] = {}
    for c in ship_cells:
        x, y, z = sp.coords[sp.index[c]]
        for axis in range(3):
            mask = 0
            for v in range(5):
                xyz = [x, y, z]
                xyz[axis] = v
                mask |= 1 << (xyz[0] * 25 + xyz[1] * 5 + xyz[2])
            values = {"colour": c.colour, "letter": c.letter, "number": c.number}
            values.pop(("colour", "letter", "number")[axis])
            found[mask] = PartialCell(**values)  # type: ignore[arg-type]
    return sorted(found.items(), key=lambda kv: str(kv[1]))


def decide(
    view: PlayerView, k: Knowledge, est: Estimate, style: Style, rng: random.Random
) -> tuple[Order, ...]:
    """The whole turn's orders, legal by construction from the view's entitlements."""
    ent = view.entitlements
    if ent is None:
        return ()
    sp = space(k.ruleset.colour_order, k.ruleset.classic)
    p = est.p
    order = ranked(p, k, rng)
    orders: list[Order] = []
    mine = own_undamaged(view)

    # 2.3.2: with nothing but kamikazes and scans left, recording no strike ends the game;
    # that is worth doing whenever our materiel is at least theirs.
    if style.stop_when_ahead and ent.only_kamikazes_and_scans:
        _, most = k.materiel_range()
        if mine >= most:
            return ()

    # Missiles are free strikes, and a fired missile no longer explodes [8.1.3, 8.1.4].
    ships = {s.id: s for s in view.ships}
    launches = 0
    for cap in ent.missile_ships:
        cell = missile_cell(view, sp, cap.unfired, cap.undamaged)
        orders.append(MissileLaunch(PartialCell(cell.colour, cell.letter, cell.number)))
        launches += 1
    n = ent.conventional + launches

    # Beams: three (classic: five) extra strikes [8.2; classic 6.1.3].
    taken = 0
    for cap in ent.beam_ships:
        best: tuple[float, int, Order] | None = None
        if k.ruleset.classic:
            for mask, line in classic_beam_lines(view, sp, ships[cap.ship].cells):
                worth = sum(p[i] for i in bits(mask & ~taken))
                if best is None or worth > best[0]:
                    best = (worth, mask, ClassicBeam(line))
        else:
            several = len(ent.beam_ships) > 1
            top = [i for i in order if not (taken >> i) & 1][: n + 3]
            for start, end, mask, d in sp.lines:
                if d not in cap.beam_directions:
                    continue
                worth = sum(p[i] for i in bits(mask & ~taken))
                if style.joint_beam:
                    worth += sum(p[i] for i in [j for j in top if not (mask >> j) & 1][:n])
                if style.burn_out_cost and sum(map(abs, d)) > 1:
                    ends = (1 << start) | (1 << end)
                    worth -= (
                        style.burn_out_cost * est.joint(ends & ~k.destroyed & ~taken)
                        if ends & ~taken == ends
                        else 0.0
                    )
                if best is None or worth > best[0] + 1e-9:
                    best = (
                        worth,
                        mask,
                        Beam(sp.cells[start], sp.cells[end], cap.ship if several else None),
                    )
        if best is not None and best[0] > 0:
            orders.append(best[2])
            taken |= best[1]

    strikes = [i for i in order if not (taken >> i) & 1]
    # Kamikazes: one own cell for one more strike [4.5].
    n += kamikazes(view, style, sp, strikes, n, mine, orders)
    chosen = strikes[:n]
    # Launches need targets of their own [rulings, Orders]; pad with any cell not yet aimed at.
    if len(chosen) < launches:
        spare_cells = [i for i in range(125) if i not in chosen]
        chosen += spare_cells[: launches - len(chosen)]
    orders.extend(Strike(sp.cells[i]) for i in chosen)
    aimed = taken
    for i in chosen:
        aimed |= 1 << i
    # Scans: where the answer changes next turn's aim: the likeliest cells not struck now,
    # unless nothing there is at all likely or already certain [8.3].
    scans = [i for i in strikes if not (aimed >> i) & 1 and 0.02 <= p[i] < 0.999][: ent.scans]
    orders.extend(Scan(sp.cells[i]) for i in scans)
    return tuple(orders)


def kamikazes(
    view: PlayerView,
    style: Style,
    sp: Space,
    strikes: list[int],
    n: int,
    mine: int,
    orders: list[Order],
) -> int:
    """Kamikaze launches for the turn, appended to `orders`; returns how many strikes they add.

    A kamikaze costs its launch cell [4.5.3], a point of the score [2.3.5], for one more
    strike. The game is a race: the side whose fleet is destroyed first [2.3.1] (or left with
    nothing to strike with [2.3.2]) scores nothing, so a strike sooner is worth more than a
    point kept. The expert therefore launches one from every ship that has nothing else to
    give (a ship that still strikes or fires a missile may not [4.5]), from the cell the
    opponent is likeliest to strike next anyway; always keeping one cell of its own. (Measured
    with bench/ai.py against `hunt`: 89.9% of decided games won, against 86.3% launching one
    only when that likely ended the game, 200 games on the same seeds.)"""
    ent = view.entitlements
    assert ent is not None
    caps = list(ent.kamikaze_ships)
    if not caps or not style.race_kamikazes:
        return 0
    count = min(len(caps), max(0, mine - 1), max(0, len(strikes) - n))
    if ent.only_kamikazes_and_scans:
        count = min(len(caps), max(0, mine - 1))
    for cap in caps[:count]:
        orders.append(KamikazeLaunch(exposed_cell(view, sp, cap.undamaged)))
    return count
