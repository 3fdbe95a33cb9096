"""A battle's phases through the judge: one submission per player per phase (movement, then
fire), checked when sent, resolved when both are in (or at the deadline) in the rules'
alternating order with damage at once (reading R14)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from battles.engine.combat import check_volley, firing, why_none_bears
from battles.engine.movement import check_move
from battles.engine.play import play_record
from battles.engine.problems import Problem
from battles.engine.state import BattleState
from battles.engine.tractors import check_tractor
from battles.engine.victory import destroyed_cost
from battles.judge.computer import play_battle_computer
from battles.judge.end import end
from battles.judge.rows import (
    ErrorList,
    battle_turn,
    block_items,
    error_text,
    record_of,
    replay_of,
    subject,
    to_everyone,
    turn_limit_of,
)
from battles.judge.views import next_text, situation_text
from notation.battles.grammar import RECORD_HINT
from notation.battles.parse import parse_record
from notation.battles.records import BattleRecord, Initiative, Move, Tractor, Volley, format_record
from notation.errors import NotationError
from notation.words import seated
from pbem.language.commands import Command
from pbem.messages import Outbound
from pbem.steps import both_in, gamerows, sending, ticks
from pbem.steps.deadlines import reminder_moment
from pbem.steps.desk import Desk, Refusal
from pbem.storage.store import GameRow, Store


def _parse_items(
    command: Command, turn: int, seat: str, phase: str
) -> tuple[list[Move | Volley | Tractor], list[str]]:
    events: list[Move | Volley | Tractor] = []
    errors: list[str] = []
    source_lines = command.source.splitlines()
    for text, line, column in block_items(command):
        body, col = text, column
        head = body.split()[0].lower().rstrip(":")
        if head in ("move", "moves", "fire") and len(body.split()) > 1:
            skip = len(body) - len(body[len(body.split()[0]) :].lstrip())
            body, col = body[skip:], col + skip
        if body.lower() == "none":
            continue  # nothing this phase: every ship stays, or holds its fire
        if phase == "movement":
            prefix = f"{turn} {seat} move "
        elif body.lower().startswith("tractor "):
            prefix, body, col = f"{turn} {seat} tractor ", body[8:].lstrip(), col + 8
        else:
            prefix = f"{turn} {seat} volley "
        try:
            parsed = parse_record(prefix + body + "\n")
        except NotationError as exc:
            index = line - command.line
            source = source_lines[index] if 0 <= index < len(source_lines) else text
            shifted = [
                NotationError(
                    e.message,
                    e.text,
                    1,
                    max(1, e.column - len(prefix)),
                    e.expected,
                    PHASE_HINTS[phase] if e.hint == RECORD_HINT else e.hint,
                    e.word,
                    e.length,
                )
                for e in exc.errors
            ]
            errors.append(error_text(ErrorList(shifted), line, col, source))
            continue
        events += list(parsed.events)
    return events, errors


# A syntax error in an order gets the hint of what that phase takes, not the record file's.
PHASE_HINTS = {
    "movement": "a move is a ship's name and its steps: F one hex ahead, L or R one hexside "
    "(`Lancer FFRF`), or `stay`; `;` between ships [III.A, III.B]",
    "fire": "a volley is `SHIP > TARGET`, weapons named if you like (`Lancer > Raider (Gf)`), "
    "`A+B > TARGET` for a fire group; a tractor beam `tractor SHIP > TARGET` [IV.A, IV.D]",
}


def check_orders(
    state: BattleState, seat: str, events: list[Move | Volley | Tractor]
) -> list[Problem]:
    """What a player may submit in this phase: each own ship moved once and legally, or
    volleys and tractor beams each legal now [III, IV]."""
    problems: list[Problem] = []
    moved: set[str] = set()
    fired: set[str] = set()
    tractored: set[str] = set()
    for event in events:
        if isinstance(event, Move):
            if event.ship in moved:
                problems.append(
                    Problem(
                        "III.A.1",
                        f"{event.ship} is moved twice",
                        event.ship,
                        "one line per ship",
                        state.turn,
                        seat,
                    )
                )
            moved.add(event.ship)
            problems += check_move(state, seat, event.ship, event.how)
        elif isinstance(event, Volley):
            found = check_volley(state, seat, event, fired)
            if not found and not firing(state, event):
                found = [
                    Problem(
                        "IV.A.5",
                        why_none_bears(state, event),
                        event.order_text(),
                        "`status` shows where the ships are",
                        state.turn,
                        seat,
                    )
                ]
            problems += found
            fired.update(event.shooters)
        else:
            problems += check_tractor(state, seat, event.ship, event.target, tractored)
            tractored.add(event.ship)
    return problems


def submit_orders(command: Command, desk: Desk) -> str:
    game, seat = desk.player_session("orders")
    desk.reply.about(game)
    if game.phase != "playing":
        raise Refusal(
            {
                "joining": f"game {game.name} has not started: it needs two players",
                "setup": f"game {game.name} has not started: both designs must be in",
                "over": f"game {game.name} is over",
            }[game.phase]
        )
    turn, phase = battle_turn(game)
    if command.turn != turn:
        said = "" if command.turn is None else f"these orders are for turn {command.turn}, but "
        raise Refusal(
            f"{said}turn {turn} ({phase}) is the current turn of {game.name}; "
            f"nothing changed ({sending.orders_how(game, turn, phase)})"
        )
    words = command.body.split()
    if (
        words
        and words[0].lower().rstrip(":") in ("move", "moves", "fire")
        and ((words[0].lower().startswith("fire")) != (phase == "fire"))
    ):
        raise Refusal(f"turn {turn} is in its {phase} phase; nothing changed")
    events, errors = _parse_items(command, turn, seat, phase)
    if errors:
        shape = "moves like `SHIP FFRF`" if phase == "movement" else "volleys like `SHIP > TARGET`"
        return (
            f"Your orders could not be read (turn {turn} is in its {phase} phase: {shape}); "
            "nothing changed.\n" + "\n".join(errors)
        )
    replay = replay_of(game)
    problems = check_orders(replay.state, seat, events)
    if problems:
        listed = "\n".join(f"  - {p}" for p in problems)
        return (
            f"Your orders for turn {turn} ({phase}) break the rules and are refused whole; "
            f"nothing changed:\n{listed}"
        )
    before = desk.store.orders(game.id, game.turn)
    canonical = "\n".join(str(e) for e in events)
    desk.reply.moves += seat not in before or before[seat].text != canonical
    desk.store.put_orders(game.id, game.turn, seat, canonical, desk.now)
    shown = "\n".join(f"  {e}" for e in events) or "  (nothing)"
    lines = [
        ("Your orders are replaced" if seat in before else "Your orders are accepted")
        + f" for turn {turn} ({phase}) of {game.name}, as understood:",
        shown,
    ]
    lines.append(both_in.orders_in(desk, game, seat, before, turn, f"{phase} ", subject))
    return "\n".join(lines)


def resolve(
    store: Store,
    game: GameRow,
    now: datetime,
    default_missing: bool = False,
    by_master: bool = False,
) -> tuple[GameRow, list[Outbound]]:
    """Both submissions of the phase are in (or the deadline passed): resolve them in the
    rules' alternating order, damage at once, and tell everyone."""
    assert game.state is not None
    turn, phase = battle_turn(game)
    submitted = store.orders(game.id, game.turn)
    texts = []
    for seat in gamerows.SEATS:
        if seat in submitted:
            texts.append(submitted[seat].text)
        else:
            assert default_missing, "resolved without both submissions"
            store.put_orders(game.id, game.turn, seat, "", now, defaulted=True)
    record = record_of(game)
    seed = game.state["seed"]
    new = parse_record("\n".join(t for t in texts if t) + "\n").events if any(texts) else ()
    events = record.events + new
    played = play_record(BattleRecord(record.tags, record.ships, events), seed, open_turn=True)
    before = len(record.events)
    phase_number = game.turn
    limit = turn_limit_of(game)
    at_limit = False
    if phase == "fire" and not played.state.over:
        if limit is not None and turn >= limit:
            # The last turn is played: the turn limit decides (reading R12).
            played = play_record(BattleRecord(record.tags, record.ships, events), seed)
            at_limit = True
        else:
            events = (*played.events, Initiative(turn + 1, ()))
            played = play_record(
                BattleRecord(record.tags, record.ships, events), seed, open_turn=True
            )
    assert not played.problems, played.problems
    record = played.record(record)
    game = replace(game, turn=game.turn + 1, state={"seed": seed, "record": format_record(record)})
    lines = [str(e) for e in record.events[before:]]
    head = f"Turn {turn}, {phase}, resolved:\n" + "\n".join(f"  {x}" for x in lines)
    defaulted = [s for s in gamerows.SEATS if s not in submitted]
    if defaulted:
        when = "when the game master resolved the phase" if by_master else "by the deadline"
        head = (
            f"No orders from {' and '.join(defaulted)} {when}: nothing moves or "
            f"fires for them.\n\n{head}"
        )
    if played.state.over:
        winner = played.state.winner
        if at_limit:
            reason = f"turn {turn} was the last (turns={limit}): {limit_text(played.state)} [R12]"
        else:
            reason = f"{end_text(played.state)} [R12]"
        outcome = {"winner": winner, "reason": reason, "turn": turn, "score": None}
        return end(store, game, now, outcome, head)
    game = gamerows.open_phase(game, now)
    store.update_game(game)
    play_battle_computer(store, game, now)  # the computer's orders are in at once
    body = "\n\n".join([head, situation_text(game, played), next_text(game, played)])
    return game, to_everyone(
        store, game, f"turn {turn} {phase}", body, kind="turn", turn=phase_number
    )


