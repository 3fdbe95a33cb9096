"""A whole battle between two deciders (the computer, autoplay's plain player, or any function
of the position), phase by phase as the judge runs it: for the bench and the tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from battles.computer.plain import plan_fire, plan_moves
from battles.engine.dice import commitment
from battles.engine.play import play_record
from battles.engine.state import BattleState
from battles.engine.turns import arrange_turn
from notation.battles.records import (
    BattleRecord,
    Event,
    Initiative,
    Move,
    ShipEntry,
    Tractor,
    Volley,
)

__all__ = ["Decider", "plain", "play_battle"]

# A player: the position as the phase opens, its side and the phase -> its orders.
Decider = Callable[[BattleState, str, str], Sequence[Move | Volley | Tractor]]


def plain(state: BattleState, side: str, phase: str) -> list[Move | Volley | Tractor]:
    """autoplay's plain player as a decider."""
    if phase == "movement":
        return list(plan_moves(state, side))
    volleys, tractors = plan_fire(state, side)
    return [*volleys, *tractors]


def play_battle(
    ships: Sequence[ShipEntry],
    seed: str,
    deciders: dict[str, Decider],
    turns: int = 30,
    tags: tuple[tuple[str, str], ...] = (),
) -> BattleRecord:
    """The battle played out by `deciders` (one per side) until it ends or `turns` turns are
    played; each phase's orders arranged in the rules' alternation (reading R14). The whole
    record, seed revealed."""
    tags = (*tags, ("TurnLimit", str(turns)), ("Dice", commitment(seed)))
    events: tuple[Event, ...] = ()
    for turn in range(1, turns + 1):
        record = BattleRecord(tags, tuple(ships), (*events, Initiative(turn, ())))
        replay = play_record(record, seed=seed, open_turn=True)
        if replay.state.over:
            break
        initiative = replay.state.initiative or "A"
        for phase in ("movement", "fire"):
            state = replay.state
            mine = [e for side in "AB" for e in deciders[side](state, side, phase)]
            record = BattleRecord(
                tags, tuple(ships), (*replay.events, *arrange_turn(mine, initiative))
            )
            replay = play_record(record, seed=seed, open_turn=phase == "movement")
            if replay.state.over:
                break
        events = tuple(replay.events)
        if replay.state.over:
            break
    final = BattleRecord(tags, tuple(ships), events)
    return play_record(final, seed=seed).record(final, seed)
