"""Space Chess pictures as SVG and what they say (issue 33): the SVG is the PNG's own drawing
(every cell named, the same canvas); the end picture says who won and how; an impactor's flight
in the next battle stage is drawn, straight on and stopping where it will hit [SC7]; moves on
the two hemispheres carry arrowheads and no mark leaves its disc; a turn's PNG fits a mailbox."""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from PIL import Image

from notation.spacechess.board import CELL_COUNT, NEIGHBOURS, is_pentagon
from notation.spacechess.cells import CELLS, cell_name
from notation.spacechess.pieces import ALIENS, SIDE_NAMES, TERRANS
from notation.spacechess.record import Record
from notation.vector import VectorDraw
from spacechess.engine.check import replay
from spacechess.engine.events import Event
from spacechess.engine.position import Impactor, start
from spacechess.pictures import Scene, Token, board_picture, board_svg, scene_picture, scene_svg
from spacechess.pictures.globe import (
    CAPTION,
    GAP,
    MARGIN,
    RADIUS,
    draw_globes_marks,
    draw_globes_pieces,
    globe_width,
)
from spacechess.pictures.marks import MOVED
from spacechess.pictures.picture import canvas_size
from spacechess.pictures.scenes import flight_path, position_scene

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"


def _cell(name: str) -> int:
    return CELLS[name].number


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_the_svg_is_the_pngs_drawing_every_cell_named_on_one_canvas() -> None:
    scene = position_scene(start(), "The start")
    svg = scene_svg(scene)
    root = ET.fromstring(svg)  # well-formed XML a browser draws as it is
    png = Image.open(io.BytesIO(scene_picture(scene)))
    assert root.get("viewBox") == f"0 0 {png.width} {png.height}"
    assert (png.width, png.height) == canvas_size(scene)
    written = set(_texts(svg))
    assert {cell_name(c) for c in range(CELL_COUNT)} <= written and "The start" in written
    # Each unit is placed from a look kept once (<symbol>), not drawn again and again.
    uses = list(root.iter(f"{SVG}use"))
    looks = [s.get("id") for s in root.iter(f"{SVG}symbol")]
    assert len(uses) >= len(start().units()) and len(set(looks)) == len(looks) < len(uses)


def test_the_end_picture_says_who_won_and_how() -> None:
    won = Event("won", side=TERRANS, why="the enemy command ship is destroyed [SC11]")
    svg = board_svg(start(), "the end", (won,))
    assert f"{SIDE_NAMES[TERRANS]} win: the enemy command ship is destroyed [SC11]" in _texts(svg)
    drawn = Event("drawn", why="12 turns in a row without a loss [SC12]")
    assert "Drawn: 12 turns in a row without a loss [SC12]" in _texts(
        board_svg(start(), "t", (drawn,))
    )
    # Off the board (a resignation): the caller says how, and the picture says it.
    resigned = board_svg(start(), "the end", outcome="Aliens win: the Terrans resigned")
    assert "Aliens win: the Terrans resigned" in _texts(resigned)
    # And the PNG too: it differs from the same board without the words.
    assert board_picture(start(), "t", (won,)) != board_picture(start(), "t")


def test_the_sample_games_last_board_says_how_it_ended() -> None:
    record = Record.parse((ROOT / "samples/spacechess/short.scr").read_text(encoding="utf-8"))
    played = replay(record)
    last = played.steps[-1]
    events = [e for s in played.steps if s.turn == last.turn for e in s.events]
    svg = board_svg(last.position, "the end", events)
    assert any(t.startswith("Terrans win: ") and "[SC11]" in t for t in _texts(svg))


def test_an_impactors_flight_goes_straight_on_four_cells_or_to_what_it_hits_sc7() -> None:
    a, b = _cell("Cc2"), _cell("Cc3")
    empty = replace(start(), board=(0,) * CELL_COUNT)
    path = flight_path(empty, a, b)
    assert path[0] == b and 2 <= len(path) <= 5
    for behind, here, ahead in zip(path, path[1:], path[2:], strict=False):
        assert here in NEIGHBOURS[behind] and ahead in NEIGHBOURS[here]
    if len(path) < 5:
        assert is_pentagon(path[-1])  # cut short only by a hole
    # A unit on its way: the flight ends there (the hit).
    board = list(empty.board)
    board[path[2]] = start().board[next(c for c, _ in start().units(ALIENS))]
    blocked = replace(empty, board=tuple(board))
    assert flight_path(blocked, a, b) == path[:3]
    # And it is drawn: the same impactor with and without its flight differ.
    flying = replace(empty, impactors=(Impactor(b, a, TERRANS),))
    scene = position_scene(flying, "t")
    assert scene.flights == (path,)
    assert scene_svg(scene) != scene_svg(replace(scene, flights=()))


