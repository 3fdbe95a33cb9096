"""The rules of Space Chess as a pure function: a position and an action in, the next position
and what happened out; and every legal action of a position.

Why an action is refused is spacechess.engine.refusals' business (`IllegalAction` and `why_illegal`
are re-exported here). The readings SC1-SC12 (docs/space-chess-readings.md) settle what the
game's text leaves open.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import compress

from notation.spacechess.actions import FIRE, MINE_LAYING, MOVE, PASS, REBUILD, Action
from notation.spacechess.board import CELL_COUNT
from notation.spacechess.pieces import (
    ARMY,
    COMMAND,
    GUNSHIP,
    IMPACTORS,
    MINE,
    MINES,
    REBUILDABLE,
    SUPPORT,
    kind_of,
    side_of,
    unit,
)
from spacechess.engine.battle import advance_impactors, battle
from spacechess.engine.events import Event
from spacechess.engine.position import Impactor, Position
from spacechess.engine.reach import HEXAGON_NEIGHBOURS, RAYS, REACH, enemy_near
from spacechess.engine.refusals import IllegalAction, why_illegal

__all__ = [
    "QUIET_LIMIT",
    "TURN_LIMIT",
    "IllegalAction",
    "act",
    "apply",
    "battle_stage",
    "legal_actions",
    "perft",
    "play",
    "why_illegal",
]

_CELLS = range(CELL_COUNT)
QUIET_LIMIT = 50  # whole turns in a row without a unit destroyed before the game is drawn [SC12]
TURN_LIMIT = 300  # turns after which the game is drawn [SC12]


def legal_actions(position: Position) -> list[Action]:
    """Every action the side to act may take now, `pass` last; none once the game is over."""
    if position.result is not None:
        return []
    board = position.board
    side = position.to_move
    blocked = {i.cell for i in position.impactors}
    fired = sum(1 for i in position.impactors if i.side == side)
    can_fire = fired < IMPACTORS
    can_lay = board.count(unit(side, MINE)) < MINES
    new = tuple.__new__  # Action's own constructor is Python code: this is the hot loop
    actions: list[Action] = []
    command = -1
    low, high = side * 8 + COMMAND, side * 8 + SUPPORT
    for cell in compress(_CELLS, board):  # the occupied cells, found at C speed
        code = board[cell]
        if code < low or code > high:
            continue
        kind = code & 7
        if kind == COMMAND:
            command = cell
        reach = REACH[kind]
        for ray in RAYS[cell]:
            for c in ray[:reach]:
                if board[c] or c in blocked:
                    break
                actions.append(new(Action, (MOVE, cell, c, 0)))
        if kind == GUNSHIP and can_fire:
            actions.extend(new(Action, (FIRE, cell, n, 0)) for n in HEXAGON_NEIGHBOURS[cell])
        elif kind == SUPPORT and can_lay:
            actions.extend(
                new(Action, (MINE_LAYING, cell, n, MINE))
                for n in HEXAGON_NEIGHBOURS[cell]
                if not board[n] and n not in blocked and not enemy_near(board, n, side)
            )
    if position.actions_left == 2 and command >= 0:
        missing = [k for k in REBUILDABLE if board.count(unit(side, k)) < ARMY[k]]
        for n in HEXAGON_NEIGHBOURS[command]:
            if not board[n] and n not in blocked:
                actions.extend(new(Action, (REBUILD, -1, n, kind)) for kind in missing)
    actions.append(Action(PASS))
    return actions


def play(position: Position, action: Action) -> tuple[Position, list[Event]]:
    """Take `action`: the next position and the events, the battle stage's included when the
    action ends the turn. Raises IllegalAction if the rules do not allow it."""
    problem = why_illegal(position, action)
    if problem is not None:
        raise problem
    return apply(position, action)


def apply(position: Position, action: Action) -> tuple[Position, list[Event]]:
    """`play` without the check: for actions from `legal_actions`."""
    after, events = act(position, action)
    if after.actions_left or after.result is not None:
        return after, events
    after, more = battle_stage(after)
    return after, events + more


def act(position: Position, action: Action) -> tuple[Position, list[Event]]:
    """The action alone, unchecked: when it ends the turn (actions_left 0) the battle stage is
    still to come (`battle_stage`); a destroyed command ship ends the game at once [SC11]."""
    side = position.to_move
    board = list(position.board)
    impactors = list(position.impactors)
    events: list[Event] = []
    left = position.actions_left - 1
    verb, origin, target = action.verb, action.origin, action.target
    if verb == MOVE:
        board[target], board[origin] = board[origin], 0
        events.append(Event("moved", (origin, target), board[target]))
    elif verb == FIRE:
        events.append(Event("fired", (origin, target), board[origin]))
        hit = next((i for i in impactors if i.cell == target), None)
        if board[target]:
            events.append(Event("destroyed", (target,), board[target], why="hit point-blank [SC6]"))
            board[target] = 0
        elif hit is not None:
            impactors.remove(hit)
            events.append(Event("collided", (target,), side=hit.side, why="met the new one [SC6]"))
            events.append(Event("collided", (target,), side=side, why="met another impactor [SC6]"))
        else:
            impactors.append(Impactor(target, origin, side))
            impactors.sort()
    elif verb == MINE_LAYING:
        board[target] = unit(side, MINE)
        events.append(Event("laid", (origin, target), board[origin]))
    elif verb == REBUILD:
        board[target] = unit(side, action.kind)
        events.append(Event("rebuilt", (target,), board[target]))
        left = 0
    else:
        events.append(Event("passed", side=side))
        left = 0
    lost = any(e.what == "destroyed" for e in events)
    after = Position(
        tuple(board),
        tuple(impactors),
        side,
        left,
        position.turn,
        # A loss during the turn keeps the turn from counting as quiet [SC12].
        -1 if lost else position.quiet,
    )
    return _ended(after, events), events


def _lost_command(events: list[Event]) -> bool:
    """Whether a command ship is gone (the game is then over [SC11])."""
    return any(e.what == "destroyed" and kind_of(e.unit) == COMMAND for e in events)


def _ended(position: Position, events: list[Event]) -> Position:
    if not _lost_command(events):
        return position
    alive = {side_of(code) for code in position.board if code and kind_of(code) == COMMAND}
    if len(alive) == 1:
        (winner,) = alive
        events.append(Event("won", side=winner, why="the enemy command ship is destroyed [SC11]"))
        return replace(position, result="TA"[winner])
    events.append(Event("drawn", why="both command ships destroyed at once [SC11]"))
    return replace(position, result="draw")


def battle_stage(position: Position) -> tuple[Position, list[Event]]:
    """After the turn: impactors advance, ships fight [SC7, SC8], the other side's turn starts;
    the draws by quiet turns and the turn limit [SC12]."""
    board, impactors, flown = advance_impactors(position.board, position.impactors)
    board, fights = battle(board)
    events = flown + fights
    lost = position.quiet < 0 or any(e.what in ("destroyed", "spent") for e in events)
    after = Position(
        board,
        impactors,
        1 - position.to_move,
        2,
        position.turn + 1,
        0 if lost else position.quiet + 1,
    )
    if _lost_command(events):
        return _ended(after, events), events
    if after.quiet >= QUIET_LIMIT:
        events.append(Event("drawn", why=f"{QUIET_LIMIT} turns in a row without a loss [SC12]"))
        return replace(after, result="draw"), events
    if after.turn > TURN_LIMIT:
        events.append(Event("drawn", why=f"{TURN_LIMIT} turns played [SC12]"))
        return replace(after, result="draw"), events
    return after, events


def perft(position: Position, depth: int) -> int:
    """How many action sequences of `depth` actions there are from `position` (a turn of two
    actions is two plies; the battle stage comes with the turn's last action)."""
    if depth == 0:
        return 1
    actions = legal_actions(position)
    if depth == 1:
        return len(actions)
    return sum(perft(apply(position, a)[0], depth - 1) for a in actions)
