"""Checking one player's private record [1.4, 11.3]: it has the owner's fleet but not the
opponent's, so only part of it can be checked, and the report says which part.

Checked exactly: the owner's fleet; the owner's orders, turn by turn (entitlements depend only on
the owner's own space, which the opponent's recorded strikes change); every result the owner gave
for the opponent's actions on the owner's space (hit, miss, duplicate, explosions, destroyed
ships); flashcube data the owner returned. Checked for plausibility only: the results the owner
was given in the opponent's space (a strike on a cell already known empty must miss, a duplicate
needs a cell already destroyed, explosions lie next to their target, a destroyed ship has its
type's shape...). Not checked: the opponent's orders and the flashcube data they returned.

The engine plays the owner's side: the opponent's visible aspects (from their results line, or
their turn line) against the owner's real fleet, the opponent's space being a stand-in that is
reset every turn and whose results are ignored.
A private record with the opponent's fleet added is checked by spaceships.validate.known.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from notation.spaceships.cells import Cell
from notation.spaceships.orders import KamikazeLaunch
from notation.spaceships.records import Record, ResultLine
from notation.spaceships.ships import ShipId
from spaceships.engine.adjudicate import adjudicate, first_reporter
from spaceships.engine.fleets import check_fleet
from spaceships.engine.game import record_ruleset
from spaceships.engine.problems import RulesetError
from spaceships.engine.random_play import random_fleet
from spaceships.engine.reports import Destruction
from spaceships.engine.state import GameResult, GameState, PlayerState, other
from spaceships.validate.claims import Finding, compare_line
from spaceships.validate.findings import (
    Validation,
    finding_from_problem,
    game_order,
    summarise_missing,
    turn_gaps,
)
from spaceships.validate.known import validate_known
from spaceships.validate.plausible import Known, check_plausible, their_kamikazes_and_flashcube
from spaceships.validate.turns import (
    Taint,
    explainer,
    merged_line,
    orders_for_turn,
    result_lines,
    their_aspects,
)


def validate_private(
    record: Record,
    source: str | None = None,
    owner: str | None = None,
    carried: dict[str, int] | None = None,
) -> Validation:
    """`owner` is given when the record also holds the opponent's fleet (added after the game)
    but none of the opponent's turn lines (spaceships.validate.validation.private_owner). `carried`:
    in a continued match, each player's materiel from the game before [10.3]."""
    if owner is None:
        owner = "A" if "A" in record.fleets else "B"
    opponent = other(owner)
    if opponent in record.fleets:
        return validate_known(record, owner, source, carried)
    out = Validation(kind=f"private {owner}")
    out.findings.extend(turn_gaps(record, source))
    try:
        ruleset = record_ruleset(record)
    except RulesetError as exc:
        out.findings.append(Finding("fleet", "rulings", str(exc), entry=exc.text, source=source))
        return out
    fleet = record.fleets[owner]
    problems = check_fleet(fleet, ruleset, owner, (carried or {}).get(owner, 0))
    if problems:
        pos = record.fleet_positions.get(owner)
        out.findings.extend(finding_from_problem(p.at(pos), "fleet", source) for p in problems)
        # Said even so: a record typed by hand may have left the other fleet out by mistake.
        out.unchecked.append(
            f"turns not checked: {owner}'s fleet is refused, and the record has no fleet for "
            f"{opponent} (a `{opponent} fleet:` line) [11.3]"
        )
        return out
    out.unchecked.append(
        f"the record has no fleet for {opponent}: {opponent}'s orders, the results {owner} "
        f"was given in {opponent}'s space and the flashcube data {opponent} returned are "
        "checked for plausibility only; add the fleet to check everything"
    )
    phantom = PlayerState(random_fleet(ruleset, random.Random(0)))
    players = {owner: PlayerState(fleet), opponent: phantom}
    state = GameState(ruleset, players["A"], players["B"])
    taint = Taint()
    known: dict[Cell, Known] = {}
    flagged: dict[Cell, int] = {}  # opponent's cells with a finding, for consequences
    last = max(record.last_turn, max((r.turn for r in record.results), default=0))
    while state.turn <= last:
        if state.over:
            out.findings.append(
                Finding(
                    "end",
                    "2.3",
                    f"the game ended after turn {state.result.turn}; later turns are never played",
                    state.turn,
                    source=source,
                )
            )
            break
        turn = state.turn
        mine = orders_for_turn(record, state, owner, out, taint, source)
        theirs = their_aspects(record, state, opponent, out)
        orders = {owner: mine, opponent: theirs}
        before = state
        state, report = adjudicate(state, orders["A"], orders["B"])
        # The opponent's results against the owner's space are exact.
        lines = result_lines(record, turn, opponent)
        if lines and report.entries(opponent):
            line = _without_unknowable(merged_line(lines))
            truth = tuple(
                replace(e, destroyed=_no_flash(e.destroyed)) for e in report.entries(opponent)
            )
            explain = explainer(before, owner)
            compared = compare_line(line, truth, ruleset, explain, source)
            out.claims_checked += compared.checked
            out.notes.extend(compared.notes)
            out.findings.extend(f for f, _ in compared.findings)
        # The owner's results in the opponent's space: plausible, and own flashcube exact.
        first = first_reporter(before)
        own_lines = result_lines(record, turn, owner)
        # Burn-out [8.2.4] only as the owner's claims tell it (the stand-in's results mean nothing).
        burnt: frozenset[ShipId] = before.player(owner).burnt_out
        if own_lines:
            line = merged_line(own_lines)
            destroyed_now = (
                before.player(owner).destroyed | {c for c, _ in mine.kamikazes}
                if first == owner
                else state.player(owner).destroyed
            )
            theirs_kamikaze = _their_kamikaze_cells(record, turn, opponent)
            burnt |= check_plausible(
                line,
                mine,
                before,
                owner,
                destroyed_now,
                known,
                theirs_kamikaze,
                flagged,
                report.entries(owner),
                out,
                source,
            )
        elif mine.strikes or mine.beams or mine.scans:
            out.unchecked.append(
                f"no results line for turn {turn} {owner}: results of {owner}'s actions not checked"
            )
        if lines:
            # What their report tells of their space, once this turn's own claims are checked
            # (their flashcube data may show cells the owner destroyed this turn).
            their_kamikazes_and_flashcube(merged_line(lines), state, owner, known, out, source)
        # The stand-in opponent never wins or loses; the owner's own end is real [2.3].
        me = replace(state.player(owner), burnt_out=burnt)
        over = state.materiel(owner) == 0 or (mine.limited and mine.only_scans)
        result = state.result if over else GameResult()
        reset = {owner: me, opponent: phantom}
        state = replace(state, a=reset["A"], b=reset["B"], result=result)
    out.state = None  # the opponent's side is a stand-in: no state to show
    out.materiel = {owner: state.materiel(owner)}
    out.board = private_board(record, state, owner, known)
    out.unchecked = summarise_missing(out.unchecked)
    out.turns = state.turn - 1
    out.findings = game_order(out.findings)
    return out


