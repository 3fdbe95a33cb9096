"""Games with a computer seat, over the engine's public functions: the computer's checked
orders for a turn, and whole games between two computers (for the bench and the tests)."""

from __future__ import annotations

from spaceships.computer.player import Computer
from spaceships.engine import (
    CheckedOrders,
    GameState,
    Ruleset,
    adjudicate,
    check_orders,
    new_game,
    player_view,
)


def computer_orders(state: GameState, seat: str, computer: Computer) -> CheckedOrders:
    """The computer's orders for the state's turn, checked by the engine. It sees only its
    seat's view; its orders are legal by construction, so a refusal here is a bug and raises."""
    return check_orders(state, seat, computer.orders(player_view(state, seat)))


def computer_game(ruleset: Ruleset, a: Computer, b: Computer, max_turns: int = 200) -> GameState:
    """A whole game between two computers, played until it ends (or `max_turns`)."""
    state = new_game(ruleset, a.fleet(ruleset, "A"), b.fleet(ruleset, "B"))
    while not state.over and state.turn <= max_turns:
        state, _ = adjudicate(state, computer_orders(state, "A", a), computer_orders(state, "B", b))
    return state
