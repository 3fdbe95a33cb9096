"""A Space Chess record as a replay page's steps (`spaceships replay game.scr -o game.html`,
the club page): the board after every turn as spacechess.pictures draws it, last turn marked,
the same for every reader (nothing is hidden, SC1-SC12), and each turn's events in words."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath

from notation.errors import NotationError, NotationErrors
from notation.spacechess.pieces import SIDE_NAMES
from notation.spacechess.record import Record
from pbem.replay.frames import PUBLIC, Frame, Replay, ReplayError, Shown
from spacechess.engine.check import replay as check_replay
from spacechess.engine.check import result_text
from spacechess.engine.events import Event
from spacechess.engine.game import Game
from spacechess.engine.position import Position
from spacechess.pictures import board_picture

__all__ = ["RECORD_SUFFIX", "chess_replay"]

RECORD_SUFFIX = ".scr"


def chess_replay(text: str, views: Sequence[str] | None, path: str) -> Replay:
    """Every turn's board for every reader; the record offered once the game is over."""
    try:
        record = Record.parse(text)
    except (NotationError, NotationErrors) as exc:
        first = exc.errors[0] if isinstance(exc, NotationErrors) else exc
        raise ReplayError(
            f"the record cannot be read: {first.message}",
            path,
            first.line,
            hint=first.hint or f"`spaceships chess check {path}` lists the problem",
        ) from None
    played = check_replay(record)
    if played.problem is not None:
        raise ReplayError(
            f"the record cannot be played: {played.problem.message}",
            path,
            played.problem.line,
            hint=f"`spaceships chess check {path}` shows it with its rule",
        )
    tags = record.tags
    title = tags.get("Event") or tags.get("Game") or "Space Chess"
    title += (
        f": {tags.get('Terrans', 'Terrans')} (Terrans) v {tags.get('Aliens', 'Aliens')} (Aliens)"
    )
    frames = [_frame("start", "Start", title, Game().position, (), ("The fleets at their start.",))]
    # Over by the rules, or off the board (a resignation, a draw agreed: its Result tag).
    result = tags.get("Result", "*")
    if played.position is not None and played.position.result is not None:
        result = result_text(played.position)
    over = result != "*"
    for turn in record.turns:
        steps = [s for s in played.steps if s.turn == turn.number]
        if not steps:
            continue
        events = tuple(e for s in steps for e in s.events)
        lines = [f"{SIDE_NAMES[turn.side]}: {' '.join(str(a) for a in turn.actions)}"]
        lines += [str(e) for e in events]
        if over and turn is record.turns[-1]:
            lines.append(f"The game is over: {result}.")
        number = turn.number
        frames.append(
            _frame(f"turn-{number}", f"Turn {number}", title, steps[-1].position, events, lines)
        )
    name = PurePath(path).name
    return Replay(
        "spacechess",
        title,
        ((PUBLIC, "Everyone (Space Chess hides nothing)"),),
        tuple(frames),
        None,
        text if over and views is None else None,
        name if name.endswith(RECORD_SUFFIX) else "game.scr",
        "spaceships chess check",
    )


def _frame(
    key: str,
    label: str,
    title: str,
    position: Position,
    events: tuple[Event, ...],
    lines: Sequence[str],
) -> Frame:
    png = board_picture(position, f"{title}: {label.lower()}", events)
    return Frame(key, label, {PUBLIC: Shown(tuple(lines), (), (png,))})
