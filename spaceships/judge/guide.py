"""Spaceships' words for a front end: the help topics (how a fleet and a turn's orders are
written) and a new game's set-up post, in the words of the front end asking ("discord"; mail
has the judge's own help)."""

from __future__ import annotations

from pbem.store import GameRow, Store
from spaceships.judge import render
from spaceships.judge.games import ruleset_of
from spaceships.judge.matches import status_lines
from spaceships.notation.format import format_fleet
from spaceships.notation.parse import parse_fleet

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


HELP_TOPICS = {"fleet": fleet_help, "orders": orders_help}


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
