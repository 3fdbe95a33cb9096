"""The battle map (battles.pictures): a PNG of the ships it is given and nothing else, the same
bytes for the same ships (the swap tests of tests/bot compare them), and a readable size."""

from __future__ import annotations

import io

from PIL import Image

from battles.engine.play import play_record
from battles.pictures import SIDE_COLOURS, battle_picture
from notation.battles.parse import parse_record
from spaceships.pictures.draw import GRID

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
    # 480 pixels at least for the ships' lines and the key; no wider than it needs, since a
    # phone shows it about 400 wide and a wider picture shrinks its type (issue 23).
    assert image.format == "PNG" and 480 <= image.width <= 640
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
    assert near[1] <= 1100  # the key under the map takes a few lines more than it did


def _start(further: int = 0) -> list:
    # The judge's start (R16): A's ships at 0,8 facing N, B's at 0,-8 facing S; B's fleet
    # `further` rows further north.
    record = (
        '[Game "Spaceship Battles"]\n'
        "A ship Lancer E-SAI(Gf)I(Xf)IIV-87-1-4 at 0,8 N\n"
        "A ship Warden F-ASIII(Ef)Y(Mf)O-188-2-3 at 1,7 N\n"
        f"B ship Raider C-SSI(Lf)II(Gf)(Rf)D-167-2-3 at 0,{-8 - further} S\n"
        f"B ship Hawk E-AI(Mf)(Gf)IIID-110-2-4 at -1,{-7 - further} S\n"
    )
    return list(play_record(parse_record(record)).state.ships)


def test_two_fleets_far_apart_leave_the_empty_rows_between_them_out() -> None:
    # The start was a 640 x 1270 strip of empty hexes with 9-pixel coordinates (issue 23): the
    # rows between the fleets are left out (a band says how many), so the hexes are larger in
    # a shorter picture.
    width, height = Image.open(io.BytesIO(battle_picture("t", _start()))).size
    assert width <= 640 and height <= 1100, (width, height)
    # Fleets further apart: the same picture but for the count of rows left out.
    apart = battle_picture("t", _start(further=5))
    assert Image.open(io.BytesIO(apart)).size == (width, height)
    assert apart != battle_picture("t", _start())


