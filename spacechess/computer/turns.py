"""Whole turns for the computer to weigh: every turn a side can play, and the forcing ones.

A turn is one or two actions (SC2) followed by the battle stage; the computer weighs turns, not
single actions, since the battle comes only at the turn's end. Two orders of the same two
actions usually give the same position: each resulting position is kept once, with the first
way found to reach it. Every action comes from the rules' legal_actions and every position from
their apply, so whatever the computer plays is legal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from notation.spacechess.actions import FIRE, MOVE, PASS, Action
from notation.spacechess.board import CELL_COUNT, NEIGHBOURS, distances
from notation.spacechess.pieces import FIGHTER, GUNSHIP
from spacechess.engine.position import Position
from spacechess.engine.rules import act, battle_stage, legal_actions

__all__ = ["Counter", "Turn", "contact", "forcing_turns", "preparing", "replay_turn", "turns"]

_STEPS = tuple(tuple(distances(cell, hexagons_only=True)) for cell in range(CELL_COUNT))


@dataclass(frozen=True, slots=True)
class Turn:
    """The actions of one turn, the position after its battle stage, and for a turn of two
    actions the key of the position between them (a third repetition there draws [SC12])."""

    actions: tuple[Action, ...]
    after: Position
    middle: tuple[object, ...] | None = None


class Counter:
    """Work done so far, in units of about one action applied (legal_actions and a battle
    stage cost several): the search's budget is counted in it, not in seconds, so that the
    same seed plays the same on any machine."""

    LEGAL, ACT, BATTLE = 12, 1, 5  # relative costs, as measured on the rules of today
    IMPACTOR = 3  # and each impactor in flight in a battle stage (crossing flights cost most)

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0

    def spent(self) -> bool:
        return self.used >= self.budget

    def legal(self, position: Position) -> list[Action]:
        self.used += self.LEGAL
        return legal_actions(position)

    def act(self, position: Position, action: Action) -> Position:
        self.used += self.ACT
        return act(position, action)[0]

    def battle(self, position: Position) -> Position:
        self.used += self.BATTLE + self.IMPACTOR * len(position.impactors)
        return battle_stage(position)[0]


Filter = Callable[[Position, Action], bool]


def turns(
    position: Position,
    counter: Counter,
    first: Filter | None = None,
    second: Filter | None = None,
    done: set[tuple[object, ...]] | None = None,
) -> Iterator[Turn]:
    """Every turn of the side to act (or, with filters, those whose first and second actions
    pass them), each in the rules' order of actions. Turns that leave the same position before
    the battle stage (the same two actions in the other order, mostly) are weighed once: the
    battle stage is the costly part. `done` carries that memory from an earlier call over the
    same position (the forcing turns first, then the rest)."""
    seen: set[tuple[object, ...]] = done if done is not None else set()
    for a in _ordered(counter.legal(position), first is not None):
        if first is not None and not first(position, a):
            continue
        after = counter.act(position, a)
        if after.actions_left == 0 or after.result is not None:
            turn = _finished((a,), after, seen, counter)
            if turn is not None:
                yield turn
            continue
        for b in _ordered(counter.legal(after), second is not None):
            if second is not None and not second(after, b):
                continue
            turn = _finished((a, b), counter.act(after, b), seen, counter, after.key())
            if turn is not None:
                yield turn


def _ordered(actions: list[Action], forcing: bool) -> list[Action]:
    """Forcing turns are looked at firing first, then moving, as those are what hurt most
    often: a refutation found early saves the search the rest."""
    if not forcing:
        return actions
    return sorted(actions, key=lambda a: _FIRST.get(a.verb, 3))


_FIRST = {FIRE: 0, MOVE: 1, PASS: 2}


def replay_turn(position: Position, actions: tuple[Action, ...], counter: Counter) -> Turn | None:
    """The same actions played again in another position, if they are all legal there and make
    a whole turn: a reply that refuted one turn often refutes the next."""
    here, middle = position, None
    for k, action in enumerate(actions):
        if here.result is not None or action not in counter.legal(here):
            return None
        if k:
            middle = here.key()
        here = counter.act(here, action)
    if here.result is None and here.actions_left:
        return None
    return Turn(actions, here if here.result is not None else counter.battle(here), middle)


def _finished(
    actions: tuple[Action, ...],
    before: Position,
    seen: set[tuple[object, ...]],
    counter: Counter,
    middle: tuple[object, ...] | None = None,
) -> Turn | None:
    """The turn with its battle stage, unless a turn already weighed left the same position."""
    key = (before.board, before.impactors, before.quiet, before.result)
    if key in seen:
        return None
    seen.add(key)
    return Turn(actions, before if before.result is not None else counter.battle(before), middle)


def contact(position: Position, action: Action) -> bool:
    """An action that may take something this turn: firing, or a move next to an enemy."""
    if action.verb == FIRE:
        return True
    if action.verb != MOVE:
        return False
    board, side = position.board, position.to_move
    return any(board[n] and board[n] >> 3 != side for n in NEIGHBOURS[action.target])


def preparing(position: Position, action: Action) -> bool:
    """A first action that may lead to a take with the second: a contact, a gunship's move
    (to fire after it), or a ship's move to where one more move brings it next to an enemy
    (3 steps away, a fighter 4) [SC3, SC4]."""
    if contact(position, action):
        return True
    if action.verb != MOVE:
        return False
    kind = position.board[action.origin] & 7
    if kind == GUNSHIP:
        return True
    reach = 4 if kind == FIGHTER else 3
    steps = _STEPS[action.target]
    board, side = position.board, position.to_move
    return any(
        code and code >> 3 != side and 0 <= steps[c] <= reach for c, code in enumerate(board)
    )


def forcing_turns(
    position: Position, counter: Counter, done: set[tuple[object, ...]] | None = None
) -> Iterator[Turn]:
    """The side to act's turns that may take something: the replies the computer must fear."""
    return turns(position, counter, preparing, _contact_or_stop, done)


def _contact_or_stop(position: Position, action: Action) -> bool:
    return action.verb == PASS or contact(position, action)
