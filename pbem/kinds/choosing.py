"""The shape of a seat's legal choices (issue 44): what a game's `Show.choices` gives, as
JSON-able data, for a board that offers only what the judge accepts.

A game's judge side works the choices out from what its engine and refusals already compute;
a front end only shows them (the browser's board, an API): no rule is written twice. Every key
is optional; `{}` says the seat has nothing to choose now.

    {
      "phase": "fleet" | "design" | "orders" | "wait" | "over",  # what the seat does now
      "command": "orders",       # the judge's command the choices are written into
      "turn": 3,                 # the turn `orders N:` names (None outside play)
      "todo": "Send your orders for turn 3.",   # what to do, in a line
      "entitled": "7 strikes, 1 missile (MD, launched from Yw3 or Yx3), 1 scan",
      "sep": " ",                # what goes between two picks written into the box
      "tools": [Tool, ...],      # the ways to act, the first chosen at the start
      "then": {"Ab1-Ab3": [Tool, ...]},  # after a first action: the second's tools
      "buttons": [{"label": "Pass", "text": "pass"}],  # whole answers at one press
      "random": "DS Rv1 ...",    # a whole legal set-up, on request
      "boards": [{"key": "own", "label": "Your space"}, ...],  # which board a tool acts on
      ...                        # a game's own facts (the budget, the tables)
    }

A Tool: `{"key", "label", "board"?, "count"?, "adds"?, "group"?}` and one of
- `"cells": {cell: text}`: one tap on a cell writes its text;
- `"pairs": {from: {to: text}}`: a tap on `from`, then on `to`, writes the text;
- `"size": n, "sets": [[cell, ...], ...], "write": "KC {cells}"`: n taps whose cells together
  are one of `sets` (in any order), written through `write`.
`count` is how many times it may be used (`adds`: each use allows more of another tool:
`{"strike": 1}`); tools of one `group` share one count. Cells are written as the game's
notation writes them (`Gx3`, `Ab1`, `1,7`): the board's `data-cell`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["tool"]


def tool(
    key: str,
    label: str,
    *,
    board: str = "",
    count: int | None = None,
    adds: Mapping[str, int] | None = None,
    group: str = "",
    cells: Mapping[str, str] | None = None,
    pairs: Mapping[str, Mapping[str, str]] | None = None,
    sets: Sequence[Sequence[str]] | None = None,
    size: int = 0,
    write: str = "",
) -> dict[str, Any]:
    """One tool of a seat's choices, only the keys it has."""
    made: dict[str, Any] = {"key": key, "label": label}
    if board:
        made["board"] = board
    if count is not None:
        made["count"] = count
    if adds:
        made["adds"] = dict(adds)
    if group:
        made["group"] = group
    if cells is not None:
        made["cells"] = dict(cells)
    if pairs is not None:
        made["pairs"] = {start: dict(ends) for start, ends in pairs.items()}
    if sets is not None:
        made["sets"] = [list(found) for found in sets]
        made["size"] = size
        made["write"] = write
    return made
