"""The hex map: axial coordinates written `q,r`, six facings, range, moves and arcs of fire.

Flat-topped hexes in axial coordinates (reading R1): a step N is `r - 1`, S is `r + 1`, SE is
`q + 1`, NW is `q - 1`, NE is `q + 1, r - 1`, SW is `q - 1, r + 1`. The six facings are the
hexsides N, NE, SE, S, SW, NW; N is "up" on the map.
"""

from __future__ import annotations

from dataclasses import dataclass

from notation.battles.grammar import parse_tree

__all__ = ["FACINGS", "STEPS", "Hex", "arc_of", "distance", "turn"]

FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
# One hex in each facing's direction, in axial (q, r).
STEPS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "NE": (1, -1),
    "SE": (1, 0),
    "S": (0, 1),
    "SW": (-1, 1),
    "NW": (-1, 0),
}


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex of the map; `str(Hex(2, -1)) == "2,-1"`; the map has no edge."""

    q: int
    r: int

    def __str__(self) -> str:
        return f"{self.q},{self.r}"

    def step(self, facing: str, count: int = 1) -> Hex:
        dq, dr = STEPS[facing]
        return Hex(self.q + dq * count, self.r + dr * count)

    def neighbours(self) -> tuple[Hex, ...]:
        return tuple(self.step(f) for f in FACINGS)

    @classmethod
    def parse(cls, text: str) -> Hex:
        """A hex written `q,r`, e.g. `0,8` or `-2,3`; raises notation.errors.NotationError."""
        q, r = str(parse_tree(text, "hex_text").children[0]).split(",")
        return cls(int(q), int(r))


def distance(a: Hex, b: Hex) -> int:
    """Range in hexes: the fewest steps from one hex to the other [IV.B.1]."""
    dq, dr = b.q - a.q, b.r - a.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def turn(facing: str, side: str) -> str:
    """The facing one hexside to the left (`L`) or right (`R`) [III.B.2]."""
    i = FACINGS.index(facing)
    return FACINGS[(i + (1 if side == "R" else -1)) % 6]


def _rotate_to_north(dq: int, dr: int, facing: str) -> tuple[int, int]:
    """The offset as seen by a ship facing N: rotate left by 60 degrees per facing step."""
    x, z = dq, dr
    y = -x - z
    for _ in range(FACINGS.index(facing)):
        # One 60-degree turn anticlockwise in cube coordinates: (x, y, z) -> (-y, -z, -x).
        x, y, z = -y, -z, -x
    return x, z


def arc_of(shooter: Hex, facing: str, target: Hex) -> str | None:
    """Which of the four arcs (f r l b) a target lies in, or None when in the same hex (reading
    R2: each arc is a quarter turn centred on the front, right, rear or left; no hex centre ever
    lies on a boundary, so every other hex is in exactly one arc; the same hex is in all)."""
    q, r = _rotate_to_north(target.q - shooter.q, target.r - shooter.r, facing)
    if q == 0 and r == 0:
        return None
    # Hex centre (x east, y north) = (3/2 q, -sqrt(3) (r + q/2)); compare |x| with |y| squared,
    # in integers: 9 q^2 / 4 against 3 (2r + q)^2 / 4.
    across, along = 3 * q * q, (2 * r + q) ** 2
    if along > across:
        return "f" if 2 * r + q < 0 else "b"
    return "r" if q > 0 else "l"
