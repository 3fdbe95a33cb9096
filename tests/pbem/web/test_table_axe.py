"""Accessibility (issue 44, item 4): axe-core (axe-playwright-python) finds no serious or
critical violation on the club page, a game page, a seat page of each of the three games (on
a phone and a desktop screen) and a replay; and a seat's board is played from the keyboard
alone (Tab to a cell, Enter writes it)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import launch_browser
from web_support import DESIGN_A, DESIGN_B, Served
from web_support import Club as Players

from pbem.storage.store import open_store

ALICE, BOB = "alice@example.org", "bob@example.org"
SCREENS = ({"width": 390, "height": 844}, {"width": 1280, "height": 900})


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Players]]:
    """A club with a game of each kind in play and a finished one, served."""
    db = tmp_path_factory.mktemp("axe") / "club.sqlite3"
    store = open_store(db)
    players = Players(store)
    players.game("alpha", turns=1)
    players.game("done")
    players.resign("done")
    for name, create in (("duel", "create duel chess"), ("sk", "create sk battles budget=300")):
        players.send("gm@example.org", create)
        players.seat(name, ALICE)
        players.seat(name, BOB)
    players.as_player("sk", ALICE, DESIGN_A)
    players.as_player("sk", BOB, DESIGN_B)
    store.close()
    served = Served(db)
    try:
        yield served.url, players
    finally:
        served.stop()


def serious(browser: Any, url: str, screen: dict[str, int], sign_in: str = "") -> Counter[str]:
    """axe's violations of a page by impact; `sign_in`: the seat's password first."""
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport=screen, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(url)
        if sign_in:
            page.get_by_label("Password for", exact=False).fill(sign_in)
            page.get_by_role("button", name="Sign in").click()
            page.wait_for_selector("text=Sign out")
        found = Axe().run(page).response["violations"]
        return Counter(f"{v['impact']}: {v['id']}" for v in found for _ in v["nodes"])
    finally:
        context.close()


def test_axe_finds_nothing_serious_on_the_clubs_pages(browser: Any, club: Any) -> None:
    url, players = club
    pages = {
        "club list": (f"{url}/", ""),
        "game page": (f"{url}/games/alpha", ""),
        "replay": (f"{url}/games/done/replay.html", ""),
        "Spaceships seat": (f"{url}/games/alpha/play", players.passwords["alpha", ALICE]),
        "Space Chess seat": (f"{url}/games/duel/play", players.passwords["duel", ALICE]),
        "Battles seat": (f"{url}/games/sk/play", players.passwords["sk", ALICE]),
    }
    counts = {}
    for name, (address, password) in pages.items():
        for screen in SCREENS:
            counts[name, screen["width"]] = serious(browser, address, screen, password)
    print("axe violations (nodes by impact):", {k: dict(v) for k, v in counts.items()})
    bad = {k: v for k, v in counts.items() if any(i.startswith(("serious", "critical")) for i in v)}
    assert bad == {}


def test_the_board_is_played_from_the_keyboard_alone(browser: Any, club: Any) -> None:
    url, players = club
    context = browser.new_context(viewport=SCREENS[0])
    try:
        page = context.new_page()
        page.goto(f"{url}/games/duel/play")
        page.get_by_label("Password for duel").fill(players.passwords["duel", ALICE])
        page.get_by_label("Password for duel").press("Enter")
        page.wait_for_selector("text=Sign out")
        page.locator('#board [data-cell="Eb1"]').focus()  # where Tab brings a player
        page.keyboard.press("Enter")
        page.locator('#board [data-cell="Eb4"]').focus()
        page.keyboard.press(" ")
        if page.locator("#tapmenu").is_visible():
            page.locator("#tapmenu").get_by_role("button", name="Move").focus()
            page.keyboard.press("Enter")
        assert page.locator("#form-orders textarea").input_value() == "Eb1-Eb4"
        assert page.locator('#board [data-cell="Eb1"]').get_attribute("tabindex") == "0"
    finally:
        context.close()
