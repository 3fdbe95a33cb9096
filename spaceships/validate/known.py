"""Checking a private record with the opponent's fleet added after the game [1.4].

With the opponent's fleet added (validate_known) the opponent's space is real and everything is
checked exactly; only their hidden missile launches are assumed, where a result needs one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from notation.spaceships.cells import Cell
from notation.spaceships.format import format_claim
from notation.spaceships.records import Record
from notation.spaceships.ships import ShipId
from spaceships.engine.adjudicate import adjudicate
from spaceships.engine.orders import CheckedBeam, CheckedOrders
from spaceships.engine.state import GameState, other
from spaceships.validate.claims import Finding
from spaceships.validate.findings import Validation, conclude, start_game
from spaceships.validate.turns import (
    Taint,
    check_claims,
    empty_orders,
    findings_after_end,
    merged_line,
    orders_for_turn,
    result_lines,
    their_aspects,
)


@dataclass
class _Launches:
    """The opponent's launches (missile or kamikaze) per turn, for assuming hidden ones: how
    many strikes they wrote and which ships already launched."""

    strikes: int
    ships: set[ShipId]


def validate_known(
    record: Record, owner: str, source: str | None = None, carried: dict[str, int] | None = None
) -> Validation:
    """The owner's private record with the opponent's fleet: both spaces are real."""

    opponent = other(owner)
    out = Validation(kind=f"private {owner}", exact=True)
    started = start_game(record, out, source, carried)
    if started is None:
        return out
    _, state = started
    out.notes.append(
        f"read as {owner}'s private record with {opponent}'s fleet added: {opponent} has "
        f"results lines but no turn line, so {opponent}'s actions are taken from {opponent}'s "
        f"results lines (not as '{opponent} did nothing') and checked against both fleets"
    )
    out.unchecked.append(
        f"{opponent}'s missile launches: never revealed [8.1.3.1]; assumed only where a result "
        "needs one (said in a note)"
    )
    taint = Taint()
    history: dict[int, _Launches] = {}
    last = max(record.last_turn, max((r.turn for r in record.results), default=0))
    while state.turn <= last:
        if state.over:
            out.findings.extend(findings_after_end(record, state, source))
            break
        turn = state.turn
        mine = orders_for_turn(record, state, owner, out, taint, source)
        state, theirs = _rebuilt_orders(record, state, opponent, history, out, source)
        history[turn] = _Launches(len(theirs.strikes), {s for _, s in theirs.kamikazes})
        state, after, report = _play_assuming_launches(
            record, state, owner, mine, theirs, history, out
        )
        entries = {p: report.entries(p) for p in ("A", "B")}
        check_claims(record, state, entries, turn, out, taint, source)
        state = after
    return conclude(out, state, record.tag("Termination"))


def _assign_earlier(
    ship: ShipId, count: int, turn: int, history: dict[int, _Launches]
) -> list[int] | None:
    """`count` distinct earlier turns in which `ship` could have launched a missile unseen (it
    launched nothing else then and a strike was written for it), latest first; None if not."""
    turns = [
        t
        for t in sorted(history, reverse=True)
        if t < turn and ship not in history[t].ships and history[t].strikes > len(history[t].ships)
    ]
    return turns[:count] if len(turns) >= count else None


def _rebuilt_orders(
    record: Record,
    state: GameState,
    player: str,
    history: dict[int, _Launches],
    out: Validation,
    source: str | None,
) -> tuple[GameState, CheckedOrders]:
    """The player's orders as their results line shows them (missile launches left out), with
    the strike count and kamikazes checked against their entitlements at the start of the turn
    [4.4.1, 4.5]."""
    from spaceships.engine.entitlements import entitlements

    lines = result_lines(record, state.turn, player)
    if not lines:
        out.unchecked.append(
            f"no results line for turn {state.turn} {player}: {player}'s actions are not in the "
            "record; played as none"
        )
        return state, empty_orders(state, player)
    line = merged_line(lines)
    seen = their_aspects(record, state, player, out)
    ent = entitlements(state, player)
    space = state.space(player)
    me = state.player(player)
    ruleset = state.ruleset
    kamikazes: list[tuple[Cell, ShipId]] = []
    for claim in line.claims:
        if claim.kind != "kamikaze":
            continue
        ship = space.ship_at.get(claim.cell)
        cap = ent.ship(ship.id) if ship is not None else None
        if (
            ship is not None
            and cap is not None
            and not cap.kamikaze
            and cap.unfired
            and not cap.conventional
            and ship.type != "LS"
        ):
            # Its unfired missiles forbid a kamikaze [4.5], unless they were launched unseen in
            # earlier turns [8.1.3.1]: assumed where the record leaves room for it.
            earlier = _assign_earlier(ship.id, len(cap.unfired), state.turn, history)
            if earlier is not None:
                me = replace(me, fired=me.fired | set(cap.unfired))
                state = replace(state, **{"a" if player == "A" else "b": me})
                for cell, t in zip(cap.unfired, earlier, strict=True):
                    history[t].ships.add(ship.id)
                    out.notes.append(
                        f"assumed {player} launched the missile at {cell} in turn {t} "
                        f"(the kamikaze from {claim.cell} in turn {state.turn})"
                    )
                ent = entitlements(state, player)
                cap = ent.ship(ship.id)
        problem = None
        if ship is None:
            problem = f"{player} has no ship at {claim.cell}"
        elif claim.cell in me.destroyed:
            problem = f"{claim.cell} ({ship.id}) is already destroyed"
        elif cap is None or not cap.kamikaze:
            problem = f"{ship.id} may not launch a kamikaze this turn"
        elif ship.id in {s for _, s in kamikazes}:
            problem = f"{ship.id} already launches a kamikaze this turn"
        if problem is None or (ship is not None and claim.cell not in me.destroyed):
            # Played as written even when refused: the results that followed came from it.
            kamikazes.append((claim.cell, ship.id))  # type: ignore[union-attr]
        if problem is None:
            continue
        out.findings.append(
            Finding(
                "orders",
                ruleset.rule("4.5.2", "4.4.2")
                if ship is None or claim.cell in me.destroyed
                else ruleset.rule("4.5", "4.4"),
                problem + " (the kamikaze shown in the results line)",
                state.turn,
                player,
                format_claim(claim),
                claim.position,
                source=source,
            )
        )
    strikes = len(seen.strikes)
    allowed = ent.conventional + len(ent.missile_ships) + len(kamikazes)
    if strikes > allowed:
        out.findings.append(
            Finding(
                "orders",
                ruleset.rule("4.4.1", "4.3.1"),
                f"the results line shows {strikes} strike{'s' if strikes != 1 else ''}; "
                f"{player} had at most "
                f"{ent.conventional} conventional + {len(ent.missile_ships)} missile + "
                f"{len(kamikazes)} kamikaze = {allowed}",
                state.turn,
                player,
                f"{state.turn} {player} results",
                line.position,
                source=source,
            )
        )
    beams = []
    used: list[ShipId] = [c.ship for c in ent.beam_ships]
    for i, beam in enumerate(seen.beams):
        # Which beam weapon fired is not shown; it matters only for burn-out [8.2.4].
        ship = used[i] if i < len(used) else (used[-1] if used else beam.ship)
        beams.append(CheckedBeam(ship, beam.cells, beam.diagonal))
    return state, replace(
        seen,
        beams=tuple(beams),
        kamikazes=tuple(kamikazes),
        strikes_allowed=allowed,
        limited=ent.only_kamikazes_and_scans,
    )


def _play_assuming_launches(
    record: Record,
    state: GameState,
    owner: str,
    mine: CheckedOrders,
    theirs: CheckedOrders,
    history: dict[int, _Launches],
    out: Validation,
) -> tuple[GameState, GameState, Any]:
    """Adjudicate the turn. A plain hit claimed on one of the opponent's unfired missiles is
    right only if that missile was launched [8.1.3.2, 8.1.4]: this turn if the opponent could
    have (one launch per ship per turn, a strike written for it), else in an earlier turn where
    they could have. Returns the state the turn starts from (with launches assumed in earlier
    turns), the state after it and the report."""
    opponent = other(owner)
    turn = state.turn
    claims = [c for line in result_lines(record, turn, owner) for c in line.claims]
    while True:
        orders = {owner: mine, opponent: theirs}
        after, report = adjudicate(state, orders["A"], orders["B"])
        space = state.space(opponent)
        fired = state.player(opponent).fired
        missing: list[Cell] = []
        for entry in report.entries(owner):
            if not entry.explosions or entry.cell not in space.missiles or entry.cell in fired:
                continue
            if any(
                c.kind == entry.action
                and c.cell == entry.cell
                and c.result == "hit"
                and not c.explosions
                for c in claims
            ):
                missing.append(entry.cell)
        assumed = False
        for cell in missing:
            ship = space.ship_at[cell].id
            now = history[turn]
            if ship not in now.ships and now.strikes > len(now.ships):
                now.ships.add(ship)
                theirs = replace(theirs, missiles=(*theirs.missiles, (cell, ship)))
                out.notes.append(
                    f"assumed {opponent} launched the missile at {cell} in turn {turn}"
                )
                assumed = True
                break
            for t in sorted(history, reverse=True):
                past = history[t]
                if t < turn and ship not in past.ships and past.strikes > len(past.ships):
                    past.ships.add(ship)
                    me = state.player(opponent)
                    fired_now = replace(me, fired=me.fired | {cell})
                    state = replace(state, **{"a" if opponent == "A" else "b": fired_now})
                    out.notes.append(
                        f"assumed {opponent} launched the missile at {cell} in turn {t} "
                        f"(a plain hit on it in turn {turn})"
                    )
                    assumed = True
                    break
            if assumed:
                break
        if not assumed:
            return state, after, report
