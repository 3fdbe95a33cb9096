"""The report of a replayed battle (`spaceships battles play --json`): every event as an object
with what a program needs to check it again without reading the record (docs/battles.md)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from battles.engine.combat import is_missile, table_for
from battles.engine.replay import Replay
from battles.engine.setup import result_text
from battles.engine.state import BattleState, ShipState, other_side
from battles.engine.tractors import beam
from notation.battles.hexes import arc_of
from notation.battles.records import (
    BattleRecord,
    Event,
    Initiative,
    Move,
    Shot,
    Tractor,
    Volley,
    format_damage,
)

__all__ = ["replay_json"]


def number(value: Fraction) -> int | float:
    """A damage as JSON has it: a whole number, or a half as 0.5, 1.5 (exact in binary)."""
    return int(value) if value.denominator == 1 else float(value)


def replay_json(replay: Replay, record: BattleRecord | None = None) -> dict[str, Any]:
    """The report: the old fields first (`events` the record's lines), then the battle's
    options, the ships' starting places, and `steps`, one object per event."""
    state = replay.state
    starts = {(s.side, s.name): s for s in replay.start.ships}
    tag = record.tag if record is not None else (lambda _name: None)
    budget, limit = tag("Budget"), tag("TurnLimit")
    return {
        "game": "Spaceship Battles",
        "ok": not replay.problems,
        "dice": replay.dice,
        "turn": state.turn,
        "result": result_text(state),
        "winner": state.winner,
        "problems": [p.to_json() for p in replay.problems],
        "ships": [_ship(s, starts.get((s.side, s.name))) for s in state.ships],
        "events": [str(e) for e in replay.events],
        "lapsed": replay.lapsed,
        "budget": int(budget) if budget and budget.isdigit() else None,
        "turn_limit": int(limit) if limit and limit.isdigit() else None,
        "x_weapon": state.x_mode,
        "steps": [
            _step(e, before, _after(replay, i))
            for i, (e, before) in enumerate(zip(replay.events, replay.befores, strict=True))
        ],
    }


def _after(replay: Replay, i: int) -> BattleState:
    return replay.befores[i + 1] if i + 1 < len(replay.befores) else replay.state


def _ship(s: ShipState, start: ShipState | None) -> dict[str, Any]:
    return {
        "name": s.name,
        "side": s.side,
        "code": str(s.code),
        "hex": str(s.hex),
        "facing": s.facing,
        "systems": s.crossed_text(),
        "speed": s.speed,
        "turn_mode": s.turn_mode,
        "destroyed": s.destroyed,
        "carry": format_damage(s.carry),
        "start_hex": str(start.hex) if start else None,
        "start_facing": start.facing if start else None,
        "crossed": [i for i, x in enumerate(s.crossed) if x],
    }


def _place(ship: ShipState) -> dict[str, str]:
    return {"hex": str(ship.hex), "facing": ship.facing}


def _step(event: Event, before: BattleState, after: BattleState) -> dict[str, Any]:
    head: dict[str, Any] = {"text": str(event), "turn": event.turn}
    if isinstance(event, Initiative):
        return {"kind": "initiative", **head, **_initiative(event, before, after)}
    head["side"] = event.side
    if isinstance(event, Move):
        return {"kind": "move", **head, **_move(event, before, after)}
    if isinstance(event, Volley):
        return {"kind": "volley", **head, **_volley(event, before)}
    return {"kind": "tractor", **head, **_tractor(event, before)}


def _initiative(event: Initiative, before: BattleState, after: BattleState) -> dict[str, Any]:
    # A hold's pull happens as the turn opens (reading R11): the ships that moved with it.
    pulled = [
        {
            "ship": s.name,
            "side": s.side,
            "from": str(s.hex),
            "to": str(now.hex),
            "facing": s.facing,
        }
        for s in before.ships
        if (now := after.ship(s.name, s.side)) is not None and now.hex != s.hex
    ]
    return {"rolls": [list(p) for p in event.rolls], "winner": event.winner, "pulled": pulled}


def _move(event: Move, before: BattleState, after: BattleState) -> dict[str, Any]:
    ship, moved = before.ship(event.ship, event.side), after.ship(event.ship, event.side)
    assert ship is not None and moved is not None
    return {
        "ship": event.ship,
        "how": event.how,
        "from": _place(ship),
        "to": _place(moved),
        "speed": ship.speed,
        "turn_mode": ship.turn_mode,
    }


def _volley(event: Volley, before: BattleState) -> dict[str, Any]:
    result = "lapsed" if event.lapsed else "silent" if event.silent else "fired"
    enemy = other_side(event.side)
    out: dict[str, Any] = {
        "shooters": list(event.shooters),
        # The targets are the other player's ships; the two sides may share names (R17).
        "target_side": enemy,
        "targets": [
            {"ship": t.name, "named": [f"{w.code}{w.arc}" for w in t.weapons]}
            for t in event.targets
        ],
        "result": result,
        "shots": [],
        "damage": [],
    }
    shots = event.shots or ()
    for shot in shots:
        out["shots"].append(_shot(shot, event, before, shots))
    for loss in event.losses:
        target = before.ship(loss.ship, enemy)
        assert target is not None
        out["damage"].append(
            {
                "ship": loss.ship,
                "side": enemy,
                "soaked": number(loss.soaked),
                "dampers_burned": loss.burned,
                "crossed": [
                    {"system": str(target.code.systems[i]), "index": i, "by": by}
                    for i, by in zip(loss.crossed, loss.by, strict=True)
                ],
                "carry": loss.carry,
                "destroyed": loss.destroyed,
            }
        )
    return out


def _shot(
    shot: Shot, event: Volley, before: BattleState, shots: tuple[Shot, ...]
) -> dict[str, Any]:
    shooter_name = shot.shooter or event.shooters[0]
    target_name = shot.target or event.targets[0].name
    shooter = before.ship(shooter_name, event.side)
    target = before.ship(target_name, other_side(event.side))
    assert shooter is not None and target is not None
    table = table_for(shot.weapon.code, shot.range, before.x_mode)
    missile = is_missile(shot.weapon.code, shot.range, before.x_mode)
    # Point defence rolls on the column of the missiles that hit this target (reading R18).
    hits = sum(
        1
        for s in shots
        if (s.target or event.targets[0].name) == target_name
        and s.damage
        and is_missile(s.weapon.code, s.range, before.x_mode)
    )
    return {
        "shooter": shooter_name,
        "target": target_name,
        "weapon": f"{shot.weapon.code}{shot.weapon.arc}",
        "index": shot.index,
        "table": table.name if table else None,
        "missile": missile,
        "from": _place(shooter),
        "at": str(target.hex),
        "arc": arc_of(shooter.hex, shooter.facing, target.hex),
        "range": shot.range,
        "die": shot.die,
        "bonus": shot.bonus,
        "damage": number(shot.damage),
        "point_defence": [
            {"die": d, "missile_hits": hits, "stops": stops} for d, stops in shot.point_defence
        ],
        "picks": [{"die": d, "among": n} for d, n in shot.picks],
    }


def _tractor(event: Tractor, before: BattleState) -> dict[str, Any]:
    index = None
    if event.result not in ("lapsed", "silent"):
        index, _why = beam(before, event.side, event.ship, event.target)
    return {
        "ship": event.ship,
        "target": event.target,
        "target_side": other_side(event.side),
        "beam_index": index,
        "range": event.range,
        "die": event.die,
        "result": event.result,
        "held_through": event.turn + 1 if event.result == "hit" else None,
    }
