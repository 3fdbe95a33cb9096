"""Checking a record of a game [1.4.1]: fleets, orders and claimed results, turn by turn; every
problem, in game order, with the rule it breaks.

The engine adjudicates the orders as they were played (validate.played: an illegal order list is
reported, then played as far as it makes sense, since the game at the table went on with it);
each results line is compared with the true results (validate.claims). A wrong claim that leaves
the record with a cell's state wrong (a hit written as a miss) is reported once, with a note that
it changes the rest of the game; later claims that are wrong only because of it are listed under
it as consequences, not as problems of their own. A record lacking one fleet (a player's private
record) is checked by validate.private; two records are reconciled by validate.reconcile.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from engine.adjudicate import adjudicate
from engine.game import Game, after_end, start_record
from engine.orders import CheckedOrders, check_orders
from engine.problems import FleetRefused, OrdersRefused, Problem, RulesetError
from engine.reports import Entry
from engine.state import PLAYERS, GameState, other
from notation.cells import Cell
from notation.records import Claim, Record, ResultLine
from validate.claims import Finding, compare_line
from validate.played import played_orders


@dataclass
class Validation:
    """What checking one record (or two) found."""

    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)  # what could not be checked, and why
    state: GameState | None = None  # the true state after the last turn checked
    game: Game | None = None
    turns: int = 0
    claims_checked: int = 0
    kind: str = "record"  # "record", "private A", "private B", "two records"
    board: Any = None  # validate.private.PrivateBoard, for `show` on a private record
    # A private record with the opponent's fleet added: every claim is checked exactly.
    exact: bool = False

    @property
    def ok(self) -> bool:
        return not self.findings

    @property
    def problems(self) -> list[Finding]:
        return self.findings

    def verdict(self) -> str:
        if self.ok:
            if self.kind.startswith("private"):
                owner = self.kind[-1]
                text = f"consistent: {owner}'s fleet and orders are legal ({_turns(self.turns)})"
                if self.claims_checked:
                    text += f", all {self.claims_checked} claimed results are right" + (
                        "" if self.exact else " or plausible"
                    )
            else:
                text = f"consistent: fleets and orders are legal ({_turns(self.turns)})"
                if self.claims_checked:
                    text += f", all {self.claims_checked} claimed results are right"
            if self.unchecked:
                text += f"; {len(self.unchecked)} thing(s) could not be checked (see notes)"
            return text
        n = len(self.findings)
        follow = sum(len(f.consequences) for f in self.findings)
        text = f"not consistent: {n} problem{'s' if n != 1 else ''}"
        if follow:
            text += (
                f" (and {follow} later entr{'ies' if follow != 1 else 'y'} that follow from them)"
            )
        return text + f" in {_turns(self.turns)}"

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        if self.game is not None:
            d.update(self.game.to_json())  # the report of spec/record-format.md
        d.update(
            {
                "ok": self.ok,
                "verdict": self.verdict(),
                "kind": self.kind,
                "turns_checked": self.turns,
                "claims_checked": self.claims_checked,
                "problems": [f.to_json() for f in self.findings],
                "notes": list(self.notes),
                "unchecked": list(self.unchecked),
            }
        )
        return d


def _turns(n: int) -> str:
    return f"{n} turn{'' if n == 1 else 's'}"


def finding_from_problem(p: Problem, kind: str, source: str | None = None) -> Finding:
    return Finding(
        kind,
        p.rule,
        p.message,
        p.turn,
        p.player,
        p.subject,
        p.position,
        source=source,
        hint=p.hint,
    )


def game_order(findings: list[Finding]) -> list[Finding]:
    """Fleets first, then turn by turn, A before B, each in the order of the record."""

    def key(f: Finding) -> tuple[int, str, int, int]:
        pos = f.position
        return (
            f.turn or 0,
            f.player or "",
            pos.line if pos else 10**9,
            pos.column if pos else 0,
        )

    return sorted(findings, key=key)


def result_lines(record: Record, turn: int, player: str) -> list[ResultLine]:
    return [r for r in record.results if r.turn == turn and r.player == player]


def merged_line(lines: list[ResultLine]) -> ResultLine:
    claims: tuple[Claim, ...] = ()
    for line in lines:
        claims += line.claims
    return ResultLine(lines[0].turn, lines[0].player, claims, lines[0].position)


class _Taint:
    """Cells whose state a record has wrong since an earlier wrong claim, per space, with the
    finding that caused it; later findings about those cells are its consequences."""

    def __init__(self) -> None:
        self.cells: dict[str, dict[Cell, int]] = {p: {} for p in PLAYERS}

    def origin(self, space: str, cells: set[Cell]) -> int | None:
        for c in cells:
            if c in self.cells[space]:
                return self.cells[space][c]
        return None


def _cells_of(finding_claim: Claim | None, true: Entry | None) -> set[Cell]:
    out: set[Cell] = set()
    if finding_claim is not None:
        out.add(finding_claim.cell)
        out |= set(finding_claim.explosions)
        for d in finding_claim.destroyed:
            out |= set(d.cells)
    if true is not None:
        out.add(true.cell)
        out |= set(true.explosions)
    return out


def check_claims(
    record: Record,
    state_before: GameState,
    entries: dict[str, tuple[Entry, ...]],
    turn: int,
    out: Validation,
    taint: _Taint,
    source: str | None = None,
) -> None:
    """Compare the record's results lines for `turn` with the true entries."""
    ruleset = state_before.ruleset
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
            line, entries[p], ruleset, _explainer(state_before, defender), source
        )
        out.claims_checked += compared.checked
        out.notes.extend(compared.notes)
        by_cell = {c.cell: c for c in line.claims}
        for finding, tainted in compared.findings:
            cells = {finding_cell(finding, by_cell)} - {None}
            origin = taint.origin(defender, cells)  # type: ignore[arg-type]
            if origin is not None:
                first = out.findings[origin]
                out.findings[origin] = replace(
                    first, consequences=(*first.consequences, str(finding))
                )
                continue
            if tainted:
                finding = replace(
                    finding,
                    note="this changes the rest of the game: the record has "
                    + " ".join(str(c) for c in sorted(tainted, key=str))
                    + " wrong from here on; later results are checked against the true state",
                )
            out.findings.append(finding)
            index = len(out.findings) - 1
            for c in tainted:
                taint.cells[defender].setdefault(c, index)


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
        from engine.reports import cell_from_json

        return cell_from_json(text)
    except (IndexError, ValueError):
        return None


