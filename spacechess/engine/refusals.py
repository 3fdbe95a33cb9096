"""Why the rules refuse an action: `why_illegal` gives the reason, citing its reading (SC3...),
and a hint at what would be allowed."""

from __future__ import annotations

from notation.spacechess.actions import FIRE, MINE_LAYING, MOVE, PASS, REBUILD, Action
from notation.spacechess.board import CELL_COUNT, NEIGHBOURS, is_pentagon
from notation.spacechess.cells import cell_name
from notation.spacechess.pieces import (
    COMMAND,
    FIGHTER,
    GUNSHIP,
    KIND_LETTERS,
    KIND_NAMES,
    MINE,
    SIDE_NAMES,
    SUPPORT,
    kind_of,
    side_of,
    unit_name,
)
from spacechess.engine.position import Position
from spacechess.engine.reach import HEXAGON_NEIGHBOURS, RAYS, REACH, destinations, enemy_near

__all__ = ["IllegalAction", "friendly_fire", "later_in_turn", "why_illegal"]


class IllegalAction(ValueError):
    """An action the rules do not allow here: `action` as written, `reason` citing the rule,
    `hint` what would be allowed."""

    def __init__(self, action: str, reason: str, hint: str = "") -> None:
        super().__init__(f"{action}: {reason}" + (f"; hint: {hint}" if hint else ""))
        self.action = action
        self.reason = reason
        self.hint = hint


def later_in_turn(hint: str, before: list[str]) -> str:
    """A refused action's hint when actions of the same turn come before it: it was checked on
    the board those leave, so the hint (ships listed, cells free) says so; nothing was played."""
    if not hint or not before:
        return hint
    first = ", ".join(f"`{word}`" for word in before)
    return f"{hint} (as the board stands after {first}, which comes first in this turn)"


def friendly_fire(position: Position, action: Action) -> str | None:
    """A legal shot that the rules make costly for the side firing it: point-blank into one of
    its own units, which the impactor destroys at once [SC6]; None for any other action."""
    if action.verb != FIRE or not 0 <= action.target < CELL_COUNT:
        return None
    code = position.board[action.target]
    if not code or side_of(code) != position.to_move:
        return None
    return (
        f"`{action}` fires point-blank into your own {KIND_NAMES[kind_of(code)]} on "
        f"{cell_name(action.target)}, which it destroys at once [SC6]"
    )


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
                f"one of {_names(HEXAGON_NEIGHBOURS[action.origin])}",
            )
        if is_pentagon(action.target):
            return IllegalAction(
                text,
                f"{cell_name(action.target)} is a pentagon: an impactor placed there would "
                "dissipate at once [SC6]",
                f"fire towards one of {_names(HEXAGON_NEIGHBOURS[action.origin])}",
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
    reach = REACH[kind]
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
                    what = f"a {unit_name(board[c])}" if board[c] else "an impactor"
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
    goals = destinations(position.board, position.impactor_cells(), start)
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
    if position.mines_in_stock(side) == 0:
        return IllegalAction(text, "all 5 of your mines are on the board [SC9]")
    if goal not in NEIGHBOURS[action.origin]:
        return IllegalAction(
            text,
            f"a mine goes next to the support ship at {where} [SC9]",
            _mines_hint(position, action.origin),
        )
    if not position.is_free(goal):
        return IllegalAction(
            text,
            f"{cell_name(goal)} is not a free hexagon [SC9]",
            _mines_hint(position, action.origin),
        )
    if enemy_near(position.board, goal, side):
        enemy = [
            n for n in NEIGHBOURS[goal] if position.board[n] and side_of(position.board[n]) != side
        ]
        return IllegalAction(
            text,
            f"{cell_name(goal)} is next to the {unit_name(position.board[enemy[0]])} at "
            f"{cell_name(enemy[0])}: no mine next to an enemy ship or mine [SC9]",
            _mines_hint(position, action.origin),
        )
    return None


def _mines_hint(position: Position, support: int) -> str:
    """Where the support ship may lay a mine now: only the cells the rules allow, so a player
    who follows the hint is not refused again [SC9]."""
    side = position.to_move
    cells = [
        n
        for n in HEXAGON_NEIGHBOURS[support]
        if position.is_free(n) and not enemy_near(position.board, n, side)
    ]
    if not cells:
        return f"the support ship at {cell_name(support)} has no free cell to lay a mine on now"
    return f"one of {_names(cells)}"


def _why_not_rebuild(position: Position, action: Action, text: str) -> IllegalAction | None:
    side = position.to_move
    if action.kind not in position.destroyed(side) or action.kind == COMMAND:
        lost = sorted(set(position.destroyed(side)) - {COMMAND})
        may = " or ".join(
            f"a {KIND_NAMES[k]} (`{KIND_LETTERS[k]}@` and a free cell next to your command ship)"
            for k in lost
        )
        return IllegalAction(
            text,
            f"no {KIND_NAMES.get(action.kind, 'such ship')} of yours is destroyed [SC10]",
            f"you may rebuild {may}"
            if lost
            else "none of your ships is destroyed, so there is nothing to rebuild",
        )
    if position.actions_left != 2:
        return IllegalAction(
            text,
            "rebuilding takes both actions of a turn, so it is the turn's only action [SC10]",
            "rebuild at the start of your next turn",
        )
    command = next(c for c, code in position.units(side) if kind_of(code) == COMMAND)
    if action.target not in NEIGHBOURS[command] or not position.is_free(action.target):
        free = [n for n in HEXAGON_NEIGHBOURS[command] if position.is_free(n)]
        return IllegalAction(
            text,
            f"a rebuilt ship goes on a free hexagon next to the command ship at "
            f"{cell_name(command)} [SC10]",
            f"one of {_names(free)}" if free else "clear a cell next to the command ship first",
        )
    return None
