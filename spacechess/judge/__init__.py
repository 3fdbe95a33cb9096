"""Space Chess as a game the judge hosts: its GameKind (create and join, no set-up, a turn a
side by `orders`, status, history, resign, a draw offered and accepted, the game master's
process and cancel, deadlines), built from this package's modules (docs/space-chess.md,
"Playing by mail")."""

from __future__ import annotations

from pbem.gamekinds import GameKind
from pbem.ratings import Rating
from pbem.ticks import missing_seats
from spacechess.computer.player import DEFAULT_LEVEL, LEVELS
from spacechess.judge import about, end, guide, replay, setup, show, turns, views
from spacechess.judge.rows import GAME as KEY
from spacechess.judge.rows import TITLE, side_name
from spacechess.sniff import chess_lines

# As `python bench/ladder.py levels --only chess --chess 10 --minutes 22` measured them on
# 2026-11-27: 23 games (each pair of levels 3 or 4 times), so wide deviations.
COMPUTER_RATINGS = {
    "random": Rating(566, 386),
    "greedy": Rating(1214, 369),
    "search": Rating(1973, 378),
    "deep": Rating(2302, 386),
}

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
    title=TITLE,
    words=about.WORDS,
    rulesets=about.is_chess_ruleset,
    levels=LEVELS,
    default_level=DEFAULT_LEVEL,
    level_named=about.level_named,
    seat_computer=about.seat_computer,
    # Each level's fixed rating and deviation (docs/readings.md, "The ladder").
    computer_ratings=COMPUTER_RATINGS,
    score=end.chess_score,
    rules_text=about.rules_text,
    phase_text=lambda game: None,  # no set-up: the shared words of each phase
    deadline_phases="each turn",
    observe_text=about.OBSERVE_TEXT,
    create_usage=about.CREATE_USAGE,
    help_topics=about.help_topics(),
    rematch_settings=about.rematch_settings,
    settings=(),  # no create options of its own (SC1-SC12 have none)
    describe_settings=about.describe_settings,
    record_suffix=replay.RECORD_SUFFIX,
    sniff=chess_lines,
    replay=replay.chess_replay,
    seat_name=lambda seat: f"the {side_name(seat)}",
    public_record=about.public_record,
)
