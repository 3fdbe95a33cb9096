"""Play in the browser (issue 35): signing in to a seat with the game's password, what a
signed-in seat may see and send, and each form sent to the judge as the same command text
mail and Discord send, through `Judge.handle`, in one transaction with its idempotency claim.

Runs on the club's store thread (plain blocking reads and writes), knows no game: the forms
are the kinds' own (`GameKind.form`), the pictures come through `pbem.kinds.shown.picture_for`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pbem.judge import Judge
from pbem.kinds.shown import Form, Sight, kind_of, picture_for
from pbem.language.commands import keyword_of
from pbem.messages import Inbound, Outbound
from pbem.steps import throttle
from pbem.steps.passwords import check_password, could_be_password
from pbem.steps.sending import web_again
from pbem.steps.weblinks import LINK_MINUTES, Link, claim_link, read_link
from pbem.storage.store import GameRow, PlayerRow, Store, to_text
from pbem.web.later import Later
from pbem.web.sessionrows import end_session, open_session, session_stands
from pbem.web.sessions import MASTER, Seat, stamp_of

HANDLED = "This was handled already: the form was sent twice; nothing changed the second time."
SIGN_IN_AGAIN = "Your session for this game has ended (a new password?): sign in again."


@dataclass(frozen=True)
class Shown:
    """One form of the seat's page: the kind's `Form` (or one of the judge's own commands,
    fields-less: resign, draw, process), the turn it is for, what its button says."""

    command: str
    title: str
    form: Form | None
    turn: int | None
    button: str
    confirm: str = ""  # a checkbox the sender must tick (resigning)


@dataclass(frozen=True)
class SeatView:
    """The seat's page: the game, who the reader is, what the judge tells them now (its
    `status` and `history` answers to them), whose move it is, and the forms they may send."""

    game: GameRow
    seat: str  # "A", "B" or MASTER
    players: dict[str, PlayerRow]
    title: str
    reader: str  # the reader's words: "player A (Alice)", "the game master"
    status: str
    history: str
    waiting: tuple[str, ...]  # the seats' words of whom the phase waits for
    forms: tuple[Shown, ...]
    moment: str
    has_picture: bool = field(default=False)
    # What the seat may do now (the kind's `choices`, pbem.kinds.choosing) and the board it
    # plays on (the kind's `table`, drawn without a picture): issue 44.
    choices: Mapping[str, Any] = field(default_factory=dict)
    table: str = ""


def moment_of(store: Store, game: GameRow) -> str:
    """What changes whenever anything anyone may see of the game changes: its phase, turn,
    deadline, end, who has sent in this phase (not what), and the kind's public news (a
    draw offer). The live page compares it."""
    players = store.players(game.id)
    sent = "".join(s for s, p in sorted(players.items()) if p.fleet is not None)
    orders = "".join(sorted(store.orders(game.id, game.turn))) if game.phase == "playing" else ""
    deadline = "" if game.deadline is None else game.deadline.isoformat()
    news = kind_of(game).show.news(game) if game.phase == "playing" else ""
    moment = f"{game.id}.{game.phase}.{game.turn}.{game.ended_at}.{deadline}.{sent}.{orders}"
    return f"{moment}.{news}" if news else moment


class Play:
    """The judge as the browser uses it. `keep` is given the messages a change causes (to the
    players and onlookers), inside the change's transaction: the web front end hands them to
    mail's outbox (pbem.mail.queued, handed over by the console command), so a turn resolved
    here is mailed as one resolved by mail."""

    def __init__(
        self,
        store: Store,
        keep: Callable[[list[Outbound]], None] | None = None,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        later: Later | None = None,
    ) -> None:
        self.store, self.clock = store, clock
        # `later`: the messages a change causes are composed after its commit, off the store
        # thread (pbem.web.later); `keep`: inside the change's transaction.
        self.later = later
        self.judge = Judge(store, clock, keep=later.keep if later is not None else keep)

    # -- signing in ----------------------------------------------------------------------
    def sign_in(self, name: str, password: str) -> tuple[GameRow | None, str | None, str]:
        """The game and seat (or MASTER) `password` opens, or None and why not. A wrong one
        counts against the game as mail's do (pbem.steps.throttle), and under that brake none is
        checked: a web client is never an address the game knows."""
        password = password.strip()
        with self.store.transaction():
            game = self.store.game(name.strip(), lock=False)
            if game is None:
                return None, None, f"There is no game called {name.strip()} here."
            if game.accounts:
                return (
                    game,
                    None,
                    (
                        f"Game {game.name} is played in Discord: its players have no password; "
                        "ask the bot for a link with `/spaceships web`."
                    ),
                )
            if not could_be_password(password):
                return (
                    game,
                    None,
                    (
                        "That is not a password (three words joined by hyphens, as the judge "
                        "mailed it when you joined or created the game). Nothing was checked."
                    ),
                )
            now = self.clock()
            count, last = self.store.wrong_passwords_since(game.id, throttle.window_start(now))
            until = throttle.throttled_until(count, last, now)
            if until is not None:
                return (
                    game,
                    None,
                    (
                        f"Too many wrong passwords for {game.name} recently; try again after "
                        f"{until.strftime('%Y-%m-%d %H:%M')} UTC. Your own mail still works."
                    ),
                )
            players = self.store.players(game.id)
            matches = [
                s for s, p in sorted(players.items()) if check_password(password, p.password)
            ]
            if check_password(password, game.master_password):
                matches.append(MASTER)
            if not matches:
                self.store.add_wrong_password(
                    game.id, now, forget_before=throttle.window_start(now)
                )
                return game, None, wrong_password(game.name)
            return game, matches[0], ""

    def look_at_link(self, token: str) -> tuple[GameRow | None, str, str]:
        """The game and seat a one-time link would sign in to, and why not if it cannot (used,
        expired, made under an old password, or no link at all); changes nothing: opening the
        link shows a button, and a mail program's preview of it uses nothing up."""
        link = read_link(self.store, token)
        game = None if link is None else self.store.game_by_id(link.game_id)
        why = self._spent(link, game)
        return (game, "", why) if why or link is None else (game, link.seat, "")

    def use_link(self, token: str) -> tuple[GameRow | None, str, str]:
        """The game and seat a one-time link (`web NAME` by mail, pbem.steps.weblinks) signs in
        to, claimed in this transaction so that it opens one session; or why not."""
        with self.store.transaction():
            game, seat, why = self.look_at_link(token)
            if why:
                return game, "", why
            if not claim_link(self.store, token, self.clock()):
                return game, "", self._spent(read_link(self.store, token), game)
            return game, seat, ""

    def _spent(self, link: Link | None, game: GameRow | None) -> str:
        """Why a link signs nobody in, in the player's words, with how to get a new one; ""
        when it still can."""
        if link is None or game is None:
            return (
                "This address is not a link the judge made, or not the whole of one (a mail "
                "program may have cut it or broken it over two lines: copy all of it into the "
                "address bar). To play, sign in with your game's password, or ask the judge "
                "for a new link: `web NAME` by mail, or `/spaceships web` in Discord."
            )
        again = web_again(game)
        if link.used_at is not None:
            return (
                f"This link was used already, at {link.used_at.strftime('%H:%M')} UTC: each "
                f"link signs in once. To play {game.name}, {again}."
            )
        if link.expires <= self.clock():
            return (
                f"This link has expired: links last {LINK_MINUTES} minutes. To play "
                f"{game.name}, {again}."
            )
        if self.stamp(game, link.seat) != link.stamp:
            return (
                f"This link was made before the password of your seat changed, so it signs "
                f"nobody in. To play {game.name}, {again}."
            )
        return ""

    def played_with_accounts(self, name: str) -> bool:
        """Whether the game is one of a front end's accounts (Discord): no passwords."""
        game = self.store.game(name, lock=False)
        return game is not None and game.accounts

    def stamp(self, game: GameRow, seat: str) -> str | None:
        """The stamp of the password a seat signs in with now (None: no such seat)."""
        if seat == MASTER:
            return stamp_of(game.master_password)
        player = self.store.players(game.id).get(seat)
        return None if player is None else stamp_of(player.password)

    def session_game(self, name: str, session: Seat | None) -> GameRow | None:
        """The game a session is for, while its password stands; None otherwise."""
        if session is None:
            return None
        game = self.store.game(name, lock=False)
        if game is None or game.id != session.game_id:
            return None
        if self.stamp(game, session.seat) != session.stamp:
            return None
        # Signed out (here, in another browser or another web process): the cookie, or a
        # copy of it, opens nothing any more (issue 42, item 1).
        return game if session_stands(self.store, session) else None

    def open_session(self, session: Seat) -> None:
        """A session just signed in: it stands until it expires or is signed out."""
        open_session(self.store, session, self.clock())

    def sign_out(self, session: Seat, everywhere: bool) -> int:
        """The session ends (with `everywhere`, every session of its seat); how many ended."""
        return end_session(self.store, session, everywhere)

    # -- the seat's page -----------------------------------------------------------------
    def address_of(self, game: GameRow, seat: str) -> str:
        return game.master_address if seat == MASTER else self.store.players(game.id)[seat].address

    def ask(self, game: GameRow, seat: str, word: str) -> str:
        """The judge's answer to a command that only reads (`status`, `history`), asked as the
        seat: exactly what mail answers that player."""
        answer = self.judge.handle(
            Inbound(
                self.address_of(game, seat),
                word,
                game=game.name,
                signed_in=seat,
                command=word,
                authenticated=game.accounts,  # a Discord game's seat: its link vouched for it
            )
        )[0].body
        return _without_echo(answer)

    def view(self, game: GameRow, seat: str) -> SeatView:
        kind = kind_of(game)
        players = self.store.players(game.id)
        if seat == MASTER:
            reader = "the game master"
        else:
            reader = kind.about.seat_name(seat) + f" ({players[seat].name})"
        choices = self.choices(game, seat)
        waiting = ()
        if game.phase in ("setup", "playing"):
            waiting = tuple(
                f"you ({kind.about.seat_name(s)})" if s == seat else kind.about.seat_name(s)
                for s in kind.steps.missing(self.store, game)
            )
        return SeatView(
            game,
            seat,
            players,
            kind.about.title or kind.name,
            reader,
            self.ask(game, seat, "status"),
            self.ask(game, seat, "history") if game.phase not in ("joining",) else "",
            waiting,
            self.forms(game, seat, choices),
            moment_of(self.store, game),
            False,
            choices,
            kind.show.table(self.store, game, None if seat == MASTER else seat),
        )

    def choices(self, game: GameRow, seat: str) -> Mapping[str, Any]:
        """What the seat may do now, as its kind works it out (a master chooses nothing)."""
        if seat == MASTER:
            return {}
        return kind_of(game).show.choices(self.store, game, seat)

    def forms(
        self, game: GameRow, seat: str, choices: Mapping[str, Any] | None = None
    ) -> tuple[Shown, ...]:
        """What the reader may send now: the game's own forms (its set-up, the open turn's
        orders, unless the seat's choices say it waits for the other side), then the judge's
        own commands it has (a draw offer, resigning; a master's `process`)."""
        kind = kind_of(game)
        if game.phase == "over":
            return ()
        # An API token for a program to act for this place (issue 46, pbem.steps.tokens).
        token = Shown("token", "An API token, for a program to play here", None, None, "Get one")
        if seat == MASTER:
            if game.phase in ("setup", "playing"):
                return (
                    Shown(
                        "process",
                        "Resolve the phase now",
                        None,
                        None,
                        "Resolve now",
                        "as if the deadline had passed",
                    ),
                    token,
                )
            return (token,)
        shown: list[Shown] = []
        if game.phase in ("joining", "setup") and kind.steps.setup_word:
            made = kind.show.form(game, kind.steps.setup_word, None)
            shown.append(Shown(kind.steps.setup_word, made.title, made, None, "Send"))
        if choices is None and game.phase == "playing":
            choices = kind.show.choices(self.store, game, seat)
        if game.phase == "playing" and (choices or {}).get("phase") != "wait":
            made = kind.show.form(game, "orders", game.turn)
            shown.append(Shown("orders", made.title, made, game.turn, "Send"))
        if game.phase == "playing":
            if "draw" in kind.steps.own:
                shown.append(
                    Shown(
                        "draw",
                        "Offer a draw (or accept the one offered)",
                        None,
                        game.turn,
                        "Offer or accept a draw",
                    )
                )
        if game.phase in ("setup", "playing"):
            shown.append(Shown("resign", "Resign", None, None, "Resign", "I give up this game"))
        shown.append(token)
        return tuple(shown)

    def unconfirmed(self, game: GameRow, seat: str, command: str, confirmed: bool) -> str:
        """The line refusing a form sent without the confirmation its box asks for (resigning,
        a master's resolving now), or "": the server checks it, not only the browser."""
        for shown in self.forms(game, seat):
            if shown.command == command and shown.confirm and not confirmed:
                return (
                    f"Not done: tick the box ({shown.confirm}) to {shown.button.lower()}; "
                    "nothing changed."
                )
        return ""

    def sight(self, game: GameRow, seat: str) -> Sight | None:
        """The picture the reader's page shows: the board as the seat knows it (as everyone
        does in a game that hides nothing), the seat's own set-up before the start, the
        public board for the master."""
        if seat == MASTER:
            return Sight("now") if game.state is not None else None
        if game.state is not None:
            private = kind_of(game).show.private_results
            return Sight("now", seat=seat) if private else Sight("now")
        if self.store.players(game.id)[seat].fleet is not None:
            return Sight("setup", seat=seat)
        return None

    def picture(self, game: GameRow, seat: str) -> bytes | None:
        """The reader's picture, through the one door that checks who may see what [1.4]."""
        sight = self.sight(game, seat)
        if sight is None:
            return None
        picture = picture_for(self.store, game, sight, self.address_of(game, seat))
        return None if picture is None else picture.png

    # -- sending -------------------------------------------------------------------------
    def send(
        self,
        game: GameRow,
        seat: str,
        command: str,
        text: str,
        turn: int | None,
        nonce: str,
        opened: str = "",
    ) -> tuple[bool, str]:
        """One form as the judge's command, sent as the seat; (accepted, the judge's answer).
        The form's `nonce` is claimed in the same transaction: a form sent twice (a reload, a
        double click, two web processes) acts once. `turn` and `opened` are the turn the form
        was made for and when that turn opened (`phase_opened`): a form of another turn is
        refused, saying whether its turn is over or not open yet."""
        allowed = {shown.command: shown for shown in self.forms(game, seat)}
        if command not in allowed:
            return False, (
                f"There is no `{command}` to send for {game.name} now "
                f"({game.phase}): the page was out of date; it shows what is open now."
            )
        kind = kind_of(game)
        if allowed[command].turn is not None:
            stale = stale_turn(game, turn, opened)
            if stale:
                open_now = kind.show.turn_name(game, game.turn)
                return False, f"{stale}: {open_now} is open now; nothing changed."
        words, first_line = command_text(kind, game, command, text)
        # What the page wrote ahead of the player's words (`orders 3: `): a slip's column and
        # quoted line are counted in what they typed, as Discord counts them.
        typed = " ".join(text.split())
        written = len(words) - len(typed) if typed and words.endswith(" " + typed) else 0
        player = self.store.players(game.id).get(seat) if seat != MASTER else None
        inbound = Inbound(
            self.address_of(game, seat),
            words,
            sender_name="" if player is None else player.name,
            authenticated=game.accounts,
            game=game.name,
            signed_in=seat,
            command=keyword_of(words.split()[0]) if words.split() else command,
            first_line=first_line,
            written_before=written if command == "orders" else 0,
        )
        if self.later is not None:
            self.later.drop()
        with self.store.transaction():
            if not self.store.claim("web", nonce, self.clock()):
                return False, HANDLED
            replies, moves = self.judge.handle_counting(inbound)
        if self.later is not None:
            self.later.flush()
        answer = _on_a_page(_without_echo(replies[0].body))
        if command in ("orders", kind.steps.setup_word):
            return moves > 0, answer
        return "Refused" not in answer and "not understood" not in answer.lower(), answer


