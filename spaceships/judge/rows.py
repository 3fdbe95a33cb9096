"""A stored Spaceships game's ruleset, state and fleets, read from its row."""

from __future__ import annotations

from notation.spaceships.fleets import Fleet
from notation.spaceships.parse import parse_fleet
from pbem.storage.store import GameRow, PlayerRow
from spaceships.engine import GameState, Ruleset


def ruleset_of(game: GameRow) -> Ruleset:
    return Ruleset.from_tags(game.ruleset, game.options)


def state_of(game: GameRow) -> GameState:
    assert game.state is not None, "a game in play has a state"
    return GameState.from_json(game.state)


def stored_fleet(game: GameRow, player: PlayerRow) -> Fleet:
    assert player.fleet is not None
    return parse_fleet(player.fleet, ruleset_of(game).colour_order)
