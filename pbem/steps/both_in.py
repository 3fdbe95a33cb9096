"""A phase whose orders both players send: once both are in it is resolved at once, else the
opponent is told that the sender's are in. The same step in every such game; the game gives
how it resolves a phase and its words (its kind's `steps.resolve` and `about.resolved`)."""

from __future__ import annotations

from collections.abc import Collection

from pbem import registry
from pbem.messages import Outbound
from pbem.steps import gamerows
from pbem.steps.desk import Desk
from pbem.steps.gamerows import Subject, deadline_line, subject
from pbem.storage.store import GameRow


def orders_in(
    desk: Desk,
    game: GameRow,
    seat: str,
    before: Collection[str],
    turn: int,
    which: str = "",
    titled: Subject = subject,
) -> str:
    """The reply's last line once `seat`'s orders for `turn` are stored (`before`: the seats
    whose orders were in already): the phase resolved, its messages sent, when the opponent's
    are in; else a deadline line, and the opponent told of the first orders. `which` names the
    phase in the notice ("movement "); `titled` words its subject."""
    kind = registry.kind_of(game)
    other = gamerows.other(seat)
    if other in before:
        game, messages = kind.steps.resolve(desk.store, game, desk.now)
        desk.session.game = game
        desk.reply.messages += messages
        return f"Both players' orders are in: {kind.about.resolved} (see the next message)."
    if seat not in before:
        players = desk.store.players(game.id)
        desk.reply.messages.append(
            Outbound(
                (players[other].address,),
                titled(game, f"your opponent's orders for turn {turn}"),
                f"Your opponent's {which}orders for turn {turn} of {game.name} are in.\n"
                + deadline_line(game),
                game.name,
            )
        )
    return "You may replace them until your opponent's are in. " + deadline_line(game)
