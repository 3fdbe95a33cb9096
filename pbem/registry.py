"""The one list of the games the judge hosts: each game's key and the module holding its kind.

A game is a package that brings its rules, notation, judge side, pictures, computer and help
(docs/architecture.md, "Adding a game"); adding one is one line here. The core and the front
ends reach a game only through this list, at run time, so that no module of theirs imports a
game's module (tests/test_import_graph.py holds them to it). The order is the order players see
the games in: the help, Discord's choices, the ladder.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pbem.store import GameRow

# A kind is a pbem.gamekinds.GameKind. That module is not imported here, not even for type
# checking: it imports the core's shared handlers, which read this list.
GameKind = Any

GAMES: dict[str, str] = {
    "spaceships": "spaceships.judge",
    "battles": "battles.judge",
    "chess": "spacechess.judge",
}


@cache
def kinds() -> tuple[GameKind, ...]:
    """Every registered game's kind, in the order above; imported at first use, never while
    the core itself is being imported (that would be an import circle)."""
    return tuple(importlib.import_module(path).GAME for path in GAMES.values())


def kind_named(key: str) -> GameKind:
    """The kind registered under `key` (`spaceships`, `battles`); KeyError for another."""
    for kind in kinds():
        if kind.name == key:
            return kind
    raise KeyError(key)


def game_packages() -> frozenset[str]:
    """The top-level packages of the registered games, for the layout test."""
    return frozenset(path.split(".", 1)[0] for path in GAMES.values())


def kind_of(game: GameRow) -> GameKind:
    """The kind whose games include this stored game (found from its `ruleset`)."""
    for kind in kinds():
        if kind.about.rulesets(game.ruleset):
            return kind
    return kinds()[0]
