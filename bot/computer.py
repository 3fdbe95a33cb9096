"""The seam for a computer opponent: `/spaceships play` starts a game against it.

A computer player is anything with the `ComputerPlayer` shape: a name, a fleet for a ruleset,
and the orders of a turn from its own view only (engine.player_view: what a human in its
seat would know, nothing more). Pass one to `create_bot(store, computer=...)` and the bot
offers `/spaceships play`; without one the command does not exist.

The computer is a player like another in the judge: its address is `computer:<name>`, the
bot vouches for it as it does for Discord members, and the messages the judge writes to it
arrive through the outbox like any other. When one says a turn is open (the game begins, a
turn's results), the bot asks the computer for its orders and submits them; so a computer
game is played, stored, timed and revealed exactly as a game between two members.
"""

from __future__ import annotations

from typing import Protocol

from engine import PlayerView, Ruleset

ADDRESS = "computer:"


class ComputerPlayer(Protocol):
    """What the bot needs of a computer opponent (issue 10 provides a strong one)."""

    name: str  # shown as the opponent's name, e.g. "Spaceships computer"

    def fleet(self, ruleset: Ruleset) -> str:
        """A legal fleet for the ruleset, written as a player writes it."""
        ...

    def orders(self, view: PlayerView) -> str:
        """Its orders for turn `view.turn`, written as a player writes them ("" for none)."""
        ...


def computer_address(computer: ComputerPlayer) -> str:
    return ADDRESS + "".join(ch for ch in computer.name.lower() if ch.isalnum())


def is_computer(address: str) -> bool:
    return address.startswith(ADDRESS)
