"""What the API does for a token's holder (issue 46), on play's thread: the seat's
view as data, a turn (fleet, design, draw, resignation) sent as its notation and the judge's
answer read back as data, and games created, challenges made and accepted.

It knows no game: the view is the judge's own `status` and `history` answers to the seat, the
kind's forms and its `choices` (what the seat may do now); a turn goes through
`pbem.web.play.Play.send`, the very path of the seat's page, so the API can do nothing the
page cannot, and sees nothing the page does not [1.4].
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

from pbem.kinds.shown import kind_of
from pbem.messages import Inbound
from pbem.steps import apievents, tokens
from pbem.steps.passwords import hide
from pbem.steps.tokens import MASTER, Holder
from pbem.web.play import HANDLED, Play

log = logging.getLogger("web")
SENDABLE = ("orders", "fleet", "design", "draw", "resign")
_WHERE = re.compile(r"line (\d+), column (\d+): (.*)")
# A rule cited: [4.4.1], [R17], [SC8], [IV.A.5], [II.A, R15]; never a record's tag pair.
_RULE = re.compile(r"\[((?:[IVX]+\.[A-Z]|[A-Z]{1,3}\d|\d)[^\]\"]*)\]")


class ApiRefusal(ValueError):
    """A request the API will not carry out: its HTTP status, what and a hint."""

    def __init__(self, status: int, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.status, self.message, self.hint = status, message, hint

    def as_json(self) -> dict[str, Any]:
        found = {"error": self.message}
        return {**found, "hint": self.hint} if self.hint else found


@dataclass(frozen=True)
class Sent:
    accepted: bool
    answer: str

    def as_json(self) -> dict[str, Any]:
        said: dict[str, Any] = {"accepted": self.accepted, "answer": self.answer}
        if not self.accepted:
            said["errors"] = refusal_data(self.answer)
        return said


def refusal_data(answer: str) -> list[dict[str, Any]]:
    """The judge's refusal as data: each error's line and column (in the text as sent), its
    message, the rules it cites and its hint; a refusal without a place gets line None."""
    lines = answer.splitlines()
    errors: list[dict[str, Any]] = []
    for index, line in enumerate(lines):
        found = _WHERE.search(line)
        if not found:
            continue
        hint = ""
        for later in lines[index + 1 : index + 4]:
            if _WHERE.search(later):
                break
            if later.strip().startswith("hint:"):
                hint = later.strip()[len("hint:") :].strip()
        message = found.group(3).strip()
        errors.append(
            {
                "line": int(found.group(1)),
                "column": int(found.group(2)),
                "message": message,
                "rules": _RULE.findall(message + " " + hint),
                "hint": hint,
            }
        )
    located = bool(errors)
    for line in lines:  # rules broken, one an item: `- turn 7, player A: ...`
        if located or not line.strip().startswith("- "):
            continue
        message, _, hint = line.strip()[2:].partition(" (hint: ")
        errors.append(
            {
                "line": None,
                "column": None,
                "message": message,
                "rules": _RULE.findall(line),
                "hint": hint.removesuffix(")"),
            }
        )
    if not errors:
        text = " ".join(line.strip() for line in lines if line.strip())
        message, _, hint = text.removeprefix("Refused: ").partition(" (hint: ")
        hint = hint.removesuffix(")")
        errors.append(
            {
                "line": None,
                "column": None,
                "message": message,
                "rules": _RULE.findall(text),
                "hint": hint,
            }
        )
    return errors


class Api:
    """The API's work over `play` (its store and its judge). Every method runs on
    play's one thread and takes the holder as read for this request."""

    def __init__(self, play: Play) -> None:
        self.play = play
        self.store = play.store

    def holder(self, token: str) -> Holder | None:
        return tokens.holder(self.store, token)  # read alone: no write lock taken

    def holder_of_id(self, holder: Holder) -> bool:
        """Whether the token `holder` was read from still stands (a stream's, as it runs)."""
        return tokens.holder_by_id(self.store, holder.token_id) is not None

    def for_game(self, token: str, name: str) -> Holder:
        """The holder of `token`, which must be for game `name`."""
        found = self.holder(token)
        if found is None:
            raise unknown_token()
        if found.game.name.lower() != name.lower():
            raise ApiRefusal(
                403,
                f"this token acts for {found.game.name} only, not for {name}",
                "each seat of each game has its own tokens: `token NAME PASSWORD` by mail",
            )
        return found

    # -- the view --------------------------------------------------------------------------
    def view(self, holder: Holder) -> dict[str, Any]:
        game, seat = holder.game, holder.seat
        kind = kind_of(game)
        players = self.store.players(game.id)
        playing = game.phase in ("setup", "playing")
        to_act = list(kind.steps.missing(self.store, game)) if playing else []
        view: dict[str, Any] = {
            "game": game.name,
            "kind": kind.name,
            "title": kind.about.title or kind.name,
            "seat": seat,
            "phase": game.phase,
            "phase_text": kind.about.phase_text(game),
            "turn": game.turn,
            "open_turn": kind.show.open_turn(game) if game.phase == "playing" else None,
            "to_act": to_act,
            "players": {
                s: {"name": p.name, "side": kind.about.side(s), "is_you": s == seat}
                for s, p in sorted(players.items())
            },
            "over": game.phase == "over",
            "status": self.play.ask(game, seat, "status"),
            "history": self.play.ask(game, seat, "history") if game.phase != "joining" else "",
            "last_event": apievents.last_id(self.store, game.id, seat),
        }
        if game.phase == "over" and kind.about.score is not None and game.outcome is not None:
            score = kind.about.score(game.outcome)
            view["result"] = None if score is None else {"A": score, "B": 1 - score}
        if seat == MASTER:
            return view
        own = players[seat]
        view["your_move"] = seat in to_act
        view["setup"] = {"command": kind.steps.setup_word, "sent": own.fleet}
        sent = self.store.orders(game.id, game.turn).get(seat) if game.phase == "playing" else None
        view["sent"] = None if sent is None else getattr(sent, "text", None)
        view["may_send"] = [
            {
                "command": shown.command,
                "title": shown.title,
                "turn": shown.turn,
                "fields": []
                if shown.form is None
                else [
                    {"label": f.label, "example": f.example, "help": f.help}
                    for f in shown.form.fields
                ],
            }
            for shown in self.play.forms(game, seat)
            if shown.command in SENDABLE
        ]
        view["choices"] = self._choices(kind, game, seat)
        return view

    def _choices(self, kind: Any, game: Any, seat: str) -> dict[str, Any]:
        """The kind's `choices` for the seat ({} where it has none); a kind's failure there
        costs the program its hints, never its view: logged, and {}."""
        choices = getattr(kind.show, "choices", None)
        if choices is None:
            return {}
        try:
            return dict(choices(self.store, game, seat))
        except Exception:
            log.exception("game %s: the choices of seat %s could not be made", game.name, seat)
            return {}

    def events(self, holder: Holder, after: int) -> tuple[bool, list[apievents.Event]]:
        """Whether the game is over, then the seat's events after `after`: read in that order,
        so a game seen over has its last event among them."""
        game = self.store.game_by_id(holder.game.id)
        over = game.phase == "over"
        return over, apievents.since(self.store, game.id, holder.seat, after)

    # -- sending ---------------------------------------------------------------------------
    def send(self, holder: Holder, command: str, text: str, turn: int | None, nonce: str) -> Sent:
        if command not in SENDABLE:
            raise ApiRefusal(404, f"there is no `{command}` to send", f"one of {SENDABLE}")
        if holder.seat == MASTER:
            raise ApiRefusal(403, "a game master's token plays no seat", "use a seat's token")
        game = self.store.game_by_id(holder.game.id)
        if turn is None:
            turn = game.turn
        accepted, answer = self.play.send(game, holder.seat, command, text, turn, nonce)
        if answer == HANDLED:
            accepted = True  # the same request twice: it acted once
        return Sent(accepted, answer)

    # -- new games -------------------------------------------------------------------------
    def create(self, holder: Holder, name: str, settings: str, sit: bool) -> dict[str, Any]:
        """`create NAME SETTINGS` as the master token's address (and with `sit`, `join NAME`
        too: a challenge); the tokens of every place the address holds in the new game."""
        if holder.seat != MASTER:
            raise ApiRefusal(
                403,
                "only a game master's token may create games and challenges",
                "`token NAME MASTERPASSWORD` by mail gives one",
            )
        self._from_mail_game(holder)
        text = f"create {name} {settings}".strip() + (f"\njoin {name}" if sit else "")
        answer = self.play.judge.handle(Inbound(holder.address, text))[0].body
        return self._seated(holder.address, name, answer, with_master=True)

    def accept(self, holder: Holder, name: str) -> dict[str, Any]:
        """`join NAME` as the token's address: a challenge accepted."""
        self._from_mail_game(holder)
        before = self._places(holder.address, name)
        answer = self.play.judge.handle(Inbound(holder.address, f"join {name}", command="join"))
        return self._seated(holder.address, name, answer[0].body, before=before)

    def _from_mail_game(self, holder: Holder) -> None:
        if holder.game.accounts:
            raise ApiRefusal(
                403,
                "a Discord game's token cannot create or join games by mail",
                "challenge in Discord (`/spaceships challenge`)",
            )

    def _places(self, address: str, name: str) -> set[str]:
        game = self.store.game(name, lock=False)
        if game is None:
            return set()
        places = {s for s, p in self.store.players(game.id).items() if p.address == address}
        return places | ({MASTER} if game.master_address == address else set())

    def _seated(
        self,
        address: str,
        name: str,
        answer: str,
        with_master: bool = False,
        before: set[str] | None = None,
    ) -> dict[str, Any]:
        new = self._places(address, name) - (before or set())
        if not with_master:
            new.discard(MASTER)
        issued: dict[str, str] = {}
        with self.store.transaction():
            game = self.store.game(name)
            if game is not None:
                for place in sorted(new):
                    issued[place] = tokens.issue(
                        self.store, game, place, address, self.play.clock()
                    )
        said = _without_quotes(hide(answer))
        return {"accepted": bool(issued), "answer": said, "game": name, "tokens": issued}


def unknown_token() -> ApiRefusal:
    return ApiRefusal(
        401,
        "no such token (or it was revoked, or its seat's password changed since)",
        "send `Authorization: Bearer sst_...`; `token NAME PASSWORD` by mail gives one",
    )


def _without_quotes(answer: str) -> str:
    return "\n".join(line for line in answer.splitlines() if not line.startswith("> ")).strip()
