"""The battle map (pictures.hexmap): a PNG of the ships it is given and nothing else, the same
bytes for the same ships (the swap tests of tests/bot compare them), and a readable size."""

from __future__ import annotations

import io

from PIL import Image

from battles.parse import parse_record
from battles.play import play_record
from pictures.hexmap import battle_picture

RECORD = """\
[Game "Spaceship Battles"]
A ship Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,0 N
A ship Mote E-A-38-2-0 at 0,1 N
B ship Raider C-SSI(Lf)II(Gf)(Rf)D-167-2-3 at 0,-5 S
1 initiative A 5 B 3
1 A volley Lancer > Raider (Gf): Gf r5 d6=1; Raider loses S
"""


def _ships():
    return play_record(parse_record(RECORD)).state.ships


def test_the_same_ships_give_the_same_bytes() -> None:
    assert battle_picture("t", _ships()) == battle_picture("t", _ships())


def test_it_is_a_png_wide_enough_to_read_and_draws_only_what_it_is_given() -> None:
    everyone = battle_picture("t", _ships())
    image = Image.open(io.BytesIO(everyone))
    assert image.format == "PNG" and image.width >= 640
    own = battle_picture("t", [s for s in _ships() if s.side == "A"])
    assert own != everyone


def test_damage_changes_the_picture_and_an_empty_map_is_drawn() -> None:
    before = play_record(parse_record(RECORD.rsplit("1 A volley", 1)[0])).state.ships
    assert battle_picture("t", before) != battle_picture("t", _ships())
    assert Image.open(io.BytesIO(battle_picture("nothing yet", []))).format == "PNG"


def _spread(a: str, b: str):
    record = (
        '[Game "Spaceship Battles"]\n'
        f"A ship Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at {a} N\n"
        "A ship Mote E-A-38-2-0 at 0,1 N\n"
        f"B ship Raider C-SSI(Lf)II(Gf)(Rf)D-167-2-3 at {b} S\n"
        "B ship Kite E-A-38-2-0 at 1,-3 S\n"
    )
    return play_record(parse_record(record)).state.ships


def test_ships_that_ran_away_keep_the_picture_bounded_and_are_still_shown() -> None:
    # Two ships 120 hexes apart once made a picture 6654 pixels tall.
    title = "alice-bob: turn 12 of 20, fire resolved, " + "a long title " * 12
    png = battle_picture(title, _spread("0,-60", "40,60"))
    width, height = Image.open(io.BytesIO(png)).size
    assert width <= 1400 and height <= 1200, (width, height)
    # The ship beyond the frame is drawn at the edge: moving it changes the picture.
    assert png != battle_picture(title, _spread("0,-61", "40,60"))
    # Ships that fit are framed whole, as before.
    near = Image.open(io.BytesIO(battle_picture("t", _spread("0,4", "0,-5")))).size
    assert near[1] <= 1000
