"""The games the judge hosts, and the interface each provides: which command handler serves a
command about one of its games, and what its deadlines do.

A game kind answers, for its own games: the set-up (`create`, `join`, then `fleet` or
`design`), what a player may submit in the current phase (`orders`), when a phase is complete
and resolving it (inside its handlers and `tick`), and what each player and onlooker may see
(`status`, `history`, and the messages its handlers return). Spaceships is the first kind (its
handlers are the judge's own), Spaceship Battles the second (pbem.battle_setup, battle_turns,
battle_end, battle_views). Commands that do not depend on the game (help, list, observe,
sign-on, the game master's settings) are shared.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from pbem import (
    battle_end,
    battle_rows,
    battle_setup,
    battle_turns,
    battle_views,
    games,
    lobby,
    mastering,
    play,
)
from pbem.commands import Command
from pbem.desk import Desk, Refusal
from pbem.messages import Outbound
from pbem.store import GameRow, Store

Handler = Callable[[Command, Desk], str]
Tick = Callable[[Store, GameRow, datetime], tuple[GameRow, list[Outbound]]]


@dataclass(frozen=True)
class GameKind:
    """One game the judge hosts: its name (the word after `create NAME`), its commands, and
    what happens at a deadline."""

    name: str
    handlers: Mapping[str, Handler]
    tick: Tick

    def owns(self, game: GameRow) -> bool:
        return battle_rows.is_battle(game) == (self.name == battle_rows.GAME)


def _not_here(what: str, instead: str) -> Handler:
    def refuse(command: Command, desk: Desk) -> str:
        raise Refusal(f"`{command.keyword}` is for {what}; {instead}")

    return refuse


SHARED: dict[str, Handler] = {
    "help": lobby.show_help,
    "list": lobby.list_games,
    "observe": lobby.observe,
    "unobserve": lobby.unobserve,
    "game": play.sign_on,
    "master": mastering.sign_on_master,
    "deadline": mastering.set_deadline,
    "reminder": mastering.set_reminder,
    "grace": mastering.set_grace,
    "missing": mastering.set_missing,
}

SPACESHIPS = GameKind(
    "spaceships",
    {
        **lobby.COMMANDS,
        **play.COMMANDS,
        **mastering.COMMANDS,
        "design": _not_here("Spaceship Battles", "a game of Spaceships takes a `fleet`"),
    },
    games.tick_game,
)

BATTLES = GameKind(
    battle_rows.GAME,
    {
        **SHARED,
        "create": battle_setup.create,
        "join": battle_setup.join,
        "status": battle_views.status,
        "history": battle_views.history,
        "design": battle_setup.submit_design,
        "fleet": _not_here("Spaceships", "a battle takes a `design` (see `help design`)"),
        "orders": battle_turns.submit_orders,
        "resign": battle_end.resign,
        "process": battle_turns.process,
        "cancel": battle_end.cancel,
    },
    battle_turns.tick_game,
)

KINDS = (SPACESHIPS, BATTLES)


def kind_of(game: GameRow) -> GameKind:
    return BATTLES if battle_rows.is_battle(game) else SPACESHIPS


def kind_for(command: Command, desk: Desk) -> GameKind:
    """The kind of the game a command is about: named by `create`, by the command's game name,
    or the game the sender is signed on to; Spaceships when none (the judge's first game)."""
    if command.keyword == "create":
        wanted = dict(command.settings).get("game", "spaceships")
        return BATTLES if wanted == battle_rows.GAME else SPACESHIPS
    if command.keyword in SHARED and command.keyword not in ("game", "master"):
        return SPACESHIPS
    if command.name is not None:
        game = desk.store.game(command.name)
        if game is not None:
            return kind_of(game)
        return SPACESHIPS
    if desk.session.game is not None:
        return kind_of(desk.session.game)
    return SPACESHIPS


def handler_for(command: Command, desk: Desk) -> Handler:
    return kind_for(command, desk).handlers[command.keyword]
