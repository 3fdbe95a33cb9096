"""Volleys: who may fire at whom with what, the dice, point defence, dampers and damage [IV]."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Protocol

from battles.engine.problems import Problem
from battles.engine.state import BattleState, ShipState, other_side
from battles.engine.tables import (
    COMBAT_TABLES,
    DEFAULT_X_MODE,
    MISSILE,
    CombatTable,
    point_defence_stops,
    x_table,
)
from notation.battles.codes import System
from notation.battles.hexes import arc_of, distance
from notation.battles.records import Loss, Shot, Target, Volley

__all__ = ["Dice", "Fire", "bears", "check_volley", "firing", "resolve_volley", "table_for"]


class Dice(Protocol):
    def roll(self, sides: int = 6) -> int: ...


def table_for(weapon: str, rng: int, x_mode: str = DEFAULT_X_MODE) -> CombatTable | None:
    """The table a weapon fires on at a range; X's depends on the battle's X mode (by
    default a gun within gun range, a missile beyond: reading R5)."""
    if weapon == "X":
        return x_table(x_mode, rng)
    return COMBAT_TABLES.get(weapon)


def is_missile(weapon: str, rng: int, x_mode: str = DEFAULT_X_MODE) -> bool:
    return weapon == "M" or (weapon == "X" and x_table(x_mode, rng) is MISSILE)


def bears(state: BattleState, shooter: ShipState, index: int, target: ShipState) -> str | None:
    """Why weapon `index` of `shooter` cannot fire at `target` now, or None when it can."""
    system = shooter.code.systems[index]
    if shooter.crossed[index]:
        return f"{system} is crossed out"
    if system.code == "R":
        return "a tractor beam fires after the volleys, on its own line [IV.D.1]"
    rng = distance(shooter.hex, target.hex)
    arc = arc_of(shooter.hex, shooter.facing, target.hex)
    if arc is not None and arc != system.arc:
        return (
            f"{target.name} is in the {_ARC[arc]} arc, not the {_ARC[system.arc or 'f']} [IV.A.5]"
        )
    table = table_for(system.code, rng, state.x_mode)
    if table is None or table.band(rng) is None:
        reach = MISSILE.max_range if system.code == "X" else table.max_range if table else 0
        return f"range {rng} is beyond {system}'s reach of {reach} [VI]"
    if system.code == "P" and shooter.last_fired(index) == state.turn - 1:
        return f"{system} fired last turn; a Primary Beam fires every other turn [IV.F.1, R20]"
    return None


_ARC = {"f": "front", "r": "right", "l": "left", "b": "rear"}


def why_none_bears(state: BattleState, order: Volley) -> str:
    """Why no weapon of a volley fires, weapon by weapon: "Lancer (Gf): range 9 is beyond
    (Gf)'s reach of 8 [VI]; Lancer (Xf): Raider is in the rear arc, not the front [IV.A.5]"."""
    reasons = []
    enemy = other_side(order.side)
    for name in order.shooters:
        shooter = state.ship(name, order.side)
        if shooter is None or shooter.destroyed:
            continue
        for t in order.targets:
            target = state.ship(t.name, enemy)
            if target is None or target.destroyed:
                reasons.append(f"{t.name} is destroyed")
                continue
            named = set(t.weapons)
            for i, system in enumerate(shooter.code.systems):
                if not system.weapon or system.code == "R" or (named and system not in named):
                    continue
                why = bears(state, shooter, i, target)
                if why is not None:
                    reasons.append(f"{shooter.name} {system}: {why}")
    if not reasons:
        return "no weapon bears"
    return "no weapon bears: " + "; ".join(dict.fromkeys(reasons))


def _problem(
    rule: str, message: str, state: BattleState, side: str, subject: str, hint: str | None = None
) -> Problem:
    return Problem(rule, message, subject, hint, state.turn, side)


