"""Draw a Spaceship Battles map as a PNG: the hexes around the ships, each with its
coordinates, each ship with its side, name and facing (ships in one hex side by side),
destroyed ships crossed out, each ship's code with its crossed-out systems under the map, and
a key to every mark.

The caller passes only the ships its reader may see (before the start, a player's own design;
after it, every ship: a battle is open information, reading R16). Flat-topped axial hexes as
the notation writes them (`q,r`, reading R1): N is up the page. Sides differ by shape as well
as colour (A a circle, B a square: colour is never the only cue), in the Okabe-Ito palette.
Sized to be read on a phone (Discord shows a picture about 400 pixels wide there): the map is
cropped to the ships and one hex around them (empty rows and columns between far-apart fleets
left out, a grey band saying how many), its hexes as large as a width and height allow,
and no text smaller than 12 pixels at full size. The same ships give the same bytes (Pillow's
embedded font, no timestamps in the PNG).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from battles.engine.state import ShipState
from notation.battles.hexes import STEPS, Hex
from notation.ink import EMPTY, FAINT, GRID, INK, PAPER, font
from notation.labels import Box, choose_boxes

SIDE_COLOURS = {"A": (0, 114, 178), "B": (213, 94, 0)}  # blue, vermillion
SIDE_SHAPES = {"A": "circle", "B": "square"}
COORDINATES = (105, 105, 105)  # a hex's q,r: dark enough to read, lighter than the ink
MARGIN = 16
TITLE = 40
LINE = 24
AROUND = 1  # hexes shown beyond the outermost ships
# The most room the hexes take, in pixels, and the least and most a hex's size (centre to
# corner): a map of a few hexes gets large ones, a spread-out one smaller, never unreadable.
MAP_WIDTH = 720
MAP_HEIGHT = 720
SMALLEST_HEX = 22.0
LARGEST_HEX = 46.0
MIN_WIDTH = 480  # the picture's: the ships' lines and the key need it
MAX_WIDTH = 1400
# The most the map frames, in columns (q) and rows: ships beyond it (one that ran away) are
# shown at the frame's edge with an arrow and where they are, so the picture stays bounded.
FRAME_COLUMNS = 22
FRAME_ROWS = 16
ROOT3 = math.sqrt(3)

__all__ = ["battle_picture"]


def _centre(hex_: Hex, size: float) -> tuple[float, float]:
    """Flat-topped axial to pixels: q across, r down the page (N is r-1, reading R1)."""
    return size * 1.5 * hex_.q, size * ROOT3 * (hex_.r + hex_.q / 2)


def _corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    return [
        (x + size * math.cos(math.radians(60 * k)), y + size * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


def _row(hex_: Hex) -> float:
    return hex_.r + hex_.q / 2


def _frame(ships: Sequence[ShipState]) -> tuple[list[ShipState], list[ShipState]]:
    """The ships the map frames and those beyond it. All of them when they fit in
    FRAME_COLUMNS x FRAME_ROWS (rows counted as drawn: empty rows between fleets are left
    out); otherwise the frame that holds the most ships still standing (then the most
    ships), the first such from the top left."""

    def inside(ship: ShipState, q: int, y: float) -> bool:
        return q <= ship.hex.q <= q + FRAME_COLUMNS and y <= _row(ship.hex) <= y + FRAME_ROWS

    qs = [s.hex.q for s in ships]
    ys = [_row(s.hex) for s in ships]
    if not ships:
        return [], []
    drawn = max(ys) - min(ys) - sum(b - a - 1 - BREAK for a, b in _cuts(ships))
    across = max(qs) - min(qs) - sum(b - a - 1 - BREAK for a, b in _column_cuts(ships))
    if across <= FRAME_COLUMNS and drawn <= FRAME_ROWS:
        return list(ships), []
    best = max(
        ((q, y) for q in sorted(set(qs)) for y in sorted(set(ys))),
        key=lambda c: (
            sum(inside(s, *c) for s in ships if not s.destroyed),
            sum(inside(s, *c) for s in ships),
            -c[1],
            -c[0],
        ),
    )
    return [s for s in ships if inside(s, *best)], [s for s in ships if not inside(s, *best)]


def _title_lines(draw: ImageDraw.ImageDraw, title: str, width: float) -> list[str]:
    """The title in lines that fit `width`, at most two; the rest shortened with `...`."""
    face = font(24, True)
    lines: list[str] = []
    for word in title.split():
        if lines and draw.textlength(f"{lines[-1]} {word}", font=face) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    out = []
    for line in lines:
        while draw.textlength(line, font=face) > width and len(line) > 4:
            line = line[:-4] + "..."
        out.append(line)
    return out or [""]


def _area(ships: Sequence[ShipState]) -> list[Hex]:
    """Every hex within AROUND of a ship's bounding box, in reading order."""
    qs = [s.hex.q for s in ships] or [0]
    rs = [s.hex.r + s.hex.q / 2 for s in ships] or [0.0]
    q_low, q_high = min(qs) - AROUND, max(qs) + AROUND
    y_low, y_high = min(rs) - AROUND, max(rs) + AROUND
    hexes = []
    for q in range(q_low, q_high + 1):
        r_low = math.floor(y_low - q / 2)
        r_high = math.ceil(y_high - q / 2)
        hexes += [Hex(q, r) for r in range(r_low, r_high + 1)]
    return sorted(hexes, key=lambda h: (h.r + h.q / 2, h.q))


