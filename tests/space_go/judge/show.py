"""What Space Go shows: its messages as they are (no pictures), a form for a turn's point."""

from __future__ import annotations

from pbem.kinds.kindparts import Show
from pbem.sights import Field, Form

SHOW = Show(
    decorate=lambda store, game, out, seat: out,
    picture=lambda store, game, sight: None,
    actions=lambda game, message_kind, turn: (),
    form=lambda game, command, turn: Form(
        f"Point for turn {turn} of {game.name}", "orders", turn, (Field("Point", "c3"),)
    ),
    open_turn=lambda game: game.turn,
    turn_name=lambda game, number: f"turn {number}",
    command_text=lambda command, text, turn: f"{command} {turn}: {text}",
    history_file=lambda game, answer: None,
    private_results=False,
    mail_pictures=False,
)