def end_text(state: BattleState) -> str:
    """Why the battle ended by the rules (reading R12)."""
    if state.winner is not None:
        return f"player {'B' if state.winner == 'A' else 'A'} has no ship left"
    if not state.standing("A") and not state.standing("B"):
        return "neither side has a ship left: a draw"
    return "no ship left on either side has a weapon that does damage: a draw"


def limit_text(state: BattleState) -> str:
    """What decided the battle at the turn limit: the cost each side destroyed (reading R12;
    the message says who won, or a draw)."""
    by_a, by_b = destroyed_cost(state, "B"), destroyed_cost(state, "A")
    if not by_a and not by_b:
        return "neither side destroyed a ship: a draw"
    said = f"A destroyed ships costing {by_a}, B ships costing {by_b}"
    return f"{said}: equal, a draw" if state.winner is None else said


def process(command: Command, desk: Desk) -> str:
    game = desk.master_session("process")
    desk.reply.about(game)
    if game.phase != "playing":
        raise Refusal(f"game {game.name} has no phase in play")
    missing = desk.missing(game)
    game, messages = resolve(desk.store, game, desk.now, default_missing=True, by_master=True)
    desk.session.game = game
    desk.reply.messages += messages
    note = f" (nothing for {' and '.join(missing)})" if missing else ""
    return f"The phase is resolved{note}."


