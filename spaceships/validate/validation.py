"""Checking a record of a game [1.4.1]: fleets, orders and claimed results, turn by turn; every
problem, in game order, with the rule it breaks.

The engine adjudicates the orders as they were played (spaceships.validate.played: an illegal order
list is reported, then played as far as it makes sense, since the game at the table went on with
it); each results line is compared with the true results (spaceships.validate.claims). A wrong claim
that leaves the record with a cell's state wrong (a hit written as a miss) is reported once, with a
note that it changes the rest of the game; later claims that are wrong only because of it are listed
under it as consequences, not as problems of their own. A record lacking one fleet (a player's
private record) is checked by spaceships.validate.private; two records are reconciled by
spaceships.validate.reconcile.
"""

from __future__ import annotations

from notation.spaceships.records import Record
from spaceships.engine.adjudicate import adjudicate
from spaceships.engine.game import Game
from spaceships.engine.state import PLAYERS, other
from spaceships.validate.findings import Validation, conclude, start_game
from spaceships.validate.private import validate_private
from spaceships.validate.turns import Taint, check_claims, findings_after_end, orders_for_turn


def private_owner(record: Record) -> str | None:
    """The owner, when a record with both fleets is one player's private record with the
    opponent's fleet added: the opponent has results lines but not one turn line, while the
    owner has turn lines. Read as a whole-game record it would say the opponent did nothing,
    which their results line contradicts [1.4]."""
    if any(p not in record.fleets for p in PLAYERS):
        return None
    for p in PLAYERS:
        has_results = any(r.player == p and r.claims for r in record.results)
        has_turns = any(t.player == p for t in record.turns)
        if has_results and not has_turns and any(t.player == other(p) for t in record.turns):
            return other(p)
    return None


def validate_record(
    record: Record, source: str | None = None, carried: dict[str, int] | None = None
) -> Validation:
    """Every problem of a whole-game record: fleets, orders, claimed results. `carried`: in a
    continued match, each player's materiel from the game before [10.3]."""
    if any(p not in record.fleets for p in PLAYERS) and any(p in record.fleets for p in PLAYERS):
        return validate_private(record, source, carried=carried)
    owner = private_owner(record)
    if owner is not None:
        return validate_private(record, source, owner=owner, carried=carried)
    out = Validation()
    started = start_game(record, out, source, carried)
    if started is None:
        return out
    ruleset, state = started
    if not record.results:
        out.notes.append("the record has no results lines: only fleets and orders are checked")
    taint = Taint()
    last = max(record.last_turn, max((r.turn for r in record.results), default=0))
    while state.turn <= last:
        if state.over:
            out.findings.extend(findings_after_end(record, state, source))
            break
        checked = {p: orders_for_turn(record, state, p, out, taint, source) for p in PLAYERS}
        before = state
        state, report = adjudicate(state, checked["A"], checked["B"])
        entries = {p: report.entries(p) for p in PLAYERS}
        check_claims(record, before, entries, before.turn, out, taint, source)
    out.game = Game(record, ruleset, state)
    return conclude(out, state, record.tag("Termination"))
