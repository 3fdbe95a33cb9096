"""The games the judge hosts, and the interface each provides: which command handler serves a
command about one of its games, and what its deadlines do.

A game kind answers, for its own games: the set-up (`create`, `join`, then `fleet` or
`design`), what a player may submit in the current phase (`orders`), when a phase is complete
and resolving it (inside its handlers and `tick`), and what each player and onlooker may see
(`status`, `history`, and the messages its handlers return). Spaceships is the first kind (its
handlers are the judge's own), Spaceship Battles the second (battles.judge), Space Chess the
third (spacechess.judge, named here and imported when first asked for). Commands that do not
depend on the game (help, list, observe, sign-on, the game master's settings) are shared;
`observe`, `rematch` and `help GAME` go to the kind of the game they name, which may have its
own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from datetime import datetime
from functools import cache

from battles.judge import end as battle_end
from battles.judge import rows as battle_rows
from battles.judge import setup as battle_setup
from battles.judge import show as battle_show
from battles.judge import turns as battle_turns
from battles.judge import views as battle_views
from pbem import ladder_commands, lobby, mastering, rematch, ticks
from pbem.commands import Command
from pbem.desk import Desk, Refusal
from pbem.messages import Attachment, Outbound
from pbem.sights import Action, Form, Picture, Sight
from pbem.store import GameRow, Store
from replay.making import MakeReplay
from spaceships.judge import games, play
from spaceships.judge import show as spaceships_show

Handler = Callable[[Command, Desk], str]
Tick = Callable[[Store, GameRow, datetime], tuple[GameRow, list[Outbound]]]
Missing = Callable[[Store, GameRow], list[str]]
Resolve = Callable[..., tuple[GameRow, list[Outbound]]]
Decorate = Callable[[Store, GameRow, Outbound, str | None], Outbound]
Draw = Callable[[Store, GameRow, Sight], Picture | None]
Actions = Callable[[GameRow, str, int | None], tuple[Action, ...]]
MakeForm = Callable[[GameRow, str, int | None], Form]
HistoryFile = Callable[[GameRow, str], tuple[str, Attachment] | None]


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
    # -- who it is, for the front ends (issue 21 S4, the plan's names; added on the bot's
    # branch with defaults, the core's branch adds the rest: the lead merges the two) --
    title: str = ""  # the game's name as players read it: "Spaceship Battles"
    levels: tuple[str, ...] = ()  # its computer's levels, the default first... or none
    default_level: str | None = None
    help_topics: Mapping[str, Callable[[str], str]] = field(default_factory=dict)
    # What a front end says of this game where the words differ, by key (bot.texts's KEYS);
    # `{game}` is the game's name. A key left out gets the front end's neutral words.
    texts: Mapping[str, str] = field(default_factory=dict)
    # What an onlooker may have on asking (the club page): status and history as an observer
    # gets them, and the record its replay is made from (None: none yet); `record_suffix`
    # names the record's file.
    public_texts: Callable[[Store, GameRow, list[str]], tuple[str, str]] | None = None
    public_record: Callable[[Store, GameRow], str | None] | None = None
    record_suffix: str = ".txt"
    # A record's replay page (replay/): how much a text looks like this game's record (the
    # most wins), and the replay of one (None: no replay pages yet).
    sniff: Callable[[str], int] | None = None
    replay: MakeReplay | None = None
    # A level as a player writes it (None: the default), ValueError saying why not; a new
    # game's set-up post in a front end's words ("discord"), after the line of who plays.
    level_named: Callable[[str | None], str] | None = None
    setup_lines: Callable[[Store, GameRow, str], tuple[str, ...]] | None = None
    # A challenge's options in words: what game (or match) they make, and each option as a
    # post says it (None: "a game of TITLE", the options as typed).
    describe_settings: Callable[[str], tuple[str, tuple[str, ...]]] | None = None
    # Which game of a match a message made now belongs to, from its attachments' names (no
    # attachments: the game being played); None: not a match (a game without matches: None).
    match_game_of: Callable[[Store, GameRow, Sequence[str]], int | None] | None = None

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


_TITLES = {"fleet": "Spaceships", "design": "Spaceship Battles"}


def _not_here(word: str, game: str, instead: str) -> Handler:
    """The other game's set-up word, refused with the right one."""

    def refuse(command: Command, desk: Desk) -> str:
        # Not signed on, the game is not known: say what is missing (the sign-on), not that
        # the word belongs to the other game.
        desk.player_session(word)
        raise Refusal(
            f"`{word}` is for {_TITLES[word]}; a game of {_TITLES[instead]} takes a "
            f"`{instead}` (see `help {instead}`)"
        )

    return refuse


def _no_such(keyword: str, game: str) -> Handler:
    def refuse(command: Command, desk: Desk) -> str:
        raise Refusal(f"a game of {_NAMES[game]} has no `{keyword}`")

    return refuse


_NAMES = {"spaceships": "Spaceships", "battles": "Spaceship Battles", "chess": "Space Chess"}
_OWN_KEYWORDS = ("endmatch", "draw")  # commands one game has and another has not

