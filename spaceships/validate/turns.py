"""Checking a record turn by turn: the orders each turn plays, the claims of its results lines
against the true results, and which findings follow from an earlier slip (taint)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from notation.spaceships.cells import Cell
from notation.spaceships.orders import Beam, Scan, Strike
from notation.spaceships.records import Claim, Record, ResultLine
from notation.spaceships.ships import ShipId
from spaceships.engine.game import after_end
from spaceships.engine.orders import CheckedBeam, CheckedOrders, check_orders
from spaceships.engine.problems import OrdersRefused, Problem
from spaceships.engine.reports import Entry
from spaceships.engine.state import PLAYERS, GameState, other
from spaceships.validate.claims import Finding, compare_line
from spaceships.validate.findings import Validation, finding_from_problem
from spaceships.validate.played import played_orders


def result_lines(record: Record, turn: int, player: str) -> list[ResultLine]:
    return [r for r in record.results if r.turn == turn and r.player == player]


def merged_line(lines: list[ResultLine]) -> ResultLine:
    claims: tuple[Claim, ...] = ()
    for line in lines:
        claims += line.claims
    return ResultLine(lines[0].turn, lines[0].player, claims, lines[0].position)


class Taint:
    """Cells whose state a record has wrong since an earlier wrong claim, per space, with the
    finding that caused it; later findings about those cells are its consequences."""

    def __init__(self) -> None:
        self.cells: dict[str, dict[Cell, int]] = {p: {} for p in PLAYERS}
        self.wrong: dict[int, set[Cell]] = {}  # per finding, the cells it left wrong

    def follows(self, out: Validation, origin: int, consequences: tuple[str, ...]) -> None:
        """Later findings that follow from finding `origin`, listed under it. Only now is it
        said that the slip changes the rest of the game: one that no later result depends on
        (or one in the last turn) changes nothing else."""
        first = out.findings[origin]
        note = first.note or (
            "this changes the rest of the game: the record has "
            + " ".join(str(c) for c in sorted(self.wrong.get(origin, ()), key=str))
            + " wrong from here on; later results are checked against the true state"
        )
        out.findings[origin] = replace(
            first, note=note, consequences=(*first.consequences, *consequences)
        )

    def origin(self, space: str, cells: set[Cell]) -> int | None:
        for c in cells:
            if c in self.cells[space]:
                return self.cells[space][c]
        return None


def check_claims(
    record: Record,
    state_before: GameState,
    entries: dict[str, tuple[Entry, ...]],
    turn: int,
    out: Validation,
    taint: Taint,
    source: str | None = None,
) -> None:
    """Compare the record's results lines for `turn` with the true entries."""
    ruleset = state_before.ruleset
    if ruleset.classic:
        entries = destructions_where_written(record, turn, entries)
    has_results = bool(record.results)
    for p in PLAYERS:
        lines = result_lines(record, turn, p)
        if not lines:
            if has_results and entries[p]:
                out.unchecked.append(
                    f"no results line for turn {turn} {p}: results of {p}'s actions not checked"
                )
            continue
        line = merged_line(lines)
        if len(lines) > 1:
            out.notes.append(
                f"turn {turn}, player {p}: {len(lines)} results lines, read as one in the order "
                "written"
            )
        defender = other(p)
        compared = compare_line(
            line, entries[p], ruleset, explainer(state_before, defender), source
        )
        out.claims_checked += compared.checked
        out.notes.extend(compared.notes)
        by_cell = {c.cell: c for c in line.claims}
        for finding, tainted in compared.findings:
            cells = {finding_cell(finding, by_cell)} - {None}
            origin = taint.origin(defender, cells)  # type: ignore[arg-type]
            if origin is not None:
                taint.follows(out, origin, (str(finding),))
                continue
            out.findings.append(finding)
            index = len(out.findings) - 1
            taint.wrong[index] = set(tainted)
            for c in tainted:
                taint.cells[defender].setdefault(c, index)


def destructions_where_written(
    record: Record, turn: int, entries: dict[str, tuple[Entry, ...]]
) -> dict[str, tuple[Entry, ...]]:
    """Classic: every destruction happens at the turn's end [classic 2.4], so when several of a
    turn's entries together complete a ship (a strike on one cell, a kamikaze from another),
    the rules do not say which entry carries the report; the engine puts it on the first
    reported. Where the record writes it on another of them, the truth is taken to be there."""
    found = {(p, i): e for p in PLAYERS for i, e in enumerate(entries[p])}
    claims = {
        p: merged_line(result_lines(record, turn, p)).claims
        if result_lines(record, turn, p)
        else ()
        for p in PLAYERS
    }

    def claim_for(p: str, e: Entry) -> Claim | None:
        return next((c for c in claims[p] if c.kind == e.action and c.cell == e.cell), None)

    def claims_destroyed(p: str, e: Entry, ship: ShipId) -> bool:
        c = claim_for(p, e)
        return c is not None and any(d.ship == ship for d in c.destroyed)

    moved = dict(found)
    for (p, i), e in found.items():
        for d in e.destroyed:
            if claims_destroyed(p, e, d.ship):
                continue
            takers = [
                (q, j)
                for (q, j), x in found.items()
                if (q, j) != (p, i)
                and x.cell in d.cells
                and (x.action == "kamikaze" or x.result == "hit")
                and claims_destroyed(q, x, d.ship)
            ]
            if not takers:
                continue
            q, j = takers[0]
            moved[(p, i)] = replace(
                moved[(p, i)], destroyed=tuple(x for x in moved[(p, i)].destroyed if x != d)
            )
            moved[(q, j)] = replace(moved[(q, j)], destroyed=(*moved[(q, j)].destroyed, d))
    return {p: tuple(moved[(p, i)] for i in range(len(entries[p]))) for p in PLAYERS}


