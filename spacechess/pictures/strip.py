"""Draw the whole ball flat: the rhombus strip with every cell named, pieces, and last turn.

Each cell is a hexagon at its place on the strip (spacechess.pictures.flat), its name written in
it; the 12 pentagons are the dark holes of the printed board. Thick lines part the rhombi,
whose letters stand at their tips; where the strip is cut, the cells across the cut are drawn
again as grey ghosts (with what stands on them, faded) beyond a dashed line, so lines of play
can be followed over the cut. Last turn's moves are orange arrows (or, over a cut, an orange
ring at each end), new pieces have an orange ring, destroyed ones a red cross.
"""

from __future__ import annotations

import math
from typing import Any

from notation.spacechess.board import NEIGHBOURS, STRIP, is_pentagon, line
from notation.spacechess.cells import RHOMBI, cell_name
from spacechess.pictures.flat import ROOT3, StripLayout, hexagon, strip_layout
from spacechess.pictures.marks import (
    CELL_FILL,
    GHOST_FILL,
    GRID,
    INK,
    MOVED,
    Scene,
    draw_hole,
    draw_lost,
    flight,
    font,
    place_token,
)

__all__ = [
    "SPACING",
    "cover_cell",
    "draw_strip_board",
    "draw_strip_marks",
    "draw_strip_pieces",
    "strip_size",
]

SPACING = 60.0  # pixels between neighbouring cell centres
MARGIN = 16
TITLE = 44
CUT = (110, 110, 110)  # the cuts, in the ghosts' ink: one colour fewer in a picture


def strip_size() -> tuple[int, int]:
    """The strip's width and height in pixels, title included."""
    layout = strip_layout(SPACING, MARGIN, TITLE)
    return layout.width, layout.height


def draw_strip_board(
    draw: Any, top: int, title: str | None, occupied: frozenset[int] = frozenset()
) -> None:
    """What never changes: every cell, the rhombi's edges and letters, the holes and the names
    of the cells not in `occupied` (those are written smaller, under their piece)."""
    layout = strip_layout(SPACING, MARGIN, TITLE)
    if title:
        draw.text((MARGIN, top + MARGIN), title, fill=INK, font=font(28))
    for place in layout.places:
        if is_pentagon(place.cell):
            continue
        fill = GHOST_FILL if place.ghost else CELL_FILL
        draw.polygon(hexagon(place.x, place.y + top, SPACING), fill=fill, outline=GRID)
    _draw_edges(draw, layout, top)
    for r, (x, y) in layout.rhombus_labels:
        draw.text((x, y + top), RHOMBI[r], fill=INK, font=font(34), anchor="mm")
    for place in layout.places:
        x, y = place.x, place.y + top
        name = cell_name(place.cell)
        if is_pentagon(place.cell):
            draw_hole(draw, x, y, SPACING * 0.52, name, 15)
        elif place.cell not in occupied:
            colour = (110, 110, 110) if place.ghost else INK
            draw.text((x, y), name, fill=colour, font=font(16), anchor="mm")


def draw_strip_marks(draw: Any, top: int, scene: Scene) -> None:
    """Last turn's moves, placings and impactors' next flights (under the pieces)."""
    _draw_last_turn(draw, strip_layout(SPACING, MARGIN, TITLE), top, scene)


def draw_strip_pieces(draw: Any, top: int, scene: Scene, cover: bool = False) -> None:
    """Every piece with its cell's name under it, and last turn's losses. `cover`: first hide
    the name the board wrote in the middle of an occupied cell (a board drawn once, empty)."""
    layout = strip_layout(SPACING, MARGIN, TITLE)
    for place in layout.places:
        x, y = place.x, place.y + top
        token = scene.tokens.get(place.cell)
        if token is not None and not is_pentagon(place.cell):
            if cover:
                fill = GHOST_FILL if place.ghost else CELL_FILL
                cover_cell(draw, x, y, fill)
            colour = (110, 110, 110) if place.ghost else INK
            name = cell_name(place.cell)
            draw.text((x, y + SPACING * 0.36), name, fill=colour, font=font(13), anchor="mm")
            heading = None
            if token.heading is not None:
                heading = layout.direction(place.cell, token.heading)
            place_token(draw, x, y - SPACING * 0.08, SPACING * 0.27, token, heading, place.ghost)
        if place.cell in scene.lost and not place.ghost:
            draw_lost(draw, x, y - SPACING * 0.08, SPACING * 0.3)


def cover_cell(draw: Any, x: float, y: float, fill: tuple[int, int, int]) -> None:
    """A cell's inside painted again (its edges left), hiding the name written there."""
    if hasattr(draw, "symbol"):
        key = "c" + "".join(f"{c:02x}" for c in fill)
        draw.symbol(
            key, SPACING / 2, lambda d: d.polygon(hexagon(0, 0, SPACING * 0.9), fill=fill), x, y
        )
    else:
        draw.polygon(hexagon(x, y, SPACING * 0.9), fill=fill)


