"""A plain computer player for Spaceship Battles: closes on the nearest enemy and fires every
weapon that bears. Used by the bench, the samples and the tests that need whole battles."""

from __future__ import annotations

from battles.engine.combat import bears
from battles.engine.dice import commitment
from battles.engine.movement import check_move
from battles.engine.play import play_record
from battles.engine.state import BattleState, ShipState
from battles.engine.tractors import check_tractor
from notation.battles.hexes import arc_of, distance
from notation.battles.records import BattleRecord, Initiative, Move, Target, Tractor, Volley

__all__ = ["autoplay_battle", "plan_fire", "plan_moves"]


def _nearest(state: BattleState, ship: ShipState) -> ShipState | None:
    enemies = state.standing("B" if ship.side == "A" else "A")
    return min(enemies, key=lambda e: (distance(ship.hex, e.hex), e.name), default=None)


def _steps(state: BattleState, ship: ShipState, goal: ShipState) -> str:
    """Greedy: turn toward the goal when allowed, else move ahead, until speed is used up or
    the goal is close and in the front arc."""
    how = ""
    for _ in range(ship.speed * 3):
        trial_state = state
        here = _after(ship, how)
        arc = arc_of(here.hex, here.facing, goal.hex)
        if arc == "f" and distance(here.hex, goal.hex) <= 2:
            break
        choice = "F"
        if arc in ("r", "b"):
            choice = "R"
        elif arc == "l":
            choice = "L"
        for step in (choice, "F"):
            if not check_move(trial_state, ship.side, ship.name, how + step):
                how += step
                break
        else:
            break
    return how or "stay"


def _after(ship: ShipState, how: str) -> ShipState:
    from dataclasses import replace

    from battles.engine.movement import path

    place, facing, straight = path(ship, how)
    return replace(ship, hex=place, facing=facing, straight=straight)


def plan_moves(state: BattleState, side: str) -> list[Move]:
    moves = []
    for ship in state.standing(side):
        if state.held(ship.name, side):
            moves.append(Move(state.turn, side, ship.name, "held"))
            continue
        goal = _nearest(state, ship)
        if goal is not None:
            moves.append(Move(state.turn, side, ship.name, _steps(state, ship, goal)))
    return moves


def plan_fire(state: BattleState, side: str) -> tuple[list[Volley], list[Tractor]]:
    volleys, tractors = [], []
    enemies = state.standing("B" if side == "A" else "A")
    for ship in state.standing(side):
        ranked = sorted(enemies, key=lambda e: (distance(ship.hex, e.hex), e.name))
        for enemy in ranked:
            if any(bears(state, ship, i, enemy) is None for i, _s in ship.weapons()):
                volleys.append(Volley(state.turn, side, (ship.name,), (Target(enemy.name),)))
                break
        for enemy in ranked:
            if not check_tractor(state, side, ship.name, enemy.name, set()):
                tractors.append(Tractor(state.turn, side, ship.name, enemy.name))
                break
    return volleys, tractors


def autoplay_battle(record: BattleRecord, seed: str, turns: int = 30) -> BattleRecord:
    """Both sides played by this player from the record's ships, rolled from `seed`, until the
    battle ends or `turns` turns are played; the whole record, seed revealed."""
    if record.tag("Dice") is None:
        record = BattleRecord((*record.tags, ("Dice", commitment(seed))), record.ships, ())
    events = tuple(record.events)
    for turn in range(1, turns + 1):
        replay = play_record(BattleRecord(record.tags, record.ships, events), seed=seed)
        if replay.state.over:
            break
        events = (*replay.events, Initiative(turn, ()))
        state = play_record(BattleRecord(record.tags, record.ships, events), seed=seed).state
        moves = plan_moves(state, "A") + plan_moves(state, "B")
        replay = play_record(BattleRecord(record.tags, record.ships, events + tuple(moves)), seed)
        state = replay.state
        volleys_a, tractors_a = plan_fire(state, "A")
        volleys_b, tractors_b = plan_fire(state, "B")
        events = (*replay.events, *volleys_a, *volleys_b, *tractors_a, *tractors_b)
    final = BattleRecord(record.tags, record.ships, events)
    return play_record(final, seed=seed).record(final, seed)
