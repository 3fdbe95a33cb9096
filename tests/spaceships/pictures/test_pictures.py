"""Board pictures [11.3]: what each reader's picture holds, drawn from the views only, readable
without colour, reproducible, and `spaceships show --png`."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageDraw

from notation.spaceships.parse import parse_cell, parse_fleet, parse_orders
from spaceships import engine
from spaceships.engine import Ruleset, new_game
from spaceships.pictures import draw_boards, fleet_picture, observer_picture, player_picture
from spaceships.pictures.boards import player_boards, public_picture, reveal_picture, umpire_boards
from spaceships.pictures.draw import CELL, Board, draw_cell, key_rows, kind_of
from spaceships_cli import main

SAMPLES = Path(__file__).resolve().parents[3] / "samples"
FLEET_A = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; PC Bz1 Bz2 Bz3 Bz4; "
    "MD Yv3 Yw3 Yx3; LS Oz5"
)
# Two fleets of B with the same cells under every strike below, but placed differently.
FLEET_B1 = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gz1 Gz2 Gz3 Gz4; "
    "MD Yz3 Yz4 Yz5; LS Yv5"
)
FLEET_B2 = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; PC Gv5 Gw5 Gx5 Gy5; "
    "MD Bz3 Bz4 Bz5; LS Yv5"
)


def _game(fleet_b: str, turns: list[tuple[str, str]]) -> engine.GameState:
    ruleset = Ruleset.from_tags("2.6.1")
    state = new_game(ruleset, parse_fleet(FLEET_A), parse_fleet(fleet_b))
    for orders_a, orders_b in turns:
        a = engine.check_orders(state, "A", parse_orders(orders_a))
        b = engine.check_orders(state, "B", parse_orders(orders_b))
        state, _ = engine.adjudicate(state, a, b)
    return state


TURNS = [("Rx4 Bv1 Rv5 Ov5 Gv1", "Oz5 Rv5 Rz1"), ("Gv2 Gv3", "Gx1")]


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data))


# -- 1.4 hidden information: the swap test ---------------------------------------------------
def test_a_players_picture_is_the_same_whatever_the_opponent_hides() -> None:
    one, two = _game(FLEET_B1, TURNS), _game(FLEET_B2, TURNS)
    assert one.player("B").fleet != two.player("B").fleet
    for picture in (
        lambda s: player_picture(engine.player_view(s, "A")),
        lambda s: observer_picture(engine.observer_view(s)),
        public_picture,
    ):
        assert picture(one) == picture(two)


def test_the_owners_own_picture_does_change_with_their_fleet() -> None:
    one, two = _game(FLEET_B1, TURNS), _game(FLEET_B2, TURNS)
    assert player_picture(engine.player_view(one, "B")) != player_picture(
        engine.player_view(two, "B")
    )


def test_the_public_board_shows_no_more_than_the_opponent_knows() -> None:
    state = _game(FLEET_B1, TURNS)
    public = engine.observer_view(state)
    assert public.space_marks("B") == engine.player_view(state, "A").enemy_marks()
    assert public.space_marks("A") == engine.player_view(state, "B").enemy_marks()


def test_the_reveal_is_refused_while_the_game_is_in_play() -> None:
    state = _game(FLEET_B1, TURNS)
    try:
        reveal_picture(state)
    except ValueError as exc:
        assert "1.4.1" in str(exc)
    else:
        raise AssertionError("revealed a game in play")


# -- 11.3 drawing ---------------------------------------------------------------------------
def test_every_kind_of_mark_differs_in_grey_alone() -> None:
    """Colour-blind players tell the marks apart by shape and letter: in greyscale every kind
    of cell still looks different."""
    from PIL import ImageDraw

    samples: list[tuple[str, ...]] = [
        (".", "own"),
        ("D", "own"),
        ("d", "own"),
        ("*", "own"),
        ("o", "own"),
        ("#", "enemy"),
        ("x", "enemy"),
        ("K", "enemy"),
        ("D", "own", "#"),  # own ship the enemy knows is there
        ("D", "own", "D"),  # ... and knows the type of
    ]
    seen = set()
    for mark, style, *known in samples:
        image = Image.new("RGB", (44, 44), (255, 255, 255))
        draw_cell(ImageDraw.Draw(image), 0, 0, mark, style, *known)  # type: ignore[arg-type]
        seen.add(image.convert("L").tobytes())
    assert len(seen) == len(samples)
    assert kind_of("p", "fleet") == "ship"  # a second ship's letter in a fleet is no damage


def test_pictures_are_reproducible_and_fit_a_phone_when_zoomed() -> None:
    state = _game(FLEET_B1, TURNS)
    first = player_picture(engine.player_view(state, "A"), {"A": "Alice", "B": "Bob"})
    again = player_picture(engine.player_view(state, "A"), {"A": "Alice", "B": "Bob"})
    assert first == again
    image = _png(first)
    assert 1000 <= image.width <= 1600 and image.height < image.width


def test_a_fleet_picture_keys_every_ship() -> None:
    image = _png(fleet_picture(parse_fleet(FLEET_A)))
    assert image.height < 500  # one board and one line of key


def test_the_other_colour_order_draws_its_own_grids() -> None:
    board = Board("t", {}, "own")
    assert draw_boards([board], "RYGOB") != draw_boards([board], "ROYGB")


# -- spaceships show --png ----------------------------------------------------------------------
def test_show_writes_the_umpires_and_a_players_picture(tmp_path: Path) -> None:
    record = str(SAMPLES / "game-2.6.1-long.ssr")
    runner = CliRunner()
    for args in ([], ["--player", "A"]):
        out = tmp_path / "board.png"
        result = runner.invoke(main, ["show", record, "--turn", "4", *args, "--png", str(out)])
        assert result.exit_code == 0, result.output
        assert "after turn 4" in result.output
        _png(out.read_bytes())


def test_show_png_of_a_private_record(tmp_path: Path) -> None:
    out = tmp_path / "mine.png"
    record = str(SAMPLES / "private" / "game-2.6.1-long-A.ssr")
    result = CliRunner().invoke(main, ["show", record, "--png", str(out)])
    assert result.exit_code == 0, result.output
    _png(out.read_bytes())


def test_show_png_into_a_missing_folder_says_so(tmp_path: Path) -> None:
    record = str(SAMPLES / "game-2.6.1-long.ssr")
    out = tmp_path / "no" / "such" / "x.png"
    result = CliRunner().invoke(main, ["show", record, "--png", str(out)])
    assert result.exit_code == 2
    assert "cannot write" in result.output and "Traceback" not in result.output


# -- what the enemy knows of a player's own space; the reveal (issue 24) ----------------------
# B scans A's KC at Gx2 and strikes Gx1 and Rv5 (empty); A's KC1 and KC2 touch at Gw3/Gx3.
FLEET_A_TWO_KC = (
    "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; KC1 Gx1 Gx2 Gx3 Gy1 Gy2 Gy3; "
    "KC2 Gv3 Gw3 Gv4 Gw4 Gv5 Gw5; MD Yv3 Yw3 Yx3; LS Oz5; PC Bz1 Bz2 Bz3 Bz4"
)
FLEET_B_TWO_KC = (
    "DS Rx4 Rx5 Ry4 Ry5 Ox4 Ox5 Oy4 Oy5; KC1 Bv1 Bv2 Bv3 Bw1 Bw2 Bw3; "
    "KC2 Rv3 Rw3 Rv4 Rw4 Rv5 Rw5; PC Gz1 Gz2 Gz3 Gz4; MD Yz3 Yz4 Yz5; LS Yv5"
)


def _two_kc_game(turns: list[tuple[str, str]]) -> engine.GameState:
    ruleset = Ruleset.from_tags("2.6.1", ("fleet=cost:30",))
    state = new_game(ruleset, parse_fleet(FLEET_A_TWO_KC), parse_fleet(FLEET_B_TWO_KC))
    for orders_a, orders_b in turns:
        a = engine.check_orders(state, "A", parse_orders(orders_a))
        b = engine.check_orders(state, "B", parse_orders(orders_b))
        state, _ = engine.adjudicate(state, a, b)
    return state


def _cell_box(board: int, cell: str, boards_above: int = 0) -> tuple[int, int, int, int]:
    """Where a cell of the `board`-th board is drawn (ROYGB), as (left, top, right, bottom)."""
    from spaceships.pictures.draw import (
        CELL,
        COLOUR_HEADER,
        GAP,
        LETTER_HEADER,
        MARGIN,
        ROW_LABEL,
        TITLE,
        picture_size,
    )

    colour, letter, number = cell[0], cell[1], int(cell[2])
    board_height = picture_size(1, 0)[1] - 2 * MARGIN
    left = MARGIN + "ROYGB".index(colour) * (ROW_LABEL + 5 * CELL + GAP) + ROW_LABEL
    left += "vwxyz".index(letter) * CELL
    top = MARGIN + board * board_height + TITLE + COLOUR_HEADER + LETTER_HEADER
    top += (number - 1) * CELL
    return left, top, left + CELL, top + CELL


def _inside(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """A cell's box without its edges (where the lines around ships go)."""
    return box[0] + 5, box[1] + 5, box[2] - 5, box[3] - 5


