"""What a game shows a player, in a form every front end renders its own way (issue 21).

A game reaches a front end through text (`Outbound.body`), files (`Attachment`), pictures
(a `Sight` on a message, drawn as a `Picture` when a front end asks), buttons (`Action`) and
forms (`Form` of `Field`s): the value types of pbem.sights, named here for the front ends.
Who may see a picture is decided here and nowhere else (`entitled`), and `picture_for` is the
one door to a game's pictures: hidden information never depends on a front end remembering a
rule [1.4]. This module imports no game.
"""

from __future__ import annotations

from pbem.sights import (
    ALL,
    MOMENTS,
    SEATS,
    Action,
    Field,
    Form,
    Picture,
    Setting,
    Sight,
    SightError,
)
from pbem.steps.desk import Refusal
from pbem.storage.store import GameRow, Store

__all__ = [
    "ALL",
    "MOMENTS",
    "Action",
    "Field",
    "Form",
    "Picture",
    "Setting",
    "Sight",
    "SightError",
    "entitled",
    "kind_of",
    "picture_for",
]


def entitled(store: Store, game: GameRow, sight: Sight, address: str) -> bool:
    """Whether `address` may see `sight` of `game`: a seat's own view only its player; the
    whole game (ALL) only once it, or that game of its match, is over [1.4.1]; the public
    view anyone who may see the game (a private game: its players, master and observers)."""
    players = store.players(game.id)
    if sight.seat in SEATS:
        player = players.get(sight.seat)
        return player is not None and player.address == address
    if sight.seat == ALL and not _ended(store, game, sight.number):
        return False
    if not game.private:
        return True
    return (
        address == game.master_address
        or any(p.address == address for p in players.values())
        or address in store.observers(game.id)
    )


def _ended(store: Store, game: GameRow, number: int | None) -> bool:
    if game.phase == "over":
        return True
    if number is None:
        return False
    # A match's game is kept (match_games) once it has ended; the row plays on.
    row = store.connection.execute(
        "SELECT 1 FROM match_games WHERE game_id = ? AND number = ?", (game.id, number)
    ).fetchone()
    return row is not None


def picture_for(store: Store, game: GameRow, sight: Sight, reader: str) -> Picture | None:
    """The picture of `sight` for `reader`, drawn by the game (None: nothing to draw yet);
    refused when the reader may not see it."""
    if not entitled(store, game, sight, reader):
        raise Refusal(
            f"the picture `{sight}` of {game.name} is not for {reader}: a player sees only "
            "their own side, and both sides only once the game is over [1.4.1]"
        )
    return kind_of(game).show.picture(store, game, sight)


def kind_of(game: GameRow):  # noqa: ANN201 (GameKind: imported late, it imports the games)
    """The kind of a game: the one place a front end's picture finds its game (a registry
    replaces this lookup later)."""
    from pbem.kinds import gamekinds  # the kinds import the games, which import this module

    return gamekinds.kind_of(game)
