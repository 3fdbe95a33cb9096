"""Draw the ball as two hemispheres seen from outside: the northern half from above N, the
southern half from below S, side by side and touching where the two halves meet (at U0's
meridian), so a player sees where things are on the ball and what is near what.

Each cell is its outline on the ball projected straight onto the page (an orthographic view);
cells on the equator appear at the rim of both discs. Pieces, holes and last turn's marks look
as on the strip (spacechess.pictures.marks), scaled down towards the rim where the ball turns
away; names are written where the cells are wide enough to hold them.
"""

from __future__ import annotations

import math
from typing import Any

from notation.spacechess.board import CELL_COUNT, CENTRES, Vector, corners, is_pentagon
from notation.spacechess.cells import cell_name
from spacechess.pictures.marks import (
    CELL_FILL,
    DISC,
    GRID,
    HOLE,
    INK,
    MOVED,
    SMALLEST_NAME,
    Scene,
    arrow,
    draw_hole,
    draw_lost,
    flight,
    font,
    place_token,
)

__all__ = [
    "GLOBE_HEIGHT",
    "draw_globes_board",
    "draw_globes_marks",
    "draw_globes_pieces",
    "globe_width",
]

RADIUS = (
    310  # pixels of a disc's radius (a mail picture within 60 kB: bench/space_chess_pictures.py)
)
GAP = 40
MARGIN = 16
CAPTION = 40
GLOBE_HEIGHT = CAPTION + 2 * RADIUS + 2 * MARGIN
FACING = 0.25  # the least depth of an arrow's ends on a disc
SEEN = -1e-9  # a cell is drawn on a disc when its centre is at least this far on its side
HALVES = (
    ("Northern half, seen from above N", 1),
    ("Southern half, seen from below S", -1),
)


def globe_width() -> int:
    return 2 * MARGIN + 4 * RADIUS + GAP


def _project(p: Vector, pole: int, cx: float, cy: float) -> tuple[float, float]:
    """A ball point onto the disc centred at (cx, cy): from above N x stays and y turns down
    the page; from below S the view is the mirror image (seen from outside), so x flips."""
    return cx + pole * p[0] * RADIUS, cy - p[1] * RADIUS


def _depth(p: Vector, pole: int) -> float:
    return p[2] * pole


def _centres(width: int, top: int) -> list[tuple[str, int, float, float]]:
    """Each disc's caption, pole and centre on a canvas `width` wide, captions' top at `top`."""
    left = (width - globe_width()) // 2 + MARGIN
    return [
        (caption, pole, left + RADIUS + k * (2 * RADIUS + GAP), top + CAPTION + RADIUS + MARGIN)
        for k, (caption, pole) in enumerate(HALVES)
    ]


