"""The two sides and their pieces: ships, mines and impactors, as the small codes the rules use.

A unit on a cell is one small int, `side * 8 + kind`, so a position is a tuple of 162 ints and
copying one is cheap. Names and letters are for people: the notation and reports.
"""

from __future__ import annotations

__all__ = [
    "ALIENS",
    "ARMY",
    "COMMAND",
    "FIGHTER",
    "GUNSHIP",
    "IMPACTORS",
    "KIND_LETTERS",
    "KIND_NAMES",
    "MINE",
    "MINES",
    "REBUILDABLE",
    "SHIP_KINDS",
    "SIDE_LETTERS",
    "SIDE_NAMES",
    "SUPPORT",
    "TERRANS",
    "kind_of",
    "side_of",
    "unit",
    "unit_name",
]

TERRANS, ALIENS = 0, 1
SIDE_NAMES = ("Terrans", "Aliens")
SIDE_LETTERS = ("T", "A")

COMMAND, GUNSHIP, FIGHTER, SUPPORT, MINE = 1, 2, 3, 4, 5
SHIP_KINDS = (COMMAND, GUNSHIP, FIGHTER, SUPPORT)
KIND_NAMES = {
    COMMAND: "command ship",
    GUNSHIP: "gunship",
    FIGHTER: "fighter",
    SUPPORT: "support ship",
    MINE: "mine",
}
KIND_LETTERS = {COMMAND: "C", GUNSHIP: "G", FIGHTER: "F", SUPPORT: "S", MINE: "M"}

# Each fleet as printed [SC1]: the ships, the mines a side owns and its impactor pieces.
ARMY = {COMMAND: 1, GUNSHIP: 2, FIGHTER: 2, SUPPORT: 1}
MINES = 5
IMPACTORS = 4
# The command ship rebuilds any destroyed ship but itself (its loss ends the game).
REBUILDABLE = (GUNSHIP, FIGHTER, SUPPORT)


def unit(side: int, kind: int) -> int:
    """The code of a side's ship or mine."""
    return side * 8 + kind


def side_of(code: int) -> int:
    return code >> 3


def kind_of(code: int) -> int:
    return code & 7


def unit_name(code: int) -> str:
    """`Terran gunship`, `Alien mine`."""
    return f"{SIDE_NAMES[side_of(code)][:-1]} {KIND_NAMES[kind_of(code)]}"
