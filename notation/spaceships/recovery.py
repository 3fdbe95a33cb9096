"""Error recovery: parse a text with lark, and after each error repair the text and parse on,
so that one mistake does not hide the next. Knows no value types."""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from notation.errors import NotationError, raise_errors
from notation.spaceships.hints import diagnose, expected_words, fix_cell
from notation.spaceships.slips import regroup

_WORD = re.compile(r"[^\s,;#()]+")
_MAX_ERRORS = 200

_local = threading.local()


def collect_comment(token: Token) -> None:
    sink = getattr(_local, "comments", None)
    if sink is not None:
        sink.append(token)


@dataclass
class Attempt:
    """The state of parsing one text with recovery."""

    text: str
    work: str
    start: str = "record"  # the grammar's start rule
    errors: list[NotationError] = field(default_factory=list)
    bad_lines: set[int] = field(default_factory=set)
    comments: list[Token] = field(default_factory=list)


def _line_bounds(text: str, pos: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return start, (len(text) if end < 0 else end)


def _error_at(attempt: Attempt, exc: UnexpectedInput) -> tuple[NotationError, int, _Repair]:
    """The NotationError for a lark error, and how to repair the text before parsing on."""
    work = attempt.work
    if isinstance(exc, UnexpectedCharacters):
        pos, expected = exc.pos_in_stream, set(exc.allowed or ())
    elif isinstance(exc, UnexpectedToken):
        token = exc.token
        expected = set(exc.expected or ())
        if token.type == "$END" or token.start_pos is None:
            pos = len(work.rstrip("\n"))
        else:
            pos = token.start_pos
    else:  # UnexpectedEOF
        pos, expected = len(work.rstrip("\n")), set(getattr(exc, "expected", ()))
    pos = min(pos, len(work))
    line_start, line_end = _line_bounds(work, pos)
    line = work.count("\n", 0, pos) + 1
    column = pos - line_start + 1
    match = _WORD.match(work, pos)
    word = match.group() if match else ""
    if not word and pos < line_end and work[pos] in "();":
        word = work[pos]
    # An error inside a word (`Gx33`, `Gx10`: lark took `Gx3`, `Gx1`): judge the whole word.
    start = pos
    while start > line_start and not re.match(r"[\s,;#()]", work[start - 1]):
        start -= 1
    whole = _WORD.match(work, start)
    if start < pos and whole and fix_cell(whole.group()) is not None:
        pos, word, column = start, whole.group(), start - line_start + 1
        expected = {"CELL"}
    if len(word) > 3 and expected & {"CELL", "PART"} and fix_cell(word) is None:
        if fix_cell(word[:3]) is not None:
            word = word[:3]  # `gx3Rv1` after b: the first cell is the misspelt one
    before = work[line_start:pos].replace(",", " ").replace(";", " ").split()
    previous = before[-1] if before else ""
    if len(before) > 1 and before[-2] in ("b", "m", "k", "s"):
        previous = before[-2] + previous  # `b Rv1` reads as `bRv1`
    if _in_fleet(attempt, line_start):
        # The grammar shares a ship's cell list with `destroys` in results lines; in a fleet
        # these results words are never right and would only puzzle.
        expected -= _RESULTS_ONLY
    found = diagnose(word, frozenset(expected), previous)
    error = NotationError(
        found.message,
        attempt.text,
        line,
        column,
        expected_words(frozenset(expected)),
        found.hint,
        word,
        len(word),
    )
    if found.stand_in is not None and word:
        end = pos + len(word)
        if len(found.stand_in) <= len(word):
            # A misspelt word: put a correct spelling in its place (same width, so every
            # column stays put) and parse on to find the next error on the same line.
            return error, line, _Repair(pos, end, found.stand_in.ljust(len(word)), True)
        # No room for a stand-in: drop the whole word it is part of (`bRv1Rx6`).
        start = pos
        while start > line_start and not re.match(r"[\s,;#]", work[start - 1]):
            start -= 1
        return error, line, _Repair(start, end, "", True)
    if word and _in_order_list(attempt, line_start):
        # Orders are separate words: drop the bad one (`mQ`) and parse on, so that every
        # error of an order line is reported, not only the first.
        start = pos
        while start > line_start and not re.match(r"[\s,]", work[start - 1]):
            start -= 1
        end = pos
        while end < line_end and not re.match(r"[\s,#]", work[end]):
            end += 1
        return error, line, _Repair(start, end, "", True)
    return error, line, _Repair(pos, line_end, "", False)


_TURN_LINE = re.compile(r"\s*\d+\s*[AB]\s*:")
_FLEET_HEAD = re.compile(r"\s*[AB]\s+fleet\s*:", re.I)
_RESULTS_ONLY = frozenset({"EXPLODES", "DESTROYS", "FLASHCUBE"})


def _in_fleet(attempt: Attempt, line_start: int) -> bool:
    """Is the error in a fleet: the whole text of parse_fleet, or a record's `A fleet:` line
    or one of its indented continuation lines?"""
    if attempt.start == "fleet_text":
        return True
    if attempt.start != "record":
        return False
    while line_start > 0 and attempt.work[line_start] in " \t":
        line_start = attempt.work.rfind("\n", 0, line_start - 1) + 1
    return _FLEET_HEAD.match(attempt.work, line_start) is not None


def _in_order_list(attempt: Attempt, line_start: int) -> bool:
    """Is the error on an order list: the whole text of parse_orders, or a record's turn line?"""
    if attempt.start == "orders_text":
        return True
    return attempt.start == "record" and _TURN_LINE.match(attempt.work, line_start) is not None


@dataclass(frozen=True, slots=True)
class _Repair:
    start: int
    end: int
    replacement: str  # "" to blank the span
    word_level: bool


def _blank(text: str, start: int, end: int) -> str:
    # Spaces keep every later line and column where it was.
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def recover(parser: Lark, text: str, start: str) -> tuple[Any, Attempt]:
    """Parse `text` from the grammar rule `start`; after each error blank the bad word (or the
    rest of the line) and parse on. The result of the last parse, and every error found."""
    attempt = Attempt(text, text if text.endswith("\n") else text + "\n", start)
    structural: set[int] = set()  # lines whose structure is broken: skip them whole
    last: tuple[int, str] | None = None
    for _ in range(_MAX_ERRORS + text.count("\n") + 2):
        attempt.comments = []
        _local.comments = attempt.comments
        try:
            result = parser.parse(attempt.work, start=start)
        except UnexpectedInput as exc:
            error, line, repair = _error_at(attempt, exc)
            state = (repair.start, attempt.work)
            if (
                line in structural
                or state == last
                or (not repair.word_level and line in attempt.bad_lines)
            ):
                # A further complaint about a line already reported follows from the first:
                # drop the rest of the line (or the whole line) instead of reporting it.
                line_start, line_end = _line_bounds(attempt.work, repair.start)
                cut = line_start if line in structural or state == last else repair.start
                if not attempt.work[cut:line_end].strip():
                    cut = line_start
                if not attempt.work[line_start:line_end].strip():
                    # The line is already blank: the trouble started on the line before.
                    line_end = max(line_start - 1, 0)
                    cut = attempt.work.rfind("\n", 0, line_end) + 1
                    if not attempt.work[cut:line_end].strip():
                        break
                structural.add(line)
                last = state
                attempt.work = _blank(attempt.work, cut, line_end)
                continue
            last = state
            attempt.errors.append(error)
            attempt.bad_lines.add(line)
            if not repair.word_level:
                structural.add(line)
            if repair.replacement:
                attempt.work = (
                    attempt.work[: repair.start] + repair.replacement + attempt.work[repair.end :]
                )
            else:
                span_start, span_end = repair.start, repair.end
                if span_end <= span_start:
                    span_start, span_end = _line_bounds(attempt.work, span_start)
                attempt.work = _blank(attempt.work, span_start, span_end)
            if len(attempt.errors) >= _MAX_ERRORS:
                break
            continue
        finally:
            _local.comments = None
        return result, attempt
    raise_errors(regroup(attempt.errors))
    raise NotationError("cannot make sense of this text", text, 1, 1)  # pragma: no cover
