"""Names on the battle map (notation.labels, battles.pictures): a name never covers a ship's
marker or another name when there is room for it elsewhere, so ships in neighbouring hexes
stay readable."""

from __future__ import annotations

import io

from PIL import Image

from battles.engine.state import ShipState
from battles.pictures import SIDE_COLOURS, battle_picture
from notation.battles.codes import ShipCode
from notation.battles.hexes import Hex
from notation.labels import choose_boxes, overlap

CODE = ShipCode.parse("E-SAI(Gf)I(Xf)IIV-87-1-4")


def _fleet(places: list[tuple[str, str, int, int, str]]) -> list[ShipState]:
    return [ShipState.start(n, side, CODE, Hex(q, r), f) for n, side, q, r, f in places]


def _coloured(png: bytes) -> dict[str, int]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    counts = {side: 0 for side in SIDE_COLOURS}
    for pixel in image.get_flattened_data():
        for side, colour in SIDE_COLOURS.items():
            if pixel == colour:
                counts[side] += 1
    return counts


def test_a_label_takes_the_first_free_place_and_moves_aside_for_another() -> None:
    first = [(0.0, 0.0, 10.0, 5.0), (0.0, 10.0, 10.0, 15.0)]
    second = [(5.0, 0.0, 15.0, 5.0), (5.0, 20.0, 15.0, 25.0)]
    assert choose_boxes([first, second], []) == [first[0], second[1]]
    # Something already drawn there counts too.
    assert choose_boxes([first], [(0.0, 0.0, 3.0, 3.0)]) == [first[1]]
    # With no free place, the one covering least.
    assert choose_boxes([[(0.0, 0.0, 10.0, 10.0), (8.0, 0.0, 18.0, 10.0)]], [(0, 0, 9, 9)]) == [
        (8.0, 0.0, 18.0, 10.0)
    ]
    assert overlap((0, 0, 2, 2), (2, 0, 4, 2)) == 0


def test_no_name_covers_a_ships_marker_when_ships_crowd_neighbouring_hexes() -> None:
    places = [("A", 0, 0, "N"), ("A", 1, 0, "N"), ("B", 1, -1, "S"), ("B", 0, -1, "S")]
    places += [("A", 2, -1, "N"), ("B", -1, 0, "S")]
    long = ["Lancer Prime", "Warden", "Raider", "Hawkeye", "Kite of Orion", "Falcon"]
    short = ["L", "W", "R", "H", "K", "F"]
    # The same markers in the same places: every one is whole under long names too, as many
    # pixels in each side's colour as under one-letter names.
    pictures = [
        battle_picture("t", _fleet([(n, *p) for n, p in zip(names, places, strict=True)]))
        for names in (long, short)
    ]
    assert _coloured(pictures[0]) == _coloured(pictures[1])
