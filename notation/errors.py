"""Errors that teach: where the problem is, what was expected there, and a hint at the fix."""

from __future__ import annotations


class NotationError(ValueError):
    """One syntax error in a text of the notation.

    `text` is the whole input, `line` and `column` are 1-based, `expected` lists in words what
    could have come there, `hint` says how to fix it (or is None). `word` is the offending
    spelling, `length` how many characters the caret covers.
    """

    def __init__(
        self,
        message: str,
        text: str,
        line: int,
        column: int,
        expected: tuple[str, ...] = (),
        hint: str | None = None,
        word: str = "",
        length: int = 1,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.line = line
        self.column = column
        self.expected = tuple(expected)
        self.hint = hint
        self.word = word
        self.length = max(1, length)

    @property
    def errors(self) -> tuple[NotationError, ...]:
        """Every error of the text: here just this one (see NotationErrors)."""
        return (self,)

    def source_line(self) -> str:
        lines = self.text.splitlines()
        return lines[self.line - 1] if 0 < self.line <= len(lines) else ""

    def __str__(self) -> str:
        source, column = excerpt(self.source_line().expandtabs(1).rstrip("\r"), self.column)
        gutter = f"{self.line:>4} | "
        out = [f"line {self.line}, column {self.column}: {self.message}"]
        if self.expected:
            out[0] += f"; expected {_or_list(self.expected)}"
        out.append(gutter + source)
        length = min(self.length, max(1, len(source) - column + 1))
        out.append(" " * (len(gutter) - 2) + "| " + " " * (column - 1) + "^" * length)
        if self.hint:
            out.append(f"hint: {self.hint}")
        return "\n".join(out)


# A quoted line longer than this shows only the part around the column, so that the caret stays
# on a terminal or in a mail without wrapping.
EXCERPT_WIDTH = 76


def excerpt(line: str, column: int, width: int = EXCERPT_WIDTH) -> tuple[str, int]:
    """The part of `line` around 1-based `column` (with `...` where it is cut) and the column's
    place in that part."""
    if len(line) <= width:
        return line, column
    start = max(0, min(column - 1 - width // 3, len(line) - width))
    end = start + width
    shown = line[start:end]
    place = column - start
    if start > 0:
        shown = "..." + shown
        place += 3
    if end < len(line):
        shown += "..."
    return shown, place


# A bad line quoted in an answer shows this many characters either side of its column.
REACH = 60


def around(line: str, column: int, reach: int = REACH) -> tuple[str, int]:
    """The part of `line` within `reach` characters of 1-based `column` (with `...` where it is
    cut) and the column's place in that part: an over-long line is never quoted whole."""
    start = max(0, column - 1 - reach)
    end = column + reach
    shown = line[start:end]
    place = column - start
    if start > 0:
        shown, place = "..." + shown, place + 3
    if end < len(line):
        shown += "..."
    return shown, place


def underlined(source: str, column: int, length: int, indent: str = "    ") -> str:
    """A line as written with a caret under `length` characters from `column`, both indented;
    only the part around the column when the line is long (`around`)."""
    shown, place = around(source, column)
    length = max(1, min(length, len(shown) - place + 1))
    return f"{indent}{shown}\n{indent}{' ' * (place - 1)}{'^' * length}"


class NotationErrors(NotationError):
    """Several errors of one text, in the order they occur; behaves as the first of them."""

    def __init__(self, errors: list[NotationError] | tuple[NotationError, ...]) -> None:
        if not errors:
            raise ValueError("NotationErrors needs at least one error")
        first = errors[0]
        super().__init__(
            first.message,
            first.text,
            first.line,
            first.column,
            first.expected,
            first.hint,
            first.word,
            first.length,
        )
        self._errors = tuple(errors)

    @property
    def errors(self) -> tuple[NotationError, ...]:
        return self._errors

    def __str__(self) -> str:
        count = len(self._errors)
        head = f"{count} errors:" if count > 1 else ""
        body = "\n\n".join(NotationError.__str__(e) for e in self._errors)
        return f"{head}\n{body}" if head else body


def raise_errors(errors: list[NotationError]) -> None:
    """Raise nothing, the one error, or all of them together."""
    if not errors:
        return
    errors = sorted(errors, key=lambda e: (e.line, e.column))
    if len(errors) == 1:
        raise errors[0]
    raise NotationErrors(errors)


def _or_list(items: tuple[str, ...]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]
