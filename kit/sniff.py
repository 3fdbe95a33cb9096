"""Which game a record's text is written for (Spaceships, Spaceship Battles or Space Chess), by its
`[Game]` tag and the shapes of its lines, so a record given to the other game's command is
named in one line instead of a page of syntax errors.

It lives in the kit because every game's command line asks it about the others' records; it
knows their records by their lines' shapes and titles only, and imports no game."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "BATTLES",
    "CHECK_COMMANDS",
    "FORMAT_COMMANDS",
    "GAMES",
    "SPACE_CHESS",
    "SPACESHIPS",
    "spaceships_lines",
    "tagged_game",
    "which_game",
]

SPACESHIPS = "Spaceships"
BATTLES = "Spaceship Battles"
SPACE_CHESS = "Space Chess"
GAMES = (SPACESHIPS, BATTLES, SPACE_CHESS)
# The command that checks a record of each game, named when a record reaches another's command.
CHECK_COMMANDS = {
    SPACESHIPS: "spaceships validate",
    BATTLES: "spaceships battles play",
    SPACE_CHESS: "spaceships chess check",
}
# The command that rewrites a record of each game canonically, where the game has one.
FORMAT_COMMANDS = {SPACESHIPS: "spaceships fmt", SPACE_CHESS: "spaceships chess fmt"}
_GAME_TAG = re.compile(r'\s*\[Game\s+"([^"]*)"\s*\]')

_BATTLE_LINE = re.compile(
    r"\s*(?:[AB]\s+ship\s|\d+\s+(?:initiative\b|[AB]\s+(?:move|volley|tractor)\s))"
)
_SPACESHIPS_LINE = re.compile(r"\s*(?:[AB]\s+fleet\s*:|\d+\s+[AB]\s*(?:results\s*)?:)")
# A Space Chess turn: `3 T: Eb1-Eb4 ...`, `2 A: M@Hb4 ...`. Its first action has a sign
# (`-`, `>`, `@`) or is `pass`, which a Spaceships turn (`1 A: Rv3 Ov3`) never has.
_SPACE_CHESS_LINE = re.compile(
    r"\s*\d+\s+[TA]\s*:\s*(?:pass\b|[A-K][a-d][1-4]\s*[-\u2013>]|[MGFS]@)", re.IGNORECASE
)


def which_game(text: str, *, by_tag: bool = True) -> str | None:
    """BATTLES, SPACE_CHESS or SPACESHIPS when the text plainly is a record of that game, else
    None; with by_tag False, by the shapes of its lines alone."""
    game = re.search(r'^\s*\[Game\s+"([^"]*)"\s*\]', text, re.MULTILINE)
    named = game.group(1).strip().lower() if game and by_tag else ""
    for other in (BATTLES, SPACE_CHESS):
        if named == other.lower():
            return other
    lines = text.splitlines()
    chess = [bool(_SPACE_CHESS_LINE.match(line)) for line in lines]
    counts = {
        BATTLES: sum(bool(_BATTLE_LINE.match(line)) for line in lines),
        SPACE_CHESS: sum(chess),
        SPACESHIPS: sum(
            bool(_SPACESHIPS_LINE.match(line)) and not is_chess
            for line, is_chess in zip(lines, chess, strict=True)
        ),
    }
    most = max(counts.values())
    leaders = [name for name, count in counts.items() if count == most]
    return leaders[0] if most and len(leaders) == 1 else None


def spaceships_lines(text: str) -> int:
    """How many lines read as a Spaceships record's (fleets, turns, results): how much the text
    looks like one, for choosing among the games (each scores its own; the most wins)."""
    return sum(bool(_SPACESHIPS_LINE.match(line)) for line in text.splitlines())


def tagged_game(text: str) -> tuple[str, int] | None:
    """The game the first `[Game]` tag names and that tag's line number (from 1), when it names
    one of the three games by its name (any case); None for no tag or another name (a Spaceships
    game's own name, `[Game "alpha"]`)."""
    for number, line in enumerate(text.splitlines(), 1):
        tag = _GAME_TAG.match(line)
        if tag:
            named = tag.group(1).strip().lower()
            return next(((g, number) for g in GAMES if g.lower() == named), None)
    return None


@dataclass(frozen=True)
class OtherTag:
    """A record whose `[Game]` tag names another game than the one checking it: that game, the
    tag's line, the refusal and its hint, and whether its lines read as that game's too."""

    game: str
    line: int
    said: str
    hint: str
    read_so: bool


def tagged_for_another(text: str, own: str, source: str) -> OtherTag | None:
    """The refusal of a record tagged for another game than `own` (its title), the same words
    at every game's check (None: no tag, or its own); `source` as the reader named it."""
    tagged = tagged_game(text)
    if tagged is None or tagged[0] == own:
        return None
    game, line = tagged
    name = "RECORD" if source == "-" or "\n" in source else source
    return OtherTag(
        game,
        line,
        f'line {line}: the tag [Game "{game}"] names another game, not {own}',
        f'check it with `{CHECK_COMMANDS[game]} {name}`, or tag it [Game "{own}"]',
        which_game(text, by_tag=False) == game,
    )
