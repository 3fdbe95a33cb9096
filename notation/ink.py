"""The pictures' palette and font, shared by every game's pictures (from
spaceships/pictures/draw.py).

The colours are the Okabe-Ito palette's neutrals and inks, chosen to stay apart for the common
kinds of colour blindness; the font is Pillow's embedded one, the same on every machine, so
pictures are reproducible byte for byte.
"""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

__all__ = ["EMPTY", "FAINT", "GRID", "INK", "PAPER", "font"]

# Neutrals, as RGB.
INK = (20, 20, 20)
PAPER = (255, 255, 255)
GRID = (170, 170, 170)
FAINT = (235, 235, 235)
EMPTY = (120, 120, 120)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The pictures' one font (Pillow's embedded one) at a size, for every drawing."""
    return ImageFont.load_default(size=size + (2 if bold else 0))