def _draw_edges(draw: Any, layout: StripLayout, top: int) -> None:
    """Thick edges between rhombi; dashed ones along the cuts (next to a ghost)."""
    for here in layout.places:
        if here.ghost:
            continue
        for there in layout.places:
            if there is here or there.cell not in NEIGHBOURS[here.cell]:
                continue
            if abs(math.dist((here.x, here.y), (there.x, there.y)) - SPACING) > 1:
                continue
            if not there.ghost and (there.cell < here.cell):
                continue  # each home-home edge once
            mx, my = (here.x + there.x) / 2, (here.y + there.y) / 2 + top
            # The shared edge: perpendicular to the centres' line, a cell's side long.
            dx, dy = (there.y - here.y) / ROOT3 / 2, -(there.x - here.x) / ROOT3 / 2
            ends = (mx - dx, my - dy, mx + dx, my + dy)
            if there.ghost:
                _dashed(draw, ends, CUT, 3)
            elif STRIP[here.cell][0] != STRIP[there.cell][0] and not (
                is_pentagon(here.cell) or is_pentagon(there.cell)
            ):
                draw.line(ends, fill=INK, width=3)


def _dashed(draw: Any, ends: tuple[float, float, float, float], fill: tuple, width: int) -> None:
    x0, y0, x1, y1 = ends
    parts = 5
    for k in range(0, parts, 2):
        a, b = k / parts, (k + 1) / parts
        draw.line(
            (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a, x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
            fill=fill,
            width=width,
        )


def straight_path(start: int, end: int) -> list[int] | None:
    """The cells of the straight line from `start` to `end` (end included), if there is one
    of at most 3 steps."""
    for towards in NEIGHBOURS[start]:
        path = line(start, towards, 3)
        if end in path:
            return path[: path.index(end) + 1]
    return None


def _draw_last_turn(draw: Any, layout: StripLayout, top: int, scene: Scene) -> None:
    ring = SPACING * 0.47
    for start, end in scene.moves:
        a, b = layout.home[start], layout.home[end]
        path = straight_path(start, end)
        flat = path is not None and all(
            abs(math.dist((p.x, p.y), (q.x, q.y)) - SPACING) < 1
            for p, q in zip(
                [a, *(layout.home[c] for c in path[:-1])],
                [layout.home[c] for c in path],
                strict=True,
            )
        )
        _ring(draw, a.x, a.y + top, ring, dashed=True)
        _ring(draw, b.x, b.y + top, ring)
        if flat:
            _arrow(draw, (a.x, a.y + top), (b.x, b.y + top), SPACING)
        elif path is not None:
            # Over a cut: a stub leaving the start the way the move went.
            angle = layout.direction(start, path[0])
            stub = (
                a.x + SPACING * 0.9 * math.cos(angle),
                a.y + top + SPACING * 0.9 * math.sin(angle),
            )
            _arrow(draw, (a.x, a.y + top), stub, SPACING)
    for cell in sorted(scene.placed):
        p = layout.home[cell]
        _ring(draw, p.x, p.y + top, ring)
    for path in scene.flights:
        steps = list(zip(path, path[1:], strict=False))
        for k, (here, there) in enumerate(steps):
            a, b = layout.home[here], layout.home[there]
            if abs(math.dist((a.x, a.y), (b.x, b.y)) - SPACING) < 1:
                head = SPACING * 0.2 if k == len(steps) - 1 else 0
                flight(draw, (a.x, a.y + top), (b.x, b.y + top), head)
            else:  # over a cut: the hemispheres show the rest of the flight
                break


def _ring(draw: Any, x: float, y: float, r: float, dashed: bool = False) -> None:
    if not dashed:
        draw.ellipse((x - r, y - r, x + r, y + r), outline=MOVED, width=4)
        return
    for k in range(0, 360, 40):
        draw.arc((x - r, y - r, x + r, y + r), k, k + 22, fill=MOVED, width=4)


def _arrow(draw: Any, a: tuple[float, float], b: tuple[float, float], spacing: float) -> None:
    """An orange arrow from a's cell towards b's, stopping short of the centres' pieces."""
    angle = math.atan2(b[1] - a[1], b[0] - a[0])
    length = math.dist(a, b)
    start = spacing * 0.3
    end = max(start + 4, length - spacing * 0.36)
    x0, y0 = a[0] + start * math.cos(angle), a[1] + start * math.sin(angle)
    x1, y1 = a[0] + end * math.cos(angle), a[1] + end * math.sin(angle)
    draw.line((x0, y0, x1, y1), fill=MOVED, width=5)
    head = spacing * 0.2
    draw.polygon(
        [
            (x1 + head * 0.6 * math.cos(angle), y1 + head * 0.6 * math.sin(angle)),
            (x1 + head * math.cos(angle + 2.4), y1 + head * math.sin(angle + 2.4)),
            (x1 + head * math.cos(angle - 2.4), y1 + head * math.sin(angle - 2.4)),
        ],
        fill=MOVED,
    )
