"""Space Chess pictures: the ball as a flat rhombus strip and as two hemispheres, PNG or SVG.

`flat.py` places the cells on the strip, `marks.py` draws pieces and marks, `strip.py` and
`globe.py` the two views, `picture.py` puts them together with a key (as PNG, or as SVG
through notation.vector from the same drawing), `scenes.py` turns a position and last turn's
events into what is drawn. Everything on the board is open to both players, so any reader
may be shown the whole position. See docs/space-chess.md.
"""

from __future__ import annotations

from collections.abc import Iterable

from notation.spacechess.pieces import SIDE_NAMES
from spacechess.engine.events import Event
from spacechess.engine.position import Position
from spacechess.pictures.marks import Scene, Token
from spacechess.pictures.picture import scene_picture, scene_svg
from spacechess.pictures.scenes import position_scene

__all__ = [
    "Scene",
    "Token",
    "board_picture",
    "board_svg",
    "empty_board_picture",
    "scene_picture",
    "scene_svg",
]


def board_picture(
    position: Position,
    title: str,
    last_turn: Iterable[Event] = (),
    globes: bool = True,
    outcome: str = "",
) -> bytes:
    """PNG of `position`: the strip, the hemispheres (unless `globes` is False) and a key, with
    last turn's events marked and, at the end, who won and how (`outcome`, or what the events
    say). The same arguments give the same bytes."""
    return scene_picture(position_scene(position, title, last_turn, outcome), globes)


def board_svg(
    position: Position,
    title: str,
    last_turn: Iterable[Event] = (),
    globes: bool = True,
    outcome: str = "",
) -> str:
    """The same picture as board_picture, as standalone SVG text (sharp at any width)."""
    return scene_svg(position_scene(position, title, last_turn, outcome), globes)


def empty_board_picture() -> bytes:
    """PNG of the empty board with every cell's name (for docs/space-chess.md)."""
    return scene_picture(Scene("The Space Chess board: every cell and its name", sides=SIDE_NAMES))
