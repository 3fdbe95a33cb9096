"""How much a text looks like a Spaceships record: how many lines read as its fleets, turns and
results, for choosing among the games' records (each game scores its own; the most wins)."""

from __future__ import annotations

import re

__all__ = ["spaceships_lines"]

_LINE = re.compile(r"\s*(?:[AB]\s+fleet\s*:|\d+\s+[AB]\s*(?:results\s*)?:)")
# A turn's actions are cells and action letters (`1 A: Rv3 Ov3`): a first action with a sign
# (`Eb1-Eb4`, `M@Hb4`) or `pass` is never ours, though the line starts as a turn of ours does.
_NOT_OURS = re.compile(
    r"\s*\d+\s+[A-Z]\s*:\s*(?:pass\b|[A-K][a-d][1-4]\s*[-\u2013>]|[MGFS]@)", re.IGNORECASE
)


def spaceships_lines(text: str) -> int:
    """How many lines read as a Spaceships record's (fleets, turns, results)."""
    return sum(bool(_LINE.match(line)) and not _NOT_OURS.match(line) for line in text.splitlines())
