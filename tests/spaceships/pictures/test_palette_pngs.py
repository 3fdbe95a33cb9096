"""Spaceships' pictures by mail are palette PNGs of exact inks, as the other games' are (issue
47, item 13): a long game's view about a sixth of the full-colour PNG it was."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from notation.spaceships.parse import parse_record
from spaceships.engine import observer_view, player_view
from spaceships.engine.game import play_record
from spaceships.pictures import observer_picture, player_picture

LONG = Path(__file__).resolve().parents[3] / "samples" / "game-2.6.1-long.ssr"


def test_a_long_games_pictures_are_small_palette_pngs() -> None:
    state = play_record(parse_record(LONG.read_text(encoding="utf-8"))).state
    assert state is not None
    for png in (player_picture(player_view(state, "A")), observer_picture(observer_view(state))):
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.mode == "P", image.mode
        assert len(png) < 25_000, len(png)  # 91 kB in full colour before
        assert len(image.convert("RGB").getcolors(256) or ()) <= 16  # exact inks, no smoothing
