"""How much a text looks like a battle record: its `[Game "Spaceship Battles"]` tag, else how
many lines read as a battle's (ships, initiative, moves, volleys), for choosing among the
games' records (each game scores its own; the most wins)."""

from __future__ import annotations

import re

TAGGED = 1_000_000  # the tag outweighs any count of lines
_TAG = re.compile(r'^\s*\[Game\s+"\s*spaceship battles\s*"\s*\]', re.MULTILINE | re.IGNORECASE)
_LINE = re.compile(r"\s*(?:[AB]\s+ship\s|\d+\s+(?:initiative\b|[AB]\s+(?:move|volley|tractor)\s))")


def battle_lines(text: str) -> int:
    lines = sum(bool(_LINE.match(line)) for line in text.splitlines())
    return lines + (TAGGED if _TAG.search(text) else 0)
