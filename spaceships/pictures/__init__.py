"""Board pictures: the spaces as PNG grids of 11.3, drawn from the engine's views only.

`draw.py` draws boards of marks; `boards.py` says which boards a reader may see (a player's
own space and the enemy's as known, the public board, a fleet, the umpire's); `parts.py`
gives a board's pieces (empty grids, tiles) to a page that lays them out itself (replays).
Used by the Discord bot, by `spaceships show --png` and by the replay pages. See
docs/architecture.md.
"""

from spaceships.pictures.boards import (
    fleet_picture,
    observer_picture,
    player_picture,
    reveal_picture,
    umpire_picture,
)
from spaceships.pictures.draw import Board, draw_boards

__all__ = [
    "Board",
    "draw_boards",
    "fleet_picture",
    "observer_picture",
    "player_picture",
    "reveal_picture",
    "umpire_picture",
]
