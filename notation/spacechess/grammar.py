"""The grammar of Space Chess records (spacechess.lark), its parser and its syntax errors.

Knows no value types: it gives lark's trees, and turns lark's complaints into
`notation.errors.NotationError`s that say what was expected, where, and how to fix it.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from notation.errors import NotationError

__all__ = ["RECORD_HINT", "parse_tree", "parser"]

RECORD_HINT = (
    'record lines are tags `[Name "value"]` and turns like `2 A: Hd3-Hd1 Gc3>Gc2`; actions are '
    "a move `Ab1-Ab3`, a shot `Ab1>Ab2`, a mine `M@Ab2`, a rebuild `G@Ab2` or `pass` "
    "(docs/space-chess.md)"
)
_ACTION_HINT = (
    "an action is a move `Ab1-Ab3`, a shot `Ab1>Ab2` (towards that neighbour), a mine "
    "`M@Ab2`, a rebuild `G@Ab2` or `pass`"
)

_WORDS = {
    "NUMBER": "a turn number",
    "WORD": "a cell like Ab2",
    "TAG_NAME": "a tag's name",
    "STRING": 'a "quoted" value',
    "COMMENT": "a comment",
    "_NL": "the end of the line",
    "LSQB": "`[`",
    "RSQB": "`]`",
    "COLON": "`:`",
    "COMMA": "`,`",
    "DASH": "`-`",
    "MORETHAN": "`>`",
    "AT": "`@`",
    "$END": "the end",
}


@cache
def parser() -> Lark:
    """The LALR parser of records and of single actions; it builds plain trees."""
    grammar = Path(__file__).with_name("spacechess.lark").read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start=["record", "action_text"],
        propagate_positions=True,
        maybe_placeholders=False,
    )


def parse_tree(text: str, start: str) -> Tree[Token]:
    """The tree of `text` (a newline is added if it lacks one) from the start rule `start`; a
    syntax error raises NotationError."""
    source = text if text.endswith("\n") or start == "action_text" else text + "\n"
    try:
        return parser().parse(source, start=start)
    except UnexpectedInput as exc:
        raise _syntax_error(text, start, exc) from None


def _expected(exc: UnexpectedInput) -> tuple[str, ...]:
    names = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    words: list[str] = []
    for name in names:
        word = _WORDS.get(name)
        if word is None and name.startswith("__ANON"):
            continue
        word = word or name.lower().strip("_")
        if word not in words and word != "a comment":
            words.append(word)
    return tuple(words)


def _syntax_error(text: str, start: str, exc: UnexpectedInput) -> NotationError:
    line = exc.line if exc.line and exc.line > 0 else 1
    column = exc.column if exc.column and exc.column > 0 else 1
    expected = _expected(exc)
    found = ""
    if isinstance(exc, UnexpectedToken):
        found = "" if exc.token.type in ("$END", "_NL") else str(exc.token.value)
        if not found:
            lines = text.splitlines() or [""]
            line = min(line, len(lines))
            column = len(lines[line - 1].rstrip()) + 1
    elif isinstance(exc, UnexpectedCharacters):
        found = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
    source = (text.splitlines() or [""])[line - 1] if text.splitlines() else ""
    in_turn = start == "action_text" or ":" in source[: column - 1]
    hint = _ACTION_HINT if in_turn else RECORD_HINT
    head = source[: column - 1]
    if re.fullmatch(r"\s*[0-9]+\s*", head):
        expected = ("the side T or A",)
    if found == "." or (re.fullmatch(r"\s*[0-9]+\s*[A-Za-z]+\s*", head) and "`:`" in expected):
        return NotationError(
            f"unexpected {found!r}" if found.strip() else "the line ends too early",
            text,
            line,
            column,
            expected,
            "a turn starts with its number, its side and a colon: `2 A: Hd3-Hd1`",
            found,
            max(1, len(found)),
        )
    if not in_turn and found and found[0].isalpha() and source.strip()[:1].isalpha():
        return NotationError(
            f"unexpected {found!r}: a turn line starts with its number",
            text,
            line,
            column,
            expected,
            "write `3 T: Ab1-Ab3` (" + RECORD_HINT + ")",
            found,
        )
    what = f"unexpected {found!r}" if found.strip() else "the line ends too early"
    return NotationError(what, text, line, column, expected, hint, found, max(1, len(found)))
