"""What Spaceship Battles shows its players in any front end: the map of each phase, a
player's own design, its buttons and forms, and how a front end words its orders and history.

A battle is open information once it has begun (reading R16): every phase's map is the same
for both players and onlookers. Before the start a player sees only their own design; pending
orders and the dice seed are never shown (R13, R14). Maps are drawn from the record's written
dice, never from the seed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from battles.engine.play import play_record
from battles.engine.state import ShipState
from battles.judge.choices import choices
from battles.judge.rows import START, battle_turn, record_of
from battles.judge.table import table
from battles.pictures import battle_picture, battle_svg
from battles.pictures.trails import movement_trails
from notation.battles.hexes import Hex
from notation.battles.parse import parse_record
from notation.battles.records import BattleRecord, Initiative, Move
from pbem.kinds.kindparts import Show
from pbem.messages import Attachment, Outbound
from pbem.sights import ALL, Action, Field, Form, Picture, Sight
from pbem.storage.store import GameRow, Store

DESIGN_EXAMPLE = "Lancer E-SAI(Gf)I(Xf)IIV\nKite E-AI(Mf)(Gf)IIID at 1,7 N"
MOVES_EXAMPLE = "Lancer FFRF; Kite stay   (a ship left out stays)"
VOLLEYS_EXAMPLE = "Lancer > Raider; Kite > Raider (Mf); tractor Kite > Raider"
WITH_TURN = re.compile(r"orders\s*(\d+)\s*:", re.IGNORECASE)
HISTORY_LIMIT = 5500  # longer than this, a history goes as a record file
TITLES = {"begin": "{game}: the battle begins", "over": "{game}: the battle is over"}
# What a front end says of a battle where games differ (its kind's `records.texts`).
TEXTS = {
    **TITLES,
    "thread": "Battle {game}",
    "setup_who": "**{game}**, a battle: {a} against {b}.",
    "played": "the battle **{game}**",
    "over_said": "the battle is over; the record with the dice seed is below.",
    "resigned": "the record and the dice seed go to everyone",
    "help_setup": "send your ships' designs (text, file, form)",
    "help_public": (
        "A battle (Spaceship Battles) hides nothing once\nbegun: its results are in its "
        "thread only, no DMs; `/spaceships help topic:battles`."
    ),
}


def phase_name(phase_number: int) -> str:
    """`turn 2, fire` for the game row's phase count (2k-1 movement, 2k fire of turn k)."""
    turn, phase = (phase_number + 1) // 2, "movement" if phase_number % 2 else "fire"
    return f"turn {turn}, {phase}"


def turn_name(game: GameRow, number: int) -> str:
    return phase_name(number)


