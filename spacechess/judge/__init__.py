"""Space Chess as a game the judge hosts: its GameKind (create and join, no set-up, a turn a
side by `orders`, status, history, resign, a draw offered and accepted, the game master's
process and cancel, deadlines), built from this package's modules (docs/space-chess.md,
"Playing by mail")."""

from __future__ import annotations

from pbem.gamekinds import GameKind
from pbem.ticks import missing_seats
from spacechess.judge import end, guide, setup, show, turns, views
from spacechess.judge.rows import GAME as KEY
from spacechess.sniff import chess_lines

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
    title="Space Chess",  # the bot's branch: who it is, for replay's choice of game
    sniff=chess_lines,
)
