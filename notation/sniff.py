"""Which game a record's text is written for (Spaceships or Spaceship Battles), by its
`[Game]` tag and the shapes of its lines, so a record given to the other game's command is
named in one line instead of a page of syntax errors."""

from __future__ import annotations

import re

__all__ = ["BATTLES", "SPACESHIPS", "which_game"]

SPACESHIPS = "Spaceships"
BATTLES = "Spaceship Battles"

_BATTLE_LINE = re.compile(
    r"\s*(?:[AB]\s+ship\s|\d+\s+(?:initiative\b|[AB]\s+(?:move|volley|tractor)\s))"
)
_SPACESHIPS_LINE = re.compile(r"\s*(?:[AB]\s+fleet\s*:|\d+\s+[AB]\s*(?:results\s*)?:)")


def which_game(text: str) -> str | None:
    """BATTLES or SPACESHIPS when the text plainly is a record of that game, else None."""
    game = re.search(r'^\s*\[Game\s+"([^"]*)"\s*\]', text, re.MULTILINE)
    if game and game.group(1).strip().lower() == BATTLES.lower():
        return BATTLES
    lines = text.splitlines()
    battle = sum(bool(_BATTLE_LINE.match(line)) for line in lines)
    spaceships = sum(bool(_SPACESHIPS_LINE.match(line)) for line in lines)
    if battle > spaceships:
        return BATTLES
    if spaceships > battle:
        return SPACESHIPS
    return None