def _no_flash(destroyed: tuple[Destruction, ...]) -> tuple[Destruction, ...]:
    return tuple(replace(x, flashcube=None) for x in destroyed)


def _without_unknowable(line: ResultLine) -> ResultLine:
    """The opponent's results line without the flashcube data of the opponent's own space."""
    claims = tuple(replace(c, flashcube=()) if c.kind != "kamikaze" else c for c in line.claims)
    return replace(line, claims=tuple(c for c in claims if c.kind != "kamikaze"))


def _their_kamikaze_cells(record: Record, turn: int, player: str) -> set[Cell]:
    cells: set[Cell] = set()
    for line in result_lines(record, turn, player):
        cells |= {c.cell for c in line.claims if c.kind == "kamikaze"}
    t = record.orders(turn, player)
    if t is not None:
        cells |= {o.launch for o in t.orders if isinstance(o, KamikazeLaunch)}
    return cells


@dataclass(frozen=True)
class PrivateBoard:
    """What a private record lets its owner draw [11.3]: the own space exactly, the opponent's
    space as the record tells it (cell -> empty/ship/destroyed, and the type where a destroyed
    ship or flashcube data named it)."""

    owner: str
    colour_order: str
    ships: tuple[Any, ...]
    destroyed: frozenset[Cell]
    fired: frozenset[Cell]
    misses: frozenset[Cell]  # the opponent's strikes on empty cells of the owner's space
    enemy: dict[Cell, str]
    enemy_types: dict[Cell, str]


def private_board(
    record: Record, state: GameState, owner: str, known: dict[Cell, Known]
) -> PrivateBoard:
    opponent = other(owner)
    misses = set()
    types: dict[Cell, str] = {}
    for line in record.results:
        for c in line.claims:
            if line.player == opponent and c.kind in ("strike", "beam") and c.result == "miss":
                misses.add(c.cell)
            if (line.player == opponent) != (c.kind == "kamikaze"):
                for f in c.flashcube:  # data of their space
                    if f.ship is not None:
                        types[f.cell] = f.ship.type
            if (line.player == owner) != (c.kind == "kamikaze"):  # their ships destroyed
                for d in c.destroyed:
                    for cell in d.cells:
                        types[cell] = d.ship.type
    me = state.player(owner)
    return PrivateBoard(
        owner,
        state.ruleset.colour_order,
        state.space(owner).ships,
        me.destroyed,
        me.fired,
        frozenset(misses),
        {c: k.state for c, k in known.items()},
        types,
    )
