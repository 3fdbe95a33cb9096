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

With the opponent's fleet added (validate_known) the opponent's space is real and everything is
checked exactly; only their hidden missile launches are assumed, where a result needs one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from engine.adjudicate import adjudicate, first_reporter
from engine.fleets import check_fleet
from engine.geometry import Geometry
from engine.orders import CheckedBeam, CheckedOrders
from engine.problems import RulesetError
from engine.random_play import random_fleet
from engine.reports import Destruction, Entry
from engine.rulesets import Ruleset
from engine.shapes import has_shape
from engine.state import GameResult, GameState, PlayerState, other
from notation.cells import Cell
from notation.format import format_claim
from notation.orders import Beam, KamikazeLaunch, Scan, Strike
from notation.records import Claim, FlashcubeCell, Record, ResultLine
from notation.ships import ShipId
from validate.claims import (
    Finding,
    claim_from_entry,
    compare_claim,
    compare_flashcube,
    compare_line,
)
from validate.validation import (
    Validation,
    _explainer,
    _orders_for_turn,
    _Taint,
    finding_from_problem,
    findings_after_end,
    game_order,
    merged_line,
    result_lines,
    summarise_missing,
)

# What a player knows of a cell of the opponent's space.
EMPTY, SHIP, DESTROYED = "empty", "ship", "destroyed"


@dataclass
class _Known:
    state: str
    turn: int


