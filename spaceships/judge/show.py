"""What Spaceships shows its players in any front end: the sights of its messages, their
pictures, its buttons and forms, and how a front end words its orders and history.

Pictures come from the engine's views only: a player sees their own view, onlookers the
public board, and everyone both spaces once the game is over [1.4.1].
"""

from __future__ import annotations

import re
from dataclasses import replace

import spaceships.judge.games as game_rules
import spaceships.judge.matches as matches
from notation.spaceships.parse import parse_fleet
from pbem.kinds.kindparts import Show
from pbem.messages import Attachment, Outbound
from pbem.sights import ALL, Action, Field, Form, Picture, Sight
from pbem.storage.store import GameRow, Store
from spaceships import engine
from spaceships.engine import GameState
from spaceships.judge.choices import choices
from spaceships.judge.table import table
from spaceships.pictures import fleet_picture, observer_picture, player_picture, umpire_picture

FLEET_EXAMPLE = "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; ..."
ORDERS_EXAMPLE = "Gx3 Gy3 bRv1Rx1 mYw3 sBz5   (or: none)"
WITH_TURN = re.compile(r"orders\s*(\d+)\s*:", re.IGNORECASE)
HISTORY_LIMIT = 5500  # longer than this, a history goes as a record file


def decorate(store: Store, game: GameRow, out: Outbound, seat: str | None) -> Outbound:
    """The sights of a message to the player of `seat` (None: an onlooker): their own view of
    the start or of a turn, the public board after a turn, both spaces at the end."""
    if out.kind == "over":
        sight = Sight("end", seat=ALL, number=ended_game(out))
    elif out.kind in ("begin", "turn"):
        number = matches.game_of_message(store, game, [a.filename for a in out.attachments])
        if out.kind == "begin":
            if seat is None:
                return out  # nothing is known of either space yet
            sight = Sight("start", seat=seat, number=number)
        else:
            sight = Sight("turn", out.turn, seat, number)
    else:
        return out
    return replace(out, sights=(sight,))


def ended_game(out: Outbound) -> int | None:
    """Which game of a match a game-over message ends, from its attached record's name
    (`NAME-game2.ssr`, attached when the match goes on); None: the row's own game."""
    for attachment in out.attachments:
        numbered = re.search(r"-game(\d+)\.ssr$", attachment.filename)
        if numbered:
            return int(numbered[1])
    return None


def picture(store: Store, game: GameRow, sight: Sight) -> Picture | None:
    """The picture of a sight, or None when there is nothing to draw (yet)."""
    names = game_rules.names_of(store.players(game.id))
    if sight.moment == "setup" or (sight.moment == "now" and game.state is None):
        return _fleet_picture(store, game, sight.seat)
    if sight.moment == "now":
        state = GameState.from_json(game.state or {})
        if sight.seat in ("A", "B"):
            png = player_picture(engine.player_view(state, sight.seat), names)
            return Picture(f"{game.name}-you.png", png, f"{game.name}: your view")
        return Picture(
            f"{game.name}-board.png",
            observer_picture(engine.observer_view(state), names),
            f"{game.name}: the board",
        )
    if sight.moment == "end":
        ended = _ended_state(store, game, sight.number)
        if ended is None:
            return None
        label = "reveal" if sight.number is None else f"game{sight.number}-reveal"
        # Everything is revealed [1.4.1], both spaces as they ended.
        return Picture(
            f"{game.name}-{label}.png", umpire_picture(ended, names), f"{game.name}: game over"
        )
    state = _state_at(store, game, sight)
    if state is None:
        return None
    if sight.seat in ("A", "B"):
        label = "start" if sight.moment == "start" else f"turn{sight.turn}"
        return Picture(
            f"{game.name}-{label}-{sight.seat}.png",
            player_picture(engine.player_view(state, sight.seat), names),
            f"{game.name}: your view",
        )
    if sight.moment == "start":
        return None  # nothing is known of either space yet
    return Picture(
        f"{game.name}-turn{sight.turn}.png",
        observer_picture(engine.observer_view(state), names),
        f"{game.name}: turn {sight.turn}",
    )