def open_turn(game: GameRow) -> int:
    """The battle turn `orders N:` names now."""
    return battle_turn(game)[0] if game.phase == "playing" else max(1, (game.turn + 1) // 2)


def post_title(game: GameRow, message_kind: str, phase_number: int | None) -> str:
    """The title of a public post, which its map carries too."""
    if message_kind == "turn" and phase_number is not None:
        return f"{game.name}: {phase_name(phase_number)} resolved"
    return TITLES.get(message_kind, "{game}").format(game=game.name)


def decorate(store: Store, game: GameRow, out: Outbound, seat: str | None) -> Outbound:
    """The map of the post's moment, the same for every reader: the start, after its phase,
    or the end (the whole battle)."""
    if out.kind == "begin":
        sight = Sight("start")
    elif out.kind == "turn":
        sight = Sight("turn", out.turn)
    elif out.kind == "over":
        sight = Sight("end", seat=ALL)
    else:
        return out
    return replace(out, sights=(sight,))


def picture(store: Store, game: GameRow, sight: Sight) -> Picture | None:
    """The map of a sight, or a player's own design (set-up, or now before the start)."""
    if sight.moment == "setup" or (sight.moment == "now" and game.state is None):
        return design_picture(store, game, sight.seat) if sight.seat in ("A", "B") else None
    if sight.moment == "now":
        moment = (
            "the end"
            if game.phase == "over"
            else f"{phase_name(game.turn)} (the ships as they stand)"
        )
        return map_picture(game, None, f"{game.name}: {moment}")
    kind = {"start": "begin", "turn": "turn", "end": "over"}[sight.moment]
    cut = {"start": 0, "end": None}.get(sight.moment, sight.turn)
    return map_picture(game, cut, post_title(game, kind, sight.turn))


def _cut(record: BattleRecord, phase_number: int | None) -> BattleRecord:
    """The record up to the end of a phase (None: all of it), without the next turn's
    initiative: what the map of that phase's post shows."""
    if phase_number is None:
        return record
    turn, movement = (phase_number + 1) // 2, phase_number % 2 == 1
    kept = []
    for event in record.events:
        if event.turn > turn or (isinstance(event, Initiative) and event.turn > turn):
            break
        if movement and event.turn == turn and not isinstance(event, Initiative | Move):
            break
        kept.append(event)
    tags = tuple(t for t in record.tags if t[0] != "Result")
    return replace(record, tags=tags, events=tuple(kept))


def map_picture(game: GameRow, phase_number: int | None, title: str) -> Picture | None:
    """The public map after a phase (None: now): every ship, once the battle has begun."""
    if game.state is None:
        return None
    now = "end" if game.phase == "over" else "now"
    label = now if phase_number is None else f"phase{phase_number}"
    # No seed: the record's written dice (the seed stays secret until the end).
    record = record_of(game)
    ships = play_record(_cut(record, phase_number), open_turn=True).state.ships
    trails: dict[tuple[str, str], tuple[Hex, ...]] = {}
    if phase_number is not None and phase_number % 2 == 1:
        # A movement phase: where each ship came from, as the chess board marks last moves.
        before = play_record(_cut(record, phase_number - 1), open_turn=True).state.ships
        turn = (phase_number + 1) // 2
        moves = [e for e in record.events if isinstance(e, Move) and e.turn == turn]
        trails = movement_trails(before, moves, ships)
    png = battle_picture(title, ships, trails=trails)
    svg = battle_svg(title, ships, trails=trails)
    return Picture(f"{game.name}-{label}.png", png, title, svg)


def design_picture(store: Store, game: GameRow, seat: str) -> Picture | None:
    """A player's own design at its starting hexes: only their ships (the opponent's design
    is hidden until both are in; reading R16)."""
    fleet = store.players(game.id)[seat].fleet
    if not fleet:
        return None
    text = "\n".join(f"{seat} ship {line}" for line in fleet.splitlines())
    ships = tuple(
        ShipState.start(s.name, s.side, s.code, s.hex, s.facing)
        for s in parse_record(text + "\n").ships
    )
    home, facing = START[seat]
    title = f"{game.name}: your design (player {seat}, from {home} facing {facing})"
    return Picture(f"{game.name}-design-{seat}.png", battle_picture(title, ships), title)


def actions(game: GameRow, message_kind: str, phase: int | None) -> tuple[Action, ...]:
    """The design form at set-up; the orders form of the phase that opened with this post,
    while it is open."""
    if message_kind == "setup":
        return (Action("design", "design", "Submit design"),)
    if message_kind not in ("begin", "turn"):
        return ()
    next_phase = 1 if message_kind == "begin" else (phase or 0) + 1
    if game.phase != "playing" or game.turn != next_phase:
        return ()
    return (
        Action("phase", "orders", f"Submit orders ({phase_name(next_phase)})"[:80], next_phase),
    )


def form(game: GameRow, command: str, turn: int | None) -> Form:
    """The form for a design, or for the orders of the open phase (`turn`: the phase count)."""
    if command == "design":
        field = Field("Ships: a name and a Ship Code a line", DESIGN_EXAMPLE)
        return Form(f"Your design for {game.name}", "design", None, (field,))
    phase = game.turn if turn is None else turn
    movement = phase % 2 == 1
    field = Field(
        "Moves, a ship a line" if movement else "Volleys, in firing order",
        MOVES_EXAMPLE if movement else VOLLEYS_EXAMPLE,
    )
    return Form(f"Orders for {phase_name(phase)} of {game.name}", "orders", phase, (field,))


def command_text(command: str, text: str, turn: int) -> str:
    """A form's orders as the judge reads them: one order a ship, the lines of a form (or a
    file) joined as items."""
    words = "; ".join(" ".join(line.split()) for line in text.splitlines() if line.strip())
    body = "" if words.lower() in ("none", "pass", "-", "no actions") else words
    return body if WITH_TURN.match(body) else f"{command} {turn}: {body}"


def history_file(game: GameRow, answer: str) -> tuple[str, Attachment] | None:
    """The record so far (with the seed only once over) as a `.sbr` file when long."""
    if len(answer) <= HISTORY_LIMIT:
        return None
    head = (
        f"The record of {game.name} so far is long: it is attached "
        f"({game.name}-history.sbr; `spaceships battles play` reads it)."
    )
    body = "\n".join(line for line in answer.splitlines() if not line.startswith(">"))
    data = body.strip().encode("utf-8")
    return head, Attachment(f"{game.name}-history.sbr", "text/plain; charset=utf-8", data)


SHOW = Show(
    decorate=decorate,
    picture=picture,
    actions=actions,
    form=form,
    open_turn=open_turn,
    turn_name=turn_name,
    command_text=command_text,
    history_file=history_file,
    private_results=False,
    mail_pictures=True,
    choices=choices,
    table=table,
)
