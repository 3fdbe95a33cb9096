"""The club page in a real browser (chromium, headless), served by `spaceships web` as a keeper
runs it: the list at phone and desktop widths (screenshots kept under the test's tmp dir), a
game's page and its replay followed by a click, and the swap test on what the browser draws;
not one request leaves the club's own address."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Guarded, launch_browser
from web_support import FLEET_B, FLEET_B_SWAPPED, Served, fill
from web_support import Club as WebClub

from pbem.storage.store import open_store


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


def _served(tmp_path: Path, name: str, fleet_b: str = FLEET_B) -> Served:
    db = tmp_path / f"{name}.sqlite3"
    store = open_store(db)
    fill(store, fleet_b)
    store.close()
    return Served(db)


def test_the_list_a_game_and_its_replay_at_phone_and_desktop_width(
    browser: Any, tmp_path: Path
) -> None:
    served = _served(tmp_path, "club")
    try:
        for width, height, name in ((1280, 900, "desktop"), (390, 844, "phone")):
            guarded = Guarded(browser, (served.url + "/",), width, height)
            page = guarded.page
            page.goto(served.url + "/")
            assert page.get_by_role("heading", name="In play").is_visible()
            assert page.get_by_role("link", name="open", exact=True).is_visible()
            assert page.locator("text=secret").count() == 0  # private: not listed
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"{name}: {scroll} px wide"
            page.screenshot(path=str(tmp_path / f"club-{name}.png"), full_page=True)
            page.get_by_role("link", name="open", exact=True).click()
            page.wait_for_load_state("load")  # the board's picture too
            assert page.get_by_role("heading", name="Game open").is_visible()
            board = page.get_by_role("img", name="The public board of open")
            assert board.evaluate("img => img.complete && img.naturalWidth") > 1000
            page.screenshot(path=str(tmp_path / f"game-{name}.png"), full_page=True)
            page.get_by_role("link", name="Step through the game").click()
            page.wait_for_load_state("load")
            assert page.locator("#label").inner_text() == "Setup"
            assert page.locator("#views").is_hidden()  # one view: the onlookers'
            page.keyboard.press("End")
            assert page.locator("#label").inner_text() == "Turn 2"
            assert page.url.endswith("/games/open/replay.html#turn-2")
            page.screenshot(path=str(tmp_path / f"replay-{name}.png"), full_page=True)
            assert guarded.refused == [], guarded.refused
            assert guarded.errors == [], guarded.errors
            guarded.close()
    finally:
        served.stop()


def test_swap_b_fleet_the_browser_draws_the_same_pixels_1_4(browser: Any, tmp_path: Path) -> None:
    shots = []
    for name, fleet in (("one", FLEET_B), ("two", FLEET_B_SWAPPED)):
        served = _served(tmp_path, name, fleet)
        try:
            guarded = Guarded(browser, (served.url + "/",), 1280, 900)
            taken = []
            for path in ("/", "/games/open", "/games/open/replay.html#turn-2"):
                guarded.page.goto(served.url + path, wait_until="load")
                taken.append(guarded.page.screenshot(full_page=True))
            shots.append(taken)
            assert guarded.refused == []
            guarded.close()
        finally:
            served.stop()
    assert shots[0] == shots[1]


def test_a_battles_svg_map_is_sharp_never_enlarged_and_readable_on_a_phone(
    browser: Any, tmp_path: Path
) -> None:
    # Issue 33: the club page shows a battle's map as SVG; at 1280 px never wider than drawn,
    # at 400 px its smallest words (a hex's coordinates, 12 px drawn) at least 9 CSS px.
    served = _served(tmp_path, "club")
    try:
        for width in (1280, 400):
            guarded = Guarded(browser, (served.url + "/",), width, 900)
            page = guarded.page
            page.goto(served.url + "/games/skirmish")
            page.wait_for_load_state("load")
            board = page.get_by_role("img", name="The public board of skirmish")
            assert board.get_attribute("src") == "/games/skirmish/board.svg"
            drawn = board.evaluate("img => img.naturalWidth")
            shown = board.bounding_box()
            assert drawn > 0 and shown is not None
            assert shown["width"] <= drawn + 0.5, (width, shown["width"], drawn)
            assert 12 * shown["width"] / drawn >= 9, (width, shown["width"], drawn)
            assert guarded.refused == [] and guarded.errors == []
            guarded.close()
    finally:
        served.stop()


def test_a_tournament_and_a_players_page_read_at_400_and_1280_px(
    browser: Any, tmp_path: Path
) -> None:
    """Issue 45: the finished Swiss's standings and crosstable, and Alice's page with her rating
    plot, as a phone of 400 px and a desktop show them: nothing wider than the screen but the
    crosstable's own box, the plot's words 9 px or more."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tournament_support import new_table, play_swiss

    db = tmp_path / "swiss.sqlite3"
    store = open_store(db)
    table, gm, people = new_table(store)
    play_swiss(table, gm, people)
    club = WebClub(store)  # Alice's rated games: her page's plot
    for number, other in enumerate(("bob", "carol", "dave"), 1):
        club.game(f"r{number}", turns=1, b=f"{other}@example.org")
        club.resign(f"r{number}", f"{other}@example.org")
    store.close()
    served = Served(db)
    try:
        for width, height, label in ((1280, 900, "desktop"), (400, 844, "phone")):
            guarded = Guarded(browser, (served.url + "/",), width, height)
            page = guarded.page
            page.goto(served.url + "/tournaments/Spring")
            assert page.get_by_role("heading", name="Tournament Spring").is_visible()
            assert page.get_by_role("link", name="Ann").first.is_visible()
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"{label}: {scroll} px wide"
            page.screenshot(path=str(tmp_path / f"tournament-{label}.png"), full_page=True)
            page.goto(served.url + "/players/Alice")
            plot = page.locator(".plot svg")
            assert plot.count() == 1
            box = plot.bounding_box()
            assert box is not None and 300 <= box["width"] <= 400
            smallest = page.evaluate(
                "Math.min(...[...document.querySelectorAll('.plot text')]"
                ".map(t => t.getBoundingClientRect().height))"
            )
            assert smallest >= 9, f"{label}: the plot's words are {smallest} px high"
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"{label}: {scroll} px wide"
            page.screenshot(path=str(tmp_path / f"player-{label}.png"), full_page=True)
    finally:
        served.stop()
