"""A Spaceships game's own lobby: create one (a match, against the computer), join it, its
status and history."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial

import spaceships.judge.games as games
import spaceships.judge.matches as matches
import spaceships.judge.views as render
from notation.words import counted
from pbem.club import ladder
from pbem.language.commands import Command
from pbem.messages import Outbound
from pbem.steps import seating, sending
from pbem.steps.deadlines import DeadlineRule
from pbem.steps.desk import Desk, Refusal
from pbem.steps.mastering import game_timing, news_setting
from pbem.steps.passwords import hash_password, new_password
from pbem.storage.store import GameRow, PlayerRow, Store
from spaceships.computer.player import LEVELS, LevelError, level_named
from spaceships.engine import Ruleset, RulesetError
from spaceships.engine.match import MatchError
from spaceships.judge.computer import seat_computer

DEFAULT_REMINDER_HOURS = 24.0


def create(command: Command, desk: Desk) -> str:
    assert command.name is not None
    if desk.store.game(command.name) is not None:
        raise Refusal(f"a game named {command.name} exists already; choose another name")
    settings = dict(command.settings)
    try:
        match, options = matches.split_settings(settings.get("options", "").split())
        ruleset = Ruleset.from_tags(settings.get("ruleset", "2.6.1"), options)
    except (RulesetError, MatchError) as exc:
        raise Refusal(str(exc)) from exc
    wrong = matches.check_build(match, ruleset)
    if wrong:
        raise Refusal(wrong)
    level = computer_level(settings.get("vs"), command.name)
    rule, reminder, grace, policy = game_timing(
        settings, DeadlineRule("none"), None, 0, None, desk.now
    )
    accounts = desk.inbound.authenticated
    password = "" if accounts else new_password(desk.rng)
    game = GameRow.opening(
        name=command.name,
        ruleset=ruleset.name,
        options=ruleset.options,
        private=settings.get("private") == "yes",
        master_address=desk.inbound.sender,
        master_password=hash_password(password, desk.rng) if password else "",
        deadline_rule=rule.stored,
        reminder_hours=DEFAULT_REMINDER_HOURS if reminder is None else reminder,
        grace_hours=grace,
        missing_policy=policy or "noactions",
        created_at=desk.now,
        accounts=accounts,
        master_news=news_setting(settings["news"]) if "news" in settings else True,
    )
    game = desk.store.insert_game(game)
    if match is not None:
        matches.create_match(desk.store, game.id, match)
    desk.reply.about(game)
    created = f"Game {game.name} created: {render.settings_text(game)}."
    created += "\n" + ladder.settle_at_create(desk.store, game, settings, level)
    if match is not None:
        created += f"\nIt is {match.describe()} [{'10' if match.continued else '9'}]."
    if accounts and level is None:
        return created
    lines = [created]
    if not accounts:  # with accounts (Discord) the creator is master without a password
        lines += [
            f"You are its game master. Your master password: {password}",
            "Keep it: with `master NAME PASSWORD` you can change the deadline rule, "
            "process a turn, cancel the game, or stop the judge's mails about it to you "
            "(`news off`).",
        ]
    if level is None:
        lines.append(f"Players join with:  join {game.name}")
        return "\n".join(lines)
    # Against the computer: it takes seat B with its fleet placed, the creator seat A.
    seat_computer(desk.store, game, "B", level, desk.now, desk.new_seed())
    lines.append(f"The computer ({level}) plays B; you play A.")
    joined = join(
        Command("join", command.line, command.source, name=game.name), desk, match_said=True
    )
    return "\n".join(lines) + "\n\n" + joined


RULESET_NAMES = ("classic", "2.6.1")  # what players write after `vs computer` by mistake


def computer_level(opponent: str | None, name: str) -> str | None:
    """`vs computer [LEVEL]`: the computer's level, None for a game between two people."""
    if opponent is None:
        return None
    words = opponent.split()
    if not words or words[0].lower() != "computer" or len(words) > 2:
        raise Refusal(
            f"`vs` takes `computer` and, if you like, a level: `create {name} vs computer` "
            f"or `create {name} vs computer hunt` (levels: {', '.join(LEVELS)})"
        )
    if len(words) > 1 and words[1].lower() in RULESET_NAMES:
        raise Refusal(
            f"`{words[1]}` is a ruleset, not a level of the computer: "
            f"`create {name} vs computer ruleset {words[1].lower()}` (a level may come "
            f"before it: `create {name} vs computer hunt ruleset {words[1].lower()}`)"
        )
    try:
        return level_named(words[1] if len(words) > 1 else None)
    except LevelError as exc:
        raise Refusal(f"{exc}; e.g. `create {name} vs computer hunt`") from exc


