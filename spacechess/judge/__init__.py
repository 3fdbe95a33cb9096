"""Space Chess as a game the judge hosts: its GameKind (create and join, no set-up, a turn a
side by `orders`, status, history, resign, a draw offered and accepted, the game master's
process and cancel, deadlines), built from this package's modules (docs/space-chess.md,
"Playing by mail")."""

from __future__ import annotations

from pbem.gamekinds import GameKind
from pbem.store import GameRow, Store
from pbem.ticks import missing_seats
from spacechess.computer.player import DEFAULT_LEVEL, LEVELS
from spacechess.judge import computer, end, guide, setup, show, turns, views
from spacechess.judge.rows import GAME as KEY


def _no_more(store: Store, old: GameRow, new: GameRow) -> None:
    """A game of Space Chess keeps all its settings in its row."""


GAME = GameKind(
    name=KEY,
    create=setup.create,
    join=setup.join,
    setup_word="",
    setup=setup.no_setup,
    submit=turns.submit,
    missing=missing_seats,
    resolve=turns.resolve,
    status=views.status,
    history=views.history,
    resign=end.resign,
    process=turns.process,
    cancel=end.cancel,
    tick=turns.tick_game,
    own={
        "draw": end.draw,
        "observe": views.observe,
        "help": guide.show_help,
        "rematch": end.rematch,
    },
    decorate=show.decorate,
    picture=show.picture,
    actions=show.actions,
    form=show.form,
    open_turn=show.open_turn,
    turn_name=show.turn_name,
    command_text=show.command_text,
    history_file=show.history_file,
    private_results=False,
    mail_pictures=True,
    title="Space Chess",
    words=("chess", "space-chess"),
    rulesets=KEY.__eq__,
    levels=LEVELS,
    default_level=DEFAULT_LEVEL,
    level_named=computer.level_or_default,
    seat_computer=computer.seat_level,
    computer_ratings={},  # not measured yet: a level counts as 1500 on the ladder
    score=None,  # not rated yet: no ladder of its own
    rules_text=lambda game: "Space Chess",
    phase_text=lambda game: None,
    deadline_phases="each turn",
    observe_text="after each turn you will receive the board",
    create_usage=(
        "chess for Space Chess; chess vs computer [random|greedy|search] against the computer",
        "(`help chess`: the whole game).",
    ),
    help_topics={},
    rematch_settings=_no_more,
    settings=(),
    describe_settings=lambda settings: "",
)
