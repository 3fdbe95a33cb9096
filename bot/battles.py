"""Spaceship Battles in Discord: what differs from Spaceships in the bot's posts, pictures,
buttons and forms. The commands themselves go through the judge core as for Spaceships.

A battle is open information once it has begun (reading R16): every phase's result, with its
dice and the systems crossed out, is the same for both players and onlookers, so it is posted
once in the game's thread with a map, pinging the players (no direct messages). Before the
start a player sees only their own design; pending orders and the dice seed are never shown
(reading R13, R14). Pictures are drawn from the record's written dice, never from the seed.
"""

from __future__ import annotations

from dataclasses import replace

from battles.judge.rows import START, battle_turn, is_battle, record_of
from battles.parse import parse_record
from battles.pictures import battle_picture
from battles.play import play_record
from battles.records import BattleRecord, Initiative, Move
from battles.state import ShipState
from bot.posts import Post, results_posts
from bot.service import user_id_of
from pbem.store import GameRow, Store

__all__ = [
    "DESIGN_EXAMPLE",
    "MOVES_EXAMPLE",
    "VOLLEYS_EXAMPLE",
    "design_picture",
    "is_battle",
    "map_picture",
    "orders_turn",
    "phase_name",
    "thread_posts",
]

DESIGN_EXAMPLE = "Lancer E-SAI(Gf)I(Xf)IIV\nKite E-AI(Mf)(Gf)IIID at 1,7 N"
MOVES_EXAMPLE = "Lancer FFRF; Kite stay   (a ship left out stays)"
VOLLEYS_EXAMPLE = "Lancer > Raider; Kite > Raider (Mf); tractor Kite > Raider"


def phase_name(phase_number: int) -> str:
    """`turn 2, fire` for the game row's phase count (2k-1 movement, 2k fire of turn k)."""
    turn, phase = (phase_number + 1) // 2, "movement" if phase_number % 2 else "fire"
    return f"turn {turn}, {phase}"


def orders_turn(game: GameRow) -> int:
    """The battle turn `orders N:` names now."""
    return battle_turn(game)[0] if game.phase == "playing" else max(1, (game.turn + 1) // 2)


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


def _ships_after(game: GameRow, phase_number: int | None) -> tuple[ShipState, ...]:
    # No seed: the record's written dice (the seed stays secret until the end).
    record = _cut(record_of(game), phase_number)
    return play_record(record, open_turn=True).state.ships


def map_picture(game: GameRow, phase_number: int | None, title: str) -> tuple[str, bytes] | None:
    """The public map after a phase (None: now): every ship, once the battle has begun."""
    if game.state is None:
        return None
    now = "end" if game.phase == "over" else "now"
    label = now if phase_number is None else f"phase{phase_number}"
    ships = _ships_after(game, phase_number)
    return f"{game.name}-{label}.png", battle_picture(title, ships)


def design_picture(store: Store, game: GameRow, seat: str) -> tuple[str, bytes] | None:
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
    return f"{game.name}-design-{seat}.png", battle_picture(title, ships)


TITLES = {"begin": "{game}: the battle begins", "over": "{game}: the battle is over"}


def thread_posts(store: Store, game: GameRow, message: dict[str, object]) -> list[Post]:
    """A battle's public message (begin, a phase resolved, the end) for its thread: embeds
    with the judge's text and the map; the players pinged when their orders are wanted next;
    the record attached at the end."""
    kind = str(message.get("kind") or "")
    number = message.get("turn")
    phase_number = number if isinstance(number, int) else None
    if kind == "turn" and phase_number is not None:
        title = f"{game.name}: {phase_name(phase_number)} resolved"
    else:
        title = TITLES.get(kind, "{game}").format(game=game.name)
    # The map as the post's moment left it: the start, after its phase, or the end.
    cut = {"begin": 0, "over": None}.get(kind, phase_number)
    picture = map_picture(game, cut, title)
    posts = results_posts(game, message, picture, title)
    mentions = " ".join(
        f"<@{user_id}>"
        for p in sorted(store.players(game.id).values(), key=lambda p: p.seat)
        if (user_id := user_id_of(p.address)) is not None
    )
    next_phase = 1 if kind == "begin" else (phase_number or 0) + 1
    if kind == "over":
        said = "the battle is over; the record with the dice seed is below."
        posts[0].content = f"{mentions}: {said}"
    elif game.phase == "playing" and game.turn == next_phase:
        posts[0].content = (
            f"{mentions}: {phase_name(next_phase)} is open; send your orders with the button "
            "below or `/spaceships orders`."
        )
    return posts
