"""A game of Space Chess's turns through the judge: the side to act sends `orders TURN:
ACTIONS` (one action on turn 1, then up to two; `pass`), checked by the pure rules and refused
with the rule, the place and a hint; the turn is played at once, the battle stage follows, and
everyone is told what happened and whose turn it is [SC2, SC7, SC8]. Deadlines pass a missed
turn (or wait, `missing wait`); the game master's `process` passes it now."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

from notation.errors import NotationError, underlined
from notation.spacechess.actions import PASS, Action
from notation.spacechess.record import parse_action, spaced_action
from pbem.language.commands import Command
from pbem.messages import Outbound
from pbem.steps.deadlines import reminder_moment
from pbem.steps.desk import Desk, Refusal
from pbem.steps.gamerows import late_notice, open_phase, other
from pbem.storage.store import GameRow, Store
from spacechess.computer.match import written
from spacechess.engine.refusals import friendly_fire, later_in_turn, why_illegal
from spacechess.engine.rules import act
from spacechess.judge.computer import computer_turn
from spacechess.judge.end import end
from spacechess.judge.rows import (
    SIDE_SEAT,
    master_notice,
    play_turn,
    played_of,
    player_seated,
    resolve_mine,
    side_name,
    subject,
    to_everyone,
    with_state,
)
from spacechess.judge.show import events_text
from spacechess.judge.views import board_text, next_text, orders_how

__all__ = ["open_turn", "play", "process", "submit", "tick_game"]

_WORD = re.compile(r"[^\s,]+")


def open_turn(store: Store, game: GameRow, now: datetime) -> None:
    """A turn opens: the side not to act has nothing to send, so the judge's `missing` (and
    `status`) name only the side to act."""
    position = played_of(game).position
    resting = SIDE_SEAT[1 - position.to_move]
    store.put_orders(game.id, game.turn, resting, "", now)


def _read(command: Command) -> tuple[list[tuple[Action, str, int, int, str]], list[str]]:
    """The actions of an `orders` body, each with its text, line, column and source line."""
    found, errors = [], []
    sources = command.source.splitlines()
    for index, line in enumerate(command.body.split("\n")):
        offset = command.body_column - 1 if index == 0 else 0
        number = command.body_line + index
        source = sources[index] if index < len(sources) else line
        spaced = spaced_action(line.split("#", 1)[0])
        if spaced is not None:
            # `Ab1 - Ab3` is one action written apart: said so, not as three slips.
            written, joined, at = spaced
            errors.append(
                _at(
                    f"`{written}` has spaces in it: an action is one word",
                    f"write `{joined}`",
                    number,
                    offset + at,
                    len(written),
                    source,
                )
            )
            continue
        for match in _WORD.finditer(line.split("#", 1)[0]):
            word, column = match.group(), offset + match.start() + 1
            try:
                found.append((parse_action(word), word, number, column, source))
            except NotationError as exc:
                # The caret under the bad part of the action (`Hd9` of `Hd4-Hd9`).
                at = column + exc.column - 1
                errors.append(_at(exc.message, exc.hint, number, at, exc.length, source))
    return found, errors


def _at(message: str, hint: str | None, line: int, column: int, length: int, source: str) -> str:
    """A slip under the line as written, its caret placed; a long line shown around the
    column only (notation.errors.underlined, as the other games do)."""
    text = f"  line {line}, column {column}: {message}\n{underlined(source, column, length)}"
    return text + (f"\n    hint: {hint}" if hint else "")


def submit(command: Command, desk: Desk) -> str:
    """`orders TURN: ACTIONS` (or `orders: ACTIONS`, for the turn to play) from the side to
    act."""
    game, seat = desk.player_session("orders")
    desk.reply.about(game)
    if game.phase != "playing":
        raise Refusal(
            f"game {game.name} has not begun: it needs two players"
            if game.phase == "joining"
            else f"game {game.name} is over"
        )
    played = played_of(game)
    position = played.position
    to_act = SIDE_SEAT[position.to_move]
    if seat != to_act:
        raise Refusal(
            f"turn {position.turn} is the {side_name(to_act)}' and you play the "
            f"{side_name(seat)}: wait for their turn [SC2]; nothing changed"
        )
    # Space Chess has one open turn: orders without a number are for it (`orders: Ab1-Ab3`).
    if command.turn is not None and command.turn != position.turn:
        said = "" if command.turn is None else f"these orders are for turn {command.turn}, but "
        raise Refusal(
            f"{said}turn {position.turn} is the turn to play in {game.name}; nothing changed "
            f"({orders_how(game)})"
        )
    actions, errors = _read(command)
    if errors:
        return "Your turn could not be read; nothing was played.\n" + "\n".join(errors)
    if not actions:
        return (
            f"Your orders for turn {position.turn} have no action; nothing was played (hint: "
            "`pass` ends a turn without acting)"
        )
    if len(actions) > position.actions_left:
        _, word, line, column, source = actions[position.actions_left]
        said = "the first turn has one action" if position.turn == 1 else "a turn has two actions"
        return "Your turn breaks the rules; nothing was played.\n" + _at(
            f"{said} [SC2], yours has {len(actions)}",
            "leave the extra action for your next turn",
            line,
            column,
            len(word),
            source,
        )
    # Each action checked on the position the one before it leaves [SC2].
    trial, taken = position, 0
    warnings: list[str] = []
    for action, word, line, column, source in actions:
        if trial.result is not None:
            break  # the action before won the game: the rest is not played [SC11]
        if not trial.actions_left:
            return "Your turn breaks the rules; nothing was played.\n" + _at(
                f"`{word}` comes after your turn is over [SC10]",
                "a rebuild takes the whole turn: send it alone",
                line,
                column,
                len(word),
                source,
            )
        resolved = resolve_mine(trial, action)
        problem = why_illegal(trial, resolved)
        if problem is not None:
            hint = later_in_turn(problem.hint, [w for _, w, *_ in actions[:taken]])
            return "Your turn breaks the rules; nothing was played.\n" + _at(
                f"`{word}`: {problem.reason}", hint, line, column, len(word), source
            )
        costly = friendly_fire(trial, resolved)
        if costly is not None:
            warnings.append(costly)  # legal [SC6]: played, and said, since it looks like a slip
        trial = act(trial, resolved)[0]
        taken += 1
    dropped = [word for _, word, *_ in actions[taken:]]
    actions = actions[:taken]
    before = (game.state or {}).get("draw")
    lapsed = before == other(seat)
    game, messages = play(desk.store, game, tuple(a for a, *_ in actions), desk.now, lapsed=lapsed)
    desk.session.game = game
    desk.reply.messages += messages
    desk.reply.moves += 1
    said = " ".join(str(a) for a, *_ in actions)
    text = f"Your turn {position.turn} is played: {said} (see the next message)."
    if dropped:
        text += f" The game ended before {' '.join(dropped)}, which was not played [SC11]."
    if lapsed:
        text += " Your opponent's draw offer lapsed as you played on."
    for warning in warnings:
        text += f"\nMind: {warning}."
    return text


def play(
    store: Store,
    game: GameRow,
    actions: tuple[Action, ...],
    now: datetime,
    lapsed: bool = False,
    why: str = "",
) -> tuple[GameRow, list[Outbound]]:
    """Play the side to act's turn (already checked), the battle stage after it; tell
    everyone; open the next turn (the computer's is played at once) or end the game."""
    played = played_of(game)
    replayed = played.game
    seat = SIDE_SEAT[replayed.position.to_move]
    turn = play_turn(replayed, actions)
    state = game.state or {}
    turns = [*state.get("turns", []), " ".join(str(a) for a in written(actions))]
    offer = None if lapsed else state.get("draw")
    game = with_state(game, turns=turns, draw=offer)
    players = store.players(game.id)
    head = (
        f"{why}Turn {turn.turn}, {player_seated(players, seat)}: "
        f"{' '.join(str(a) for a in actions)}\nWhat happened (actions, then the battle stage):\n"
        + events_text(turn.events)
    )
    if lapsed:
        head += f"\n{player_seated(players, other(seat))}'s draw offer lapsed."
    position = replayed.position
    if position.result is not None:
        game = replace(game, turn=position.turn)
        reason = next((e.why for e in reversed(turn.events) if e.what in ("won", "drawn")), "")
        # A draw by the rules is a draw for everything that reads results (the club page,
        # the ladder), as one agreed is: the judge's shared `winner` "draw".
        winner = {"T": "A", "A": "B", "draw": "draw"}.get(position.result or "")
        outcome = {
            "winner": winner,
            "reason": reason or "the game ended by the rules [SC11]",
            "turn": turn.turn,
            "score": None,
        }
        return end(store, game, now, outcome, head)
    game = open_phase(replace(game, turn=position.turn), now)
    store.update_game(game)
    open_turn(store, game, now)
    body = "\n\n".join([head, board_text(game), next_text(game, players)])
    # In a thread (Discord) the players read the onlookers' copy: it keeps how to send.
    seen = "\n\n".join([head, board_text(game), next_text(game, players, game.accounts)])
    messages = to_everyone(
        store, game, f"turn {turn.turn}", body, kind="turn", turn=turn.turn, onlookers=seen
    )
    messages += master_notice(store, game, f"turn {turn.turn}", seen) if why else []
    game, more = play_computer(store, game, now)
    return game, messages + more


def play_computer(store: Store, game: GameRow, now: datetime) -> tuple[GameRow, list[Outbound]]:
    """The computer's turn, played the moment it opens, from the position alone."""
    if game.phase != "playing":
        return game, []
    computers = store.computers(game.id)
    played = played_of(game)
    seat = SIDE_SEAT[played.position.to_move]
    if seat not in computers:
        return game, []
    level, seed = computers[seat]
    actions = computer_turn(level, seed, played.position, dict(played.game.seen))
    lapsed = (game.state or {}).get("draw") == other(seat)
    return play(store, game, tuple(actions), now, lapsed=lapsed)


def resolve(
    store: Store,
    game: GameRow,
    now: datetime,
    default_missing: bool = False,
    by_master: bool = False,
) -> tuple[GameRow, list[Outbound]]:
    """The side to act missed its turn (the deadline, or the game master): it passes."""
    position = played_of(game).position
    seat = SIDE_SEAT[position.to_move]
    players = store.players(game.id)
    when = "when the game master processed the turn" if by_master else "by the deadline"
    why = f"No turn from {player_seated(players, seat)} {when}: it passes.\n\n"
    return play(store, game, (Action(PASS),), now, why=why)


def process(command: Command, desk: Desk) -> str:
    game = desk.master_session("process")
    desk.reply.about(game)
    if game.phase != "playing":
        raise Refusal(f"game {game.name} has no turn in play")
    side = side_name(SIDE_SEAT[played_of(game).position.to_move])
    game, messages = resolve(desk.store, game, desk.now, default_missing=True, by_master=True)
    desk.session.game = game
    desk.reply.messages += messages
    return f"The turn is processed: the {side} pass."


def tick_game(store: Store, game: GameRow, now: datetime) -> tuple[GameRow, list[Outbound]]:
    """A turn's deadline: a reminder to the side to act before it; after it (and its grace)
    that side passes, or the judge waits (`missing wait`)."""
    if game.deadline is None or game.phase != "playing":
        return game, []
    messages: list[Outbound] = []
    players = store.players(game.id)
    position = played_of(game).position
    seat = SIDE_SEAT[position.to_move]
    due = game.deadline + timedelta(hours=game.grace_hours)
    remind_at = reminder_moment(game.opened_at, game.deadline, timedelta(hours=game.reminder_hours))
    if not game.reminded and remind_at is not None and remind_at <= now < game.deadline:
        messages.append(
            Outbound(
                (players[seat].address,),
                subject(game, "reminder"),
                f"Reminder: turn {position.turn} of {game.name} is yours (the "
                f"{side_name(seat)}) and the judge has not had it.\n{next_text(game, players)}",
                game.name,
                kind="reminder",
                turn=game.turn,
            )
        )
        game = replace(game, reminded=True)
        store.update_game(game)
    if now < due:
        return game, messages
    if game.missing_policy == "noactions":
        game, more = resolve(store, game, now, default_missing=True)
        return game, messages + more
    if not game.late_notified:
        body = (
            f"The deadline of {game.name} has passed; the judge is still waiting for turn "
            f"{position.turn} of {player_seated(players, seat)} and will go on when it arrives."
        )
        game, late = late_notice(store, game, players, subject(game, "deadline passed"), body)
        messages += late
    return game, messages
