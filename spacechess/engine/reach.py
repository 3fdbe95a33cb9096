"""How far actions reach on the board: each hexagon's straight rays, the ships' move lengths,
the hexagon neighbours a shot or a mine may go to. Shared by the rules and their refusals."""

from __future__ import annotations

from collections.abc import Collection

from notation.spacechess.board import CELL_COUNT, NEIGHBOURS, is_pentagon, line
from notation.spacechess.pieces import COMMAND, FIGHTER, GUNSHIP, SUPPORT

__all__ = ["HEXAGON_NEIGHBOURS", "RAYS", "REACH", "destinations", "enemy_near"]


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every hexagon, per direction, the hexagons of the straight line up to 3 cells out,
    cut before the first pentagon (moves never cross one) [SC3]."""
    out: list[tuple[tuple[int, ...], ...]] = []
    for cell in range(CELL_COUNT):
        rays = []
        if not is_pentagon(cell):
            for towards in NEIGHBOURS[cell]:
                run = []
                for c in line(cell, towards, 3):
                    if is_pentagon(c):
                        break
                    run.append(c)
                if run:
                    rays.append(tuple(run))
        out.append(tuple(rays))
    return tuple(out)


RAYS = _rays()
REACH = {COMMAND: 2, GUNSHIP: 2, FIGHTER: 3, SUPPORT: 2}  # [SC3] and the fighter's run [SC4]
HEXAGON_NEIGHBOURS = tuple(
    tuple(n for n in NEIGHBOURS[c] if not is_pentagon(n)) for c in range(CELL_COUNT)
)


def enemy_near(board: tuple[int, ...], cell: int, side: int) -> bool:
    """Whether an enemy ship or mine stands next to `cell` (no mine goes there [SC9])."""
    return any(board[n] and board[n] >> 3 != side for n in NEIGHBOURS[cell])


def destinations(board: tuple[int, ...], blocked: Collection[int], cell: int) -> list[int]:
    """The cells the ship on `cell` can move to: straight on along each ray, up to its kind's
    reach, passing and landing on free hexagons only (no unit, no impactor) [SC3]."""
    reach = REACH[board[cell] & 7]
    goals = []
    for ray in RAYS[cell]:
        for c in ray[:reach]:
            if board[c] or c in blocked:
                break
            goals.append(c)
    return goals
