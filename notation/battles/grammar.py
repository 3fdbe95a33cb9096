"""The grammar of Ship Codes and battle records (battles.lark), its parser, its syntax errors.

Knows no value types: it gives lark's trees, or builds with a transformer it is handed (the value
types' readers in codes.py and the record's in parse.py), and turns lark's complaints into
`notation.errors.NotationError`s that say what was expected, where, and how to fix it.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from notation.battles.letters import HULLS
from notation.errors import NotationError

__all__ = ["build", "parse_tree", "parser", "syntax_error", "token_error"]

_FIELDS = ("class", "systems", "cost", "turn mode", "engines")
_SHAPE = "class-systems-cost-turn mode-engines, e.g. E-SAI(Gf)I(Xf)IIV-87-1-4"


@cache
def parser() -> Lark:
    """The LALR parser of every start rule; it builds plain trees."""
    grammar = (Path(__file__).with_name("battles.lark")).read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start=["code_text", "design_text", "hex_text", "system_text", "record"],
        propagate_positions=True,
        maybe_placeholders=False,
    )


def parse_tree(text: str, start: str) -> Tree[Token]:
    """The tree of `text` from the start rule `start`; a syntax error raises NotationError."""
    try:
        return parser().parse(text, start=start)
    except UnexpectedInput as exc:
        raise syntax_error(text, start, exc) from None


def build(text: str, start: str, transformer: Transformer[Token, Any]) -> Any:
    """Parse `text` and build its values with `transformer`. A NotationError the transformer
    raises (a wrong letter, see `token_error`) comes out as it is, not wrapped by lark."""
    tree = parse_tree(text, start)
    try:
        return transformer.transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, NotationError):
            raise exc.orig_exc from None
        raise


def token_error(text: str, token: Token, message: str, hint: str, length: int = 1) -> NotationError:
    """An error at a token the grammar accepted but the notation does not (a wrong letter)."""
    return NotationError(
        message, text, token.line or 1, token.column or 1, (), hint, token.value, length
    )


_TERMINAL_WORDS = {
    "HULL": "a hull class (E C F D CR BC BS SD)",
    "LETTER": "a system letter",
    "LPAR": "(",
    "RPAR": ")",
    "MINUS": "-",
    "ARC": "an arc (f r l b)",
    "NUMBER": "a number",
    "FIELD": "a number or ?",
    "HEX": "a hex like 0,8",
    "FACING": "a facing (N NE SE S SW NW)",
    "NAME": "a ship's name",
    "SIDE": "A or B",
    "STEPS": "moves like FFRF",
    "STAY": "stay",
    "HELD": "held",
    "WREF": "a weapon like Gf",
    "RANGE": "a range like r5",
    "DIE": "a die like d4",
    "DAMAGE": "damage like 1 or .5",
    "EQUAL": "=",
    "SEMICOLON": ";",
    "COLON": ":",
    "COMMA": ",",
    "MORETHAN": ">",
    "LSQB": "[",
    "_NL": "the end of the line",
    "TRACTOR_RESULT": "hit or miss",
    "SHEAR": "shear",
    "LAPSED": "lapsed",
    "SILENT": "silent",
    "PD": "point defence like pd4=1",
    "PICK": "a pick like pick1/2",
    "CARRY": "carry .5",
    "DESTROYED": "destroyed",
    "NOTHING": "nothing",
    "TAG_NAME": "a tag's name",
    "STRING": 'a "quoted" value',
}


def _expected(exc: UnexpectedInput) -> tuple[str, ...]:
    names = sorted(getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ())
    words = []
    for n in names:
        word = _TERMINAL_WORDS.get(n)
        if word is None and n.startswith("__ANON"):
            continue
        word = word or n.lower().strip("_")
        if word not in words:
            words.append(word)
    return tuple(words)


def syntax_error(text: str, start: str, exc: UnexpectedInput) -> NotationError:
    line, column = exc.line if exc.line > 0 else 1, exc.column if exc.column > 0 else 1
    expected = _expected(exc)
    found = ""
    if isinstance(exc, UnexpectedToken):
        found = "" if exc.token.type == "$END" else str(exc.token.value)
        if exc.token.type == "$END" or exc.token.type == "_NL":
            line, column = _end_of(text, exc)
    elif isinstance(exc, UnexpectedCharacters):
        found = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
    if start in ("code_text", "design_text") or _in_code(text, line, column):
        return _code_error(text, line, column, found, expected)
    short = _short_code(text, line, column)
    if short is not None and found == "at":
        fields = short.count("-") + 1
        return NotationError(
            f"the Ship Code {short} has {fields} field{'s' if fields != 1 else ''} of 5; "
            f"missing: {', '.join(_FIELDS[fields:])}",
            text,
            line,
            column - len(short) - 1,
            (),
            f"a Ship Code is {_SHAPE} [V.B]; `spaceships battles design {short}` works out "
            "the numbers",
            short,
        )
    what = f"unexpected {found!r}" if found.strip() else "the line ends too early"
    return NotationError(what, text, line, column, expected, _record_hint(expected), found)


def _end_of(text: str, exc: UnexpectedInput) -> tuple[int, int]:
    """The place just after the last character of the line an error ran off."""
    lines = text.splitlines() or [""]
    token = getattr(exc, "token", None)
    index = (token.line - 1) if token is not None and token.line else len(lines) - 1
    if token is not None and token.type == "$END":
        index = len(lines) - 1
        while index > 0 and not lines[index].strip():
            index -= 1
    index = min(max(index, 0), len(lines) - 1)
    if token is not None and token.type == "_NL" and token.line:
        index = token.line - 1
    return index + 1, len(lines[index].rstrip()) + 1


def _in_code(text: str, line: int, column: int) -> bool:
    """Whether an error of a record falls inside a ship line's Ship Code."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return False
    head = lines[line - 1][: column - 1]
    return bool(re.match(r"\s*[AB]\s+ship\s+\S+\s+\S*$", head))


