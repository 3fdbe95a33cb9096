"""What a turn reveals [2.2.2-2.2.4, 5, 7, 11.7]: visible aspects, their results, destructions
and flashcube data, in the conventional interaction order. Everything in a TurnReport except
`materiel` is seen by both players; materiel stays hidden until the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from notation.spaceships.cells import Cell
from notation.spaceships.records import Claim, DestroyedShip, FlashcubeCell
from notation.spaceships.ships import ShipId

Action = Literal["beam", "strike", "scan", "kamikaze"]
PLAYERS = ("A", "B")


def cell_from_json(text: str) -> Cell:
    """Our own JSON stores cells canonically (`Gx3`); this is decoding, not notation parsing."""
    return Cell(text[0], text[1], int(text[2:]))


def ship_to_json(ship: ShipId) -> str:
    return str(ship)


def ship_from_json(text: str) -> ShipId:
    return ShipId(text[:2], int(text[2:]) if len(text) > 2 else None)


@dataclass(frozen=True, slots=True)
class Flashcube:
    """Flashcube data for one cell [7.2]: whether a ship is there; if so whether the cell is
    destroyed and which ship (identity only where several of a type [7.2.4])."""

    cell: Cell
    ship: ShipId | None
    destroyed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "cell": str(self.cell),
            "ship": None if self.ship is None else str(self.ship),
            "destroyed": self.destroyed,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Flashcube:
        ship = d["ship"]
        return cls(
            cell_from_json(d["cell"]),
            None if ship is None else ship_from_json(ship),
            d["destroyed"],
        )

    def __str__(self) -> str:
        if self.ship is None:
            return f"{self.cell} empty"
        return f"{self.cell} {self.ship}{' destroyed' if self.destroyed else ''}"


@dataclass(frozen=True, slots=True)
class Destruction:
    """A ship reported destroyed [2.2.4, 11.7.3] and the flashcube data returned for it [7.1]
    (None under a ruleset without flashcube data)."""

    ship: ShipId
    cells: tuple[Cell, ...]
    flashcube: tuple[Flashcube, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"ship": str(self.ship), "cells": [str(c) for c in self.cells]}
        if self.flashcube is not None:
            d["flashcube"] = [f.to_json() for f in self.flashcube]
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Destruction:
        fc = d.get("flashcube")
        return cls(
            ship_from_json(d["ship"]),
            tuple(cell_from_json(c) for c in d["cells"]),
            None if fc is None else tuple(Flashcube.from_json(f) for f in fc),
        )

    def __str__(self) -> str:
        return self.describe()

    def describe(self, flashcube_label: str = "flashcube") -> str:
        """ "destroys MD Yv3 Yw3 Yx3 (flashcube: Yv3 empty, ...)"; a front end names whose space
        the flashcube data describes in `flashcube_label` ("your flashcube data")."""
        text = f"destroys {self.ship} {' '.join(str(c) for c in self.cells)}"
        if self.flashcube is not None:
            text += f" ({flashcube_label}: " + ", ".join(str(f) for f in self.flashcube) + ")"
        return text


@dataclass(frozen=True, slots=True)
class Entry:
    """One visible aspect of the reporting player's actions and its visible results."""

    action: Action
    cell: Cell
    result: str | None = None  # hit/miss/duplicate; empty/undamaged/destroyed; None: kamikaze
    explosions: tuple[Cell, ...] = ()
    destroyed: tuple[Destruction, ...] = ()
    burns_out: bool = False  # on the last cell of a beam that burns out [8.2.4]

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"action": self.action, "cell": str(self.cell)}
        if self.action == "scan":
            d["result"] = self.result
            return d
        if self.action != "kamikaze":
            d["result"] = self.result
            d["explosions"] = [str(c) for c in self.explosions]
        d["destroyed"] = [x.to_json() for x in self.destroyed]
        if self.burns_out:
            d["burns_out"] = True
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Entry:
        return cls(
            d["action"],
            cell_from_json(d["cell"]),
            d.get("result"),
            tuple(cell_from_json(c) for c in d.get("explosions", ())),
            tuple(Destruction.from_json(x) for x in d.get("destroyed", ())),
            d.get("burns_out", False),
        )

    def flashcube_from(self, actor: str) -> str:
        """Whose space the flashcube data of this entry describes [7.1]: the player who did not
        lose the ship (the enemy of a kamikaze's launcher; the striking player otherwise)."""
        return ("B" if actor == "A" else "A") if self.action == "kamikaze" else actor

    def describe(self, flashcube_label: str = "flashcube") -> str:
        """As a player reads it out: "strike Gx3 hit, explosions Gx3 Gy3 — destroys MD ..."."""
        text = f"{self.action} {self.cell}" + (f" {self.result}" if self.result else "")
        if self.explosions:
            text += " (missile explosions " + " ".join(str(c) for c in self.explosions) + ")"
        if self.burns_out:
            text += " (the beam burns out)"
        for x in self.destroyed:
            text += f" — {x.describe(flashcube_label)}"
        return text


