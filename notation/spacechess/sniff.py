"""How much a text looks like a Space Chess record: its `[Game "Space Chess"]` tag, else how
many turn lines read as Space Chess's (`3 T: Eb1-Eb4`, `2 A: M@Hb4`: a first action with a
sign, or `pass`), for choosing among the games' records (each game scores its own)."""

from __future__ import annotations

import re

TAGGED = 1_000_000  # the tag outweighs any count of lines
_TAG = re.compile(r'^\s*\[Game\s+"\s*space chess\s*"\s*\]', re.MULTILINE | re.IGNORECASE)
_LINE = re.compile(
    r"\s*\d+\s+[TA]\s*:\s*(?:pass\b|[A-K][a-d][1-4]\s*[-\u2013>]|[MGFS]@)", re.IGNORECASE
)


def chess_lines(text: str) -> int:
    lines = sum(bool(_LINE.match(line)) for line in text.splitlines())
    return lines + (TAGGED if _TAG.search(text) else 0)
