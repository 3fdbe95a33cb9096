"""The words on a battle map: the title in at most two lines, each ship's line under the map,
where a hex's ship names go (never over a marker, a hex's coordinates or another name), the
label of a ship beyond the frame, and lines wrapped to a width."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from battles.engine.state import ShipState
from battles.pictures.marks import SIDE_COLOURS
from notation.ink import EMPTY, INK, PAPER, font
from notation.labels import Box, choose_boxes

__all__ = [
    "beyond",
    "called",
    "label_places",
    "ship_lines",
    "title_lines",
    "upright",
    "wrapped",
]


def called(ship: ShipState, ships: Sequence[ShipState]) -> str:
    """A ship's name on the map, with its side when the other side has a ship of that name
    too, `Lancer (A)`: the two sides may name ships alike (reading R17)."""
    alike = any(s.name == ship.name and s.side != ship.side for s in ships)
    return f"{ship.name} ({ship.side})" if alike else ship.name


def title_lines(draw: Any, title: str, width: float) -> list[str]:
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


def ship_lines(ships: Sequence[ShipState]) -> list[tuple[str, str, str]]:
    """Per ship: its side, its name and code, and where it is (or `destroyed`)."""
    lines = []
    for ship in ships:
        if ship.destroyed:
            where = "destroyed"
        else:
            where = f"at {ship.hex} {ship.facing}, speed {ship.speed}, turn mode {ship.turn_mode}"
        lines.append((ship.side, f"{ship.side} {ship.name}  {ship.crossed_text()}", where))
    return lines


def label_places(draw: Any, text: str, x: float, y: float, size: float) -> list[Box]:
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
    # Last, rings ever further out in sixteen directions, so that a crowded map still finds a
    # name a place off every hex's coordinates (issue 47, item 6) before covering any.
    for ring in range(4, 9):
        reach = size * 0.25 * ring
        for k in range(16):
            angle = math.tau * k / 16
            cx, cy = x + reach * math.cos(angle), y - size * 0.1 + reach * math.sin(angle)
            spots.append((cx - w / 2, cy - h / 2))
    # The white ground drawn under a name reaches 2 pixels beyond it.
    return [(sx - 2, sy - 1, sx + w + 2, sy + h + 1) for sx, sy in spots]


def beyond(
    draw: Any,
    ship: ShipState,
    at: tuple[float, float],
    box: tuple[float, float, float, float],
    avoid: list[Box],
    picture_width: int,
    name: str | None = None,
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
    text = f"{name or ship.name} {ship.hex}"
    where = (min(max(tx - ux * 16, x0 + 4), x1 - 4), min(max(ty - uy * 16, y0 + 8), y1 - 8))
    anchor = ("r" if ux > 0.3 else "l" if ux < -0.3 else "m") + "m"
    bbox = draw.textbbox(where, text, font=font(12, True), anchor=anchor)
    w, h = bbox[2] - bbox[0] + 4, bbox[3] - bbox[1] + 2
    # Along the frame's edge, a line at a time either way, never past the frame.
    shifts = [0.0] + [d * k * (h + 2) for k in range(1, 8) for d in (1, -1)]
    along = (-uy, ux) if abs(ux) > 0.3 else (1.0, 0.0)
    # Within the picture, not only the map: a narrow map leaves room beside it.
    right_end = picture_width - 4
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


def upright(draw: Any, image: Image.Image | None, text: str, at: tuple[float, float]) -> None:
    """Text read from the bottom up, centred at `at` (the name of a band down the map): on
    `image` for a PNG, or as a turned text element for a vector drawing."""
    face = font(14)
    if image is None:
        draw.text_up(at, text, fill=INK, font=face)
        return
    left, top, right, bottom = draw.textbbox((0, 0), text, font=face)
    label = Image.new("L", (right - left + 2, bottom - top + 2), 0)
    writer = ImageDraw.Draw(label)
    writer.fontmode = "1"  # as the map's other words: a few exact inks
    writer.text((1 - left, 1 - top), text, fill=255, font=face)
    label = label.rotate(90, expand=True)
    corner = (round(at[0] - label.width / 2), round(at[1] - label.height / 2))
    image.paste(Image.new("RGB", label.size, INK), corner, label)


def wrapped(
    draw: Any, parts: Sequence[str], width: float, size: int, joint: str = "  "
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
