"""The ladder's commands, the same for mail and Discord: `ladder [GAME]` (the top and your own
place) and `link [CODE]` (one ladder player for a mail address and a Discord member)."""

from __future__ import annotations

from pbem.club import ladder, links
from pbem.language.commands import Command
from pbem.steps.desk import Desk, Refusal


def show_ladder(command: Command, desk: Desk) -> str:
    key = ladder.game_named(command.body)
    if key is None:
        first, *others = ladder.laddered()
        choices = " or ".join(kind.about.words[0] for kind in (first, *others))
        rest = "".join(f" or `ladder {kind.about.words[0]}`" for kind in others)
        raise Refusal(
            f"`{command.body}` names no game with a ladder; write `ladder` ({first.about.title})"
            f"{rest} ({choices})"
        )
    me = ladder.identity(desk.store, desk.inbound.sender)
    return ladder.ladder_text(desk.store, key, me)


def link(command: Command, desk: Desk) -> str:
    code = command.body.strip()
    sender = desk.inbound.sender
    if links.is_member(sender) and desk.inbound.authenticated:
        if not code:
            raise Refusal(
                "to link your mail address with this Discord account, send `link` by mail "
                "from that address to the judge: the reply holds a code; enter it here with "
                "`/spaceships link code:CODE`"
            )
        try:
            address = links.link(desk.store, sender, code, desk.now)
        except links.LinkRefused as exc:
            raise Refusal(str(exc)) from exc
        return (
            f"Linked: {address} and this Discord account are one player on the ladder from "
            "now on (its ratings, if any, are yours here)."
        )
    if code:
        raise Refusal(
            "a link code is entered in Discord (`/spaceships link code:CODE`), never mailed "
            "back: that is what proves the Discord account is yours too"
        )
    made = links.new_code(desk.store, sender, desk.now, desk.rng)
    return (
        f"Your link code: {made}\n"
        "In Discord, run `/spaceships link code:" + made + "` within a day to make this "
        f"address ({sender}) and your Discord account one player on the ladder. The code "
        "works once. Did not ask for it? Ignore this mail: nothing is linked without it."
    )


COMMANDS = {"ladder": show_ladder, "link": link}