def check_volley(
    state: BattleState, side: str, order: Volley, fired: Iterable[str] = ()
) -> list[Problem]:
    """Whether a volley may be ordered as written: its ships, fire group and Multiplex
    Tracking rules, and the weapons named (each in arc and reach) [IV.A]."""
    problems: list[Problem] = []
    subject = order.order_text()
    shooters: list[ShipState] = []
    fired = set(fired)
    for name in order.shooters:
        ship = state.ship(name, side)
        if ship is None:
            problems.append(
                _problem("IV.A.1", f"player {side} has no ship called {name}", state, side, subject)
            )
        elif ship.destroyed:
            problems.append(_problem("R12", f"{name} is destroyed", state, side, subject))
        elif name in fired or order.shooters.count(name) > 1:
            problems.append(
                _problem(
                    "IV.A.1",
                    f"{name} has already fired a volley this turn",
                    state,
                    side,
                    subject,
                    "one volley per ship per turn",
                )
            )
        else:
            shooters.append(ship)
    targets: list[ShipState] = []
    for t in order.targets:
        ship = state.ship(t.name, other_side(side))
        if ship is None:
            problems.append(
                _problem("IV.A.1", f"{t.name} is not an enemy ship", state, side, subject)
            )
        else:
            targets.append(ship)
    if problems:
        return problems
    if len(shooters) > 1:
        if len(shooters) > 3:
            problems.append(
                _problem(
                    "IV.A.2",
                    f"a fire group of {len(shooters)} ships; at most 3",
                    state,
                    side,
                    subject,
                )
            )
        for ship in shooters:
            if not ship.working("D"):
                problems.append(
                    _problem(
                        "IV.A.2",
                        f"{ship.name} has no working DataLink (D) to join a fire group",
                        state,
                        side,
                        subject,
                        "fire it in a volley of its own",
                    )
                )
        if len(targets) > 1:
            problems.append(
                _problem(
                    "IV.A.4",
                    "a fire group fires at one common target; "
                    "DataLink and Multiplex Tracking do not mix",
                    state,
                    side,
                    subject,
                )
            )
        if any(t.weapons for t in order.targets):
            problems.append(
                _problem(
                    "R17",
                    "a fire group fires every weapon that bears; it names no weapons",
                    state,
                    side,
                    subject,
                )
            )
    if len(targets) > 1 and len(shooters) == 1:
        if not shooters[0].working("U"):
            problems.append(
                _problem(
                    "IV.A.3",
                    f"{shooters[0].name} has no working Multiplex "
                    "Tracking (U) to fire at more than one ship",
                    state,
                    side,
                    subject,
                    "one target per volley",
                )
            )
        if any(not t.weapons for t in order.targets):
            problems.append(
                _problem(
                    "R17",
                    "a volley at several ships names the weapons for each",
                    state,
                    side,
                    subject,
                    "e.g. Lancer > Raider (Gf), Kite (Xf)",
                )
            )
    if problems:
        return problems
    if len(shooters) == 1:
        problems += _check_named(state, side, subject, shooters[0], order.targets)
    return problems


def _check_named(
    state: BattleState, side: str, subject: str, shooter: ShipState, targets: tuple[Target, ...]
) -> list[Problem]:
    problems: list[Problem] = []
    used: set[int] = set()
    for t in targets:
        target = state.ship(t.name, other_side(side))
        assert target is not None
        for w in t.weapons:
            candidates = [
                i
                for i, s in enumerate(shooter.code.systems)
                if s == w and i not in used and not shooter.crossed[i]
            ]
            if not candidates:
                problems.append(
                    _problem(
                        "IV.A.1",
                        f"{shooter.name} has no working {w} left to fire",
                        state,
                        side,
                        subject,
                    )
                )
                continue
            reasons = [bears(state, shooter, i, target) for i in candidates]
            ok = [i for i, r in zip(candidates, reasons, strict=True) if r is None]
            if ok:
                used.add(ok[0])
            else:
                problems.append(
                    _problem(
                        "IV.A.5", f"{w} cannot fire at {t.name}: {reasons[0]}", state, side, subject
                    )
                )
    return problems


@dataclass(frozen=True, slots=True)
class Fire:
    shooter: ShipState
    index: int
    target: ShipState
    range: int


