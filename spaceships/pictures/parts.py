"""A board's pieces as separate PNGs for a page that lays out the cells itself (the replays):
the five empty grids of a colour order and one tile per mark, exactly as draw_boards pastes
them, so a page has the pictures' look while each piece is sent once."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache

from PIL import Image

from notation.spaceships.cells import LETTERS, NUMBERS
from spaceships.pictures.draw import (
    CELL,
    COLOUR_HEADER,
    INK,
    LETTER_HEADER,
    Style,
    grid_lefts,
    grids_template,
    tile,
)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)  # sent in every page: worth squeezing
    return out.getvalue()


@dataclass(frozen=True)
class BoardPieces:
    """The empty grids (`png`, `width` x `height` pixels), where each cell's tile goes
    (`cells`: "Rv1" -> top-left corner), the tiles' side, and each grid's outline box."""

    png: bytes
    width: int
    height: int
    cells: dict[str, tuple[int, int]]
    tile_size: int
    outlines: tuple[tuple[int, int, int, int], ...]  # left, top, width, height


@cache
def board_pieces(colour_order: str) -> BoardPieces:
    """The grids of `colour_order` (raises ValueError for an unknown order, as draw_boards)."""
    image = grids_template(colour_order)
    top = COLOUR_HEADER + LETTER_HEADER
    cells = {}
    outlines = []
    for colour, left in zip(colour_order, grid_lefts(colour_order), strict=True):
        outlines.append((left, top, 5 * CELL + 1, 5 * CELL + 1))
        for j, number in enumerate(NUMBERS):
            for i, letter in enumerate(LETTERS):
                cells[f"{colour}{letter}{number}"] = (left + i * CELL, top + j * CELL)
    return BoardPieces(_png(image), image.width, image.height, cells, CELL + 1, tuple(outlines))


@cache
def tile_png(mark: str, style: Style) -> bytes:
    """One cell with `mark` in `style` ("." an empty cell)."""
    return _png(tile(mark, style))


# The grids' outline: draw_boards draws it over the tiles, so the page draws it too.
OUTLINE = "#{:02x}{:02x}{:02x}".format(*INK)
