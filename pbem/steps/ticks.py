"""Who has not sent in a game's current phase: the set-up of a seat, or its orders for the
turn (whatever the game; each game's `tick` reminds them and meets the deadline)."""

from __future__ import annotations

from pbem.steps.gamerows import SEATS
from pbem.storage.store import GameRow, PlayerRow, Store


def missing_of(store: Store, game: GameRow, players: dict[str, PlayerRow]) -> list[str]:
    if game.phase == "setup":
        return [s for s in SEATS if s in players and players[s].fleet is None]
    orders = store.orders(game.id, game.turn)
    return [s for s in SEATS if s not in orders]


def missing_seats(store: Store, game: GameRow) -> list[str]:
    return missing_of(store, game, store.players(game.id))
