"""Text for players and observers: settings, status, fleets, turns, histories and the reveal.

While a game is in play, what concerns its turns is drawn from the engine's views only
(engine.player_view, engine.observer_view), never from the state: a view holds just what its
reader may know [1.4]. Only once the game is over does the whole record come from the state.
"""

from __future__ import annotations

from typing import Any

from notation.spaceships.cells import Cell
from notation.spaceships.fleets import Fleet
from notation.spaceships.format import format_fleet, format_grids, format_record, grid_marks
from notation.spaceships.records import (
    Record,
    ResultLine,
    TurnLine,
)
from notation.words import counted, seated
from pbem.steps.listing import (
    game_line as game_line,  # the shared words (pbem.steps.listing), still
)
from pbem.steps.listing import named as named  # read here by the front ends
from pbem.steps.listing import opening, outcome_text, player
from pbem.steps.listing import settings_text as settings_text
from pbem.steps.listing import status_text as status_text
from pbem.storage.store import GameRow, PlayerRow
from spaceships.engine import GameState, ObserverView, PlayerView, Ruleset
from spaceships.engine.game import record_of
from spaceships.engine.reports import Entry, claim_from_entry
from spaceships.engine.rulesets import COSTS
from spaceships.engine.views import LEGEND_ENEMY, LEGEND_OWN, TYPE_MARKS, TurnView

SEATS = ("A", "B")


def rules_text(game: GameRow) -> str:
    """What leads a Spaceships game's settings: its ruleset."""
    return f"ruleset {game.ruleset}"


# -- fleets ---------------------------------------------------------------------------------
def fleet_requirements(ruleset: Ruleset) -> str:
    if ruleset.fleet_cost is not None:
        costs = ", ".join(f"{t} {c}" for t, c in COSTS.items())
        return f"Your fleet: any ships of total cost {ruleset.fleet_cost} [3.7.1] (costs: {costs})."
    if ruleset.classic:
        return "Your fleet: DS, KC, FS, MD and HF [classic rules]."
    return "Your fleet: DS, KC, FS or PC, MD, and LS or HS [3.7]."


def fleet_sketch(ruleset: Ruleset) -> str:
    """The shape of a fleet line, with ship codes the game's rules allow."""
    if ruleset.fleet_cost is not None:
        return "fleet KC ...; PC1 ...; PC2 ...; HS ...; LG Bz5"
    if ruleset.classic:
        return "fleet DS ...; KC ...; FS ...; MD ...; HF Bz4 Bz5"
    return "fleet DS ...; KC ...; PC ...; MD ...; LS Bz5"


def fleet_grids(fleet: Fleet, ruleset: Ruleset, destroyed: frozenset[Cell] = frozenset()) -> str:
    """The fleet drawn as the five grids of 11.3, destroyed cells as `x`, with a key."""
    marks, key = grid_marks(fleet)
    for cell in destroyed:
        marks[cell] = "x"
    legend = "key: " + " ".join(f"{m}={ship}" for m, ship in key.items())
    if destroyed:
        legend += " x=destroyed"
    return format_grids(marks, ruleset.colour_order) + "\n" + legend


# -- records --------------------------------------------------------------------------------
def record_tags(game: GameRow, players: dict[str, PlayerRow]) -> list[tuple[str, str]]:
    tags = [("Game", game.name), ("Ruleset", game.ruleset)]
    if game.options:
        tags.append(("Options", " ".join(game.options)))
    tags.append(("Date", game.created_at.date().isoformat()))
    for seat in SEATS:
        if seat in players:
            tags.append((seat, players[seat].name))
    return tags


def full_record_text(
    game: GameRow,
    players: dict[str, PlayerRow],
    state: GameState | None,
    outcome: dict[str, Any],
) -> str:
    """The whole game once it is over [1.4.1]: both fleets, every turn line, every result."""
    from notation.spaceships.parse import parse_fleet

    tags = record_tags(game, players)
    tags.append(("Termination", outcome_text(outcome, players).rstrip(".")))
    if state is not None:
        return format_record(record_of(state, tags))
    fleets: dict[Any, Fleet] = {}
    for seat in SEATS:
        if seat in players and players[seat].fleet:
            fleets[seat] = parse_fleet(players[seat].fleet or "", game_colours(game))
    return format_record(Record(tags=tuple(tags), fleets=fleets))


