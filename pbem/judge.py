"""The judge: one submission in, every reply out, one transaction per submission.

`Judge.handle` reads the commands of an Inbound, applies them to the games in one database
transaction, and returns the replies only after that transaction has committed: a crash part
way leaves every game as it was and sends nothing (the front end keeps the message for replay).
Bad input never raises: each bad command gets an answer saying what, where, why and how to fix
it, and the other commands of the submission still count. `Judge.tick` handles deadlines.
"""

from __future__ import annotations

import difflib
import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

import engine
from engine import OrdersRefused, Ruleset, RulesetError
from notation.errors import NotationError
from notation.format import format_fleet
from notation.orders import format_orders
from notation.parse import parse_fleet, parse_orders
from pbem import games, render, throttle
from pbem.commands import Command, CommandError, help_text, parse_commands
from pbem.deadlines import (
    DeadlineError,
    DeadlineRule,
    format_duration,
    format_moment,
    parse_duration,
)
from pbem.messages import Inbound, Outbound
from pbem.passwords import check_password, hash_password, new_password
from pbem.store import GameRow, PlayerRow, Store

log = logging.getLogger(__name__)

MISSING_POLICIES = {"noactions": "noactions", "no-actions": "noactions", "wait": "wait"}
DEFAULT_REMINDER_HOURS = 24.0


def now_utc() -> datetime:
    return datetime.now(UTC)


class Refusal(ValueError):
    """A command the judge will not carry out; the text says why and what to do instead."""


@dataclass
class _Session:
    """Who the sender has signed on as, for the lines that follow the sign-on."""

    game: GameRow | None = None
    seat: str | None = None  # A or B for a player
    master: bool = False
    failed_line: int | None = None  # a sign-on that failed: later lines must not act
    # A wrong password anywhere in a submission: no other password of it is checked, so one
    # message cannot search the password space of an opponent [1.4] past the rate limit.
    wrong_password: bool = False


@dataclass
class _Reply:
    sections: list[str] = field(default_factory=list)
    game_names: list[str] = field(default_factory=list)
    messages: list[Outbound] = field(default_factory=list)

    def about(self, game: GameRow | None) -> None:
        if game is not None and game.name not in self.game_names:
            self.game_names.append(game.name)


