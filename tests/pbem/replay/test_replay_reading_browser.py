"""The replay pages read on a phone and on a desktop (issue 33, item 3), measured in a real
browser (chromium, headless): at 400 CSS pixels wide every cell name or coordinate on a board
is at least 9 pixels high (the board scrolls sideways rather than shrink them), and at 1280 a
battle map is never drawn wider than it was drawn (no blur, no map three screens tall)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Guarded, launch_browser
from replay_support import run, sample

PHONE = 400
DESKTOP = 1280
LEAST = 9.0  # CSS pixels


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("pages")
    made = {}
    for name in ("spacechess/long.scr", "battles/full-battle.sbr", "game-2.6.1-long.ssr"):
        page = out / (Path(name).stem + ".html")
        done = run("replay", str(sample(name)), "-o", str(page))
        assert done.returncode == 0, done.stderr
        made[name] = page
    return made


def _text_heights(page: Any, pattern: str) -> list[tuple[str, float]]:
    """(text, rendered height in CSS pixels) of every SVG text on the boards matching
    `pattern`, as laid out now (not the shapes kept in <defs> to be placed: a piece's
    letter)."""
    found = page.evaluate(
        """() => [...document.querySelectorAll('#boards svg text')]
             .filter((t) => !t.closest('defs'))
             .map((t) => [t.textContent, t.getBoundingClientRect().height])"""
    )
    return [(text, height) for text, height in found if re.fullmatch(pattern, text)]


def _open(browser: Any, page_file: Path, width: int, step: str) -> Guarded:
    guarded = Guarded(browser, ("file://",), width, 800)
    guarded.page.goto(page_file.as_uri() + "#" + step)
    guarded.page.wait_for_selector("#boards > *", state="attached")
    return guarded


def test_every_space_chess_cell_name_is_9_pixels_high_on_a_phone(
    browser: Any, pages: dict[str, Path]
) -> None:
    guarded = _open(browser, pages["spacechess/long.scr"], PHONE, "turn-40")
    names = _text_heights(guarded.page, r"[A-K][a-d][1-4]|[NS]")
    # Every cell at least once (on the strip, the ghosts, the discs), each name readable.
    assert len({text for text, _ in names}) == 162
    small = [(text, round(h, 1)) for text, h in names if h < LEAST]
    assert small == [], small[:10]
    # The board scrolls sideways rather than shrink: it is wider than the phone's screen.
    box = guarded.page.locator("svg.drawing").bounding_box()
    assert box is not None and box["width"] > PHONE
    assert guarded.refused == [] and guarded.errors == []
    guarded.close()


def test_every_battle_coordinate_is_9_pixels_high_on_a_phone(
    browser: Any, pages: dict[str, Path]
) -> None:
    guarded = _open(browser, pages["battles/full-battle.sbr"], PHONE, "turn-2-fire")
    coordinates = _text_heights(guarded.page, r"-?\d+,-?\d+")
    assert len(coordinates) > 20
    small = [(text, round(h, 1)) for text, h in coordinates if h < LEAST]
    assert small == [], small[:10]
    assert guarded.errors == []
    guarded.close()


def test_the_battle_map_is_never_drawn_wider_than_it_was_drawn(
    browser: Any, pages: dict[str, Path]
) -> None:
    guarded = _open(browser, pages["battles/full-battle.sbr"], DESKTOP, "setup")
    page = guarded.page
    for step in range(6):
        drawn, shown = page.evaluate(
            """() => { const s = document.querySelector('#boards svg');
                       return [s.viewBox.baseVal.width, s.getBoundingClientRect().width]; }"""
        )
        assert shown <= drawn + 0.5, (step, shown, drawn)
        page.keyboard.press("ArrowRight")
    assert guarded.errors == []
    guarded.close()


def test_the_spaceships_grids_keep_their_numbers_9_pixels_high_on_a_phone(
    browser: Any, pages: dict[str, Path]
) -> None:
    guarded = _open(browser, pages["game-2.6.1-long.ssr"], PHONE, "turn-12")
    page = guarded.page
    drawn = page.evaluate("() => JSON.parse(document.getElementById('replay-data').textContent)")
    shown = page.locator(".grids").first.bounding_box()
    assert shown is not None
    # The grids' smallest words are their row numbers, written 16 pixels high in the drawing.
    assert 16 * shown["width"] / drawn["grids"]["width"] >= LEAST
    assert guarded.errors == []
    guarded.close()
