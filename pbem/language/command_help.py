"""The judge's help by mail: the command list, and more about one command.

Written from the same table of commands (pbem.language.keywords.SYNOPSIS) the reader knows, so the
list never names a command the judge cannot read.
"""

from __future__ import annotations

from typing import Any

from pbem import registry
from pbem.language.keywords import SYNOPSIS, keyword_of

# More about the commands a player most often gets wrong, for `help TOPIC`.
DETAILS: dict[str, str] = {
    "newpassword": (
        "Lost your password? `newpassword NAME` from the address you joined NAME with gives "
        "you a new one in the reply, and the old one stops working. The game master gets a "
        "new master password the same way, from the address the game was created from. From "
        "any other address nothing changes."
    ),
    "create": (
        "Settings, in any order: vs computer [LEVEL]; ruleset 2.6.1|classic; options "
        "fleet=cost:24 colours=RYGOB (key=value words need no `options`); deadline RULE; "
        "reminder DURATION; grace DURATION; missing noactions|wait; news on|off; private; "
        "rated|casual (the ladder: rated between people, casual against the computer).\n"
        "A match of several games: match=scored|continued and its end games=N, score=N, "
        "wins=N or end=agreed (default games=3); a continued match may add victory="
        "score|wins|materiel and a build table build=one-death-star|many-death-stars.\n"
        "Example: create alpha deadline FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20 reminder 12h\n"
        "Example: create alpha match=continued games=3 build=one-death-star\n"
        "Against the computer: create alpha vs computer (or vs computer hunt; levels: "
        "random, hunt, density, expert, the default). You take seat A at once; the computer "
        "has B and answers each turn as soon as your orders are in. It plays matches too: "
        "create alpha vs computer hunt match=continued games=3; in a continued match it builds "
        "its additional ships from what it carried [10.3]."
    ),
    "ladder": (
        "{ladders}: the club ladder's top 10 and your own place. Everyone starts at 1500; "
        "`?` marks a rating still unsure; the ladder lists players with 5 or more rated games "
        "against 3 or more opponents. Games between people are rated unless created `casual`; "
        "against the computer only when created `rated` (vs computer hunt rated). A game that "
        "ends before its first turn is resolved counts for nobody, nor does one whose two seats "
        "are one player (one address, or addresses linked to one Discord member); of the games "
        "one pair of players begins in 7 days, 3 count."
    ),
    "rematch": (
        "`rematch NAME PASSWORD` after game NAME is over, PASSWORD your password of NAME (or "
        "`rematch NAME` under `game NAME PASSWORD`): its other player is asked; when they "
        "send `rematch NAME PASSWORD` too, with their own password, the new game NAME-r2 is "
        "made with the same settings and the sides swapped, and each player gets their "
        "password in a mail of their own. Against the computer it is made at once."
    ),
    "link": (
        "`link`: the reply holds a one-time code; enter it in Discord with `/spaceships link "
        "code:CODE` within a day, and your mail address and Discord account are one player on "
        "the ladder. The code only works from Discord: it proves the account is yours too."
    ),
    "deadline": (
        "A duration after each phase opens, the fleets then each turn (48h, 2 days), a UTC "
        "moment (2026-12-01 20:00), an RFC 5545 rule (FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20), "
        "or none. Game masters change it after `master NAME PASSWORD`."
    ),
    "news": (
        "The judge mails the game master when a player joins, when the game begins, when a "
        "deadline passes with orders missing, and at the end (not when they play or observe "
        "the game: they read it there). After `master NAME PASSWORD`, `news off` stops those "
        "mails and `news on` brings them back; `create NAME news off` starts without them."
    ),
    "pictures": (
        "`pictures on`: your mail from the judge carries the pictures of what it tells, as PNG "
        "attachments after the text (the same pictures Discord shows): your own view after "
        "each turn, the public board when you observe, both sides at the end. `pictures off`: "
        "text only. It is a setting of your address, for every game, and needs no password. "
        "`pictures` alone says what holds now and each game's default ({defaults}). The text "
        "of a mail is the same either way."
    ),
    "history": (
        "`history NAME`: what both players have seen, as a record. After `game NAME PASSWORD`, "
        "`history`: your own record, with your fleet and orders too. Once the game is over, "
        "everything."
    ),
}


def help_text(topic: str = "") -> str:
    """The command list, or more about one command."""
    keyword = keyword_of(topic.split()[0]) if topic.strip() else None
    if keyword is not None:
        text = _synopsis_line(keyword)
        details = _details(keyword)
        if details:
            text += "\n\n" + details
        if keyword == "create":
            text += "\n\nEach game's own settings (the game's word after the name):\n"
            text += "\n".join(create_lines())
        return text + "\n\n" + GUIDE_OFFER
    if topic.strip().lower() in ("guide", "all", "manual"):
        from pbem.language.guide import guide

        return guide()
    lines = ["Commands (one per line, any case; at most 40 a mail):", ""]
    lines += ["  " + _synopsis_line(k) for k in SYNOPSIS]
    lines += [
        "",
        "Create settings: deadline 48h | 2026-12-01 20:00 | FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=20",
        "  | none, reminder 12h, grace 1h, missing noactions|wait, news off, private;",
        *create_lines(),
        "A turn's orders, e.g.:",
        "  game NAME PASSWORD",
        "  orders 3: Gx3 Gx4 mv Yw2 sOz5",
        "More about one command: help create, help fleet, help orders, help deadline ...",
        GUIDE_OFFER,
    ]
    return "\n".join(lines)


GUIDE_OFFER = "The whole guide, by mail: send `help guide`."


def create_lines() -> list[str]:
    """Each game's own `create` settings, in the registry's order (its kind's create_usage)."""
    return ["  " + line for kind in registry.kinds() for line in kind.about.create_usage]


_WIDTH = max(len(usage) for usage, _ in SYNOPSIS.values()) + 2


def _synopsis_line(keyword: str) -> str:
    """A command's line in the list: the shared words, else the words of the game it is for;
    `ladder` names the games that have one."""
    usage, what = SYNOPSIS[keyword]
    if not what:
        what = next(
            (k.about.synopsis[keyword] for k in registry.kinds() if keyword in k.about.synopsis), ""
        )
    if keyword == "ladder":
        what += f" ({', '.join(k.name for k in _laddered())})"
    return usage.ljust(_WIDTH) + what


def _laddered() -> list[Any]:
    return [kind for kind in registry.kinds() if kind.about.score is not None]


def _details(keyword: str) -> str:
    """More about a command: the shared words (with the games filled in where they differ),
    then each game's own paragraph, in the registry's order."""
    shared = DETAILS.get(keyword, "")
    if keyword == "ladder":
        first, *others = [kind.name for kind in _laddered()]
        named = [f"`ladder` ({registry.kind_named(first).about.title})"]
        named += [f"`ladder {key}`" for key in others]
        shared = shared.format(ladders=_listed(named))
    if keyword == "pictures":
        off = [
            k.about.details.get("pictures") or f"{k.about.title} off"
            for k in registry.kinds()
            if not k.show.mail_pictures
        ]
        on = [k.about.title for k in registry.kinds() if k.show.mail_pictures]
        shared = shared.format(
            defaults="; ".join([*off, *([f"{_listed(on, 'and')} on"] if on else [])])
        )
    own = [
        k.about.details[keyword]
        for k in registry.kinds()
        if keyword in k.about.details and keyword != "pictures"
    ]
    return "\n".join(part for part in (shared, *own) if part)


def _listed(words: list[str], last: str = "or") -> str:
    """`a`, `a or b`, `a, b or c`."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"
