"""How a ship and the key's marks look on a battle map: sides differ by shape as well as
colour (A a circle, B a square: colour is never the only cue), in the Okabe-Ito palette; the
point of a ship's facing; ships sharing a hex side by side (reading R4)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from battles.engine.state import ShipState
from battles.pictures.frame import centre
from notation.battles.hexes import STEPS, Hex
from notation.ink import EMPTY, FAINT, GRID, INK, PAPER, font
from notation.labels import Box

__all__ = [
    "COORDINATES",
    "KEY",
    "SIDE_COLOURS",
    "SIDE_SHAPES",
    "in_hex",
    "key_mark",
    "marker",
    "marker_box",
    "pointer",
    "stack_order",
    "trail",
]

SIDE_COLOURS = {"A": (0, 114, 178), "B": (213, 94, 0)}  # blue, vermillion


SIDE_SHAPES = {"A": "circle", "B": "square"}


COORDINATES = (105, 105, 105)  # a hex's q,r: dark enough to read, lighter than the ink


def pointer(x: float, y: float, facing: str, radius: float) -> list[tuple[float, float]]:
    """The triangle that shows a ship's facing: from its marker's edge outwards."""
    dq, dr = STEPS[facing]
    fx, fy = centre(Hex(dq, dr), 1.0)
    length = math.hypot(fx, fy)
    ux, uy = fx / length, fy / length
    tip = (x + ux * radius * 1.6, y + uy * radius * 1.6)
    left = (x + ux * radius * 0.9 - uy * radius * 0.6, y + uy * radius * 0.9 + ux * radius * 0.6)
    right = (x + ux * radius * 0.9 + uy * radius * 0.6, y + uy * radius * 0.9 - ux * radius * 0.6)
    return [tip, left, right]


def marker(
    draw: Any,
    side: str,
    facing: str | None,
    x: float,
    y: float,
    radius: float,
    destroyed: bool = False,
) -> None:
    """A ship: its side's shape and colour, its side's letter, the point of its facing; grey
    and crossed out when destroyed (it has no facing then)."""
    colour = EMPTY if destroyed else SIDE_COLOURS[side]
    box = (x - radius, y - radius, x + radius, y + radius)
    if facing is not None and not destroyed:
        draw.polygon(pointer(x, y, facing, radius), fill=INK)
    if SIDE_SHAPES[side] == "circle":
        draw.ellipse(box, fill=colour, outline=INK, width=2)
    else:
        draw.rectangle(box, fill=colour, outline=INK, width=2)
    draw.text((x, y), side, fill=PAPER, font=font(max(10, int(radius * 1.1)), True), anchor="mm")
    if destroyed:
        draw.line((x - radius, y - radius, x + radius, y + radius), fill=INK, width=3)
        draw.line((x - radius, y + radius, x + radius, y - radius), fill=INK, width=3)


def marker_box(ship: ShipState, x: float, y: float, radius: float) -> Box:
    """The box a marker covers, its facing point included."""
    points = [(x - radius, y - radius), (x + radius, y + radius)]
    if not ship.destroyed:
        points += pointer(x, y, ship.facing, radius)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def in_hex(count: int, size: float) -> tuple[float, list[tuple[float, float]]]:
    """The radius of `count` markers in one hex (reading R4: any number share a hex), and
    where each goes from the hex's centre: in a row across its upper part, or for more than
    three in two rows (the first the fuller), so no ship is drawn over another (nor its
    facing's point, 1.6 radii out) or over the hex's coordinates below them."""
    if count <= 3:
        radius = min(size * 0.34, size * 1.7 / (2.7 * count))
        return radius, [((k - (count - 1) / 2) * 2.7 * radius, -size * 0.2) for k in range(count)]
    first = math.ceil(count / 2)
    radius = min(size * 0.2, size * 1.5 / (2.7 * first))
    rows = [(first, -size * 0.42), (count - first, size * 0.05)]
    return radius, [((k - (n - 1) / 2) * 2.7 * radius, y) for n, y in rows for k in range(n)]


def stack_order(here: Sequence[ShipState]) -> list[ShipState]:
    """Ships in one hex, left to right (the upper row first): standing before destroyed, A
    before B, by name; their label names them in this order."""
    return sorted(here, key=lambda s: (s.destroyed, s.side, s.name))


# What a mark means, in the key under the map (every mark the map draws is in it).
KEY = (
    ("ship", "a ship: circle A, square B; the point is where it faces"),
    ("destroyed", "a destroyed ship"),
    ("stack", "ships in one hex: side by side, named left to right (the upper row first)"),
    ("coordinates", "q,r in a hex: its place (reading R1); N is up the page"),
    ("origin", "0,0 in bold: the hex the coordinates count from"),
    ("beyond", "a ship beyond the map: the arrow points to it"),
    ("break", "a grey band: empty rows or columns left out, the coordinates go on"),
    ("crossed", "[X] in a code: system X is crossed out"),
    ("trail", "a line in its side's colour: where a ship came from this phase, a ring at start"),
)


def trail(draw: Any, side: str, points: list[tuple[float, float]], size: float) -> None:
    """Where a ship came from: a line through the hexes it passed, in its side's colour, and a
    ring at the hex it began in (under the markers, which are drawn after it)."""
    ink, width = SIDE_COLOURS[side], max(2, int(size * 0.1))
    draw.line(points, fill=ink, width=width)
    x, y, ring = points[0][0], points[0][1], size * 0.22
    draw.ellipse((x - ring, y - ring, x + ring, y + ring), fill=PAPER, outline=ink, width=width)


def key_mark(draw: Any, what: str, x: float, y: float) -> None:
    """The small drawing before a line of the key, centred at x, y."""
    if what == "trail":
        trail(draw, "A", [(x - 12, y), (x + 12, y)], 22)
    elif what == "ship":
        marker(draw, "A", "NE", x - 10, y, 7)
        marker(draw, "B", "NE", x + 10, y, 7)
    elif what == "destroyed":
        marker(draw, "A", None, x, y, 8, destroyed=True)
    elif what == "stack":
        marker(draw, "A", "N", x - 9, y + 1, 7)
        marker(draw, "B", "S", x + 9, y - 1, 7)
    elif what == "origin":
        draw.text((x, y), "0,0", fill=INK, font=font(13, True), anchor="mm")
    elif what == "coordinates":
        draw.text((x, y), "q,r", fill=COORDINATES, font=font(13), anchor="mm")
    elif what == "break":
        draw.rectangle((x - 14, y - 6, x + 14, y + 6), fill=FAINT, outline=GRID)
    elif what == "beyond":
        draw.polygon(
            [(x + 10, y), (x - 4, y - 8), (x - 4, y + 8)], fill=SIDE_COLOURS["B"], outline=INK
        )
    else:
        draw.text((x, y), "[X]", fill=INK, font=font(13, True), anchor="mm")