def firing(state: BattleState, order: Volley) -> list[Fire]:
    """The weapons that fire now, in order: shooter by shooter, target by target, each
    shooter's named weapons, or every weapon that bears (reading R17), in the order of its
    code (reading R19); crossed-out weapons and destroyed targets are passed over (damage
    takes effect at once [II.C.1]), and so are a fire group's ships without a working
    DataLink and the second and later targets of a ship without working Multiplex Tracking
    (what an earlier volley of the phase crossed out stays silent, reading R14)."""
    fires: list[Fire] = []
    group = len(order.shooters) > 1
    enemy = other_side(order.side)
    for name in order.shooters:
        shooter = state.ship(name, order.side)
        if shooter is None or shooter.destroyed:
            continue
        if group and not shooter.working("D"):
            continue  # its DataLink was crossed out earlier in the phase: silent (R14)
        # Its Multiplex Tracking crossed out earlier in the phase: it fires at the first
        # target only, the weapons named for the others stay silent (R14).
        tracked = order.targets if shooter.working("U") else order.targets[:1]
        used: set[int] = set()
        for t in tracked:
            target = state.ship(t.name, enemy)
            if target is None or target.destroyed:
                continue
            rng = distance(shooter.hex, target.hex)
            chosen: list[int] = []
            if t.weapons:
                for w in t.weapons:
                    for i, s in enumerate(shooter.code.systems):
                        if s == w and i not in used and bears(state, shooter, i, target) is None:
                            used.add(i)
                            chosen.append(i)
                            break
            else:
                for i, _s in shooter.weapons():
                    if i not in used and bears(state, shooter, i, target) is None:
                        used.add(i)
                        chosen.append(i)
            # Named weapons fire (and their damage is crossed out) in the order of the code,
            # not the order named, so naming weapons never chooses the order of damage (R19).
            fires += [Fire(shooter, i, target, rng) for i in sorted(chosen)]
    return fires


def resolve_volley(state: BattleState, order: Volley, dice: Dice) -> tuple[BattleState, Volley]:
    """Fire a (checked) volley: roll each weapon, point defence, dampers, then cross out
    systems at once (reading R19). Returns the new state and the volley with its dice and
    losses."""
    fires = firing(state, order)
    several_shooters = len(order.shooters) > 1
    several_targets = len(order.targets) > 1
    shots: list[Shot] = []
    for f in fires:
        system = f.shooter.code.systems[f.index]
        die = dice.roll(6)
        bonus = 1 if state.holds_on(f.shooter.name, f.target.name, f.shooter.side) else 0
        table = table_for(system.code, f.range, state.x_mode)
        assert table is not None
        damage = table.cell(min(die + bonus, 6), f.range) or Fraction(0)
        shots.append(
            Shot(
                system,
                f.range,
                die,
                damage,
                f.shooter.name if several_shooters else None,
                f.target.name if several_targets else None,
                bonus,
                index=f.index,
            )
        )
    # Point defence, per target, against the missiles that hit it in this volley: one roll per
    # missile hit when it has any working Y [IV.B.2, reading R18].
    enemy = other_side(order.side)
    for target_name in dict.fromkeys(f.target.name for f in fires):
        target = state.ship(target_name, enemy)
        assert target is not None
        hits = [
            k
            for k, f in enumerate(fires)
            if f.target.name == target_name
            and is_missile(f.shooter.code.systems[f.index].code, f.range, state.x_mode)
            and shots[k].damage
        ]
        if not target.working("Y"):
            continue
        for k in hits:
            die = dice.roll(6)
            shots[k] = replace(
                shots[k], point_defence=((die, point_defence_stops(die, len(hits))),)
            )
    # Fire marks for Primary Beams [IV.F.1].
    for f in fires:
        if f.shooter.code.systems[f.index].code == "P":
            ship = state.ship(f.shooter.name, f.shooter.side)
            assert ship is not None
            marks = dict(ship.fired)
            marks[f.index] = state.turn
            state = state.with_ship(replace(ship, fired=tuple(sorted(marks.items()))))
    losses: list[Loss] = []
    for target_name in dict.fromkeys(f.target.name for f in fires):
        idx = [k for k, f in enumerate(fires) if f.target.name == target_name]
        state, loss, picked = _damage(state, enemy, target_name, [shots[k] for k in idx], dice)
        for k, picks in zip(idx, picked, strict=True):
            shots[k] = replace(shots[k], picks=picks)
        # The shot that crossed each system, counted among all the volley's shots.
        losses.append(replace(loss, by=tuple(None if b is None else idx[b] for b in loss.by)))
    return state, replace(order, shots=tuple(shots), losses=tuple(losses))


