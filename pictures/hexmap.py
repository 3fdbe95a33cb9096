"""Draw a Spaceship Battles map as a PNG: the hexes around the ships, each ship with its side,
name and facing, destroyed ships crossed out, and under the map each ship's code with its
crossed-out systems in brackets.

The caller passes only the ships its reader may see (before the start, a player's own design;
after it, every ship: a battle is open information, reading R16). Flat-topped axial hexes as
the notation writes them (`q,r`, reading R1): N is up the page. Sides differ by shape as well
as colour (A a circle, B a square: colour is never the only cue), in the Okabe-Ito palette.
The same ships give the same bytes (Pillow's embedded font, no timestamps in the PNG).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from battles.hexes import STEPS, Hex
from battles.state import ShipState
from pictures.draw import EMPTY, FAINT, GRID, INK, PAPER, font
from pictures.labels import Box, choose_boxes

SIDE_COLOURS = {"A": (0, 114, 178), "B": (213, 94, 0)}  # blue, vermillion
SIDE_SHAPES = {"A": "circle", "B": "square"}
MARGIN = 18
TITLE = 40
LINE = 24
AROUND = 2  # hexes shown beyond the outermost ships
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
    FRAME_COLUMNS x FRAME_ROWS; otherwise the frame that holds the most ships still standing
    (then the most ships), the first such from the top left."""

    def inside(ship: ShipState, q: int, y: float) -> bool:
        return q <= ship.hex.q <= q + FRAME_COLUMNS and y <= _row(ship.hex) <= y + FRAME_ROWS

    qs = [s.hex.q for s in ships]
    ys = [_row(s.hex) for s in ships]
    if not ships or (max(qs) - min(qs) <= FRAME_COLUMNS and max(ys) - min(ys) <= FRAME_ROWS):
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


def _ship_lines(ships: Sequence[ShipState]) -> list[tuple[str, str]]:
    lines = []
    for ship in ships:
        if ship.destroyed:
            where = "destroyed"
        else:
            where = f"at {ship.hex} {ship.facing}, speed {ship.speed}, turn mode {ship.turn_mode}"
        lines.append((ship.side, f"{ship.side} {ship.name}  {ship.crossed_text()}  {where}"))
    return lines


def _marker(draw: ImageDraw.ImageDraw, ship: ShipState, x: float, y: float, radius: float) -> None:
    colour = EMPTY if ship.destroyed else SIDE_COLOURS[ship.side]
    box = (x - radius, y - radius, x + radius, y + radius)
    if SIDE_SHAPES[ship.side] == "circle":
        draw.ellipse(box, fill=colour, outline=INK, width=2)
    else:
        draw.rectangle(box, fill=colour, outline=INK, width=2)
    if not ship.destroyed:
        dq, dr = STEPS[ship.facing]
        fx, fy = _centre(Hex(dq, dr), 1.0)
        length = math.hypot(fx, fy)
        ux, uy = fx / length, fy / length
        tip = (x + ux * radius * 1.9, y + uy * radius * 1.9)
        left = (x + ux * radius - uy * radius * 0.6, y + uy * radius + ux * radius * 0.6)
        right = (x + ux * radius + uy * radius * 0.6, y + uy * radius - ux * radius * 0.6)
        draw.polygon([tip, left, right], fill=INK)
    draw.text((x, y), ship.side, fill=PAPER, font=font(14, True), anchor="mm")
    if ship.destroyed:
        draw.line((x - radius, y - radius, x + radius, y + radius), fill=INK, width=3)
        draw.line((x - radius, y + radius, x + radius, y - radius), fill=INK, width=3)


def _marker_box(ship: ShipState, x: float, y: float, radius: float) -> Box:
    """The box a marker covers, its facing point included."""
    if ship.destroyed:
        return (x - radius, y - radius, x + radius, y + radius)
    dq, dr = STEPS[ship.facing]
    fx, fy = _centre(Hex(dq, dr), 1.0)
    length = math.hypot(fx, fy)
    tx, ty = x + fx / length * radius * 1.9, y + fy / length * radius * 1.9
    return (min(x - radius, tx), min(y - radius, ty), max(x + radius, tx), max(y + radius, ty))


def _label_places(
    draw: ImageDraw.ImageDraw, text: str, x: float, y: float, size: float
) -> list[Box]:
    """Where a hex's names may go, best first: centred above the ships, below, right, left;
    then above and below reaching out to one side; then the same one row further out."""
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font(13, True), anchor="lt")
    w, h = right - left, bottom - top
    above, below, middle = y - size * 0.62 - h, y + size * 0.45, y - size * 0.1 - h / 2
    centred, leftwards, rightwards = x - w / 2, x + size * 0.4 - w, x - size * 0.4
    spots = [(centred, above), (centred, below), (x + size * 0.6, middle)]
    spots += [(x - size * 0.6 - w, middle)]
    spots += [(sx, sy) for sy in (above, below) for sx in (leftwards, rightwards)]
    for sy in (above - size * 0.6, below + size * 0.6):
        spots += [(centred, sy), (leftwards, sy), (rightwards, sy)]
    # The white ground drawn under a name reaches 2 pixels beyond it.
    return [(sx - 2, sy - 1, sx + w + 2, sy + h + 1) for sx, sy in spots]


