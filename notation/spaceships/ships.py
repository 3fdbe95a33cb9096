"""Ship type codes and identities [11.6]: `DS`, `FS2`."""

from __future__ import annotations

from dataclasses import dataclass

# 2.6.1 types [6.2-6.10] and the classic heavy fighter [classic 6.5].
SHIP_TYPES: dict[str, str] = {
    "DS": "death star",
    "KC": "kill cruiser",
    "FS": "flying saucer",
    "PC": "patrol cruiser",
    "MD": "missile destroyer",
    "HS": "heavy scout",
    "LS": "light scout",
    "AG": "assault gunboat",
    "LG": "light gunboat",
    "HF": "heavy fighter",
}

# Each type's one-character mark in every grid and picture: a capital for an undamaged cell,
# its lower case for a destroyed one (spaceships.engine.views), so a fleet's grid form uses these
# too. The heavy scout (2.6.1) and the classic heavy fighter never meet in one ruleset.
TYPE_MARKS: dict[str, str] = {
    "DS": "D",
    "KC": "K",
    "FS": "F",
    "PC": "P",
    "MD": "M",
    "HS": "H",
    "LS": "L",
    "AG": "A",
    "LG": "G",
    "HF": "H",
}


def type_of_mark(mark: str) -> str | None:
    """The one ship type a grid mark stands for without a key (`K`: KC), or None where no
    type or two types (`H`: HS or HF) have it."""
    types = [t for t, m in TYPE_MARKS.items() if m == mark]
    return types[0] if len(types) == 1 else None


@dataclass(frozen=True, slots=True)
class ShipId:
    """A ship's type and, where a player has several of that type, its identity [11.6.2]."""

    type: str
    number: int | None = None

    def __post_init__(self) -> None:
        if self.type not in SHIP_TYPES:
            raise ValueError(f"unknown ship type {self.type!r}; known: {' '.join(SHIP_TYPES)}")
        if self.number is not None and self.number < 1:
            raise ValueError(f"ship identities start at 1 [11.6.1], not {self.number}")

    def __str__(self) -> str:
        return self.type if self.number is None else f"{self.type}{self.number}"

    @property
    def name(self) -> str:
        return SHIP_TYPES[self.type]