class Judge:
    """The transport-neutral core: commands in, messages out."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], datetime] = now_utc,
        judge_address: str = "judge@localhost",
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.judge_address = judge_address
        self.rng = rng
        self._lock = threading.RLock()

    # -- entry points -------------------------------------------------------------------
    def handle(self, inbound: Inbound) -> list[Outbound]:
        """Process one submission completely; the replies, once committed."""
        commands = parse_commands(inbound.text, inbound.subject)
        reply = _Reply()
        with self._lock, self.store.transaction():
            now = self._now()
            session = _Session()
            if not commands:
                reply.sections.append(
                    "The judge found no command in your message.\n\n" + help_text()
                )
            for command in commands:
                reply.sections.append(self._answer(command, inbound, session, reply, now))
        body = "\n\n".join(reply.sections).rstrip() + "\n"
        subject = inbound.subject.strip()
        for command in commands:
            # A subject like `game alpha PW` must not come back with the password in it.
            password = getattr(command, "password", None)
            if password:
                subject = subject.replace(password, "*" * 6)
        if subject and not subject.lower().startswith("re:"):
            subject = "Re: " + subject
        answer = Outbound(
            to=(inbound.sender,),
            subject=subject or "Spaceships judge",
            body=body,
            game=reply.game_names[0] if len(reply.game_names) == 1 else None,
            in_reply_to=inbound.message_id or None,
        )
        return [answer, *reply.messages]

    def tick(self, now: datetime | None = None) -> list[Outbound]:
        """Deadlines and reminders of every game, as of `now` (the clock by default).

        Each game in its own transaction: a game that fails (a bug) is logged and left as it
        was for the next tick, and does not hold up the others or lose their messages."""
        messages: list[Outbound] = []
        moment = self._now() if now is None else _aware(now)
        with self._lock:
            for due in self.store.games_with_deadlines():
                try:
                    with self.store.transaction():
                        game = self.store.game_by_id(due.id)  # as committed, not as listed
                        _, sent = games.tick_game(self.store, game, moment)
                except Exception:
                    log.exception("deadline processing of game %s failed", due.name)
                    continue
                messages += sent
        return messages

    def _now(self) -> datetime:
        return _aware(self.clock())

    # -- one command ----------------------------------------------------------------------
    def _answer(
        self,
        command: Command | CommandError,
        inbound: Inbound,
        session: _Session,
        reply: _Reply,
        now: datetime,
    ) -> str:
        if isinstance(command, CommandError):
            text = f"> {command.text.strip()}\nNot understood: {command}"
            if command.message.startswith("unknown command"):
                text += "\n\n" + help_text()
            return text
        try:
            handler = getattr(self, f"_do_{command.keyword}")
            text = handler(command, inbound, session, reply, now)
        except Refusal as refusal:
            text = f"Refused: {refusal}"
        return _quote(command.echo) + "\n" + text

    # -- commands open to anyone ----------------------------------------------------------
    def _do_help(self, command: Command, *_: object) -> str:
        return help_text(command.body)

    def _do_list(self, command: Command, inbound: Inbound, *_: object) -> str:
        rows = self.store.games(public_only=True, active_only=True)
        if not rows:
            return "No public games are running. Start one: create NAME"
        lines = ["Public games:"]
        for game in rows:
            players = self.store.players(game.id)
            lines.append("  " + render.game_line(game, players))
        return "\n".join(lines)

    def _do_create(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        assert command.name is not None
        if self.store.game(command.name) is not None:
            raise Refusal(f"a game named {command.name} exists already; choose another name")
        settings = dict(command.settings)
        try:
            ruleset = Ruleset.from_tags(
                settings.get("ruleset", "2.6.1"), tuple(settings.get("options", "").split())
            )
        except RulesetError as exc:
            raise Refusal(str(exc)) from exc
        rule, reminder, grace, policy = self._timing(settings, DeadlineRule("none"), None, 0, None)
        password = new_password(self.rng)
        game = GameRow(
            id=0,
            name=command.name,
            ruleset=ruleset.name,
            options=ruleset.options,
            private=settings.get("private") == "yes",
            phase="joining",
            master_address=inbound.sender,
            master_password=hash_password(password, self.rng),
            deadline_rule=rule.stored,
            reminder_hours=DEFAULT_REMINDER_HOURS if reminder is None else reminder,
            grace_hours=grace,
            missing_policy=policy or "noactions",
            turn=0,
            opened_at=None,
            deadline=None,
            reminded=False,
            late_notified=False,
            state=None,
            outcome=None,
            created_at=now,
            ended_at=None,
        )
        game = self.store.insert_game(game)
        reply.about(game)
        return "\n".join(
            [
                f"Game {game.name} created: {render.settings_text(game)}.",
                f"You are its game master. Your master password: {password}",
                "Keep it: with `master NAME PASSWORD` you can change the deadline rule, "
                "process a turn or cancel the game.",
                f"Players join with:  join {game.name}",
            ]
        )

    def _timing(
        self,
        settings: dict[str, str],
        rule: DeadlineRule,
        reminder: float | None,
        grace: float,
        policy: str | None,
    ) -> tuple[DeadlineRule, float | None, float, str | None]:
        try:
            if "deadline" in settings:
                rule = DeadlineRule.parse(settings["deadline"])
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

    def _do_join(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        game = self._game(command.name)
        reply.about(game)
        players = self.store.players(game.id)
        if game.phase != "joining":
            raise Refusal(f"game {game.name} has both its players; you may `observe {game.name}`")
        if any(p.address == inbound.sender for p in players.values()):
            raise Refusal(f"you have already joined {game.name}")
        seat = "A" if "A" not in players else "B"
        display = command.body[3:].strip() if command.body.lower().startswith("as ") else ""
        # A name is shown to the other player and in records: one line, not too long.
        name = " ".join((display or inbound.sender_name or f"Player {seat}").split())[:40]
        password = new_password(self.rng)
        self.store.insert_player(
            PlayerRow(
                game.id, seat, inbound.sender, name, hash_password(password, self.rng), None, now
            )
        )
        ruleset = games.ruleset_of(game)
        lines = [
            f"You joined {game.name} as player {seat} ({name}).",
            f"Your password for {game.name}: {password}",
            "Keep it secret: every fleet and order of yours must carry it, and it cannot be "
            "sent again.",
            "",
            render.fleet_requirements(ruleset),
            "Send it like this: each ship's type code, then its cells; `;` or a new line "
            "between ships (the grid form works too):",
            f"  game {game.name} {password}",
            "  fleet DS ...; KC ...; PC ...; MD ...; LS Bz5",
        ]
        if seat == "B":
            game = games.open_phase(replace(game, phase="setup"), now)
            self.store.update_game(game)
            lines += ["", "Both players are in.", games.deadline_line(game)]
            other = players["A"]
            reply.messages.append(
                Outbound(
                    (other.address,),
                    games.subject(game, "your opponent has joined"),
                    f"{name} has joined {game.name} as player B. Send your fleet if you have "
                    f"not yet.\n{games.deadline_line(game)}",
                    game.name,
                )
            )
        else:
            lines += ["", "The game starts when a second player has joined and both fleets are in."]
        return "\n".join(lines)

    def _do_observe(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        game = self._game(command.name)
        reply.about(game)
        if game.private:
            raise Refusal(f"game {game.name} is private: it takes no observers")
        if not self.store.add_observer(game.id, inbound.sender, now):
            return f"You already observe {game.name}."
        return (
            f"You now observe {game.name}: after each turn you will receive what both players "
            f"see, and at the end the whole game.\n\n"
            + render.status_text(game, self.store.players(game.id), self._missing(game))
        )

    def _do_unobserve(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        game = self._game(command.name)
        reply.about(game)
        if self.store.remove_observer(game.id, inbound.sender):
            return f"You no longer observe {game.name}."
        return f"You were not observing {game.name}."

    def _do_status(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        if command.name is None and session.game is not None:
            game = self._reload(session)
        elif command.name is None:
            mine = self._games_of(inbound.sender)
            if not mine:
                return "You take part in no game. `list` shows the public ones."
            return "\n\n".join(
                render.status_text(g, self.store.players(g.id), self._missing(g)) for g in mine
            )
        else:
            game = self._game(command.name)
            self._refuse_outsider(game, inbound, session)
        reply.about(game)
        return render.status_text(game, self.store.players(game.id), self._missing(game))

    def _do_history(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        seat: str | None = None
        if command.name is None:
            if session.game is None or session.seat is None:
                raise Refusal(
                    "say which game: `history NAME` (what both players see) or, after "
                    "`game NAME PASSWORD`, `history` (your own view)"
                )
            game = self._reload(session)
            seat = session.seat
        else:
            game = self._game(command.name)
            if command.password is not None:
                seat = self._seat_for(game, command.password, inbound, session, reply, now)
            elif session.game is not None and session.game.id == game.id:
                seat = session.seat
            if seat is None:
                self._refuse_outsider(game, inbound, session)
        reply.about(game)
        players = self.store.players(game.id)
        return render.history_text(game, players, seat)

    def _do_resign(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        if command.name is not None:
            if command.password is None:
                raise Refusal(f"resigning needs your password: `resign {command.name} PASSWORD`")
            game = self._game(command.name)
            seat = self._seat_for(game, command.password, inbound, session, reply, now)
        else:
            game, seat = self._player_session(session, "resign")
        reply.about(game)
        if game.phase == "over":
            raise Refusal(f"game {game.name} is already over")
        players = self.store.players(game.id)
        winner = games.other(seat) if games.other(seat) in players else None
        outcome = {
            "winner": winner,
            "reason": f"{players[seat].name} ({seat}) resigned",
            "turn": game.turn - 1 if game.phase == "playing" and game.turn > 1 else None,
            "score": None,
        }
        _, messages = games.end_game(self.store, game, now, outcome)
        reply.messages += messages
        _forget(session, game)
        return f"You resigned {game.name}. The whole game is revealed to both players."

    # -- players ------------------------------------------------------------------------
    def _do_game(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        session.game, session.seat, session.master, session.failed_line = None, None, False, None
        try:
            game = self._game(command.name)
            assert command.password is not None
            seat = self._seat_for(game, command.password, inbound, session, reply, now)
        except Refusal:
            session.failed_line = command.line
            raise
        reply.about(game)
        session.game, session.seat = game, seat
        player = self.store.players(game.id)[seat]
        text = f"Signed on to {game.name} as player {seat} ({player.name})."
        if player.address != inbound.sender:
            # The password is what identifies a player; mail follows them to a new address.
            self.store.connection.execute(
                "UPDATE players SET address = ? WHERE game_id = ? AND seat = ?",
                (inbound.sender, game.id, seat),
            )
            text += f" The judge will now write to you at {inbound.sender}."
        return text

    def _do_fleet(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        game, seat = self._player_session(session, "fleet")
        reply.about(game)
        if game.phase not in ("joining", "setup"):
            raise Refusal(f"the fleets of {game.name} are set; the game is under way")
        ruleset = games.ruleset_of(game)
        if not command.body.strip():
            raise Refusal(
                "no fleet after `fleet`: write the ships on the same line or the lines below"
            )
        try:
            fleet = parse_fleet(command.body, ruleset.colour_order)
        except NotationError as exc:
            return "Your fleet could not be read; nothing changed.\n" + _notation_errors(
                exc, command
            )
        except ValueError as exc:  # a spelling the notation's own checks refuse
            return f"Your fleet could not be read; nothing changed.\n  {exc}"
        problems = engine.check_fleet(fleet, ruleset)
        if problems:
            listed = "\n".join(f"  - {p}" for p in problems)
            return (
                f"Your fleet breaks the rules ({len(problems)} problem"
                f"{'' if len(problems) == 1 else 's'}); nothing changed:\n{listed}"
            )
        players = self.store.players(game.id)
        replaced = players[seat].fleet is not None
        self.store.set_fleet(game.id, seat, format_fleet(fleet))
        lines = [
            ("Your fleet is replaced" if replaced else "Your fleet is accepted")
            + f" for {game.name}, as understood:",
            format_fleet(fleet),
            "",
            render.fleet_grids(fleet, ruleset),
        ]
        players = self.store.players(game.id)
        if len(players) == 2 and all(p.fleet is not None for p in players.values()):
            game, messages = games.start_play(self.store, self._reload(session), now)
            session.game = game
            reply.messages += messages
            lines += ["", "Both fleets are in: the game begins (see the next message)."]
        else:
            if not replaced and games.other(seat) in players:
                other = players[games.other(seat)]
                reply.messages.append(
                    Outbound(
                        (other.address,),
                        games.subject(game, "your opponent's fleet is in"),
                        f"Your opponent's fleet for {game.name} is in. The game begins when "
                        "yours is in too.",
                        game.name,
                    )
                )
            lines += ["", "You may replace it until both fleets are in."]
        return "\n".join(lines)

    def _do_orders(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        game, seat = self._player_session(session, "orders")
        reply.about(game)
        if game.phase != "playing":
            raise Refusal(
                {
                    "joining": f"game {game.name} has not started: it needs two players",
                    "setup": f"game {game.name} has not started: both fleets must be in",
                    "over": f"game {game.name} is over",
                }[game.phase]
            )
        if command.turn is None:
            raise Refusal(
                f"say which turn the orders are for: `orders {game.turn}: ...` "
                f"(turn {game.turn} is the current turn of {game.name})"
            )
        if command.turn != game.turn:
            raise Refusal(
                f"these orders are for turn {command.turn}, but turn {game.turn} is the current "
                f"turn of {game.name}; nothing changed (send `orders {game.turn}: ...`)"
            )
        state = games.state_of(game)
        try:
            orders = parse_orders(command.body) if command.body.strip() else ()
        except NotationError as exc:
            return "Your orders could not be read; nothing changed.\n" + _notation_errors(
                exc, command
            )
        except ValueError as exc:
            return f"Your orders could not be read; nothing changed.\n  {exc}"
        try:
            checked = engine.check_orders(state, seat, orders)
        except OrdersRefused as exc:
            listed = "\n".join(f"  - {p}" for p in exc.problems)
            return (
                f"Your orders for turn {game.turn} break the rules and are refused whole; "
                f"nothing changed:\n{listed}\n"
                f"This turn you may use {engine.entitlements(state, seat).describe()}."
            )
        except ValueError as exc:  # refused for a reason the engine gives no problem list for
            return f"Your orders for turn {game.turn} are refused; nothing changed:\n  {exc}"
        before = self.store.orders(game.id, game.turn)
        canonical = format_orders(orders)
        self.store.put_orders(game.id, game.turn, seat, canonical, now)
        lines = [
            ("Your orders are replaced" if seat in before else "Your orders are accepted")
            + f" for turn {game.turn} of {game.name}, as understood:",
            f"  {game.turn} {seat}: {canonical}"
            if canonical
            else f"  {game.turn} {seat}: (no actions)",
            f"They use: {checked.summary()}.",
            f"This turn you may use {engine.entitlements(state, seat).describe()}.",
        ]
        other = games.other(seat)
        if other in before:
            game, messages = games.adjudicate_turn(self.store, game, now)
            session.game = game
            reply.messages += messages
            lines.append(
                "Both players' orders are in: the turn is adjudicated (see the next message)."
            )
        else:
            lines.append(
                "You may replace them until your opponent's are in. " + games.deadline_line(game)
            )
            if seat not in before:
                players = self.store.players(game.id)
                reply.messages.append(
                    Outbound(
                        (players[other].address,),
                        games.subject(game, f"your opponent's orders for turn {game.turn}"),
                        f"Your opponent's orders for turn {game.turn} of {game.name} are in.\n"
                        + games.deadline_line(game),
                        game.name,
                    )
                )
        return "\n".join(lines)

    # -- game master --------------------------------------------------------------------
    def _do_master(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        session.game, session.seat, session.master, session.failed_line = None, None, False, None
        game = self._game(command.name)
        assert command.password is not None
        session.failed_line = command.line  # until the password is right
        _no_wrong_password_yet(session)
        self._refuse_throttled(game, inbound, now)
        if not check_password(command.password, game.master_password):
            self._wrong_password(game, session, reply, now)
            raise Refusal(f"wrong master password for {game.name}; nothing changed")
        reply.about(game)
        session.game, session.master, session.failed_line = game, True, None
        return f"Signed on as game master of {game.name}."

    def _do_deadline(self, command: Command, *rest: object) -> str:
        return self._setting(command, "deadline", *rest)

    def _do_reminder(self, command: Command, *rest: object) -> str:
        return self._setting(command, "reminder", *rest)

    def _do_grace(self, command: Command, *rest: object) -> str:
        return self._setting(command, "grace", *rest)

    def _do_missing(self, command: Command, *rest: object) -> str:
        return self._setting(command, "missing", *rest)

    def _setting(
        self,
        command: Command,
        key: str,
        inbound: Inbound,
        session: _Session,
        reply: _Reply,
        now: datetime,
    ) -> str:
        game = self._master_session(session, key)
        reply.about(game)
        rule, reminder, grace, policy = self._timing(
            {key: command.body},
            DeadlineRule.parse(game.deadline_rule),
            game.reminder_hours,
            game.grace_hours,
            game.missing_policy,
        )
        game = replace(
            game,
            deadline_rule=rule.stored,
            reminder_hours=reminder if reminder is not None else game.reminder_hours,
            grace_hours=grace,
            missing_policy=policy or game.missing_policy,
        )
        text = f"Game {game.name}: {render.settings_text(game)}."
        if key == "deadline" and game.phase in ("setup", "playing") and game.opened_at:
            # The new rule applies to the phase in progress, counted from when it opened.
            game = replace(
                game,
                deadline=rule.deadline_for(game.opened_at),
                reminded=False,
                late_notified=False,
            )
            text += "\n" + games.deadline_line(game)
            reply.messages += self._tell_players(
                game,
                "deadline changed",
                "The game master changed the deadline rule of "
                f"{game.name} to: {rule}.\n{games.deadline_line(game)}",
            )
        self.store.update_game(game)
        session.game = game
        if key == "reminder":
            text += (
                f"\nReminders go {format_duration(parse_duration(command.body))} before a deadline."
            )
        return text

    def _do_process(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        game = self._master_session(session, "process")
        reply.about(game)
        if game.phase != "playing":
            raise Refusal(f"game {game.name} has no turn in play")
        missing = self._missing(game)
        game, messages = games.adjudicate_turn(self.store, game, now, default_missing=True)
        session.game = game
        reply.messages += messages
        note = f" (no actions for {' and '.join(missing)})" if missing else ""
        return f"The turn is adjudicated{note}."

    def _do_cancel(
        self, command: Command, inbound: Inbound, session: _Session, reply: _Reply, now: datetime
    ) -> str:
        game = self._master_session(session, "cancel")
        reply.about(game)
        if game.phase == "over":
            raise Refusal(f"game {game.name} is already over")
        outcome = {
            "winner": None,
            "reason": "cancelled by the game master",
            "turn": None,
            "score": None,
        }
        _, messages = games.end_game(self.store, game, now, outcome)
        reply.messages += messages
        _forget(session, game)
        return f"Game {game.name} is cancelled; everything is revealed to its players."

    # -- helpers --------------------------------------------------------------------------
    def _game(self, name: str | None) -> GameRow:
        assert name is not None
        game = self.store.game(name)
        if game is None:
            names = [g.name for g in self.store.games(public_only=True)]
            close = difflib.get_close_matches(name, names, n=1)
            hint = f" Did you mean {close[0]}?" if close else " `list` shows the public games."
            raise Refusal(f"there is no game named {name}.{hint}")
        return game

    def _reload(self, session: _Session) -> GameRow:
        assert session.game is not None
        session.game = self.store.game_by_id(session.game.id)
        return session.game

    def _seat_for(
        self,
        game: GameRow,
        password: str,
        inbound: Inbound,
        session: _Session,
        reply: _Reply,
        now: datetime,
    ) -> str:
        _no_wrong_password_yet(session)
        self._refuse_throttled(game, inbound, now)
        # Check both seats every time, so the time taken does not say which seat matched.
        matches = [
            seat
            for seat, player in sorted(self.store.players(game.id).items())
            if check_password(password, player.password)
        ]
        if not matches:
            self._wrong_password(game, session, reply, now)
            raise Refusal(f"wrong password for {game.name}; nothing changed")
        return matches[0]

    # The brake on guessing a game's passwords from many addresses: see pbem.throttle.
    def _refuse_throttled(self, game: GameRow, inbound: Inbound, now: datetime) -> None:
        """Refuse, without checking it, a password for a game under attack from an address the
        game does not know; checking it would tell a guesser when a guess was right."""
        if self._known_address(game, inbound.sender):
            return
        count, last = self.store.wrong_passwords_since(game.id, throttle.window_start(now))
        until = throttle.throttled_until(count, last, now)
        if until is None:
            return
        if until.second or until.microsecond:  # minutes are shown: never say too early
            until = until.replace(second=0, microsecond=0) + timedelta(minutes=1)
        raise Refusal(
            f"too many wrong passwords for game {game.name} recently; try again after "
            f"{format_moment(until)}"
        )

    def _wrong_password(
        self, game: GameRow, session: _Session, reply: _Reply, now: datetime
    ) -> None:
        """Count a wrong password against the game (it matches no seat, so all of them) and,
        once it passes the limit, warn everyone with a seat, once per window."""
        session.wrong_password = True
        since = throttle.window_start(now)
        self.store.add_wrong_password(game.id, now, forget_before=since)
        count, _ = self.store.wrong_passwords_since(game.id, since)
        if count < throttle.WRONG_PASSWORD_LIMIT:
            return
        warned = self.store.password_warned_at(game.id)
        if warned is not None and warned >= since:
            return
        self.store.set_password_warned(game.id, now)
        hours = f"{throttle.WRONG_PASSWORD_WINDOW / timedelta(hours=1):g} hours"
        minutes = f"{throttle.THROTTLED_CHECK_INTERVAL / timedelta(minutes=1):g} minutes"
        body = (
            f"Someone has sent {count} wrong passwords for game {game.name} in the last "
            f"{hours}: your password may be the one they are guessing. It still works and "
            "nothing in the game changed. From now on the judge checks at most one password "
            f"every {minutes} for {game.name} "
            "from addresses it does not know for the game; your own address is not slowed "
            "down, but signing on from a new address may have to wait. If you mistyped your "
            f"password, ignore this. You will not be told again within {hours}."
        )
        addresses = [p.address for p in self.store.players(game.id).values()]
        addresses.append(game.master_address)
        for address in dict.fromkeys(addresses):
            reply.messages.append(
                Outbound((address,), games.subject(game, "wrong passwords"), body, game.name)
            )

    def _known_address(self, game: GameRow, address: str) -> bool:
        """The current address of one of the game's players or of its game master."""
        return address == game.master_address or any(
            p.address == address for p in self.store.players(game.id).values()
        )

    def _refuse_outsider(self, game: GameRow, inbound: Inbound, session: _Session) -> None:
        """A private game shows nothing to anyone but its players and game master."""
        if not game.private:
            return
        if session.game is not None and session.game.id == game.id:
            return
        players = self.store.players(game.id).values()
        if inbound.sender == game.master_address or any(
            p.address == inbound.sender for p in players
        ):
            return
        raise Refusal(f"game {game.name} is private: only its players and game master see it")

    def _player_session(self, session: _Session, what: str) -> tuple[GameRow, str]:
        if session.failed_line is not None:
            raise Refusal(f"not signed on: the sign-on at line {session.failed_line} failed")
        if session.game is None or session.seat is None:
            raise Refusal(
                f"`{what}` needs a sign-on first: put `game NAME PASSWORD` on a line above it"
            )
        return self._reload(session), session.seat

    def _master_session(self, session: _Session, what: str) -> GameRow:
        if session.failed_line is not None:
            raise Refusal(f"not signed on: the sign-on at line {session.failed_line} failed")
        if session.game is None or not session.master:
            raise Refusal(
                f"`{what}` is for the game master: put `master NAME PASSWORD` on a line above it"
            )
        return self._reload(session)

    def _missing(self, game: GameRow) -> list[str]:
        if game.phase not in ("setup", "playing"):
            return []
        return games.missing_seats(self.store, game)

    def _games_of(self, address: str) -> list[GameRow]:
        found = []
        for game in self.store.games():
            players = self.store.players(game.id)
            if (
                game.master_address == address
                or any(p.address == address for p in players.values())
                or address in self.store.observers(game.id)
            ) and (game.phase != "over"):
                found.append(game)
        return found

    def _tell_players(self, game: GameRow, what: str, body: str) -> list[Outbound]:
        return [
            Outbound((p.address,), games.subject(game, what), body, game.name)
            for p in self.store.players(game.id).values()
        ]


def _no_wrong_password_yet(session: _Session) -> None:
    if session.wrong_password:
        raise Refusal(
            "a wrong password came earlier in this message, so the judge checks no other "
            "password in it; send these lines again in a new message"
        )


def _forget(session: _Session, game: GameRow) -> None:
    if session.game is not None and session.game.id == game.id:
        session.game, session.seat, session.master = None, None, False


def _quote(text: str) -> str:
    return "\n".join("> " + line for line in text.splitlines())


def _aware(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _notation_errors(exc: NotationError, command: Command) -> str:
    """Every error, its line and column moved from the block to the whole message, under the
    line as the player wrote it."""
    out = []
    source_lines = command.source.splitlines()
    for error in exc.errors:
        line = command.body_line + error.line - 1
        column = error.column + (command.body_column - 1 if error.line == 1 else 0)
        index = line - command.line
        source = source_lines[index] if 0 <= index < len(source_lines) else ""
        text = f"  line {line}, column {column}: {error.message}"
        if error.expected:
            text += "; expected " + ", ".join(error.expected)
        text += f"\n    {source}\n    {' ' * (column - 1)}{'^' * error.length}"
        if error.hint:
            text += f"\n    hint: {error.hint}"
        out.append(text)
    return "\n".join(out)
