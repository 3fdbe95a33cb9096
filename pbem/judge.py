"""The judge: one submission in, every reply out, one transaction per submission.

`Judge.handle` reads the commands of an Inbound, applies them to the games in one database
transaction, and returns the replies only after that transaction has committed: a crash part
way leaves every game as it was and sends nothing (the front end keeps the message for replay).
Bad input never raises: each bad command gets an answer saying what, where, why and how to fix
it, and the other commands of the submission still count. `Judge.tick` handles deadlines.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime

from pbem import replies
from pbem.club import tournament_store
from pbem.kinds import gamekinds, shown
from pbem.language.commands import Command, CommandError, parse_commands, parse_one
from pbem.messages import Inbound, Outbound
from pbem.sights import Sight
from pbem.steps import apievents, limits
from pbem.steps.computers import without_computer_mail
from pbem.steps.desk import Desk, Refusal, Reply, Session
from pbem.steps.passwords import MASK, hide, mask
from pbem.storage.database import StoreUnavailable
from pbem.storage.store import GameRow, Store

log = logging.getLogger(__name__)


# The commands whose answer issues a password (or a one-time link): the only answers that
# may hold one.
ISSUING = frozenset(("join", "create", "newpassword", "rematch", "web", "tournament", "token"))


def now_utc() -> datetime:
    return datetime.now(UTC)


class Judge:
    """The transport-neutral core: commands in, messages out."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], datetime] = now_utc,
        judge_address: str = "judge@localhost",
        rng: random.Random | None = None,
        keep: Callable[[list[Outbound]], None] | None = None,
        accounts: bool = False,
    ) -> None:
        self.store = store
        self.clock = clock
        self.judge_address = judge_address
        self.rng = rng
        # Called inside the transaction with the messages a change causes (not the reply),
        # so a front end can keep them with the change: committed together or not at all.
        self.keep = keep
        # Which games this judge's deadlines serve: those of front-end accounts (Discord) or
        # those of passwords (mail); two front ends may share one store.
        self.accounts = accounts
        self._lock = threading.RLock()

    # -- entry points -------------------------------------------------------------------
    def handle(self, inbound: Inbound) -> list[Outbound]:
        """Process one submission completely; the replies, once committed."""
        return self.handle_counting(inbound)[0]

    def handle_counting(self, inbound: Inbound) -> tuple[list[Outbound], int]:
        """`handle`, and how many moves of a game (a fleet, a design, orders) the submission
        made or changed."""
        if inbound.command is not None:
            commands = parse_one(
                inbound.text, inbound.command, inbound.first_line, inbound.written_before
            )
        else:
            commands = parse_commands(
                inbound.text, inbound.subject if inbound.read_subject else "", inbound.first_line
            )
        reply = Reply()
        with self._lock, self.store.transaction():
            now = self._now()
            desk = Desk(self.store, self.rng, inbound, Session(), reply, now)
            desk.sign_on_account()
            answered, skipped = replies.answered(commands)
            # A mail runs at most limits.MAX_COMMANDS commands (a front end's one command is
            # one); the rest get one line between them.
            answered, beyond = limits.within(answered)
            sections: list[str] = []
            issuing: list[bool] = []
            for item in answered:
                issues = isinstance(item, Command) and item.keyword in ISSUING
                text = _answer(item, desk)
                sections.append(text if issues else hide(text))
                issuing.append(issues)
            if beyond:
                sections.append(limits.not_run(beyond))
                issuing.append(True)
            if skipped:
                sections.append(hide(replies.unreadable(skipped)))
                issuing.append(True)
            reply.sections[:] = limits.bounded(sections, issuing)
            if _ended(self.store, reply):  # a tournament's round may be complete now
                reply.messages += tournament_store.advance(self.store, now, self.rng)
            reply.messages[:] = decorated(self.store, reply.messages)
            apievents.record(self.store, reply.messages, now)  # each seat's API stream
            sights = answer_sights(self.store, reply, inbound.sender)
            if self.keep is not None:
                self.keep(reply.messages)
        body = replies.compose(
            inbound.notes, reply.sections, commands, script=inbound.command is None
        )
        subject = inbound.subject.strip()
        for command in commands:
            # A subject like `game alpha PW` must not come back with the password in it.
            password = getattr(command, "password", None)
            if password:
                subject = subject.replace(password, MASK)
        subject = hide(mask(subject))
        if subject and not subject.lower().startswith("re:"):
            subject = "Re: " + subject
        answer = Outbound(
            to=(inbound.sender,),
            subject=subject or "Spaceships judge",
            body=body,
            game=reply.game_names[0] if len(reply.game_names) == 1 else None,
            in_reply_to=inbound.message_id or None,
            kind="reply",
            sights=sights,
            attachments=tuple(reply.attachments),
        )
        return without_computer_mail([answer, *reply.messages]), reply.moves

    def tick(self, now: datetime | None = None) -> list[Outbound]:
        """Deadlines and reminders of every game, as of `now` (the clock by default).

        Each game in its own transaction: a game that fails (a bug) is logged and left as it
        was for the next tick, and does not hold up the others or lose their messages."""
        messages: list[Outbound] = []
        moment = self._now() if now is None else _aware(now)
        with self._lock:
            # Tournaments first: a game past its round's deadline is lost by whoever it waits
            # for then, before its own deadline moves it on; the next rounds are made.
            with self.store.transaction():
                sent = tournament_store.advance(self.store, moment, self.rng, self.accounts)
                sent = decorated(self.store, sent)
                if self.keep is not None:
                    self.keep(sent)
            messages += sent
            for due in self.store.games_with_deadlines():
                if due.accounts != self.accounts:
                    continue  # another front end's game
                try:
                    with self.store.transaction():
                        game = self.store.game_by_id(due.id)  # as committed, not as listed
                        kind = gamekinds.kind_of(game)
                        _, sent = kind.steps.tick(self.store, game, moment)
                        sent = decorated(self.store, sent)
                        apievents.record(self.store, sent, moment)
                        if self.keep is not None:
                            self.keep(sent)
                except StoreUnavailable:
                    raise  # the database, not this game: the whole tick waits for it
                except Exception:
                    log.exception("deadline processing of game %s failed", due.name)
                    continue
                messages += sent
        return without_computer_mail(messages)

    def _now(self) -> datetime:
        return _aware(self.clock())


