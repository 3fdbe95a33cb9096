"""The game table on a phone (issue 44, items 1, 3, 4 and 6): a whole game of each of the three
games played in a real browser (chromium) on a touch phone's screen (390 x 844) by tapping only,
no typing, an onlooker watching; the seat pages never scroll sideways and load no picture; and
axe-core finds no serious or critical violation on the club page, a game page, the seat pages
and a replay."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_support import launch_browser
from web_support import FLEET_A, Served
from web_support import Club as Players

from pbem.storage.store import open_store

WAIT = 20_000  # ms: a loaded machine; a page follows the game within a second
PHONE = {"width": 390, "height": 844}
ALICE, BOB = "alice@example.org", "bob@example.org"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


class Phone:
    """A player's (or an onlooker's) phone: its own cookies, touch, a 390 px wide screen; every
    request but the club's own refused and listed, with every picture it loads."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        self.page = self.context.new_page()
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.pictures: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

        def route(route: Any) -> None:
            if route.request.resource_type == "image":
                self.pictures.append(route.request.url)
            if route.request.url.startswith(url + "/"):
                route.continue_()
            else:
                self.refused.append(route.request.url)
                route.abort()

        self.page.route("**/*", route)

    def sign_in(self, url: str, name: str, password: str) -> None:
        # The password comes from the judge's mail: the one thing written, not tapped.
        self.page.goto(url + f"/games/{name}/play")
        self.page.get_by_label(f"Password for {name}").fill(password)
        self.page.get_by_role("button", name="Sign in").tap()
        self.page.wait_for_selector("text=Sign out")

    def choices(self) -> dict[str, Any]:
        """The seat's choices on the page, once its board reads taps."""
        self.page.wait_for_selector("#board[data-ready]", state="attached")
        found: dict[str, Any] = json.loads(self.page.inner_text("#choices"))
        return found

    def tap_cell(self, cell: str, board: str = "") -> None:
        """A tap on a cell, once the page has read it (a touch's click comes after the tap)."""
        where = f'[data-board="{board}"]' if board else ""
        self.page.wait_for_selector("#board[data-ready]", state="attached")
        before = self.page.locator("#board").get_attribute("data-taps") or "0"
        self.page.locator(f'#board [data-cell="{cell}"]{where}').tap()
        self.page.wait_for_function(
            f"() => document.getElementById('board').getAttribute('data-taps') !== '{before}'"
        )

    def tap_button(self, label: str) -> None:
        self.page.wait_for_selector("#board[data-ready]", state="attached")
        self.page.locator("#tools").get_by_role("button", name=label, exact=True).tap()

    def choose(self, label: str) -> None:
        """A choice of the small menu a tap opens when a cell allows several."""
        menu = self.page.locator("#tapmenu")
        if menu.is_visible():
            menu.get_by_role("button", name=label).tap()

    def box(self, command: str) -> str:
        return str(self.page.locator(f"#form-{command} textarea").input_value())

    def send(self, command: str) -> None:
        with self.page.expect_navigation():
            self.page.locator(f"#form-{command} button[type=submit]").tap()

    def fits(self) -> None:
        """Nothing scrolls the page sideways on the phone [issue 44, item 3]."""
        wide = self.page.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE["width"], wide


@contextmanager
def table(browser: Any, tmp_path: Path, create: str, name: str) -> Iterator[tuple[Any, ...]]:
    """A game made by mail, Alice and Bob signed in on phones of their own, an onlooker's
    phone on the game's public page; all closed after."""
    db = tmp_path / "club.sqlite3"
    store = open_store(db)
    players = Players(store)
    players.send("gm@example.org", create)
    players.seat(name, ALICE)
    players.seat(name, BOB)
    store.close()
    served = Served(db)
    alice, bob, onlooker = (Phone(browser, served.url) for _ in range(3))
    try:
        alice.sign_in(served.url, name, players.passwords[name, ALICE])
        bob.sign_in(served.url, name, players.passwords[name, BOB])
        onlooker.page.goto(served.url + f"/games/{name}")
        yield db, served.url, alice, bob, onlooker
        for phone in (alice, bob, onlooker):
            assert phone.refused == [] and phone.errors == [], (phone.refused, phone.errors)
        assert alice.pictures == [] and bob.pictures == []  # no seat page loads a picture
    finally:
        for phone in (alice, bob, onlooker):
            phone.context.close()
        served.stop()


def _cells(fleet: str) -> list[list[str]]:
    return [ship.split()[1:] for ship in re.split(r"[;\n]", fleet) if ship.strip()]


def test_a_whole_game_of_spaceships_tapped_on_phones_1_4_3_7_4_4_1(
    browser: Any, tmp_path: Path
) -> None:
    with table(browser, tmp_path, "create alpha", "alpha") as (db, url, alice, bob, onlooker):
        alice.fits()
        assert alice.page.locator("#board").is_visible()
        # Alice places her fleet ship by ship, tapping its cells; the box writes the notation.
        written = []
        for ship in FLEET_A.split(";"):
            kind, *cells = ship.split()
            alice.page.locator("#tools button", has_text=f"{kind}, ").tap()
            for cell in cells:
                alice.tap_cell(cell, "own")
            written.append(f"{kind} {' '.join(cells)};")
        assert alice.box("fleet") == " ".join(written)
        alice.send("fleet")
        assert "accepted" in alice.page.inner_text("#form-fleet-said")
        bob.tap_button("Random")  # a random fleet on request
        bob.send("fleet")
        alice.page.wait_for_selector("#form-orders", timeout=WAIT)
        store = open_store(db)
        fleet_b = store.players(store.game("alpha", lock=False).id)["B"].fleet or ""
        store.close()
        targets = [c for cells in _cells(fleet_b) for c in cells]
        turn = 1
        while True:
            alice.page.wait_for_selector(f"#todo:has-text('turn {turn}')", timeout=WAIT)
            alice.fits()
            found = alice.choices()
            assert found["entitled"].split(",")[0].endswith("conventional strikes")
            strikes = next(t for t in found["tools"] if t["key"] == "strike")["count"]
            shot, targets = targets[:strikes], targets[strikes:]
            for cell in shot:
                alice.tap_cell(cell, "enemy")
            assert alice.box("orders") == " ".join(shot)
            assert f"Strike ({len(shot)} of {strikes})" in alice.page.inner_text("#tools")
            alice.send("orders")
            assert "accepted" in alice.page.inner_text("#form-orders-said")
            assert "Your orders are in" in alice.page.inner_text("#sent")
            bob.page.wait_for_selector("#form-orders", timeout=WAIT)
            bob.tap_button("No actions")
            bob.send("orders")
            if not targets:
                break
            turn += 1
        for phone in (alice, bob):
            phone.page.wait_for_selector("text=The game is over.", timeout=WAIT)
        onlooker.page.wait_for_selector("text=Step through the game", timeout=WAIT)


