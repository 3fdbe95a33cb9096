"""`rematch NAME`: after a game is over, the same two players again with the same settings and
the sides swapped, once the other player accepts (by asking too); against the computer at once.

The new game is made as `create` makes one (the same row fields, match rules, rated or casual)
and each player is seated by the game's own `join`, so what they read is what a join says,
their new password included, each in a message of their own.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pbem import registry
from pbem.club import ladder
from pbem.language.commands import Command
from pbem.messages import Outbound
from pbem.steps import limits
from pbem.steps.computers import COMPUTER_ADDRESS
from pbem.steps.desk import Desk, Refusal, Reply, Session
from pbem.steps.gamerows import deadline_line, other, subject
from pbem.steps.passwords import hash_password, new_password
from pbem.storage.store import GameRow, PlayerRow, Store, to_text

MAX_NAME = 24  # pbem.language.commands.NAME_PATTERN
# What the first player seated reads in a join's answer (each game's `join`).
WAITING = re.compile(
    r"The (game|battle) (starts|begins) when a second player has joined"
    r"( and both (fleets|designs) are in)?\."
)


def _joined(message: Outbound) -> bool:
    """A join's news to the other seat or the game master (`... your opponent has joined`,
    `... a player has joined`, each game's subject line)."""
    return message.subject.endswith((": your opponent has joined", ": a player has joined"))


