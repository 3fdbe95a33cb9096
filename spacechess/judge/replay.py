"""A Space Chess record as a replay page's steps (`spaceships replay game.scr -o game.html`,
the club page): the board after every turn as spacechess.pictures draws it (as SVG: the
board once, each turn a layer of what stands where), last turn marked,
the same for every reader (nothing is hidden, SC1-SC12), and each turn's events in words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import PurePath

from notation.errors import NotationError, NotationErrors
from notation.spacechess.pieces import SIDE_NAMES
from notation.spacechess.record import Record
from notation.vector import VectorDraw
from pbem.replay.frames import PUBLIC, Drawing, Frame, Replay, ReplayError, Shown
from spacechess.engine.check import replay as check_replay
from spacechess.engine.check import result_text
from spacechess.engine.events import Event
from spacechess.engine.game import Game
from spacechess.engine.position import Position
from spacechess.pictures import Scene
from spacechess.pictures.picture import SMALLEST_NAME, canvas_size, draw_board, draw_step
from spacechess.pictures.scenes import position_scene

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
    # Over by the rules, or off the board (a resignation, a draw agreed, a deadline: its
    # Result and Termination tags), which the page and the last picture say in words.
    result = tags.get("Result", "*")
    ended = None
    if played.position is not None and played.position.result is not None:
        result = result_text(played.position)
    elif result != "*":
        how = TERMINATIONS.get(tags.get("Termination", "").lower(), "off the board")
        ended = f"The game ended {how}, not by the last turn's play: {result}."
    over = result != "*"
    defs: dict[str, str] = {}
    painter = _Painter(title, defs)
    frames = [painter.frame("start", "Start", Game().position, (), ("The fleets at their start.",))]
    for turn in record.turns:
        steps = [s for s in played.steps if s.turn == turn.number]
        if not steps:
            continue
        events = tuple(e for s in steps for e in s.events)
        lines = [f"{SIDE_NAMES[turn.side]}: {' '.join(str(a) for a in turn.actions)}"]
        lines += [str(e) for e in events]
        last = over and turn is record.turns[-1]
        if last:
            lines.append(ended or f"The game is over: {result}.")
        number = turn.number
        outcome = (ended or "") if last else ""
        frames.append(
            painter.frame(
                f"turn-{number}", f"Turn {number}", steps[-1].position, events, lines, outcome
            )
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
        drawing=painter.drawing(),
        ended=ended,
    )


# How a record's Termination tag says a game ended off the board, in the page's words.
TERMINATIONS = {
    "resignation": "by resignation",
    "agreement": "in a draw agreed",
    "abandoned": "when a deadline passed",
    "deadline": "when a deadline passed",
    "time forfeit": "when a deadline passed",
}


class _Painter:
    """Draws the board once (every cell empty and named, the key) and each step as an SVG
    layer over it (title, marks, pieces), from the drawing the PNGs come from; the layers'
    shapes are kept once in `defs`."""

    def __init__(self, title: str, defs: dict[str, str]) -> None:
        self.title, self.defs = title, defs

    def scene(self, position: Position, label: str, events: Sequence[Event], outcome: str) -> Scene:
        scene = position_scene(position, f"{self.title}: {label.lower()}", events, outcome)
        # Every step keeps the outcome's line, so the layers all fit one board.
        return replace(scene, outcome=scene.outcome or " ")

    def frame(
        self,
        key: str,
        label: str,
        position: Position,
        events: tuple[Event, ...],
        lines: Sequence[str],
        outcome: str = "",
    ) -> Frame:
        draw = VectorDraw(self.defs)
        draw_step(draw, self.scene(position, label, events, outcome), cover=True)
        return Frame(key, label, {PUBLIC: Shown(tuple(lines), layer=draw.body())})

    def drawing(self) -> Drawing:
        draw = VectorDraw(self.defs)
        empty = Scene("", sides=SIDE_NAMES, outcome=" ")
        draw_board(draw, empty)
        width, height = canvas_size(empty)
        return Drawing(
            width,
            height,
            draw.body(),
            draw.defs_text(),
            SMALLEST_NAME,
            "The board: the strip and the two hemispheres",
        )
