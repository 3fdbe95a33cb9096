"""The one list of the games the judge hosts: each game's key and the module holding its kind.

A game is a package that brings its rules, notation, judge side, pictures, computer and help
(docs/architecture.md, "Adding a game"); adding one is one line here. The core and the front
ends reach a game only through this list, at run time, so that no module of theirs imports a
game's module (tests/test_import_graph.py holds them to it). The order is the order players see
the games in: the help, Discord's choices, the ladder.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

# A kind is a pbem.kinds.gamekinds.GameKind. That module is not imported here, not even for type
# checking: it imports the core's shared handlers, which read this list.
GameKind = Any

GAMES: dict[str, str] = {
    "spaceships": "spaceships.judge",
    "battles": "battles.judge",
    "chess": "spacechess.judge",
}


@cache
def kinds() -> tuple[GameKind, ...]:
    """Every registered game's kind, in the order above; imported at first use, never while
    the core itself is being imported (that would be an import circle)."""
    return tuple(importlib.import_module(path).GAME for path in GAMES.values())


def kind_named(key: str) -> GameKind:
    """The kind registered under `key` (`spaceships`, `battles`); KeyError for another."""
    for kind in kinds():
        if kind.name == key:
            return kind
    raise KeyError(key)


def game_packages() -> frozenset[str]:
    """The top-level packages of the registered games, for the layout test."""
    return frozenset(path.split(".", 1)[0] for path in GAMES.values())


class Ruled(Protocol):
    """A stored game as far as its kind goes: its ruleset (a pbem.storage.store.GameRow, not
    imported: the list of games is on the lowest floor, below the store)."""

    @property
    def ruleset(self) -> str: ...


def kind_of(game: Ruled) -> GameKind:
    """The kind whose games include this stored game (found from its `ruleset`)."""
    for kind in kinds():
        if kind.about.rulesets(game.ruleset):
            return kind
    return kinds()[0]


# A record's `[Game "..."]` tag, as every game's record format writes it.
_GAME_TAG = re.compile(r'\s*\[Game\s+"([^"]*)"\s*\]')


def record_kind(text: str, *, by_tag: bool = True) -> GameKind | None:
    """The kind whose record the text plainly is: the one whose `sniff` scores it highest, alone
    (each game scores its own record: its tag, then its lines' shapes); None when no game or
    several score it most. With by_tag False, by its lines alone (its `[Game]` tags set aside)."""
    if not by_tag:
        text = "\n".join(line for line in text.splitlines() if not _GAME_TAG.match(line))
    games = kinds()
    scores = [0 if kind.records.sniff is None else kind.records.sniff(text) for kind in games]
    most = max(scores)
    return games[scores.index(most)] if most and scores.count(most) == 1 else None


def which_game(text: str, *, by_tag: bool = True) -> str | None:
    """The title of the game whose record the text plainly is (record_kind), else None; so a
    record given to another game's command is named in one line, not a page of syntax errors."""
    kind = record_kind(text, by_tag=by_tag)
    return None if kind is None else kind.about.title


def tagged_game(text: str) -> tuple[str, int] | None:
    """The title of the game the first `[Game]` tag names and that tag's line number (from 1),
    when it names a registered game by its title (any case); None for no tag or another name
    (a Spaceships game's own name, `[Game "alpha"]`)."""
    for number, line in enumerate(text.splitlines(), 1):
        tag = _GAME_TAG.match(line)
        if tag:
            named = tag.group(1).strip().lower()
            return next(
                ((k.about.title, number) for k in kinds() if k.about.title.lower() == named), None
            )
    return None


@dataclass(frozen=True)
class OtherRecord:
    """A record of another game than the command's own: that game, the line of the `[Game]`
    tag that names it (None: its lines read as that game's), the refusal and its hint."""

    game: str
    line: int | None
    said: str
    hint: str

    def __str__(self) -> str:
        return f"{self.said}: {self.hint}"


def another_games_record(
    text: str, own: str, source: str, *, unread: bool = False
) -> OtherRecord | None:
    """The one refusal, in the same words at every game's command line, of a record of another
    game than `own` (a title); None when it is not one. A record is another game's when its
    `[Game]` tag names another game, or, when `unread` (the own game's reader failed on it), when
    its lines read as another game's; `source` as the reader named it."""
    name = "RECORD" if source == "-" or "\n" in source else source
    tagged = tagged_game(text)
    if tagged is not None and tagged[0] != own:
        game, line = tagged
        if which_game(text, by_tag=False) != game:  # its lines may well be the own game's
            return OtherRecord(
                game,
                line,
                f'line {line}: the tag [Game "{game}"] names another game, not {own}',
                f'check it with `{_check_command(game)} {name}`, or tag it [Game "{own}"]',
            )
    elif not unread:
        return None
    game = which_game(text)
    if game is None or game == own:
        return None
    kind = next(k for k in kinds() if k.about.title == game)
    lines = f" ({kind.records.record_lines})" if kind.records.record_lines else ""
    return OtherRecord(
        game,
        None,
        f"this is a {game} record{lines}, not a {own} one",
        f"check it with `{_check_command(game)} {name}`",
    )


def _check_command(title: str) -> str:
    command = next(k.records.check_command for k in kinds() if k.about.title == title)
    return command or "spaceships check"
