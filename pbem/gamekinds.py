"""The games the judge hosts, and the interface each provides: which command handler serves a
command about one of its games, and what its deadlines do.

A game kind answers, for its own games: the set-up (`create`, `join`, then `fleet` or
`design`), what a player may submit in the current phase (`orders`), when a phase is complete
and resolving it (inside its handlers and `tick`), and what each player and onlooker may see
(`status`, `history`, and the messages its handlers return). Each game builds its own kind
(`GAME` in its `judge/__init__.py`) and pbem.registry lists them; nothing here names a game,
and the kinds are read at run time only (the games import this module). Commands that do not
depend on the game (help, list, observe, sign-on, the game master's settings) are shared;
`observe`, `rematch` and `help GAME` go to the kind of the game they name, which may have its
own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from datetime import datetime
from typing import Any

from pbem import (
    ladder_commands,
    lobby,
    mastering,
    registry,
    rematch,
    settings_commands,
    signon,
    weblinks,
)
from pbem.commands import Command
from pbem.desk import Desk, Refusal
from pbem.messages import Attachment, Outbound
from pbem.ratings import Rating, Score
from pbem.replay.making import MakeReplay
from pbem.sights import Action, Form, Picture, Setting, Sight
from pbem.store import GameRow, Store

Handler = Callable[[Command, Desk], str]
Tick = Callable[[Store, GameRow, datetime], tuple[GameRow, list[Outbound]]]
Missing = Callable[[Store, GameRow], list[str]]
Resolve = Callable[..., tuple[GameRow, list[Outbound]]]
Decorate = Callable[[Store, GameRow, Outbound, str | None], Outbound]
Draw = Callable[[Store, GameRow, Sight], Picture | None]
Actions = Callable[[GameRow, str, int | None], tuple[Action, ...]]
MakeForm = Callable[[GameRow, str, int | None], Form]
HistoryFile = Callable[[GameRow, str], tuple[str, Attachment] | None]
SeatComputer = Callable[[Store, GameRow, str, str, datetime, str | None], Any]
RematchSettings = Callable[[Store, GameRow, GameRow], None]


@dataclass(frozen=True)
class GameKind:
    """One game the judge hosts. Each field is one thing the judge asks of a game:

    - `create`, `join`: opening a game and taking a seat (what to send for the set-up);
    - `setup_word`, `setup`: a player's set-up (`fleet` or `design`), checked and kept hidden
      until both are in, then the start;
    - `submit`: what a player may send in the current phase (`orders TURN: ...`), checked;
    - `missing`: who has not sent in this phase; the phase is complete when nobody is missing;
    - `resolve(store, game, now, default_missing)`: resolving the phase, and the messages it
      causes: what each player and onlooker may see of it;
    - `status`, `history`: what a player or onlooker may see on asking;
    - `resign`, `process`, `cancel`: ending a game, or a game master resolving a phase now;
    - `tick`: reminders and deadlines (which resolve a phase or wait);
    - `own`: commands only this game has (Spaceships' `endmatch` of a match).

    What it shows, in the game-neutral form of pbem.shown (every front end renders it):
    - `decorate(store, game, out, seat)`: a message with the sights its reader (the player of
      `seat`, None for an onlooker) may see; `picture(store, game, sight)` draws one;
    - `actions(game, message_kind, turn)`: its own buttons under a post (the front end adds
      the shared ones); `form(game, command, turn)`: the form a button or command opens;
    - `open_turn(game)`: the turn `orders N:` names now; `turn_name(game, n)`: its words;
    - `command_text(command, text, turn)`: a form's text as the judge's command;
    - `history_file(game, answer)`: a long history as a short text and a record file;
    - `private_results`: each player's results are their own (DMs), else one public post;
    - `mail_pictures`: whether mail carries pictures when a player has not said.

    Who it is, for the core's own commands (none of them names a game):
    - `name` (the key stored with ratings), `title` (as players read it), `words` (what a
      player may write for it: `create duel battles`, `ladder battle`), `rulesets` (whether a
      stored game's ruleset is one of its own);
    - `levels`, `default_level`, `level_named(word)` (ValueError with a hint), `seat_computer`
      (the computer takes a seat, its set-up in): the computer's levels;
    - `computer_ratings` (each level's fixed rating on the ladder), `score(outcome)` (seat A's
      score, None for no result; `score` None: the game has no ladder);
    - `rules_text(game)` (what leads a game's settings), `phase_text(game)` (its phase in its
      own words, None for the shared words), `deadline_phases` (what a deadline's duration
      starts again with: "the fleets, then each turn"), `observe_text` (what an observer will
      receive);
    - `create_usage` (its lines under `help`'s create settings and in `help create`),
      `help_topics` (`help WORD` -> text for a front end, "mail" or "discord"; "" for
      none in that front end),
      `rematch_settings(store, old, new)` (what a rematch carries over beyond the game row),
      `settings` (its `create` settings a front end may offer), `describe_settings(settings)`
      (the settings in words; ValueError when wrong).

    Its records and its words in a front end, with defaults (a game without them gets the
    neutral words): `record_suffix`, `sniff(text)` (how much a text looks like its record),
    `replay` (its replay page), `public_record` (the club page's record); `texts`,
    `public_texts`, `setup_lines`, `challenge_words`, `match_game_of` (see each below).
    """

    name: str
    create: Handler
    join: Handler
    setup_word: str
    setup: Handler
    submit: Handler
    missing: Missing
    resolve: Resolve
    status: Handler
    history: Handler
    resign: Handler
    process: Handler
    cancel: Handler
    tick: Tick
    own: Mapping[str, Handler] = field(default_factory=dict)
    # -- what it shows (pbem.shown): named when a kind is made --
    _: KW_ONLY
    decorate: Decorate
    picture: Draw
    actions: Actions
    form: MakeForm
    open_turn: Callable[[GameRow], int]
    turn_name: Callable[[GameRow, int], str]
    command_text: Callable[[str, str, int], str]
    history_file: HistoryFile
    private_results: bool
    mail_pictures: bool
    # -- who it is (the core's commands read these; none of them names a game) --
    title: str
    words: tuple[str, ...]
    rulesets: Callable[[str], bool]
    levels: tuple[str, ...]
    default_level: str | None
    level_named: Callable[[str | None], str]
    seat_computer: SeatComputer
    computer_ratings: Mapping[str, Rating]
    score: Callable[[dict[str, Any]], Score | None] | None
    rules_text: Callable[[GameRow], str]
    phase_text: Callable[[GameRow], str | None]
    deadline_phases: str
    observe_text: str
    create_usage: tuple[str, ...]
    help_topics: Mapping[str, Callable[[str], str]]
    rematch_settings: RematchSettings
    settings: tuple[Setting, ...]
    describe_settings: Callable[[Mapping[str, str]], str]
    # -- its records (the replay page, the club page) --
    record_suffix: str = ""
    # How much a text looks like this game's record (each game scores its own; the most wins),
    # and the replay page of one (None: no replay pages yet).
    sniff: Callable[[str], int] = field(default=lambda text: 0)
    replay: MakeReplay | None = None
    public_record: Callable[[Store, GameRow], str | None] = field(default=lambda s, g: None)
    # -- its words in a front end (bot/, pbem/web/); a game without them gets the neutral words --
    # What a front end says of this game where the words differ, by key (bot.texts's KEYS);
    # `{game}` is the game's name.
    texts: Mapping[str, str] = field(default_factory=dict)
    # What an onlooker may have on asking (the club page): status and history as an observer
    # gets them (None: its own status and history handlers, as an observer).
    public_texts: Callable[[Store, GameRow, list[str]], tuple[str, str]] | None = None
    # A new game's set-up post in a front end's words ("discord"), after the line of who plays.
    setup_lines: Callable[[Store, GameRow, str], tuple[str, ...]] | None = None
    # A challenge's options in words: what game (or match) they make, and each option as a
    # post says it (None: "a game of TITLE", the options as typed).
    challenge_words: Callable[[str], tuple[str, tuple[str, ...]]] | None = None
    # Which game of a match a message made now belongs to, from its attachments' names (no
    # attachments: the game being played); None: not a match (a game without matches: None).
    match_game_of: Callable[[Store, GameRow, Sequence[str]], int | None] | None = None
    # A seat as a player reads it in the shared replies (the sign-on): "player A", or a
    # side's name where the game has them ("the Terrans").
    seat_name: Callable[[str], str] = field(default=lambda seat: f"player {seat}")

    @property
    def handlers(self) -> dict[str, Handler]:
        """Every command keyword and the function that carries it out for this game."""
        others = [word for word in ("fleet", "design") if word != self.setup_word]
        # A game without a set-up (Space Chess: setup_word "") answers both words itself.
        setups = (
            {self.setup_word: self.setup} if self.setup_word else dict.fromkeys(others, self.setup)
        )
        return {
            **SHARED,
            "create": self.create,
            "join": self.join,
            **{word: _not_here(word, self.name, self.setup_word) for word in others},
            **setups,
            "orders": self.submit,
            "status": self.status,
            "history": self.history,
            "resign": self.resign,
            "process": self.process,
            "cancel": self.cancel,
            **{keyword: _no_such(keyword, self.name) for keyword in _OWN_KEYWORDS},
            **self.own,
        }


def _not_here(word: str, game: str, instead: str) -> Handler:
    """The other game's set-up word, refused with the right one."""

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
        raise Refusal(f"a game of {registry.kind_named(game).title} has no `{keyword}`")

    return refuse


def _title_of_setup(word: str) -> str:
    """The game whose set-up is `word` (`fleet`: Spaceships)."""
    return next(kind.title for kind in registry.kinds() if kind.setup_word == word)


_OWN_KEYWORDS = ("endmatch", "draw")  # commands one game has and another has not

# The commands that are the same whatever the game.
SHARED: dict[str, Handler] = {
    "help": lobby.show_help,
    "list": lobby.list_games,
    "observe": lobby.observe,
    "unobserve": lobby.unobserve,
    "game": signon.sign_on,
    "newpassword": lobby.new_password_for,
    "web": weblinks.web_link,
    "master": mastering.sign_on_master,
    "deadline": mastering.set_deadline,
    "reminder": mastering.set_reminder,
    "grace": mastering.set_grace,
    "missing": mastering.set_missing,
    "news": mastering.set_news,
    **ladder_commands.COMMANDS,
    **rematch.COMMANDS,
    **settings_commands.commands(lambda: [(k.name, k.mail_pictures) for k in kinds()]),
}


def kinds() -> tuple[GameKind, ...]:
    """Every game the judge hosts (pbem.registry), in order."""
    return registry.kinds()


def kind_of(game: GameRow) -> GameKind:
    return registry.kind_of(game)


def _kind_called(word: str) -> GameKind | None:
    """The kind a player's word names (`battles`, `battle`), if any."""
    word = "-".join(word.lower().split())
    return next((kind for kind in registry.kinds() if word in kind.words), None)


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
