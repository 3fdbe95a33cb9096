"""A Spaceship Battles map as one picture: the hexes around the ships, each with its
coordinates, each ship with its side, name and facing (ships in one hex side by side),
destroyed ships crossed out, each ship's code with its crossed-out systems under the map, and
a key to every mark; as a palette PNG (mail, Discord) or SVG text (pages), from one drawing.

The caller passes only the ships its reader may see (before the start, a player's own design;
after it, every ship: a battle is open information, reading R16). Sized to be read on a phone
(Discord shows a picture about 400 pixels wide there): the map is cropped to the ships and one
hex around them (battles.pictures.frame), its hexes as large as a width and height allow, and
no text smaller than 12 pixels at full size. The same ships give the same bytes (Pillow's
embedded font, no timestamps in the PNG).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from PIL import Image, ImageDraw

from battles.engine.state import ShipState
from battles.pictures.frame import (
    BREAK,
    ROOT3,
    area,
    centre,
    column_cuts,
    corners,
    frame_ships,
    left_out,
    lifted,
    row_cuts,
    row_of,
)
from battles.pictures.marks import (
    COORDINATES,
    KEY,
    SIDE_COLOURS,
    SIDE_SHAPES,
    in_hex,
    key_mark,
    marker,
    marker_box,
    stack_order,
    trail,
)
from battles.pictures.words import (
    beyond,
    called,
    label_places,
    ship_lines,
    title_lines,
    upright,
    wrapped,
)
from notation.battles.hexes import Hex
from notation.ink import FAINT, GRID, INK, PAPER, font
from notation.labels import Box, choose_boxes, overlap
from notation.png import palette_png
from notation.vector import VectorDraw, svg_document

__all__ = ["SMALLEST_TEXT", "MapPlan", "battle_picture", "battle_svg", "draw_map", "plan_map"]

MARGIN = 16
TITLE = 40
LINE = 24
# The most room the hexes take, in pixels, and the least and most a hex's size (centre to
# corner): a map of a few hexes gets large ones, a spread-out one smaller, never unreadable.
MAP_WIDTH = 720
MAP_HEIGHT = 720
SMALLEST_HEX = 22.0
LARGEST_HEX = 46.0
MIN_WIDTH = 480  # the picture's: the ships' lines and the key need it
MAX_WIDTH = 1400
SMALLEST_TEXT = 12  # pixels: a hex's coordinates are never written smaller


@dataclass(frozen=True)
class MapPlan:
    """Where everything goes, worked out before anything is drawn: the picture's size, the
    hexes' size and centres, the ships framed and beyond, the rows and columns left out, the
    lines of words."""

    ships: tuple[ShipState, ...]
    framed: tuple[ShipState, ...]
    outside: tuple[ShipState, ...]
    cuts: tuple[tuple[float, float], ...]
    col_cuts: tuple[tuple[int, int], ...]
    size: float
    centres: dict[Hex, tuple[float, float]]
    left: float
    top: float
    map_width: float
    map_height: float
    width: int
    height: int
    heading: tuple[str, ...]
    top_space: int
    ship_rows: tuple[tuple[str, list[str]], ...]
    key: tuple[tuple[str, list[str]], ...]
    trails: tuple[tuple[str, tuple[Hex, ...]], ...] = ()  # side, the hexes passed (in frame)


def plan_map(
    title: str,
    ships: Sequence[ShipState],
    notes: Sequence[str] = (),
    trails: Mapping[tuple[str, str], Sequence[Hex]] = MappingProxyType({}),
) -> MapPlan:
    """The plan of the map of these ships (only those the reader may see), a title over it,
    the ships' codes with crossed-out systems under it, a key to every mark; `notes` are
    extra lines (a hold); `trails` the hexes each ship (by side and name) passed this phase,
    first to last, drawn as its trail where they are on the map."""
    framed, outside = frame_ships(ships)
    cuts, col_cuts = row_cuts(framed), column_cuts(framed)
    hexes = [
        h
        for h in area(framed)
        if not any(a < row_of(h) < b for a, b in cuts) and not any(a < h.q < b for a, b in col_cuts)
    ]
    across = [h.q - lifted(h.q, col_cuts) for h in hexes]
    span_q = max(across) - min(across)
    rows = [row_of(h) - lifted(row_of(h), cuts) for h in hexes]
    size = min(MAP_WIDTH / (1.5 * span_q + 2), MAP_HEIGHT / (ROOT3 * (max(rows) - min(rows) + 1)))
    size = max(SMALLEST_HEX, min(LARGEST_HEX, size))
    centres = {}
    for h in hexes:
        x, y = centre(h, size)
        shift = lifted(h.q, col_cuts) * 1.5 * size
        centres[h] = (x - shift, y - lifted(row_of(h), cuts) * ROOT3 * size)
    left = min(x for x, _ in centres.values()) - size
    top = min(y for _, y in centres.values()) - size * ROOT3 / 2
    map_width = max(x for x, _ in centres.values()) - left + size
    map_height = max(y for _, y in centres.values()) - top + size * ROOT3 / 2
    width = int(min(MAX_WIDTH, max(map_width + 2 * MARGIN, MIN_WIDTH)))
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    heading = title_lines(measure, title, width - 2 * MARGIN)
    text_width = width - 2 * MARGIN - 24
    ship_rows = [
        (side, wrapped(measure, [named, where], text_width, 15))
        for side, named, where in ship_lines(ships)
    ]
    ship_rows += [("", wrapped(measure, [note], text_width, 15)) for note in notes]
    if outside:
        said = "Beyond the map: " + ", ".join(f"{called(s, ships)} at {s.hex}" for s in outside)
        ship_rows.append(("", wrapped(measure, said.split(", "), text_width, 15)))
    marks = {"ship", "coordinates", "crossed"} | {"destroyed" for s in ships if s.destroyed}
    marks |= {"origin"} if Hex(0, 0) in centres else set()
    marks |= {"outside"} if outside else set()
    marks |= {"break"} if cuts or col_cuts else set()
    stacked = {s.hex for s in framed if sum(o.hex == s.hex for o in framed) > 1}
    marks |= {"stack"} if stacked else set()
    present = {(s.side, s.name) for s in framed}
    drawn_trails = tuple(
        (ship[0], kept)
        for ship, hexes in sorted(trails.items())
        if ship in present and len(kept := tuple(h for h in hexes if h in centres)) > 1
    )
    marks |= {"trail"} if drawn_trails else set()
    key = [
        (what, wrapped(measure, meaning.split(" "), text_width - 14, 14, " "))
        for what, meaning in KEY
        if what in marks
    ]
    top_space = TITLE + 30 * (len(heading) - 1)
    lines_below = sum(len(rows) for _, rows in ship_rows) + sum(len(rows) for _, rows in key)
    # Rounded first: the lifted rows' float sums differ in their last bits from one spread to
    # another, and the same map must give the same size.
    height = int(round(top_space + map_height + MARGIN + LINE * (lines_below + 1) + MARGIN, 3))
    return MapPlan(
        tuple(ships),
        tuple(framed),
        tuple(outside),
        tuple(cuts),
        tuple(col_cuts),
        size,
        centres,
        left,
        top,
        map_width,
        map_height,
        width,
        height,
        tuple(heading),
        top_space,
        tuple(ship_rows),
        tuple(key),
        drawn_trails,
    )


def draw_map(draw: Any, plan: MapPlan, image: Image.Image | None = None) -> None:
    """The planned map onto `draw`: Pillow's (with its `image`, for the upright words) or a
    notation.vector.VectorDraw (image None)."""
    framed, outside, cuts, col_cuts = (
        plan.framed,
        plan.outside,
        plan.cuts,
        plan.col_cuts,
    )
    everyone = (*framed, *outside)
    size, centres, left, top = plan.size, plan.centres, plan.left, plan.top
    map_width, map_height, width = plan.map_width, plan.map_height, plan.width
    heading, top_space, ship_rows, key = plan.heading, plan.top_space, plan.ship_rows, plan.key
    for k, line in enumerate(heading):
        draw.text((MARGIN, 8 + 30 * k), line, fill=INK, font=font(24, True))
    dx, dy = MARGIN - left + (width - 2 * MARGIN - map_width) / 2, top_space - top
    # Coordinates low in each hex, ships in a row above them: neither covers the other.
    coordinates = font(max(SMALLEST_TEXT, int(size * 0.36)))
    origin = font(max(SMALLEST_TEXT, int(size * 0.36)), True)
    labels: list[Box] = []  # where the coordinates are: names go elsewhere when they can
    written: list[tuple[tuple[float, float], str, Any, tuple[int, int, int]]] = []
    for hex_, (x, y) in centres.items():
        draw.polygon(corners(x + dx, y + dy, size), outline=GRID)
        where = (x + dx, y + dy + size * 0.6)
        # 0,0 in ink and bold: where the coordinates count from (no ship ever covers it).
        face, ink = (origin, INK) if hex_ == Hex(0, 0) else (coordinates, COORDINATES)
        written.append((where, str(hex_), face, ink))
        labels.append(draw.textbbox(where, str(hex_), font=face, anchor="mm"))
    for a, b in col_cuts:
        # The band where columns are left out: down the map, right of the last column kept.
        x0 = (a - lifted(a, col_cuts) + 0.5) * 1.5 * size + dx + size * 0.25
        x1 = x0 + BREAK * 1.5 * size
        y0, y1 = top + dy, top + dy + map_height
        draw.rectangle((x0 + 2, y0, x1 - 2, y1), fill=FAINT)
        for edge in (x0 + 2, x1 - 2):
            draw.line((edge, y0, edge, y1), fill=GRID, width=1)
        upright(draw, image, f"{b - a - 1} empty columns left out", ((x0 + x1) / 2, (y0 + y1) / 2))
    for a, b in cuts:
        # The band where rows are left out: across the map, under the last row kept above
        # (over a band of columns, whose name is up and down the map, not at the crossing).
        y0 = (a + 0.5 - lifted(a, cuts)) * ROOT3 * size + dy
        y1 = y0 + BREAK * ROOT3 * size
        x0, x1 = left + dx, left + dx + map_width
        draw.rectangle((x0, y0 + 2, x1, y1 - 2), fill=FAINT)
        for edge in (y0 + 2, y1 - 2):
            draw.line((x0, edge, x1, edge), fill=GRID, width=1)
        said = f"{left_out(a, b)} empty rows left out"
        draw.text(((x0 + x1) / 2, (y0 + y1) / 2), said, fill=INK, font=font(14), anchor="mm")
    for side, hexes in plan.trails:  # under the markers
        trail(draw, side, [(centres[h][0] + dx, centres[h][1] + dy) for h in hexes], size)
    by_hex: dict[Hex, list[ShipState]] = {}
    for ship in framed:
        by_hex.setdefault(ship.hex, []).append(ship)
    groups = sorted(by_hex.items(), key=lambda item: (item[0].r, item[0].q))
    markers: list[Box] = []
    names: list[str] = []
    for hex_, here in groups:
        x, y = centres[hex_]
        in_order = stack_order(here)
        radius, offsets = in_hex(len(in_order), size)
        for ship, (across, down) in zip(in_order, offsets, strict=True):
            mx, my = x + dx + across, y + dy + down
            marker(draw, ship.side, ship.facing, mx, my, radius, ship.destroyed)
            markers.append(marker_box(ship, mx, my, radius))
        names.append(", ".join(called(s, everyone) for s in in_order))
    wanted = [
        label_places(draw, text, centres[hex_][0] + dx, centres[hex_][1] + dy, size)
        for text, (hex_, _) in zip(names, groups, strict=True)
    ]
    named = choose_boxes(wanted, markers + labels)
    # The coordinates, but never under a name: where a crowded map leaves a name no free place,
    # that hex's coordinates give way whole rather than show in part around it (issue 47,
    # item 6); the ship's line under the map says its hex.
    for (where, text, face, ink), box in zip(written, labels, strict=True):
        if not any(overlap(box, name) for name in named):
            draw.text(where, text, fill=ink, font=face, anchor="mm")
    for text, box in zip(names, named, strict=True):
        # On a white ground, so a name stays readable over the grid under it.
        draw.rectangle(box, fill=PAPER, outline=GRID)
        draw.text((box[0] + 2, box[1] + 1), text, fill=INK, font=font(14, True), anchor="lt")
    taken = markers + labels + named  # the beyond labels keep off these and each other
    for ship in outside:
        sx, sy = centre(ship.hex, size)
        frame = (left + dx, top + dy, left + dx + map_width, top + dy + map_height)
        beyond(draw, ship, (sx + dx, sy + dy), frame, taken, width, called(ship, everyone))
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
        key_mark(draw, what, MARGIN + 18, y + 10)
        for k, row in enumerate(rows):
            draw.text((MARGIN + 42 + 12 * (k > 0), y + 2), row, fill=INK, font=font(14))
            y += LINE


def battle_picture(
    title: str,
    ships: Sequence[ShipState],
    notes: Sequence[str] = (),
    trails: Mapping[tuple[str, str], Sequence[Hex]] = MappingProxyType({}),
) -> bytes:
    """The map as a palette PNG (mail, Discord): see plan_map."""
    plan = plan_map(title, ships, notes, trails)
    image = Image.new("RGB", (plan.width, plan.height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.fontmode = "1"  # words without anti-aliasing: a few exact inks, a small palette PNG
    draw_map(draw, plan, image)
    return palette_png(image)


def battle_svg(
    title: str,
    ships: Sequence[ShipState],
    notes: Sequence[str] = (),
    inline: bool = False,
    trails: Mapping[tuple[str, str], Sequence[Hex]] = MappingProxyType({}),
) -> str:
    """The same map as standalone SVG text, sharp at any width (`inline`: for a web page's
    HTML, notation.vector.svg_document)."""
    plan = plan_map(title, ships, notes, trails)
    draw = VectorDraw()
    draw_map(draw, plan)
    return svg_document(
        plan.width, plan.height, draw.body(), draw.defs_text(), title, inline, SMALLEST_TEXT
    )