def tick_game(store: Store, game: GameRow, now: datetime) -> tuple[GameRow, list[Outbound]]:
    """A phase's deadline: a reminder before it; after it (and its grace), the phase is
    resolved with nothing from the missing player, or the judge waits (`missing wait`)."""
    if game.deadline is None or game.phase not in ("setup", "playing"):
        return game, []
    messages: list[Outbound] = []
    players = store.players(game.id)
    missing = ticks.missing_seats(store, game)
    due = game.deadline + timedelta(hours=game.grace_hours)
    remind_at = reminder_moment(game.opened_at, game.deadline, timedelta(hours=game.reminder_hours))
    what = (
        "design" if game.phase == "setup" else "orders for turn {} ({})".format(*battle_turn(game))
    )
    if not game.reminded and remind_at is not None and remind_at <= now < game.deadline:
        for seat in missing:
            body = (
                f"Reminder: the judge has no {what} from you in {game.name}.\n"
                f"{gamerows.deadline_line(game)}"
            )
            messages.append(
                Outbound(
                    (players[seat].address,),
                    subject(game, "reminder"),
                    body,
                    game.name,
                    kind="reminder",
                    turn=game.turn,
                )
            )
        game = replace(game, reminded=True)
        store.update_game(game)
    if now < due:
        return game, messages
    if game.phase == "playing" and game.missing_policy == "noactions":
        late = " and ".join(seated(players[s].name, s) for s in missing if s in players)
        played = "{} ({})".format(*battle_turn(game))
        game, more = resolve(store, game, now, default_missing=True)
        more += gamerows.master_notice(
            store,
            game,
            f"turn {played} resolved without orders",
            f"The deadline of {game.name} passed without the orders of {late or 'a player'} "
            f"for turn {played}: their ships did nothing, and the phase was resolved.\n"
            f"{gamerows.deadline_line(game)}",
        )
        return game, messages + more
    if not game.late_notified:
        waiting = " and ".join(seated(players[s].name, s) for s in missing if s in players)
        body = (
            f"The deadline of {game.name} has passed; the judge is still waiting for the "
            f"{what} of {waiting or 'a player'} and will go on when they arrive."
        )
        game, late = gamerows.late_notice(
            store, game, players, subject(game, "deadline passed"), body
        )
        messages += late
    return game, messages
