"""Space Chess records: tags, numbered turns and comments, read (with errors that teach) and
written back canonically. Also single actions as a player types them.

```
[Game "Space Chess"]
[Terrans "Alice"]
[Aliens "Bob"]
1 T: Ab1-Ab3                # the Terrans' first turn has one action
2 A: Hd3-Hd1, Gc3>Gc2
[Result "*"]
```
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lark import Token, Tree

from notation.errors import NotationError, raise_errors
from notation.spacechess.actions import FIRE, MINE_LAYING, MOVE, PASS, REBUILD, Action
from notation.spacechess.cells import CELLS, Cell
from notation.spacechess.grammar import parse_tree
from notation.spacechess.pieces import KIND_LETTERS, MINE, REBUILDABLE, SIDE_LETTERS

__all__ = ["Comment", "Record", "Tag", "Turn", "parse_action", "spaced_action"]

_DROPS = {KIND_LETTERS[k]: k for k in (*REBUILDABLE, MINE)}
_SIDES = {"t": 0, "terrans": 0, "a": 1, "aliens": 1}
# Words people put between two cells instead of `-` or `>`.
_SPELT_OUT = {"to", "x", "fires", "at", "moves"}
_FOLDED_CELLS = {name.lower() for name in CELLS}
# A word written like a cell (`Zz9`): a capital or small letter, a small letter and a digit.
_CELL_SHAPED = re.compile(r"[A-Za-z][a-z][0-9]")


def _not_a_cell(word: str) -> str | None:
    """Why `word` is no cell (the cell's own hint); None for a cell."""
    try:
        Cell.parse(word)
    except NotationError as exc:
        return exc.hint or exc.message
    return None


_SIGNED = re.compile(r"([A-Za-z][a-dA-D][1-4])([xX*])([A-Za-z][a-dA-D][1-4])")


@dataclass(frozen=True, slots=True)
class Tag:
    """`[Name "value"]`, with the comment written after it."""

    name: str
    value: str
    comment: str = ""

    def __str__(self) -> str:
        value = self.value.replace("\\", "\\\\").replace('"', '\\"')
        return _with_comment(f'[{self.name} "{value}"]', self.comment)


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn's actions: `2 A: Hd3-Hd1, Gc3>Gc2`. A mine's origin is -1 here (the side's
    support ship lays it; the replay finds it). `line` and `columns` say where it was written."""

    number: int
    side: int
    actions: tuple[Action, ...]
    comment: str = ""
    line: int = field(default=0, compare=False)
    columns: tuple[int, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        acts = " ".join(str(a) for a in self.actions)
        return _with_comment(f"{self.number} {SIDE_LETTERS[self.side]}: {acts}", self.comment)


@dataclass(frozen=True, slots=True)
class Comment:
    """A line holding only a comment."""

    text: str

    def __str__(self) -> str:
        return f"# {self.text}" if self.text else "#"


def _with_comment(line: str, comment: str) -> str:
    return f"{line:<27} # {comment}" if comment else line


@dataclass(frozen=True, slots=True)
class Record:
    """A whole record, its lines in order; `text` is what it was read from (for error carets)."""

    items: tuple[Tag | Turn | Comment, ...]
    text: str = field(default="", compare=False)

    @property
    def tags(self) -> dict[str, str]:
        return {i.name: i.value for i in self.items if isinstance(i, Tag)}

    @property
    def turns(self) -> tuple[Turn, ...]:
        return tuple(i for i in self.items if isinstance(i, Turn))

    def __str__(self) -> str:
        out: list[str] = []
        for k, item in enumerate(self.items):
            if k and isinstance(item, Turn) and isinstance(self.items[k - 1], Tag):
                out.append("")  # a blank line between the head's tags and the turns
            out.append(str(item))
        return "\n".join(out) + "\n"

    @classmethod
    def parse(cls, text: str) -> Record:
        """Read a record; syntax errors and misspelt cells raise NotationError (several at once
        as NotationErrors), each with line, column, caret and a hint."""
        tree = parse_tree(text, "record")
        errors: list[NotationError] = []
        items: list[Tag | Turn | Comment] = []
        for line in tree.children:
            assert isinstance(line, Tree)
            parts = line.children
            comment = ""
            if parts and isinstance(parts[-1], Token) and parts[-1].type == "COMMENT":
                comment = parts[-1].value[1:].strip()
                parts = parts[:-1]
            if not parts:
                if comment or line.children:
                    items.append(Comment(comment))
                continue
            statement = parts[0]
            assert isinstance(statement, Tree)
            try:
                if statement.data == "tag":
                    name, value = statement.children
                    items.append(Tag(str(name), _unquote(str(value)), comment))
                else:
                    items.append(_turn(text, statement, comment, errors))
            except NotationError as exc:
                errors.append(exc)
        raise_errors(errors)
        return cls(tuple(items), text)


def _unquote(value: str) -> str:
    out, escaped = [], False
    for ch in value[1:-1]:
        if escaped or ch != "\\":
            out.append(ch)
            escaped = False
        else:
            escaped = True
    return "".join(out)


def _turn(text: str, tree: Tree[Token], comment: str, errors: list[NotationError]) -> Turn:
    number, side, *actions = tree.children
    assert isinstance(number, Token) and isinstance(side, Token)
    found = _SIDES.get(side.value.lower())
    if found is None:
        raise NotationError(
            f"`{side.value}` is not a side",
            text,
            side.line or 1,
            side.column or 1,
            ("T or A",),
            "T for the Terrans (who start), A for the Aliens",
            side.value,
            len(side.value),
        )
    nodes = [node for node in actions if isinstance(node, Tree)]
    words = [_lone_word(node).lower() for node in nodes]
    for k in range(1, len(words) - 1):
        if words[k] in _SPELT_OUT and {words[k - 1], words[k + 1]} <= _FOLDED_CELLS:
            first, last = nodes[k - 1], nodes[k + 1]
            a, b = _lone_word(first), _lone_word(last)
            raise NotationError(
                f"`{a} {_lone_word(nodes[k])} {b}` is not an action: a sign joins its cells",
                text,
                first.meta.line,
                first.meta.column,
                ("an action",),
                f"`{a}-{b}` moves there, `{a}>{b}` fires towards it",
                a,
                last.meta.end_column - first.meta.column,
            )
    acts, columns = [], []
    for node in actions:
        assert isinstance(node, Tree)
        try:
            acts.append(_action(text, node))
            columns.append(node.meta.column)
        except NotationError as exc:
            errors.append(exc)
    return Turn(int(number.value), found, tuple(acts), comment, number.line or 0, tuple(columns))


def _lone_word(node: Tree[Token]) -> str:
    """The word of an action written as one word (`pass`, or a slip like `to`), else ""."""
    token = node.children[0]
    return str(token) if node.data == "word" and isinstance(token, Token) else ""


def _cell(text: str, token: Token) -> int:
    try:
        return Cell.parse(token.value).number
    except NotationError as exc:
        raise NotationError(
            exc.message,
            text,
            token.line or 1,
            token.column or 1,
            exc.expected,
            exc.hint,
            exc.word,
            exc.length,
        ) from None


def _action(text: str, node: Tree[Token]) -> Action:
    words = [t for t in node.children if isinstance(t, Token) and t.type == "WORD"]
    if node.data == "move":
        return Action(MOVE, _cell(text, words[0]), _cell(text, words[1]))
    if node.data == "fire":
        return Action(FIRE, _cell(text, words[0]), _cell(text, words[1]))
    if node.data == "drop":
        letter, where = words
        kind = _DROPS.get(letter.value.upper())
        if kind is None:
            raise NotationError(
                f"`{letter.value}@` drops no piece",
                text,
                letter.line or 1,
                letter.column or 1,
                ("M G F or S",),
                "M@Ab2 lays a mine; G@, F@ or S@ rebuild a gunship, fighter or support ship "
                "next to the command ship",
                letter.value,
                len(letter.value),
            )
        if kind == MINE:
            return Action(MINE_LAYING, -1, _cell(text, where), MINE)
        return Action(REBUILD, -1, _cell(text, where), kind)
    (word,) = words
    if word.value.lower() == PASS:
        return Action(PASS)
    hint = (
        "an action is a move `Ab1-Ab3`, a shot `Ab1>Ab2`, a mine `M@Ab2`, a rebuild `G@Ab2` "
        "or `pass`"
    )
    if word.value.lower() in ("resign", "resigns", "draw"):
        hint = 'the end of a game goes in the Result tag: `[Result "Aliens win"]`'
    elif (not_cell := _not_a_cell(word.value)) is None:
        hint = f"a cell alone is no action: `{word.value}-...` moves, `{word.value}>...` fires"
    elif _CELL_SHAPED.fullmatch(word.value):
        hint = f"`{word.value}` is no cell either: {not_cell}"
    elif (signed := _SIGNED.fullmatch(word.value)) is not None:
        a, b = signed.group(1), signed.group(3)
        sign = signed.group(2)
        hint = f"`{sign}` is no sign here: `{a}-{b}` moves there, `{a}>{b}` fires towards it"
    raise NotationError(
        f"`{word.value}` is not an action",
        text,
        word.line or 1,
        word.column or 1,
        ("an action",),
        hint,
        word.value,
        len(word.value),
    )


# A move or a shot written with spaces around its sign (`Ab1 - Ab3`, `Ab1 >Ab2`): one action
# written apart, not three.
_SPACED = re.compile(r"(\b[A-Ka-k][a-d][1-4])(?:\s+([->])\s*|([->])\s+)([A-Ka-k][a-d][1-4]\b)")


def spaced_action(line: str) -> tuple[str, str, int] | None:
    """The first action of `line` written with spaces in it: as written, as it should be
    (`Ab1-Ab3`), and its column (from 1); None when there is none."""
    found = _SPACED.search(line)
    if found is None:
        return None
    joined = "".join(part for part in found.groups() if part)
    return found.group(0), joined, found.start() + 1


def parse_action(text: str) -> Action:
    """One action as a player types it (`Ab1-Ab3`, `ab1>ab2`, `M@Ab2`, `pass`); raises
    NotationError with a hint. A mine's origin is -1 (the side's support ship lays it)."""
    tree = parse_tree(text.strip(), "action_text")
    node = tree.children[0]
    assert isinstance(node, Tree)
    return _action(text.strip(), node)
