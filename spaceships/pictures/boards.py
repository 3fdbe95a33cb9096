"""Which boards a reader may see, as pictures: built from the engine's views only [1.4].

A player sees their own space and the enemy's space as known to them (engine.player_view); an
observer, and everyone in a game's public channel, sees both spaces as both players know them
(engine.observer_view); a fleet at setup is its owner's alone; once a game is over everything
may be shown (the reveal). Nothing here reads a game state except through those views.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from notation.spaceships.cells import Cell
from notation.spaceships.fleets import Fleet
from notation.spaceships.format import grid_marks
from notation.words import seated
from spaceships.engine import GameState, ObserverView, PlayerView, observer_view, player_view
from spaceships.engine.state import Ship
from spaceships.engine.views import enemy_cell_mark, own_space_marks
from spaceships.pictures.draw import Board, draw_boards


def _name(names: Mapping[str, str] | None, seat: str) -> str:
    if names and seat in names:
        return seated(names[seat], seat)  # "the computer (hunt, B)", as the texts say it
    return f"Player {seat}"


def _other(seat: str) -> str:
    return "B" if seat == "A" else "A"


def ship_names(ships: Iterable[Ship]) -> dict[Cell, str]:
    """Each cell of a player's ships with its ship's name (`KC4`), for the lines around ships."""
    return {cell: str(ship.id) for ship in ships for cell in ship.cells}


def player_boards(view: PlayerView, names: Mapping[str, str] | None = None) -> list[Board]:
    seat = view.player
    return [
        Board(
            f"Your space: {_name(names, seat)}",
            view.own_marks(),
            "own",
            known=view.known_to_enemy(),
            ships=ship_names(view.ships),
        ),
        Board(
            f"Enemy space as you know it: {_name(names, _other(seat))}", view.enemy_marks(), "enemy"
        ),
    ]


def player_picture(view: PlayerView, names: Mapping[str, str] | None = None) -> bytes:
    """A player's own space and the enemy's space as known to them."""
    return draw_boards(player_boards(view, names), view.colour_order)


def observer_boards(view: ObserverView, names: Mapping[str, str] | None = None) -> list[Board]:
    return [
        Board(
            f"{_name(names, seat)}: space as both players know it", view.space_marks(seat), "public"
        )
        for seat in ("A", "B")
    ]


def observer_picture(view: ObserverView, names: Mapping[str, str] | None = None) -> bytes:
    """Both spaces as both players know them: what may be shown in public."""
    return draw_boards(observer_boards(view, names), view.colour_order)


def fleet_picture(fleet: Fleet, colour_order: str = "ROYGB", title: str = "Your fleet") -> bytes:
    """A fleet as placed at setup, each ship by its letter, with the key of letters."""
    marks, key = grid_marks(fleet)
    ships = {cell: str(p.ship) for p in fleet.ships for cell in p.cells}
    return draw_boards(
        [
            Board(
                title, marks, "fleet", tuple((m, str(ship)) for m, ship in key.items()), None, ships
            )
        ],
        colour_order,
    )


def umpire_boards(state: GameState, names: Mapping[str, str] | None = None) -> list[Board]:
    """Both spaces with everything in them: only for a game that is over, or an umpire. Read
    by everyone, so its key speaks of no reader's own ships."""
    views = [player_view(state, seat) for seat in ("A", "B")]
    return [
        Board(
            f"{_name(names, v.player)}: space", v.own_marks(), "reveal", ships=ship_names(v.ships)
        )
        for v in views
    ]


def umpire_picture(state: GameState, names: Mapping[str, str] | None = None) -> bytes:
    return draw_boards(umpire_boards(state, names), state.ruleset.colour_order)


def reveal_picture(state: GameState, names: Mapping[str, str] | None = None) -> bytes:
    """The end of a game [1.4.1]: both fleets as they ended. Refuses a game still in play."""
    if not state.over:
        raise ValueError("the fleets are revealed only once the game is over [1.4.1]")
    return umpire_picture(state, names)


def public_picture(state: GameState, names: Mapping[str, str] | None = None) -> bytes:
    """The public board of a game in play: the observer's view of `state`."""
    return observer_picture(observer_view(state), names)


def private_board_picture(board: Any) -> bytes:
    """A private record's owner's view (engine.private.PrivateBoard): own space exactly, the
    opponent's as the record tells it."""
    own = own_space_marks(board.ships, board.destroyed, board.fired, board.misses)
    enemy: dict[Cell, str] = {}
    for cell, known in board.enemy.items():
        if known == "empty":
            mark = enemy_cell_mark(False, None, None)
        else:
            mark = enemy_cell_mark(True, known == "destroyed", board.enemy_types.get(cell))
        if mark is not None:
            enemy[cell] = mark
    seat = board.owner
    return draw_boards(
        [
            Board(f"Player {seat}'s space (own)", own, "own"),
            Board(f"Player {_other(seat)}'s space, as {seat}'s record tells it", enemy, "enemy"),
        ],
        board.colour_order,
    )
