"""Reading a text file as everyday editors save it: UTF-8 with or without a byte-order mark,
UTF-16 with one, and Windows-1252 (Latin-1's superset, older Windows editors), said in a note;
anything else is refused with the place of the first byte that cannot be read."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import Path

SAVE_AS_UTF8 = (
    "save the file as UTF-8 (Notepad: File > Save as > Encoding: UTF-8; LibreOffice: "
    "Save as > Text, character set Unicode (UTF-8))"
)

# Spaces that word processors and web pages put where a plain space was meant. Each becomes one
# plain space, so that every line and column stays where the writer sees it.
UNICODE_SPACES = {
    "\u00a0": "a non-breaking space",
    "\u1680": "an Ogham space mark",
    **{chr(c): "a typographic space" for c in range(0x2000, 0x200B)},
    "\u200b": "a zero-width space",
    "\u202f": "a narrow non-breaking space",
    "\u205f": "a mathematical space",
    "\u3000": "an ideographic space",
    "\ufeff": "a zero-width non-breaking space",
}
_SPACES = str.maketrans({c: " " for c in UNICODE_SPACES})
_ANY_SPACE = re.compile("[" + "".join(UNICODE_SPACES) + "]")


class TextFileError(ValueError):
    """A file that is not text the judge can read: where the first bad byte is and why."""

    def __init__(
        self, message: str, path: str, line: int | None = None, column: int | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column

    def __str__(self) -> str:
        where = f", line {self.line}, column {self.column}" if self.line is not None else ""
        return f"{self.path}{where}: {self.message}"


@dataclass(frozen=True)
class TextFile:
    """The text of a file, how it was stored, and what the reader should know about that."""

    text: str
    encoding: str  # utf-8, utf-8 with BOM, utf-16, windows-1252
    notes: tuple[str, ...] = ()


def plain_spaces(text: str) -> tuple[str, tuple[str, ...]]:
    """Unicode spaces as plain spaces where the notation is written, and a note naming the
    first of them (or none). Tag lines and comments are left as written: they are the writer's
    own words, and a name may hold a non-breaking space."""
    if _ANY_SPACE.search(text) is None:
        return text, ()
    lines = text.split("\n")
    note: tuple[str, ...] = ()
    for number, line in enumerate(lines, start=1):
        if line.lstrip().startswith("[") or _ANY_SPACE.search(line) is None:
            continue
        head, hash_, comment = line.partition("#")
        found = _ANY_SPACE.search(head)
        if found is None:
            continue
        if not note:
            c = found.group()
            note = (
                f"read {UNICODE_SPACES[c]} (U+{ord(c):04X}, first at line {number}, column "
                f"{found.start() + 1}) as a plain space",
            )
        lines[number - 1] = head.translate(_SPACES) + hash_ + comment
    return "\n".join(lines), note


def decode(data: bytes, path: str = "<input>") -> TextFile:
    """The text of a file's bytes (see the module docstring). Raises TextFileError."""
    notes: list[str] = []
    if data.startswith(codecs.BOM_UTF8):
        encoding, body = "utf-8 with BOM", data[len(codecs.BOM_UTF8) :]
        text = _strict(body, "utf-8", path, offset=0)
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            raise TextFileError(f"starts as UTF-16 but breaks off; {SAVE_AS_UTF8}", path) from None
    else:
        try:
            encoding, text = "utf-8", data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line, column = _place(data, exc.start)
            if b"\0" in data:
                line, column = _place(data, data.index(b"\0"))
                raise TextFileError(_binary(data), path, line, column) from None
            try:
                text = data.decode("cp1252")
            except UnicodeDecodeError as again:
                line, column = _place(data, again.start)
                raise TextFileError(
                    f"byte 0x{data[again.start]:02X} is neither UTF-8 nor Windows-1252 text; "
                    f"{SAVE_AS_UTF8}",
                    path,
                    line,
                    column,
                ) from None
            encoding = "windows-1252"
            bad = data[exc.start]
            notes.append(
                f"not UTF-8 (byte 0x{bad:02X} at line {line}, column {column}): read as "
                f"Windows-1252, where it is `{bytes([bad]).decode('cp1252')}`; {SAVE_AS_UTF8}"
            )
    if "\0" in text:
        line, column = _place_text(text, text.index("\0"))
        raise TextFileError(_binary(data), path, line, column)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text, spaces = plain_spaces(text)
    return TextFile(text, encoding, (*notes, *spaces))


def read_text_file(path: str | Path) -> TextFile:
    """Read a file as `decode` does. Raises TextFileError, also when it cannot be opened."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except IsADirectoryError:
        raise TextFileError("is a directory, not a record file", name) from None
    except FileNotFoundError:
        raise TextFileError("no such file", name) from None
    except OSError as exc:
        raise TextFileError(f"cannot be read: {exc.strerror or exc}", name) from None
    return decode(data, name)


def _strict(body: bytes, encoding: str, path: str, offset: int) -> str:
    try:
        return body.decode(encoding)
    except UnicodeDecodeError as exc:
        line, column = _place(body, exc.start)
        raise TextFileError(
            f"byte 0x{body[exc.start]:02X} is not UTF-8, though the file starts with UTF-8's "
            f"byte-order mark; {SAVE_AS_UTF8}",
            path,
            line,
            column + (offset if line == 1 else 0),
        ) from None


def _binary(data: bytes) -> str:
    return (
        "this is not a text file (it holds NUL bytes: a picture, a word-processor document or "
        "UTF-16 without a byte-order mark?); a record is plain text: " + SAVE_AS_UTF8
    )


def _place(data: bytes, index: int) -> tuple[int, int]:
    """1-based line and column (in characters, as far as they can be read) of a byte."""
    before = data[:index]
    line = before.count(b"\n") + 1
    start = before.rfind(b"\n") + 1
    column = len(before[start:].decode("utf-8", errors="replace")) + 1
    return line, column


def _place_text(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1
