"""The players' commands in Spaceships: send the fleet, send the orders of a turn,
resign."""

from __future__ import annotations

from typing import Any

import spaceships.judge.games as games
import spaceships.judge.match_turns as match_turns
import spaceships.judge.matches as matches
import spaceships.judge.materiel as materiel
import spaceships.judge.notes as notes
import spaceships.judge.views as render
from notation.errors import NotationError, underlined
from notation.spaceships.capitals import WRITTEN_IN_CAPITALS, fleet_in_capitals
from notation.spaceships.cells import Cell, PartialCell
from notation.spaceships.format import format_fleet
from notation.spaceships.orders import MissileLaunch, Order, format_orders
from notation.spaceships.parse import parse_fleet, parse_orders
from pbem.language.commands import Command
from pbem.messages import Outbound
from pbem.sights import Sight
from pbem.steps import both_in, sending
from pbem.steps.desk import Desk, Refusal
from pbem.steps.passwords import mask
from pbem.steps.signon import sign_on
from pbem.storage.store import GameRow, PlayerRow
from spaceships import engine
from spaceships.computer.player import Computer
from spaceships.engine import CheckedOrders, OrdersRefused


def submit_fleet(command: Command, desk: Desk) -> str:
    game, seat = desk.player_session("fleet")
    desk.reply.about(game)
    if game.phase not in ("joining", "setup"):
        raise Refusal(f"the fleets of {game.name} are set; the game is under way")
    ruleset = games.ruleset_of(game)
    if not command.body.strip():
        raise Refusal("no fleet after `fleet`: write the ships on the same line or the lines below")
    match = matches.match_of(desk.store, game)
    carry = match.carried(seat) if match is not None else 0
    if command.body.strip().lower() == "random":  # as `spaceships play` offers
        seed = desk.new_seed()
        number = match.number if match is not None else 1
        fleet = Computer("random", seed).fleet(ruleset, seat, carry, number)
    else:
        try:
            fleet = parse_fleet(command.body, ruleset.colour_order)
        except NotationError as exc:
            return "Your fleet could not be read; nothing changed.\n" + (
                _capitals_suggestion(command, exc, ruleset.colour_order)
                or notation_errors(exc, command)
            )
        except ValueError as exc:  # a spelling the notation's own checks refuse
            return f"Your fleet could not be read; nothing changed.\n  {exc}"
    problems = engine.check_fleet(fleet, ruleset, None, carry)
    if problems:
        listed = "\n".join(f"  - {p}" for p in problems)
        return (
            f"Your fleet breaks the rules ({len(problems)} problem"
            f"{'' if len(problems) == 1 else 's'}); nothing changed:\n{listed}"
        )
    players = desk.store.players(game.id)
    replaced = players[seat].fleet is not None
    desk.reply.moves += players[seat].fleet != format_fleet(fleet)
    desk.store.set_fleet(game.id, seat, format_fleet(fleet))
    desk.reply.sights.append(Sight("setup", seat=seat))  # the fleet as the judge read it
    lines = [
        ("Your fleet is replaced" if replaced else "Your fleet is accepted")
        + f" for {game.name}, as understood:",
        format_fleet(fleet),
    ]
    if match is not None and match.rules.continued and match.number > 1:
        lines.insert(2, matches.additional_text(fleet, carry, ruleset))
    if not game.accounts:  # an accounts front end (Discord) draws the grids as a picture
        lines += ["", render.fleet_grids(fleet, ruleset)]
    players = desk.store.players(game.id)
    if len(players) == 2 and all(p.fleet is not None for p in players.values()):
        game, messages = games.start_play(desk.store, desk.reload(), desk.now)
        desk.session.game = game
        desk.reply.messages += messages
        lines += ["", "Both fleets are in: the game begins (see the next message)."]
    else:
        if not replaced and games.other(seat) in players:
            other = players[games.other(seat)]
            desk.reply.messages.append(
                Outbound(
                    (other.address,),
                    games.subject(game, "your opponent's fleet is in"),
                    f"Your opponent's fleet for {game.name} is in. The game begins when "
                    "yours is in too.",
                    game.name,
                )
            )
        lines += ["", "You may replace it until both fleets are in."]
    return "\n".join(lines)


