"""The bot's help: how to play Spaceships in Discord, command by command, in a few lines."""

from __future__ import annotations

from battles.judge.guide import battle_guide
from pbem.command_help import help_text as judge_help
from pbem.gamekinds import kinds
from spaceships.notation.format import format_fleet
from spaceships.notation.parse import parse_fleet

EXAMPLE_FLEET = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)

EXAMPLE_LINES = EXAMPLE_FLEET.replace("; MD", ";\n  MD")

OVERVIEW = """\
Spaceships in Discord: all commands are under /spaceships.

/spaceships challenge [member]   challenge a member (or anyone) to a game;
                                 settings: ruleset, options, deadline, private, name,
                                 rated (default on: the ladder);
                                 game: Spaceship Battles, with budget, turns, x
/spaceships design               battles: send your ships' designs (text, file, form)
/spaceships play [level]         a game against the computer (random, hunt, density,
                                 expert: the default); settings: ruleset, options, deadline,
                                 rated (default off);
                                 game: Spaceship Battles, with budget, turns, x
/spaceships fleet                send your fleet: text, a .ssr/.txt file, or a form
/spaceships orders               send this turn's orders the same ways
                                 ("none" for no actions); replace them until both are in
/spaceships status               your own view, privately, as a picture
/spaceships board                the public board (what both players see), for everyone
/spaceships history              the game so far, as much as you may know
/spaceships resign               give up (asks first)
/spaceships settings             game master: deadline, reminder, grace, missing orders
/spaceships games                your games and their threads
/spaceships ladder [game]        this server's ladder: the top 10 and your place
/spaceships link [code]          one ladder player with your mail address (code by mail)
/spaceships help [topic]         this text; topics: fleet, orders, notation, deadline,
                                 battles

In a game's thread every command means that game; elsewhere name it in the `game`
option (it completes your games). Your fleet, orders and results are shown only to you;
results also come by direct message. A button "View my results" under each results post
shows you yours if your DMs are closed; a Rematch button under a game's end offers the
same game again, sides swapped. A battle (Spaceship Battles) hides nothing once
begun: its results are in its thread only, no DMs; `/spaceships help topic:battles`."""

TOPICS = {
    "battles": battle_guide("discord"),
    "fleet": f"""\
A fleet: each ship's type code, then its cells; `;` or a new line between ships.
  {EXAMPLE_LINES}
Or the grid form, drawn like the picture of your fleet the bot sends back: the five 5x5
grids side by side, a ship's letter in each of its cells (D K F P M L A G), `.` for empty
space. A `key:` line under it names the ships; it is needed only for two ships of one type
(K=KC1 C=KC2) or a heavy scout (H=HS). Paste it into the form or send it as a .txt file:
{format_fleet(parse_fleet(EXAMPLE_FLEET), grid=True)}
`random` places a fleet for you.
A cell is colour (R O Y G B), letter (v-z), number (1-5): Gx3.""",
    "orders": """\
Orders for one turn, separated by spaces: a strike `Gx3`, a beam `bRv1Rx1`, a missile
launch `mYw3` (or `mv`, a launch cell as short as it is unambiguous), a kamikaze `kBz5`,
a scan `sGy3`. `none` for no actions. The answer says what your orders use, e.g.
"strikes 5 of 7, missile from Yw3, 1 scan of 1", or every error with where and why.""",
    "deadline": """\
A deadline rule (game master, /spaceships settings deadline): a duration after each
phase opens, the fleets then each turn (48h, 2 days), a moment (2026-12-01 20:00, UTC),
an RFC 5545 rule (FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20) or none. Reminders ping in the thread only the
players whose orders are missing (half-way through a phase shorter than the reminder
time); `missing noactions` plays a missing turn as no actions
at the deadline, `missing wait` waits.""",
}


def help_text(topic: str | None = None) -> str:
    if not topic:
        return OVERVIEW
    key = topic.strip().lower()
    if key in TOPICS:
        return TOPICS[key]
    if key == "notation":
        return TOPICS["fleet"] + "\n\n" + TOPICS["orders"]
    for kind in kinds():  # a game's own topics, in Discord's words (Space Chess: `chess`)
        if key in kind.help_topics:
            return kind.help_topics[key]("discord")
    # The judge's own words on its command language (the email commands) as a last resort.
    return judge_help(key)