def asked(store: Store, game_id: int) -> tuple[str, int | None] | None:
    """The seat that asked for a rematch of a game, and the rematch once made."""
    row = store.connection.execute(
        "SELECT asked_by, new_game_id FROM rematches WHERE game_id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return None
    return str(row["asked_by"]), None if row["new_game_id"] is None else int(row["new_game_id"])


def rematch_name(store: Store, name: str) -> str:
    """`alpha` -> `alpha-r2`, `alpha-r2` -> `alpha-r3`: the first free name of the series."""
    found = re.fullmatch(r"(.+)-r(\d+)", name)
    base, number = (found.group(1), int(found.group(2))) if found else (name, 1)
    while True:
        number += 1
        suffix = f"-r{number}"
        candidate = base[: MAX_NAME - len(suffix)] + suffix
        if store.game(candidate, lock=False) is None:
            return candidate


def rematch(command: Command, desk: Desk) -> str:
    game = desk.game(command.name)
    desk.reply.about(game)
    players = desk.store.players(game.id)
    mine = [s for s, p in players.items() if p.address == desk.inbound.sender]
    if not mine:
        raise Refusal(f"only the players of {game.name} may ask for its rematch")
    desk.refuse_other_front_end(game)
    if game.phase != "over":
        raise Refusal(f"game {game.name} is not over yet: a rematch is asked for after it")
    if set(players) != {"A", "B"}:
        raise Refusal(f"game {game.name} never had two players: `create` a new game instead")
    seat = mine[0] if game.accounts else _seat_by_password(command, desk, game, mine[0])
    before = asked(desk.store, game.id)
    if before is not None and before[1] is not None:
        made = desk.store.game_by_id(before[1])
        raise Refusal(f"the rematch of {game.name} is {made.name} already")
    opponent = players[other(seat)]
    if opponent.address != COMPUTER_ADDRESS and (before is None or before[0] == seat):
        if before is None:
            desk.store.connection.execute(
                "INSERT INTO rematches (game_id, asked_by, asked_at) VALUES (?, ?, ?)",
                (game.id, seat, to_text(desk.now)),
            )
            how = (
                "press Rematch under the game's end in its thread"
                if game.accounts
                else f"send `rematch {game.name} PASSWORD` with your password of {game.name}"
            )
            yours = registry.kind_of(game).about.seat_name(seat)  # "player A", "the Terrans"
            desk.reply.messages.append(
                Outbound(
                    (opponent.address,),
                    subject(game, "a rematch?"),
                    f"{players[seat].name} asks for a rematch of {game.name}: the same "
                    f"settings, the sides swapped (you would be {yours}). To accept, {how}.",
                    game.name,
                    kind="notice",
                )
            )
        return (
            f"You asked {opponent.name} for a rematch of {game.name} (same settings, sides "
            "swapped); it begins when they accept."
        )
    new, answers = make_rematch(desk, game, players)
    desk.store.connection.execute(
        "INSERT INTO rematches (game_id, asked_by, asked_at, new_game_id) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET new_game_id = excluded.new_game_id",
        (game.id, seat, to_text(desk.now), new.id),
    )
    return answers[desk.inbound.sender]


def _seat_by_password(command: Command, desk: Desk, game: GameRow, seat: str) -> str:
    """By mail, asking for a rematch and accepting one (which makes a rated game) needs the old
    game's password, as every move does: a From alone can be forged (issue 32, item 8)."""
    session = desk.session
    if command.password is not None:
        if desk.seat_for(game, command.password) != seat:
            raise Refusal(f"that is not your password for {game.name}; nothing changed")
        return seat
    if session.game is not None and session.game.id == game.id and session.seat == seat:
        return seat
    raise Refusal(
        f"a rematch by mail needs your password of {game.name}: `rematch {game.name} "
        f"PASSWORD` (or `rematch {game.name}` under `game {game.name} PASSWORD`)"
    )


def make_rematch(
    desk: Desk, game: GameRow, players: dict[str, PlayerRow]
) -> tuple[GameRow, dict[str, str]]:
    """The new game, its settings the old one's, its players seated with the sides swapped:
    the old B joins first (taking A). Each human's join answer goes to them alone."""
    limits.refuse_many_games(desk.store, desk.inbound.sender, desk.now)  # its game master
    name = rematch_name(desk.store, game.name)
    master = desk.inbound.sender
    password = "" if game.accounts else new_password(desk.rng)
    new = GameRow.opening(
        name=name,
        ruleset=game.ruleset,
        options=game.options,
        private=game.private,
        master_address=master,
        master_password=hash_password(password, desk.rng) if password else "",
        deadline_rule=game.deadline_rule,
        reminder_hours=game.reminder_hours,
        grace_hours=game.grace_hours,
        missing_policy=game.missing_policy,
        created_at=desk.now,
        accounts=game.accounts,
        master_news=game.master_news,
    )
    new = desk.store.insert_game(new)
    kind = registry.kind_of(game)
    kind.about.rematch_settings(desk.store, game, new)  # a match's rules, say
    ladder.copy_setting(desk.store, game.id, new.id)
    computers = desk.store.computers(game.id)
    answers: dict[str, str] = {}
    rated = "rated" if ladder.is_rated(desk.store, new.id) else "casual"
    for old_seat in ("B", "A"):  # the old B takes A
        player = players[old_seat]
        if old_seat in computers:
            level, _seed = computers[old_seat]
            kind.about.seat_computer(
                desk.store, new, other(old_seat), level, desk.now, desk.new_seed()
            )
            continue
        inbound = replace(desk.inbound, sender=player.address, sender_name=player.name)
        seat_desk = Desk(desk.store, desk.rng, inbound, Session(), Reply(), desk.now)
        command = Command("join", 1, f"join {name} as {player.name}", name=name)
        command = replace(command, body=f"as {player.name}")
        answer = kind.steps.join(command, seat_desk)
        # Nobody sent `join`: neither the first seated nor the game master is told that a
        # player "has joined" (each game's join says so, under its own subject line); the
        # rematch mail says who plays.
        desk.reply.messages += [m for m in seat_desk.reply.messages if not _joined(m)]
        head = f"The rematch of {game.name} is {name}: same settings ({rated}), sides swapped."
        answers[player.address] = head + "\n" + answer
    if password:  # the one who accepted is its game master, as `create` makes its creator
        answers[master] += f"\n\nYou are its game master. Your master password: {password}"
    new = desk.store.game_by_id(new.id)
    for address, text in answers.items():  # the first seated was told to wait for the second
        answers[address] = WAITING.sub(f"Both players are in.\n{deadline_line(new)}", text)
    for address, text in answers.items():
        if address != desk.inbound.sender:
            desk.reply.messages.append(
                Outbound((address,), subject(new, "the rematch"), text, name, kind="notice")
            )
    desk.reply.about(new)
    return new, answers


COMMANDS = {"rematch": rematch}
