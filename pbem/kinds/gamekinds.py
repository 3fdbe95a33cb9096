"""The games the judge hosts, and the interface each provides: which command handler serves a
command about one of its games, and what its deadlines do.

A game kind is a key and four parts (pbem.kinds.kindparts): its `steps` (the set-up: `create`,
`join`, then `fleet` or `design`; what a player may submit in the current phase; when a phase
is complete and resolving it; its end), what it `show`s, who it is (`about`) and its
`records` and words. Each game builds its own kind (`GAME` in its `judge/__init__.py`) and
pbem.registry lists them; nothing here names a game, and the kinds are read at run time only
(the games import this module). Commands that do not depend on the game (help, list, observe,
sign-on, the game master's settings) are shared, and so are `resign` and `cancel`
(pbem.steps.ending, through the kind's `end`); `observe`, `rematch` and `help GAME` go to the kind
of the game they name, which may have its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from pbem import registry
from pbem.club import ladder_commands, rematch, tournament_commands
from pbem.kinds.kindparts import About, Handler, Records, Show, Steps
from pbem.language.commands import Command
from pbem.steps import ending, lobby, mastering, settings_commands, signon, tokens, weblinks
from pbem.steps.desk import Desk, Refusal
from pbem.storage.store import GameRow


@dataclass(frozen=True)
class GameKind:
    """One game the judge hosts: its key (`name`, stored with ratings) and its four parts
    (pbem.kinds.kindparts), each built by the module of the same name in the game's `judge/`:
    `steps` (what the judge asks it to do), `show` (what it shows), `about` (who it is),
    `records` (its records and its words in a front end)."""

    name: str
    steps: Steps
    show: Show
    about: About
    records: Records = Records()

    @property
    def handlers(self) -> dict[str, Handler]:
        """Every command keyword and the function that carries it out for this game."""
        steps = self.steps
        others = [word for word in _setup_words() if word != steps.setup_word]
        # A game without a set-up (Space Chess: setup_word "") answers every set-up word itself.
        setups = (
            {steps.setup_word: steps.setup}
            if steps.setup_word
            else dict.fromkeys(others, steps.setup)
        )
        return {
            **SHARED,
            "create": steps.create,
            "join": steps.join,
            **{word: _not_here(word, steps.setup_word) for word in others},
            **setups,
            "orders": steps.submit,
            "status": steps.status,
            "history": steps.history,
            "resign": ending.resign,
            "process": steps.process,
            "cancel": ending.cancel,
            **{keyword: _no_such(keyword, self.name) for keyword in _own_keywords()},
            **steps.own,
        }


def _setup_words() -> list[str]:
    """Every game's set-up word (`fleet`, `design`), in the registry's order."""
    return [kind.steps.setup_word for kind in registry.kinds() if kind.steps.setup_word]


def _own_keywords() -> set[str]:
    """The commands one game has and another has not (`endmatch`, `draw`)."""
    return {word for kind in registry.kinds() for word in kind.steps.own if word not in SHARED}


def _not_here(word: str, instead: str) -> Handler:
    """Another game's set-up word, refused with the right one."""

    def refuse(command: Command, desk: Desk) -> str:
        # Not signed on, the game is not known: say what is missing (the sign-on), not that
        # the word belongs to the other game.
        desk.player_session(word)
        raise Refusal(
            f"`{word}` is for {_title_of_setup(word)}; a game of {_title_of_setup(instead)} "
            f"takes a `{instead}` (see `help {instead}`)"
        )

    return refuse


def _no_such(keyword: str, game: str) -> Handler:
    def refuse(command: Command, desk: Desk) -> str:
        raise Refusal(f"a game of {registry.kind_named(game).about.title} has no `{keyword}`")

    return refuse


def _title_of_setup(word: str) -> str:
    """The game whose set-up is `word` (`fleet`: Spaceships)."""
    return next(kind.about.title for kind in registry.kinds() if kind.steps.setup_word == word)


# The commands that are the same whatever the game.
SHARED: dict[str, Handler] = {
    "help": lobby.show_help,
    "list": lobby.list_games,
    "observe": lobby.observe,
    "unobserve": lobby.unobserve,
    "game": signon.sign_on,
    "newpassword": lobby.new_password_for,
    "web": weblinks.web_link,
    "token": tokens.token_command,
    "master": mastering.sign_on_master,
    "deadline": mastering.set_deadline,
    "reminder": mastering.set_reminder,
    "grace": mastering.set_grace,
    "missing": mastering.set_missing,
    "news": mastering.set_news,
    **ladder_commands.COMMANDS,
    **rematch.COMMANDS,
    **tournament_commands.COMMANDS,
    **settings_commands.commands(lambda: [(k.name, k.show.mail_pictures) for k in kinds()]),
}


def kinds() -> tuple[GameKind, ...]:
    """Every game the judge hosts (pbem.registry), in order."""
    return registry.kinds()


def kind_of(game: GameRow) -> GameKind:
    return registry.kind_of(game)


def _kind_called(word: str) -> GameKind | None:
    """The kind a player's word names (`battles`, `battle`), if any."""
    word = "-".join(word.lower().split())
    return next((kind for kind in registry.kinds() if word in kind.about.words), None)


def kind_for(command: Command, desk: Desk) -> GameKind:
    """The kind of the game a command is about: named by `create`, by the command's game name,
    or the game the sender is signed on to; the registry's first game when none."""
    first = registry.kinds()[0]
    if command.keyword == "create":
        wanted = dict(command.settings).get("game")
        return (_kind_called(wanted) if wanted else None) or first
    if command.keyword == "help" and command.body.strip():
        named = _kind_called(command.body.strip())  # `help chess`: the game's own guide
        if named is not None:
            return named
    if command.keyword in SHARED and command.keyword not in (
        "game",
        "master",
        "observe",
        "rematch",
    ):
        return first
    if command.name is not None:
        game = desk.peek(command.name)  # a game's kind never changes
        if game is not None:
            return kind_of(game)
        return first
    if desk.session.game is not None:
        return kind_of(desk.session.game)
    return first


def handler_for(command: Command, desk: Desk) -> Handler:
    return kind_for(command, desk).handlers[command.keyword]
