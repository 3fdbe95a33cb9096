"""How a piece, an impactor, a hole and last turn's marks look in Space Chess pictures.

Each kind of piece has its own shape (the command ship a ring round a ball, as the printed
piece; a gunship a triangle; a fighter an arrowhead; a support ship a square; a mine a spiked
ball; an impactor a dart along its heading) and its letter; the two sides differ by fill as well
as colour (the first side solid, the second hollow with a thick rim), so nothing is told by
colour alone. Colours are the Okabe-Ito palette, which stays apart for colour-blind readers.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from PIL import ImageDraw, ImageFont

__all__ = [
    "KINDS",
    "SMALLEST_NAME",
    "Scene",
    "Token",
    "arrow",
    "arrow_head",
    "draw_hole",
    "draw_token",
    "fade",
    "flight",
    "font",
    "place_token",
]

Point = tuple[float, float]

INK = (20, 20, 20)
PAPER = (255, 255, 255)
CELL_FILL = (246, 246, 240)
GHOST_FILL = (228, 228, 222)
GRID = (150, 150, 150)
HOLE = (60, 60, 66)
SIDE_COLOURS = ((0, 114, 178), (213, 94, 0))  # blue, vermillion
MOVED = (230, 159, 0)  # orange: last turn's moves
LOST = (204, 0, 0)
# The smallest a cell's name is written, in pixels: a page never shows it under 9 CSS px.
SMALLEST_NAME = 12
DISC = (225, 228, 235)  # a hemisphere's ground behind its cells

# kind -> (letter, name): the letters of the notation.
KINDS: dict[str, tuple[str, str]] = {
    "command": ("C", "command ship"),
    "gunship": ("G", "gunship"),
    "fighter": ("F", "fighter"),
    "support": ("S", "support ship"),
    "mine": ("M", "mine"),
    "impactor": ("I", "impactor"),
}


@dataclass(frozen=True)
class Token:
    """What stands on a cell: a side (0 first player, 1 second) and a kind of KINDS; an
    impactor also has the neighbour it flies towards."""

    side: int
    kind: str
    heading: int | None = None


@dataclass(frozen=True)
class Scene:
    """Everything one picture shows: a title, what stands where, the sides' names, and last
    turn's marks: moves (from, to), cells where something was placed (a mine laid, an
    impactor fired, a ship rebuilt) and cells where something was destroyed; where each
    impactor flies next; and, at the end, who won and how."""

    title: str
    tokens: Mapping[int, Token] = field(default_factory=dict)
    sides: tuple[str, str] = ("first", "second")
    moves: tuple[tuple[int, int], ...] = ()
    placed: frozenset[int] = frozenset()
    lost: Mapping[int, Token] = field(default_factory=dict)
    # Each impactor's flight in the next battle stage: its cell, then the cells it will cross.
    flights: tuple[tuple[int, ...], ...] = ()
    # Under the title, in its own line: the end said in words ("Terrans win: ...").
    outcome: str = ""


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's embedded font: the same on every machine, so the bytes are reproducible."""
    return ImageFont.load_default(size=size)


def _regular(x: float, y: float, r: float, n: int, turn: float = 90.0) -> list[Point]:
    return [
        (
            x + r * math.cos(math.radians(turn + 360 * k / n)),
            y - r * math.sin(math.radians(turn + 360 * k / n)),
        )
        for k in range(n)
    ]


def _outline_and_fill(side: int) -> tuple[tuple[int, int, int], tuple[int, int, int], int]:
    colour = SIDE_COLOURS[side]
    # The first side solid, the second hollow with a thick rim: told apart without colour.
    return (colour, INK, 2) if side == 0 else (PAPER, colour, 4)


