"""Who Space Chess is to the judge and its front ends: its title and words, its computer's
levels, how a result scores, how its settings and rules read, its help, and its record for
the club page (docs/plans/one-package-per-game.md §2.3, the kind's identity fields)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pbem.club.ratings import Rating
from pbem.kinds.kindparts import About
from pbem.storage.store import GameRow, Store
from spacechess.computer.player import DEFAULT_LEVEL, LEVEL_TEXT, LEVELS
from spacechess.judge.computer import seat_chess_computer
from spacechess.judge.end import chess_score
from spacechess.judge.guide import guide
from spacechess.judge.rows import TITLE, played_of, record_text, side_name

__all__ = [
    "ABOUT",
    "CREATE_USAGE",
    "OBSERVE_TEXT",
    "WORDS",
    "describe_settings",
    "help_topics",
    "is_chess_ruleset",
    "level_named",
    "public_record",
    "rematch_settings",
    "rules_text",
    "seat_computer",
]

WORDS = ("chess", "space chess", "spacechess")
OBSERVE_TEXT = "after each turn you will receive what happened and the board"
CREATE_USAGE = (
    "Space Chess: create NAME chess [deadline 48h] [reminder 12h] [missing noactions|wait] "
    "[private] [rated|casual]; players `join NAME`, the first plays the Terrans [SC1]; against "
    f"the computer: create NAME chess vs computer [{'|'.join(LEVELS)}] ({DEFAULT_LEVEL} if "
    "none is said) [rated] (casual unless `rated` is said).",
)
# What a create of another game may say that Space Chess has not (SC1-SC12 are one set of
# rules without options): refused rather than quietly dropped.
_NOT_HERE = ("ruleset", "options", "budget", "turns", "x", "match", "games", "build")


def is_chess_ruleset(ruleset: str) -> bool:
    return ruleset == "chess"


def level_named(level: str | None) -> str:
    """The computer's level (the default when none is said); ValueError with the levels."""
    if level is None:
        return DEFAULT_LEVEL
    named = level.strip().lower()
    if named not in LEVELS:
        listed = "; ".join(f"{k}: {v}" for k, v in LEVEL_TEXT.items())
        raise ValueError(f"`{level}` is not a level of the Space Chess computer ({listed})")
    return named


def seat_computer(
    store: Store, game: GameRow, seat: str, level: str, now: datetime, seed: str
) -> None:
    seat_chess_computer(store, game, seat, level, seed, now)


def rules_text(game: GameRow) -> str:
    return f"{TITLE} (SC1-SC12)"


def describe_settings(settings: Mapping[str, str]) -> str:
    """A challenge's settings in words; ValueError for one Space Chess has not."""
    for key in _NOT_HERE:
        if settings.get(key) not in (None, ""):
            raise ValueError(
                f"Space Chess has no `{key}` (one set of rules, SC1-SC12, without options): "
                "leave it out"
            )
    return "the Terrans act first, one action on turn 1, then two a turn [SC2]"


def rematch_settings(store: Store, old: GameRow, new: GameRow) -> None:
    """Nothing to carry: a game of Space Chess has no settings of its own."""


def help_topics() -> dict[str, Any]:
    return {"chess": guide}


def public_record(store: Store, game: GameRow) -> str | None:
    """The record so far, for the club page: the whole board is open to everyone."""
    if game.phase == "joining":
        return None
    players = store.players(game.id)
    outcome = game.outcome if game.phase == "over" else None
    return record_text(game, players, played_of(game), outcome)


COMPUTER_RATINGS = {
    "random": Rating(46, 312),
    "greedy": Rating(1104, 275),
    "search": Rating(2357, 268),
    "deep": Rating(2477, 272),
}

ABOUT = About(
    title=TITLE,
    words=WORDS,
    rulesets=is_chess_ruleset,
    levels=LEVELS,
    default_level=DEFAULT_LEVEL,
    level_named=level_named,
    seat_computer=seat_computer,
    # Each level's fixed rating and deviation, as `python bench/ladder.py levels --only chess`
    # measured them (docs/space-chess.md, "The ladder").
    computer_ratings=COMPUTER_RATINGS,
    score=chess_score,
    rules_text=rules_text,
    phase_text=lambda game: None,  # no set-up: the shared words of each phase
    deadline_phases="each turn",
    observe_text=OBSERVE_TEXT,
    waits_for="fleets",
    resolved="the turn is adjudicated",
    create_usage=CREATE_USAGE,
    synopsis={"draw": f"({TITLE}) offer or accept a draw at turn TURN"},
    help_topics=help_topics(),
    rematch_settings=rematch_settings,
    settings=(),  # no create options of its own (SC1-SC12 have none)
    describe_settings=describe_settings,
    seat_name=lambda seat: f"the {side_name(seat)}",
    side=side_name,
)
