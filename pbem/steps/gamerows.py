"""A game row's plain facts, whatever the game: its seats, player names, mail subjects,
deadline and the game master's news.

Small helpers every part of the judge reads a stored game with; they change nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from pbem import product, registry
from pbem.messages import Attachment, Outbound
from pbem.steps.deadlines import DeadlineRule, format_moment
from pbem.storage.store import GameRow, PlayerRow, Store

SEATS = ("A", "B")


def other(seat: str) -> str:
    return "B" if seat == "A" else "A"


def names_of(players: dict[str, PlayerRow]) -> dict[str, str]:
    return {seat: (players[seat].name if seat in players else f"player {seat}") for seat in SEATS}


def player_name(written: str, display: str, address: str, seat: str) -> str:
    """The name a player joins under: the one written after `join NAME as`, else the display
    name of their address (`Bob Smith <bob@...>`), else its local part (`bob`); one line, at
    most 40 characters. Only an address without either falls back to the seat's name."""
    local = address.partition("@")[0] if "@" in address else ""
    return " ".join((written or display or local or f"Player {seat}").split())[:40]


def name_said() -> str:
    """Tells a player named by their address (player_name) where the name came from."""
    return "The name comes from your address; `join GAME as NAME` chooses another."


def subject(game: GameRow, what: str) -> str:
    """The judge's subject line of a message about a game (a game may word its own)."""
    return f"{product.NAME} {game.name}: {what}"


def open_phase(game: GameRow, now: datetime) -> GameRow:
    """The fleets or a turn open now: the rule gives their deadline; reminders start afresh."""
    deadline = DeadlineRule.parse(game.deadline_rule).deadline_for(now)
    return replace(game, opened_at=now, deadline=deadline, reminded=False, late_notified=False)


def deadline_line(game: GameRow) -> str:
    """The phase's deadline, or without one what the phase waits for, in that game's words:
    the set-ups (fleets, designs) before the game, orders in it."""
    if game.deadline is None:
        about = registry.kind_of(game).about
        if game.phase in ("joining", "setup"):
            return (
                f"No deadline: the judge waits for both {about.waits_for}, however long they take."
            )
        return f"No deadline: {about.resolved} when both players have sent orders."
    line = f"Deadline: {format_moment(game.deadline)}"
    if game.grace_hours:
        line += f" (grace {game.grace_hours:g}h)"
    return line + "."


def over_for_joining(name: str) -> str:
    """The refusal of `join` for a game that is over: nothing to join or observe any more, but
    its whole record is there to read."""
    return (
        f"game {name} is over: nobody can join it now; `history {name}` sends its whole "
        "record (the mail that ended it had the record attached, with its replay when "
        "turns were played)"
    )


def full_for_joining(game: GameRow) -> str:
    """The refusal of `join` for a game whose seats are taken: onlookers may `observe` it,
    unless it is private, where nobody but its players may."""
    if game.private:
        return (
            f"game {game.name} has both its players, and it is private: nobody else may join "
            "or observe it; `list` shows the open games"
        )
    return f"game {game.name} has both its players; you may `observe {game.name}`"


# A game's subject line of a message about it (`subject` above: the judge's own words).
Subject = Callable[[GameRow, str], str]


def to_everyone(
    store: Store,
    game: GameRow,
    what: str,
    body: str,
    attachments: tuple[Attachment, ...] = (),
    kind: str = "notice",
    turn: int | None = None,
    titled: Subject = subject,
    onlookers: str | None = None,
) -> list[Outbound]:
    """The same message to both players and every observer, once to each address, for a game
    whose rules hide nothing in it. `kind` and `turn` let a front end show it its own way
    ("begin", "turn", "over"); `titled` words the subject (a game may name itself there);
    `onlookers`: the body for observers where it differs (without the lines on how to send a
    turn, which they do not send)."""
    players = [p.address for p in store.players(game.id).values()]
    addresses = [*players, *store.observers(game.id)]
    return [
        Outbound(
            (a,),
            titled(game, what),
            body if onlookers is None or a in players else onlookers,
            game.name,
            attachments=attachments,
            kind=kind,
            turn=turn,
        )
        for a in dict.fromkeys(addresses)
    ]


def master_notice(
    store: Store,
    game: GameRow,
    what: str,
    body: str,
    attachments: tuple[Attachment, ...] = (),
    titled: Subject = subject,
) -> list[Outbound]:
    """News of a game for its game master, who would otherwise hear nothing unprompted: not
    when they read it anyway as a player or an observer of the game, nor after `news off`."""
    address = game.master_address
    if not game.master_news:
        return []
    players = store.players(game.id)
    if address in {p.address for p in players.values()} or address in store.observers(game.id):
        return []
    return [
        Outbound(
            (address,),
            titled(game, what),
            f"{body}\n\n(You are its game master.)",
            game.name,
            attachments=attachments,
        )
    ]


def late_notice(
    store: Store, game: GameRow, players: dict[str, PlayerRow], subject_line: str, body: str
) -> tuple[GameRow, list[Outbound]]:
    """The one notice that a deadline passed while the judge waits (`missing wait`): to every
    player and, unless `news off`, the game master; then the game remembers it was said."""
    master = [game.master_address] if game.master_news else []
    readers = dict.fromkeys([*(p.address for p in players.values()), *master])
    messages = [
        Outbound((address,), subject_line, body, game.name, kind="late", turn=game.turn)
        for address in readers
    ]
    game = replace(game, late_notified=True)
    store.update_game(game)
    return game, messages
