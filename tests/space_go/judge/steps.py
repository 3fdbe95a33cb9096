"""What the judge asks of a game of Space Go: create, join (the core seats the player), orders
each turn (both at once: the core resolves when both are in), its views and its end."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from pbem.club import ladder
from pbem.kinds.kindparts import Steps
from pbem.language.commands import Command
from pbem.messages import Outbound
from pbem.steps import both_in, gamerows, seating
from pbem.steps.deadlines import DeadlineRule
from pbem.steps.desk import Desk, Refusal
from pbem.steps.passwords import hash_password, new_password
from pbem.steps.ticks import missing_seats
from pbem.storage.store import GameRow, PlayerRow, Store
from space_go.judge.rows import TITLE, board_of, board_text, with_board
from space_go.rules import TURNS, Board, play, read_point, winner


def create(command: Command, desk: Desk) -> str:
    assert command.name is not None
    if desk.store.game(command.name) is not None:
        raise Refusal(f"a game named {command.name} exists already; choose another name")
    if "vs" in dict(command.settings):
        raise Refusal(f"{TITLE} has no computer player yet: create it and have a friend join")
    accounts = desk.inbound.authenticated
    password = "" if accounts else new_password(desk.rng)
    game = GameRow.opening(
        name=command.name,
        ruleset="go",
        options=(),
        private=dict(command.settings).get("private") == "yes",
        master_address=desk.inbound.sender,
        master_password=hash_password(password, desk.rng) if password else "",
        deadline_rule=DeadlineRule("none").stored,
        reminder_hours=24.0,
        grace_hours=0.0,
        missing_policy="noactions",
        created_at=desk.now,
        accounts=accounts,
        master_news=True,
    )
    game = desk.store.insert_game(with_board(game, Board.empty()))
    desk.reply.about(game)
    lines = [f"{TITLE} game {game.name} created: {TURNS} turns on a 5x5 board."]
    if password:
        lines.append(f"You are its game master. Your master password: {password}")
    return "\n".join([*lines, f"Players join with:  join {game.name}"])


def join(command: Command, desk: Desk) -> str:
    taken = seating.take_seat(command, desk)
    lines = taken.welcome(f"player {taken.seat} ({taken.name})", "order")
    if not taken.before:
        return "\n".join([*lines, "", "The game begins when a second player has joined."])
    game = gamerows.open_phase(replace(taken.game, phase="playing", turn=1), desk.now)
    desk.store.update_game(game)
    desk.reply.messages += gamerows.to_everyone(
        desk.store,
        game,
        "the game begins",
        f"Turn 1 of {game.name}: name a point, e.g. c3.",
        kind="begin",
        turn=1,
    )
    return "\n".join([*lines, "", "Both players are in: the game begins."])


def no_setup(command: Command, desk: Desk) -> str:
    raise Refusal(f"a game of {TITLE} has no set-up: send `orders TURN: POINT`")


def submit(command: Command, desk: Desk) -> str:
    game, seat = desk.player_session("orders")
    desk.reply.about(game)
    if game.phase != "playing":
        raise Refusal(f"game {game.name} is not in play")
    if command.turn != game.turn:
        raise Refusal(f"turn {game.turn} is open in {game.name} (send `orders {game.turn}: c3`)")
    try:
        point = read_point(command.body)
    except ValueError as exc:
        return f"Your point could not be read; nothing changed: {exc}"
    if not board_of(game).free(point):
        return f"{point} is taken already; nothing changed"
    before = desk.store.orders(game.id, game.turn)
    desk.store.put_orders(game.id, game.turn, seat, point, desk.now)
    lines = [f"Your point for turn {game.turn} of {game.name}: {point}."]
    return "\n".join([*lines, both_in.orders_in(desk, game, seat, before, game.turn)])


def resolve(
    store: Store, game: GameRow, now: datetime, default_missing: bool = False, **_: Any
) -> tuple[GameRow, list[Outbound]]:
    orders = store.orders(game.id, game.turn)
    board, said = play(board_of(game), {seat: orders[seat].text for seat in ("A", "B")})
    game = with_board(game, board)
    body = f"Turn {game.turn} of {game.name}: {said}.\n{board_text(board)}"
    if board.played >= TURNS:
        return end(store, game, now, {"winner": winner(board), "reason": "the last turn is played"})
    game = gamerows.open_phase(replace(game, turn=game.turn + 1), now)
    store.update_game(game)
    return game, gamerows.to_everyone(
        store, game, f"turn {game.turn - 1}", body, kind="turn", turn=game.turn - 1
    )


def end(
    store: Store, game: GameRow, now: datetime, outcome: dict[str, Any]
) -> tuple[GameRow, list[Outbound]]:
    game = replace(game, phase="over", outcome=outcome, ended_at=now, deadline=None)
    store.update_game(game)
    who = outcome.get("winner")
    body = f"The game {game.name} is over: {f'{who} wins' if who else 'no winner'}; "
    body += f"{outcome['reason']}.\n{board_text(board_of(game))}"
    players, score = store.players(game.id), ladder.score_of(outcome)
    told = ladder.rate_game(store, game, players, score, now, played=game.turn > 1)
    body += f"\n\n{told}" if told else ""
    return game, gamerows.to_everyone(store, game, "game over", body, kind="over", turn=game.turn)


def resign_outcome(game: GameRow, seat: str, players: dict[str, PlayerRow]) -> dict[str, Any]:
    other = gamerows.other(seat)
    return {"winner": other if other in players else None, "reason": f"{seat} resigned"}


def status(command: Command, desk: Desk) -> str:
    game = desk.game(command.name) if command.name else desk.player_session("status")[0]
    desk.reply.about(game)
    return f"{TITLE} {game.name}: {game.phase}, turn {game.turn}.\n{board_text(board_of(game))}"


def process(command: Command, desk: Desk) -> str:
    game = desk.master_session("process")
    game, messages = resolve(desk.store, game, desk.now, default_missing=True)
    desk.reply.messages += messages
    return "The turn is resolved."


STEPS = Steps(
    create=create,
    join=join,
    setup_word="",
    setup=no_setup,
    submit=submit,
    missing=missing_seats,
    resolve=resolve,
    status=status,
    history=status,
    end=end,
    resign_outcome=resign_outcome,
    resigned_said="The board goes to everyone.",
    cancelled_said="the board goes to its players.",
    process=process,
    tick=lambda store, game, now: (game, []),
)
