"""The bot's help: how to play in Discord, command by command, in a few lines; each game's
topics come from its kind."""

from __future__ import annotations

from pbem.command_help import help_text as judge_help
from pbem.registry import kinds

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

# The bot's own topics; each game adds its own (GameKind.help_topics), in Discord's words.
TOPICS = {
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
    for kind in kinds():
        if key in kind.help_topics:
            return kind.help_topics[key]("discord")
    if key == "notation":  # the first game's, as the overview's list of topics says
        return help_text("fleet") + "\n\n" + help_text("orders")
    # The judge's own words on its command language (the email commands) as a last resort.
    return judge_help(key)
