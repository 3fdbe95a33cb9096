"""Taking a seat in a game, whatever the game: the shared half of every game's `join`.

Who may join (not over, a seat free, not twice, from the game's own front end), which seat,
the name joined under, the password (none in a game of front-end accounts: the account is
the credential), and the reply's first lines. The game's `join` then says what to send next
and starts the game when both seats are taken (pbem.kinds.kindparts.Steps).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pbem.language.commands import Command
from pbem.steps.desk import Desk, Refusal
from pbem.steps.gamerows import full_for_joining, name_said, over_for_joining, player_name
from pbem.steps.passwords import hash_password, new_password
from pbem.storage.store import GameRow, PlayerRow


@dataclass(frozen=True)
class Seat:
    """A seat just taken: the game, who sat before, the seat, the name and the password."""

    game: GameRow
    before: dict[str, PlayerRow]  # the seats taken before this one
    seat: str
    name: str
    written: bool  # the name was written (`join NAME as ...`), not taken from the address
    password: str  # "" in a game of front-end accounts

    def welcome(self, joined_as: str, carries: str) -> list[str]:
        """The reply's first lines: the seat `joined_as` ("player A (Ann)"), where the name
        came from, and the password that every `carries` ("design and order") must carry."""
        game = self.game
        lines = [f"You joined {game.name} as {joined_as}."]
        if not self.written and not game.accounts:
            lines[0] += " " + name_said()
        if self.password:
            lines += [
                f"Your password for {game.name}: {self.password}",
                f"Keep it secret: every {carries} of yours must carry it. Lost it? "
                f"`newpassword {game.name}` from this address sends a new one.",
            ]
        return lines


def take_seat(
    command: Command, desk: Desk, seat_name: Callable[[str], str] = lambda seat: seat
) -> Seat:
    """`join NAME [as NAME]`: the first free seat for the sender, stored; a Refusal when the
    game is over, full, already joined by this address or of another front end. `seat_name`:
    a seat's name where no name was written and the address has none."""
    # A misspelt name is answered with a game one may join, not one that is over or full.
    game = desk.game(command.name, suggest=lambda g: g.phase == "joining")
    desk.reply.about(game)
    players = desk.store.players(game.id)
    if game.phase == "over":
        raise Refusal(over_for_joining(game.name))
    if game.phase != "joining":
        raise Refusal(full_for_joining(game))
    if any(p.address == desk.inbound.sender for p in players.values()):
        raise Refusal(f"you have already joined {game.name}")
    desk.refuse_other_front_end(game)
    seat = "A" if "A" not in players else "B"
    display = command.body[3:].strip() if command.body.lower().startswith("as ") else ""
    # A name is shown to the other player and in records: one line, not too long.
    name = player_name(display, desk.inbound.sender_name, desk.inbound.sender, seat_name(seat))
    password = "" if game.accounts else new_password(desk.rng)
    hashed = hash_password(password, desk.rng) if password else ""
    desk.store.insert_player(
        PlayerRow(game.id, seat, desk.inbound.sender, name, hashed, None, desk.now)
    )
    return Seat(game, players, seat, name, bool(display), password)
