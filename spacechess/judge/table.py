"""The board a Space Chess seat plays on in the browser (issue 44): the ball unrolled as the
pictures' strip (spacechess.pictures.flat), as inline SVG whose every cell is a focusable
element named as the notation writes it (`data-cell="Ab1"`), with its ship, mine or impactor
as a letter in a shape of its side's (colour is never the only sign). The board hides
nothing: every seat and onlooker sees the same."""

from __future__ import annotations

from html import escape

from notation.spacechess.board import CELL_COUNT, is_pentagon
from notation.spacechess.cells import cell_name
from notation.spacechess.pieces import KIND_LETTERS, KIND_NAMES, SIDE_NAMES, kind_of, side_of
from pbem.storage.store import GameRow, Store
from spacechess.judge.rows import played_of
from spacechess.pictures.flat import hexagon, strip_layout

__all__ = ["table"]

SPACING = 40.0
SIDE_CLASS = ("terran", "alien")


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def table(store: Store, game: GameRow, seat: str | None) -> str:
    """The position now as an SVG board (the same for every reader)."""
    if game.state is None and game.phase != "playing":
        return ""
    position = played_of(game).position
    layout = strip_layout(SPACING)
    flying = {i.cell: i.side for i in position.impactors}
    parts = [
        f'<svg class="chessboard" viewBox="0 0 {layout.width} {layout.height}" '
        f'role="group" aria-label="The board: every cell, its ship, mine or impactor">'
    ]
    for place in layout.places:
        if place.ghost:
            outline = _points(hexagon(place.x, place.y, SPACING * 0.98))
            parts.append(f'<polygon class="ghost" points="{outline}" aria-hidden="true"/>')
    for cell in range(CELL_COUNT):
        place = layout.home[cell]
        name = cell_name(cell)
        code = position.board[cell]
        outline = _points(hexagon(place.x, place.y, SPACING * 0.98))
        said, mark = "empty", ""
        if code:
            side, kind = side_of(code), kind_of(code)
            said = f"{SIDE_NAMES[side]} {KIND_NAMES[kind]}"
            mark = (
                f'<{"circle" if side == 0 else "rect"} class="unit {SIDE_CLASS[side]}" '
                + (
                    f'cx="{place.x:.1f}" cy="{place.y:.1f}" r="13"/>'
                    if side == 0
                    else f'x="{place.x - 12:.1f}" y="{place.y - 12:.1f}" width="24" height="24"/>'
                )
                + f'<text class="unit-letter {SIDE_CLASS[side]}" x="{place.x:.1f}" '
                f'y="{place.y + 6:.1f}">{KIND_LETTERS[kind]}</text>'
            )
        elif cell in flying:
            side = flying[cell]
            said = f"{SIDE_NAMES[side]} impactor in flight"
            mark = (
                f'<text class="impactor {SIDE_CLASS[side]}" x="{place.x:.1f}" '
                f'y="{place.y + 6:.1f}">&#x2736;</text>'
            )
        shape = " pentagon" if is_pentagon(cell) else ""
        parts.append(
            f'<g class="cell{shape}" data-cell="{name}" tabindex="0" role="button" '
            f'aria-label="{name}: {escape(said)}"><polygon points="{outline}"/>'
            f'<text class="name" x="{place.x:.1f}" y="{place.y - 9:.1f}">{name}</text>'
            f"{mark}</g>"
        )
    parts.append("</svg>")
    return "".join(parts)