# The commands that are the same whatever the game.
SHARED: dict[str, Handler] = {
    "help": lobby.show_help,
    "list": lobby.list_games,
    "observe": lobby.observe,
    "unobserve": lobby.unobserve,
    "game": play.sign_on,
    "newpassword": lobby.new_password_for,
    "master": mastering.sign_on_master,
    "deadline": mastering.set_deadline,
    "reminder": mastering.set_reminder,
    "grace": mastering.set_grace,
    "missing": mastering.set_missing,
    "news": mastering.set_news,
    **ladder_commands.COMMANDS,
    **rematch.COMMANDS,
}

SPACESHIPS = GameKind(
    name="spaceships",
    create=lobby.create,
    join=lobby.join,
    setup_word="fleet",
    setup=play.submit_fleet,
    submit=play.submit_orders,
    missing=ticks.missing_seats,
    resolve=games.adjudicate_turn,
    status=lobby.status,
    history=lobby.history,
    resign=play.resign,
    process=mastering.process,
    cancel=mastering.cancel,
    tick=ticks.tick_game,
    own={"endmatch": play.COMMANDS["endmatch"]},
    decorate=spaceships_show.decorate,
    picture=spaceships_show.picture,
    actions=spaceships_show.actions,
    form=spaceships_show.form,
    open_turn=spaceships_show.open_turn,
    turn_name=spaceships_show.turn_name,
    command_text=spaceships_show.command_text,
    history_file=spaceships_show.history_file,
    private_results=True,
    mail_pictures=False,
    # -- who it is (the bot's branch; see GameKind) --
    title="Spaceships",
    levels=spaceships_show.LEVELS,
    default_level=spaceships_show.DEFAULT_LEVEL,
    help_topics=spaceships_show.HELP_TOPICS,
    texts=spaceships_show.TEXTS,
    public_texts=spaceships_show.public_texts,
    public_record=spaceships_show.public_record,
    record_suffix=".ssr",
    sniff=spaceships_show.spaceships_lines,
    replay=spaceships_show.replay_record,
    level_named=spaceships_show.level_named,
    setup_lines=spaceships_show.setup_lines,
    describe_settings=spaceships_show.describe_settings,
    match_game_of=spaceships_show.game_of_message,
)

BATTLES = GameKind(
    name=battle_rows.GAME,
    create=battle_setup.create,
    join=battle_setup.join,
    setup_word="design",
    setup=battle_setup.submit_design,
    submit=battle_turns.submit_orders,
    missing=ticks.missing_seats,
    resolve=battle_turns.resolve,
    status=battle_views.status,
    history=battle_views.history,
    resign=battle_end.resign,
    process=battle_turns.process,
    cancel=battle_end.cancel,
    tick=battle_turns.tick_game,
    decorate=battle_show.decorate,
    picture=battle_show.picture,
    actions=battle_show.actions,
    form=battle_show.form,
    open_turn=battle_show.open_turn,
    turn_name=battle_show.turn_name,
    command_text=battle_show.command_text,
    history_file=battle_show.history_file,
    private_results=False,
    mail_pictures=True,
    # -- who it is (the bot's branch; see GameKind) --
    title="Spaceship Battles",
    levels=(battle_show.LEVEL,),
    default_level=battle_show.LEVEL,
    help_topics=battle_show.HELP_TOPICS,
    texts=battle_show.TEXTS,
    public_texts=battle_show.public_texts,
    public_record=battle_show.public_record,
    record_suffix=".sbr",
    sniff=battle_show.battle_lines,
    replay=battle_show.replay_record,
    level_named=battle_show.level_named,
    setup_lines=battle_show.setup_lines,
)


@cache
def chess() -> GameKind:
    """Space Chess's kind, from its own package (the registry line of docs/plans/
    one-package-per-game.md: named, not imported, so the package may import this module)."""
    return importlib.import_module("spacechess.judge").GAME  # type: ignore[no-any-return]


def kinds() -> tuple[GameKind, ...]:
    return (SPACESHIPS, BATTLES, chess())


_BY_KEY = {"spaceships": lambda: SPACESHIPS, "battles": lambda: BATTLES, "chess": chess}


def kind_of(game: GameRow) -> GameKind:
    return _BY_KEY.get(game.ruleset, _BY_KEY["spaceships"])()


def kind_for(command: Command, desk: Desk) -> GameKind:
    """The kind of the game a command is about: named by `create`, by the command's game name,
    or the game the sender is signed on to; Spaceships when none (the judge's first game)."""
    if command.keyword == "create":
        wanted = dict(command.settings).get("game", "spaceships")
        return _BY_KEY.get(wanted, _BY_KEY["spaceships"])()
    if command.keyword == "help" and command.body.strip() in _BY_KEY:
        return _BY_KEY[command.body.strip()]()  # `help chess`: the game's own guide
    if command.keyword in SHARED and command.keyword not in (
        "game",
        "master",
        "observe",
        "rematch",
    ):
        return SPACESHIPS
    if command.name is not None:
        game = desk.peek(command.name)  # a game's kind never changes
        if game is not None:
            return kind_of(game)
        return SPACESHIPS
    if desk.session.game is not None:
        return kind_of(desk.session.game)
    return SPACESHIPS


def handler_for(command: Command, desk: Desk) -> Handler:
    return kind_for(command, desk).handlers[command.keyword]