_CODE_WORDS = {
    _TERMINAL_WORDS[name]
    for name in ("HULL", "LETTER", "LPAR", "RPAR", "MINUS", "ARC", "NUMBER", "FIELD", "_NL")
}


def _short_code(text: str, line: int, column: int) -> str | None:
    """The Ship Code of a ship line that stops before its numbers (`A ship Brick C-AI(Gb) at`)."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return None
    head = lines[line - 1][: column - 1]
    match = re.match(r"\s*[AB]\s+ship\s+\S+\s+(\S+)\s+$", head)
    if match is None or match.group(1).count("-") >= 4:
        return None
    return match.group(1)


def _code_error(
    text: str, line: int, column: int, found: str, expected: tuple[str, ...]
) -> NotationError:
    # The code sits inside a record's grammar, whose look-ahead also offers what may follow a
    # whole ship line (damage words, `:`); inside a code only the code's own parts are wanted.
    expected = tuple(word for word in expected if word in _CODE_WORDS) or expected
    source = text.splitlines()[line - 1] if text.splitlines() else ""
    word_start = source.rfind(" ", 0, column - 1) + 1
    code = source[word_start:].split()[0] if source[word_start:].split() else ""
    fields = code.count("-") + 1 if code else 0
    if found == ")" and "an arc (f r l b)" in expected:
        letter = source[column - 2] if column >= 2 else "G"
        return NotationError(
            f"the weapon {letter} has no arc of fire",
            text,
            line,
            column - 1,
            expected,
            f"add an arc after the letter: ({letter}f) front, ({letter}r) right, "
            f"({letter}l) left, ({letter}b) rear [V.A.2]",
            letter,
        )
    if not found.strip() and fields < 5 and "-" in expected:
        missing = ", ".join(_FIELDS[fields:])
        return NotationError(
            f"the Ship Code has {fields} field{'s' if fields != 1 else ''} of 5; missing: "
            f"{missing}",
            text,
            line,
            column,
            expected,
            f"a Ship Code is {_SHAPE} [V.B]; `spaceships battles design` works out the numbers",
        )
    numeric = {"a number", "a number or ?"} & set(expected)
    if found.strip() and numeric and "a system letter" not in expected:
        field = _FIELDS[min(source[word_start : column - 1].count("-"), len(_FIELDS) - 1)]
        return NotationError(
            f"unexpected {found[0]!r}: the {field} is a number",
            text,
            line,
            column,
            expected,
            f"write the {field} as digits (`spaceships battles design` works out all three "
            f"numbers); a Ship Code is {_SHAPE} [V.B]",
            found[0],
        )
    if found[:1].islower() and found[:1].isalpha():
        return NotationError(
            f"unexpected {found[0]!r}: system letters are capitals",
            text,
            line,
            column,
            expected,
            f"write {found[0].upper()}; a small letter is only an arc inside parentheses [V.B.2]",
            found[0],
        )
    if found in HULLS or "a hull class (E C F D CR BC BS SD)" in expected:
        return NotationError(
            f"unknown hull class {found!r}" if found.strip() else "the hull class is missing",
            text,
            line,
            column,
            expected,
            f"a Ship Code starts with its class: {_SHAPE} [V.B.1]",
            found,
        )
    what = f"unexpected {found!r} in the Ship Code" if found.strip() else "the Ship Code ends"
    return NotationError(
        what, text, line, column, expected, f"a Ship Code is {_SHAPE} [V.B]", found
    )


RECORD_HINT = (
    'record lines are tags `[Name "value"]`, `A ship NAME CODE at Q,R FACING`, '
    "`1 initiative A 5 B 3`, `1 A move NAME FFRF`, `1 A volley NAME > NAME`, "
    "`1 A tractor NAME > NAME` (docs/battles.md)"
)


def _record_hint(expected: tuple[str, ...]) -> str:
    return RECORD_HINT
