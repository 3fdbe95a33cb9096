"""Space Chess pictures (spacechess.pictures): the same position gives the same bytes, in any
process; every cell's name is written and nothing is drawn off the canvas; the strip's ghosts
stand where the cells across a cut really are; what changes on the board changes the picture."""

from __future__ import annotations

import io
import math
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from notation.spacechess.board import CELL_COUNT, NEIGHBOURS, PENTAGONS, line
from notation.spacechess.cells import CELLS, cell_name
from notation.spacechess.pieces import FIGHTER, TERRANS, unit
from spacechess.engine.events import Event
from spacechess.engine.position import Impactor, start
from spacechess.pictures import Scene, Token, board_picture, empty_board_picture, scene_picture
from spacechess.pictures.flat import strip_layout
from spacechess.pictures.marks import KINDS, draw_token
from spacechess.pictures.strip import MARGIN, SPACING, TITLE

ROOT = Path(__file__).resolve().parents[2]


def _cell(name: str) -> int:
    return CELLS[name].number


def _busy_scene() -> Scene:
    """One of every kind for each side, an impactor over a cut, a move, a mine laid, a loss."""
    tokens = {}
    for side, names in (
        (0, ("Ab2", "Ab1", "Ac2", "Ab3", "Aa3")),
        (1, ("Hb2", "Hb1", "Hc2", "Hb3", "Ha3")),
    ):
        for name, kind in zip(
            names, ("command", "gunship", "fighter", "support", "mine"), strict=True
        ):
            tokens[_cell(name)] = Token(side, kind)
    tokens[_cell("Aa1")] = Token(0, "impactor", _cell("Ba1"))  # Ba1 lies across the cut
    return Scene(
        "busy",
        tokens,
        ("Terrans", "Aliens"),
        moves=((_cell("Ac4"), _cell("Ac2")), (_cell("Ea1"), _cell("Aa2"))),
        placed=frozenset({_cell("Aa3")}),
        lost={_cell("Cc2"): Token(1, "fighter")},
    )


def test_the_same_position_gives_the_same_bytes() -> None:
    assert board_picture(start(), "t") == board_picture(start(), "t")
    assert scene_picture(_busy_scene()) == scene_picture(_busy_scene())


def test_the_bytes_do_not_depend_on_the_process() -> None:
    # Sets and dicts iterate in another order under another hash seed: the picture must not.
    code = (
        "import sys, hashlib; from spacechess.pictures import board_picture;"
        "from spacechess.engine.position import start;"
        "sys.stdout.write(hashlib.sha256(board_picture(start(), 't')).hexdigest())"
    )
    digests = set()
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
        run = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        digests.add(run.stdout)
    assert len(digests) == 1