def game_colours(game: GameRow) -> str:
    return Ruleset.from_tags(game.ruleset, game.options).colour_order


def reveal_text(
    game: GameRow,
    players: dict[str, PlayerRow],
    state: GameState | None,
    outcome: dict[str, Any],
    attached: str | None = None,
    title: str | None = None,
    grids: bool = True,
    record: str = "record",
) -> str:
    """The end of a game for everyone: the result and why, and both spaces as they ended, drawn
    like the turn mails draw a player's own space (ship letters, lower case where destroyed);
    without the grids (`grids` False) for a front end that draws them as a picture. `record`
    names what is attached ("match record" at the end of a match)."""
    from notation.spaceships.parse import parse_fleet
    from spaceships import engine

    ruleset = Ruleset.from_tags(game.ruleset, game.options)
    lines = [f"Game over ({title or 'game ' + game.name}). {outcome_text(outcome, players)}", ""]
    for seat in SEATS:
        name = players[seat].name if seat in players else f"player {seat}"
        if state is not None:
            marks = engine.player_view(state, seat).own_marks()
            count = counted(state.materiel(seat), "undamaged cell")
            lines.append(f"{opening(seated(name, seat))}: {count}")
            if grids:
                lines.append(
                    format_grids(marks, ruleset.colour_order)
                    + "\n"
                    + _ship_key(state.player(seat).fleet)
                )
            lines.append("")
        elif seat in players and players[seat].fleet:
            fleet = parse_fleet(players[seat].fleet or "", ruleset.colour_order)
            lines.append(f"{opening(seated(name, seat))}:")
            lines.append(fleet_grids(fleet, ruleset) if grids else format_fleet(fleet))
            lines.append("")
    if state is not None and grids:
        lines += [f"  {LEGEND_REVEAL}", ""]
    lines.append(f"The whole {record} is attached ({attached or game.name + '.ssr'}).")
    return "\n".join(lines)


LEGEND_REVEAL = (
    "capital: undamaged ship cell; lower case: destroyed cell of that ship; *: fired missile; "
    "o: strike on empty space"
)


def _ship_key(fleet: Fleet) -> str:
    types = dict.fromkeys(p.ship.type for p in fleet.ships)
    return "key: " + " ".join(f"{TYPE_MARKS[t]}={t}" for t in types)


# -- views ----------------------------------------------------------------------------------
def _name(names: dict[str, str], seat: str) -> str:
    return player(names.get(seat, f"Player {seat}"), seat)


def entries_text(
    entries: tuple[Entry, ...],
    actor: str | None = None,
    reader: str | None = None,
    names: dict[str, str] | None = None,
) -> str:
    """One visible aspect a line, with its results, destructions and flashcube data. Given the
    `actor`, the flashcube data says whose space it describes [7.1] as `reader` reads it (None:
    an observer, who reads names)."""
    if not entries:
        return "  no actions"
    lines = []
    for entry in entries:
        label = "flashcube"
        if actor is not None:
            source = entry.flashcube_from(actor)
            if reader is None:
                label = f"{(names or {}).get(source, 'player ' + source)}'s flashcube data"
            elif source == reader:
                label = "your flashcube data"
            else:
                label = "your opponent's flashcube data"
        lines.append("  " + entry.describe(label))
    return "\n".join(lines)


def player_grids_text(view: PlayerView) -> str:
    own = format_grids(view.own_marks(), view.colour_order, title="Your space:")
    enemy = format_grids(view.enemy_marks(), view.colour_order, title="The enemy's space:")
    return "\n".join([own, "  " + LEGEND_OWN, "", enemy, "  " + LEGEND_ENEMY])


def player_view_text(view: PlayerView, seat: str, names: dict[str, str], grids: bool = True) -> str:
    """A player's grids and own state, as their view has them; without the grids for a front
    end that draws them as a picture."""
    lines = [player_grids_text(view), ""] if grids else []
    lines.append(f"Your remaining materiel: {view.materiel}.")
    if view.burnt_out:
        lines.append("Burnt out beam weapons [8.2.4]: " + " ".join(view.burnt_out) + ".")
    return "\n".join(lines)