def _ended(store: Store, reply: Reply) -> bool:
    """Whether a game the submission was about is over now (read as the transaction left it,
    no statement): only then can a tournament's round have ended."""
    return any(
        (game := store.seen_game(name)) is not None and game.phase == "over"
        for name in reply.game_names
    )


def answer_sights(store: Store, reply: Reply, sender: str) -> tuple[Sight, ...]:
    """The pictures of the answer (an accepted set-up's), when it is about one game and the
    sender may see them; any other is dropped and logged, never sent [1.4]."""
    if not reply.sights or len(reply.game_names) != 1:
        return ()
    game = store.seen_game(reply.game_names[0])  # read by the command: no statement
    if game is None:
        return ()
    allowed = tuple(
        s for s in dict.fromkeys(reply.sights) if shown.entitled(store, game, s, sender)
    )
    if len(allowed) != len(set(reply.sights)):
        log.error("game %s: sights of the answer to %s dropped: not theirs", game.name, sender)
    return allowed


def decorated(store: Store, messages: list[Outbound]) -> list[Outbound]:
    """Each message of a game with the sights its game gives its reader (pbem.kinds.shown), less
    any sight a recipient may not see: dropped and logged, never sent [1.4]."""
    rows: dict[str, GameRow | None] = {}
    seated: dict[int, dict[str, str]] = {}  # read once per game of the batch
    out: list[Outbound] = []
    for message in messages:
        if message.game is None:
            out.append(message)
            continue
        if message.game not in rows:
            rows[message.game] = store.game(message.game, lock=False)
        game = rows[message.game]
        if game is None:
            out.append(message)
            continue
        if game.id not in seated:
            seated[game.id] = {p.address: p.seat for p in store.players(game.id).values()}
        seats = seated[game.id]
        of_to = {seats.get(address) for address in message.to}
        seat = of_to.pop() if len(of_to) == 1 else None  # one seat's, or for onlookers
        message = gamekinds.kind_of(game).show.decorate(store, game, message, seat)
        allowed = tuple(
            sight
            for sight in message.sights
            if all(shown.entitled(store, game, sight, address) for address in message.to)
        )
        if allowed != message.sights:
            log.error(
                "game %s: sights %s of a %s message to %s dropped: not theirs to see",
                game.name,
                [str(s) for s in message.sights if s not in allowed],
                message.kind,
                ", ".join(message.to),
            )
            message = replace(message, sights=allowed)
        out.append(message)
    return out


def _answer(command: Command | CommandError, desk: Desk) -> str:
    if isinstance(command, CommandError):
        return replies.error_answer(command)
    try:
        if command.keyword == "create":  # at most limits.GAMES_A_DAY games an address a day
            limits.refuse_many_games(desk.store, desk.inbound.sender, desk.now)
        text = gamekinds.handler_for(command, desk)(command, desk)
    except Refusal as refusal:
        text = f"Refused: {refusal}"
    finally:
        desk.peeked = None  # read for this command only
    return replies.quote(command.echo) + "\n" + text


def _aware(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