SHORT = (  # samples/spacechess/short.scr: the Aliens fire into their own command ship [SC6]
    ("A", ["M@Ab2"]),
    ("B", ["M@Hb4", "M@Gd2"]),
    ("A", ["Eb1-Eb4", "Eb4-Jb2"]),
    ("B", ["Jd4-Jd2", "Hd3-Hd2"]),
    ("A", ["Jb2-Dc2", "M@Aa3"]),
    ("B", ["Jd2>Jd3", "Gd4-Fd4"]),
)
LABELS = {"-": "Move", ">": "Fire an impactor", "@": "Lay a mine"}


def _tap_action(phone: Phone, tools: list[dict[str, Any]], action: str) -> None:
    """Tap the ship (or support ship), then the cell: the board's way to write `action`."""
    for tool in tools:
        for start, ends in tool.get("pairs", {}).items():
            for end, text in ends.items():
                if text == action:
                    phone.tap_cell(start)
                    phone.tap_cell(end)
                    phone.choose(LABELS[re.sub(r"[^->@]", "", action)[0]])
                    return
    raise AssertionError(f"{action} is not among the choices")


def test_a_whole_game_of_space_chess_tapped_on_phones_sc2_sc6(browser: Any, tmp_path: Path) -> None:
    with table(browser, tmp_path, "create duel chess", "duel") as (db, url, alice, bob, onlooker):
        assert bob.page.locator("#form-orders").count() == 0  # the Terrans act first [SC2]
        for number, (seat, actions) in enumerate(SHORT, 1):
            phone = alice if seat == "A" else bob
            phone.page.wait_for_selector("#form-orders", timeout=WAIT)
            phone.fits()
            found = phone.choices()
            assert found["turn"] == number
            _tap_action(phone, found["tools"], actions[0])
            if len(actions) > 1:
                _tap_action(phone, found["then"][actions[0]], actions[1])
            assert phone.box("orders") == " ".join(actions)
            phone.send("orders")
            assert "Refused" not in phone.page.inner_text("body")
        for phone in (alice, bob):
            phone.page.wait_for_selector("text=The game is over.", timeout=WAIT)
        onlooker.page.wait_for_selector("text=Terrans win", timeout=WAIT)


def test_a_whole_battle_tapped_on_phones_r16_iii_iv(browser: Any, tmp_path: Path) -> None:
    create = "create sk battles budget=300 turns=1"
    with table(browser, tmp_path, create, "sk") as (db, url, alice, bob, onlooker):
        # Alice builds a ship from the tables: hull, systems, a start hex, the code as she goes.
        alice.fits()
        builder = alice.page.locator(".builder")
        for system in ("S Shield", "A Armor", "I Engine", "G Gun", "I Engine"):
            builder.get_by_role("button", name=re.compile(f"^{system} ")).tap()
        assert "E-SAI(Gf)I: 54 points" in builder.inner_text()
        alice.tap_cell("1,7")
        builder.get_by_role("button", name="Add this ship").tap()
        assert alice.box("design") == "Ship1 E-SAI(Gf)I at 1,7 N"
        alice.send("design")
        assert "accepted" in alice.page.inner_text("#form-design-said")
        bob.fits()
        bob.tap_button("Random")  # a design within the budget, on request [V.C]
        bob.send("design")
        # Movement: Alice taps a ship of hers, then where it goes (a menu of facings).
        alice.page.wait_for_selector("#form-orders", timeout=WAIT)
        alice.fits()
        found = alice.choices()
        move = next(t for t in found["tools"] if t["key"].startswith("move-"))
        start, ends = next(iter(move["pairs"].items()))
        end, line = next(iter(ends.items()))
        alice.tap_cell(start)
        alice.tap_cell(end)
        if alice.page.locator("#tapmenu").is_visible():
            alice.page.locator("#tapmenu").get_by_role(
                "button", name=move["label"], exact=True
            ).tap()
        assert alice.box("orders") == line
        alice.send("orders")
        bob.page.wait_for_selector("#form-orders", timeout=WAIT)
        bob.tap_button("Nothing this phase")
        bob.send("orders")
        # Fire: out of reach at the start, both hold their fire; the turn limit ends it [R12].
        for phone in (alice, bob):
            phone.page.wait_for_selector("#todo:has-text('fire')", timeout=WAIT)
            phone.tap_button("Nothing this phase")
            phone.send("orders")
        for phone in (alice, bob):
            phone.page.wait_for_selector("text=The game is over.", timeout=WAIT)
        onlooker.page.wait_for_selector("text=Step through the game", timeout=WAIT)
