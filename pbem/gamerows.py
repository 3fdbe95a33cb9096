"""A game row's plain facts: its seats, ruleset, state, player names, mail subjects and deadline.

Small helpers every part of the judge reads a stored game with; they change nothing.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from pbem.deadlines import DeadlineRule, format_moment
from pbem.store import GameRow, PlayerRow
from spaceships.engine import GameState, Ruleset
from spaceships.notation.fleets import Fleet
from spaceships.notation.parse import parse_fleet

SEATS = ("A", "B")


def other(seat: str) -> str:
    return "B" if seat == "A" else "A"


def ruleset_of(game: GameRow) -> Ruleset:
    return Ruleset.from_tags(game.ruleset, game.options)


def state_of(game: GameRow) -> GameState:
    assert game.state is not None, "a game in play has a state"
    return GameState.from_json(game.state)


def names_of(players: dict[str, PlayerRow]) -> dict[str, str]:
    return {seat: (players[seat].name if seat in players else f"player {seat}") for seat in SEATS}


def player_name(written: str, display: str, address: str, seat: str) -> str:
    """The name a player joins under: the one written after `join NAME as`, else the display
    name of their address (`Bob Smith <bob@...>`), else its local part (`bob`); one line, at
    most 40 characters. Only an address without either falls back to the seat's name."""
    local = address.partition("@")[0] if "@" in address else ""
    return " ".join((written or display or local or f"Player {seat}").split())[:40]


def name_said() -> str:
    """Tells a player named by their address (player_name) where the name came from."""
    return "The name comes from your address; `join GAME as NAME` chooses another."


def stored_fleet(game: GameRow, player: PlayerRow) -> Fleet:
    assert player.fleet is not None
    return parse_fleet(player.fleet, ruleset_of(game).colour_order)


def subject(game: GameRow, what: str) -> str:
    return f"Spaceships {game.name}: {what}"


def open_phase(game: GameRow, now: datetime) -> GameRow:
    """The fleets or a turn open now: the rule gives their deadline; reminders start afresh."""
    deadline = DeadlineRule.parse(game.deadline_rule).deadline_for(now)
    return replace(game, opened_at=now, deadline=deadline, reminded=False, late_notified=False)


def deadline_line(game: GameRow) -> str:
    """The phase's deadline, or without one what the phase waits for, in that phase's words:
    fleets (designs in a battle) before the game, orders in it."""
    if game.deadline is None:
        battle = game.ruleset == "battles"
        if game.phase in ("joining", "setup"):
            what = "designs" if battle else "fleets"
            return f"No deadline: the judge waits for both {what}, however long they take."
        if battle:
            return "No deadline: the phase is resolved when both players have sent orders."
        return "No deadline: the turn is adjudicated when both players have sent orders."
    line = f"Deadline: {format_moment(game.deadline)}"
    if game.grace_hours:
        line += f" (grace {game.grace_hours:g}h)"
    return line + "."


def over_for_joining(name: str) -> str:
    """The refusal of `join` for a game that is over: nothing to join or observe any more, but
    its whole record is there to read."""
    return (
        f"game {name} is over: nobody can join it now; `history {name}` sends its whole "
        "record (the mail that ended it had the record attached, with its replay when "
        "turns were played)"
    )