def draw_token(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    size: float,
    token: Token,
    heading: float | None = None,
    faded: bool = False,
) -> None:
    """A token centred on (x, y), `size` its radius in pixels; `heading` the screen angle an
    impactor flies towards (radians, y down)."""
    fill, rim, width = _outline_and_fill(token.side)
    if faded:
        fill = fade(fill)
        rim = fade(rim)
    width = max(1, round(width * size / 20))
    letter, _ = KINDS[token.kind]
    text = PAPER if token.side == 0 and not faded else rim
    s = size
    if token.kind == "command":
        draw.ellipse((x - s, y - s, x + s, y + s), fill=fill, outline=rim, width=width)
        r = s * 0.38
        inner = PAPER if token.side == 0 else rim
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fade(inner) if faded else inner)
        return  # the ball in the ring is its mark; a letter would hide it
    if token.kind == "gunship":
        draw.polygon(_regular(x, y + s * 0.15, s * 1.1, 3), fill=fill, outline=rim, width=width)
        draw.text((x, y + s * 0.25), letter, fill=text, font=font(round(s * 0.85)), anchor="mm")
    elif token.kind == "fighter":
        points = [
            (x, y - s * 1.05),
            (x + s * 0.95, y + s * 0.9),
            (x, y + s * 0.45),
            (x - s * 0.95, y + s * 0.9),
        ]
        draw.polygon(points, fill=fill, outline=rim, width=width)
        draw.text((x, y + s * 0.15), letter, fill=text, font=font(round(s * 0.75)), anchor="mm")
    elif token.kind == "support":
        r = s * 0.82
        draw.rectangle((x - r, y - r, x + r, y + r), fill=fill, outline=rim, width=width)
        draw.text((x, y), letter, fill=text, font=font(round(s * 0.95)), anchor="mm")
    elif token.kind == "mine":
        spikes = []
        for k in range(16):
            r = s * (0.95 if k % 2 == 0 else 0.62)
            a = math.pi * k / 8
            spikes.append((x + r * math.cos(a), y + r * math.sin(a)))
        draw.polygon(spikes, fill=fill, outline=rim, width=max(1, width - 1))
        draw.text((x, y), letter, fill=text, font=font(round(s * 0.7)), anchor="mm")
    elif token.kind == "impactor":
        a = heading if heading is not None else -math.pi / 2
        back = a + math.pi
        tip = (x + s * 1.4 * math.cos(a), y + s * 1.4 * math.sin(a))
        left = (x + s * 1.05 * math.cos(back + 0.75), y + s * 1.05 * math.sin(back + 0.75))
        right = (x + s * 1.05 * math.cos(back - 0.75), y + s * 1.05 * math.sin(back - 0.75))
        notch = (x + s * 0.3 * math.cos(back), y + s * 0.3 * math.sin(back))
        draw.polygon([tip, left, notch, right], fill=fill, outline=rim, width=width)
    else:
        raise ValueError(f"no picture for a piece of kind {token.kind!r}")


def place_token(
    draw: Any,
    x: float,
    y: float,
    size: float,
    token: Token,
    heading: float | None = None,
    faded: bool = False,
) -> None:
    """draw_token, where a vector drawing keeps each look once (a `<symbol>`) and places it
    scaled and turned: a page's step then costs a line per piece."""
    if not hasattr(draw, "symbol"):
        draw_token(draw, x, y, size, token, heading, faded)
        return
    turn = 0.0
    if token.kind == "impactor":
        turn = math.degrees(heading if heading is not None else -math.pi / 2)
    key = f"{token.side}{KINDS[token.kind][0]}{'f' if faded else ''}"
    unit = 20.0

    def paint(d: Any) -> None:
        draw_token(d, 0, 0, unit, token, 0.0 if token.kind == "impactor" else None, faded)

    draw.symbol(key, unit * 1.5, paint, x, y, size / unit, turn)


def arrow(draw: Any, a: tuple[float, float], b: tuple[float, float], head: float) -> None:
    """An orange arrow from a towards b, its head short of b's piece."""
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    length = math.dist(a, b)
    start = min(head * 1.2, length * 0.3)
    end = max(start + 2, length - head * 1.4)
    x0, y0 = a[0] + start * math.cos(angle), a[1] + start * math.sin(angle)
    x1, y1 = a[0] + end * math.cos(angle), a[1] + end * math.sin(angle)
    draw.line((x0, y0, x1, y1), fill=MOVED, width=4)
    arrow_head(draw, x1, y1, angle, head)


def flight(draw: Any, a: tuple[float, float], b: tuple[float, float], head: float) -> None:
    """One step of an impactor's next flight, centre to centre: a dotted orange line, with
    an arrowhead (`head` > 0) on the last step."""
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    parts = 5
    for k in range(0, parts, 2):
        p, q = k / parts, (k + 1) / parts
        draw.line(
            (a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p)
            + (a[0] + (b[0] - a[0]) * q, a[1] + (b[1] - a[1]) * q),
            fill=MOVED,
            width=3,
        )
    if head > 0:
        arrow_head(draw, b[0], b[1], angle, head)


def arrow_head(draw: Any, x1: float, y1: float, angle: float, head: float) -> None:
    draw.polygon(
        [
            (x1 + head * 0.6 * math.cos(angle), y1 + head * 0.6 * math.sin(angle)),
            (x1 + head * math.cos(angle + 2.4), y1 + head * math.sin(angle + 2.4)),
            (x1 + head * math.cos(angle - 2.4), y1 + head * math.sin(angle - 2.4)),
        ],
        fill=MOVED,
    )


def draw_hole(
    draw: ImageDraw.ImageDraw, x: float, y: float, size: float, name: str, label_size: int
) -> None:
    """A pentagon: a hole in the board where no piece may stand, drawn dark with its name."""
    draw.polygon(_regular(x, y, size, 5), fill=HOLE, outline=INK)
    draw.text((x, y), name, fill=PAPER, font=font(label_size), anchor="mm")


def draw_lost(draw: ImageDraw.ImageDraw, x: float, y: float, size: float) -> None:
    """A cross where something was destroyed last turn."""
    w = max(2, round(size / 6))
    draw.line((x - size, y - size, x + size, y + size), fill=LOST, width=w)
    draw.line((x - size, y + size, x + size, y - size), fill=LOST, width=w)


def fade(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple(round(c + (235 - c) * 0.55) for c in colour)  # type: ignore[return-value]