def draw_globes_board(
    draw: Any, width: int, top: int, occupied: frozenset[int] = frozenset()
) -> None:
    """What never changes: the discs, their cells, holes and the names of cells not in
    `occupied` (those go under their piece)."""
    for caption, pole, cx, cy in _centres(width, top):
        draw.text((cx, top + CAPTION // 2 + 4), caption, fill=INK, font=font(22), anchor="mm")
        draw.ellipse((cx - RADIUS, cy - RADIUS, cx + RADIUS, cy + RADIUS), fill=DISC)
        for cell in _seen(pole):
            outline = _outline(cell, pole, cx, cy)
            if is_pentagon(cell):
                draw.polygon(outline, fill=HOLE, outline=INK)
            else:
                draw.polygon(outline, fill=CELL_FILL, outline=GRID)
        draw.ellipse((cx - RADIUS, cy - RADIUS, cx + RADIUS, cy + RADIUS), outline=INK, width=2)
        for cell in _seen(pole):
            x, y = _project(CENTRES[cell], pole, cx, cy)
            depth = _depth(CENTRES[cell], pole)
            scale = _scale(depth)
            name = cell_name(cell)
            if is_pentagon(cell):
                draw_hole(draw, x, y, 22 * scale, name, max(SMALLEST_NAME, round(16 * scale)))
            elif depth > 0.3 and cell not in occupied:
                draw.text(
                    (x, y),
                    name,
                    fill=INK,
                    font=font(max(SMALLEST_NAME, round(17 * scale))),
                    anchor="mm",
                )


def draw_globes_marks(draw: Any, width: int, top: int, scene: Scene) -> None:
    """Last turn's moves as arrows, rings round what moved or was placed, and each
    impactor's next flight as a dashed arrow: only on the disc that shows both ends."""
    for _, pole, cx, cy in _centres(width, top):
        shown = set(_seen(pole))
        place = {c: _project(CENTRES[c], pole, cx, cy) for c in shown}
        # Arrows only between cells facing the viewer: near the rim a chord and its head
        # would leave the disc (the other disc or the strip shows them whole).
        facing = {c for c in shown if _depth(CENTRES[c], pole) >= FACING}

        for start, end in scene.moves:
            for cell in (start, end):
                if cell in shown:
                    _ring(draw, place[cell], (cx, cy), 30 * _scale(_depth(CENTRES[cell], pole)))
            if start in facing and end in facing:
                arrow(draw, place[start], place[end], 16 * _scale(_depth(CENTRES[end], pole)))
        for cell in sorted(scene.placed):
            if cell in shown:
                _ring(draw, place[cell], (cx, cy), 30 * _scale(_depth(CENTRES[cell], pole)))
        for path in scene.flights:
            steps = list(zip(path, path[1:], strict=False))
            for k, (start, end) in enumerate(steps):
                if start in facing and end in facing:
                    last = k == len(steps) - 1
                    flight(draw, place[start], place[end], 12 if last else 0)


def draw_globes_pieces(draw: Any, width: int, top: int, scene: Scene, cover: bool = False) -> None:
    """Every piece on the discs with its cell's name under it, and last turn's losses; each
    kept whole inside its disc. `cover`: first paint the cell again, hiding the name a board
    drawn once (empty) wrote in its middle."""
    for _, pole, cx, cy in _centres(width, top):
        for cell in _seen(pole):
            token = scene.tokens.get(cell)
            if is_pentagon(cell) or (token is None and cell not in scene.lost):
                continue
            x, y = _project(CENTRES[cell], pole, cx, cy)
            depth = _depth(CENTRES[cell], pole)
            scale = _scale(depth)
            if token is not None:
                if cover:
                    draw.polygon(_outline(cell, pole, cx, cy), fill=CELL_FILL, outline=GRID)
                if depth > 0.3:
                    size = max(SMALLEST_NAME, round(14 * scale))
                    draw.text(
                        (x, y + 30 * scale), cell_name(cell), fill=INK, font=font(size), anchor="mm"
                    )
                heading = None
                if token.heading is not None:
                    hx, hy = _project(CENTRES[token.heading], pole, cx, cy)
                    heading = math.atan2(hy - y, hx - x)
                tx, ty = _pull_in(x, y - 6 * scale, cx, cy, 20 * scale * 1.45)
                place_token(draw, tx, ty, 20 * scale, token, heading)
            if cell in scene.lost:
                lx, ly = _pull_in(x, y - 6 * scale, cx, cy, 22 * scale * 1.45)
                draw_lost(draw, lx, ly, 22 * scale)


def _ring(draw: Any, at: tuple[float, float], centre: tuple[float, float], radius: float) -> None:
    """An orange ring round a cell, made smaller near the rim so it stays on the disc."""
    x, y = at
    r = _inside(x, y, *centre, radius, 3)
    if r is not None:
        draw.ellipse((x - r, y - r, x + r, y + r), outline=MOVED, width=4)


def _seen(pole: int) -> list[int]:
    """The cells a disc shows, far from the viewer first (the rim's slivers under the rest)."""
    seen = [c for c in range(CELL_COUNT) if _depth(CENTRES[c], pole) >= SEEN]
    return sorted(seen, key=lambda c: (_depth(CENTRES[c], pole), c))


def _outline(cell: int, pole: int, cx: float, cy: float) -> list[tuple[float, float]]:
    return [_project(_lift(q, pole), pole, cx, cy) for q in corners(cell)]


def _scale(depth: float) -> float:
    return max(0.35, depth) ** 0.5


def _inside(x: float, y: float, cx: float, cy: float, r: float, least: float) -> float | None:
    """A ring's radius at (x, y) cut down to stay inside the disc; None if under `least`."""
    room = RADIUS - math.dist((x, y), (cx, cy)) - 3
    r = min(r, room)
    return r if r >= least else None


def _pull_in(x: float, y: float, cx: float, cy: float, reach: float) -> tuple[float, float]:
    """(x, y) moved towards the disc's centre just enough that `reach` around it is inside."""
    d = math.dist((x, y), (cx, cy))
    most = max(0.0, RADIUS - 2 - reach)
    if d <= most or d == 0:
        return x, y
    return cx + (x - cx) * most / d, cy + (y - cy) * most / d


def _lift(q: Vector, pole: int) -> Vector:
    """A corner behind the rim is drawn on the rim, so an equator cell stays a thin shape."""
    if _depth(q, pole) >= 0:
        return q
    flat = math.hypot(q[0], q[1]) or 1.0
    return (q[0] / flat, q[1] / flat, 0.0)
