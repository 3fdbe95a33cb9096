"""Spaceship Battles pictures: the battle map, as a palette PNG (mail, Discord) or SVG text
(pages), from one drawing.

`frame.py` works out what the map frames (the hexes around the ships, rows and columns left
out between far fleets, ships beyond), `marks.py` how a ship and the key's marks look,
`words.py` where the words go, `map.py` plans and draws the whole picture. See
docs/battles.md.
"""

from __future__ import annotations

from battles.pictures.map import (
    SMALLEST_TEXT,
    MapPlan,
    battle_picture,
    battle_svg,
    draw_map,
    plan_map,
)
from battles.pictures.marks import SIDE_COLOURS, SIDE_SHAPES

__all__ = [
    "SIDE_COLOURS",
    "SIDE_SHAPES",
    "SMALLEST_TEXT",
    "MapPlan",
    "battle_picture",
    "battle_svg",
    "draw_map",
    "plan_map",
]
