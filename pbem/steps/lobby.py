"""The commands open to anyone, whatever the game: help, list the games, observe, unobserve,
a new password."""

from __future__ import annotations

from dataclasses import replace

from pbem import registry
from pbem.language.command_help import GUIDE_OFFER, help_text
from pbem.language.commands import Command
from pbem.steps.desk import Desk, Refusal
from pbem.steps.listing import game_line, status_text
from pbem.steps.passwords import hash_password, new_password


def show_help(command: Command, desk: Desk) -> str:
    """`help`, `help COMMAND`, or a game's own topic (`help battles`: its whole guide)."""
    topic = command.body.strip().lower()
    for kind in registry.kinds():
        # A topic without words by mail ("") leaves the command's own help (Spaceships' fleet).
        if topic in kind.about.help_topics and (text := kind.about.help_topics[topic]("mail")):
            return text + "\n\n" + GUIDE_OFFER
    return help_text(command.body)


def list_games(command: Command, desk: Desk) -> str:
    rows = desk.store.games(public_only=True, active_only=True)
    if not rows:
        return "No public games are running. Start one: create NAME"
    lines = ["Public games:"]
    players = desk.store.players_of([game.id for game in rows])
    for game in rows:
        lines.append("  " + game_line(game, players[game.id]))
    return "\n".join(lines)


def observe(command: Command, desk: Desk) -> str:
    game = desk.game(command.name)
    desk.reply.about(game)
    if game.private:
        raise Refusal(f"game {game.name} is private: it takes no observers")
    desk.refuse_other_front_end(game)
    if not desk.store.add_observer(game.id, desk.inbound.sender, desk.now):
        return f"You already observe {game.name}."
    every = registry.kind_of(game).about.observe_text
    return (
        f"You now observe {game.name}: {every}, and at the end the whole game.\n\n"
        + status_text(game, desk.store.players(game.id), desk.missing(game))
    )


def unobserve(command: Command, desk: Desk) -> str:
    game = desk.game(command.name)
    desk.reply.about(game)
    if desk.store.remove_observer(game.id, desk.inbound.sender):
        return f"You no longer observe {game.name}."
    return f"You were not observing {game.name}."


def new_password_for(command: Command, desk: Desk) -> str:
    """A lost password [1.4]: a new one for the seat (or the game master) that this address
    joined (or created) the game with, in the answer to that address; the old one stops working.
    From any other address nothing changes, and the answer names nobody."""
    game = desk.game(command.name)
    desk.reply.about(game)
    if game.accounts:
        raise Refusal(f"game {game.name} is played in Discord, where there are no passwords")
    sender = desk.inbound.sender
    seats = [s for s, p in desk.store.players(game.id).items() if p.address == sender]
    is_master = game.master_address == sender
    if not seats and not is_master:
        raise Refusal(
            f"nothing changed: a new password for {game.name} goes only to the address you "
            f"joined {game.name} with (or created it with, for its game master); send "
            "`newpassword` from that address"
        )
    if game.phase == "over":
        raise Refusal(f"game {game.name} is over: it needs no password any more")
    lines = []
    for seat in seats:
        password = new_password(desk.rng)
        desk.store.set_password(game.id, seat, hash_password(password, desk.rng))
        lines.append(f"Your new password for {game.name} (player {seat}): {password}")
    if is_master:
        password = new_password(desk.rng)
        game = replace(game, master_password=hash_password(password, desk.rng))
        desk.store.update_game(game)
        lines.append(f"Your new game master password for {game.name}: {password}")
    lines.append(
        "From now on the old one no longer works. Keep this one secret; if you did not ask "
        "for it, nothing else changed: use this one."
    )
    return "\n".join(lines)


COMMANDS = {
    "help": show_help,
    "list": list_games,
    "observe": observe,
    "unobserve": unobserve,
    "newpassword": new_password_for,
}
