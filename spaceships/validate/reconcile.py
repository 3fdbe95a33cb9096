"""Reconciling the two players' records of one game [1.4.1]: same ruleset, same fleets as
revealed, same orders, same results; then both checked against the rules
(spaceships.validate.validation).

Each player's fleet and orders are taken from that player's own record (the other record may
hold only what was revealed); where both records hold something, they must agree. Every claim of
both records is checked against the true results; a wrong claim both records share is reported
once, naming both files.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from notation.spaceships.format import format_claim, format_turn_line
from notation.spaceships.orders import MissileLaunch
from notation.spaceships.records import Position, Record, ResultLine, TurnLine
from spaceships.engine.state import PLAYERS, other
from spaceships.validate.claims import Finding
from spaceships.validate.findings import Validation, game_order
from spaceships.validate.turns import merged_line, result_lines
from spaceships.validate.validation import validate_record


def _owner(record: Record) -> str | None:
    fleets = [p for p in PLAYERS if p in record.fleets]
    return fleets[0] if len(fleets) == 1 else None


def validate_two(
    first: Record,
    second: Record,
    name1: str,
    name2: str,
    carried: dict[str, int] | None = None,
) -> Validation:
    """Two players' records of one game; `carried`: a continued match's materiel [10.3]."""
    out = Validation(kind="two records")
    o1, o2 = _owner(first), _owner(second)
    if o1 is None and o2 is None:
        if not first.fleets or not second.fleets:
            out.findings.append(
                Finding("records", "2.1", "a record has no fleet at all", source=name1)
            )
            return out
        o1, o2 = "A", "B"
        out.notes.append(f"both records have both fleets: {name1} taken as A's, {name2} as B's")
    elif o1 is None:
        o1 = other(o2)  # type: ignore[arg-type]
    elif o2 is None:
        o2 = other(o1)
    if o1 == o2:
        out.findings.append(
            Finding(
                "records",
                "1.4.1",
                f"both records are player {o1}'s; reconciling needs one record from each player",
                source=f"{name1}, {name2}",
            )
        )
        return out
    records = {o1: first, o2: second}
    names = {o1: name1, o2: name2}

    # Ruleset and options: both players must play the same game.
    for tag in ("Ruleset", "Options"):
        v1, v2 = first.tag(tag, ""), second.tag(tag, "")
        if (v1 or "") != (v2 or ""):
            out.findings.append(
                Finding(
                    "records",
                    "rulings",
                    f"the records name different {tag.lower()}: {v1 or 'none'} and {v2 or 'none'}",
                    claimed=v2 or "none",
                    actual=None,
                    source=f"{name1}, {name2}",
                )
            )
    # Fleets as revealed.
    fleets = {}
    for p in PLAYERS:
        own, theirs = records[p], records[other(p)]
        if p in own.fleets:
            fleets[p] = own.fleets[p]
        elif p in theirs.fleets:
            fleets[p] = theirs.fleets[p]
            out.notes.append(f"player {p}'s fleet taken from {names[other(p)]}")
        if p in own.fleets and p in theirs.fleets and _ships(own, p) != _ships(theirs, p):
            out.findings.append(
                Finding(
                    "records",
                    "1.4.1",
                    f"the two records disagree on player {p}'s fleet",
                    player=p,
                    entry=f"{p} fleet",
                    position=theirs.fleet_positions.get(p),
                    claimed=str(theirs.fleets[p]),
                    actual=str(own.fleets[p]),
                    source=names[other(p)],
                )
            )
    # Orders: each player's own record is the authority.
    turns: list[TurnLine] = []
    last = max(first.last_turn, second.last_turn)
    for t in range(1, last + 1):
        for p in PLAYERS:
            own = records[p].orders(t, p)
            seen = records[other(p)].orders(t, p)
            line = own if own is not None else seen
            if line is not None:
                turns.append(line)
            if own is not None and seen is not None and _visible(own) != _visible(seen, own):
                out.findings.append(
                    Finding(
                        "records",
                        "1.4.1",
                        f"the two records disagree on player {p}'s orders",
                        t,
                        p,
                        format_turn_line(seen),
                        seen.position,
                        " ".join(sorted(_visible(seen, own))) or "no actions",
                        " ".join(sorted(_visible(own))) or "no actions",
                        names[other(p)],
                    )
                )
    # Results: the same claims in both.
    last_results = max((r.turn for r in (*first.results, *second.results)), default=0)
    for t in range(1, last_results + 1):
        for p in PLAYERS:
            l1, l2 = result_lines(first, t, p), result_lines(second, t, p)
            if not l1 or not l2:
                continue
            out.findings.extend(_disagreements(merged_line(l1), merged_line(l2), name1, name2))

    merged = Record(
        tags=first.tags,
        fleets=fleets,
        turns=tuple(turns),
        results=first.results,
        fleet_positions={p: records[p].fleet_positions.get(p) for p in fleets},  # type: ignore[misc]
    )
    if len(fleets) < 2:
        out.unchecked.append("a fleet is in neither record: each record checked on its own")
        for rec, name in ((first, name1), (second, name2)):
            part = validate_record(rec, name, carried)
            out.materiel.update(part.materiel)
            out.findings.extend(part.findings)
            out.notes.extend(f"{name}: {n}" for n in part.notes)
            out.unchecked.extend(f"{name}: {n}" for n in part.unchecked)
        out.findings = game_order(out.findings)
        return out
    check1 = validate_record(merged, name1, carried)
    check2 = validate_record(replace(merged, results=second.results), name2, carried)
    owner_name = {p: names[p] for p in PLAYERS}
    found: list[Finding] = []
    for f in check1.findings:
        if f.kind in ("fleet", "orders", "end") and f.player in owner_name:
            f = replace(f, source=owner_name[f.player])  # the line came from its owner's record
        found.append(f)
    shared = {(f.turn, f.player, f.entry, f.rule): i for i, f in enumerate(found)}
    for f in check2.findings:
        if f.kind != "claim":
            continue  # fleets and orders are the same merged ones: already reported
        key = (f.turn, f.player, f.entry, f.rule)
        if key in shared:
            i = shared[key]
            found[i] = replace(found[i], source=f"{name1}, {name2}")
            continue
        found.append(f)
    out.findings = _one_problem_per_disagreement([*out.findings, *found], name1, name2)
    out.notes.extend(check1.notes)
    out.notes.extend(n for n in check2.notes if n not in check1.notes)
    out.unchecked.extend(f"{name1}: {u}" for u in check1.unchecked)
    out.unchecked.extend(f"{name2}: {u}" for u in check2.unchecked)
    out.claims_checked = check1.claims_checked + check2.claims_checked
    out.turns = check1.turns
    out.state = check1.state
    out.materiel = check1.materiel
    out.game = check1.game
    out.findings = game_order(out.findings)
    return out


def _ships(record: Record, player: str) -> set[tuple[str, frozenset[object]]]:
    return {(str(s.ship), frozenset(s.cells)) for s in record.fleets[player].ships}


def _visible(line: TurnLine, own: TurnLine | None = None) -> list[str]:
    """The orders as the other player can know them; missile launches only when the other
    record writes them too (they are never revealed during play)."""
    keep_missiles = own is None or any(isinstance(o, MissileLaunch) for o in line.orders)
    return sorted(str(o) for o in line.orders if keep_missiles or not isinstance(o, MissileLaunch))


def _disagreements(l1: ResultLine, l2: ResultLine, name1: str, name2: str) -> list[Finding]:
    """Claims of the same results line that differ between the records, matched by aspect."""
    out: list[Finding] = []
    left = list(l2.claims)
    for c in l1.claims:
        match = next((d for d in left if d.kind == c.kind and d.cell == c.cell), None)
        if match is None:
            out.append(_disagree(l1, format_claim(c), c.position, "nothing", name1, name2))
            continue
        left.remove(match)
        if format_claim(match) != format_claim(c):
            out.append(
                _disagree(l1, format_claim(c), c.position, format_claim(match), name1, name2)
            )
    for d in left:
        out.append(_disagree(l2, "nothing", None, format_claim(d), name1, name2, d.position))
    return out


def _disagree(
    line: ResultLine,
    text1: str,
    pos1: Position | None,
    text2: str,
    name1: str,
    name2: str,
    pos2: Position | None = None,
) -> Finding:
    return Finding(
        "records",
        "1.4.1",
        f"the two records disagree: {_short(name1)} has `{_brief(text1, text2)}`, "
        f"{_short(name2)} has `{_brief(text2, text1)}`",
        line.turn,
        line.player,
        _brief(text1, text2) if text1 != "nothing" else _brief(text2, text1),
        pos1 or pos2,
        source=name1 if pos1 else name2,
    )


def _short(name: str) -> str:
    return Path(name).name


def _brief(text: str, other_text: str) -> str:
    """An entry as far as it differs from the other record's: its first word, then only the
    words that differ (`Yz1 ... Yz2 x` against `Yz1 ... Yz2 -`)."""
    words, others = text.split(), other_text.split()
    if len(text) <= 30 or len(words) < 3:
        return text
    start = 0
    while start < min(len(words), len(others)) and words[start] == others[start]:
        start += 1
    end = 0
    while (
        end < min(len(words), len(others)) - start
        and words[len(words) - 1 - end] == others[len(others) - 1 - end]
    ):
        end += 1
    start = max(start - 1, 1)  # one word before the difference, for context
    middle = words[start : len(words) - end]
    shown = [words[0]]
    if start > 1:
        shown.append("...")
    shown += middle
    if end and len(words) - end > start:
        shown.append("...")
    return " ".join(shown)


def _one_problem_per_disagreement(findings: list[Finding], name1: str, name2: str) -> list[Finding]:
    """Where the records disagree on a claim, the claim checks of either record on the same
    aspect are folded into the disagreement: one problem, quoting both entries, with what the
    rules give and the rule."""

    def aspect(f: Finding) -> tuple[int | None, str | None, str] | None:
        if f.entry is None:
            return None
        return (f.turn, f.player, f.entry.split()[0])

    disagreements = {
        aspect(f): i
        for i, f in enumerate(findings)
        if f.kind == "records" and f.message.startswith("the two records disagree:")
    }
    out = list(findings)
    folded: set[int] = set()
    for i, f in enumerate(findings):
        if f.kind != "claim" or aspect(f) not in disagreements:
            continue
        j = disagreements[aspect(f)]
        first = out[j]
        verdict = f"the rules give `{f.actual or 'nothing'}`" + (
            f" ({f.message})" if f.message else ""
        )
        message = first.message if verdict in first.message else f"{first.message}; {verdict}"
        out[j] = replace(first, message=message, rule=f.rule, source=f"{name1}, {name2}")
        folded.add(i)
    return [f for i, f in enumerate(out) if i not in folded]
