"""What every command of a submission works with: the store, the message, who the sender has
signed on as, the reply being built; and the checks of who may do what (sign-on, passwords and
their brake, private games)."""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from secrets import token_hex

from pbem.language.commands import Command
from pbem.messages import Attachment, Inbound, Outbound
from pbem.sights import Sight
from pbem.steps import throttle, ticks
from pbem.steps.deadlines import format_moment
from pbem.steps.gamerows import subject
from pbem.steps.passwords import check_password, could_be_password
from pbem.storage.store import GameRow, Store


class Refusal(ValueError):
    """A command the judge will not carry out; the text says why and what to do instead."""


@dataclass
class Session:
    """Who the sender has signed on as, for the lines that follow the sign-on."""

    game: GameRow | None = None
    seat: str | None = None  # A or B for a player
    master: bool = False
    failed_line: int | None = None  # a sign-on that failed: later lines must not act
    # A wrong password anywhere in a submission: no other password of it is checked, so one
    # message cannot search the password space of an opponent [1.4] past the rate limit.
    wrong_password: bool = False

    def sign_off(self) -> None:
        """A new sign-on line: forget the last one (a wrong password is not forgotten)."""
        self.game, self.seat, self.master, self.failed_line = None, None, False, None


@dataclass
class Reply:
    """The answer to a submission as it grows: one section per command, the games it is about,
    and the messages for other people."""

    sections: list[str] = field(default_factory=list)
    game_names: list[str] = field(default_factory=list)
    messages: list[Outbound] = field(default_factory=list)
    # Moves of a game this submission made or changed (a fleet, a design, orders): the mail
    # front end does not count such a message against the sender's rate limit.
    moves: int = 0
    # The pictures the answer itself stands for (an accepted fleet's or design's set-up).
    sights: list[Sight] = field(default_factory=list)
    # Files the answer itself carries (a game's record as `history` sends it, to be checked
    # as it is, without the reply's quoted command before it).
    attachments: list[Attachment] = field(default_factory=list)

    def about(self, game: GameRow | None) -> None:
        if game is not None and game.name not in self.game_names:
            self.game_names.append(game.name)


