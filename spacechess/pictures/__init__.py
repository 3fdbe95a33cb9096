"""Space Chess pictures: the ball as a flat rhombus strip and as two hemispheres, PNG.

`flat.py` places the cells on the strip, `marks.py` draws pieces and marks, `strip.py` and
`globe.py` the two views, `picture.py` puts them together with a key, `scenes.py` turns a
position and last turn's events into what is drawn. Everything on the board is open to both
players, so any reader may be shown the whole position. See docs/space-chess.md.
"""

from __future__ import annotations

from collections.abc import Iterable

from notation.spacechess.pieces import SIDE_NAMES
from spacechess.engine.events import Event
from spacechess.engine.position import Position
from spacechess.pictures.marks import Scene, Token
from spacechess.pictures.picture import scene_picture
from spacechess.pictures.scenes import position_scene

__all__ = ["Scene", "Token", "board_picture", "empty_board_picture", "scene_picture"]


def board_picture(
    position: Position, title: str, last_turn: Iterable[Event] = (), globes: bool = True
) -> bytes:
    """PNG of `position`: the strip, the hemispheres (unless `globes` is False) and a key, with
    last turn's events marked. The same arguments give the same bytes."""
    return scene_picture(position_scene(position, title, last_turn), globes)


def empty_board_picture() -> bytes:
    """PNG of the empty board with every cell's name (for docs/space-chess.md)."""
    return scene_picture(Scene("The Space Chess board: every cell and its name", sides=SIDE_NAMES))