def _capitals_suggestion(command: Command, exc: NotationError, colour_order: str) -> str | None:
    """One answer for a fleet typed in lower case (`ds rv1 ...`): the fleet with its cells and
    ship codes in capitals as a suggestion, or the errors left once they are, instead of an
    error a word. None when capitals change nothing or leave as many errors."""
    found = fleet_in_capitals(command.body, exc, colour_order)
    if found is None:
        return None
    said = f"  {WRITTEN_IN_CAPITALS}"
    if found.left is not None:
        # Capitals keep every word's length, so the errors stand where the player typed them.
        return f"{said} Written so, your fleet still has:\n" + notation_errors(found.left, command)
    assert found.fleet is not None
    return (
        f"{said} Your fleet written so:\n    {format_fleet(found.fleet)}\n"
        "  Check it, and send it again like that."
    )


def launch_cells_written_out(
    orders: tuple[Order, ...], checked: CheckedOrders
) -> tuple[Order, ...]:
    """The orders with each missile launch by the launch cell it was found to mean (`mw` as
    `mYw3`) [11.5.3]: what the player reads back, and what their record keeps."""
    cells = iter(cell for cell, _ in checked.missiles)
    return tuple(
        MissileLaunch(PartialCell(*_coordinates(next(cells))))
        if isinstance(o, MissileLaunch)
        else o
        for o in orders
    )


def _coordinates(cell: Cell) -> tuple[str, str, int]:
    return cell.colour, cell.letter, cell.number


def submit_orders(command: Command, desk: Desk) -> str:
    game, seat = desk.player_session("orders")
    desk.reply.about(game)
    if game.phase != "playing":
        raise Refusal(
            {
                "joining": f"game {game.name} has not started: it needs two players",
                "setup": f"game {game.name} has not started: both fleets must be in",
                "over": f"game {game.name} is over",
            }[game.phase]
        )
    if command.turn is None:
        raise Refusal(
            f"say which turn the orders are for: `orders {game.turn}: ...` "
            f"(turn {game.turn} is the current turn of {game.name})"
        )
    if command.turn != game.turn:
        raise Refusal(
            f"these orders are for turn {command.turn}, but turn {game.turn} is the current "
            f"turn of {game.name}; nothing changed ({sending.orders_how(game, game.turn)})"
        )
    state = games.state_of(game)
    try:
        orders = parse_orders(command.body) if command.body.strip() else ()
    except NotationError as exc:
        return "Your orders could not be read; nothing changed.\n" + notation_errors(exc, command)
    except ValueError as exc:
        return f"Your orders could not be read; nothing changed.\n  {exc}"
    try:
        checked = engine.check_orders(state, seat, orders)
    except OrdersRefused as exc:
        listed = "\n".join(f"  - {p}" for p in exc.problems)
        return (
            f"Your orders for turn {game.turn} break the rules and are refused whole; "
            f"nothing changed:\n{listed}\n"
            f"This turn you may use: {materiel.may_use(engine.entitlements(state, seat))}."
        )
    except ValueError as exc:  # refused for a reason the engine gives no problem list for
        return f"Your orders for turn {game.turn} are refused; nothing changed:\n  {exc}"
    before = desk.store.orders(game.id, game.turn)
    canonical = format_orders(launch_cells_written_out(orders, checked))
    desk.reply.moves += seat not in before or before[seat].text != canonical
    desk.store.put_orders(game.id, game.turn, seat, canonical, desk.now)
    lines = [
        ("Your orders are replaced" if seat in before else "Your orders are accepted")
        + f" for turn {game.turn} of {game.name}, as understood:",
        f"  {game.turn} {seat}: {canonical}"
        if canonical
        else f"  {game.turn} {seat}: (no actions)",
        f"They use: {materiel.used(checked, engine.entitlements(state, seat))}.",
        f"This turn you may use: {materiel.may_use(engine.entitlements(state, seat))}.",
    ]
    ending = engine.entitlements(state, seat).limits(sent_only_scans=True)
    if checked.limited and checked.only_scans and ending:
        lines.append(ending)
    lines.append(both_in.orders_in(desk, game, seat, before, game.turn))
    return "\n".join(lines + notes.struck_twice_notes(orders))


