"""Opening a game of Space Chess through the judge: `create NAME chess` (deadline, reminder,
grace, missing, private, rated or casual; `vs computer [LEVEL]`) and `join`. There is no
set-up: the game starts, the Terrans to act, as soon as both seats are taken [SC1, SC2]."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from pbem import ladder
from pbem.commands import Command
from pbem.computers import COMPUTER_ADDRESS
from pbem.deadlines import DeadlineRule
from pbem.desk import Desk, Refusal
from pbem.gamerows import name_said, over_for_joining, player_name
from pbem.mastering import game_timing, news_setting
from pbem.messages import Outbound
from pbem.passwords import hash_password, new_password
from pbem.store import GameRow, PlayerRow, Store
from spacechess.judge.computer import chess_level, seat_chess_computer
from spacechess.judge.rows import (
    GAME,
    master_notice,
    now_open,
    player_seated,
    settings_text,
    side_name,
    subject,
    to_everyone,
    with_state,
)
from spacechess.judge.turns import open_turn
from spacechess.judge.views import board_text, next_text

__all__ = ["create", "join", "no_setup", "start"]


def create(command: Command, desk: Desk) -> str:
    assert command.name is not None
    if desk.store.game(command.name) is not None:
        raise Refusal(f"a game named {command.name} exists already; choose another name")
    settings = dict(command.settings)
    for key, why in (
        ("ruleset", "Space Chess has one set of rules (SC1-SC12): leave `ruleset` out"),
        ("options", "Space Chess has no options: leave them out"),
    ):
        if key in settings:
            raise Refusal(f"{why}; e.g. `create {command.name} chess deadline 48h`")
    level = chess_level(settings["vs"], command.name) if "vs" in settings else None
    rule, reminder, grace, policy = game_timing(
        settings, DeadlineRule("none"), None, 0, None, desk.now
    )
    accounts = desk.inbound.authenticated
    password = "" if accounts else new_password(desk.rng)
    game = GameRow.opening(
        name=command.name,
        ruleset=GAME,
        options=(),
        private=settings.get("private") == "yes",
        master_address=desk.inbound.sender,
        master_password=hash_password(password, desk.rng) if password else "",
        deadline_rule=rule.stored,
        reminder_hours=24.0 if reminder is None else reminder,
        grace_hours=grace,
        missing_policy=policy or "noactions",
        created_at=desk.now,
        accounts=accounts,
        master_news=news_setting(settings["news"]) if "news" in settings else True,
    )
    game = desk.store.insert_game(with_state(game))
    desk.reply.about(game)
    lines = [f"Space Chess game {game.name} created: {settings_text(game)}."]
    # Rated between people unless `casual`; against the computer only when `rated` is said.
    lines.append(ladder.settle_at_create(desk.store, game, settings, level))
    if not accounts:
        lines.append(f"You are its game master. Your master password: {password}")
    if level is None:
        lines.append(f"Players join with:  join {game.name}  (the first to join plays the Terrans)")
        return "\n".join(lines)
    seat_chess_computer(desk.store, game, "B", level, desk.new_seed(), desk.now)
    lines.append(
        f"The computer ({level}) plays the Aliens; you play the Terrans and act first. It "
        "plays each of its turns as soon as yours is in."
    )
    joined = join(Command("join", command.line, command.source, name=game.name), desk)
    return "\n".join(lines) + "\n\n" + joined


def join(command: Command, desk: Desk) -> str:
    game = desk.game(command.name)
    desk.reply.about(game)
    players = desk.store.players(game.id)
    if game.phase == "over":
        raise Refusal(over_for_joining(game.name))
    if game.phase != "joining":
        raise Refusal(f"game {game.name} has both its players; you may `observe {game.name}`")
    if any(p.address == desk.inbound.sender for p in players.values()):
        raise Refusal(f"you have already joined {game.name}")
    desk.refuse_other_front_end(game)
    seat = "A" if "A" not in players else "B"
    display = command.body[3:].strip() if command.body.lower().startswith("as ") else ""
    name = player_name(display, desk.inbound.sender_name, desk.inbound.sender, side_name(seat))
    password = "" if game.accounts else new_password(desk.rng)
    hashed = hash_password(password, desk.rng) if password else ""
    desk.store.insert_player(
        PlayerRow(game.id, seat, desk.inbound.sender, name, hashed, None, desk.now)
    )
    lines = [f"You joined {game.name} as the {side_name(seat)} ({name})."]
    if not display and not game.accounts:
        lines[0] += " " + name_said()
    if password:
        lines += [
            f"Your password for {game.name}: {password}",
            "Keep it secret: every turn of yours must carry it. Lost it? "
            f"`newpassword {game.name}` from this address sends a new one.",
        ]
    if len(players) == 1:
        other = next(iter(players.values()))
        game, messages = start(desk.store, desk.store.game_by_id(game.id), desk.now)
        desk.reply.messages += messages
        if other.address != COMPUTER_ADDRESS:
            desk.reply.messages.append(
                Outbound(
                    (other.address,),
                    subject(game, "your opponent has joined"),
                    f"{name} has joined {game.name} as the {side_name(seat)}: the game begins "
                    "(see the next message).",
                    game.name,
                )
            )
        lines += ["", "Both seats are taken: the game begins (see the next message)."]
    else:
        lines += ["", "The game begins when a second player has joined."]
        desk.reply.messages += master_notice(
            desk.store,
            game,
            "a player has joined",
            f"{name} has joined {game.name} as the Terrans; it waits for a second player.",
        )
    return "\n".join(lines)


def start(store: Store, game: GameRow, now: datetime) -> tuple[GameRow, list[Outbound]]:
    """Both seats are taken: turn 1 opens, the Terrans to act with one action [SC1, SC2]."""
    players = store.players(game.id)
    game = with_state(game, turns=[], draw=None)
    game = now_open(replace(game, phase="playing", turn=1), now)
    store.update_game(game)
    open_turn(store, game, now)
    body = "\n\n".join(
        [
            f"The game {game.name} begins: {player_seated(players, 'A')} against "
            f"{player_seated(players, 'B')}.",
            board_text(game),
            next_text(game, players),
        ]
    )
    everyone = to_everyone(store, game, "the game begins", body, kind="begin", turn=1)
    # The Terrans act first, and the computer always plays the Aliens: nothing for it yet.
    return game, everyone + master_notice(store, game, "the game begins", body)


def no_setup(command: Command, desk: Desk) -> str:
    """`fleet` or `design` sent to a game of Space Chess."""
    desk.player_session(command.keyword)
    raise Refusal(
        f"a game of Space Chess has no `{command.keyword}`: it begins when both players have "
        "joined; send your turn with `orders TURN: ACTIONS` (see `help orders`)"
    )
