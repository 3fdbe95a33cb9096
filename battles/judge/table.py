"""The map a Spaceship Battles seat plays on in the browser (issue 44): the hexes around the
ships (and, at set-up, around the seat's own start) as inline SVG, every hex a focusable
element named as the battle notation writes it (`data-cell="1,7"`), each ship drawn with its
side's shape and letter, its name and an arrow to its facing [R1]. Before the start a seat
sees only its own start area: the other design is hidden until both are in [R16]."""

from __future__ import annotations

import math
from html import escape

from battles.engine.state import ShipState
from battles.judge.rows import SETUP_RADIUS, START, replay_of
from battles.pictures.frame import area, centre, corners
from notation.battles.hexes import STEPS, Hex, distance
from pbem.storage.store import GameRow, Store

__all__ = ["table"]

SIZE = 30.0
SHAPES = {"A": "circle", "B": "rect"}


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _start_area(seat: str) -> list[Hex]:
    home, _ = START[seat]
    reach = SETUP_RADIUS + 1
    return [
        Hex(home.q + dq, home.r + dr)
        for dq in range(-reach, reach + 1)
        for dr in range(-reach, reach + 1)
        if distance(home, Hex(home.q + dq, home.r + dr)) <= reach
    ]


def _ship(ship: ShipState, x: float, y: float, nth: int) -> str:
    dq, dr = STEPS[ship.facing]
    ax, ay = centre(Hex(dq, dr), SIZE)
    length = math.hypot(ax, ay) or 1.0
    tip = (x + ax / length * SIZE * 0.8, y + ay / length * SIZE * 0.8)
    shape = (
        f'<circle class="ship side{ship.side}" cx="{x:.1f}" cy="{y:.1f}" r="10"/>'
        if ship.side == "A"
        else f'<rect class="ship side{ship.side}" x="{x - 9:.1f}" y="{y - 9:.1f}" '
        'width="18" height="18"/>'
    )
    state = "destroyed" if ship.destroyed else ""
    return (
        f'<line class="facing" x1="{x:.1f}" y1="{y:.1f}" x2="{tip[0]:.1f}" y2="{tip[1]:.1f}"/>'
        f"{shape}"
        f'<text class="ship-letter {state}" x="{x:.1f}" y="{y + 4:.1f}">{ship.side}</text>'
        f'<text class="ship-name" x="{x:.1f}" y="{y + 20 + 11 * nth:.1f}">'
        f"{escape(ship.name)}</text>"
    )


def table(store: Store, game: GameRow, seat: str | None) -> str:
    """The map now as SVG; before the start, the seat's own start area only."""
    ships: list[ShipState] = []
    if game.state is not None:
        ships = list(replay_of(game).state.ships)
    hexes = set(area(ships)) if ships else set()
    if seat in START and game.phase in ("joining", "setup"):
        hexes |= set(_start_area(seat))
    if not hexes:
        return ""
    at: dict[Hex, list[ShipState]] = {}
    for ship in ships:
        at.setdefault(ship.hex, []).append(ship)
    xs, ys = zip(*(centre(h, SIZE) for h in hexes), strict=True)
    left, top = min(xs) - SIZE * 1.2, min(ys) - SIZE * 1.2
    width, height = max(xs) - left + SIZE * 1.2, max(ys) - top + SIZE * 1.2 + 12
    parts = [
        f'<svg class="hexmap" viewBox="{left:.0f} {top:.0f} {width:.0f} {height:.0f}" '
        f'role="group" aria-label="The battle map: every hex and the ships on it" '
        f'style="max-width:{width:.0f}px">'
    ]
    for hex_ in sorted(hexes, key=lambda h: (h.r + h.q / 2, h.q)):
        x, y = centre(hex_, SIZE)
        here = at.get(hex_, [])
        said = ", ".join(
            f"{s.name} (player {s.side}, facing {s.facing}{', destroyed' if s.destroyed else ''})"
            for s in here
        )
        parts.append(
            f'<g class="cell" data-cell="{hex_}" tabindex="0" role="button" '
            f'aria-label="{hex_}: {escape(said or "empty")}">'
            f'<polygon points="{_points(corners(x, y, SIZE * 0.97))}"/>'
            f'<text class="name" x="{x:.1f}" y="{y - SIZE * 0.55:.1f}">{hex_}</text>'
            + "".join(_ship(s, x, y, n) for n, s in enumerate(here))
            + "</g>"
        )
    parts.append("</svg>")
    return "".join(parts)
