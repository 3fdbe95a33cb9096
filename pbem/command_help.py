"""The judge's help by mail: the command list, and more about one command.

Written from the same table of commands (pbem.keywords.SYNOPSIS) the reader knows, so the
list never names a command the judge cannot read.
"""

from __future__ import annotations

from pbem import registry
from pbem.keywords import SYNOPSIS, keyword_of

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
        "`ladder` (Spaceships) or `ladder battles`: the club ladder's top 10 and your own "
        "place. Everyone starts at 1500; `?` marks a rating still unsure; the ladder lists "
        "players with 5 or more rated games. Games between people are rated unless created "
        "`casual`; against the computer only when created `rated` (vs computer hunt rated). A game "
        "that ends before its first turn is resolved counts for nobody."
    ),
    "rematch": (
        "`rematch NAME` after game NAME is over: its other player is asked; when they send "
        "`rematch NAME` too, the new game NAME-r2 is made with the same settings and the "
        "sides swapped, and each player gets their password in a mail of their own. Against "
        "the computer it is made at once."
    ),
    "link": (
        "`link`: the reply holds a one-time code; enter it in Discord with `/spaceships link "
        "code:CODE` within a day, and your mail address and Discord account are one player on "
        "the ladder. The code only works from Discord: it proves the account is yours too."
    ),
    "endmatch": (
        "After `game NAME PASSWORD` (or `master NAME PASSWORD`): ask to end the match. It "
        "ends when both players have asked, or the game master has, and only when a game has "
        "just ended [9.3.1, 10.6.1]: after the game in play, or at once between two games."
    ),
    "design": (
        "Spaceship Battles, after `game NAME PASSWORD`: `design` and then one ship a line, "
        "its name and Ship Code, the three numbers optional (the judge works them out), and "
        "optionally where it starts:\n"
        "  design\n  Lancer E-SAI(Gf)I(Xf)IIV\n  Kite E-AI(Mf)(Gf)IIID at 1,8 N\n"
        "Within the budget; replaceable until both designs are in. The hulls and systems "
        "with their costs: `help battles`."
    ),
    "fleet": (
        "After `game NAME PASSWORD`: `fleet` and then your ships, each its type code and its "
        "cells, separated by `;` or new lines, up to a blank line or `end`:\n"
        "  fleet DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; ...\n"
        "The grid form (five 5x5 grids side by side and a `key:` line) works too. You may "
        "replace your fleet until both fleets are in."
    ),
    "orders": (
        "After `game NAME PASSWORD`: `orders TURN: ORDERS` in the conventional notation, e.g.\n"
        "  orders 3: Gx3 Gx4 bRv1Rx1 mYw3 Yw2 sOz5 kBz5 Bz4\n"
        "Cells are strikes; b+two end cells a beam; m+values a missile launch and k+cell a "
        "kamikaze launch (each with its target among the strikes); s+cell a scan. "
        "`orders 3:` alone means no actions. Orders for another turn than the current one are "
        "refused. You may replace them until your opponent's are in.\n"
        "In a Spaceship Battles game: moves (`orders 2: Lancer FFRF; Kite stay`) in the "
        "movement phase, volleys (`orders 2: Lancer > Raider; tractor Kite > Raider`) in the "
        "fire phase; `orders 2: none` (or `orders 2:` alone) when your ships do nothing this "
        "phase; more in `help battles`."
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
        "`pictures` alone says what holds now and each game's default (Spaceships off: its "
        "mails draw the board as text grids; Spaceship Battles and Space Chess on). The text "
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
        if keyword in DETAILS:
            text += "\n\n" + DETAILS[keyword]
        if keyword == "create":
            text += "\n\nEach game's own settings (the game's word after the name):\n"
            text += "\n".join(create_lines())
        return text + "\n\n" + GUIDE_OFFER
    if topic.strip().lower() in ("guide", "all", "manual"):
        from pbem.guide import GUIDE

        return GUIDE
    lines = ["Commands (one per line, any case):", ""]
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
    return ["  " + line for kind in registry.kinds() for line in kind.create_usage]


_WIDTH = max(len(usage) for usage, _ in SYNOPSIS.values()) + 2


def _synopsis_line(keyword: str) -> str:
    usage, what = SYNOPSIS[keyword]
    return usage.ljust(_WIDTH) + what
