"""Draw spaces as PNG pictures: the five 5x5 grids of 11.3 side by side, one board under another.

A board is a mapping from cells to the one-character marks the text grids use
(spaceships.engine.views: LEGEND_OWN, LEGEND_ENEMY; notation.spaceships.format.grid_marks for
fleets). Every kind of mark has its own shape as well as its own colour, and ship cells carry their
type letter, so nothing is told by colour alone (colour-blind players read the shapes and letters).
The colours are the Okabe-Ito palette, chosen to stay apart for the common kinds of colour
blindness. The pictures are wide enough to read on a phone with one tap to zoom, and deterministic:
the same boards give the same bytes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from PIL import Image, ImageDraw

from notation.ink import EMPTY, GRID, INK, PAPER, font
from notation.png import palette_png
from notation.spaceships.cells import COLOUR_ORDERS, LETTERS, NUMBERS, Cell

# own: a player's own space; enemy: the opponent's as known; public: a space as both players
# know it (the marks of "enemy"); fleet: a fleet at setup, every mark a ship; reveal: a space
# at the end, drawn as its owner's but read by everyone.
Style = Literal["own", "enemy", "public", "fleet", "reveal"]
_font = font  # the name used where a function has a local called font

KNOWN_STYLES = ("enemy", "public")

CELL = 44  # pixels a cell, square
GAP = 26  # between two colour grids
ROW_LABEL = 20  # the numbers 1-5 left of each grid
MARGIN = 18
TITLE = 40
COLOUR_HEADER = 40
LETTER_HEADER = 26
KEY_ROW = 34

# Okabe-Ito colours, as RGB (the neutrals INK, PAPER, GRID, FAINT, EMPTY are notation.ink's).
SHIP = (86, 180, 233)  # sky blue
SHIP_KNOWN = (0, 114, 178)  # blue
HIT = (213, 94, 0)  # vermillion
FIRED = (230, 159, 0)  # orange

# The five colours of space [11.4.1]: a swatch, its letter and its name label each grid.
COLOUR_SWATCHES = {
    "R": ((204, 0, 0), "Red"),
    "O": ((255, 140, 0), "Orange"),
    "Y": ((240, 228, 66), "Yellow"),
    "G": ((0, 158, 115), "Green"),
    "B": ((0, 90, 200), "Blue"),
}


@dataclass(frozen=True)
class Board:
    """One space to draw: a title over it, the marks of its cells, and how to read them."""

    title: str
    marks: Mapping[Cell, str]
    style: Style = "own"
    key: Sequence[tuple[str, str]] = field(default=())  # extra (mark, meaning), e.g. fleets
    # Own space only: what the opponent knows of each cell (the marks of "enemy"), drawn over
    # the owner's marks: hatched where they know a ship, dark where they know its type.
    known: Mapping[Cell, str] | None = None
    # Which ship each cell belongs to (`KC1`), where the reader may know it: a line around
    # each ship, and its identity number, so two touching ships of one type stand apart.
    ships: Mapping[Cell, str] = field(default_factory=dict)


def kind_of(mark: str, style: Style) -> str:
    """What a mark means: ship, known (a ship cell of unknown type, undamaged when last seen),
    destroyed, fired (a missile that left), empty (no ship there), or blank."""
    if mark == ".":
        return "blank"
    if style == "fleet":
        return "ship"
    if mark == "o":
        return "empty"
    if mark == "*":
        return "fired"
    if mark == "#":
        return "known"
    if mark == "x" or mark.islower():
        return "destroyed"
    return "ship"


def _grid_width() -> int:
    return ROW_LABEL + 5 * CELL


def picture_size(boards: int, key_rows: int) -> tuple[int, int]:
    width = 2 * MARGIN + 5 * _grid_width() + 4 * GAP
    board_height = TITLE + COLOUR_HEADER + LETTER_HEADER + 5 * CELL + MARGIN
    return width, MARGIN + boards * board_height + key_rows * KEY_ROW + MARGIN


def draw_cell(
    draw: ImageDraw.ImageDraw, x: int, y: int, mark: str, style: Style, known: str = "."
) -> None:
    """One cell with its top left corner at (x, y); `known` is what the opponent knows of an
    own cell (a mark of "enemy"; "." nothing)."""
    inset = 4
    box = (x + inset, y + inset, x + CELL - inset, y + CELL - inset)
    if mark == "." and known == "o":
        mark = "o"  # the opponent found it empty (a scan): drawn as their miss is
    kind = kind_of(mark, style)
    letter = "" if mark in ".o*#x" else mark
    font = _font(20, bold=True)
    middle = (x + CELL // 2, y + CELL // 2)
    if kind == "ship":
        # Dark where the reader knows the ship's type only from what they were told (the
        # enemy's space), or where the opponent knows the type of this own ship.
        dark = style in KNOWN_STYLES or (known.isupper() and known != "#")
        draw.rounded_rectangle(box, radius=6, fill=SHIP_KNOWN if dark else SHIP)
        if known == "#":
            # The opponent knows a ship is here, not its type: hatched as on their board.
            _hatch(draw, box, SHIP_KNOWN)
            draw.rounded_rectangle(
                (middle[0] - 10, middle[1] - 11, middle[0] + 10, middle[1] + 11),
                radius=4,
                fill=SHIP,
            )
        draw.text(middle, letter, fill=PAPER if dark else INK, font=font, anchor="mm")
    elif kind == "known":
        # Hatched: a ship is there, its type unknown, undamaged when last seen.
        draw.rectangle(box, outline=SHIP_KNOWN, width=3)
        _hatch(draw, box, SHIP_KNOWN)
    elif kind == "destroyed":
        # A cross over the cell: destroyed, with the ship's letter where it is known. The
        # letter is the type's capital (TYPE_MARKS): the cross says destroyed, and a small
        # `l` (light scout) would read as `I` in the pictures' font.
        letter = letter.upper()
        draw.rectangle(box, fill=(250, 225, 205), outline=HIT, width=2)
        draw.line((box[0], box[1], box[2], box[3]), fill=HIT, width=4)
        draw.line((box[0], box[3], box[2], box[1]), fill=HIT, width=4)
        if letter:
            # Dark behind the letter where the opponent knows the destroyed ship's type (its
            # destruction was reported); light where they know only that the cell is hit.
            dark = known.isalpha() and known not in "xo"
            draw.rounded_rectangle(
                (middle[0] - 10, middle[1] - 11, middle[0] + 10, middle[1] + 11),
                radius=4,
                fill=SHIP_KNOWN if dark else PAPER,
            )
            draw.text(middle, letter, fill=PAPER if dark else INK, font=font, anchor="mm")
    elif kind == "fired":
        # A star: the missile that stood here has been launched.
        draw.rectangle(box, outline=FIRED, width=2)
        draw.polygon(_star(middle, 14, 6), fill=FIRED, outline=INK)
    elif kind == "empty":
        # A ring: known to be empty space (a miss, an empty scan).
        r = 7
        draw.ellipse(
            (middle[0] - r, middle[1] - r, middle[0] + r, middle[1] + r), outline=EMPTY, width=3
        )


def _hatch(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], fill: tuple[int, int, int]
) -> None:
    """Diagonal lines across the box, top edge to left edge."""
    for k in range(0, 2 * (box[2] - box[0]), 8):
        x0, y0 = box[0] + k, box[1]
        x1, y1 = box[0], box[1] + k
        draw.line(_clip_line(x0, y0, x1, y1, box), fill=fill, width=2)


def _clip_line(
    x0: int, y0: int, x1: int, y1: int, box: tuple[int, int, int, int]
) -> tuple[int, int, int, int]:
    """A hatch line from the top edge to the left edge, kept inside the box."""
    left, top, right, bottom = box
    if x0 > right:
        y0 += x0 - right
        x0 = right
    if y1 > bottom:
        x1 += y1 - bottom
        y1 = bottom
    return x0, y0, x1, y1


def _star(centre: tuple[int, int], outer: int, inner: int) -> list[tuple[float, float]]:
    import math

    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 2 + i * math.pi / 5
        points.append((centre[0] + radius * math.cos(angle), centre[1] - radius * math.sin(angle)))
    return points


def _pen(image: Image.Image) -> ImageDraw.ImageDraw:
    """A drawing on `image` whose words are not anti-aliased: a few exact inks, so the picture
    goes as a small palette PNG (notation.png), as the other games' do (issue 47, item 13)."""
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"
    return draw


