"""What the bot refuses a member, in the member's words: a setting that would be a second
command, someone else's game; `BotRefusal` carries the text to show."""

from __future__ import annotations

import unicodedata

from pbem.storage.store import GameRow, PlayerRow

__all__ = ["BREAKS", "SETTING_EXAMPLES", "BotRefusal", "not_your_game", "refuse_line_breaks"]

# Characters that end a line (str.splitlines) or control a terminal: never in a setting.
BREAKS = ("Cc", "Zl", "Zp")
SETTING_EXAMPLES = {
    "deadline": "48h",
    "reminder": "12h",
    "grace": "1h",
    "options": "fleet=cost:24",
    "name": "duel",
}
# Kinds of message the judge sends alike to each player, about nothing private.


class BotRefusal(ValueError):
    """Something the bot will not do for this member; the text says why and what instead."""


def refuse_line_breaks(values: dict[str, str]) -> None:
    """Each setting is one line of the judge's language: a value with a line break or another
    control character could start a second command, so it is refused, and nothing is done."""
    for key, value in values.items():
        bad = next((c for c in value if c != "\t" and unicodedata.category(c) in BREAKS), None)
        if bad is not None:
            raise BotRefusal(
                f"The `{key}` you gave holds a line break or control character "
                f"({ascii(bad)}): a setting is one line, so nothing was done. Send it again "
                f"on one line, e.g. `{key}: {SETTING_EXAMPLES.get(key, '...')}`."
            )


def not_your_game(game: GameRow, players: dict[str, PlayerRow]) -> str:
    if game.private:
        return f"Not your game: {game.name} is a private game of two other members."
    names = " and ".join(p.name for p in players.values()) or "other members"
    return f"Not your game: {game.name} is played by {names}."