@dataclass
class Desk:
    """One submission being handled, inside its transaction."""

    store: Store
    rng: random.Random | None
    inbound: Inbound
    session: Session
    reply: Reply
    now: datetime
    # The game the command being answered names, as read unlocked to choose its handler
    # (`peek`); the handler's own unlocked read takes it instead of reading it again.
    peeked: tuple[str, GameRow | None] | None = None

    def new_seed(self) -> str:
        """A seed for the computer (its fleet, its play): from the judge's generator, so a
        judge given one (the tests) is repeatable; fresh from the system otherwise."""
        return format(self.rng.getrandbits(64), "x") if self.rng is not None else token_hex(8)

    # -- games ------------------------------------------------------------------------------
    def peek(self, name: str) -> GameRow | None:
        """The named game as it is now, unlocked, for choosing the command's handler."""
        game = self.store.game(name, lock=False)
        self.peeked = (name, game)
        return game

    def game(
        self, name: str | None, lock: bool = True, suggest: Callable[[GameRow], bool] | None = None
    ) -> GameRow:
        """The named game (locked until commit, unless `lock` is False: see Store.game). A name
        that no game has is refused with the public game nearest it, among those `suggest`
        allows (`join` suggests only a game one may join, not one that is over)."""
        assert name is not None
        peeked, self.peeked = self.peeked, None
        if not lock and peeked is not None and peeked[0] == name:
            game = peeked[1]
        else:
            game = self.store.game(name, lock)
        if game is None:
            games = self.store.games(public_only=True)
            names = [g.name for g in games if suggest is None or suggest(g)]
            close = difflib.get_close_matches(name, names, n=1)
            hint = f" Did you mean {close[0]}?" if close else " `list` shows the public games."
            raise Refusal(f"there is no game named {name}.{hint}")
        return game

    def reload(self) -> GameRow:
        """The signed-on game as it is now in the store."""
        assert self.session.game is not None
        self.session.game = self.store.game_by_id(self.session.game.id)
        return self.session.game

    def missing(self, game: GameRow) -> list[str]:
        if game.phase not in ("setup", "playing"):
            return []
        return ticks.missing_seats(self.store, game)

    def games_of(self, address: str) -> list[GameRow]:
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

    def tell_players(
        self, game: GameRow, what: str, body: str, kind: str = "notice"
    ) -> list[Outbound]:
        return [
            Outbound((p.address,), subject(game, what), body, game.name, kind=kind)
            for p in self.store.players(game.id).values()
        ]

    # -- who may do what --------------------------------------------------------------------
    def sign_on_account(self) -> None:
        """A sender the front end vouches for (a Discord account) is signed on to the game it
        names, as that game's player and/or game master, when the game is played with
        accounts: no password."""
        inbound = self.inbound
        if inbound.signed_in is not None and inbound.game is not None:
            self._sign_on_checked(inbound.game, inbound.signed_in)
            return
        if not inbound.authenticated or inbound.game is None:
            return
        game = self.store.game(inbound.game)
        if game is None or not game.accounts:
            return
        players = self.store.players(game.id).items()
        seats = [s for s, p in players if p.address == inbound.sender]
        self.session.seat = seats[0] if seats else None
        self.session.master = game.master_address == inbound.sender
        if self.session.seat is not None or self.session.master:
            self.session.game = game

    def _sign_on_checked(self, name: str, seat: str) -> None:
        """A seat (or the master) the front end checked when its session began (the password,
        or for a game of accounts a link the member asked for there): signed on as `game NAME
        PASSWORD` would, at the address the judge already writes to (the front end sends as
        that address)."""
        game = self.store.game(name)
        if game is None:
            return
        if seat == "master":
            if game.master_address == self.inbound.sender:
                self.session.game, self.session.master = game, True
            return
        player = self.store.players(game.id).get(seat)
        if player is not None and player.address == self.inbound.sender:
            self.session.game, self.session.seat = game, seat

    def refuse_other_front_end(self, game: GameRow) -> None:
        """A game is played through the front end it was created in: a Discord game knows
        its players by their accounts and has no passwords, a mail game the other way round."""
        if game.accounts and not self.inbound.authenticated:
            raise Refusal(f"game {game.name} is played in Discord; take part there")
        if self.inbound.authenticated and not game.accounts:
            raise Refusal(f"game {game.name} is played by email; take part by email")

    def resigning(self, command: Command) -> tuple[GameRow, str]:
        """The game and seat of a `resign` (by name and password, or in a session), not yet over."""
        if command.name is not None:
            if command.password is None:
                raise Refusal(f"resigning needs your password: `resign {command.name} PASSWORD`")
            game = self.game(command.name)
            seat = self.seat_for(game, command.password)
        else:
            game, seat = self.player_session("resign")
        self.reply.about(game)
        if game.phase == "over":
            raise Refusal(f"game {game.name} is already over")
        return game, seat

    def player_session(self, what: str) -> tuple[GameRow, str]:
        session = self.session
        if session.failed_line is not None:
            raise Refusal(f"not signed on: the sign-on at line {session.failed_line} failed")
        if session.game is None or session.seat is None:
            raise Refusal(
                f"`{what}` needs a sign-on first: put `game NAME PASSWORD` on a line above it"
            )
        return self.reload(), session.seat

    def master_session(self, what: str) -> GameRow:
        session = self.session
        if session.failed_line is not None:
            raise Refusal(f"not signed on: the sign-on at line {session.failed_line} failed")
        if session.game is None or not session.master:
            raise Refusal(
                f"`{what}` is for the game master: put `master NAME PASSWORD` on a line above it"
            )
        return self.reload()

    def forget(self, game: GameRow) -> None:
        """The signed-on game is over: the lines that follow act on no game."""
        session = self.session
        if session.game is not None and session.game.id == game.id:
            session.game, session.seat, session.master = None, None, False

    def refuse_outsider(self, game: GameRow) -> None:
        """A private game shows nothing to anyone but its players and game master."""
        if not game.private:
            return
        if self.session.game is not None and self.session.game.id == game.id:
            return
        sender = self.inbound.sender
        players = self.store.players(game.id).values()
        if sender == game.master_address or any(p.address == sender for p in players):
            return
        raise Refusal(f"game {game.name} is private: only its players and game master see it")

    # -- passwords --------------------------------------------------------------------------
    def seat_for(self, game: GameRow, password: str) -> str:
        if game.accounts:
            self.refuse_other_front_end(game)
        self.refuse_no_password(game, password)
        self.no_wrong_password_yet()
        self.refuse_throttled(game)
        # Check both seats every time, so the time taken does not say which seat matched.
        matches = [
            seat
            for seat, player in sorted(self.store.players(game.id).items())
            if check_password(password, player.password)
        ]
        if not matches:
            self.wrong_password(game)
            sender = self.inbound.sender
            players = self.store.players(game.id).values()
            if sender == game.master_address and all(p.address != sender for p in players):
                # The game master's own address, signing on as a player: said from the address
                # alone (no password is compared with the master's), so nothing leaks.
                raise Refusal(
                    f"wrong password for {game.name}; nothing changed (hint: you are its game "
                    f"master, and a game master signs on with `master {game.name} PASSWORD`)"
                )
            raise Refusal(f"wrong password for {game.name}; nothing changed")
        return matches[0]

    def refuse_no_password(self, game: GameRow, password: str) -> None:
        """Refuse what cannot be a password at all, unchecked and uncounted: no guess."""
        if not could_be_password(password):
            raise Refusal(
                f"that is not a password of game {game.name} (a password is three words "
                "joined by hyphens, given in the reply to `join` or `create`); "
                "nothing changed"
            )

    def no_wrong_password_yet(self) -> None:
        if self.session.wrong_password:
            raise Refusal(
                "a wrong password came earlier in this message, so the judge checks no other "
                "password in it; send these lines again in a new message"
            )

    # The brake on guessing a game's passwords from many addresses: see pbem.steps.throttle.
    def refuse_throttled(self, game: GameRow) -> None:
        """Refuse, without checking it, a password for a game under attack from an address the
        game does not know; checking it would tell a guesser when a guess was right."""
        if self.known_address(game, self.inbound.sender):
            return
        now = self.now
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

    def wrong_password(self, game: GameRow) -> None:
        """Count a wrong password against the game (it matches no seat, so all of them) and,
        once it passes the limit, warn everyone with a seat, once per window."""
        now = self.now
        self.session.wrong_password = True
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
            self.reply.messages.append(
                Outbound((address,), subject(game, "wrong passwords"), body, game.name)
            )

    def known_address(self, game: GameRow, address: str) -> bool:
        """The current address of one of the game's players or of its game master."""
        return address == game.master_address or any(
            p.address == address for p in self.store.players(game.id).values()
        )
