"""The words of the judge's command language: each command's synopsis, its aliases, the
settings `create` takes, and the keyword a word names (with a suggestion for a slip)."""

from __future__ import annotations

import difflib

from pbem import registry

# Each command: how it is written, and what it does (aligned in the list by help_text); "":
# the game it is for says (its kind's `about.synopsis`).
SYNOPSIS: dict[str, tuple[str, str]] = {
    "help": ("help [TOPIC]", "this text, more about one command, or `help guide`"),
    "list": ("list", "the public games and who may join them"),
    "create": ("create NAME [SETTINGS]", "a new game (you are its game master)"),
    "join": ("join NAME", "take a seat; the reply has your password"),
    "observe": ("observe NAME", "receive what both players see, each turn"),
    "unobserve": ("unobserve NAME", "stop observing"),
    "status": ("status [NAME]", "who has sent what, the deadline"),
    "history": ("history [NAME [PASSWORD]]", "the game so far, as much as you may know"),
    "game": ("game NAME PASSWORD", "sign on as a player for the lines that follow"),
    "newpassword": ("newpassword NAME", "lost it? a new password, to the address you joined with"),
    "web": (
        "web NAME",
        "a one-time link to play NAME in the browser, to the address you joined with",
    ),
    "token": (
        "token NAME PASSWORD [list|revoke ID|all]",
        "an API token for a program to play your seat (docs/api.md); list or revoke them",
    ),
    "fleet": ("fleet", ""),
    "orders": ("orders TURN: ORDERS", "your orders for turn TURN (empty: no actions)"),
    "design": ("design", ""),
    "resign": ("resign [NAME PASSWORD]", "give up; your opponent wins"),
    "draw": ("draw [NAME PASSWORD] TURN", ""),
    "endmatch": ("endmatch", ""),
    "master": ("master NAME PASSWORD", "sign on as game master for the lines that follow"),
    "deadline": ("deadline RULE", "(master) 48h, 2026-12-01 20:00, FREQ=..., none"),
    "reminder": ("reminder DURATION", "(master) remind this long before a deadline"),
    "grace": ("grace DURATION", "(master) extra time after a deadline"),
    "missing": ("missing noactions|wait", "(master) what a missing turn means at a deadline"),
    "news": ("news on|off", "(master) whether the judge mails you the game's news"),
    "process": ("process", "(master) adjudicate now, as if the deadline passed"),
    "cancel": ("cancel", "(master) end the game without a result"),
    "ladder": ("ladder [GAME]", "the club ladder: its top and your place"),
    "rematch": ("rematch NAME PASSWORD", "after game NAME: the same again, sides swapped"),
    "link": ("link [CODE]", "one ladder player for your mail address and Discord account"),
    "tournament": (
        "tournament [create|join|start|withdraw] NAME ...",
        "round robins and Swiss: `tournament` lists them, `tournament NAME` its standings",
    ),
    "pictures": ("pictures [on|off]", "pictures with your mail (every game), or what holds"),
}
ALIASES: dict[str, str] = {
    "signon": "game",
    "sign-on": "game",
    "order": "orders",
    "games": "list",
    "watch": "observe",
    "unwatch": "unobserve",
    "quit": "resign",
    "lostpassword": "newpassword",
    "forgotpassword": "newpassword",
    "resetpassword": "newpassword",
    "new-password": "newpassword",
}
# The hint of a line that starts with no command and nothing like one.
GENERIC_HINT = "send `help` for the list of commands"
SETTING_WORDS = (
    "ruleset",
    "options",
    "option",
    "deadline",
    "reminder",
    "grace",
    "missing",
    "news",
    "vs",
)
FLAG_WORDS = ("private", "public", "rated", "casual")
# What a setting written without its value should have had (`create alpha vs`).
SETTING_HINTS = {
    "deadline": "e.g. deadline 48h, or deadline FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20",
    "reminder": "e.g. reminder 12h, or reminder 0 for none",
    "grace": "e.g. grace 2h",
    "missing": "missing noactions or missing wait",
    "news": "news on or news off",
}


def game_words() -> dict[str, str]:
    """What a player may write for a game after `create NAME` (each kind's `words`), and the
    key it stands for; read from the registry at parse time, never at import (circles)."""
    return {word: kind.name for kind in registry.kinds() for word in kind.about.words}


def keyword_of(word: str) -> str | None:
    """The canonical keyword a word names (any case, aliases too), or None."""
    lowered = word.lower().rstrip(":")
    if lowered in SYNOPSIS:
        return lowered
    return ALIASES.get(lowered)


def suggest(word: str) -> str | None:
    # One slip in a keyword (`lsit`, `ordres`, `gmae`, `stats`), not a word of prose that
    # shares some letters with one (`Hello`, `Lee`).
    lowered = word.lower()
    keys = [k for k in [*SYNOPSIS, *ALIASES] if abs(len(k) - len(lowered)) <= 1]
    close = difflib.get_close_matches(lowered, keys, n=1, cutoff=0.7)
    return f"did you mean `{ALIASES.get(close[0], close[0])}`?" if close else None


def setting_hint(key: str) -> str:
    """What `create ... KEY` without a value should have had: the shared words, or for `vs`
    the first game's computer levels and for a game's own setting its choices (its kind's)."""
    first = registry.kinds()[0]
    if key == "vs" and first.about.levels:
        return f"vs computer, or vs computer LEVEL ({', '.join(first.about.levels)})"
    for kind in registry.kinds():
        for setting in kind.about.settings:
            if setting.name == key and setting.choices:
                return " or ".join(f"{key} {value}" for _, value in setting.choices)
    return SETTING_HINTS.get(key, "see `help create`")
