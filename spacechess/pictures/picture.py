"""One Space Chess picture as PNG bytes: the flat strip over the two hemispheres, and a key.

The same scene gives the same bytes (Pillow's embedded font, no time or metadata in the PNG),
so pictures can be compared and swapped in tests.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from spacechess.pictures.globe import GLOBE_HEIGHT, draw_globes, globe_width
from spacechess.pictures.marks import (
    INK,
    KINDS,
    MOVED,
    PAPER,
    Scene,
    Token,
    draw_hole,
    draw_lost,
    draw_token,
    font,
)
from spacechess.pictures.strip import draw_strip, strip_size

__all__ = ["KEY_HEIGHT", "scene_picture"]

KEY_ROW = 44
KEY_HEIGHT = 3 * KEY_ROW + 20
MARGIN = 16


def scene_picture(scene: Scene, globes: bool = True) -> bytes:
    """The strip (and under it the hemispheres, unless `globes` is False) with the key."""
    width, strip_height = strip_size()
    width = max(width, globe_width())
    height = strip_height + (GLOBE_HEIGHT if globes else 0) + KEY_HEIGHT
    image = Image.new("RGB", (width, height), PAPER)
    draw_strip(image, 0, scene)
    top = strip_height
    if globes:
        draw_globes(image, top, scene)
        top += GLOBE_HEIGHT
    _draw_key(image, top, scene)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def _draw_key(image: Image.Image, top: int, scene: Scene) -> None:
    """Every kind of piece in both sides' looks, with the sides' names, and the other marks."""
    draw = ImageDraw.Draw(image)
    draw.line((MARGIN, top + 4, image.width - MARGIN, top + 4), fill=(200, 200, 200), width=1)
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


def _words(draw: ImageDraw.ImageDraw, x: int, y: int, text: str) -> int:
    draw.text((x, y), text, fill=INK, font=font(18), anchor="lm")
    return x + int(draw.textlength(text, font=font(18))) + 30