def validate_private(
    record: Record, source: str | None = None, owner: str | None = None
) -> Validation:
    """`owner` is given when the record also holds the opponent's fleet (added after the game)
    but none of the opponent's turn lines (validate.validation.private_owner)."""
    if owner is None:
        owner = "A" if "A" in record.fleets else "B"
    opponent = other(owner)
    if opponent in record.fleets:
        return validate_known(record, owner, source)
    out = Validation(kind=f"private {owner}")
    try:
        ruleset = Ruleset.from_tags(record.ruleset, record.options)
    except RulesetError as exc:
        out.findings.append(Finding("fleet", "rulings", str(exc), entry=exc.text, source=source))
        return out
    fleet = record.fleets[owner]
    problems = check_fleet(fleet, ruleset, owner)
    if problems:
        pos = record.fleet_positions.get(owner)
        out.findings.extend(finding_from_problem(p.at(pos), "fleet", source) for p in problems)
        out.unchecked.append("turns not checked: the fleet is refused")
        return out
    out.unchecked.append(
        f"the record has no fleet for {opponent}: {opponent}'s orders, the results {owner} "
        f"was given in {opponent}'s space and the flashcube data {opponent} returned are "
        "checked for plausibility only; add the fleet to check everything"
    )
    phantom = PlayerState(random_fleet(ruleset, random.Random(0)))
    players = {owner: PlayerState(fleet), opponent: phantom}
    state = GameState(ruleset, players["A"], players["B"])
    taint = _Taint()
    known: dict[Cell, _Known] = {}
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
        mine = _orders_for_turn(record, state, owner, out, taint, source)
        theirs = _their_aspects(record, state, opponent, out)
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
            explain = _explainer(before, owner)
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
            burnt |= _plausible(
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
            _their_kamikazes_and_flashcube(merged_line(lines), state, owner, known, out, source)
        # The stand-in opponent never wins or loses; the owner's own end is real [2.3].
        me = replace(state.player(owner), burnt_out=burnt)
        over = state.materiel(owner) == 0 or (mine.limited and mine.only_scans)
        result = state.result if over else GameResult()
        reset = {owner: me, opponent: phantom}
        state = replace(state, a=reset["A"], b=reset["B"], result=result)
    out.state = None  # the opponent's side is a stand-in: no state to show
    out.board = _board(record, state, owner, known)
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


def _their_aspects(record: Record, state: GameState, player: str, out: Validation) -> CheckedOrders:
    """The opponent's visible aspects in the owner's space: from their results line, else their
    turn line, else none (said so)."""
    geo = state.ruleset.geometry
    strikes: list[Cell] = []
    beams: list[CheckedBeam] = []
    scans: list[Cell] = []
    lines = result_lines(record, state.turn, player)
    ship = ShipId("DS")
    if lines:
        beam_cells: list[Cell] = []
        for c in merged_line(lines).claims:
            if c.kind == "beam":
                beam_cells.append(c.cell)
            elif c.kind == "strike":
                strikes.append(c.cell)
            elif c.kind == "scan":
                scans.append(c.cell)
        for i in range(0, len(beam_cells), 3):
            cells = tuple(beam_cells[i : i + 3])
            d = geo.direction(cells[0], cells[-1]) if len(cells) == 3 else None
            diagonal = d is not None and sum(1 for v in d[0] if v) > 1
            beams.append(CheckedBeam(ship, cells, diagonal))
    else:
        t = record.orders(state.turn, player)
        if t is None or not t.orders:
            return _empty(state, player)
        out.notes.append(
            f"no results line for turn {state.turn} {player}: {player}'s strikes taken from "
            f"{player}'s turn line"
        )
        for o in t.orders:
            if isinstance(o, Strike):
                strikes.append(o.target)
            elif isinstance(o, Scan):
                scans.append(o.target)
            elif isinstance(o, Beam):
                line = geo.line(o.start, o.end)
                if line is not None and len(line) == 3:
                    beams.append(CheckedBeam(ship, line, False))
    return CheckedOrders(
        state.turn, player, (), tuple(strikes), tuple(beams), (), (), tuple(scans), False, 0, 0
    )


def _empty(state: GameState, player: str) -> CheckedOrders:
    return CheckedOrders(state.turn, player, (), (), (), (), (), (), False, 0, 0)


def _plausible(
    line: ResultLine,
    mine: CheckedOrders,
    before: GameState,
    owner: str,
    own_destroyed: frozenset[Cell] | set[Cell],
    known: dict[Cell, _Known],
    their_kamikazes: set[Cell],
    flagged: dict[Cell, int],
    report_entries: tuple[Entry, ...],
    out: Validation,
    source: str | None,
) -> frozenset[ShipId]:
    """The owner's claims about the opponent's space against what the record already says of
    it; the owner's flashcube data exactly. Returns the beams that burnt out by these claims."""
    ruleset = before.ruleset
    geo = ruleset.geometry
    turn = line.turn
    immediate = not ruleset.classic
    space = before.space(owner)
    if immediate:
        for c in their_kamikazes:  # their launch cells are destroyed before any strike [4.5.3]
            known[c] = _Known(DESTROYED, turn)
    updates: dict[Cell, _Known] = {}

    def learn(cell: Cell, what: str) -> None:
        target = known if immediate else updates
        old = known.get(cell)
        if old is not None and old.state == DESTROYED:
            return
        target[cell] = _Known(what, turn)

    def flag(claim: Claim, rule: str, message: str, claimed: str, actual: str) -> None:
        from notation.format import format_claim

        finding = Finding(
            "claim",
            rule,
            message,
            turn,
            owner,
            format_claim(claim),
            claim.position,
            claimed,
            actual,
            source,
        )
        origin = flagged.get(claim.cell)
        if origin is not None:
            # The record's picture of this cell went wrong earlier: said once, there.
            first = out.findings[origin]
            out.findings[origin] = replace(first, consequences=(*first.consequences, str(finding)))
            return
        out.findings.append(finding)
        flagged[claim.cell] = len(out.findings) - 1

    def since(k: _Known) -> str:
        return f"turn {k.turn}" if k.turn != turn else "this turn"

    unmatched = _match_aspects(line, mine, out, source, owner)
    checked = 0
    for index, claim in enumerate(line.claims):
        if index in unmatched:
            continue
        k = known.get(claim.cell)
        checked += 1
        if claim.kind in ("strike", "beam"):
            r = claim.result
            if k is not None and k.state == EMPTY and r != "miss":
                flag(
                    claim,
                    ruleset.rule("5.2.2", "5.1.2"),
                    f"the record shows no ship at {claim.cell} ({since(k)})",
                    r or "",
                    "miss",
                )
            elif k is not None and k.state == DESTROYED and r != "duplicate":
                flag(
                    claim,
                    ruleset.rule("5.2.4", "5.1.4"),
                    f"{claim.cell} was reported destroyed ({since(k)})",
                    r or "",
                    "dup",
                )
            elif k is not None and k.state == SHIP and r == "miss":
                flag(
                    claim,
                    ruleset.rule("5.2.3", "5.1.3"),
                    f"a scan found a ship at {claim.cell} ({since(k)})",
                    "miss",
                    "hit or dup",
                )
            elif (k is None or k.state == SHIP) and r == "duplicate":
                flag(
                    claim,
                    ruleset.rule("5.2.4", "5.1.4"),
                    f"nothing in the record destroyed {claim.cell} before",
                    "dup",
                    "hit or miss",
                )
            if r == "hit" or r == "duplicate":
                learn(claim.cell, DESTROYED)
            elif r == "miss":
                learn(claim.cell, EMPTY)
            if claim.explosions:
                _explosions(claim, known, geo, flag, ruleset)
                for c in claim.explosions:
                    learn(c, DESTROYED)
        elif claim.kind == "scan":
            expect = {EMPTY: "empty", DESTROYED: "destroyed"}.get(k.state) if k else None
            if expect is not None and claim.result != expect:
                flag(
                    claim,
                    "8.3.4.1",
                    f"the record already shows {claim.cell} {expect} ({since(k)})",
                    claim.result or "",
                    expect,
                )  # type: ignore[union-attr]
            elif k is not None and k.state == SHIP and claim.result == "empty":
                flag(
                    claim,
                    "8.3.4.1",
                    f"a ship was found at {claim.cell} ({since(k)})",
                    "empty",
                    "undamaged or destroyed",
                )
            if claim.result == "empty":
                learn(claim.cell, EMPTY)
            elif claim.result == "destroyed":
                learn(claim.cell, DESTROYED)
            elif claim.result == "undamaged":
                learn(claim.cell, SHIP)
        if claim.kind == "kamikaze":
            # The owner's own ship; the flashcube data returned tells of their space [7.2].
            for f in claim.flashcube:
                state = EMPTY if f.ship is None else DESTROYED if f.destroyed else SHIP
                old = known.get(f.cell)
                if old is None or old.state != DESTROYED:
                    known[f.cell] = _Known(state, turn)
        for d in claim.destroyed:
            if claim.kind == "kamikaze":
                continue  # the owner's own ship: checked with the owner's own side
            cells = frozenset(d.cells)
            if not has_shape(d.ship.type, cells, geo, ruleset.classic):
                flag(
                    claim,
                    ruleset.rule("3.5", "3.1"),
                    f"{' '.join(map(str, d.cells))} is not the shape of a {d.ship.name}",
                    f"destroys {d.ship}",
                    "a ship of that shape",
                )
            for c in cells:
                learn(c, DESTROYED)
        if claim.kind != "kamikaze" and (
            claim.flashcube or (claim.destroyed and ruleset.flashcube)
        ):
            cells = [c for d in claim.destroyed for c in d.cells]
            true = tuple(
                FlashcubeCell(
                    c,
                    s.id if (s := space.ship_at.get(c)) else None,
                    c in own_destroyed and s is not None,
                )
                for c in cells
            )
            diff = compare_flashcube(claim.flashcube, true, ruleset)
            if diff is not None:
                what = (
                    f"the flashcube data of {owner}'s own space"
                    if claim.flashcube
                    else f"{owner} owed flashcube data for the destroyed ship"
                )
                flag(claim, diff[0], what, diff[1], diff[2])
    if not immediate:
        for c in their_kamikazes:  # classic: destroyed at the end of the turn [classic 4.4.3]
            updates[c] = _Known(DESTROYED, turn)
    known.update(updates)
    _own_kamikazes(line, report_entries, out, source, ruleset)
    out.claims_checked += checked
    # Burn-out by the claims [8.2.4]: a diagonal beam whose end cells were both hits.
    burnt: set[ShipId] = set()
    beams = [c for c in line.claims if c.kind == "beam"]
    for beam, i in zip(mine.beams, range(0, len(beams), 3), strict=False):
        group = beams[i : i + 3]
        if (
            beam.diagonal
            and len(group) == 3
            and group[0].result == "hit"
            and group[2].result == "hit"
        ):
            burnt.add(beam.ship)
    return frozenset(burnt)


Flag = Callable[[Claim, str, str, str, str], None]


def _explosions(
    claim: Claim, known: dict[Cell, _Known], geo: Geometry, flag: Flag, ruleset: Ruleset
) -> None:
    """8.1.4: explosions only on a hit, the target first, the others next to it and not
    already destroyed or empty."""
    rule = ruleset.rule("8.1.4", "6.6.3")
    cells = claim.explosions
    written = "explodes " + " ".join(map(str, cells))
    if claim.result != "hit":
        flag(claim, rule, "only a hit on an unfired missile explodes", written, "no explosions")
        return
    if cells[0] != claim.cell:
        flag(
            claim,
            rule,
            "the explosions start at the struck missile",
            written,
            f"explodes {claim.cell} ...",
        )
        return
    for c in cells[1:]:
        k = known.get(c)
        if not geo.adjacent(claim.cell, c):
            flag(
                claim,
                rule,
                f"{c} is not next to {claim.cell}",
                written,
                f"cells next to {claim.cell}",
            )
            return
        if k is not None and k.state in (EMPTY, DESTROYED):
            flag(
                claim,
                rule,
                f"{c} was already known {k.state}",
                written,
                "undamaged cells of the same ship",
            )
            return


def _match_aspects(
    line: ResultLine, mine: CheckedOrders, out: Validation, source: str | None, owner: str
) -> set[int]:
    """Each claim answers one of the owner's visible aspects [2.2.2], and each aspect has its
    result written [11.7.1.3]; results themselves are checked by _plausible."""
    from notation.format import format_claim

    expected = [("beam", c) for b in mine.beams for c in b.cells]
    expected += [("strike", c) for c in mine.strikes]
    expected += [("scan", c) for c in mine.scans]
    expected += [("kamikaze", c) for c, _ in mine.kamikazes]
    left = list(expected)
    unmatched: set[int] = set()
    for index, claim in enumerate(line.claims):
        key = (claim.kind, claim.cell)
        if key in left:
            left.remove(key)
            continue
        unmatched.add(index)
        out.findings.append(
            Finding(
                "claim",
                "2.2.2",
                f"the orders of turn {line.turn} have no {claim.kind} on {claim.cell}",
                line.turn,
                owner,
                format_claim(claim),
                claim.position,
                source=source,
            )
        )
    prefix = {"beam": "b", "strike": "", "scan": "s", "kamikaze": "k"}
    for kind, cell in left:
        out.findings.append(
            Finding(
                "claim",
                "11.7.1.3",
                "the results line has no entry for this visible aspect",
                line.turn,
                owner,
                f"{prefix[kind]}{cell}",
                line.position,
                source=source,
            )
        )
    return unmatched


def _own_kamikazes(
    line: ResultLine,
    entries: tuple[Entry, ...],
    out: Validation,
    source: str | None,
    ruleset: Ruleset,
) -> None:
    """The owner's kamikaze deaths: a ship of the owner's destroyed by one is exact [11.7.3]
    (the flashcube data the opponent returned for it is not checkable)."""
    true = {e.cell: e for e in entries if e.action == "kamikaze"}
    for claim in line.claims:
        entry = true.get(claim.cell)
        if claim.kind != "kamikaze" or entry is None:
            continue
        expected = replace(claim_from_entry(entry), flashcube=())
        diff = compare_claim(replace(claim, flashcube=()), expected, ruleset)
        if diff is not None:
            out.findings.append(
                Finding(
                    "claim",
                    diff.rule,
                    diff.message,
                    line.turn,
                    line.player,
                    format_claim(claim),
                    claim.position,
                    diff.claimed,
                    diff.actual,
                    source,
                )
            )


def _their_kamikazes_and_flashcube(
    line: ResultLine,
    after: GameState,
    owner: str,
    known: dict[Cell, _Known],
    out: Validation,
    source: str | None,
) -> None:
    """From the opponent's results line: the flashcube data they returned tells the owner about
    their space; when their kamikaze destroyed one of their ships, the owner's flashcube data
    for it is exact (the owner's space at the end of the opponent's report)."""
    ruleset = after.ruleset
    space = after.space(owner)
    destroyed = after.player(owner).destroyed
    for claim in line.claims:
        if claim.kind != "kamikaze":
            for f in claim.flashcube:
                state = EMPTY if f.ship is None else DESTROYED if f.destroyed else SHIP
                old = known.get(f.cell)
                if old is None or old.state != DESTROYED:
                    known[f.cell] = _Known(state, line.turn)
            continue
        for d in claim.destroyed:
            for c in d.cells:
                known[c] = _Known(DESTROYED, line.turn)
        if not claim.destroyed or not ruleset.flashcube:
            continue
        cells = [c for d in claim.destroyed for c in d.cells]
        true = tuple(
            FlashcubeCell(c, s.id if (s := space.ship_at.get(c)) else None, c in destroyed)
            for c in cells
        )
        diff = compare_flashcube(claim.flashcube, true, ruleset)
        if diff is not None:
            out.findings.append(
                Finding(
                    "claim",
                    diff[0],
                    f"the flashcube data of {owner}'s own space",
                    line.turn,
                    line.player,
                    format_claim(claim),
                    claim.position,
                    diff[1],
                    diff[2],
                    source,
                )
            )


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


def _board(record: Record, state: GameState, owner: str, known: dict[Cell, _Known]) -> PrivateBoard:
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


# A private record with the opponent's fleet added after the game [1.4]: the opponent's space
# is known, so everything is checked exactly, the opponent's orders being rebuilt from their
# results line. Only their missile launches are hidden [8.1.3.1]: assumed where a result needs one.


@dataclass
class _Launches:
    """The opponent's launches (missile or kamikaze) per turn, for assuming hidden ones: how
    many strikes they wrote and which ships already launched."""

    strikes: int
    ships: set[ShipId]


def validate_known(record: Record, owner: str, source: str | None = None) -> Validation:
    """The owner's private record with the opponent's fleet: both spaces are real."""
    from engine.game import start_record
    from engine.problems import FleetRefused
    from validate.validation import check_claims

    opponent = other(owner)
    out = Validation(kind=f"private {owner}", exact=True)
    try:
        _, state = start_record(record)
    except RulesetError as exc:
        out.findings.append(Finding("fleet", "rulings", str(exc), entry=exc.text, source=source))
        return out
    except FleetRefused as exc:
        out.findings.extend(finding_from_problem(p, "fleet", source) for p in exc.problems)
        out.unchecked.append("turns not checked: a fleet is refused")
        return out
    out.notes.append(
        f"read as {owner}'s private record with {opponent}'s fleet added: {opponent} has "
        f"results lines but no turn line, so {opponent}'s actions are taken from {opponent}'s "
        f"results lines (not as '{opponent} did nothing') and checked against both fleets"
    )
    out.unchecked.append(
        f"{opponent}'s missile launches: never revealed [8.1.3.1]; assumed only where a result "
        "needs one (said in a note)"
    )
    taint = _Taint()
    history: dict[int, _Launches] = {}
    last = max(record.last_turn, max((r.turn for r in record.results), default=0))
    while state.turn <= last:
        if state.over:
            out.findings.extend(findings_after_end(record, state, source))
            break
        turn = state.turn
        mine = _orders_for_turn(record, state, owner, out, taint, source)
        state, theirs = _rebuilt_orders(record, state, opponent, history, out, source)
        history[turn] = _Launches(len(theirs.strikes), {s for _, s in theirs.kamikazes})
        state, after, report = _play_assuming_launches(
            record, state, owner, mine, theirs, history, out
        )
        entries = {p: report.entries(p) for p in ("A", "B")}
        check_claims(record, state, entries, turn, out, taint, source)
        state = after
    out.state = state
    out.turns = state.turn - 1
    out.unchecked = summarise_missing(out.unchecked)
    if state.over:
        r = state.result
        out.notes.append(
            f"the game ends after turn {r.turn} [2.3]: A {r.score['A']}, B {r.score['B']}"  # type: ignore[index]
            + ("; a draw" if r.winner == "draw" else f"; {r.winner} wins")
        )
    else:
        out.notes.append(f"the record stops after turn {out.turns}; the game is not over [2.3]")
    out.findings = game_order(out.findings)
    return out


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
    from engine.entitlements import entitlements

    lines = result_lines(record, state.turn, player)
    if not lines:
        out.unchecked.append(
            f"no results line for turn {state.turn} {player}: {player}'s actions are not in the "
            "record; played as none"
        )
        return state, _empty(state, player)
    line = merged_line(lines)
    seen = _their_aspects(record, state, player, out)
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
                f"the results line shows {strikes} strikes; {player} had at most "
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
