"""A Space Chess replay page in a real browser (chromium, headless): opened at a turn's link,
stepped to the end where the result is said, the board drawn once as SVG with each step's
layer over it, and not
one request leaves the file (issue 22)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Guarded, launch_browser
from replay_support import run, sample


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


def test_a_chess_replay_steps_through_the_boards_to_the_result(
    browser: Any, tmp_path: Path
) -> None:
    out = tmp_path / "short.html"
    done = run("replay", str(sample("spacechess/short.scr")), "-o", str(out))
    assert done.returncode == 0, done.stderr
    guarded = Guarded(browser, ("file://",), 1280, 900)
    page = guarded.page
    page.goto(out.as_uri() + "#turn-3")
    assert page.locator("#label").inner_text() == "Turn 3"
    assert "Terrans: Eb1-Eb4 Eb4-Jb2" in page.locator("#lines").inner_text()
    # The board is an SVG drawing: the cells drawn once, the step's pieces a layer over it.
    layer = page.locator("svg.drawing g.layer")
    first = layer.inner_html()
    assert "turn 3" in first and "<use" in first
    page.keyboard.press("End")
    assert page.locator("#label").inner_text() == "Turn 6"
    assert "The game is over: Terrans win." in page.locator("#lines").inner_text()
    assert layer.inner_html() != first
    assert "Terrans win: the enemy command ship" in layer.inner_html()
    assert page.locator("svg.drawing").count() == 1
    assert guarded.refused == [] and guarded.errors == []
    guarded.close()


def test_a_resigned_games_last_step_says_how_it_ended(browser: Any, tmp_path: Path) -> None:
    text = sample("spacechess/short.scr").read_text(encoding="utf-8")
    head, _ = text.split("5 T:", 1)
    record = tmp_path / "resigned.scr"
    record.write_text(head + '[Result "Terrans win"]\n[Termination "resignation"]\n', "utf-8")
    out = tmp_path / "resigned.html"
    assert run("replay", str(record), "-o", str(out)).returncode == 0
    guarded = Guarded(browser, ("file://",), 400, 800)
    page = guarded.page
    page.goto(out.as_uri() + "#turn-2")
    assert page.locator("#ended").is_hidden()  # not before the end
    page.keyboard.press("End")
    assert page.locator("#ended").is_visible()
    assert "ended by resignation" in page.locator("#ended").inner_text()
    assert guarded.refused == [] and guarded.errors == []
    guarded.close()