# Between two groups of ships more than this many rows apart, the empty rows are left out
# (a band across the map says so), so two fleets far apart do not make a tall strip of blank
# hexes; BREAK is the band's height, in rows.
GAP_ROWS = 6
GAP_COLUMNS = 4  # columns are wider apart on the page than rows: fewer make a wide picture
BREAK = 0.8


def _cuts(ships: Sequence[ShipState]) -> list[tuple[float, float]]:
    """The rows left out, as (a, b): hexes whose row (r + q/2) lies strictly between a and b
    are not drawn. Each ship keeps AROUND rows (and a half, for the half-rows of odd columns)
    on either side."""
    rows = sorted({_row(s.hex) for s in ships})
    keep = AROUND + 0.5
    return [
        (low + keep, high - keep)
        for low, high in zip(rows, rows[1:], strict=False)
        if high - low - 2 * keep > GAP_ROWS
    ]


def _column_cuts(ships: Sequence[ShipState]) -> list[tuple[int, int]]:
    """The columns left out, as (a, b): hexes whose column q lies strictly between a and b are
    not drawn, so fleets far apart sideways do not make a wide picture of tiny hexes (issue
    23); each ship keeps AROUND columns on either side."""
    columns = sorted({s.hex.q for s in ships})
    return [
        (low + AROUND, high - AROUND)
        for low, high in zip(columns, columns[1:], strict=False)
        if high - low - 2 * AROUND > GAP_COLUMNS
    ]


def _lifted(row: float, cuts: Sequence[tuple[float, float]]) -> float:
    """How many rows a hex moves up the page for the cuts above it."""
    return sum(b - a - 1 - BREAK for a, b in cuts if row >= b)


def _left_out(a: float, b: float) -> int:
    """How many hexes of a column a cut leaves out."""
    return math.ceil(b) - math.floor(a) - 1


def _ship_lines(ships: Sequence[ShipState]) -> list[tuple[str, str, str]]:
    """Per ship: its side, its name and code, and where it is (or `destroyed`)."""
    lines = []
    for ship in ships:
        if ship.destroyed:
            where = "destroyed"
        else:
            where = f"at {ship.hex} {ship.facing}, speed {ship.speed}, turn mode {ship.turn_mode}"
        lines.append((ship.side, f"{ship.side} {ship.name}  {ship.crossed_text()}", where))
    return lines


def _pointer(x: float, y: float, facing: str, radius: float) -> list[tuple[float, float]]:
    """The triangle that shows a ship's facing: from its marker's edge outwards."""
    dq, dr = STEPS[facing]
    fx, fy = _centre(Hex(dq, dr), 1.0)
    length = math.hypot(fx, fy)
    ux, uy = fx / length, fy / length
    tip = (x + ux * radius * 1.6, y + uy * radius * 1.6)
    left = (x + ux * radius * 0.9 - uy * radius * 0.6, y + uy * radius * 0.9 + ux * radius * 0.6)
    right = (x + ux * radius * 0.9 + uy * radius * 0.6, y + uy * radius * 0.9 - ux * radius * 0.6)
    return [tip, left, right]


