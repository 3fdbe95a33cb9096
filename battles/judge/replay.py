"""The frames of a Spaceship Battles record: the map after each phase as battles.pictures
draws it (SVG) (the same for everyone: a battle is open information, reading R16), the phase's
events as the record writes them, and which ships moved, lost systems or were destroyed."""

from __future__ import annotations

from collections.abc import Sequence

from battles.engine.play import play_record
from battles.engine.setup import result_text, start_state
from battles.engine.state import ShipState
from battles.pictures import SMALLEST_TEXT, battle_svg
from battles.pictures.trails import movement_trails
from notation.battles.parse import parse_record
from notation.battles.records import BattleRecord, Initiative, Move
from notation.errors import NotationError, NotationErrors
from pbem.replay.frames import PUBLIC, Frame, Replay, ReplayError, Shown
from pbem.replay.making import file_name, unreadable


def _phase(event: object) -> str:
    return "movement" if isinstance(event, Initiative | Move) else "fire"


def _changes(
    before: dict[tuple[str, str], ShipState], ships: tuple[ShipState, ...]
) -> tuple[str, ...]:
    said = []
    for ship in ships:
        old = before.get((ship.side, ship.name))
        if old is None:
            continue
        if ship.destroyed and not old.destroyed:
            said.append(f"{ship.name} ({ship.side}) is destroyed")
            continue
        if (ship.hex, ship.facing) != (old.hex, old.facing):
            said.append(f"{ship.name} ({ship.side}) moved to {ship.hex} {ship.facing}")
        lost = sum(ship.crossed) - sum(old.crossed)
        if lost > 0:
            said.append(f"{ship.name} ({ship.side}) lost {lost} system{'s' * (lost > 1)}")
    return tuple(said)


def battle_frames(record: BattleRecord, path: str) -> tuple[list[Frame], bool, str | None]:
    """One frame for the start and one per phase played; whether the battle is over; how it
    ended when not by the last phase's play (a resignation, a deadline: the record's
    `[Result]` gives the reason, reading R12), in words."""
    played = play_record(record)
    if played.problems:
        text = "; ".join(str(p) for p in played.problems[:5])
        raise ReplayError(
            f"the record cannot be played: {text}",
            path,
            hint=f"`spaceships battles play {path}` lists every problem with its rule",
        )
    title = record.tag("Event") or record.tag("Game") or "Spaceship Battles"
    start, _ = start_state(record)
    steps: list[tuple[str, str, list[str], tuple[ShipState, ...]]] = [
        ("setup", "Setup", ["The ships at their starting hexes."], start.ships)
    ]
    moved: dict[str, list[Move]] = {}  # each movement phase's moves, for its map's trails
    for event, state in zip(played.events, played.states, strict=True):
        key = f"turn-{event.turn}-{_phase(event)}"
        if isinstance(event, Move):
            moved.setdefault(key, []).append(event)
        if steps[-1][0] != key:
            steps.append((key, f"Turn {event.turn}, {_phase(event)}", [], state.ships))
        steps[-1][2].append(str(event))
        steps[-1] = (*steps[-1][:3], state.ships)
    frames = []
    before = {(s.side, s.name): s for s in start.ships}
    over = played.state.over
    ended = None
    if over and played.state.ended is not None:
        ended = f"The battle ended off the map, not by the last phase's play: {played.state.ended}."
    for i, (key, label, lines, ships) in enumerate(steps):
        end = []
        if over and i == len(steps) - 1:
            end = [ended or f"The battle is over: {result_text(played.state)}."]
        changed = _changes(before, ships)
        # The changes under the map too, so the picture alone says what this phase did.
        # SVG, sharp at any width: the map is framed anew each phase, so each step is whole
        # (bench/replay_pages.py: a tenth of the time of the PNGs, about their bytes).
        notes = [f"* {c}" for c in changed]
        trails = movement_trails(list(before.values()), moved[key], ships) if key in moved else {}
        drawing = battle_svg(f"{title}: {label.lower()}", ships, notes, inline=True, trails=trails)
        before = {(s.side, s.name): s for s in ships}
        shown = Shown((*lines, *end), changed=changed, drawings=(drawing,))
        frames.append(Frame(key, label, {PUBLIC: shown}))
    return frames, over, ended


def replay_record(text: str, views: Sequence[str] | None, path: str) -> Replay:
    """A battle record's replay; `views` makes no difference: every side sees the same map
    (open information, R16)."""
    try:
        record = parse_record(text)
    except (NotationError, NotationErrors) as exc:
        raise unreadable(exc, path) from None
    frames, over, ended = battle_frames(record, path)
    title = record.tag("Event") or record.tag("Game") or "Spaceship Battles"
    return Replay(
        "battles",
        title,
        ((PUBLIC, "Everyone (a battle is open information)"),),
        tuple(frames),
        None,
        text if over and views is None else None,
        file_name(path, "battle.sbr"),
        "spaceships battles play",
        smallest_text=SMALLEST_TEXT,
        ended=ended,
    )
