"""The battle computer's orders for a phase, from the position as the phase opens and nothing
else: moves that bring its arcs to bear at the range its weapons like and keep out of the
enemy's [III], and volleys and tractor beams at the targets they hurt most [IV]."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from battles.computer.estimates import best_range, expected, firepower, threat
from battles.engine.combat import bears, check_volley, firing
from battles.engine.design import figures
from battles.engine.movement import check_move, path
from battles.engine.state import BattleState, ShipState
from battles.engine.tractors import check_tractor, tractor_hits
from notation.battles.hexes import FACINGS, Hex, distance
from notation.battles.records import Move, Target, Tractor, Volley

__all__ = ["fire_orders", "movement_orders", "moves_of"]

# How much the computer weighs what the enemy could do to a ship against what it could do.
CAUTION = 0.6
# How much an enemy weapon that does not bear now counts: the enemy may turn to bring it.
TURNING = 1 / 3


def moves_of(ship: ShipState) -> dict[tuple[Hex, str], str]:
    """Every place and facing the ship can end its move in, each with one (shortest) way to
    get there [III.A, III.B]; `stay` among them."""
    found: dict[tuple[Hex, str], str] = {}
    # Breadth first, so the first way found to a place is a shortest; a state already seen
    # (place, facing, hexes straight as far as the turn mode counts, hexes used) is not
    # walked again.
    queue = deque([""])
    seen: set[tuple[Hex, str, int, int]] = set()
    while queue:
        how = queue.popleft()
        place, facing, straight = path(ship, how)
        ahead = how.count("F")
        key = (place, facing, min(straight, ship.turn_mode), ahead)
        if key in seen:
            continue
        seen.add(key)
        if how:
            found.setdefault((place, facing), how)
        if ahead < ship.speed:
            queue.append(how + "F")
        if straight >= ship.turn_mode:  # a turn resets the count, so never two in a row
            queue += [how + "L", how + "R"]
    found[(ship.hex, ship.facing)] = "stay"
    return found


def _foresee(enemy: ShipState, toward: Hex) -> list[tuple[Hex, str]]:
    """Where an enemy may be after its move, as the computer guesses: where it is, straight
    ahead at full speed, and closing on `toward` (the ship deciding) hex by hex."""
    places = [(enemy.hex, enemy.facing)]
    if enemy.speed:
        places.append((enemy.hex.step(enemy.facing, enemy.speed), enemy.facing))
        place, facing = enemy.hex, enemy.facing
        for _ in range(enemy.speed):
            if distance(place, toward) <= 1:
                break
            facing = min(FACINGS, key=lambda f: distance(place.step(f), toward))
            place = place.step(facing)
        places.append((place, facing))
    return places


def _scorer(state: BattleState, ship: ShipState, rng: random.Random) -> Callable[[Hex, str], float]:
    """How good a place and facing at the end of its move is for `ship`: what it could fire
    there at the enemy (wherever the enemy may have moved), less what the enemy could fire at
    it, and out of reach, nearness to the range its weapons like best."""
    enemies = state.standing("B" if ship.side == "A" else "A")
    mode = state.x_mode
    futures = [_foresee(e, ship.hex) for e in enemies]
    liked = best_range(ship, mode)
    armed = any(s.code != "R" for _i, s in ship.weapons())

    def score(place: Hex, facing: str) -> float:
        if not enemies:
            return 0.0
        offence = max(
            sum((firepower(ship, place, facing, h, mode) for h, _f in f), 0.0) / len(f)
            for f in futures
        )
        danger = sum(
            (
                sum((threat(e, place, mode, TURNING, h, f) for h, f in fs), 0.0) / len(fs)
                for e, fs in zip(enemies, futures, strict=True)
            ),
            0.0,
        )
        near = min(distance(place, e.hex) for e in enemies)
        # Out of reach it closes to the range its weapons like; with no weapon left it runs.
        approach = -abs(near - liked) / 10 if armed else near / 10
        noise = rng.randrange(100) / 10_000
        return offence - CAUTION * danger + approach + noise

    return score


def movement_orders(state: BattleState, side: str, seed: str) -> list[Move]:
    """One move for each standing ship of `side`: `held` when a tractor beam holds it,
    otherwise the best place it can reach as the position stands now."""
    rng = random.Random(f"battle-moves:{seed}:{state.turn}:{side}")
    moves = []
    for ship in state.standing(side):
        if state.held(ship.name, side):
            moves.append(Move(state.turn, side, ship.name, "held"))
            continue
        score = _scorer(state, ship, rng)
        options = sorted(moves_of(ship).items(), key=lambda o: (len(o[1]), o[1]))
        (_end, how) = max(options, key=lambda o: score(*o[0]))
        if check_move(state, side, ship.name, how):
            how = "stay"  # never reached: every move above follows the rules checked here
        moves.append(Move(state.turn, side, ship.name, how))
    return moves


def _damage_now(state: BattleState, ship: ShipState, target: ShipState) -> float:
    rng = distance(ship.hex, target.hex)
    return sum(
        (
            expected(s.code, rng, state.x_mode)
            for i, s in ship.weapons()
            if s.code != "R" and bears(state, ship, i, target) is None
        ),
        0.0,
    )


def fire_orders(state: BattleState, side: str, seed: str) -> list[Volley | Tractor]:
    """A volley from each ship that has a weapon bearing, at the enemy it hurts most for what
    that enemy is worth (a ship it can finish first); then tractor beams where a hold helps."""
    rng = random.Random(f"battle-fire:{seed}:{state.turn}:{side}")
    enemies = state.standing("B" if side == "A" else "A")
    left = {e.name: len(e.uncrossed()) - float(e.carry) for e in enemies}
    worth = {e.name: 1 + threat(e, e.hex, state.x_mode, 1.0) + _cost(e) / 100 for e in enemies}
    orders: list[Volley | Tractor] = []
    # The ships likeliest to be lost fire first: volleys alternate and damage is at once.
    for ship in sorted(state.standing(side), key=lambda s: (len(s.uncrossed()), s.name)):
        choices = []
        for enemy in enemies:
            damage = _damage_now(state, ship, enemy)
            if damage <= 0 or left[enemy.name] <= 0:
                continue
            # The share of the enemy this volley takes out, for what the enemy is worth; a
            # likely kill (which silences all its weapons at once) counts double, a surer one
            # more.
            share = min(1.0, damage / left[enemy.name])
            finish = 2 if damage >= left[enemy.name] else 1
            sure = min(damage / left[enemy.name], 3.0) / 10
            value = share * worth[enemy.name] * finish + sure
            choices.append((value, rng.random(), enemy, damage))
        if not choices:
            continue
        _value, _tie, enemy, damage = max(choices, key=lambda c: (c[0], c[1]))
        volley = Volley(state.turn, side, (ship.name,), (Target(enemy.name),))
        if check_volley(state, side, volley) or not firing(state, volley):
            continue
        left[enemy.name] -= damage
        orders.append(volley)
    orders += _tractors(state, side, enemies)
    return orders


def _cost(ship: ShipState) -> int:
    return figures(ship.code).cost


def _tractors(state: BattleState, side: str, enemies: list[ShipState]) -> list[Tractor]:
    """A hold keeps both ships where they are next turn and adds one to the holder's dice
    [IV.D.4-5]: worth it when the holder does more there than the held ship does to it."""
    tractors: list[Tractor] = []
    for ship in state.standing(side):
        if not any(s.code == "R" for _i, s in ship.weapons()):
            continue
        best: tuple[float, ShipState] | None = None
        for enemy in enemies:
            if enemy.working("H") or check_tractor(state, side, ship.name, enemy.name, set()):
                continue
            rng = distance(ship.hex, enemy.hex)
            chance = (
                sum(tractor_hits(d, enemy.turn_mode, rng, enemy.speed) for d in range(1, 7)) / 6
            )
            mine = _damage_now(state, ship, enemy)
            theirs = _damage_now(state, enemy, ship)
            gain = chance * (mine - theirs)
            if chance > 0 and gain > 0 and (best is None or gain > best[0]):
                best = (gain, enemy)
        if best is not None:
            tractors.append(Tractor(state.turn, side, ship.name, best[1].name))
    return tractors
