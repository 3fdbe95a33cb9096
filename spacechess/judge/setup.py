"""Opening a game of Space Chess through the judge: `create NAME chess` (deadline, reminder,
grace, missing, private, rated or casual; `vs computer [LEVEL]`) and `join`. There is no
set-up: the game starts, the Terrans to act, as soon as both seats are taken [SC1, SC2]."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from pbem.club import ladder
from pbem.language.commands import Command
from pbem.messages import Outbound
from pbem.steps import seating
from pbem.steps.computers import COMPUTER_ADDRESS
from pbem.steps.deadlines import DeadlineRule
from pbem.steps.desk import Desk, Refusal
from pbem.steps.gamerows import open_phase
from pbem.steps.mastering import game_timing, news_setting
from pbem.steps.passwords import hash_password, new_password
from pbem.storage.store import GameRow, Store
from spacechess.judge.computer import chess_level, seat_chess_computer
from spacechess.judge.rows import (
    GAME,
    master_notice,
    player_seated,
    settings_text,
    side_name,
    subject,
    to_everyone,
    with_state,
)
from spacechess.judge.turns import open_turn, play_computer
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
    taken = seating.take_seat(command, desk, side_name)
    game, players, seat, name = taken.game, taken.before, taken.seat, taken.name
    lines = taken.welcome(f"the {side_name(seat)} ({name})", "turn")
    if len(players) == 1:
        other = next(iter(players.values()))
        if other.address != COMPUTER_ADDRESS:
            # Before the start it points to: mail goes out in the order it is made.
            desk.reply.messages.append(
                Outbound(
                    (other.address,),
                    subject(game, "your opponent has joined"),
                    f"{name} has joined {game.name} as the {side_name(seat)}: the game begins "
                    "(see the next message).",
                    game.name,
                )
            )
        game, messages = start(desk.store, desk.store.game_by_id(game.id), desk.now)
        desk.reply.messages += messages
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
    game = open_phase(replace(game, phase="playing", turn=1), now)
    store.update_game(game)
    open_turn(store, game, now)
    begins = (
        f"The game {game.name} begins: {player_seated(players, 'A')} against "
        f"{player_seated(players, 'B')}."
    )
    body = "\n\n".join([begins, board_text(game), next_text(game, players)])
    # Onlookers by mail send nothing: their copy leaves out how to send a turn.
    seen = "\n\n".join([begins, board_text(game), next_text(game, players, game.accounts)])
    everyone = to_everyone(
        store, game, "the game begins", body, kind="begin", turn=1, onlookers=seen
    )
    everyone += master_notice(store, game, "the game begins", seen)
    # The computer plays the Terrans in a rematch (the sides swapped): its turn 1 at once.
    game, more = play_computer(store, game, now)
    return game, everyone + more


def no_setup(command: Command, desk: Desk) -> str:
    """`fleet` or `design` sent to a game of Space Chess."""
    game, _seat = desk.player_session(command.keyword)
    how = (
        "`/spaceships orders text:ACTIONS`"
        if game.accounts
        else "`orders TURN: ACTIONS` (see `help orders`)"
    )
    raise Refusal(
        f"a game of Space Chess has no `{command.keyword}`: it begins when both players have "
        f"joined; send your turn with {how}"
    )
