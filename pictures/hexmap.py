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

SIDE_COLOURS = {"A": (0, 114, 178), "B": (213, 94, 0)}  # blue, vermillion
SIDE_SHAPES = {"A": "circle", "B": "square"}
MARGIN = 18
TITLE = 40
LINE = 24
AROUND = 2  # hexes shown beyond the outermost ships
MAX_WIDTH = 1400
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


def battle_picture(title: str, ships: Sequence[ShipState], notes: Sequence[str] = ()) -> bytes:
    """The map of these ships (only those the reader may see), a title over it, and the
    ships' codes with crossed-out systems under it; `notes` are extra lines (a hold)."""
    hexes = _area(ships)
    span_q = (max(h.q for h in hexes) - min(h.q for h in hexes)) or 1
    size = max(12.0, min(28.0, (MAX_WIDTH - 2 * MARGIN) / (1.5 * span_q + 2)))
    centres = {h: _centre(h, size) for h in hexes}
    left = min(x for x, _ in centres.values()) - size
    top = min(y for _, y in centres.values()) - size
    map_width = max(x for x, _ in centres.values()) - left + size
    map_height = max(y for _, y in centres.values()) - top + size
    lines = _ship_lines(ships) + [("", note) for note in notes]
    width = int(max(map_width + 2 * MARGIN, 640))
    height = int(TITLE + map_height + MARGIN + LINE * (len(lines) + 1) + MARGIN)
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 8), title, fill=INK, font=font(24, True))
    dx, dy = MARGIN - left + (width - 2 * MARGIN - map_width) / 2, TITLE - top
    label = font(max(9, int(size / 2.6)))
    for hex_, (x, y) in centres.items():
        draw.polygon(_corners(x + dx, y + dy, size), fill=PAPER, outline=GRID)
        if size >= 18:
            draw.text((x + dx, y + dy + size * 0.6), str(hex_), fill=GRID, font=label, anchor="mm")
    if Hex(0, 0) in centres:
        x, y = centres[Hex(0, 0)]
        draw.polygon(_corners(x + dx, y + dy, size * 0.3), fill=FAINT, outline=GRID)
    by_hex: dict[Hex, list[ShipState]] = {}
    for ship in ships:
        by_hex.setdefault(ship.hex, []).append(ship)
    radius = size * 0.42
    for hex_, here in sorted(by_hex.items(), key=lambda item: (item[0].r, item[0].q)):
        x, y = centres[hex_]
        # Destroyed ships under standing ones; several ships in a hex (reading R4) fan out.
        here = sorted(here, key=lambda s: (not s.destroyed, s.side, s.name))
        for k, ship in enumerate(here):
            offset = (k - (len(here) - 1) / 2) * radius * 0.9
            _marker(draw, ship, x + dx + offset, y + dy - size * 0.1, radius)
        names = ", ".join(s.name for s in here)
        # On a white ground, so a name stays readable over the hex above it.
        where = (x + dx, y + dy - size * 0.62)
        box = draw.textbbox(where, names, font=font(13, True), anchor="mb")
        draw.rectangle((box[0] - 2, box[1] - 1, box[2] + 2, box[3] + 1), fill=PAPER)
        draw.text(where, names, fill=INK, font=font(13, True), anchor="mb")
    y = TITLE + map_height + MARGIN
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
