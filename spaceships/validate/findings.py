"""What a check found: the Validation of a record, findings made from the engine's problems, in
game order, and the summary of what could not be checked."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from notation.spaceships.records import Record
from notation.spaceships.ships import SHIP_TYPES
from spaceships.engine.game import Game, start_record
from spaceships.engine.problems import FleetRefused, Problem, RulesetError
from spaceships.engine.rulesets import Ruleset
from spaceships.engine.state import GameState, PlayerState
from spaceships.validate.claims import Finding


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
    # Each player's remaining materiel where the check ended (a continued match carries it).
    materiel: dict[str, int] = field(default_factory=dict)
    board: Any = None  # spaceships.validate.private.PrivateBoard, for `show` on a private record
    fleets_as_written: bool = False  # a fleet was refused; the turns were played with it
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


# Ends a game can have besides the rules' [2.3]: how the judge (and people) write them in a
# record's [Termination] tag ("Bob (B) wins after turn 3 (Alice (A) resigned)").
_OFF_THE_BOARD = re.compile(
    r"resign|concede|cancel|abandon|forfeit|withdr[ae]w|agreed|timed? ?out|no result",
    re.IGNORECASE,
)


def ended_off_the_board(termination: str | None) -> bool:
    """Whether a [Termination] tag tells of an end other than by the rules."""
    return termination is not None and bool(_OFF_THE_BOARD.search(termination))


def conclude(out: Validation, state: GameState, termination: str | None = None) -> Validation:
    """The end of a whole-game check: the state reached, whether the game ended and how (by the
    rules, or as the record's `[Termination]` tag says: a resignation, a cancellation), what
    was not checked, and the findings in game order."""
    out.state = state
    out.materiel = {p: state.materiel(p) for p in ("A", "B")}
    out.turns = state.turn - 1
    out.unchecked = summarise_missing(out.unchecked)
    if state.over:
        r = state.result
        out.notes.append(
            f"the game ends after turn {r.turn} [2.3]: A {r.score['A']}, B {r.score['B']}"  # type: ignore[index]
            + ("; a draw" if r.winner == "draw" else f"; {r.winner} wins")
        )
    elif ended_off_the_board(termination):
        out.notes.append(
            f"the game ends after turn {out.turns} off the board, as its [Termination] tag says: "
            f"{termination}"
        )
    else:
        out.notes.append(f"the record stops after turn {out.turns}; the game is not over [2.3]")
    out.findings = game_order(out.findings)
    if out.fleets_as_written:
        out.findings = fold_into_refused_ships(out.findings)
    return out


_CELL = re.compile(r"\b[ROYGB][v-z][1-5]\b")


def fold_into_refused_ships(findings: list[Finding]) -> list[Finding]:
    """Later findings about a cell of a refused ship, listed under that ship's finding: they
    follow from where the ship was written, not from a slip of their own."""
    refused = [
        (i, set(_CELL.findall(f.entry or ""))) for i, f in enumerate(findings) if f.kind == "fleet"
    ]
    kept: list[Finding] = []
    under: dict[int, list[str]] = {}
    for f in findings:
        cells = set(_CELL.findall(str(f))) if f.kind != "fleet" else set()
        owner = next((j for j, ship in refused if ship & cells), None)
        if owner is None:
            kept.append(f)
        else:
            under.setdefault(owner, []).append(str(f))
    return [
        replace(f, consequences=(*f.consequences, *under[findings.index(f)]))
        if findings.index(f) in under
        else f
        for f in kept
    ]


def start_game(
    record: Record, out: Validation, source: str | None, carried: dict[str, int] | None = None
) -> tuple[Ruleset, GameState] | None:
    """The game at the start of a record; None when its ruleset or a fleet is refused, the
    reason being added to `out`. `carried`: a continued match's materiel [10.3]."""
    out.findings.extend(turn_gaps(record, source))
    try:
        return start_record(record, carried)
    except RulesetError as exc:
        out.findings.append(Finding("fleet", "rulings", str(exc), entry=exc.text, source=source))
    except FleetRefused as exc:
        out.findings.extend(finding_from_problem(p, "fleet", source) for p in exc.problems)
        # Not in a continued match: its game starts from what was carried [10.3], which a
        # refused build leaves unknown.
        state = fleets_as_written(record) if carried is None else None
        if state is None:
            out.unchecked.append("turns not checked: a fleet is refused")
            return None
        out.fleets_as_written = True
        out.notes.append(
            "a fleet is refused; the turns are still checked with the fleets as written, so "
            "that one misplaced ship does not hide the later slips (what the refused fleet "
            "itself changes may be reported too)"
        )
        return state.ruleset, state
    return None


def turn_gaps(record: Record, source: str | None = None) -> list[Finding]:
    """Turns with no line at all, neither orders nor results from either player, before a turn
    that has lines: turns are numbered from 1 without gaps (docs/notation.md), so a gap is a
    turn left out or later turns numbered one too high, never a quiet turn of no actions."""
    lines = [*record.turns, *record.results]
    present = sorted({line.turn for line in lines})
    out: list[Finding] = []
    runs: list[tuple[int, int]] = []  # first and last turn of each gap, never listed one by one
    for before, after in zip([0, *present], present, strict=False):
        if after > before + 1:
            runs.append((before + 1, after - 1))
    for low, high in runs:
        after = high + 1
        first = min(
            (x for x in lines if x.turn == after and x.position is not None),
            key=lambda x: (x.position.line, x.position.column),  # type: ignore[union-attr]
            default=None,
        )
        which = f"turn {low}" if low == high else f"turns {low}-{high}"
        empty = " ".join(f"`{n} A:` `{n} B:`" for n in range(low, min(high, low + 1) + 1))
        empty += " ..." if high > low + 1 else ""
        out.append(
            Finding(
                "orders",
                "record format",
                f"the record has no line for {which}, though turn {after} follows: turns are "
                "numbered from 1 without gaps",
                low,
                position=None if first is None else first.position,
                source=source,
                hint=(
                    f"if nobody acted, write the empty turn lines {empty}; if turn {low} was "
                    f"written under turn {after}, renumber the turns from there"
                ),
            )
        )
    return out


def fleets_as_written(record: Record) -> GameState | None:
    """The game set up with both fleets as written, though refused, where that means something:
    both fleets there, every ship of a known type with cells of its own; otherwise None."""
    try:
        ruleset = Ruleset.from_tags(record.ruleset, record.options)
    except RulesetError:
        return None
    if any(p not in record.fleets for p in ("A", "B")):
        return None
    for fleet in record.fleets.values():
        cells = [c for placement in fleet.ships for c in placement.cells]
        ids = [placement.ship for placement in fleet.ships]
        if len(set(cells)) != len(cells) or len(set(ids)) != len(ids) or not cells:
            return None
        if any(not pl.cells or pl.ship.type not in SHIP_TYPES for pl in fleet.ships):
            return None
    try:
        return GameState(ruleset, PlayerState(record.fleets["A"]), PlayerState(record.fleets["B"]))
    except ValueError:
        return None
