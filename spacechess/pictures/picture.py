"""One Space Chess picture as PNG bytes: the flat strip over the two hemispheres, and a key.

The same scene gives the same bytes (Pillow's embedded font, no time or metadata in the PNG),
so pictures can be compared and swapped in tests.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from notation.png import palette_png
from notation.vector import VectorDraw, svg_document
from spacechess.pictures.globe import (
    GLOBE_HEIGHT,
    draw_globes_board,
    draw_globes_marks,
    draw_globes_pieces,
    globe_width,
)
from spacechess.pictures.marks import (
    GRID,
    INK,
    KINDS,
    LOST,
    MOVED,
    PAPER,
    SMALLEST_NAME,
    Scene,
    Token,
    draw_hole,
    draw_lost,
    draw_token,
    font,
)
from spacechess.pictures.strip import (
    draw_strip_board,
    draw_strip_marks,
    draw_strip_pieces,
    strip_size,
)

__all__ = [
    "KEY_HEIGHT",
    "SMALLEST_NAME",
    "canvas_size",
    "draw_board",
    "draw_scene",
    "draw_step",
    "scene_picture",
    "scene_svg",
]

KEY_ROW = 44
KEY_HEIGHT = 3 * KEY_ROW + 20
MARGIN = 16


OUTCOME = 40  # the line under the title that says how a game ended, when it has


def canvas_size(scene: Scene, globes: bool = True) -> tuple[int, int]:
    """The picture's width and height in pixels."""
    width, strip_height = strip_size()
    width = max(width, globe_width())
    extra = OUTCOME if scene.outcome else 0
    return width, extra + strip_height + (GLOBE_HEIGHT if globes else 0) + KEY_HEIGHT


def draw_scene(draw: Any, scene: Scene, globes: bool = True) -> None:
    """The whole picture onto `draw` (Pillow's or notation.vector's): title, outcome, the strip,
    the hemispheres (unless `globes` is False) and the key."""
    draw_board(draw, scene, globes, frozenset(scene.tokens))
    draw_step(draw, scene, globes)


def draw_board(
    draw: Any, scene: Scene, globes: bool = True, occupied: frozenset[int] = frozenset()
) -> None:
    """What a page draws once: the cells with their names (but for those in `occupied`), the
    discs and the key; no title and no piece."""
    width, _ = canvas_size(scene, globes)
    _, strip_height = strip_size()
    top = OUTCOME if scene.outcome else 0
    draw_strip_board(draw, top, None, occupied)
    if globes:
        draw_globes_board(draw, width, top + strip_height, occupied)
    _draw_key(draw, width, top + strip_height + (GLOBE_HEIGHT if globes else 0), scene)


def draw_step(draw: Any, scene: Scene, globes: bool = True, cover: bool = False) -> None:
    """What changes from step to step: the title and outcome, last turn's marks, the pieces.
    `cover`: the board under it was drawn empty (draw_board with nothing occupied)."""
    width, _ = canvas_size(scene, globes)
    _, strip_height = strip_size()
    top = OUTCOME if scene.outcome else 0
    draw.text((MARGIN, MARGIN), scene.title, fill=INK, font=font(28))
    if scene.outcome.strip():
        draw.text((MARGIN, MARGIN + 40), scene.outcome, fill=LOST, font=font(26))
    draw_strip_marks(draw, top, scene)
    if globes:
        draw_globes_marks(draw, width, top + strip_height, scene)
    draw_strip_pieces(draw, top, scene, cover)
    if globes:
        draw_globes_pieces(draw, width, top + strip_height, scene, cover)


def scene_picture(scene: Scene, globes: bool = True) -> bytes:
    """The picture as a palette PNG: what mail and chat carry.
    The same scene gives the same bytes."""
    image = Image.new("P", canvas_size(scene, globes))
    image.putpalette(PAPER)
    draw = ImageDraw.Draw(image)
    # Text without anti-aliasing: the drawing keeps to its own few inks, so a 16-colour
    # palette PNG holds it exactly at a quarter of the bytes (bench/space_chess_pictures.py
    # measures it); at full size the letters read the same.
    draw.fontmode = "1"
    draw_scene(draw, scene, globes)
    return palette_png(image)


def scene_svg(scene: Scene, globes: bool = True) -> str:
    """The picture as standalone SVG text, from the same drawing as the PNG: sharp at any
    size (issue 35's boards to play on start from it)."""
    draw = VectorDraw()
    draw_scene(draw, scene, globes)
    width, height = canvas_size(scene, globes)
    return svg_document(
        width, height, draw.body(), draw.defs_text(), scene.title, smallest=SMALLEST_NAME
    )


def _draw_key(draw: Any, width: int, top: int, scene: Scene) -> None:
    """Every kind of piece in both sides' looks, with the sides' names, and the other marks."""
    draw.line((MARGIN, top + 4, width - MARGIN, top + 4), fill=GRID, width=1)
    label = font(18)
    for side in (0, 1):
        y = top + 10 + KEY_ROW * side + KEY_ROW // 2
        name = scene.sides[side]
        x = MARGIN
        draw.text((x, y), f"{name}:", fill=INK, font=font(19), anchor="lm")
        x += max(150, int(draw.textlength(f"{name}:", font=font(19))) + 16)
        for kind, (_, word) in KINDS.items():
            heading = 0.0 if kind == "impactor" else None
            draw_token(draw, x + 16, y, 15, Token(side, kind), heading)
            x += 38
            draw.text((x, y), word, fill=INK, font=label, anchor="lm")
            x += int(draw.textlength(word, font=label)) + 26
    y = top + 10 + 2 * KEY_ROW + KEY_ROW // 2
    x = MARGIN
    draw_hole(draw, x + 16, y, 17, "", 10)
    x += 40
    x = _words(draw, x, y, "pentagon: a hole, no piece stands there")
    draw.ellipse((x, y - 15, x + 30, y + 15), outline=MOVED, width=4)
    x = _words(draw, x + 40, y, "moved, placed or fired last turn")
    draw_lost(draw, x + 15, y, 14)
    x = _words(draw, x + 40, y, "destroyed last turn")
    draw.rectangle((x, y - 14, x + 28, y + 14), fill=(228, 228, 222), outline=(150, 150, 150))
    _words(draw, x + 38, y, "grey: a cell again, beyond a cut of the strip")


def _words(draw: Any, x: int, y: int, text: str) -> int:
    draw.text((x, y), text, fill=INK, font=font(18), anchor="lm")
    return x + int(draw.textlength(text, font=font(18))) + 30
