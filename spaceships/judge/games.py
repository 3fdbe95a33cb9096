"""A game's life between commands: the start of play, turns, deadlines, the end and the reveal.

Every function here runs inside the judge's transaction and returns the messages the change
causes; nothing is sent until the transaction has committed. What a message says is rendered
from the engine's views only (spaceships.judge.views), never from the state itself, until the game
is over.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

import spaceships.judge.match_turns as match_turns
import spaceships.judge.matches as matches
import spaceships.judge.materiel as materiel
import spaceships.judge.views as render
from notation.spaceships.parse import parse_orders
from notation.words import seated
from pbem.club import ladder
from pbem.messages import Outbound
from pbem.steps.end_files import end_attachments
from pbem.steps.gamerows import (
    SEATS,
    deadline_line,
    master_notice,
    names_of,
    open_phase,
    other,
    subject,
)
from pbem.storage.store import GameRow, Store
from spaceships import engine
from spaceships.engine import GameState
from spaceships.judge.computer import play_computer_seats
from spaceships.judge.replay import replay_record
from spaceships.judge.rows import ruleset_of, state_of, stored_fleet

# The plain helpers live in pbem.steps.gamerows and spaceships.judge.rows; callers have long read
# them here too.
__all__ = [
    "SEATS",
    "adjudicate_turn",
    "both_orders_in",
    "deadline_line",
    "end_game",
    "master_notice",
    "names_of",
    "open_phase",
    "other",
    "ruleset_of",
    "start_play",
    "start_state",
    "state_of",
    "stored_fleet",
    "subject",
]


def start_state(store: Store, game: GameRow) -> GameState:
    """The state after setup [2.1] from the stored fleets, with what each player carried in a
    continued match [10.3]; raises FleetRefused."""
    a, b = (stored_fleet(game, p) for p in (store.players(game.id)[s] for s in SEATS))
    match = matches.match_of(store, game)
    carry = {seat: match.carried(seat) for seat in SEATS} if match else None
    return engine.new_game(ruleset_of(game), a, b, carry)


def start_play(store: Store, game: GameRow, now: datetime) -> tuple[GameRow, list[Outbound]]:
    """Both players are in and both fleets accepted: set up [2.1] and open turn 1."""
    players = store.players(game.id)
    match = matches.match_of(store, game)
    state = start_state(store, game)
    title = f"Game {game.name}" if match is None else f"Game {match.number} of match {game.name}"
    game = replace(game, phase="playing", turn=state.turn, state=state.to_json())
    game = open_phase(game, now)
    store.update_game(game)
    play_computer_seats(store, game, now)  # its orders are in before the human's arrive
    names = names_of(players)
    messages = []
    for seat in SEATS:
        view = engine.player_view(state, seat)
        body = "\n\n".join(
            [
                f"{title} begins: {_against(names)}.",
                render.player_view_text(view, seat, names, grids=not game.accounts),
                _next_turn_text(game, state, seat),
            ]
        )
        messages.append(
            Outbound(
                (players[seat].address,),
                subject(game, "the game begins"),
                body,
                game.name,
                kind="begin",
                turn=0,
            )
        )
    for address in store.observers(game.id):
        body = f"{title} begins: {_against(names)}.\n\n"
        body += deadline_line(game)
        messages.append(
            Outbound(
                (address,), subject(game, "the game begins"), body, game.name, kind="begin", turn=0
            )
        )
    messages += master_notice(
        store,
        game,
        "the game begins",
        f"Both fleets of {game.name} are in: the game begins, {_against(names)}.\n"
        f"{deadline_line(game)}",
    )
    return game, messages


def _against(names: dict[str, str]) -> str:
    return f"{render.player(names['A'], 'A')} against {render.player(names['B'], 'B')}"


def _next_turn_text(game: GameRow, state: GameState, seat: str) -> str:
    may = engine.entitlements(state, seat)
    limits = may.limits()
    lines = [
        f"Turn {state.turn}: you may use {materiel.may_use(may)}.",
        *([limits] if limits else []),
        deadline_line(game),
    ]
    if game.accounts:
        lines.append(f"Send your orders for turn {state.turn}.")
    else:
        lines += [f"Send:  game {game.name} PASSWORD", f"       orders {state.turn}: ..."]
    return "\n".join(lines)


def both_orders_in(store: Store, game: GameRow) -> bool:
    return len(store.orders(game.id, game.turn)) == 2


def adjudicate_turn(
    store: Store,
    game: GameRow,
    now: datetime,
    default_missing: bool = False,
    by_master: bool = False,
) -> tuple[GameRow, list[Outbound]]:
    """Adjudicate the current turn with the orders in (and no actions for a missing player
    when `default_missing`: the deadline passed, or the game master processed the turn when
    `by_master`), store the new state, and tell everyone what they may know."""
    state = state_of(game)
    submitted = store.orders(game.id, game.turn)
    checked: dict[str, Any] = {}
    for seat in SEATS:
        if seat in submitted:
            orders = parse_orders(submitted[seat].text) if submitted[seat].text.strip() else ()
        else:
            assert default_missing, "adjudicated without both orders"
            orders = ()
            store.put_orders(game.id, game.turn, seat, "", now, defaulted=True)
        checked[seat] = engine.check_orders(state, seat, orders)
    new_state, report = engine.adjudicate(state, checked["A"], checked["B"])
    store.add_turn(game.id, game.turn, report.to_json(), new_state.to_json(), now)
    played = game.turn
    game = replace(game, state=new_state.to_json(), turn=new_state.turn)
    players = store.players(game.id)
    names = names_of(players)
    defaulted = [s for s in SEATS if s not in submitted]
    if new_state.over:
        result = new_state.result
        outcome = {
            "winner": result.winner,
            "reason": ending(new_state, checked, names),
            "turn": result.turn,
            "score": result.score,
        }
        return end_game(
            store, game, now, outcome, played_turn=played, defaulted=defaulted, by_master=by_master
        )
    game = open_phase(game, now)
    store.update_game(game)
    play_computer_seats(store, game, now)
    messages = []
    in_match = matches.match_line(store, game, names)  # the standings: known to both
    for seat in SEATS:
        view = engine.player_view(new_state, seat)
        parts = [render.player_turn_text(view, seat, played, names, grids=not game.accounts)]
        if defaulted:
            parts.insert(0, _defaulted_text(defaulted, seat, played, by_master))
        if in_match:
            parts.append(in_match)
        parts.append(_next_turn_text(game, new_state, seat))
        messages.append(
            Outbound(
                (players[seat].address,),
                subject(game, f"turn {played} results"),
                "\n\n".join(parts),
                game.name,
                kind="turn",
                turn=played,
            )
        )
    messages += _observer_turn(store, game, new_state, played, names, defaulted, by_master)
    if defaulted and not by_master:
        messages += master_notice(
            store,
            game,
            f"turn {played} adjudicated without orders",
            f"The deadline of {game.name} passed without the orders of "
            f"{' and '.join(_name(names, s) for s in defaulted)} for turn {played}: no actions "
            f"for them, and the turn is adjudicated.\n{deadline_line(game)}",
        )
    return game, messages


def ending(state: GameState, checked: dict[str, Any], names: dict[str, str]) -> str:
    """Why the game ended: a fleet wholly destroyed [2.3.1], or a player left with only
    kamikazes and scans who recorded nothing else [2.3.2]."""
    rule = state.ruleset.rule
    gone = [s for s in SEATS if state.materiel(s) == 0]
    if gone:
        who = "both fleets are" if len(gone) == 2 else f"every ship of {_name(names, gone[0])} is"
        return f"{who} destroyed [{rule('2.3.1', '2.3.1')}]"
    limited = [s for s in SEATS if checked[s].limited and checked[s].only_scans]
    who = " and ".join(_name(names, s) for s in limited) or "a player"
    if state.ruleset.classic:
        return f"{who}, with only kamikazes left, recorded no action [{rule('2.3.2', '2.3.2')}]"
    return f"{who}, with only kamikazes and scans left, recorded only scans [2.3.2]"


def _name(names: dict[str, str], seat: str) -> str:
    return seated(names[seat], seat)


def _defaulted_text(defaulted: list[str], seat: str, turn: int, by_master: bool = False) -> str:
    who = ["you" if s == seat else "your opponent" for s in defaulted]
    why = "when the game master processed the turn" if by_master else "by the deadline"
    return f"No orders came from {' and '.join(who)} for turn {turn} {why}: no actions."


def _observer_turn(
    store: Store,
    game: GameRow,
    state: GameState,
    turn: int,
    names: dict[str, str],
    defaulted: list[str],
    by_master: bool = False,
) -> list[Outbound]:
    observers = store.observers(game.id)
    if not observers:
        return []
    view = engine.observer_view(state)
    body = render.observer_turn_text(view, turn, names)
    if defaulted:
        body = _observer_defaulted(defaulted, by_master) + ": no actions.\n\n" + body
    in_match = matches.match_line(store, game, names)
    if in_match:
        body += "\n\n" + in_match
    if not state.over:
        body += "\n\n" + deadline_line(game)
    return [
        Outbound(
            (address,),
            subject(game, f"turn {turn} results"),
            body,
            game.name,
            kind="turn",
            turn=turn,
        )
        for address in observers
    ]


def _observer_defaulted(defaulted: list[str], by_master: bool) -> str:
    why = "when the game master processed the turn" if by_master else "by the deadline"
    return f"No orders from {' and '.join(defaulted)} {why}"


def end_game(
    store: Store,
    game: GameRow,
    now: datetime,
    outcome: dict[str, Any],
    played_turn: int | None = None,
    defaulted: list[str] | None = None,
    by_master: bool = False,
) -> tuple[GameRow, list[Outbound]]:
    """The game is over (by the rules, a resignation or the game master): reveal everything
    to both players and the observers [1.4.1], with the whole record attached. In a match
    that goes on [9.3.1, 10.6.1] the next game opens; the last game attaches the whole match."""
    players = store.players(game.id)
    names = names_of(players)
    state = GameState.from_json(game.state) if game.state is not None else None
    record_text = render.full_record_text(game, players, state, outcome)
    match = matches.match_of(store, game)
    file_name, attached, said, what = f"{game.name}.ssr", record_text, "", "game over"
    if match is not None:
        outcome, said, goes_on = match_turns.match_outcome(
            store, match, outcome, state, names, record_text
        )
        what = f"game {match.number} over" if goes_on else "the match is over"
        if goes_on:
            file_name = f"{game.name}-game{match.number}.ssr"
        else:
            kept = matches.kept_records(store, game.id)
            attached = matches.match_record_text(game, match.rules, players, kept)
    else:
        goes_on = False
    game = replace(game, phase="over", outcome=outcome, ended_at=now, deadline=None)
    store.update_game(game)
    number = 1 if match is None else match.number
    played = store.turn_count(game.id) > 0  # this game's turns: a match clears them after
    ratings = ladder.rate_game(
        store, game, players, ladder.score_of(outcome), now, number, played=played
    )
    attachments = end_attachments(attached, file_name, replay_record)
    title = None if match is None else f"Game {match.number} of match {game.name}"
    reveal = render.reveal_text(
        game, players, state, outcome, file_name, title, grids=not game.accounts,
        record="match record" if match is not None and not goes_on else "record",
    )  # fmt: skip
    if said:
        reveal += "\n\n" + said
    if ratings:
        reveal += "\n\n" + ratings
    messages = []
    recipients: list[tuple[str, str | None]] = [
        (players[s].address, s) for s in SEATS if s in players
    ]
    recipients += [(address, None) for address in store.observers(game.id)]
    if game.master_news and game.master_address not in {address for address, _ in recipients}:
        recipients.append((game.master_address, None))  # the game master hears of the end
    for address, seat in recipients:
        parts = []
        if played_turn is not None and state is not None:
            if defaulted:
                parts.append(
                    _defaulted_text(defaulted, seat, played_turn, by_master)
                    if seat
                    else _observer_defaulted(defaulted, by_master) + "."
                )
            # The reveal below says how the game ended: the turn's text does not say it again.
            if seat is not None:
                parts.append(
                    render.player_turn_text(
                        engine.player_view(state, seat),
                        seat,
                        played_turn,
                        names,
                        result=False,
                        grids=not game.accounts,
                    )
                )
            else:
                parts.append(
                    render.observer_turn_text(
                        engine.observer_view(state), played_turn, names, result=False
                    )
                )
        parts.append(reveal)
        messages.append(
            Outbound(
                (address,),
                subject(game, what),
                "\n\n".join(parts),
                game.name,
                attachments=attachments,
                kind="over",
                turn=played_turn,
            )
        )
    if goes_on:
        assert match is not None
        game, more = match_turns.open_next_game(store, game, now, match)
        messages += more
    return game, messages
