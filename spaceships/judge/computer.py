"""Seats the computer plays in a judge game: seating it (its fleet goes in at once), its orders
for each turn as soon as the turn opens (so a turn is adjudicated the moment the human's orders
are in), and no mail to it. The computer reads its seat's `player_view` only (spaceships/computer/).

This is the seam for every front end: `seat_computer` at creation, `put_in_computer_fleets`
when the next game of a match opens, and `play_computer_seats` whenever a turn opens. Its seat
row and the mail it is spared are every game's (pbem.steps.computers)."""

from __future__ import annotations

import secrets
from datetime import datetime

from notation.spaceships.format import format_fleet
from notation.spaceships.orders import format_orders
from pbem.steps.computers import COMPUTER_ADDRESS as COMPUTER_ADDRESS  # read here by the front ends
from pbem.steps.computers import computer_name as computer_name
from pbem.steps.computers import insert_computer
from pbem.steps.computers import without_computer_mail as without_computer_mail
from pbem.storage.store import GameRow, PlayerRow, Store
from spaceships import engine
from spaceships.computer.player import Computer
from spaceships.engine import GameState, Ruleset


def seat_computer(
    store: Store,
    game: GameRow,
    seat: str,
    level: str,
    now: datetime,
    seed: str | None = None,
) -> PlayerRow:
    """The computer takes `seat` of a game that is being set up, with its fleet placed."""
    seed = seed if seed is not None else secrets.token_hex(8)
    computer = Computer(level, seed)
    ruleset = Ruleset.from_tags(game.ruleset, game.options)
    fleet = format_fleet(computer.fleet(ruleset, seat))
    return insert_computer(store, game, seat, level, seed, fleet, now)


def put_in_computer_fleets(
    store: Store, game: GameRow, carried: dict[str, int], number: int
) -> list[str]:
    """Game `number` of a match opens: each computer seat puts in its fleet, in a continued
    match with additional ships costing what it `carried` [10.3]. The seats it filled."""
    ruleset = Ruleset.from_tags(game.ruleset, game.options)
    computers = computers_of(store, game)
    for seat, computer in computers.items():
        fleet = computer.fleet(ruleset, seat, carried[seat], number)
        store.set_fleet(game.id, seat, format_fleet(fleet))
    return list(computers)


def computers_of(store: Store, game: GameRow) -> dict[str, Computer]:
    return {seat: Computer(level, seed) for seat, (level, seed) in store.computers(game.id).items()}


def play_computer_seats(store: Store, game: GameRow, now: datetime) -> None:
    """Puts in the orders of every computer seat for the game's current turn, decided from
    that seat's view only. Call whenever a turn opens."""
    if game.phase != "playing" or game.state is None:
        return
    computers = computers_of(store, game)
    if not computers:
        return
    state = GameState.from_json(game.state)
    if state.over:
        return
    submitted = store.orders(game.id, game.turn)
    for seat, computer in computers.items():
        if seat not in submitted:
            orders = computer.orders(engine.player_view(state, seat))
            store.put_orders(game.id, game.turn, seat, format_orders(orders), now)