def _marker(
    draw: ImageDraw.ImageDraw,
    side: str,
    facing: str | None,
    x: float,
    y: float,
    radius: float,
    destroyed: bool = False,
) -> None:
    """A ship: its side's shape and colour, its side's letter, the point of its facing; grey
    and crossed out when destroyed (it has no facing then)."""
    colour = EMPTY if destroyed else SIDE_COLOURS[side]
    box = (x - radius, y - radius, x + radius, y + radius)
    if facing is not None and not destroyed:
        draw.polygon(_pointer(x, y, facing, radius), fill=INK)
    if SIDE_SHAPES[side] == "circle":
        draw.ellipse(box, fill=colour, outline=INK, width=2)
    else:
        draw.rectangle(box, fill=colour, outline=INK, width=2)
    draw.text((x, y), side, fill=PAPER, font=font(max(10, int(radius * 1.1)), True), anchor="mm")
    if destroyed:
        draw.line((x - radius, y - radius, x + radius, y + radius), fill=INK, width=3)
        draw.line((x - radius, y + radius, x + radius, y - radius), fill=INK, width=3)


def _marker_box(ship: ShipState, x: float, y: float, radius: float) -> Box:
    """The box a marker covers, its facing point included."""
    points = [(x - radius, y - radius), (x + radius, y + radius)]
    if not ship.destroyed:
        points += _pointer(x, y, ship.facing, radius)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _in_hex(count: int, size: float) -> tuple[float, list[tuple[float, float]]]:
    """The radius of `count` markers in one hex (reading R4: any number share a hex), and
    where each goes from the hex's centre: in a row across its upper part, or for more than
    three in two rows (the first the fuller), so no ship is drawn over another (nor its
    facing's point, 1.6 radii out) or over the hex's coordinates below them."""
    if count <= 3:
        radius = min(size * 0.34, size * 1.7 / (2.7 * count))
        return radius, [((k - (count - 1) / 2) * 2.7 * radius, -size * 0.2) for k in range(count)]
    first = math.ceil(count / 2)
    radius = min(size * 0.2, size * 1.5 / (2.7 * first))
    rows = [(first, -size * 0.42), (count - first, size * 0.05)]
    return radius, [((k - (n - 1) / 2) * 2.7 * radius, y) for n, y in rows for k in range(n)]


def _stack_order(here: Sequence[ShipState]) -> list[ShipState]:
    """Ships in one hex, left to right (the upper row first): standing before destroyed, A
    before B, by name; their label names them in this order."""
    return sorted(here, key=lambda s: (s.destroyed, s.side, s.name))


def _label_places(
    draw: ImageDraw.ImageDraw, text: str, x: float, y: float, size: float
) -> list[Box]:
    """Where a hex's names may go, best first: centred above the ships, below, right, left;
    then above and below reaching out to one side; then the same one row further out."""
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font(14, True), anchor="lt")
    w, h = right - left, bottom - top
    above, below, middle = y - size * 0.62 - h, y + size * 0.45, y - size * 0.1 - h / 2
    centred, leftwards, rightwards = x - w / 2, x + size * 0.4 - w, x - size * 0.4
    spots = [(centred, above), (centred, below), (x + size * 0.6, middle)]
    spots += [(x - size * 0.6 - w, middle)]
    spots += [(sx, sy) for sy in (above, below) for sx in (leftwards, rightwards)]
    for sy in (above - size * 0.6, below + size * 0.6):
        spots += [(centred, sy), (leftwards, sy), (rightwards, sy)]
    # Then a finer ring, half a row at a time: between the neighbours' coordinates there is
    # nearly always a gap that keeps a name off every marker and every hex's label.
    for step in range(1, 3):
        for sy in (above - size * 0.3 * step, below + size * 0.3 * step, middle):
            for sx in (x + size * 0.6 * step, x - size * 0.6 * step - w, centred):
                spots.append((sx, sy))
    # The white ground drawn under a name reaches 2 pixels beyond it.
    return [(sx - 2, sy - 1, sx + w + 2, sy + h + 1) for sx, sy in spots]


