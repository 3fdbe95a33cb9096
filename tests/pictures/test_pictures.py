"""Board pictures [11.3]: what each reader's picture holds, drawn from the views only, readable
without colour, reproducible, and `spaceships show --png`."""

from __future__ import annotations

import io
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

import engine
from engine import Ruleset, new_game
from notation.parse import parse_fleet, parse_orders
from pictures import draw_boards, fleet_picture, observer_picture, player_picture
from pictures.boards import public_picture, reveal_picture
from pictures.draw import Board, draw_cell, kind_of
from spaceships_cli import main

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
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

    samples = [
        (".", "own"),
        ("D", "own"),
        ("d", "own"),
        ("*", "own"),
        ("o", "own"),
        ("#", "enemy"),
        ("x", "enemy"),
        ("K", "enemy"),
    ]
    seen = set()
    for mark, style in samples:
        image = Image.new("RGB", (44, 44), (255, 255, 255))
        draw_cell(ImageDraw.Draw(image), 0, 0, mark, style)  # type: ignore[arg-type]
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
