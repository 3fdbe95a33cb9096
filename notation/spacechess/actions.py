"""The actions a player takes, as small values with their canonical spelling.

| action | written | example |
|---|---|---|
| move (any ship; a fighter's run) | from `-` to | `Ab1-Ab3` |
| fire an impactor | gunship `>` the neighbour it fires towards | `Ab1>Ab2` |
| lay a mine | `M@` and the cell (the support ship is next to it) | `M@Ab2` |
| rebuild (both actions) | the ship's letter `@` the cell next to the command ship | `G@Ab2` |
| pass the rest of the turn | `pass` | `pass` |
"""

from __future__ import annotations

from typing import NamedTuple

from notation.spacechess.cells import cell_name
from notation.spacechess.pieces import KIND_LETTERS, MINE

__all__ = ["FIRE", "MINE_LAYING", "MOVE", "PASS", "REBUILD", "Action"]

MOVE, FIRE, MINE_LAYING, REBUILD, PASS = "move", "fire", "mine", "rebuild", "pass"


class Action(NamedTuple):
    """One action. `origin` is the acting ship's cell (-1 for a rebuild, where the command ship
    acts, and for a pass); `target` where it moves, the neighbour an impactor is fired towards,
    the mine's cell or the rebuilt ship's cell; `kind` the kind rebuilt (or MINE for a mine)."""

    verb: str
    origin: int = -1
    target: int = -1
    kind: int = 0

    def __str__(self) -> str:
        if self.verb == MOVE:
            return f"{cell_name(self.origin)}-{cell_name(self.target)}"
        if self.verb == FIRE:
            return f"{cell_name(self.origin)}>{cell_name(self.target)}"
        if self.verb == MINE_LAYING:
            return f"{KIND_LETTERS[MINE]}@{cell_name(self.target)}"
        if self.verb == REBUILD:
            return f"{KIND_LETTERS[self.kind]}@{cell_name(self.target)}"
        return PASS
