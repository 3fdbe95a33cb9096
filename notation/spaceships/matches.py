"""A match record (record-format.md, "A match"): a record with a `[Match]` tag, its tags, then
`[Round "N"]` sections, each holding what a single game's record holds after its tags. Syntax
only: what the tags mean (kinds of match, ends, build tables) is the engine's business.

Each round is read as a record of its own whose tags are the match's tags and its Round tag,
with every position pointing into the whole text, so errors and findings name the real line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from notation.errors import NotationError, NotationErrors, raise_errors
from notation.spaceships.cells import COLOUR_ORDERS
from notation.spaceships.format import format_record
from notation.spaceships.parse import parse_record
from notation.spaceships.records import Position, Record

# A line holding only a Round tag (and perhaps a comment) opens a game of the match.
ROUND_LINE = re.compile(r'^[ \t]*\[[ \t]*Round[ \t]+"([^"\n]*)"[ \t]*\][ \t\r]*(#.*)?$', re.M)
# A line holding the Match tag: only it makes a text a match record.
MATCH_LINE = re.compile(r'^[ \t]*\[[ \t]*Match[ \t]+"', re.M)
_TAG_OR_BLANK = re.compile(r"^[ \t]*(\[|#|$)")


@dataclass(frozen=True, slots=True)
class Round:
    """One game of a match: its number and its record (match tags first, then Round)."""

    number: int
    record: Record
    position: Position | None = None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A parsed match record: the match's tags, in order, and its games."""

    tags: tuple[tuple[str, str], ...]
    rounds: tuple[Round, ...]
    # The head as parsed (tags and their comments), kept for `fmt`.
    head: Record = Record()

    def tag(self, name: str, default: str | None = None) -> str | None:
        for key, value in self.tags:
            if key == name:
                return value
        return default


def is_match(text: str) -> bool:
    """Whether a text is a match record: it has a `[Match "..."]` tag. Without one it is a
    single game whatever its `[Round]` says, as in PGN: `[Round "3"]` may be the third game of
    a club ladder (record-format.md, "A match")."""
    return MATCH_LINE.search(text) is not None


def parse_match(text: str) -> MatchRecord:
    """A whole match record; raises NotationErrors with every error of every round."""
    # Mail brings CRLF line ends; the positions are the same either way.
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    starts = [i for i, line in enumerate(lines) if ROUND_LINE.fullmatch(line)]
    if not starts:
        raise NotationError(
            'a match record needs [Round "1"] before its first game',
            text,
            1,
            1,
            ('[Round "1"]',),
            'each game of a match opens with its [Round "N"] line; without the [Match] tag the '
            "text is read as a single game",
        )
    errors: list[NotationError] = []
    head_lines = lines[: starts[0]]
    head_text = "\n".join(head_lines)
    head = Record()
    try:
        head = parse_record(head_text)
    except NotationError as exc:
        errors.extend(exc.errors)
    started = [p for p in head.fleet_positions.values()]
    started += [t.position for t in head.turns if t.position]
    started += [r.position for r in head.results if r.position]
    if started:
        where = min(started, key=lambda p: (p.line, p.column))
        errors.append(
            NotationError(
                "this comes before the first [Round] of the match",
                text,
                where.line,
                where.column,
                ('[Round "1"]',),
                'in a match, each game begins with its [Round "N"] line; the match\'s tags '
                "come before the first",
            )
        )
    # Only the head's tag lines go before each round (the rest was refused above).
    tag_lines = [line if _TAG_OR_BLANK.match(line) else "" for line in head_lines]
    rounds: list[Round] = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(lines)
        match = ROUND_LINE.fullmatch(lines[start])
        assert match is not None
        value = match.group(1).strip()
        column = lines[start].index('"') + 2
        expected = index + 1
        if value != str(expected):
            errors.append(
                NotationError(
                    f'round "{value}" where round {expected} was expected',
                    text,
                    start + 1,
                    column,
                    (f'[Round "{expected}"]',),
                    "rounds are numbered 1, 2, 3 ... in order, without gaps",
                )
            )
        # Blank lines in place of the other rounds keep every position true to the text.
        padded = tag_lines + [""] * (start - len(head_lines)) + lines[start:end]
        try:
            record = parse_record("\n".join(padded))
        except NotationError as exc:
            # The head's own errors were said once already.
            errors.extend(e for e in exc.errors if e.line > len(head_lines))
            continue
        rounds.append(Round(expected, record, Position(start + 1, 1)))
    raise_errors([_in_whole(e, text) for e in errors])
    return MatchRecord(head.tags, tuple(rounds), head)


def _in_whole(error: NotationError, text: str) -> NotationError:
    """An error of one round's text, shown against the whole text (same line numbers)."""
    if error.text == text:
        return error
    return NotationError(
        error.message,
        text,
        error.line,
        error.column,
        error.expected,
        error.hint,
        error.word,
        error.length,
    )


def parse_any(text: str) -> Record | MatchRecord:
    """A match record when the text has a Match tag, a single game's record otherwise."""
    if is_match(text):
        return parse_match(text)
    try:
        return parse_record(text)
    except NotationError as exc:
        rounds = [m.start() for m in ROUND_LINE.finditer(text)]
        if len(rounds) < 2:
            raise
        # Several games under Round tags, but no Match tag: say why it was read as one game.
        line = text.count("\n", 0, rounds[1]) + 1
        missing = NotationError(
            "a second [Round] in a record without a [Match] tag, read as a single game",
            text,
            line,
            1,
            ('[Match "scored"]', '[Match "continued"]'),
            'a match record names its kind in the tags at the top, e.g. [Match "scored"]',
        )
        errors = [missing, *(e for e in exc.errors if e.line != line)]
        raise NotationErrors(sorted(errors, key=lambda e: (e.line, e.column))) from exc


def format_match(match: MatchRecord) -> str:
    """The canonical text of a match record: its tags, then each game under its Round tag."""
    parts = [format_record(match.head).rstrip("\n")] if match.tags else []
    for game in match.rounds:
        record = game.record
        own = len(match.tags)
        comments = tuple(
            replace(c, anchor=("tag", 0)) if c.anchor == ("tag", own) else c
            for c in record.comments
            if not (c.anchor[0] == "tag" and isinstance(c.anchor[1], int) and c.anchor[1] < own)
        )
        body = replace(record, tags=record.tags[own:], comments=comments)
        parts.append(format_record(body, _colour_order(match)).rstrip("\n"))
    return "\n\n".join(parts) + "\n"


def _colour_order(match: MatchRecord) -> str:
    for option in (match.tag("Options", "") or "").split():
        if option.startswith("colours=") and option[8:] in COLOUR_ORDERS:
            return option[8:]
    return "ROYGB"
