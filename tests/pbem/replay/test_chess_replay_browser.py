"""A Space Chess replay page in a real browser (chromium, headless): opened at a turn's link,
stepped to the end where the result is said, the board's picture shown at each step, and not
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
    shown = page.locator("img").first
    first = shown.get_attribute("src")
    assert first is not None and first.startswith("data:image/png;base64,")
    page.keyboard.press("End")
    assert page.locator("#label").inner_text() == "Turn 6"
    assert "The game is over: Terrans win." in page.locator("#lines").inner_text()
    assert page.locator("img").first.get_attribute("src") != first
    assert guarded.refused == [] and guarded.errors == []
    guarded.close()