def finding_cell(finding: Finding, by_cell: dict[Cell, Claim]) -> Cell | None:
    """The cell a claim finding is about (from its entry text)."""
    if finding.entry is None:
        return None
    word = finding.entry.split()[0]
    text = word[1:] if word[0] in "bsk" else word
    for cell in by_cell:
        if str(cell) == text:
            return cell
    try:
        from spaceships.engine.reports import cell_from_json

        return cell_from_json(text)
    except (IndexError, ValueError):
        return None


def explainer(state: GameState, defender: str) -> Any:
    """Why the rules give an entry's result: the defender's ship at the cell."""
    space = state.space(defender)

    def explain(entry: Entry) -> str:
        ship = space.ship_at.get(entry.cell)
        if ship is None:
            return f"{defender} has no ship at {entry.cell}"
        if entry.result in ("duplicate", "destroyed"):
            return f"{entry.cell} of {defender}'s {ship.id} was already destroyed"
        return f"{entry.cell} is a cell of {defender}'s {ship.id}"

    return explain


def orders_for_turn(
    record: Record,
    state: GameState,
    player: str,
    out: Validation,
    taint: Taint,
    source: str | None,
) -> CheckedOrders:
    line = record.orders(state.turn, player)
    orders = line.orders if line is not None else ()
    positions = (line.order_positions or ()) if line is not None else ()
    try:
        return check_orders(state, player, orders, positions)
    except OrdersRefused as exc:
        problems = [p if p.position is not None else whole_line(p, line) for p in exc.problems]
        origin = believed_origin(state, player, orders, taint)
        if origin is not None:
            extra = tuple(str(finding_from_problem(p, "orders", source)) for p in problems)
            taint.follows(out, origin, extra)
        else:
            out.findings.extend(finding_from_problem(p, "orders", source) for p in problems)
        checked, dropped = played_orders(state, player, orders)
        note = (
            f"turn {state.turn}, player {player}: orders refused; the rest of the game is checked "
            "with them as they were played"
        )
        if dropped:
            note += ", except " + "; ".join(dropped)
        out.notes.append(note)
        return checked


def whole_line(p: Problem, line: Any) -> Problem:
    """A problem about a whole order list names the list as written."""
    if line is None:
        return p
    from notation.spaceships.format import format_turn_line

    subject = p.subject if p.subject is not None else format_turn_line(line)
    return replace(p, subject=subject, position=line.position)


def believed_origin(state: GameState, player: str, orders: Any, taint: Taint) -> int | None:
    """If the orders are legal in the state the record believed (its wrong cells put back),
    the finding that made it believe so."""
    cells = taint.cells[player]
    if not cells:
        return None
    me = state.player(player)
    ship_cells = state.space(player).cells
    believed = me.destroyed ^ (frozenset(cells) & ship_cells)
    if believed == me.destroyed:
        return None
    other_state = replace(state, **{"a" if player == "A" else "b": replace(me, destroyed=believed)})
    try:
        check_orders(other_state, player, orders)
    except OrdersRefused:
        return None
    return min(cells.values())


def findings_after_end(record: Record, state: GameState, source: str | None) -> list[Finding]:
    """What a record holds after the game ended [2.3]: orders, and results never reported."""
    found = [finding_from_problem(p, "end", source) for p in after_end(record, state)]
    for r in record.results:
        if r.turn >= state.turn and r.claims:
            found.append(
                Finding(
                    "end",
                    "2.3",
                    f"the game ended after turn {state.result.turn}; these results "
                    "were never reported",
                    r.turn,
                    r.player,
                    f"{r.turn} {r.player} results",
                    r.position,
                    source=source,
                )
            )
    return found


def their_aspects(record: Record, state: GameState, player: str, out: Validation) -> CheckedOrders:
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
            return empty_orders(state, player)
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


def empty_orders(state: GameState, player: str) -> CheckedOrders:
    return CheckedOrders(state.turn, player, (), (), (), (), (), (), False, 0, 0)
