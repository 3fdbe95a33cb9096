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

from PIL import Image, ImageDraw

from notation.spacechess.board import CELL_COUNT, CENTRES, Vector, corners, is_pentagon
from notation.spacechess.cells import cell_name
from spacechess.pictures.marks import (
    CELL_FILL,
    GRID,
    INK,
    MOVED,
    Scene,
    draw_hole,
    draw_lost,
    draw_token,
    font,
)

__all__ = ["GLOBE_HEIGHT", "draw_globes", "globe_width"]

RADIUS = 330  # pixels of a disc's radius
GAP = 40
MARGIN = 16
CAPTION = 40
GLOBE_HEIGHT = CAPTION + 2 * RADIUS + 2 * MARGIN
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


def draw_globes(image: Image.Image, top: int, scene: Scene) -> None:
    """Both discs of `scene` onto `image`, their captions' top at `top`."""
    draw = ImageDraw.Draw(image)
    width = image.width
    left = (width - globe_width()) // 2 + MARGIN
    for k, (caption, pole) in enumerate(HALVES):
        cx = left + RADIUS + k * (2 * RADIUS + GAP)
        cy = top + CAPTION + RADIUS + MARGIN
        draw.text((cx, top + CAPTION // 2 + 4), caption, fill=INK, font=font(22), anchor="mm")
        draw.ellipse((cx - RADIUS, cy - RADIUS, cx + RADIUS, cy + RADIUS), fill=(225, 228, 235))
        _draw_half(draw, scene, pole, cx, cy)
        draw.ellipse((cx - RADIUS, cy - RADIUS, cx + RADIUS, cy + RADIUS), outline=INK, width=2)


def _draw_half(draw: ImageDraw.ImageDraw, scene: Scene, pole: int, cx: float, cy: float) -> None:
    seen = [c for c in range(CELL_COUNT) if _depth(CENTRES[c], pole) >= SEEN]
    # Far from the viewer first, so the rim's slivers never cover the middle.
    seen.sort(key=lambda c: (_depth(CENTRES[c], pole), c))
    place = {c: _project(CENTRES[c], pole, cx, cy) for c in range(CELL_COUNT)}
    for cell in seen:
        outline = [_project(_lift(q, pole), pole, cx, cy) for q in corners(cell)]
        if is_pentagon(cell):
            draw.polygon(outline, fill=(60, 60, 66), outline=INK)
        else:
            draw.polygon(outline, fill=CELL_FILL, outline=GRID)
    shown = set(seen)  # last turn's marks under the pieces and names they mark
    for start, end in scene.moves:
        for cell in (start, end):
            if cell in shown:
                _ring(draw, *place[cell], 34 * max(0.35, _depth(CENTRES[cell], pole)) ** 0.5)
        if start in shown and end in shown:
            draw.line((*place[start], *place[end]), fill=MOVED, width=4)
    for cell in sorted(scene.placed):
        if cell in shown:
            _ring(draw, *place[cell], 34 * max(0.35, _depth(CENTRES[cell], pole)) ** 0.5)

    for cell in seen:
        x, y = place[cell]
        depth = _depth(CENTRES[cell], pole)
        scale = max(0.35, depth) ** 0.5
        name = cell_name(cell)
        token = scene.tokens.get(cell)
        if is_pentagon(cell):
            draw_hole(draw, x, y, 22 * scale, name, max(10, round(16 * scale)))
            continue
        if depth > 0.3:
            label_y = y + 30 * scale if token else y
            size = round((14 if token else 17) * scale)
            draw.text((x, label_y), name, fill=INK, font=font(max(9, size)), anchor="mm")
        if token is not None:
            heading = None
            if token.heading is not None:
                hx, hy = place[token.heading]
                heading = math.atan2(hy - y, hx - x)
            draw_token(draw, x, y - 6 * scale, 20 * scale, token, heading)
        if cell in scene.lost:
            draw_lost(draw, x, y - 6 * scale, 22 * scale)


def _lift(q: Vector, pole: int) -> Vector:
    """A corner behind the rim is drawn on the rim, so an equator cell stays a thin shape."""
    if _depth(q, pole) >= 0:
        return q
    flat = math.hypot(q[0], q[1]) or 1.0
    return (q[0] / flat, q[1] / flat, 0.0)


def _ring(draw: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    draw.ellipse((x - r, y - r, x + r, y + r), outline=MOVED, width=4)