def effective(shot: Shot) -> Fraction:
    """A shot's damage after point defence."""
    if any(stops for _die, stops in shot.point_defence):
        return Fraction(0)
    return shot.damage


def damper_choice(
    energy: Fraction, others: Fraction, carry: Fraction, left: int, dampers: int
) -> int:
    """How many Overload Dampers burn out against a volley's Energy Beam damage (`energy`
    points; `others` the volley's other points at the same target, `carry` its kept half,
    `left` its systems not yet crossed out): the choice that crosses out the fewest systems,
    burned dampers counted, keeping dampers on a tie (reading R7)."""
    best, best_loss = 0, left + 1
    for burn in range(dampers + 1):
        soaked = (dampers - burn) + 4 * burn
        points = carry + others + max(energy - soaked, 0)
        loss = burn + min(left - burn, int(points))
        if loss < best_loss:  # strictly fewer: a tie keeps the dampers
            best, best_loss = burn, loss
    return best


def _damage(
    state: BattleState, side: str, name: str, shots: list[Shot], dice: Dice
) -> tuple[BattleState, Loss, list[tuple[tuple[int, int], ...]]]:
    """Cross out the target's (player `side`'s ship) systems for these shots, in order
    [IV.C]."""
    ship = state.ship(name, side)
    assert ship is not None
    lost: list[System] = []
    crossed: list[int] = []
    by: list[int | None] = []  # for each system crossed, the shot (of `shots`) that did it
    points = [effective(s) for s in shots]
    # Overload Dampers soak Energy Beam damage, one point each per volley, or burn out to
    # soak up to four [IV.E.1].
    energy = sum(
        (p for p, s in zip(points, shots, strict=True) if s.weapon.code == "E"), Fraction(0)
    )
    dampers = ship.working("O")
    burn, soaked = 0, Fraction(0)
    if energy and dampers:
        others = sum(points, Fraction(0)) - energy
        burn = damper_choice(energy, others, ship.carry, len(ship.uncrossed()), dampers)
        soak = soaked = min(energy, Fraction(dampers - burn + 4 * burn))
        for _ in range(burn):
            i = next(i for i in ship.uncrossed() if ship.code.systems[i].code == "O")
            ship = ship.cross(i)
            lost.append(ship.code.systems[i])
            crossed.append(i)
            by.append(None)
        for k, s in enumerate(shots):
            if s.weapon.code == "E" and soak:
                take = min(points[k], soak)
                points[k] -= take
                soak -= take
    picked: list[tuple[tuple[int, int], ...]] = []
    for k, (shot, p) in enumerate(zip(shots, points, strict=True)):
        picks: list[tuple[int, int]] = []
        total = ship.carry + p
        whole = int(total)
        ship = replace(ship, carry=total - whole)
        for _ in range(whole):
            if ship.destroyed:
                break
            i = _next_system(ship, shot.weapon.code, dice, picks)
            ship = ship.cross(i)
            lost.append(ship.code.systems[i])
            crossed.append(i)
            by.append(k)
        picked.append(tuple(picks))
    if ship.destroyed:
        ship = replace(ship, carry=Fraction(0))
    state = state.with_ship(ship)
    loss = Loss(
        name,
        tuple(lost),
        bool(ship.carry),
        ship.destroyed,
        tuple(crossed),
        soaked,
        burn,
        tuple(by),
    )
    return state, loss, picked


_SKIPS = {"E": "AC", "P": "SA"}  # [IV.C.2, IV.C.3]


def _next_system(ship: ShipState, weapon: str, dice: Dice, picks: list[tuple[int, int]]) -> int:
    """The system one point of damage crosses out: the leftmost, or for an Energy Beam the
    leftmost that is not armour or cargo, or for a Primary Beam one drawn at random from those
    that are not shields or armour; when only skipped systems are left, the leftmost of them
    (reading R9)."""
    left = ship.uncrossed()
    skip = _SKIPS.get(weapon, "")
    eligible = [i for i in left if ship.code.systems[i].code not in skip]
    if not eligible:
        return left[0]
    if weapon == "P" and len(eligible) > 1:
        die = dice.roll(len(eligible))
        picks.append((die, len(eligible)))
        return eligible[die - 1]
    return eligible[0]
