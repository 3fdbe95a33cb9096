"""What happened: the events an action or a battle stage reports, in the order they happened."""

from __future__ import annotations

from dataclasses import dataclass

from notation.spacechess.cells import cell_name
from notation.spacechess.pieces import SIDE_NAMES, unit_name

__all__ = ["Event"]

# What each event's `what` says, for reports: moved, fired, laid, rebuilt, passed, advanced,
# destroyed, dissipated, collided, spent, won, drawn.


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. `cells` are the cells concerned (from, to; a path), `unit` the
    unit code concerned (0 for none), `why` a short reason with its reading number."""

    what: str
    cells: tuple[int, ...] = ()
    unit: int = 0
    side: int = -1
    why: str = ""

    def __str__(self) -> str:
        names = [cell_name(c) for c in self.cells]
        who = unit_name(self.unit) if self.unit else ""
        if self.what == "moved":
            text = f"{who} {names[0]}-{names[-1]}"
        elif self.what == "fired":
            text = f"{who} at {names[0]} fires an impactor to {names[1]}"
        elif self.what == "laid":
            text = f"{who} lays a mine at {names[1]}"
        elif self.what == "rebuilt":
            text = f"{who} rebuilt at {names[0]}"
        elif self.what == "passed":
            text = f"{SIDE_NAMES[self.side]} pass"
        elif self.what == "advanced":
            text = f"{SIDE_NAMES[self.side][:-1]} impactor {'-'.join(names)}"
        elif self.what == "won":
            text = f"{SIDE_NAMES[self.side]} win"
        elif self.what == "drawn":
            text = "the game is drawn"
        elif self.what in ("dissipated", "collided"):
            path = "-".join(names)
            text = f"{SIDE_NAMES[self.side][:-1]} impactor {path} {self.what} at {names[-1]}"
        else:  # destroyed, spent
            text = f"{who} at {names[0]} {self.what}"
        return text + (f" ({self.why})" if self.why else "")

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"what": self.what, "cells": [cell_name(c) for c in self.cells]}
        if self.unit:
            out["unit"] = unit_name(self.unit)
        if self.side >= 0:
            out["side"] = SIDE_NAMES[self.side]
        if self.why:
            out["why"] = self.why
        out["text"] = str(self)
        return out
