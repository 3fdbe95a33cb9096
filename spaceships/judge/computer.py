"""Seats the computer plays in a judge game: seating it (its fleet goes in at once), its orders
for each turn as soon as the turn opens (so a turn is adjudicated the moment the human's orders
are in), and no mail to it. The computer reads its seat's `player_view` only (spaceships/computer/).

This is the seam for every front end: `seat_computer` at creation, `put_in_computer_fleets`
when the next game of a match opens, and the judge core calls `play_computer_seats` whenever a
turn opens; `without_computer_mail` drops what would be sent to
the computer."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import datetime

from pbem.messages import Outbound
from pbem.passwords import hash_password, new_password
from pbem.store import GameRow, PlayerRow, Store
from spaceships import engine
from spaceships.computer.player import Computer
from spaceships.engine import GameState, Ruleset
from spaceships.notation.format import format_fleet
from spaceships.notation.orders import format_orders

# RFC 2606 reserves `.invalid`: mail to it can never be delivered, should any slip through.
COMPUTER_ADDRESS = "computer@spaceships.invalid"


def computer_name(level: str) -> str:
    return f"the computer ({level})"


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


def insert_computer(
    store: Store, game: GameRow, seat: str, level: str, seed: str, setup: str, now: datetime
) -> PlayerRow:
    """The computer's seat row, its fleet or design (`setup`) in, and its level and seed kept
    (for either game)."""
    player = PlayerRow(
        game.id,
        seat,
        COMPUTER_ADDRESS,
        computer_name(level),
        # Nobody may sign on for the computer: a password nobody was ever told.
        hash_password(new_password(None, words=6)),
        setup,
        now,
    )
    store.insert_player(player)
    store.add_computer(game.id, seat, level, seed)
    return player


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


def without_computer_mail(messages: Iterable[Outbound]) -> list[Outbound]:
    """The messages minus any addressed to the computer alone (it reads views, not mail)."""
    kept = []
    for message in messages:
        to = tuple(a for a in message.to if a != COMPUTER_ADDRESS)
        if not to:
            continue
        if to != message.to:
            from dataclasses import replace

            message = replace(message, to=to)
        kept.append(message)
    return kept
