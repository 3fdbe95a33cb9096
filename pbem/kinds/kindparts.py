"""The four parts a game kind is made of, grouped by purpose: what the judge asks the game to
do (`Steps`), what it shows (`Show`), who it is (`About`), its records and its words in a
front end (`Records`).

Each game meets each part with a module of the same name in its `judge/` folder (`steps`,
`show`, `about`, `records`), which ends by building the part (`STEPS = Steps(...)`); the
game's `judge/__init__.py` puts the four together as its GameKind (pbem.kinds.gamekinds). The steps
every game shares (taking a seat, resigning, cancelling, telling everyone in a game) are the
core's (pbem.steps.seating, pbem.steps.ending, pbem.steps.gamerows): a game gives only what differs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pbem.club.ratings import Rating, Score
from pbem.messages import Attachment, Outbound
from pbem.sights import Action, Form, Picture, Setting, Sight
from pbem.storage.store import GameRow, PlayerRow, Store

if TYPE_CHECKING:
    from pbem.language.commands import Command
    from pbem.replay.making import MakeReplay
    from pbem.steps.desk import Desk

Handler = Callable[["Command", "Desk"], str]
Tick = Callable[[Store, GameRow, datetime], tuple[GameRow, list[Outbound]]]
Missing = Callable[[Store, GameRow], list[str]]
Resolve = Callable[..., tuple[GameRow, list[Outbound]]]
End = Callable[[Store, GameRow, datetime, dict[str, Any]], tuple[GameRow, list[Outbound]]]
ResignOutcome = Callable[[GameRow, str, dict[str, PlayerRow]], dict[str, Any]]
Decorate = Callable[[Store, GameRow, Outbound, str | None], Outbound]
Draw = Callable[[Store, GameRow, Sight], Picture | None]
Actions = Callable[[GameRow, str, int | None], tuple[Action, ...]]
MakeForm = Callable[[GameRow, str, int | None], Form]
HistoryFile = Callable[[GameRow, str], tuple[str, Attachment] | None]
SeatComputer = Callable[[Store, GameRow, str, str, datetime, str | None], Any]
RematchSettings = Callable[[Store, GameRow, GameRow], None]


@dataclass(frozen=True)
class Steps:
    """What the judge asks a game to do (its `judge/steps.py`).

    - `create`, `join`: opening a game and taking a seat (pbem.steps.seating takes the seat; the
      game says what to send next);
    - `setup_word`, `setup`: a player's set-up (`fleet`, `design`; "" for none), checked and
      kept hidden until both are in, then the start;
    - `submit`: what a player may send in the current phase (`orders TURN: ...`), checked;
    - `missing`: who has not sent in this phase; the phase is complete when nobody is missing;
    - `resolve(store, game, now, default_missing)`: resolving the phase, and the messages it
      causes: what each player and onlooker may see of it;
    - `status`, `history`: what a player or onlooker may see on asking;
    - `end(store, game, now, outcome)`: the game over, everyone told and given the record;
      the core's `resign` and `cancel` (pbem.steps.ending) end a game through it, with
      `resign_outcome(game, seat, players)` (the outcome of a seat's resignation; a Refusal
      when it may not resign now), `cancel_terms` (what a cancelled game's outcome says
      beyond the shared words), `resigned_said` and `cancelled_said` (what the reply adds);
    - `process`: a game master resolving a phase now; `tick`: reminders and deadlines;
    - `own`: commands only this game has (Spaceships' `endmatch`, Space Chess's `draw`).
    """

    create: Handler
    join: Handler
    setup_word: str
    setup: Handler
    submit: Handler
    missing: Missing
    resolve: Resolve
    status: Handler
    history: Handler
    end: End
    resign_outcome: ResignOutcome
    resigned_said: str
    cancelled_said: str
    process: Handler
    tick: Tick
    cancel_terms: Mapping[str, Any] = field(default_factory=dict)
    own: Mapping[str, Handler] = field(default_factory=dict)


@dataclass(frozen=True)
class Show:
    """What a game shows, in the game-neutral form of pbem.kinds.shown (its `judge/show.py`):

    - `decorate(store, game, out, seat)`: a message with the sights its reader (the player of
      `seat`, None for an onlooker) may see; `picture(store, game, sight)` draws one;
    - `actions(game, message_kind, turn)`: its own buttons under a post (the front end adds
      the shared ones); `form(game, command, turn)`: the form a button or command opens;
    - `open_turn(game)`: the turn `orders N:` names now; `turn_name(game, n)`: its words;
    - `command_text(command, text, turn)`: a form's text as the judge's command;
    - `history_file(game, answer)`: a long history as a short text and a record file;
    - `private_results`: each player's results are their own (DMs), else one public post;
    - `mail_pictures`: whether mail carries pictures when a player has not said;
    - `news(game)`: what else of the game every reader may know changes now and then (a draw
      offer), for the live pages to follow; "" for nothing beyond the phase and turn;
    - `choices(store, game, seat)`: what the seat may do now, as JSON-able data (issue 44), for
      a board to offer only what the judge accepts: worked out by the game's judge side from
      what its engine and refusals compute, never from the other seat's hidden set-up or
      orders. The shape every front end reads is `pbem.kinds.choosing` ({} for nothing);
    - `table(store, game, seat)`: the board to play on in a page, as inline SVG or HTML whose
      every cell is a focusable element carrying its name as the notation writes it
      (`data-cell`): what the seat may see (None: what an onlooker may see) [1.4]; "" for none.
      Drawn without a picture, so no page waits on one (issue 44).
    """

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
    news: Callable[[GameRow], str] = field(default=lambda game: "")
    choices: Callable[[Store, GameRow, str], Mapping[str, Any]] = field(
        default=lambda store, game, seat: {}
    )
    table: Callable[[Store, GameRow, str | None], str] = field(default=lambda store, game, seat: "")


@dataclass(frozen=True)
class About:
    """Who a game is, for the core's own commands, none of which names a game (its
    `judge/about.py`):

    - `title` (as players read it), `words` (what a player may write for it: `create duel
      battles`, `ladder battle`), `rulesets` (whether a stored game's ruleset is its own);
    - `levels`, `default_level`, `level_named(word)` (ValueError with a hint), `seat_computer`
      (the computer takes a seat, its set-up in): the computer's levels;
    - `computer_ratings` (each level's fixed rating on the ladder), `score(outcome)` (seat A's
      score, None for no result; `score` None: the game has no ladder);
    - `rules_text(game)` (what leads a game's settings), `phase_text(game)` (its phase in its
      own words, None for the shared words), `deadline_phases` (what a deadline's duration
      starts again with: "the fleets, then each turn"), `observe_text` (what an observer will
      receive), `waits_for` (what both players send before the game: "fleets") and
      `resolved` (how a played phase ends without a deadline: "the turn is adjudicated");
    - `create_usage` (its lines under `help`'s create settings and in `help create`),
      `synopsis` (what its own commands do, by keyword, in `help`'s list), `details` (its
      paragraph of `help KEYWORD`, after the shared one), `guide` (its section of the mail
      guide, `help guide`),
      `help_topics` (`help WORD` -> text for a front end, "mail" or "discord"; "" for none),
      `rematch_settings(store, old, new)` (what a rematch carries over beyond the game row),
      `settings` (its `create` settings a front end may offer), `describe_settings(settings)`
      (the settings in words; ValueError when wrong);
    - `seat_name(seat)`: a seat as a player reads it in the shared replies ("player A", or a
      side's name where the game has them: "the Terrans"); `side(seat)`: a seat as said beside
      a player's name (`list`, a thread's first post, the club page): "A", or "Terrans".
    """

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
    waits_for: str = "set-ups"
    resolved: str = "the turn is resolved"
    synopsis: Mapping[str, str] = field(default_factory=dict)
    details: Mapping[str, str] = field(default_factory=dict)
    guide: str = ""
    seat_name: Callable[[str], str] = field(default=lambda seat: f"player {seat}")
    side: Callable[[str], str] = field(default=lambda seat: seat)


@dataclass(frozen=True)
class Records:
    """A game's records and its words in a front end (its `judge/records.py`); a game without
    one of them gets the neutral words:

    - `check_command`, `format_command`: the commands that check its records and rewrite one
      canonically ("" for none), named when a record reaches another game's command;
      `record_lines`: what its record's lines look like, in that refusal
      (pbem.registry.another_games_record);
    - `record_suffix`, `sniff(text)` (how much a text looks like its record: each game scores
      its own, the most wins), `replay` (its replay page; None: none yet), `public_record`
      (the club page's record);
    - `texts`: what a front end says of this game where the words differ, by key
      (bot.texts's KEYS); `{game}` is the game's name;
    - `public_texts`: what an onlooker may have on asking (the club page): status and history
      as an observer gets them (None: its own status and history handlers, as an observer);
    - `board_words`: what its public board shows, as the club page's picture says it;
      `end_board_words`: what it shows once the game is over (its end's picture), "" for the
      same words;
    - `setup_lines`: a new game's set-up post in a front end's words ("discord"), after the
      line of who plays;
    - `setup_command`: its set-up's slash command in Discord: what it does, what its text and
      its file hold (None: a game without a set-up has no such command);
    - `orders_example`: orders as a player writes them, for a front end's hint;
    - `challenge_words`: a challenge's options in words: what game (or match) they make, and
      each option as a post says it (None: "a game of TITLE", the options as typed);
    - `match_game_of`: which game of a match a message made now belongs to, from its
      attachments' names (no attachments: the game being played); None: no matches.
    """

    record_suffix: str = ""
    check_command: str = ""
    record_lines: str = ""
    format_command: str = ""
    sniff: Callable[[str], int] = field(default=lambda text: 0)
    replay: MakeReplay | None = None
    public_record: Callable[[Store, GameRow], str | None] = field(default=lambda s, g: None)
    texts: Mapping[str, str] = field(default_factory=dict)
    public_texts: Callable[[Store, GameRow, list[str]], tuple[str, str]] | None = None
    board_words: str = "the board as both players know it"
    end_board_words: str = ""
    setup_lines: Callable[[Store, GameRow, str], tuple[str, ...]] | None = None
    setup_command: tuple[str, str, str] | None = None
    orders_example: str = ""
    challenge_words: Callable[[str], tuple[str, tuple[str, ...]]] | None = None
    match_game_of: Callable[[Store, GameRow, Sequence[str]], int | None] | None = None
