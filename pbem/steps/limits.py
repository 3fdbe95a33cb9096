"""How much one submission and one address may make the judge do: commands a mail, games an
address makes a day, the size of a reply (issue 32, item 1). Beyond each, one line says what
was not done and why, never an answer per command left out.

Without them one 247 KiB mail of `create` lines made 17,579 games and a 7.2 MB reply, sent to
whatever its From said; with them a mail runs at most MAX_COMMANDS commands, an address makes
at most GAMES_A_DAY games in 24 hours, and a reply's text stays under MAX_REPLY_BYTES.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from pbem.language.commands import Parsed
from pbem.steps.desk import Refusal
from pbem.storage.store import Store, to_text

# A player's mail holds a sign-on, a fleet and orders; a game master's, a few settings: forty
# commands leave room for any honest mail and bound what one mail can make the judge do.
MAX_COMMANDS = 40
# Games one address makes (as their game master: `create`, an accepted `rematch`) in a day.
GAMES_A_DAY = 20
GAMES_WINDOW = timedelta(days=1)
# A reply's text, all answers together: beyond it, long answers are left out (the answers that
# issue a password never are: they are a few hundred bytes).
MAX_REPLY_BYTES = 128 * 1024


def within(parsed: Sequence[Parsed]) -> tuple[list[Parsed], list[Parsed]]:
    """The commands a submission runs, and those beyond MAX_COMMANDS (not run)."""
    return list(parsed[:MAX_COMMANDS]), list(parsed[MAX_COMMANDS:])


def not_run(beyond: Sequence[Parsed]) -> str:
    """The one line for every command beyond the cap."""
    first, last = _line(beyond[0]), _line(beyond[-1])
    where = f"line {first}" if first == last else f"lines {first}-{last}"
    return (
        f"Not done: {where}, {len(beyond)} more command(s). The judge carries out at most "
        f"{MAX_COMMANDS} commands a mail; send the rest in another mail."
    )


def _line(item: Parsed) -> int:
    return item.line


def refuse_many_games(store: Store, address: str, now: datetime) -> None:
    """Refuse a new game to an address that made GAMES_A_DAY of them in the last day."""
    row = store.connection.execute(
        "SELECT COUNT(*) FROM games WHERE master_address = ? AND created_at >= ?",
        (address, to_text(now - GAMES_WINDOW)),
    ).fetchone()
    if int(row[0]) >= GAMES_A_DAY:
        raise Refusal(
            f"you have made {GAMES_A_DAY} games in the last 24 hours, as many as one address "
            "may; nothing was made: try again tomorrow, or join a game someone else made"
        )


def bounded(sections: Sequence[str], kept: Sequence[bool]) -> list[str]:
    """The reply's answers within MAX_REPLY_BYTES: once over it, an answer not `kept` (those
    that issue a password are) is left out, and one line at the end says which and why. The
    first answer is always sent: the cap bounds how many answers one mail earns, and one
    command's own answer (a long fleet's slips, each already cut short) is what it was for."""
    out: list[str] = []
    left: list[int] = []
    size = 0
    for number, (section, keep) in enumerate(zip(sections, kept, strict=True)):
        length = len(section.encode("utf-8"))
        if keep or number == 0 or size + length <= MAX_REPLY_BYTES:
            out.append(section)
            size += length
        else:
            left.append(number + 1)
    if left:
        out.append(
            f"Not sent: the answers to {len(left)} of your commands (the {_ordinal(left[0])} "
            f"and after), for a reply holds at most {MAX_REPLY_BYTES // 1024} KiB; "
            "ask for them in another mail."
        )
    return out


def _ordinal(number: int) -> str:
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10)
    return f"{number}{suffix or 'th'}"