@dataclass(frozen=True, slots=True)
class TurnReport:
    """A turn's reports: per player, the visible aspects of their actions against the other's
    space in the order of 11.7.1.1, with results; `first` reported first (11.7.2.1)."""

    turn: int
    first: str
    entries_a: tuple[Entry, ...]
    entries_b: tuple[Entry, ...]
    materiel_a: int
    materiel_b: int

    # Written out (dataclass keeps it): one per turn, and each field set through its slot's
    # own setter is about twice as fast as the generated object.__setattr__ calls.
    def __init__(
        self,
        turn: int,
        first: str,
        entries_a: tuple[Entry, ...],
        entries_b: tuple[Entry, ...],
        materiel_a: int,
        materiel_b: int,
    ) -> None:
        set_turn, set_first, set_a, set_b, set_materiel_a, set_materiel_b = _REPORT_SLOTS
        set_turn(self, turn)
        set_first(self, first)
        set_a(self, entries_a)
        set_b(self, entries_b)
        set_materiel_a(self, materiel_a)
        set_materiel_b(self, materiel_b)

    def entries(self, player: str) -> tuple[Entry, ...]:
        return self.entries_a if player == "A" else self.entries_b

    def materiel(self, player: str) -> int:
        return self.materiel_a if player == "A" else self.materiel_b

    def to_json(self) -> dict[str, Any]:
        """One element of the `turns` list of the --json report (spec/record-format.md)."""
        return {
            "turn": self.turn,
            "first": self.first,
            "reports": {
                "A": [e.to_json() for e in self.entries_a],
                "B": [e.to_json() for e in self.entries_b],
            },
            "materiel": {"A": self.materiel_a, "B": self.materiel_b},
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> TurnReport:
        return cls(
            d["turn"],
            d.get("first", "A"),
            tuple(Entry.from_json(e) for e in d["reports"]["A"]),
            tuple(Entry.from_json(e) for e in d["reports"]["B"]),
            d["materiel"]["A"],
            d["materiel"]["B"],
        )

    def describe(self, beam_length: int = 3) -> str:
        """The turn as the players read it out to each other, first reporter first.
        `beam_length`: cells per beam (3 [8.2.1]; 5 in classic [classic 6.1.3.2])."""
        lines = [f"Turn {self.turn}"]
        order = (self.first, "B" if self.first == "A" else "A")
        for p in order:
            lines.append(f"  {p}: {describe_entries(self.entries(p), beam_length)}")
        return "\n".join(lines)


# The setters of TurnReport's slots, in the order of its fields (for its __init__).
_REPORT_SLOTS = tuple(
    getattr(TurnReport, name).__set__
    for name in ("turn", "first", "entries_a", "entries_b", "materiel_a", "materiel_b")
)


def describe_entries(entries: tuple[Entry, ...], beam_length: int = 3) -> str:
    """Groups consecutive entries of one action: "beam Rv1 hit, Rw1 miss; strike Gx3 hit"."""
    if not entries:
        return "no actions"
    parts: list[str] = []
    current: str | None = None
    run = 0
    for e in entries:
        text = e.describe()
        # Each beam is its own group.
        if e.action == current and not (e.action == "beam" and run == beam_length):
            parts[-1] += ", " + text[len(e.action) + 1 :]
            run += 1
        else:
            parts.append(text)
            current = e.action
            run = 1
    return "; ".join(parts)


# -- the engine's entries as the record format writes them ---------------------------------
def claim_from_entry(entry: Entry) -> Claim:
    """The claim a player should have written for this entry (docs/notation.md, Results)."""
    flashcube: list[FlashcubeCell] = []
    for x in entry.destroyed:
        for f in x.flashcube or ():
            flashcube.append(FlashcubeCell(f.cell, f.ship, f.destroyed))
    return Claim(
        entry.action,
        entry.cell,
        entry.result,  # type: ignore[arg-type]
        entry.explosions,
        tuple(DestroyedShip(x.ship, x.cells) for x in entry.destroyed),
        tuple(flashcube),
    )
