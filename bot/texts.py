"""What the bot says of a game where games differ: the kind's own words (`records.texts`),
else neutral words, so the bot names no game itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.registry import kinds

if TYPE_CHECKING:
    from pbem.kinds.gamekinds import GameKind

# The keys a kind may fill, with the words used when it does not; `{game}` is the game's name.
NEUTRAL = {
    "thread": "{title} {game}",  # a game's thread
    "setup_who": "**{game}**, {title}: {a} against {b}.",  # a new game's first post begins
    "played": "**{game}**",  # "You play ... against Bot (expert)"
    "begin": "{game}: the game begins",  # the title of a public game's first post
    "over": "{game}: the game is over",  # ... and of its last
    "over_said": "{game} is over; the record is below.",
    "resigned": "the record goes to everyone",  # what a resignation reveals
    "play": "You play {title} game **{game}**",  # the DM that says where a game is played
    # The help's overview: a game's set-up command, and a game whose results are public.
    "help_setup": "send your set-up: text, a file, or a form",
    "help_public": (
        "A game of {title}\nhides nothing: its results are in its thread only, no DMs; "
        "`/spaceships help topic:{word}`."
    ),
}


def said(kind: GameKind, key: str, **words: str) -> str:
    """The kind's words for `key` (NEUTRAL's when it has none), filled in."""
    text = kind.records.texts.get(key, NEUTRAL[key])
    return text.format(title=kind.about.title, **words)


def named(kind: GameKind) -> bool:
    """Whether a line about a game names its game: every game but the judge's first, whose
    games are the ones nobody has to be told about (Spaceships)."""
    return kind is not kinds()[0]
