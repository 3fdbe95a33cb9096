"""The rules of Space Chess as a pure function: a position and an action in, the next position
and what happened out; and every legal action of a position.

The readings SC1-SC13 (docs/space-chess-readings.md) settle what the game's text leaves open.
"""

from __future__ import annotations

from dataclasses import replace

from spacechess.actions import FIRE, MINE_LAYING, MOVE, PASS, REBUILD, Action
from spacechess.battle import advance_impactors, battle
from spacechess.board import CELL_COUNT, NEIGHBOURS, is_pentagon, line
from spacechess.cells import cell_name
from spacechess.events import Event
from spacechess.pieces import (
    ARMY,
    COMMAND,
    FIGHTER,
    GUNSHIP,
    IMPACTORS,
    KIND_NAMES,
    MINE,
    MINES,
    REBUILDABLE,
    SIDE_NAMES,
    SUPPORT,
    kind_of,
    side_of,
    unit,
    unit_name,
)
from spacechess.position import Impactor, Position

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

QUIET_LIMIT = 50  # whole turns in a row without a unit destroyed before the game is drawn [SC12]
TURN_LIMIT = 300  # turns after which the game is drawn [SC12]


class IllegalAction(ValueError):
    """An action the rules do not allow here: `action` as written, `reason` citing the rule,
    `hint` what would be allowed."""

    def __init__(self, action: str, reason: str, hint: str = "") -> None:
        super().__init__(f"{action}: {reason}" + (f"; hint: {hint}" if hint else ""))
        self.action = action
        self.reason = reason
        self.hint = hint


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every hexagon, per direction, the hexagons of the straight line up to 3 cells out,
    cut before the first pentagon (moves never cross one) [SC3]."""
    out: list[tuple[tuple[int, ...], ...]] = []
    for cell in range(CELL_COUNT):
        rays = []
        if not is_pentagon(cell):
            for towards in NEIGHBOURS[cell]:
                run = []
                for c in line(cell, towards, 3):
                    if is_pentagon(c):
                        break
                    run.append(c)
                if run:
                    rays.append(tuple(run))
        out.append(tuple(rays))
    return tuple(out)


RAYS = _rays()
_REACH = {COMMAND: 2, GUNSHIP: 2, FIGHTER: 3, SUPPORT: 2}  # [SC3] and the fighter's run [SC4]
_HEXAGON_NEIGHBOURS = tuple(
    tuple(n for n in NEIGHBOURS[c] if not is_pentagon(n)) for c in range(CELL_COUNT)
)


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
    for cell in range(CELL_COUNT):
        code = board[cell]
        if code < low or code > high:
            continue
        kind = code & 7
        if kind == COMMAND:
            command = cell
        reach = _REACH[kind]
        for ray in RAYS[cell]:
            for c in ray[:reach]:
                if board[c] or c in blocked:
                    break
                actions.append(new(Action, (MOVE, cell, c, 0)))
        if kind == GUNSHIP and can_fire:
            actions.extend(new(Action, (FIRE, cell, n, 0)) for n in _HEXAGON_NEIGHBOURS[cell])
        elif kind == SUPPORT and can_lay:
            actions.extend(
                new(Action, (MINE_LAYING, cell, n, MINE))
                for n in _HEXAGON_NEIGHBOURS[cell]
                if not board[n] and n not in blocked and not _enemy_near(board, n, side)
            )
    if position.actions_left == 2 and command >= 0:
        missing = [k for k in REBUILDABLE if board.count(unit(side, k)) < ARMY[k]]
        for n in _HEXAGON_NEIGHBOURS[command]:
            if not board[n] and n not in blocked:
                actions.extend(new(Action, (REBUILD, -1, n, kind)) for kind in missing)
    actions.append(Action(PASS))
    return actions


def _enemy_near(board: tuple[int, ...], cell: int, side: int) -> bool:
    return any(board[n] and board[n] >> 3 != side for n in NEIGHBOURS[cell])


def why_illegal(position: Position, action: Action) -> IllegalAction | None:
    """Why the side to act may not take `action` now (None if it may): the reason with its rule
    and a hint."""
    text = str(action) if _cells_ok(action) else repr(action)
    side = position.to_move
    board = position.board
    if position.result is not None:
        return IllegalAction(text, "the game is over", "nothing more can be played")
    if not _cells_ok(action):
        return IllegalAction(text, "no such cell", "cells are numbered 0-161")
    if action.verb == PASS:
        return None
    if action.verb == REBUILD:
        return _why_not_rebuild(position, action, text)
    if action.verb == MINE_LAYING and action.origin < 0:
        return IllegalAction(
            text,
            "you have no support ship on the board to lay it [SC9]",
            "rebuild one first: S@ and a free cell next to your command ship (SC10)",
        )
    code = board[action.origin]
    where = cell_name(action.origin)
    if not code or side_of(code) != side or kind_of(code) == MINE:
        what = f"the {unit_name(code)}" if code else "nothing"
        return IllegalAction(
            text,
            f"{where} holds {what}, not one of the {SIDE_NAMES[side]}' ships",
            f"act with a ship of your own: {_own_ships(position)}",
        )
    kind = kind_of(code)
    if action.verb == MOVE:
        return _why_not_move(position, action, text, kind)
    if action.verb == FIRE:
        if kind != GUNSHIP:
            return IllegalAction(
                text, f"only gunships fire impactors; {where} is a {KIND_NAMES[kind]}"
            )
        if action.target not in NEIGHBOURS[action.origin]:
            return IllegalAction(
                text,
                f"a gunship fires towards a neighbouring cell; {cell_name(action.target)} is not "
                f"next to {where} [SC6]",
                f"one of {_names(_HEXAGON_NEIGHBOURS[action.origin])}",
            )
        if is_pentagon(action.target):
            return IllegalAction(
                text,
                f"{cell_name(action.target)} is a pentagon: an impactor placed there would "
                "dissipate at once [SC6]",
                f"fire towards one of {_names(_HEXAGON_NEIGHBOURS[action.origin])}",
            )
        if position.impactors_in_stock(side) == 0:
            return IllegalAction(
                text,
                "all 4 of your impactors are in flight [SC6]",
                "wait until one hits something or dissipates",
            )
        return None
    if action.verb == MINE_LAYING:
        return _why_not_mine(position, action, text, kind)
    return IllegalAction(text, f"unknown action {action.verb!r}")


def _cells_ok(action: Action) -> bool:
    return all(-1 <= c < CELL_COUNT for c in (action.origin, action.target))


def _names(cells: object) -> str:
    return " ".join(cell_name(c) for c in cells)  # type: ignore[attr-defined]


def _own_ships(position: Position) -> str:
    return ", ".join(
        f"{unit_name(code).split(' ', 1)[1]} {cell_name(c)}"
        for c, code in position.units(position.to_move)
        if kind_of(code) != MINE
    )


def _why_not_move(position: Position, action: Action, text: str, kind: int) -> IllegalAction | None:
    board = position.board
    blocked = position.impactor_cells()
    reach = _REACH[kind]
    start, goal = action.origin, action.target
    if goal == start:
        return IllegalAction(text, "a move must leave its cell")
    if is_pentagon(goal):
        return IllegalAction(
            text,
            f"{cell_name(goal)} is a pentagon, a hole in the board: no ship stands there [SC3]",
            _moves_hint(position, start),
        )
    for ray in RAYS[start]:
        if goal in ray[:reach]:
            for c in ray[: ray.index(goal) + 1]:
                if board[c] or c in blocked:
                    what = unit_name(board[c]) if board[c] else "an impactor"
                    return IllegalAction(
                        text,
                        f"{cell_name(c)} holds {what}: a move passes and lands on free hexagons "
                        "only [SC3]",
                        _moves_hint(position, start),
                    )
            return None
    length = "3 hexagons (a fighter)" if kind == FIGHTER else "2 hexagons"
    return IllegalAction(
        text,
        f"{cell_name(goal)} is not up to {length} from {cell_name(start)} in a straight line "
        "without crossing a pentagon [SC3]",
        _moves_hint(position, start),
    )


def _moves_hint(position: Position, start: int) -> str:
    goals = [a.target for a in legal_actions(position) if a.verb == MOVE and a.origin == start]
    if not goals:
        return f"the ship at {cell_name(start)} cannot move now"
    return f"from {cell_name(start)} it can reach {_names(sorted(goals))}"


def _why_not_mine(position: Position, action: Action, text: str, kind: int) -> IllegalAction | None:
    side = position.to_move
    where, goal = cell_name(action.origin), action.target
    if kind != SUPPORT:
        return IllegalAction(
            text, f"only the support ship lays mines; {where} is a {KIND_NAMES[kind]}"
        )
    if goal not in NEIGHBOURS[action.origin]:
        return IllegalAction(
            text,
            f"a mine goes next to the support ship at {where} [SC9]",
            f"one of {_names(_HEXAGON_NEIGHBOURS[action.origin])}",
        )
    if position.mines_in_stock(side) == 0:
        return IllegalAction(text, "all 5 of your mines are on the board [SC9]")
    if not position.is_free(goal):
        return IllegalAction(text, f"{cell_name(goal)} is not a free hexagon [SC9]")
    if _enemy_near(position.board, goal, side):
        enemy = [
            n for n in NEIGHBOURS[goal] if position.board[n] and side_of(position.board[n]) != side
        ]
        return IllegalAction(
            text,
            f"{cell_name(goal)} is next to the {unit_name(position.board[enemy[0]])} at "
            f"{cell_name(enemy[0])}: no mine next to an enemy ship or mine [SC9]",
        )
    return None


def _why_not_rebuild(position: Position, action: Action, text: str) -> IllegalAction | None:
    side = position.to_move
    if action.kind not in position.destroyed(side) or action.kind == COMMAND:
        lost = sorted(set(position.destroyed(side)) - {COMMAND})
        return IllegalAction(
            text,
            f"no {KIND_NAMES.get(action.kind, 'such ship')} of yours is destroyed [SC10]",
            "you may rebuild " + (" ".join(KIND_NAMES[k] for k in lost) or "nothing now"),
        )
    if position.actions_left != 2:
        return IllegalAction(
            text,
            "rebuilding takes both actions of a turn, so it is the turn's only action [SC10]",
            "rebuild at the start of your next turn",
        )
    command = next(c for c, code in position.units(side) if kind_of(code) == COMMAND)
    if action.target not in NEIGHBOURS[command] or not position.is_free(action.target):
        free = [n for n in _HEXAGON_NEIGHBOURS[command] if position.is_free(n)]
        return IllegalAction(
            text,
            f"a rebuilt ship goes on a free hexagon next to the command ship at "
            f"{cell_name(command)} [SC10]",
            f"one of {_names(free)}" if free else "clear a cell next to the command ship first",
        )
    return None


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