def join(command: Command, desk: Desk, match_said: bool = False) -> str:
    """Take a seat. `match_said`: the same reply told the match's rules already (a create
    against the computer seats its creator), so they are not said twice."""
    taken = seating.take_seat(command, desk)
    game, players, seat, name, password = (
        taken.game,
        taken.before,
        taken.seat,
        taken.name,
        taken.password,
    )
    ruleset = games.ruleset_of(game)
    match = matches.match_of(desk.store, game)
    lines = taken.welcome(f"player {seat}{render.named(name, seat, ' ({})')}", "fleet and order")
    if match and not match_said:
        lines.insert(1, f"It is {match.rules.describe()}.")
    lines += [
        "",
        render.fleet_requirements(ruleset),
        *sending.fleet_how(
            game,
            render.fleet_sketch(ruleset),
            "each ship's type code, then its cells; `;` or a new line between ships (the grid "
            "form works too)",
            password,
        ),
    ]
    if len(players) == 1:  # the other seat was taken already (by a person or the computer)
        game = games.open_phase(replace(game, phase="setup"), desk.now)
        desk.store.update_game(game)
        lines += ["", "Both players are in.", games.deadline_line(game)]
        other = players[games.other(seat)]
        joined = render.named(name, seat, f"{{}} (player {seat})") or f"Player {seat}"
        desk.reply.messages.append(
            Outbound(
                (other.address,),
                games.subject(game, "your opponent has joined"),
                f"{joined} has joined {game.name}. "
                f"Send your fleet if you have not yet.\n{games.deadline_line(game)}",
                game.name,
            )
        )
        desk.reply.messages += games.master_notice(
            desk.store,
            game,
            "both players have joined",
            f"Both players have joined {game.name}: {other.name} (A) and {name} (B). The "
            f"game begins when both fleets are in.\n{games.deadline_line(game)}",
        )
    else:
        lines += ["", "The game starts when a second player has joined and both fleets are in."]
        desk.reply.messages += games.master_notice(
            desk.store,
            game,
            "a player has joined",
            f"{name} has joined {game.name} as player A; the game waits for a second player.",
        )
    return "\n".join(lines)


def status(command: Command, desk: Desk) -> str:
    if command.name is None and desk.session.game is not None:
        game = desk.reload()
    elif command.name is None:
        mine = desk.games_of(desk.inbound.sender)
        if not mine:
            return "You take part in no game. `list` shows the public ones."
        return "\n\n".join(_status(desk, g, partial(desk.store.players, g.id)) for g in mine)
    else:
        game = desk.game(command.name, lock=False)  # status only reads: no judge waits for it
        desk.refuse_outsider(game)
    desk.reply.about(game)
    return _status(desk, game, desk.store.players_later(game.id))  # read with the match's


def _status(desk: Desk, game: GameRow, players: Callable[[], dict[str, PlayerRow]]) -> str:
    """A game's status; a match's adds its rules and standings, and once over leads with its
    result."""
    lead = matches.match_result_line(desk.store, game)
    match_lines = matches.status_lines(desk.store, game)
    return render.status_text(game, players(), desk.missing(game), lead) + match_lines


def history(command: Command, desk: Desk) -> str:
    seat: str | None = None
    if command.name is None:
        if desk.session.game is None or desk.session.seat is None:
            raise Refusal(
                "say which game: `history NAME` (what both players see) or, after "
                "`game NAME PASSWORD`, `history` (your own view)"
            )
        game = desk.reload()
        seat = desk.session.seat
    else:
        game = desk.game(command.name)
        if command.password is not None:
            seat = desk.seat_for(game, command.password)
        elif desk.session.game is not None and desk.session.game.id == game.id:
            seat = desk.session.seat
        if seat is None:
            desk.refuse_outsider(game)
    desk.reply.about(game)
    players = desk.store.players(game.id)
    text = render.history_text(game, players, seat)
    match = matches.match_of(desk.store, game)
    kept = matches.kept_records(desk.store, game.id) if match is not None else []
    if match is None or not kept:
        return text
    # The games of the match already played were revealed whole at their end [1.4.1].
    whole = matches.match_record_text(game, match.rules, players, kept)
    if game.phase == "over":
        return f"The whole match ({counted(len(kept), 'game')}):\n\n{whole}"
    return (
        f"Game {match.number} of match {game.name}. The games played so far, whole (each was "
        f"revealed at its end [1.4.1]):\n\n{whole}\n\n{text}"
    )


def rematch_settings(store: Store, old: GameRow, new: GameRow) -> None:
    """A rematch plays the old game's match rules too (pbem.club.rematch)."""
    match = matches.match_of(store, old)
    if match is not None:
        matches.create_match(store, new.id, match.rules)


def describe_settings(settings: Mapping[str, str]) -> str:
    """A challenge's match in words ("a match of three continued games"), "" for one game;
    MatchError (a ValueError) when the options are wrong."""
    match, _options = matches.split_settings(settings.get("options", "").split())
    return "" if match is None else match.describe()
