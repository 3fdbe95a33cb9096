"""A reader's own settings, the same for every game: `pictures on|off` (pictures with mail).

The setting belongs to the sender's address, not to a game, so it needs no password: it
changes only what mail to that very address carries (issue 21). Unset, each game's own
default holds (its kind's `show.mail_pictures`); either way the text of a mail is never cut, the
pictures come as extra parts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from pbem.language.commands import Command
from pbem.steps.desk import Desk, Refusal

Handler = Callable[[Command, Desk], str]
Defaults = Callable[[], Iterable[tuple[str, bool]]]  # each game's key and its mail default

ON, OFF = ("on", "yes", "true", "1"), ("off", "no", "false", "0")
DISCORD = (
    "Discord always shows the pictures: each result comes with its picture, so there is "
    "nothing to set here. `pictures on|off` is for mail."
)


def commands(defaults: Defaults) -> dict[str, Handler]:
    """The commands, told each game's default by the list of games (which lists these
    commands among its shared ones: given, not imported, so no import circle)."""

    def pictures_command(command: Command, desk: Desk) -> str:
        return pictures(command, desk, defaults)

    return {"pictures": pictures_command}


def pictures(command: Command, desk: Desk, defaults: Defaults) -> str:
    """`pictures on|off`: this address's choice for every game; `pictures`: what holds now."""
    if desk.inbound.authenticated:
        return DISCORD
    address = desk.inbound.sender
    word = command.body.strip().lower()
    if word in ON or word in OFF:
        on = word in ON
        desk.store.set_pictures(address, on)
        if on:
            return (
                f"Pictures on for {address}: from now on your mail from the judge carries the "
                "pictures of what it tells (your own view, the public board, the reveal at the "
                "end), as PNG attachments after the text, in every game."
            )
        return (
            f"Pictures off for {address}: your mail from the judge is text only, in every "
            "game (the text always draws the board too)."
        )
    if word:
        raise Refusal(
            f"`pictures {word}` is not a setting: write `pictures on` or `pictures off`, or "
            "`pictures` alone to see what holds now"
        )
    said = desk.store.pictures_said([address])[address]
    if said is None:
        now = "not set, so each game's default holds"
    else:
        now = f"{'on' if said else 'off'}, in every game"
    return (
        f"Pictures with mail to {address}: {now}.\n"
        f"Each game's default: {default_text(defaults())}.\n"
        "`pictures on` or `pictures off` chooses for every game; the text never changes."
    )


def default_text(defaults: Iterable[tuple[str, bool]]) -> str:
    """`spaceships off, battles on, ...`: each game's default, in the games' order."""
    return ", ".join(f"{key} {'on' if on else 'off'}" for key, on in defaults)
