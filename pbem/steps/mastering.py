"""The game master's commands: sign on as master, the timing settings (deadline, reminder,
grace, missing orders) and the news switch, whatever the game (each game processes and cancels
its own)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from pbem.language.commands import Command
from pbem.steps.deadlines import (
    DeadlineError,
    DeadlineRule,
    format_duration,
    format_moment,
    parse_duration,
)
from pbem.steps.desk import Desk, Refusal
from pbem.steps.gamerows import deadline_line
from pbem.steps.listing import settings_text
from pbem.steps.passwords import check_password

MISSING_POLICIES = {"noactions": "noactions", "no-actions": "noactions", "wait": "wait"}
NEWS_WORDS = {"on": True, "off": False}


def sign_on_master(command: Command, desk: Desk) -> str:
    desk.session.sign_off()
    game = desk.game(command.name)
    # The reply is about the game named, refused or not: its subject keeps the game's tag.
    desk.reply.about(game)
    assert command.password is not None
    desk.session.failed_line = command.line  # until the password is right
    if game.accounts:
        desk.refuse_other_front_end(game)
    desk.refuse_no_password(game, command.password)
    desk.no_wrong_password_yet()
    desk.refuse_throttled(game)
    if not check_password(command.password, game.master_password):
        desk.wrong_password(game)
        raise Refusal(f"wrong master password for {game.name}; nothing changed")
    desk.session.game, desk.session.master, desk.session.failed_line = game, True, None
    return f"Signed on as game master of {game.name}."


def set_deadline(command: Command, desk: Desk) -> str:
    return setting(command, "deadline", desk)


def set_reminder(command: Command, desk: Desk) -> str:
    return setting(command, "reminder", desk)


def set_grace(command: Command, desk: Desk) -> str:
    return setting(command, "grace", desk)


def set_missing(command: Command, desk: Desk) -> str:
    return setting(command, "missing", desk)


def setting(command: Command, key: str, desk: Desk) -> str:
    """A game-master setting: deadline, reminder, grace or missing."""
    game = desk.master_session(key)
    desk.reply.about(game)
    rule, reminder, grace, policy = game_timing(
        {key: command.body},
        DeadlineRule.parse(game.deadline_rule),
        game.reminder_hours,
        game.grace_hours,
        game.missing_policy,
        desk.now,
    )
    game = replace(
        game,
        deadline_rule=rule.stored,
        reminder_hours=reminder if reminder is not None else game.reminder_hours,
        grace_hours=grace,
        missing_policy=policy or game.missing_policy,
    )
    text = f"Game {game.name}: {settings_text(game)}."
    if key == "deadline" and game.phase in ("setup", "playing") and game.opened_at:
        # The new rule applies to the phase in progress, counted from when it opened.
        game = replace(
            game,
            deadline=rule.deadline_for(game.opened_at),
            reminded=False,
            late_notified=False,
        )
        text += "\n" + deadline_line(game)
        desk.reply.messages += desk.tell_players(
            game,
            "deadline changed",
            "The game master changed the deadline rule of "
            f"{game.name} to: {rule}.\n{deadline_line(game)}",
            kind="settings",
        )
    desk.store.update_game(game)
    desk.session.game = game
    if key == "reminder":
        before = timedelta(hours=game.reminder_hours)
        said = rule.reminder_text(before)
        if said == "no reminder":
            text += "\nNo reminders go."
        elif "half-way through each phase" in said:  # what will happen, and why
            text += f"\nReminders go{said.removeprefix('reminder')}, as a phase is no longer "
            text += f"than {format_duration(before)}."
        else:
            text += "\nReminders go" + said.removeprefix("reminder").replace(
                "before", "before a deadline", 1
            )
            text += "."
    return text


def set_news(command: Command, desk: Desk) -> str:
    """`news on|off`: whether the game master is mailed the game's news."""
    game = desk.master_session("news")
    desk.reply.about(game)
    game = replace(game, master_news=news_setting(command.body))
    desk.store.update_game(game)
    desk.session.game = game
    if game.master_news:
        return (
            f"Game {game.name}: news on. The judge mails you when a player joins, when the "
            "game begins, when a deadline passes with orders missing, and at the end."
        )
    return (
        f"Game {game.name}: news off. The judge no longer mails you when a player joins, when "
        "the game begins, when a deadline passes with orders missing, or at the end; "
        "`status` still tells you where it stands, and `news on` turns the mails back on."
    )


def news_setting(value: str) -> bool:
    """`on` or `off`, from `news VALUE` of the game master or `create`; refused otherwise."""
    word = value.strip().lower()
    if word in NEWS_WORDS:
        return NEWS_WORDS[word]
    raise Refusal(
        f"`news {value.strip()}`: the game master's news is on or off (hint: `news off` stops "
        "the judge's mails about the game to you, `news on` brings them back)"
    )


def game_timing(
    settings: dict[str, str],
    rule: DeadlineRule,
    reminder: float | None,
    grace: float,
    policy: str | None,
    now: datetime,
) -> tuple[DeadlineRule, float | None, float, str | None]:
    """The timing settings of `create` or the game master, each refused with the reason."""
    try:
        if "deadline" in settings:
            rule = DeadlineRule.parse(settings["deadline"])
            if rule.passed(now):
                raise Refusal(
                    f"`deadline {settings['deadline'].strip()}`: {rule} has already passed "
                    f"(it is {format_moment(now)} now); nothing changed (hint: a moment still "
                    "to come, a duration such as `deadline 24h`, or `deadline none`)"
                )
        if "reminder" in settings:
            reminder = parse_duration(settings["reminder"]).total_seconds() / 3600
        if "grace" in settings:
            grace = parse_duration(settings["grace"]).total_seconds() / 3600
    except DeadlineError as exc:
        raise Refusal(f"{exc}" + (f" (hint: {exc.hint})" if exc.hint else "")) from exc
    if "missing" in settings:
        policy = MISSING_POLICIES.get(settings["missing"].lower())
        if policy is None:
            raise Refusal(
                f"`missing {settings['missing']}`: say `missing noactions` (a player "
                "without orders at the deadline takes no actions) or `missing wait`"
            )
    return rule, reminder, grace, policy


COMMANDS = {
    "master": sign_on_master,
    "deadline": set_deadline,
    "reminder": set_reminder,
    "grace": set_grace,
    "missing": set_missing,
    "news": set_news,
}