def _explainer(state: GameState, defender: str) -> Any:
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


def _orders_for_turn(
    record: Record,
    state: GameState,
    player: str,
    out: Validation,
    taint: _Taint,
    source: str | None,
) -> CheckedOrders:
    line = record.orders(state.turn, player)
    orders = line.orders if line is not None else ()
    positions = (line.order_positions or ()) if line is not None else ()
    try:
        return check_orders(state, player, orders, positions)
    except OrdersRefused as exc:
        problems = [p if p.position is not None else _whole_line(p, line) for p in exc.problems]
        origin = _believed_origin(state, player, orders, taint)
        if origin is not None:
            first = out.findings[origin]
            extra = tuple(str(finding_from_problem(p, "orders", source)) for p in problems)
            out.findings[origin] = replace(first, consequences=(*first.consequences, *extra))
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


def _whole_line(p: Problem, line: Any) -> Problem:
    """A problem about a whole order list names the list as written."""
    if line is None:
        return p
    from notation.format import format_turn_line

    subject = p.subject if p.subject is not None else format_turn_line(line)
    return replace(p, subject=subject, position=line.position)


def _believed_origin(state: GameState, player: str, orders: Any, taint: _Taint) -> int | None:
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


def validate_record(record: Record, source: str | None = None) -> Validation:
    """Every problem of a whole-game record: fleets, orders, claimed results."""
    if any(p not in record.fleets for p in PLAYERS) and any(p in record.fleets for p in PLAYERS):
        from validate.private import validate_private

        return validate_private(record, source)
    owner = private_owner(record)
    if owner is not None:
        from validate.private import validate_private

        return validate_private(record, source, owner=owner)
    out = Validation()
    try:
        ruleset, state = start_record(record)
    except RulesetError as exc:
        out.findings.append(Finding("fleet", "rulings", str(exc), entry=exc.text, source=source))
        return out
    except FleetRefused as exc:
        out.findings.extend(finding_from_problem(p, "fleet", source) for p in exc.problems)
        out.unchecked.append("turns not checked: a fleet is refused")
        return out
    if not record.results:
        out.notes.append("the record has no results lines: only fleets and orders are checked")
    taint = _Taint()
    last = max(record.last_turn, max((r.turn for r in record.results), default=0))
    while state.turn <= last:
        if state.over:
            out.findings.extend(findings_after_end(record, state, source))
            break
        checked = {p: _orders_for_turn(record, state, p, out, taint, source) for p in PLAYERS}
        before = state
        state, report = adjudicate(state, checked["A"], checked["B"])
        entries = {p: report.entries(p) for p in PLAYERS}
        check_claims(record, before, entries, before.turn, out, taint, source)
    out.state = state
    out.turns = state.turn - 1
    out.game = Game(record, ruleset, state)
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


_MISSING = re.compile(r"^no results line for turn (\d+) ([AB]): (.*)$")


def summarise_missing(unchecked: list[str]) -> list[str]:
    """Many "no results line for turn N B: ..." read as one: "no results lines for B in turns
    1-4, 7: ..."; others kept in place."""
    groups: dict[tuple[str, str], list[int]] = {}
    for text in unchecked:
        m = _MISSING.match(text)
        if m:
            groups.setdefault((m.group(2), m.group(3)), []).append(int(m.group(1)))
    out: list[str] = []
    done: set[tuple[str, str]] = set()
    for text in unchecked:
        m = _MISSING.match(text)
        if m is None:
            out.append(text)
            continue
        key = (m.group(2), m.group(3))
        turns = groups[key]
        if len(turns) < 3:
            out.append(text)
        elif key not in done:
            done.add(key)
            out.append(f"no results lines for {key[0]} in turns {_ranges(turns)}: {key[1]}")
    return out


def _ranges(numbers: list[int]) -> str:
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(parts)
