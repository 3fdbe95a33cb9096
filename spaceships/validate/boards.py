"""The spaces drawn as the five 5x5 grids of 11.3, for `spaceships show`: a player's view (own
space with ships and damage; the opponent's space as known from the views, never more) or the
umpire's (both spaces, everything). Built only from spaceships.engine.views."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from notation.spaceships.cells import Cell
from notation.spaceships.format import format_grids
from spaceships.engine.state import GameState, other
from spaceships.engine.views import enemy_cell_mark, own_space_marks, player_view

LEGEND = (
    "own space: capital = undamaged ship cell (D K F P M H L A G; H also HF), lower case = "
    "destroyed cell of that ship, * = fired missile, o = enemy strike on empty space\n"
    "enemy space as known: o = empty, # = ship cell not known destroyed, x = destroyed ship "
    "cell, a type letter where the type is known (capital undamaged, lower case destroyed)"
)


# click.style keyword arguments per kind of mark.
_STYLES: dict[str, dict[str, object]] = {
    "ship": {"fg": "green", "bold": True},
    "destroyed": {"fg": "red", "bold": True},
    "fired": {"fg": "yellow", "bold": True},
    "miss": {"fg": "blue"},
    "known": {"fg": "cyan", "bold": True},
}


def _kind(mark: str) -> str | None:
    if mark == ".":
        return None
    if mark == "o":
        return "miss"
    if mark == "*":
        return "fired"
    if mark == "#":
        return "known"
    if mark == "x" or mark.islower():
        return "destroyed"
    return "ship"


def colour_grids(text: str, style: Callable[..., str]) -> str:
    """The grid rows with each mark styled (`style` is click.style)."""
    out = []
    for line in text.splitlines():
        m = re.match(r"^(\s*[1-5]\s+)(\S.*)$", line)
        if m is None:
            out.append(line)
            continue
        marks = []
        for ch in m.group(2):
            kind = _kind(ch) if not ch.isspace() else None
            marks.append(style(ch, **_STYLES[kind]) if kind else ch)
        out.append(m.group(1) + "".join(marks))
    return "\n".join(out)


def player_boards(state: GameState, player: str) -> str:
    """What `player` may know: own space, then the opponent's space as known [11.3]."""
    view = player_view(state, player)
    own = format_grids(view.own_marks(), view.colour_order, f"Player {player}'s space (own)")
    enemy = format_grids(
        view.enemy_marks(),
        view.colour_order,
        f"Player {other(player)}'s space, as known to {player}",
    )
    return f"{own}\n\n{enemy}"


def umpire_boards(state: GameState) -> str:
    """Both spaces with everything in them (ships, damage, fired missiles, misses)."""
    parts = []
    for p in ("A", "B"):
        view = player_view(state, p)
        parts.append(format_grids(view.own_marks(), view.colour_order, f"Player {p}'s space"))
    return "\n\n".join(parts)


def private_boards(board: Any) -> str:
    """A private record's owner's view: own space exactly, the opponent's as the record tells
    it (spaceships.validate.private.PrivateBoard)."""
    own = own_space_marks(board.ships, board.destroyed, board.fired, board.misses)
    enemy: dict[Cell, str] = {}
    for c, state in board.enemy.items():
        if state == "empty":
            mark = enemy_cell_mark(False, None, None)
        else:
            mark = enemy_cell_mark(True, state == "destroyed", board.enemy_types.get(c))
        if mark is not None:
            enemy[c] = mark
    p = board.owner
    mine = format_grids(own, board.colour_order, f"Player {p}'s space (own)")
    theirs = format_grids(
        enemy, board.colour_order, f"Player {other(p)}'s space, as {p}'s record tells it"
    )
    return f"{mine}\n\n{theirs}"