def resign_outcome(game: GameRow, seat: str, players: dict[str, PlayerRow]) -> dict[str, Any]:
    """A seat resigns: the other seat, if taken, wins (pbem.steps.ending)."""
    winner = games.other(seat) if games.other(seat) in players else None
    return {
        "winner": winner,
        "reason": f"{render.player(players[seat].name, seat)} resigned",
        "turn": game.turn - 1 if game.phase == "playing" and game.turn > 1 else None,
        "score": None,
        "resigned": seat,
    }


def notation_errors(exc: NotationError, command: Command) -> str:
    """Every error, its line and column moved from the block to the whole message, under the
    line as the player wrote it."""
    out = []
    source_lines = command.source.splitlines()
    for error in exc.errors:
        line = command.body_line + error.line - 1
        column = error.column + (command.body_column - 1 if error.line == 1 else 0)
        index = line - command.line
        source = source_lines[index] if 0 <= index < len(source_lines) else ""
        text = f"  line {line}, column {column}: {mask(error.message, positional=False)}"
        if error.expected:
            text += "; expected " + ", ".join(error.expected)
        shown = mask(source)
        if shown == source:
            text += "\n" + underlined(source, column, error.length)
        else:  # a password in the line: never quoted back, so no caret to place under it
            text += f"\n    {shown}"
        if error.hint:
            text += f"\n    hint: {error.hint}"
        out.append(text)
    return "\n".join(out)


def end_match(command: Command, desk: Desk) -> str:
    """A player (or the game master) asks to end the match [9.3, 10.6]: it ends when both
    players have asked, or the game master has, and a game has just ended [9.3.1, 10.6.1]."""
    if desk.session.master:
        game, who = desk.master_session("endmatch"), "M"
    else:
        game, who = desk.player_session("endmatch")
    desk.reply.about(game)
    match = matches.match_of(desk.store, game)
    if match is None:
        raise Refusal(
            f"{game.name} is a single game, not a match: a player may `resign`, the game "
            "master `cancel`"
        )
    if game.phase == "over":
        raise Refusal(f"the match {game.name} is over already")
    asked = matches.ask_to_end(desk.store, match, who)
    if not matches.agreed_to_end(asked):
        other = desk.store.players(game.id).get(games.other(who))
        if other is not None:
            desk.reply.messages.append(
                Outbound(
                    (other.address,),
                    games.subject(game, "your opponent asks to end the match"),
                    f"Your opponent asks to end match {game.name} after the game in play "
                    f"[9.3]. To agree, send:\n  game {game.name} PASSWORD\n  endmatch",
                    game.name,
                )
            )
        return (
            f"Noted: match {game.name} ends after the game in play if your opponent asks too "
            "(or the game master does)."
        )
    between = game.phase == "setup" and match.outcomes and match.number > len(match.outcomes)
    if between:
        game, messages = match_turns.end_match_now(desk.store, game, desk.now, match)
        desk.reply.messages += messages
        desk.forget(game)
        return f"Match {game.name} is over by agreement; everyone has the whole match record."
    return (
        f"Agreed: match {game.name} ends when the game in play ends [9.3.1, 10.6.1]; no "
        "game follows it."
    )


COMMANDS = {
    "game": sign_on,
    "fleet": submit_fleet,
    "orders": submit_orders,
    "endmatch": end_match,
}