def _markers(png: bytes, colour: tuple[int, int, int]) -> list[int]:
    """The sizes of the separate patches of this colour, of 30 pixels or more (a marker, not
    the hole of its letter), on the map (not the ships' lines and the key under it). Read from
    the picture's bytes row by row (a pixel at a time took seconds a picture)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = image.size
    data = image.tobytes()
    stride = 3 * width

    def starts(row: bytes, run: bytes) -> list[int]:
        """The pixels (x) where `run` starts in a row of bytes."""
        found, at = [], row.find(run)
        while at != -1:
            if at % 3 == 0:
                found.append(at // 3)
            at = row.find(run, at + 1)
        return found

    # The map's rows: from the first hex edge to the last (a run of grid colour, which no
    # letter of the text under the map has).
    edge = bytes(GRID) * 10
    rows = [
        y
        for y in range(height)
        if any(x < width - 10 for x in starts(data[y * stride : (y + 1) * stride], edge))
    ]
    points = {
        (x, y)
        for y in range(min(rows), max(rows) + 1)
        for x in starts(data[y * stride : (y + 1) * stride], bytes(colour))
    }
    sizes = []
    while points:
        stack, patch = [points.pop()], 1
        while stack:
            px, py = stack.pop()
            for n in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                if n in points:
                    points.remove(n)
                    stack.append(n)
                    patch += 1
        if patch >= 30:
            sizes.append(patch)
    return sizes


def test_ships_in_one_hex_are_drawn_side_by_side_r4() -> None:
    # Up to three A ships and two B ships in one hex: a whole marker for each, all of a size
    # (they used to be drawn over each other, each hiding part of the one before).
    code = "E-SAI(Gf)I(Xf)IIV-87-1-4"
    fleet = [("A", "Ann", "N"), ("A", "Bo", "NE"), ("A", "Cy", "SE"), ("B", "Di", "S")]
    fleet += [("B", "Ed", "SW")]
    for count in (2, 3, 5):
        lines = [f"{side} ship {name} {code} at 0,0 {f}" for side, name, f in fleet[:count]]
        text = '[Game "Spaceship Battles"]\n' + "\n".join(lines) + "\n"
        png = battle_picture("t", play_record(parse_record(text)).state.ships)
        for side in ("A", "B"):
            wanted = sum(1 for s, _n, _f in fleet[:count] if s == side)
            sizes = _markers(png, SIDE_COLOURS[side])
            assert len(sizes) == wanted, (count, side, sizes)
            assert not sizes or max(sizes) <= 1.1 * min(sizes), (count, side, sizes)


def test_fleets_far_apart_sideways_leave_the_empty_columns_between_them_out() -> None:
    # Fleets 16 columns apart made a 752-pixel-wide picture of the smallest hexes, unreadable
    # at a phone's 400 pixels (issue 23): the columns between them are left out like the rows.
    width, height = Image.open(io.BytesIO(battle_picture("t", _spread("0,0", "16,-8")))).size
    assert width <= 640, (width, height)
    # 40 columns apart: the same picture but for the count of columns left out, every ship on
    # the map (none beyond it behind an arrow).
    apart = battle_picture("t", _spread("0,0", "40,-20"))
    assert Image.open(io.BytesIO(apart)).size == (width, height)
    assert apart != battle_picture("t", _spread("0,0", "16,-8"))


def test_no_ship_name_covers_a_marker_a_hex_label_or_another_name(monkeypatch) -> None:
    # A name was drawn over the coordinates of the hex above its ship (issue 23): every name's
    # box, as the map chooses it, keeps off every marker, every hex's q,r and every other name.
    from battles.pictures import map as hexmap
    from notation.labels import choose_boxes, overlap

    seen = []

    def watched(wanted, avoid):
        chosen = choose_boxes(wanted, avoid)
        seen.append((list(avoid), chosen))
        return chosen

    monkeypatch.setattr(hexmap, "choose_boxes", watched)
    for a, b in (("0,0", "16,-8"), ("0,0", "40,-20"), ("0,0", "1,0"), ("0,0", "1,-1")):
        seen.clear()
        battle_picture("t", _spread(a, b))
        ((avoid, chosen),) = seen
        for k, box in enumerate(chosen):
            others = avoid + chosen[:k] + chosen[k + 1 :]
            assert all(overlap(box, other) == 0 for other in others), (a, b, box)


def test_the_labels_of_ships_beyond_the_map_keep_off_markers_hex_labels_and_names(
    monkeypatch,
) -> None:
    # The "beyond the map" name was drawn over a ship marker and a hex's q,r (issue 23).
    from battles.pictures import map as hexmap
    from battles.pictures import words
    from notation.labels import choose_boxes, overlap

    record = '[Game "Spaceship Battles"]\n' + "".join(
        f"A ship S{k} E-A-38-2-0 at 0,{5 * k} N\n" for k in range(5)
    )
    record += "B ship Far E-A-38-2-0 at 1,60 S\nB ship Side E-A-38-2-0 at 30,3 S\n"
    seen = []

    def watched(wanted, avoid):
        chosen = choose_boxes(wanted, avoid)
        seen.append((list(avoid), chosen))
        return chosen

    monkeypatch.setattr(hexmap, "choose_boxes", watched)  # the names on the map
    monkeypatch.setattr(words, "choose_boxes", watched)  # the ships beyond it
    battle_picture("t", play_record(parse_record(record)).state.ships)
    assert len(seen) == 4  # the names on the map, then three ships beyond it, one at a time
    for avoid, chosen in seen:
        for k, box in enumerate(chosen):
            others = avoid + chosen[:k] + chosen[k + 1 :]
            assert all(overlap(box, other) == 0 for other in others), box