def _beyond(
    draw: ImageDraw.ImageDraw,
    ship: ShipState,
    at: tuple[float, float],
    box: tuple[float, float, float, float],
    avoid: list[Box],
) -> None:
    """A ship beyond the frame (`at`: where it would be drawn): an arrow in its side's colour
    at the frame's edge, pointing towards it, with its name and hex beside it, moved along the
    edge off the markers, hex labels and names in `avoid` (its box is added to them)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    length = math.hypot(at[0] - cx, at[1] - cy) or 1.0
    ux, uy = (at[0] - cx) / length, (at[1] - cy) / length
    reach = min(
        ((x1 - cx - 14) / abs(ux)) if ux else math.inf,
        ((y1 - cy - 14) / abs(uy)) if uy else math.inf,
    )
    tx, ty = cx + ux * reach, cy + uy * reach
    colour = EMPTY if ship.destroyed else SIDE_COLOURS[ship.side]
    tip = (tx + ux * 12, ty + uy * 12)
    wing = [(tx - uy * 8, ty + ux * 8), (tx + uy * 8, ty - ux * 8)]
    draw.polygon([tip, *wing], fill=colour, outline=INK)
    points = [tip, *wing]
    avoid.append(
        tuple(f(p[i] for p in points) for f, i in ((min, 0), (min, 1), (max, 0), (max, 1)))
    )
    text = f"{ship.name} {ship.hex}"
    where = (min(max(tx - ux * 16, x0 + 4), x1 - 4), min(max(ty - uy * 16, y0 + 8), y1 - 8))
    anchor = ("r" if ux > 0.3 else "l" if ux < -0.3 else "m") + "m"
    bbox = draw.textbbox(where, text, font=font(12, True), anchor=anchor)
    w, h = bbox[2] - bbox[0] + 4, bbox[3] - bbox[1] + 2
    # Along the frame's edge, a line at a time either way, never past the frame.
    shifts = [0.0] + [d * k * (h + 2) for k in range(1, 8) for d in (1, -1)]
    along = (-uy, ux) if abs(ux) > 0.3 else (1.0, 0.0)
    # Within the picture, not only the map: a narrow map leaves room beside it.
    right_end = draw.im.size[0] - 4
    places = []
    for aside in (0.0, w + 20, -(w + 20)):
        for step in shifts:
            px = min(max(bbox[0] - 2 + along[0] * step + aside, 4), right_end - w)
            py = min(max(bbox[1] - 1 + along[1] * step, y0), y1 - h)
            places.append((px, py, px + w, py + h))
    (chosen,) = choose_boxes([places], avoid)
    avoid.append(chosen)
    draw.rectangle(chosen, fill=PAPER)
    draw.text((chosen[0] + 2, chosen[1] + 1), text, fill=INK, font=font(12, True), anchor="lt")


def _upright(image: Image.Image, text: str, at: tuple[float, float]) -> None:
    """Text read from the bottom up, centred at `at` (the name of a band down the map)."""
    face = font(14)
    left, top, right, bottom = ImageDraw.Draw(image).textbbox((0, 0), text, font=face)
    label = Image.new("L", (right - left + 2, bottom - top + 2), 0)
    ImageDraw.Draw(label).text((1 - left, 1 - top), text, fill=255, font=face)
    label = label.rotate(90, expand=True)
    corner = (round(at[0] - label.width / 2), round(at[1] - label.height / 2))
    image.paste(Image.new("RGB", label.size, INK), corner, label)


def _wrapped(
    draw: ImageDraw.ImageDraw, parts: Sequence[str], width: float, size: int, joint: str = "  "
) -> list[str]:
    """Parts joined by `joint` on one line while they fit `width`, else on lines of their
    own (a long code is never cut)."""
    face = font(size)
    lines: list[str] = []
    for part in parts:
        if lines and draw.textlength(f"{lines[-1]}{joint}{part}", font=face) <= width:
            lines[-1] += f"{joint}{part}"
        else:
            lines.append(part)
    return lines


# What a mark means, in the key under the map (every mark the map draws is in it).
KEY = (
    ("ship", "a ship: circle A, square B; the point is where it faces"),
    ("destroyed", "a destroyed ship"),
    ("stack", "ships in one hex: side by side, named left to right (the upper row first)"),
    ("coordinates", "q,r in a hex: its place (reading R1); N is up the page"),
    ("origin", "0,0 in bold: the hex the coordinates count from"),
    ("beyond", "a ship beyond the map: the arrow points to it"),
    ("break", "a grey band: empty rows or columns left out, the coordinates go on"),
    ("crossed", "[X] in a code: system X is crossed out"),
)


def _key_mark(draw: ImageDraw.ImageDraw, what: str, x: float, y: float) -> None:
    """The small drawing before a line of the key, centred at x, y."""
    if what == "ship":
        _marker(draw, "A", "NE", x - 10, y, 7)
        _marker(draw, "B", "NE", x + 10, y, 7)
    elif what == "destroyed":
        _marker(draw, "A", None, x, y, 8, destroyed=True)
    elif what == "stack":
        _marker(draw, "A", "N", x - 9, y + 1, 7)
        _marker(draw, "B", "S", x + 9, y - 1, 7)
    elif what == "origin":
        draw.text((x, y), "0,0", fill=INK, font=font(13, True), anchor="mm")
    elif what == "coordinates":
        draw.text((x, y), "q,r", fill=COORDINATES, font=font(13), anchor="mm")
    elif what == "break":
        draw.rectangle((x - 14, y - 6, x + 14, y + 6), fill=FAINT, outline=GRID)
    elif what == "beyond":
        draw.polygon(
            [(x + 10, y), (x - 4, y - 8), (x - 4, y + 8)], fill=SIDE_COLOURS["B"], outline=INK
        )
    else:
        draw.text((x, y), "[X]", fill=INK, font=font(13, True), anchor="mm")


def battle_picture(title: str, ships: Sequence[ShipState], notes: Sequence[str] = ()) -> bytes:
    """The map of these ships (only those the reader may see), a title over it, the ships'
    codes with crossed-out systems under it, then a key to every mark; `notes` are extra
    lines (a hold)."""
    framed, beyond = _frame(ships)
    cuts, column_cuts = _cuts(framed), _column_cuts(framed)
    hexes = [
        h
        for h in _area(framed)
        if not any(a < _row(h) < b for a, b in cuts)
        and not any(a < h.q < b for a, b in column_cuts)
    ]
    across = [h.q - _lifted(h.q, column_cuts) for h in hexes]
    span_q = max(across) - min(across)
    rows = [_row(h) - _lifted(_row(h), cuts) for h in hexes]
    size = min(MAP_WIDTH / (1.5 * span_q + 2), MAP_HEIGHT / (ROOT3 * (max(rows) - min(rows) + 1)))
    size = max(SMALLEST_HEX, min(LARGEST_HEX, size))
    centres = {}
    for h in hexes:
        x, y = _centre(h, size)
        shift = _lifted(h.q, column_cuts) * 1.5 * size
        centres[h] = (x - shift, y - _lifted(_row(h), cuts) * ROOT3 * size)
    left = min(x for x, _ in centres.values()) - size
    top = min(y for _, y in centres.values()) - size * ROOT3 / 2
    map_width = max(x for x, _ in centres.values()) - left + size
    map_height = max(y for _, y in centres.values()) - top + size * ROOT3 / 2
    width = int(min(MAX_WIDTH, max(map_width + 2 * MARGIN, MIN_WIDTH)))
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    heading = _title_lines(measure, title, width - 2 * MARGIN)
    text_width = width - 2 * MARGIN - 24
    ship_rows = [
        (side, _wrapped(measure, [named, where], text_width, 15))
        for side, named, where in _ship_lines(ships)
    ]
    ship_rows += [("", _wrapped(measure, [note], text_width, 15)) for note in notes]
    if beyond:
        said = "Beyond the map: " + ", ".join(f"{s.name} at {s.hex}" for s in beyond)
        ship_rows.append(("", _wrapped(measure, said.split(", "), text_width, 15)))
    marks = {"ship", "coordinates", "crossed"} | {"destroyed" for s in ships if s.destroyed}
    marks |= {"origin"} if Hex(0, 0) in centres else set()
    marks |= {"beyond"} if beyond else set()
    marks |= {"break"} if cuts or column_cuts else set()
    stacked = {s.hex for s in framed if sum(o.hex == s.hex for o in framed) > 1}
    marks |= {"stack"} if stacked else set()
    key = [
        (what, _wrapped(measure, meaning.split(" "), text_width - 14, 14, " "))
        for what, meaning in KEY
        if what in marks
    ]
    top_space = TITLE + 30 * (len(heading) - 1)
    lines_below = sum(len(rows) for _, rows in ship_rows) + sum(len(rows) for _, rows in key)
    # Rounded first: the lifted rows' float sums differ in their last bits from one spread to
    # another, and the same map must give the same size.
    height = int(round(top_space + map_height + MARGIN + LINE * (lines_below + 1) + MARGIN, 3))
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    for k, line in enumerate(heading):
        draw.text((MARGIN, 8 + 30 * k), line, fill=INK, font=font(24, True))
    dx, dy = MARGIN - left + (width - 2 * MARGIN - map_width) / 2, top_space - top
    # Coordinates low in each hex, ships in a row above them: neither covers the other.
    coordinates = font(max(12, int(size * 0.36)))
    origin = font(max(12, int(size * 0.36)), True)
    labels: list[Box] = []  # where the coordinates are: names go elsewhere when they can
    for hex_, (x, y) in centres.items():
        draw.polygon(_corners(x + dx, y + dy, size), outline=GRID)
        where = (x + dx, y + dy + size * 0.6)
        # 0,0 in ink and bold: where the coordinates count from (no ship ever covers it).
        face, ink = (origin, INK) if hex_ == Hex(0, 0) else (coordinates, COORDINATES)
        draw.text(where, str(hex_), fill=ink, font=face, anchor="mm")
        labels.append(draw.textbbox(where, str(hex_), font=face, anchor="mm"))
    for a, b in column_cuts:
        # The band where columns are left out: down the map, right of the last column kept.
        x0 = (a - _lifted(a, column_cuts) + 0.5) * 1.5 * size + dx + size * 0.25
        x1 = x0 + BREAK * 1.5 * size
        y0, y1 = top + dy, top + dy + map_height
        draw.rectangle((x0 + 2, y0, x1 - 2, y1), fill=FAINT)
        for edge in (x0 + 2, x1 - 2):
            draw.line((edge, y0, edge, y1), fill=GRID, width=1)
        _upright(image, f"{b - a - 1} empty columns left out", ((x0 + x1) / 2, (y0 + y1) / 2))
    for a, b in cuts:
        # The band where rows are left out: across the map, under the last row kept above
        # (over a band of columns, whose name is up and down the map, not at the crossing).
        y0 = (a + 0.5 - _lifted(a, cuts)) * ROOT3 * size + dy
        y1 = y0 + BREAK * ROOT3 * size
        x0, x1 = left + dx, left + dx + map_width
        draw.rectangle((x0, y0 + 2, x1, y1 - 2), fill=FAINT)
        for edge in (y0 + 2, y1 - 2):
            draw.line((x0, edge, x1, edge), fill=GRID, width=1)
        said = f"{_left_out(a, b)} empty rows left out"
        draw.text(((x0 + x1) / 2, (y0 + y1) / 2), said, fill=INK, font=font(14), anchor="mm")
    by_hex: dict[Hex, list[ShipState]] = {}
    for ship in framed:
        by_hex.setdefault(ship.hex, []).append(ship)
    groups = sorted(by_hex.items(), key=lambda item: (item[0].r, item[0].q))
    markers: list[Box] = []
    names: list[str] = []
    for hex_, here in groups:
        x, y = centres[hex_]
        in_order = _stack_order(here)
        radius, offsets = _in_hex(len(in_order), size)
        for ship, (across, down) in zip(in_order, offsets, strict=True):
            mx, my = x + dx + across, y + dy + down
            _marker(draw, ship.side, ship.facing, mx, my, radius, ship.destroyed)
            markers.append(_marker_box(ship, mx, my, radius))
        names.append(", ".join(s.name for s in in_order))
    wanted = [
        _label_places(draw, text, centres[hex_][0] + dx, centres[hex_][1] + dy, size)
        for text, (hex_, _) in zip(names, groups, strict=True)
    ]
    named = choose_boxes(wanted, markers + labels)
    for text, box in zip(names, named, strict=True):
        # On a white ground, so a name stays readable over the grid under it.
        draw.rectangle(box, fill=PAPER, outline=GRID)
        draw.text((box[0] + 2, box[1] + 1), text, fill=INK, font=font(14, True), anchor="lt")
    taken = markers + labels + named  # the beyond labels keep off these and each other
    for ship in beyond:
        sx, sy = _centre(ship.hex, size)
        frame = (left + dx, top + dy, left + dx + map_width, top + dy + map_height)
        _beyond(draw, ship, (sx + dx, sy + dy), frame, taken)
    y = top_space + map_height + MARGIN
    for side, rows in ship_rows:
        if side:
            shape = (MARGIN, y + 4, MARGIN + 14, y + 18)
            if SIDE_SHAPES[side] == "circle":
                draw.ellipse(shape, fill=SIDE_COLOURS[side], outline=INK)
            else:
                draw.rectangle(shape, fill=SIDE_COLOURS[side], outline=INK)
        for k, row in enumerate(rows):
            draw.text((MARGIN + 24 + 12 * (k > 0), y + 2), row, fill=INK, font=font(15))
            y += LINE
    y += LINE // 2
    for what, rows in key:
        _key_mark(draw, what, MARGIN + 18, y + 10)
        for k, row in enumerate(rows):
            draw.text((MARGIN + 42 + 12 * (k > 0), y + 2), row, fill=INK, font=font(14))
            y += LINE
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()
