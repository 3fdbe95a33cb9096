"""Claimed results against the rules [2.2.2-2.2.4, 5, 7, 8.1.4, 8.3.4, 11.7]: one player's
results line for one turn compared with what the engine says that turn revealed.

The engine's report is the truth; a claim is matched to the report entry of the same visible
aspect (kind and cell, the n-th claim on a cell to the n-th entry on it), so claims written out
of the conventional order are still checked. Each wrong claim is one finding naming what was
claimed, what the rules give and the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from notation.spaceships.cells import Cell
from notation.spaceships.records import Claim, DestroyedShip, FlashcubeCell, Position, ResultLine
from spaceships.engine.reports import Entry, claim_from_entry
from spaceships.engine.rulesets import Ruleset


@dataclass(frozen=True)
class Finding:
    """One problem in a record: where (turn, player, the entry as written and its position),
    what was claimed, what the rules give, and the rule. `kind` is "fleet", "orders", "claim",
    "records" (two records disagree) or "end" (play after the end)."""

    kind: str
    rule: str
    message: str
    turn: int | None = None
    player: str | None = None
    entry: str | None = None
    position: Position | None = None
    claimed: str | None = None
    actual: str | None = None
    source: str | None = None  # the file, when two records are checked
    hint: str | None = None
    note: str | None = None  # e.g. that this slip changes the rest of the game
    written: str | None = None  # the entry exactly as typed, where that differs from `entry`
    # Later findings that follow from this one (a hit written as a miss, struck again...).
    consequences: tuple[str, ...] = field(default=())

    def where(self) -> str:
        parts = []
        if self.turn is not None:
            parts.append(f"turn {self.turn}")
        if self.player is not None:
            parts.append(f"player {self.player}")
        text = ", ".join(parts)
        if self.entry is not None:
            text = f"{text}: `{self.entry}`" if text else f"`{self.entry}`"
            if self.written is not None and self.written != self.entry:
                text += f" (written `{self.written}`)"
        if self.position is not None:
            text += f" (line {self.position.line}:{self.position.column})"
        return text

    def __str__(self) -> str:
        text = self.where()
        body = self.message
        if self.claimed is not None or self.actual is not None:
            body = f"claimed {self.claimed or 'nothing'}; the rules give {self.actual or 'nothing'}"
            if self.message:
                body += f": {self.message}"
        text = f"{text}: {body}" if text else body
        text += f" [{self.rule}]"
        if self.hint:
            text += f"; {self.hint}"
        if self.note:
            text += f"; {self.note}"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "turn": self.turn,
            "player": self.player,
            "entry": self.entry,
            "written": self.written,
            "line": None if self.position is None else self.position.line,
            "column": None if self.position is None else self.position.column,
            "claimed": self.claimed,
            "actual": self.actual,
            "rule": self.rule,
            "message": self.message,
            "hint": self.hint,
            "note": self.note,
            "source": self.source,
            "consequences": list(self.consequences),
            "text": str(self),
        }


def _cells(cells: Iterable[Cell]) -> str:
    return " ".join(str(c) for c in cells)


_RESULT_WORD = {"duplicate": "dup"}


def _result(claim: Claim) -> str:
    prefix = {"beam": "b", "strike": "", "scan": "s", "kamikaze": "k"}[claim.kind]
    word = _RESULT_WORD.get(claim.result or "", claim.result or "")
    return f"{prefix}{claim.cell} {word}".strip()


def _destroyed_key(ships: Iterable[DestroyedShip]) -> set[tuple[str, frozenset[Cell]]]:
    return {(_ship_text(s.ship), frozenset(s.cells)) for s in ships}


def _ship_text(ship: Any) -> str:
    # `KC1` for a player's only kill cruiser is read as `KC` (the identity is optional [11.6.1]).
    return ship.type if ship.number in (None, 1) else str(ship)


def _flash_key(
    flashes: Iterable[FlashcubeCell],
) -> dict[Cell, tuple[str | None, bool]]:
    return {
        f.cell: (None if f.ship is None else _ship_text(f.ship), f.destroyed and f.ship is not None)
        for f in flashes
    }


def _flash_text(flashes: Iterable[FlashcubeCell]) -> str:
    out = []
    for f in flashes:
        out.append(
            f"{f.cell} -"
            if f.ship is None
            else f"{f.cell} {f.ship}" + (" x" if f.destroyed else "")
        )
    return ", ".join(out)


@dataclass(frozen=True)
class Difference:
    """How one claim differs from the truth: the first rule it breaks, the claimed and actual
    text of the parts that differ, and the cells whose state the record now has wrong."""

    rule: str
    claimed: str
    actual: str
    message: str
    tainted: frozenset[Cell]


def compare_claim(
    claim: Claim, true: Claim, ruleset: Ruleset, context: str = ""
) -> Difference | None:
    """None when the claim says what the rules give; otherwise the difference."""
    rules: list[str] = []
    claimed: list[str] = []
    actual: list[str] = []
    tainted: set[Cell] = set()
    reasons: list[str] = []
    if claim.result != true.result:
        if true.kind == "scan":
            rules.append("8.3.4.1")
        else:
            r = {
                "miss": ("5.2.2", "5.1.2"),
                "hit": ("5.2.3", "5.1.3"),
                "duplicate": ("5.2.4", "5.1.4"),
            }
            new, old = r.get(true.result or "", ("5.2", "5.1"))
            rules.append(ruleset.rule(new, old))
            if {claim.result, true.result} & {"hit"} or "miss" in {claim.result, true.result}:
                # The record now has this cell's state wrong for the rest of the game.
                tainted.add(true.cell)
        claimed.append(_result(claim))
        actual.append(_result(true))
        if context:
            reasons.append(context)
    if set(claim.explosions) != set(true.explosions):
        rules.append(ruleset.rule("8.1.4", "6.6.3"))
        claimed.append(
            "explodes " + _cells(claim.explosions) if claim.explosions else "no explosions"
        )
        actual.append("explodes " + _cells(true.explosions) if true.explosions else "no explosions")
        tainted |= set(claim.explosions) ^ set(true.explosions)
    if _destroyed_key(claim.destroyed) != _destroyed_key(true.destroyed):
        rules.append(ruleset.rule("11.7.3", "2.2.3"))
        claimed.append(
            " ".join(f"destroys {d.ship} {_cells(d.cells)}" for d in claim.destroyed)
            or "no ship destroyed"
        )
        actual.append(
            " ".join(f"destroys {d.ship} {_cells(d.cells)}" for d in true.destroyed)
            or "no ship destroyed"
        )
    else:
        flash = compare_flashcube(claim.flashcube, true.flashcube, ruleset)
        if flash is not None:
            rules.append(flash[0])
            claimed.append(flash[1])
            actual.append(flash[2])
    if not rules:
        return None
    return Difference(
        rules[0], "; ".join(claimed), "; ".join(actual), "; ".join(reasons), frozenset(tainted)
    )


def compare_flashcube(
    claimed: tuple[FlashcubeCell, ...], true: tuple[FlashcubeCell, ...], ruleset: Ruleset
) -> tuple[str, str, str] | None:
    """None when the flashcube data claimed is what the rules give [7.2]; otherwise the rule
    (7.2.1 ship or not, 7.2.2 destroyed or not, 7.2.3 type, 7.2.4 identity, 7.1 cells missing
    or extra), the claimed text and the true text."""
    cf, tf = _flash_key(claimed), _flash_key(true)
    if cf == tf:
        return None
    rule = "7.1"
    if not true and claimed and ruleset.classic:
        rule = "rulings Classic"  # the classic rules have no flashcube data
    elif claimed:
        for cell, (ship, destroyed) in tf.items():
            got = cf.get(cell)
            if got is None:
                break
            if (got[0] is None) != (ship is None):
                rule = "7.2.1"
                break
            if got[1] != destroyed:
                rule = "7.2.2"
                break
            if got[0] is not None and ship is not None and got[0][:2] != ship[:2]:
                rule = "7.2.3"
                break
            if got[0] != ship:
                rule = "7.2.4"
                break
    return (
        rule,
        "flashcube " + _flash_text(claimed) if claimed else "no flashcube data",
        "flashcube " + _flash_text(true) if true else "no flashcube data",
    )


@dataclass
class TurnClaims:
    """The result of comparing one results line with the truth."""

    findings: list[tuple[Finding, frozenset[Cell]]]  # each with the cells it leaves wrong
    notes: list[str]
    checked: int


def compare_line(
    line: ResultLine,
    entries: tuple[Entry, ...],
    ruleset: Ruleset,
    explain: Callable[[Entry], str] | None = None,
    source: str | None = None,
) -> TurnClaims:
    """Every claim of `line` against the engine's `entries` for that turn and player.
    `explain(entry) -> str` may say why the rules give what they give."""
    trues = [claim_from_entry(e) for e in entries]
    used = [False] * len(trues)
    findings: list[tuple[Finding, frozenset[Cell]]] = []
    notes: list[str] = []
    order: list[int] = []
    checked = 0
    for claim in line.claims:
        match = next(
            (
                i
                for i, t in enumerate(trues)
                if not used[i] and t.kind == claim.kind and t.cell == claim.cell
            ),
            None,
        )
        written = _claim_text(claim)
        if match is None:
            what = {
                "beam": "beam strike on",
                "strike": "strike on",
                "scan": "scan of",
                "kamikaze": "kamikaze launch from",
            }[claim.kind]
            findings.append(
                (
                    Finding(
                        "claim",
                        "2.2.2",
                        f"the orders of turn {line.turn} have no "
                        + (
                            "further "
                            if any(t.kind == claim.kind and t.cell == claim.cell for t in trues)
                            else ""
                        )
                        + f"{what} {claim.cell}",
                        line.turn,
                        line.player,
                        written,
                        claim.position,
                        source=source,
                    ),
                    frozenset(),
                )
            )
            continue
        used[match] = True
        order.append(match)
        checked += 1
        true = trues[match]
        diff = compare_claim(claim, true, ruleset, explain(entries[match]) if explain else "")
        if diff is not None:
            findings.append(
                (
                    Finding(
                        "claim",
                        diff.rule,
                        diff.message,
                        line.turn,
                        line.player,
                        written,
                        claim.position,
                        diff.claimed,
                        diff.actual,
                        source,
                    ),
                    diff.tainted,
                )
            )
    for i, t in enumerate(trues):
        if not used[i]:
            findings.append(
                (
                    Finding(
                        "claim",
                        "11.7.1.3",
                        "the results line has no entry for this visible aspect",
                        line.turn,
                        line.player,
                        _claim_text(t),
                        line.position,
                        "nothing",
                        _claim_text(t),
                        source,
                    ),
                    frozenset(),
                )
            )
    if order != sorted(order):
        notes.append(
            f"turn {line.turn}, player {line.player}: results written in another order than "
            "the conventional one [11.7.1.1]; each was matched to its action by cell"
        )
    return TurnClaims(findings, notes, checked)


def _claim_text(claim: Claim) -> str:
    from notation.spaceships.format import format_claim

    return format_claim(claim)
