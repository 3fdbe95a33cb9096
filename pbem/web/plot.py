"""A player's rating history as a small SVG plot for their club page: the rating after each
rated game as a line with a dot a game, the ratings' scale on the left, the games counted
below; drawn by notation.vector (the pictures' own SVG writer), a few elements a game, and
readable at 400 CSS pixels (its words 12 px at its drawn width of 400)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from notation import ink
from notation.ink import GRID, INK
from notation.vector import VectorDraw, svg_document

WIDTH, HEIGHT = 400, 220
LEFT, RIGHT, TOP, BOTTOM = 46, 12, 14, 34  # room for the scale's words
TEXT = 12  # px at the drawn width: the page never shows the plot narrower than drawn
LINE = (0, 114, 178)  # the Okabe-Ito blue of the pictures' palette


def _step(span: float) -> int:
    """A round step for the scale: 50, 100, 200 or 500 points, about four lines in all."""
    for step in (25, 50, 100, 200, 500, 1000):
        if span / step <= 5:
            return step
    return 2000


def rating_plot(ratings: Sequence[float], title: str) -> str:
    """The plot of `ratings` (where the player began, then after each rated game), as an SVG
    element for a page's HTML (inline); `title` is what a screen reader says of it."""
    draw = VectorDraw(prefix="p")
    font = ink.font(TEXT)
    low, high = min(ratings), max(ratings)
    step = _step(max(high - low, 1.0))
    bottom = math.floor(low / step) * step
    top = max(math.ceil(high / step) * step, bottom + step)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = max(len(ratings) - 1, 1)

    def x(i: int) -> float:
        return LEFT + inner_w * i / count

    def y(value: float) -> float:
        return TOP + inner_h * (top - value) / (top - bottom)

    for mark in range(int(bottom), int(top) + 1, step):
        draw.line([(LEFT, y(mark)), (WIDTH - RIGHT, y(mark))], fill=GRID)
        draw.text((LEFT - 4, y(mark)), str(mark), fill=INK, font=font, anchor="rm")
    games = len(ratings) - 1
    for i in sorted({0, games, *(range(0, games + 1, max(1, math.ceil(games / 5))))}):
        draw.text((x(i), HEIGHT - BOTTOM + 6), str(i), fill=INK, font=font, anchor="ma")
    draw.text(
        (LEFT + inner_w / 2, HEIGHT - 4), "rated games played", fill=INK, font=font, anchor="ms"
    )
    points = [(x(i), y(value)) for i, value in enumerate(ratings)]
    if len(points) > 1:
        draw.line(points, fill=LINE, width=2)
    for px, py in points:
        draw.ellipse([(px - 3, py - 3), (px + 3, py + 3)], fill=LINE)
    return svg_document(WIDTH, HEIGHT, draw.body(), title=title, inline=True, smallest=TEXT)