def _disc_centres(width: int, top: int) -> list[tuple[float, float]]:
    left = (width - globe_width()) // 2 + MARGIN
    cy = top + CAPTION + RADIUS + MARGIN
    return [(left + RADIUS + k * (2 * RADIUS + GAP), cy) for k in (0, 1)]


def _numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]


def test_on_the_hemispheres_moves_carry_arrowheads_and_nothing_leaves_its_disc() -> None:
    # A move from every hexagon to each neighbour, a piece and a loss on every cell, an
    # impactor's flight from each: the busiest the discs can be, rim included.
    cells = [c for c in range(CELL_COUNT) if not is_pentagon(c)]
    moves = tuple((c, n) for c in cells for n in NEIGHBOURS[c] if not is_pentagon(n))
    tokens = {c: Token(c % 2, ("gunship", "fighter", "mine")[c % 3]) for c in cells}
    scene = Scene(
        "busy",
        tokens,
        SIDE_NAMES,
        moves,
        frozenset(cells),
        {c: Token(0, "support") for c in cells[::5]},
        tuple((c, NEIGHBOURS[c][0]) for c in cells[::7]),
    )
    width = globe_width()
    draw = VectorDraw()
    draw_globes_marks(draw, width, 0, scene)
    draw_globes_pieces(draw, width, 0, scene)
    centres = _disc_centres(width, 0)
    heads = 0
    for element in draw.elements:
        if element.startswith("<text"):
            continue  # a name is written only on a cell facing the viewer, inside its disc
        attrs = dict(re.findall(r"([a-z0-9-]+)=['\"]([^'\"]*)['\"]", element))
        if element.startswith("<use"):
            x, y = _numbers(attrs["transform"])[:2]
            reach = float(attrs["width"]) / 3 * 1.4  # a piece's furthest point from its centre
            points = _round(x, y, reach)
        elif element.startswith(("<circle", "<ellipse")):
            r = float(attrs.get("r", attrs.get("rx", 0))) + float(attrs.get("stroke-width", 1)) / 2
            points = _round(float(attrs["cx"]), float(attrs["cy"]), r)
        elif element.startswith("<line"):
            points = [
                (float(attrs["x1"]), float(attrs["y1"])),
                (float(attrs["x2"]), float(attrs["y2"])),
            ]
        else:
            numbers = _numbers(attrs["points"])
            points = list(zip(numbers[::2], numbers[1::2], strict=True))
            heads += attrs.get("fill") == "#{:02x}{:02x}{:02x}".format(*MOVED)
        for px, py in points:
            inside = min(math.dist((px, py), c) for c in centres)
            assert inside <= RADIUS + 1.5, (element[:80], inside)
    assert heads > 100  # the moves between cells facing the viewer end in a head


def _round(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [
        (x + r * math.cos(k * math.pi / 12), y + r * math.sin(k * math.pi / 12)) for k in range(24)
    ]


def test_a_turns_picture_is_a_small_palette_png_for_a_mailbox() -> None:
    # The busiest board of the 75-turn sample (most pieces and impactors), as mail sends it.
    record = Record.parse((ROOT / "samples/spacechess/long.scr").read_text(encoding="utf-8"))
    played = replay(record)
    busiest = max(played.steps, key=lambda s: len(s.position.units()) + len(s.position.impactors))
    events = [e for s in played.steps if s.turn == busiest.turn for e in s.events]
    png = board_picture(busiest.position, f"long: after turn {busiest.turn}", events)
    image = Image.open(io.BytesIO(png))
    assert image.mode == "P" and len(png) <= 60_000, len(png)
    # Every ink kept apart: the sides' colours and last turn's orange are all there.
    colours = {tuple(image.getpalette()[3 * i : 3 * i + 3]) for _, i in image.getcolors()}
    assert {(0, 114, 178), (213, 94, 0), MOVED} <= colours


def test_a_game_ended_off_the_board_says_so_on_its_end_picture() -> None:
    # The judge's end picture (a resignation, a draw agreed): the outcome it keeps, in words.
    from types import SimpleNamespace

    from spacechess.judge.show import outcome_words

    resigned = SimpleNamespace(outcome={"winner": "B", "reason": "alice resigned"})
    agreed = SimpleNamespace(outcome={"winner": None, "reason": "drawn by agreement [SC12]"})
    cancelled = SimpleNamespace(outcome={"winner": None, "reason": "cancelled by the game master"})
    assert outcome_words(resigned) == "Aliens win: alice resigned"  # type: ignore[arg-type]
    assert outcome_words(agreed) == "Drawn: drawn by agreement [SC12]"  # type: ignore[arg-type]
    said = outcome_words(cancelled)  # type: ignore[arg-type]
    assert said == "No winner: cancelled by the game master"