class _Spy:
    """Records every text and shape drawn, to check names and bounds."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, tuple[float, float, float, float]]] = []
        self.points: list[tuple[float, float]] = []
        real_text, real_polygon = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.polygon
        spy = self

        def text(draw, xy, text, *args, **kwargs):  # type: ignore[no-untyped-def]
            spy.texts.append(
                (
                    text,
                    draw.textbbox(xy, text, font=kwargs.get("font"), anchor=kwargs.get("anchor")),
                )
            )
            return real_text(draw, xy, text, *args, **kwargs)

        def polygon(draw, xy, *args, **kwargs):  # type: ignore[no-untyped-def]
            spy.points.extend(xy)
            return real_polygon(draw, xy, *args, **kwargs)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
        monkeypatch.setattr(ImageDraw.ImageDraw, "polygon", polygon)


def test_every_cell_name_is_written_and_nothing_leaves_the_canvas(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spy = _Spy(monkeypatch)
    png = scene_picture(_busy_scene())
    image = Image.open(io.BytesIO(png))
    written = {text for text, _ in spy.texts}
    assert {cell_name(c) for c in range(CELL_COUNT)} <= written
    for text, (x0, y0, x1, y1) in spy.texts:
        assert 0 <= x0 and x1 <= image.width and 0 <= y0 and y1 <= image.height, text
    for x, y in spy.points:
        assert 0 <= x <= image.width and 0 <= y <= image.height


def test_the_picture_is_wide_enough_to_read_and_names_the_sides() -> None:
    image = Image.open(io.BytesIO(board_picture(start(), "t")))
    assert image.format == "PNG" and 1000 <= image.width <= 1600
    # The strip alone, for a short message, is shorter than with the hemispheres.
    alone = Image.open(io.BytesIO(board_picture(start(), "t", globes=False)))
    assert alone.width == image.width and alone.height < image.height


def test_every_cell_has_one_home_on_the_strip_and_ghosts_only_beside_cuts() -> None:
    layout = strip_layout(SPACING, MARGIN, TITLE)
    homes = [p for p in layout.places if not p.ghost]
    # Each cell once at home; the poles are also drawn at their other 4 tips.
    assert sorted(p.cell for p in homes) == list(range(CELL_COUNT))
    for ghost in (p for p in layout.places if p.ghost):
        beside = [
            h
            for h in homes
            if abs(math.dist((h.x, h.y), (ghost.x, ghost.y)) - SPACING) < 1
            and ghost.cell in NEIGHBOURS[h.cell]
        ]
        # A ghost is drawn next to a cell whose neighbour it really is, in the direction the
        # lattice gives that neighbour.
        assert beside, cell_name(ghost.cell)
        for h in beside:
            if h.cell in PENTAGONS:
                continue
            angle = math.atan2(ghost.y - h.y, ghost.x - h.x)
            want = layout.direction(h.cell, ghost.cell)
            assert abs(math.remainder(angle - want, 2 * math.pi)) < 1e-6


def test_straight_lines_are_straight_on_the_strip_away_from_the_cuts() -> None:
    """A line of play drawn on the strip keeps its direction from cell to cell (the strip
    is the rhombi laid flat, so within a rhombus every line is a straight row of hexagons)."""
    layout = strip_layout(SPACING, MARGIN, TITLE)
    start_cell, towards = _cell("Ab2"), _cell("Ab3")
    cells = [start_cell, *line(start_cell, towards, 2)]
    xs = [layout.home[c].x for c in cells]
    ys = [layout.home[c].y for c in cells]
    assert xs[2] - xs[1] == pytest.approx(xs[1] - xs[0])
    assert ys[2] - ys[1] == pytest.approx(ys[1] - ys[0])


def test_a_move_a_loss_and_an_impactor_change_the_picture() -> None:
    before = start()
    fighter = next(c for c, code in before.units() if code == unit(TERRANS, FIGHTER))
    free = next(n for n in NEIGHBOURS[fighter] if before.is_free(n))
    board = list(before.board)
    board[fighter], board[free] = 0, board[fighter]
    after = replace(before, board=tuple(board))
    moved = [Event("moved", (fighter, free), unit(TERRANS, FIGHTER))]
    plain = board_picture(after, "t")
    assert board_picture(before, "t") != plain
    assert board_picture(after, "t", moved) != plain
    # The impactor's heading is drawn: the same impactor flying the other way looks different.
    a, b = _cell("Cc2"), _cell("Cc3")
    there = replace(after, impactors=(Impactor(b, a, TERRANS),))
    back = replace(after, impactors=(Impactor(a, b, TERRANS),))
    assert board_picture(there, "t") != board_picture(back, "t")


def test_each_kind_of_piece_looks_different_for_each_side() -> None:
    """Shape and fill differ by kind and side; so do the pixels, with no colour at all."""
    looks = set()
    for side in (0, 1):
        for kind in KINDS:
            image = Image.new("RGB", (60, 60), (255, 255, 255))
            draw_token(ImageDraw.Draw(image), 30, 30, 18, Token(side, kind), 0.0)
            looks.add(image.convert("1").tobytes())  # black and white: shape and fill only
    assert len(looks) == 2 * len(KINDS)


def test_the_docs_picture_is_the_one_the_script_draws() -> None:
    """docs/space-chess-board.png is remade by bench/space_chess_pictures.py when the drawing
    changes (pixels compared, not bytes: another zlib may pack them differently)."""
    committed = Image.open(ROOT / "docs" / "space-chess-board.png")
    drawn = Image.open(io.BytesIO(empty_board_picture()))
    assert committed.size == drawn.size and committed.tobytes() == drawn.tobytes()
