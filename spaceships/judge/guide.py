"""Spaceships' words for a front end: the help topics (how a fleet and a turn's orders are
written) and a new game's set-up post, in the words of the front end asking ("discord"; mail
has the judge's own help)."""

from __future__ import annotations

from collections.abc import Callable

import spaceships.judge.views as render
from notation.spaceships.format import format_fleet
from notation.spaceships.parse import parse_fleet
from pbem.storage.store import GameRow, Store
from spaceships.engine.match import MatchError, MatchRules
from spaceships.judge.games import ruleset_of
from spaceships.judge.matches import split_settings, status_lines

EXAMPLE_FLEET = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
EXAMPLE_LINES = EXAMPLE_FLEET.replace("; MD", ";\n  MD")


def fleet_help(front_end: str = "discord") -> str:
    """A fleet in list and grid form [11.3], and the cells."""
    return f"""\
A fleet: each ship's type code, then its cells; `;` or a new line between ships.
  {EXAMPLE_LINES}
Or the grid form, drawn like the picture of your fleet the bot sends back: the five 5x5
grids side by side, a ship's letter in each of its cells (D K F P M L A G), `.` for empty
space. A `key:` line under it names the ships; it is needed only for two ships of one type
(K=KC1 C=KC2) or a heavy scout (H=HS). Paste it into the form or send it as a .txt file:
{format_fleet(parse_fleet(EXAMPLE_FLEET), grid=True)}
`random` places a fleet for you.
A cell is colour (R O Y G B), letter (v-z), number (1-5): Gx3."""


def orders_help(front_end: str = "discord") -> str:
    """A turn's orders: each kind of action, and what the answer says of them."""
    return """\
Orders for one turn, separated by spaces: a strike `Gx3`, a beam `bRv1Rx1`, a missile
launch `mYw3` (or `mv`, a launch cell as short as it is unambiguous), a kamikaze `kBz5`,
a scan `sGy3`. `none` for no actions. The answer says what your orders use, e.g.
"strikes 5 of 7, missile from Yw3, 1 scan of 1", or every error with where and why."""


def _discord_only(topic: Callable[[str], str]) -> Callable[[str], str]:
    """A topic in Discord's words; by mail "" (no words of its own): `help fleet` and `help
    orders` keep the judge's help of the command."""
    return lambda front_end: "" if front_end == "mail" else topic(front_end)


HELP_TOPICS = {"fleet": _discord_only(fleet_help), "orders": _discord_only(orders_help)}


def setup_lines(store: Store, game: GameRow, front_end: str = "discord") -> tuple[str, ...]:
    """The set-up post of a new game in a front end's words, after the line of who plays:
    its settings, a match's line, what a fleet must hold, and how to send one."""
    match = status_lines(store, game).strip()
    return (
        f"Settings: {render.settings_text(game)}.",
        *([match] if match else []),
        render.fleet_requirements(ruleset_of(game)),
        "Each of you: send your fleet with the button below or `/spaceships fleet` "
        "(text, or a .ssr/.txt file). Only you see your fleet and the judge's answer.",
        "`/spaceships help` explains everything.",
    )


_NUMBER_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def describe_settings(options: str) -> tuple[str, tuple[str, ...]]:
    """What a challenge's options make of a game, in words (`a game of Spaceships`, `a match
    of two continued games of Spaceships`), and its rule options as a post says them
    (`build: one death star`)."""
    what = "a game of Spaceships"
    try:
        rules, rest = split_settings(options.split())
    except MatchError:  # refused before the post (the judge's create); said as written then
        rules, rest = None, options.split()
    if rules is not None:
        what = _match_words(rules, "Spaceships")
    return what, tuple(_option_words(word) for word in rest)


def _match_words(rules: MatchRules, title: str) -> str:
    """`a match of two continued games of Spaceships`, or for another end `a scored match of
    Spaceships that ends when a player has won 2 games` [9.1, 9.3, 10.6]."""
    end = rules.end
    if end.kind == "games" and end.number is not None:
        count = _NUMBER_WORDS[end.number - 2] if 2 <= end.number <= 10 else str(end.number)
        many = f"{count} {rules.kind} games" if end.number != 1 else f"one {rules.kind} game"
        text = f"a match of {many} of {title}"
    else:
        text = f"a {rules.kind} match of {title} that ends {end.describe()}"
    if rules.continued and rules.victory != "score":
        text += ", won on " + {"wins": "the games won", "materiel": "the materiel left"}.get(
            rules.victory, rules.victory
        )
    return text


def _option_words(word: str) -> str:
    """A ruleset option as the post says it: a build table in words [10.5], others as typed."""
    key, eq, value = word.partition("=")
    if eq and key.lower() == "build":
        return "build: " + value.replace("-", " ")
    return word


# Its paragraphs of `help KEYWORD` by mail (pbem.language.command_help), and what `help pictures`
# says of its default.
DETAILS = {
    "fleet": (
        "After `game NAME PASSWORD`: `fleet` and then your ships, each its type code and its "
        "cells, separated by `;` or new lines, up to a blank line or `end`:\n"
        "  fleet DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; ...\n"
        "The grid form (five 5x5 grids side by side and a `key:` line) works too. You may "
        "replace your fleet until both fleets are in."
    ),
    "endmatch": (
        "After `game NAME PASSWORD` (or `master NAME PASSWORD`): ask to end the match. It "
        "ends when both players have asked, or the game master has, and only when a game has "
        "just ended [9.3.1, 10.6.1]: after the game in play, or at once between two games."
    ),
    "orders": (
        "After `game NAME PASSWORD`: `orders TURN: ORDERS` in the conventional notation, e.g.\n"
        "  orders 3: Gx3 Gx4 bRv1Rx1 mYw3 Yw2 sOz5 kBz5 Bz4\n"
        "Cells are strikes; b+two end cells a beam; m+values a missile launch and k+cell a "
        "kamikaze launch (each with its target among the strikes); s+cell a scan. "
        "`orders 3:` alone means no actions. Orders for another turn than the current one are "
        "refused. You may replace them until your opponent's are in."
    ),
    "pictures": "Spaceships off: its mails draw the board as text grids",
}