def player_turn_text(
    view: PlayerView,
    seat: str,
    turn: int,
    names: dict[str, str],
    result: bool = True,
    grids: bool = True,
) -> str:
    """The results of one turn for one player, drawn from their view only (with the game's
    result when it ended, unless `result` is False: the reveal that follows says it); without
    the grids for a front end that draws them as a picture."""
    opponent = "B" if seat == "A" else "A"
    played = next(t for t in view.turns if t.turn == turn)
    mine = next((o for o in view.orders if o.turn == turn), None)
    written = " ".join(str(o) for o in mine.written) if mine is not None else ""
    lines = [
        f"Turn {turn} results.",
        "",
        f"Your orders: {written or '(no actions)'}",
        "Your actions:",
        entries_text(played.entries(seat), seat, seat, names),
        "",
        "Your opponent's actions:",
        entries_text(played.entries(opponent), opponent, seat, names),
        "",
        player_view_text(view, seat, names, grids),
    ]
    if view.result is not None and result:
        lines += ["", _result_line(view.result, names)]
    return "\n".join(lines)


def observer_turn_text(
    view: ObserverView, turn: int, names: dict[str, str], result: bool = True
) -> str:
    """One turn as both players saw it: only what both of them know."""
    played = next(t for t in view.turns if t.turn == turn)
    lines = [f"Turn {turn} results."]
    for seat in (played.first, "B" if played.first == "A" else "A"):
        lines += [
            "",
            f"{opening(_name(names, seat))}:",
            entries_text(played.entries(seat), seat, None, names),
        ]
    if view.result is not None and result:
        lines += ["", _result_line(view.result, names)]
    return "\n".join(lines)


def _result_line(result: Any, names: dict[str, str]) -> str:
    score = result.score or {}
    if result.winner in SEATS:
        head = f"{_name(names, result.winner)} wins"
    else:
        head = "The game is a draw"
    if score:
        first, second = ("B", "A") if result.winner == "B" else ("A", "B")  # the winner's first
        head += f", {score[first]} to {score[second]}"
    return f"Game over after turn {result.turn}: {head}."


# -- history --------------------------------------------------------------------------------
def history_text(game: GameRow, players: dict[str, PlayerRow], seat: str | None) -> str:
    """The game so far as a record, holding only what the reader may know: for a player their
    own fleet and orders and every visible aspect and result; for anyone else the visible
    aspects and results alone. Once the game is over, everything."""
    from notation.spaceships.fleets import ShipPlacement
    from spaceships import engine

    state = GameState.from_json(game.state) if game.state is not None else None
    if game.phase == "over":
        assert game.outcome is not None
        return "The whole game:\n\n" + full_record_text(game, players, state, game.outcome)
    tags = record_tags(game, players)
    fleets: dict[Any, Fleet] = {}
    turns: list[TurnLine] = []
    results: list[ResultLine] = []
    if seat is not None:
        tags.append(("View", f"player {seat}: the opponent's orders show only as results"))
    else:
        tags.append(("View", "observer: visible aspects and results only"))
    if state is None:
        if seat is not None and players[seat].fleet:
            from notation.spaceships.parse import parse_fleet

            fleets[seat] = parse_fleet(players[seat].fleet or "", game_colours(game))
    elif seat is not None:
        view = engine.player_view(state, seat)
        fleets[seat] = Fleet(tuple(ShipPlacement(s.id, s.cells) for s in view.ships))
        turns = [TurnLine(o.turn, seat, o.written) for o in view.orders]  # type: ignore[arg-type]
        for played in view.turns:
            results += _view_results(played)
    else:
        observed = engine.observer_view(state)
        for played in observed.turns:
            results += _view_results(played)
    record = Record(tags=tuple(tags), fleets=fleets, turns=tuple(turns), results=tuple(results))
    text = format_record(record, game_colours(game))
    head = f"History of {game.name}" + (f" for player {seat}" if seat else "") + ":"
    if state is None:
        head += " no turn has been played yet."
    return head + "\n\n" + text


def _view_results(played: TurnView) -> list[ResultLine]:
    return [
        ResultLine(played.turn, seat, tuple(claim_from_entry(e) for e in played.entries(seat)))  # type: ignore[arg-type]
        for seat in SEATS
    ]