def _fleet_picture(store: Store, game: GameRow, seat: str | None) -> Picture | None:
    if seat not in ("A", "B"):
        return None
    text = store.players(game.id)[seat].fleet
    if not text:
        return None
    ruleset = game_rules.ruleset_of(game)
    fleet = parse_fleet(text, ruleset.colour_order)
    png = fleet_picture(fleet, ruleset.colour_order, "Your fleet")
    return Picture(f"{game.name}-fleet.png", png, f"{game.name}: your fleet")


def _state_at(store: Store, game: GameRow, sight: Sight) -> GameState | None:
    """The state a sight of the start or of a turn shows."""
    playing = matches.match_of(store, game)
    number = sight.number
    if number is not None and playing is not None and number != playing.number:
        # A post of an earlier game of the match: that game, replayed from its kept record,
        # never the game the row plays now, whose turns are numbered from 1 again.
        if sight.moment == "start" or sight.turn is not None:
            turn = sight.turn if sight.moment == "turn" else 0
            return matches.game_state_after(store, game, number, turn or 0)
        return None
    if sight.moment == "turn" and sight.turn is None:
        return GameState.from_json(game.state) if game.state is not None else None
    if sight.moment == "turn":
        data = store.state_after(game.id, sight.turn or 0)
        return None if data is None else GameState.from_json(data)
    players = store.players(game.id)
    if len(players) < 2 or any(p.fleet is None for p in players.values()):
        return None
    return game_rules.start_state(store, game)  # a match's additional ships too [10.3]


def _ended_state(store: Store, game: GameRow, number: int | None) -> GameState | None:
    """The game as it ended: in a match, the game its record names, never the game the row
    plays now, which may be the next one in play [1.4]; otherwise the row's game, over."""
    if number is not None:
        return matches.game_end_state(store, game, number)
    if game.phase != "over" or game.state is None:
        return None  # the row has moved on and no game is named: draw nothing, not guess
    return GameState.from_json(game.state)


def actions(game: GameRow, message_kind: str, turn: int | None) -> tuple[Action, ...]:
    """The buttons of the game's own under a post: the fleet form at set-up and when the next
    game of a match opens; the orders form of the turn that opened with the post while open."""
    if message_kind in ("setup", "next"):
        return (Action("fleet", "fleet", "Submit fleet"),)
    if message_kind not in ("begin", "turn"):
        return ()
    next_turn = 1 if message_kind == "begin" else (turn or 0) + 1
    if game.phase == "playing" and game.turn <= next_turn:
        return (Action("orders", "orders", f"Submit orders (turn {next_turn})", next_turn),)
    return ()


def form(game: GameRow, command: str, turn: int | None) -> Form:
    """The form for a fleet or a turn's orders."""
    if command == "fleet":
        field = Field("Fleet (list or grid form)", FLEET_EXAMPLE)
        return Form(f"Your fleet for {game.name}", "fleet", None, (field,))
    field = Field(f"Orders for turn {turn}", ORDERS_EXAMPLE)
    return Form(f"Orders for turn {turn} of {game.name}", "orders", turn, (field,))


def open_turn(game: GameRow) -> int:
    """The turn `orders N:` names now."""
    return max(game.turn, 1)


def turn_name(game: GameRow, number: int) -> str:
    return f"turn {number}"


def command_text(command: str, text: str, turn: int) -> str:
    """A form's or option's orders as the judge reads them: the words on one line; `orders N:`
    written by the player kept, so the judge checks the turn it names."""
    words = " ".join(text.split())
    body = "" if words.lower() in ("none", "pass", "-", "no actions") else words
    return body if WITH_TURN.match(body) else f"{command} {turn}: {body}"


def history_file(game: GameRow, answer: str) -> tuple[str, Attachment] | None:
    """A long history as the first two paragraphs and the record as a file, readable and
    checkable with `validate`; None when it is short enough to show."""
    if len(answer) <= HISTORY_LIMIT:
        return None
    head = "\n\n".join(answer.split("\n\n", 2)[:2])[:1500]
    data = answer.encode("utf-8")
    return head, Attachment(f"{game.name}-history.ssr", "text/plain; charset=utf-8", data)


SHOW = Show(
    decorate=decorate,
    picture=picture,
    actions=actions,
    form=form,
    open_turn=open_turn,
    turn_name=turn_name,
    command_text=command_text,
    history_file=history_file,
    private_results=True,
    mail_pictures=False,
    choices=choices,
    table=table,
)
