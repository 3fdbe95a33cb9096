"""The bot's help: how to play in Discord, command by command, in a few lines; each game's
topics come from its kind."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.texts import said
from pbem import product
from pbem.language.command_help import help_text as judge_help
from pbem.language.keywords import SETTING_WORDS
from pbem.registry import kinds

if TYPE_CHECKING:
    from pbem.kinds.gamekinds import GameKind

_COLUMN = 33  # where a command's words start in the overview


def _command(usage: str, words: str = "") -> str:
    """One command's line of the overview: `/spaceships USAGE`, its words in the column."""
    return f"/{product.TAG} {usage}".ljust(_COLUMN) + words if words else f"/{product.TAG} {usage}"


def _more(words: str) -> str:
    return " " * _COLUMN + words


def _wrapped(line: str, width: int = 87) -> list[str]:
    """A long line of the overview, its words carried on in the column."""
    lines = [line]
    while len(lines[-1]) > width:
        cut = lines[-1].rindex(" ", _COLUMN, width + 1)
        lines[-1:] = [lines[-1][:cut], _more(lines[-1][cut + 1 :])]
    return lines


def overview() -> str:
    """How to play in Discord: every command, each game's own settings and set-up command,
    the topics of `help`, in the registry's order (the first game is the default)."""
    games = kinds()
    first, others = games[0], games[1:]
    settings = [
        _more(f"game: {kind.about.title}, with {', '.join(names)}")
        for kind in others
        if (names := [s.name for s in kind.about.settings if s.name not in SETTING_WORDS])
    ]

    def setup_line(kind: GameKind, named: bool) -> list[str]:
        word, words = kind.steps.setup_word, said(kind, "help_setup")
        if not word or not kind.records.setup_command:
            return []
        return [_command(word, f"{kind.name}: {words}" if named else words)]

    topics = ", ".join(["fleet, orders, notation, deadline", *(k.name for k in others)])
    public = [
        said(kind, "help_public", word=kind.name) for kind in games if not kind.show.private_results
    ]
    lines = [
        f"{product.NAME} in Discord: all commands are under /{product.TAG}.",
        "",
        _command("challenge [member]", "challenge a member (or anyone) to a game;"),
        _more("settings: ruleset, options, deadline, private, name,"),
        _more("rated (default on: the ladder);"),
        *settings,
        *(line for kind in others for line in setup_line(kind, True)),
        _command("play [level]", "a game against the computer (random, hunt, density,"),
        _more("expert: the default); settings: ruleset, options, deadline,"),
        _more("rated (default off);"),
        *settings,
        *setup_line(first, False),
        _command("orders", "send this turn's orders the same ways"),
        _more('("none" for no actions); replace them until both are in'),
        _command("status", "your own view, privately, as a picture"),
        _command("board", "the public board (what both players see), for everyone"),
        _command("history", "the game so far, as much as you may know"),
        _command("resign", "give up (asks first)"),
        _command("web", "a link, for you alone, to play the game in your browser"),
        _command("token", "an API token, for you alone, for a program to play your seat"),
        _command("settings", "game master: deadline, reminder, grace, missing orders"),
        _command("games", "your games and their threads"),
        _command("ladder [game]", "this server's ladder: the top 10 and your place"),
        _command("link [code]", "one ladder player with your mail address (code by mail)"),
        _command("tournament ...", "round robins and Swiss: create, join, start, show"),
        *_wrapped(_command("help [topic]", "this text; topics: " + topics)),
        "",
        "In a game's thread every command means that game; elsewhere name it in the `game`",
        "option (it completes your games). Your fleet, orders and results are shown only to you;",
        'results also come by direct message. A button "View my results" under each results post',
        "shows you yours if your DMs are closed; a Rematch button under a game's end offers the",
        "same game again, sides swapped." + "".join(" " + text for text in public),
    ]
    return "\n".join(lines)


# The bot's own topics; each game adds its own (its kind's `about.help_topics`), in Discord's words.
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
        return overview()
    key = topic.strip().lower()
    if key in TOPICS:
        return TOPICS[key]
    for kind in kinds():
        if key in kind.about.help_topics:
            return kind.about.help_topics[key]("discord")
    if key == "notation":  # the first game's, as the overview's list of topics says
        return help_text("fleet") + "\n\n" + help_text("orders")
    # The judge's own words on its command language (the email commands) as a last resort.
    return judge_help(key)