@cache
def _tile(mark: str, style: Style, known: str = ".") -> Image.Image:
    """One cell, outline included, drawn once and pasted wherever it recurs."""
    tile = Image.new("RGB", (CELL + 1, CELL + 1), PAPER)
    draw = _pen(tile)
    draw.rectangle((0, 0, CELL, CELL), fill=PAPER, outline=GRID)
    draw_cell(draw, 0, 0, mark, style, known)
    return tile


def _grid_lefts(colour_order: str) -> list[int]:
    """Where each colour's grid of cells begins, left to right."""
    return [MARGIN + g * (_grid_width() + GAP) + ROW_LABEL for g in range(len(colour_order))]


@cache
def _grids_template(colour_order: str) -> Image.Image:
    """The five empty grids under their colour labels, letters and numbers: the same in every
    picture of a colour order, so drawn once."""
    width, _ = picture_size(1, 0)
    image = Image.new("RGB", (width, COLOUR_HEADER + LETTER_HEADER + 5 * CELL + 1), PAPER)
    draw = _pen(image)
    y_letters = COLOUR_HEADER
    y_cells = y_letters + LETTER_HEADER
    blank = _tile(".", "own")
    for colour, cells_left in zip(colour_order, _grid_lefts(colour_order), strict=True):
        swatch, name = COLOUR_SWATCHES[colour]
        # The colour's letter in a swatch of its colour, and its name: never colour alone.
        draw.rounded_rectangle(
            (cells_left, 4, cells_left + 30, 34), radius=5, fill=swatch, outline=INK
        )
        text_fill = PAPER if colour in "RGB" else INK
        draw.text((cells_left + 15, 19), colour, fill=text_fill, font=_font(20, True), anchor="mm")
        draw.text((cells_left + 38, 8), name, fill=INK, font=_font(20))
        for i, letter in enumerate(LETTERS):
            x = cells_left + i * CELL + CELL // 2
            draw.text(
                (x, y_letters + LETTER_HEADER // 2), letter, fill=INK, font=_font(18), anchor="mm"
            )
        for j, number in enumerate(NUMBERS):
            y = y_cells + j * CELL
            draw.text(
                (cells_left - ROW_LABEL // 2, y + CELL // 2),
                str(number),
                fill=INK,
                font=_font(16),
                anchor="mm",
            )
            for i in range(len(LETTERS)):
                image.paste(blank, (cells_left + i * CELL, y))
    return image


def _draw_board(
    image: Image.Image, draw: ImageDraw.ImageDraw, top: int, board: Board, colour_order: str
) -> None:
    draw.text((MARGIN, top + 8), board.title, fill=INK, font=_font(24, bold=True))
    y_cells = top + TITLE + COLOUR_HEADER + LETTER_HEADER
    image.paste(_grids_template(colour_order), (0, top + TITLE))
    known = board.known or {}
    for colour, cells_left in zip(colour_order, _grid_lefts(colour_order), strict=True):
        for j, number in enumerate(NUMBERS):
            for i, letter in enumerate(LETTERS):
                cell = Cell(colour, letter, number)
                mark, told = board.marks.get(cell, "."), known.get(cell, ".")
                if mark != "." or told != ".":
                    tile = _tile(mark, board.style, told)
                    image.paste(tile, (cells_left + i * CELL, y_cells + j * CELL))
        _outline_ships(draw, board.ships, colour, cells_left, y_cells)
        draw.rectangle(
            (cells_left, y_cells, cells_left + 5 * CELL, y_cells + 5 * CELL), outline=INK, width=2
        )


def _outline_ships(
    draw: ImageDraw.ImageDraw, ships: Mapping[Cell, str], colour: str, left: int, top: int
) -> None:
    """A line around each ship within one colour's grid, and a ship's identity number in the
    corner of its cells (`KC4`: 4), so touching ships of one type are told apart."""
    for j, number in enumerate(NUMBERS):
        for i, letter in enumerate(LETTERS):
            name = ships.get(Cell(colour, letter, number))
            if name is None:
                continue
            x0, y0 = left + i * CELL, top + j * CELL
            x1, y1 = x0 + CELL, y0 + CELL
            sides = (
                ((x0, y0, x0, y1), i - 1, j),
                ((x1, y0, x1, y1), i + 1, j),
                ((x0, y0, x1, y0), i, j - 1),
                ((x0, y1, x1, y1), i, j + 1),
            )
            for line, ni, nj in sides:
                inside = 0 <= ni < 5 and 0 <= nj < 5
                if not inside or ships.get(Cell(colour, LETTERS[ni], NUMBERS[nj])) != name:
                    draw.line(line, fill=INK, width=3)
            identity = name[2:]
            if identity:
                at, number_font = (x1 - 4, y1 - 3), _font(12, True)
                backing = draw.textbbox(at, identity, font=number_font, anchor="rd")
                draw.rectangle(
                    (backing[0] - 1, backing[1] - 1, backing[2] + 1, backing[3] + 1), fill=PAPER
                )
                draw.text(at, identity, fill=INK, font=number_font, anchor="rd")


# Sample marks and what they mean, drawn under the boards with the same shapes: each entry
# is (mark, what the opponent knows of the cell, meaning).
KeyEntry = tuple[str, str, str]
KEYS: dict[Style, tuple[KeyEntry, ...]] = {
    "own": (
        ("D", ".", "your ship (type letter)"),
        ("d", ".", "destroyed"),
        ("*", ".", "missile launched"),
        ("o", ".", "enemy shot here: empty"),
    ),
    "enemy": (
        ("#", ".", "ship, undamaged when seen"),
        ("x", ".", "destroyed"),
        ("K", ".", "ship of known type"),
        ("o", ".", "empty space"),
    ),
    "public": (
        ("#", ".", "ship, undamaged when seen"),
        ("x", ".", "destroyed"),
        ("K", ".", "ship of known type"),
        ("o", ".", "empty space"),
    ),
    "reveal": (
        ("D", ".", "ship (type letter)"),
        ("d", ".", "destroyed"),
        ("*", ".", "missile launched"),
        ("o", ".", "strike on empty space"),
    ),
    "fleet": (),
}
# What the opponent knows of a player's own ships, under that player's own space (they know
# every destroyed cell is hit: a destroyed cell with a light letter is just that).
KNOWN_KEY: tuple[KeyEntry, ...] = (
    ("D", "#", "a ship is here"),
    ("D", "D", "its type"),
    ("d", "d", "the destroyed ship's type"),
    (".", "o", "empty space"),
)
LABELS = {
    "own": "Own space:",
    "enemy": "Enemy space:",
    "public": "Known:",
    "fleet": "Ships:",
    "reveal": "Spaces:",
    "known": "Enemy knows:",
}
KeyRow = tuple[str, Style, tuple[KeyEntry, ...]]  # label, style of the sample cells, entries


def key_rows(boards: Sequence[Board]) -> list[KeyRow]:
    rows: list[KeyRow] = []
    seen: set[str] = set()
    for board in boards:
        if board.style not in seen and KEYS[board.style]:
            seen.add(board.style)
            rows.append((LABELS[board.style], board.style, KEYS[board.style]))
        if board.known is not None and "known" not in seen:
            seen.add("known")
            rows.append((LABELS["known"], board.style, KNOWN_KEY))
        if board.key:
            rows.append((LABELS["fleet"], "fleet", tuple((m, ".", t) for m, t in board.key)))
    return rows


def _draw_key(draw: ImageDraw.ImageDraw, top: int, row: KeyRow) -> None:
    label, style, entries = row
    x = MARGIN
    draw.text((x, top + KEY_ROW // 2), label, fill=INK, font=_font(18, True), anchor="lm")
    x += 150
    for mark, known, meaning in entries:
        scale_top = top + (KEY_ROW - CELL) // 2
        draw_cell(draw, x, scale_top, mark, style, known)
        x += CELL + 4
        draw.text((x, top + KEY_ROW // 2), meaning, fill=INK, font=_font(18), anchor="lm")
        x += int(draw.textlength(meaning, font=_font(18))) + 26


def draw_boards(boards: Sequence[Board], colour_order: str = "ROYGB") -> bytes:
    """The boards one under another, with a key of the marks under them, as PNG bytes."""
    if colour_order not in COLOUR_ORDERS:
        raise ValueError(f"colour order must be one of {', '.join(COLOUR_ORDERS)}")
    if not boards:
        raise ValueError("nothing to draw: no boards")
    rows = key_rows(boards)
    width, height = picture_size(len(boards), len(rows))
    image = Image.new("RGB", (width, height), PAPER)
    draw = _pen(image)
    _, board_height = picture_size(1, 0)
    board_height -= 2 * MARGIN
    top = MARGIN
    for board in boards:
        _draw_board(image, draw, top, board, colour_order)
        top += board_height
    for row in rows:
        _draw_key(draw, top, row)
        top += KEY_ROW
    return palette_png(image)


# -- the pieces a page lays out itself (spaceships.pictures.parts)
# ---------------------------------------
def tile(mark: str, style: Style) -> Image.Image:
    """One cell as draw_boards pastes it, outline included."""
    return _tile(mark, style)


def grids_template(colour_order: str) -> Image.Image:
    """The five empty grids of a colour order as draw_boards pastes them under a title."""
    return _grids_template(colour_order)


def grid_lefts(colour_order: str) -> list[int]:
    """Where each colour's grid of cells begins in grids_template, left to right."""
    return _grid_lefts(colour_order)
