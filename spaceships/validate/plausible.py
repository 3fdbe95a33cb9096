"""Plausibility of the results a private record's owner was given in the opponent's space: what
the owner knew of each cell, and the claims that contradict it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from notation.spaceships.cells import Cell
from notation.spaceships.format import format_claim
from notation.spaceships.records import Claim, FlashcubeCell, ResultLine
from notation.spaceships.ships import ShipId
from spaceships.engine.geometry import Geometry
from spaceships.engine.orders import CheckedOrders
from spaceships.engine.reports import Entry
from spaceships.engine.rulesets import Ruleset
from spaceships.engine.shapes import has_shape
from spaceships.engine.state import GameState
from spaceships.validate.claims import Finding, claim_from_entry, compare_claim, compare_flashcube
from spaceships.validate.findings import Validation

# What a player knows of a cell of the opponent's space.
EMPTY, SHIP, DESTROYED = "empty", "ship", "destroyed"


@dataclass
class Known:
    state: str
    turn: int


def check_plausible(
    line: ResultLine,
    mine: CheckedOrders,
    before: GameState,
    owner: str,
    own_destroyed: frozenset[Cell] | set[Cell],
    known: dict[Cell, Known],
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
            known[c] = Known(DESTROYED, turn)
    updates: dict[Cell, Known] = {}

    def learn(cell: Cell, what: str) -> None:
        target = known if immediate else updates
        old = known.get(cell)
        if old is not None and old.state == DESTROYED:
            return
        target[cell] = Known(what, turn)

    def flag(claim: Claim, rule: str, message: str, claimed: str, actual: str) -> None:
        from notation.spaceships.format import format_claim

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

    def since(k: Known) -> str:
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
                    known[f.cell] = Known(state, turn)
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
            updates[c] = Known(DESTROYED, turn)
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
    claim: Claim, known: dict[Cell, Known], geo: Geometry, flag: Flag, ruleset: Ruleset
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
    result written [11.7.1.3]; results themselves are checked by check_plausible."""
    from notation.spaceships.format import format_claim

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


def their_kamikazes_and_flashcube(
    line: ResultLine,
    after: GameState,
    owner: str,
    known: dict[Cell, Known],
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
                    known[f.cell] = Known(state, line.turn)
            continue
        for d in claim.destroyed:
            for c in d.cells:
                known[c] = Known(DESTROYED, line.turn)
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
