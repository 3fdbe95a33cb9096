"""A replay page in a real browser (chromium, headless): opened at a turn's link, stepped with
the keyboard, the buttons and the slider, a view chosen; at phone width too; and not one
request leaves the file."""

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


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("replay") / "long.html"
    done = run("replay", str(sample("game-2.6.1-long.ssr")), "-o", str(out))
    assert done.returncode == 0, done.stderr
    return out


def _label(page: Any) -> str:
    return page.locator("#label").inner_text()


def test_a_turn_link_opens_there_and_the_keyboard_steps(browser: Any, replay_file: Path) -> None:
    guarded = Guarded(browser, ("file://",), 1280, 900)
    page = guarded.page
    page.goto(replay_file.as_uri() + "#turn-12")
    assert _label(page) == "Turn 12"
    page.keyboard.press("ArrowRight")
    assert _label(page) == "Turn 13" and page.url.endswith("#turn-13")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.url.endswith("#turn-11")
    page.keyboard.press("End")
    assert _label(page) == "Turn 31"
    assert "Game over after turn 31" in page.locator("#lines").inner_text()
    assert page.get_by_role("button", name="Next step").is_disabled()
    page.keyboard.press("Home")
    assert _label(page) == "Setup" and page.url.endswith("#setup")
    page.get_by_role("button", name="Next step").click()
    assert _label(page) == "Turn 1"
    # The slider, as a keyboard user moves it.
    slider = page.get_by_role("slider", name="Step")
    slider.focus()
    page.keyboard.press("ArrowRight")
    assert _label(page) == "Turn 2"
    # A link in the list of steps, followed.
    page.get_by_role("navigation", name="Every step").get_by_role("link", name="Turn 20").click()
    # The link changes the address; the page follows at its `hashchange`, a moment later.
    page.wait_for_function("document.getElementById('label').innerText === 'Turn 20'")
    assert _label(page) == "Turn 20" and page.url.endswith("#turn-20")
    assert guarded.refused == [] and guarded.errors == []
    guarded.close()


def test_each_view_shows_its_boards_and_the_changes_marked(browser: Any, replay_file: Path) -> None:
    guarded = Guarded(browser, ("file://",), 1280, 900)
    page = guarded.page
    page.goto(replay_file.as_uri() + "#turn-3")
    captions = page.locator("figure.board figcaption").all_inner_texts()
    assert captions == ["Alice (A): space", "Bob (B): space"]
    page.get_by_label("Alice (A): what they knew").check()
    captions = page.locator("figure.board figcaption").all_inner_texts()
    assert captions == ["Your space: Alice (A)", "Enemy space as you know it: Bob (B)"]
    assert _label(page) == "Turn 3"  # choosing a view keeps the step
    # Turn 3: A's five strikes missed; each a changed cell of A's picture of B's space.
    enemy = page.locator("figure.board").nth(1)
    marked = enemy.locator(".changed").evaluate_all("els => els.map(e => e.dataset.cell)")
    assert sorted(marked) == ["Bv4", "By2", "Ow5", "Oz2", "Yx5"]
    label = enemy.get_by_role("img").get_attribute("aria-label")
    assert "Changed this step: Bv4 By2 Ow5 Oz2 Yx5" in label
    assert "You: orders Bv4 Ow5 Yx5 Oz2 mRz5 By2" in page.locator("#lines").inner_text()
    page.get_by_label("Onlookers (what both players saw)").check()
    assert "orders" not in page.locator("#lines").inner_text()  # onlookers see results only
    assert guarded.refused == [] and guarded.errors == []
    guarded.close()


def test_at_phone_width_nothing_spills_and_the_buttons_work(
    browser: Any, replay_file: Path, tmp_path: Path
) -> None:
    guarded = Guarded(browser, ("file://",), 390, 844)
    page = guarded.page
    page.goto(replay_file.as_uri() + "#turn-5")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    page.get_by_role("button", name="Previous step").click()
    assert _label(page) == "Turn 4"
    page.screenshot(path=str(tmp_path / "replay-phone.png"), full_page=True)
    assert guarded.refused == [] and guarded.errors == []
    guarded.close()