def phase_opened(game: GameRow) -> str:
    """When the open phase opened, as a form carries it: it tells a form of this turn from
    one of a turn of the same number before (a match's earlier game counts its turns afresh)."""
    return to_text(game.opened_at) or ""


def stale_turn(game: GameRow, turn: int | None, opened: str) -> str:
    """Why a form made for `turn`, in the phase opened at `opened` ("": an older page, which
    did not say), is not for the open turn; "" when it is. A turn ahead of the open one is not
    open yet, unless the form's phase opened before this one (an earlier game of a match,
    which counted its turns afresh): a form is told its turn is over only when it is."""
    kind = kind_of(game)
    now = phase_opened(game)
    earlier = bool(opened) and opened < now
    if turn == game.turn and not earlier and (not opened or opened == now):
        return ""
    asked = "an earlier turn" if turn is None else kind.show.turn_name(game, turn)
    if turn is not None and turn > game.turn and not earlier:
        return f"That form is for {asked} of {game.name}, which is not open yet"
    if turn is not None and turn >= game.turn:
        return f"That form was for {asked} of an earlier game of {game.name}, which is over"
    return f"That form was for {asked} of {game.name}, which is over"


def wrong_password(name: str) -> str:
    """A wrong password's answer, with the two ways to get in without it."""
    return (
        f"Wrong password for {name}; nothing changed. Lost it? Send `newpassword {name}` to the "
        f"judge by mail, from the address you joined with, for a new one; or send `web {name}` "
        "for a link that signs you in once."
    )


def command_text(kind: Any, game: GameRow, command: str, text: str) -> tuple[str, int]:
    """A form's text as mail writes the command, and the number its first line has for the
    sender (so "line 3" in a refusal is the line 3 they typed)."""
    if command == "orders":
        return kind.show.command_text("orders", text, kind.show.open_turn(game)), 1
    if command == "draw":  # named with its turn, as by mail: an old page accepts no later offer
        return f"draw {game.turn}", 1
    if command != kind.steps.setup_word:
        return command, 1
    lines = text.rstrip().splitlines()
    leading = 0
    while leading < len(lines) and not lines[leading].strip():
        leading += 1
    body = lines[leading:]
    if body and keyword_of(body[0].split()[0]) == command:
        return "\n".join(body), leading + 1
    if len(body) == 1:
        return f"{command} {body[0].strip()}", leading + 1
    return "\n".join([command, *body]), leading


def _on_a_page(answer: str) -> str:
    """A reply without mail's pointers to a message that a page shows at once."""
    return answer.replace(" (see the next message)", "")


def _without_echo(answer: str) -> str:
    """The judge's answer without mail's quoted copy of the command (`> status`)."""
    return "\n".join(line for line in answer.splitlines() if not line.startswith("> ")).strip()