def test_1_4_a_players_own_picture_marks_what_the_enemy_knows_and_only_that() -> None:
    state = _two_kc_game([("Rx4", "sGx2 Gx1 Rv5")])
    view = engine.player_view(state, "A")
    own = player_boards(view)[0]
    # What the enemy knows is what the public board shows of A's space: nothing more.
    assert own.known == engine.observer_view(state).space_marks("A")
    assert own.known is not None and own.known[parse_cell("Gx2")] == "#"
    image = _png(player_picture(view)).convert("L")
    scanned, unscanned = (image.crop(_inside(_cell_box(0, c))).tobytes() for c in ("Gx2", "Gy2"))
    assert scanned != unscanned  # both undamaged KC1 cells: only the scan tells them apart
    # Before the scan the two cells looked alike.
    before = _png(player_picture(engine.player_view(_two_kc_game([]), "A"))).convert("L")
    same = [before.crop(_inside(_cell_box(0, c))).tobytes() for c in ("Gx2", "Gy2")]
    assert same[0] == same[1]


def test_1_4_the_reveal_speaks_to_everyone_and_tells_touching_ships_of_one_type_apart() -> None:
    state = _two_kc_game([("Rx4", "sGx2 Gx1 Rv5")])
    boards = umpire_boards(state)
    rows = key_rows(boards)
    assert not [m for _, _, entries in rows for _, _, m in entries if "your" in m], rows
    assert boards[0].ships[parse_cell("Gx3")] == "KC1"
    assert boards[0].ships[parse_cell("Gw3")] == "KC2"
    image = _png(draw_boards(boards)).convert("RGB")
    # The line between KC2 at Gw3 and KC1 at Gx3 is drawn; inside KC1 (Gx1|Gy1) it is not.
    between = _cell_box(0, "Gx3")
    inside = _cell_box(0, "Gy1")
    assert image.getpixel((between[0], between[1] + 22)) == (20, 20, 20)
    assert image.getpixel((inside[0], inside[1] + 22)) != (20, 20, 20)


def _letter_ink(mark: str) -> set[tuple[int, int]]:
    """The dark pixels of the letter in the middle of one own-space cell drawn alone."""
    image = Image.new("RGB", (CELL, CELL), (255, 255, 255))
    draw_cell(ImageDraw.Draw(image), 0, 0, mark, "own")
    middle = CELL // 2
    return {
        (x, y)
        for x in range(middle - 9, middle + 10)
        for y in range(middle - 10, middle + 11)
        if sum(image.getpixel((x, y))) < 150
    }


@pytest.mark.parametrize("mark", ["l", "h", "k", "d"])
def test_a_destroyed_ship_shows_its_types_capital_under_the_cross(mark: str) -> None:
    # A small `l` (destroyed light scout) reads as `I` in the pictures' font: the cross says
    # destroyed, the letter is the type's one mark everywhere
    # (notation.spaceships.ships.TYPE_MARKS).
    destroyed, whole = _letter_ink(mark), _letter_ink(mark.upper())
    # The same glyph; its edges' smoothing differs a little on the two backgrounds.
    assert len(destroyed ^ whole) <= len(whole) // 5, (len(destroyed ^ whole), len(whole))
