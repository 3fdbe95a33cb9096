"""`game NAME PASSWORD`: a player signs on to a game with their seat's password, whatever
the game; mail then follows them to the address they wrote from."""

from __future__ import annotations

from pbem.language.commands import Command
from pbem.registry import kind_of
from pbem.steps.desk import Desk, Refusal
from pbem.steps.listing import named


def sign_on(command: Command, desk: Desk) -> str:
    desk.session.sign_off()
    try:
        game = desk.game(command.name)
        # The reply is about the game the sender named, refused or not: its subject says so.
        desk.reply.about(game)
        assert command.password is not None
        seat = desk.seat_for(game, command.password)
    except Refusal:
        desk.session.failed_line = command.line
        raise
    desk.session.game, desk.session.seat = game, seat
    player = desk.store.players(game.id)[seat]
    seat_name = kind_of(game).about.seat_name(seat)
    text = f"Signed on to {game.name} as {seat_name}{named(player.name, seat, ' ({})')}."
    if player.address != desk.inbound.sender:
        # The password is what identifies a player; mail follows them to a new address.
        desk.store.connection.execute(
            "UPDATE players SET address = ? WHERE game_id = ? AND seat = ?",
            (desk.inbound.sender, game.id, seat),
        )
        text += f" The judge will now write to you at {desk.inbound.sender}."
    return text