def _beyond(
    draw: ImageDraw.ImageDraw,
    ship: ShipState,
    at: tuple[float, float],
    box: tuple[float, float, float, float],
) -> None:
    """A ship beyond the frame (`at`: where it would be drawn): an arrow in its side's colour
    at the frame's edge, pointing towards it, with its name and hex."""
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
    text = f"{ship.name} {ship.hex}"
    where = (min(max(tx - ux * 16, x0 + 4), x1 - 4), min(max(ty - uy * 16, y0 + 8), y1 - 8))
    anchor = ("r" if ux > 0.3 else "l" if ux < -0.3 else "m") + "m"
    bbox = draw.textbbox(where, text, font=font(12, True), anchor=anchor)
    draw.rectangle((bbox[0] - 2, bbox[1] - 1, bbox[2] + 2, bbox[3] + 1), fill=PAPER)
    draw.text(where, text, fill=INK, font=font(12, True), anchor=anchor)


def battle_picture(title: str, ships: Sequence[ShipState], notes: Sequence[str] = ()) -> bytes:
    """The map of these ships (only those the reader may see), a title over it, and the
    ships' codes with crossed-out systems under it; `notes` are extra lines (a hold)."""
    framed, beyond = _frame(ships)
    hexes = _area(framed)
    span_q = (max(h.q for h in hexes) - min(h.q for h in hexes)) or 1
    size = max(12.0, min(28.0, (MAX_WIDTH - 2 * MARGIN) / (1.5 * span_q + 2)))
    centres = {h: _centre(h, size) for h in hexes}
    left = min(x for x, _ in centres.values()) - size
    top = min(y for _, y in centres.values()) - size
    map_width = max(x for x, _ in centres.values()) - left + size
    map_height = max(y for _, y in centres.values()) - top + size
    lines = _ship_lines(ships) + [("", note) for note in notes]
    if beyond:
        lines.append(("", "Beyond the map (an arrow at its edge points to each): "))
        lines[-1] = ("", lines[-1][1] + ", ".join(f"{s.name} at {s.hex}" for s in beyond))
    width = int(max(map_width + 2 * MARGIN, 640))
    heading = _title_lines(ImageDraw.Draw(Image.new("RGB", (1, 1))), title, width - 2 * MARGIN)
    top_space = TITLE + 30 * (len(heading) - 1)
    height = int(top_space + map_height + MARGIN + LINE * (len(lines) + 1) + MARGIN)
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    for k, line in enumerate(heading):
        draw.text((MARGIN, 8 + 30 * k), line, fill=INK, font=font(24, True))
    dx, dy = MARGIN - left + (width - 2 * MARGIN - map_width) / 2, top_space - top
    label = font(max(9, int(size / 2.6)))
    for hex_, (x, y) in centres.items():
        draw.polygon(_corners(x + dx, y + dy, size), fill=PAPER, outline=GRID)
        if size >= 18:
            draw.text((x + dx, y + dy + size * 0.6), str(hex_), fill=GRID, font=label, anchor="mm")
    if Hex(0, 0) in centres:
        x, y = centres[Hex(0, 0)]
        draw.polygon(_corners(x + dx, y + dy, size * 0.3), fill=FAINT, outline=GRID)
    by_hex: dict[Hex, list[ShipState]] = {}
    for ship in framed:
        by_hex.setdefault(ship.hex, []).append(ship)
    radius = size * 0.42
    groups = sorted(by_hex.items(), key=lambda item: (item[0].r, item[0].q))
    markers: list[Box] = []
    for hex_, here in groups:
        x, y = centres[hex_]
        # Destroyed ships under standing ones; several ships in a hex (reading R4) fan out.
        for k, ship in enumerate(sorted(here, key=lambda s: (not s.destroyed, s.side, s.name))):
            offset = (k - (len(here) - 1) / 2) * radius * 0.9
            mx, my = x + dx + offset, y + dy - size * 0.1
            _marker(draw, ship, mx, my, radius)
            markers.append(_marker_box(ship, mx, my, radius))
    names = [", ".join(s.name for s in here) for _, here in groups]
    wanted = [
        _label_places(draw, text, centres[hex_][0] + dx, centres[hex_][1] + dy, size)
        for text, (hex_, _) in zip(names, groups, strict=True)
    ]
    for text, box in zip(names, choose_boxes(wanted, markers), strict=True):
        # On a white ground, so a name stays readable over the grid under it.
        draw.rectangle(box, fill=PAPER)
        draw.text((box[0] + 2, box[1] + 1), text, fill=INK, font=font(13, True), anchor="lt")
    for ship in beyond:
        sx, sy = _centre(ship.hex, size)
        frame = (left + dx, top + dy, left + dx + map_width, top + dy + map_height)
        _beyond(draw, ship, (sx + dx, sy + dy), frame)
    y = top_space + map_height + MARGIN
    for side, text in lines:
        if side:
            shape = (MARGIN, y + 4, MARGIN + 14, y + 18)
            if SIDE_SHAPES[side] == "circle":
                draw.ellipse(shape, fill=SIDE_COLOURS[side], outline=INK)
            else:
                draw.rectangle(shape, fill=SIDE_COLOURS[side], outline=INK)
        draw.text((MARGIN + 22, y + 2), text, fill=INK, font=font(15))
        y += LINE
    key = "A: circles, B: squares; the point shows the facing; crossed out: destroyed; [X]: "
    key += "a system crossed out"
    draw.text((MARGIN, y + 2), key, fill=EMPTY, font=font(13))
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()
