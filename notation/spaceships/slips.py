"""Syntax errors regrouped around slips people make typing a record by hand: one error for a
cell written with spaces (`G x 4`) instead of one per letter, and one for `Turn 1:` headings
instead of one per line below them, each saying how the line is written."""

from __future__ import annotations

import re

from notation.errors import NotationError

# A cell with a space inside it: `G x 4`, `Gx 4`, `G x4` (not `Gx4`, which reads fine).
_SPACED_CELL = re.compile(r"(?<![A-Za-z0-9])([ROYGB])( *)([vwxyz])( *)([1-5])(?![0-9])")
_HEADING = re.compile(r"^\s*(turn|round|move)\s*(\d+)\s*[:.]?\s*$", re.IGNORECASE)
_HEADED_LINE = re.compile(r"^\s*[AB]\s*(results\s*)?:", re.IGNORECASE)


def regroup(errors: list[NotationError]) -> list[NotationError]:
    """The same errors, with those a spaced cell or a turn heading caused replaced by one each."""
    if not errors:
        return errors
    text = errors[0].text
    lines = text.splitlines()
    out = _spaced_cells(errors, lines, text)
    return _headings(out, lines, text)


def _spaced_cells(errors: list[NotationError], lines: list[str], text: str) -> list[NotationError]:
    by_line: dict[int, list[tuple[int, int, str]]] = {}
    for e in errors:
        if e.line in by_line or not 0 < e.line <= len(lines):
            continue
        spans = []
        for m in _SPACED_CELL.finditer(lines[e.line - 1]):
            if m.group(2) or m.group(4):
                spans.append((m.start() + 1, m.end(), m.group(1) + m.group(3) + m.group(5)))
        by_line[e.line] = spans
    out: list[NotationError] = []
    said: set[tuple[int, int]] = set()
    for e in errors:
        span = next(
            (s for s in by_line.get(e.line, ()) if s[0] <= e.column <= s[1]),
            None,
        )
        if span is None:
            out.append(e)
            continue
        start, end, cell = span
        if (e.line, start) in said:
            continue
        said.add((e.line, start))
        written = lines[e.line - 1][start - 1 : end]
        out.append(
            NotationError(
                f"`{written}` is a cell written with spaces",
                text,
                e.line,
                start,
                hint=f"write a cell without spaces: `{cell}`",
                word=written,
                length=len(written),
            )
        )
    return out


def _headings(errors: list[NotationError], lines: list[str], text: str) -> list[NotationError]:
    headed: set[int] = set()  # lines that are headings, or `A: ...` lines under one
    first: int | None = None
    under = False
    for number, line in enumerate(lines, start=1):
        if _HEADING.match(line):
            headed.add(number)
            under = True
            first = first or number
        elif under and _HEADED_LINE.match(line):
            headed.add(number)
        elif line.strip() and not line.lstrip().startswith("#"):
            under = False
    if first is None or not any(e.line in headed for e in errors):
        return errors
    heading = lines[first - 1].strip()
    turn = _HEADING.match(heading).group(2)  # type: ignore[union-attr]
    one = NotationError(
        f"`{heading}` is a heading; the judge reads a turn number at the start of each line",
        text,
        first,
        lines[first - 1].index(heading) + 1,
        hint=(
            f"write the turn's lines as `{turn} A: Gx3 ...` and `{turn} B: ...` (results "
            f"`{turn} A results: ...`), without the heading line; the same for every "
            "heading below"
        ),
        word=heading,
        length=len(heading),
    )
    return sorted(
        [one, *(e for e in errors if e.line not in headed)], key=lambda e: (e.line, e.column)
    )
