"""The values a replay is made of: for each step of a game, per view (a side, the public, the
full reveal), the boards or pictures to show, the actions in the game's words, what changed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

# The views a replay may hold, in the order the page offers them.
REVEAL = "reveal"
PUBLIC = "public"
VIEW_ORDER = (REVEAL, "A", "B", PUBLIC)


class ReplayError(ValueError):
    """A record that cannot be replayed, or a view the reader may not have: `text` is what
    was given (a path or a view), `line` where in it, `hint` how to put it right."""

    def __init__(
        self, message: str, text: str = "", line: int | None = None, hint: str | None = None
    ) -> None:
        self.message, self.text, self.line, self.hint = message, text, line, hint
        where = f"{text}, line {line}: " if text and line else (f"{text}: " if text else "")
        super().__init__(where + message + (f" (hint: {hint})" if hint else ""))


@dataclass(frozen=True)
class GridBoard:
    """A Spaceships space as spaceships.pictures.draw lays it out: `marks` by cell ("Rv1" -> "D"),
    `changed` the cells whose mark differs from the step before."""

    title: str
    style: str
    marks: tuple[tuple[str, str], ...]
    changed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Shown:
    """What one view shows at one step: grid boards, whole pictures (PNG bytes), whole SVG
    drawings, or the layer of SVG elements drawn over the replay's `Drawing` (what this step
    puts on the board); the
    step's actions and results, one a line; `changed` says in words what changed."""

    lines: tuple[str, ...]
    boards: tuple[GridBoard, ...] = ()
    pictures: tuple[bytes, ...] = ()
    changed: tuple[str, ...] = ()
    layer: str | None = None
    drawings: tuple[str, ...] = ()  # whole SVG documents (a map framed anew each step)


@dataclass(frozen=True)
class Drawing:
    """A board the page draws once as SVG (`back`: its elements, `defs`: the shapes the
    steps' layers place), `width` x `height` in the drawing's pixels; `smallest` is the
    height in those pixels of its smallest cell name, so the page never shows it under 9 CSS
    pixels (it scrolls sideways instead)."""

    width: int
    height: int
    back: str
    defs: str
    smallest: int
    label: str = "The board"


@dataclass(frozen=True)
class Frame:
    """One step: `id` is its anchor in the page (`turn-12`), `label` what the page calls it."""

    id: str
    label: str
    views: dict[str, Shown]


@dataclass(frozen=True)
class Pieces:
    """What a game's grid boards are laid out with on the page, handed by the game (the page
    draws nothing itself): each style's key, a mark's tile, the empty grids of a colour
    order (`board`: an object with png, width, height, cells, tile_size, outlines)."""

    keys: Mapping[str, tuple[tuple[str, str], ...]]  # style -> (mark, meaning), in order
    tile: Callable[[str, str], bytes]  # (mark, style) -> PNG
    board: Callable[[str], Any]  # colour order -> the empty grids
    outline: str  # the colour of a ship's outline, "#141414"


@dataclass(frozen=True)
class Replay:
    """A whole game ready to be written: its title, the views it holds (the only ones the
    reader may see), the colour order of its grids, every step, and the record when the
    reader may have it (a finished game) for the page to offer."""

    game: str
    title: str
    views: tuple[tuple[str, str], ...]  # (key, label) in the page's order
    frames: tuple[Frame, ...]
    colour_order: str | None = None
    record: str | None = None
    record_name: str = "game.txt"
    check: str = "spaceships validate"  # the command that checks the record
    pieces: Pieces | None = None  # a game of grid boards: what they are drawn with
    drawing: Drawing | None = None  # a game of SVG layers: the board they are drawn over
    smallest_text: int = 12  # the pictures' smallest cell name, in their pixels
    ended: str | None = None  # how the game ended when not by the last turn's play
