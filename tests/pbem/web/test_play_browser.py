"""A whole game of Spaceships played in a real browser (chromium, headless) between two
browser contexts, with an onlooker's context watching, over `spaceships web` as a keeper runs
it (issue 35, item 6): signing in, a slip and its refusal beside the field, a reload mid-turn,
a turn resolved while the other page is open (the page follows by itself), the resignation;
no request leaves the club's own address, and the script raises no error."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_support import launch_browser
from web_support import DESIGN_A, DESIGN_B, FLEET_A, FLEET_B, FLEET_B_SWAPPED, Served
from web_support import Club as Players

from pbem.storage.store import open_store

WAIT = 20_000  # ms: a loaded machine; the page itself follows within a second


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


class Seat:
    """One browser context: its own cookies, as a player's own browser."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1100, "height": 900})
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))

        def route(route: Any) -> None:
            if route.request.url.startswith(url + "/"):
                route.continue_()
            else:
                self.refused.append(route.request.url)
                route.abort()

        self.page.route("**/*", route)

    def sign_in(self, url: str, password: str, game: str = "alpha") -> None:
        self.page.goto(url + f"/games/{game}")
        self.page.get_by_role("link", name="Play", exact=True).click()
        self.page.get_by_label(f"Password for {game}").fill(password)
        self.page.get_by_role("button", name="Sign in").click()
        self.page.wait_for_selector("text=Sign out")

    def send(self, form: str, text: str | None) -> None:
        if text is not None:
            self.page.locator(f"#form-{form} textarea").fill(text)
        with self.page.expect_navigation():
            self.page.locator(f"#form-{form} button").click()


@contextmanager
def seated(
    browser: Any, tmp_path: Path, create: str, name: str
) -> Iterator[tuple[Path, Seat, Seat, Seat]]:
    """A game made by mail (`create`), Alice and Bob seated and signed in to it in browsers of
    their own, an onlooker on its public page, over `spaceships web`; all closed after."""
    db = tmp_path / "club.sqlite3"
    store = open_store(db)
    players = Players(store)
    players.send("gm@example.org", create)
    players.seat(name, "alice@example.org")
    players.seat(name, "bob@example.org")
    store.close()
    served = Served(db)
    url = served.url
    alice, bob, onlooker = Seat(browser, url), Seat(browser, url), Seat(browser, url)
    try:
        alice.sign_in(url, players.passwords[name, "alice@example.org"], name)
        bob.sign_in(url, players.passwords[name, "bob@example.org"], name)
        onlooker.page.goto(url + f"/games/{name}")
        yield db, alice, bob, onlooker
    finally:
        for seat in (alice, bob, onlooker):
            seat.context.close()
        served.stop()


def test_a_whole_game_of_spaceships_between_two_browsers_and_an_onlooker(
    browser: Any, tmp_path: Path
) -> None:
    with seated(browser, tmp_path, "create alpha", "alpha") as (db, alice, bob, onlooker):
        assert "you are player A (Alice)" in alice.page.inner_text("body")

        # A slip: one ship is no fleet; the judge's refusal beside the field, the text kept.
        alice.send("fleet", "DS Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2")
        refusal = alice.page.locator("#form-fleet-said")
        assert "refused" in (refusal.get_attribute("class") or "")
        assert alice.page.locator("#form-fleet textarea").input_value().startswith("DS Rv1")
        alice.send("fleet", FLEET_A)
        assert "accepted" in alice.page.inner_text("#form-fleet-said")
        alice.page.reload()  # a reload mid-turn shows the same game
        assert "Waiting for player B" in alice.page.inner_text("#whose")

        bob.send("fleet", FLEET_B)
        # Alice's page, left open, follows: the game began.
        alice.page.wait_for_selector("#form-orders", timeout=WAIT)
        onlooker.page.wait_for_selector("text=Turn 1 is in play", timeout=WAIT)
        # Issue 47, item 8: what is typed and not sent is still there after a reload, and
        # after opening the page anew in the same tab.
        alice.page.locator("#form-orders textarea").fill("Rx4 Rv5")
        alice.page.reload()
        assert alice.page.locator("#form-orders textarea").input_value() == "Rx4 Rv5"
        alice.page.goto(alice.page.url)
        assert alice.page.locator("#form-orders textarea").input_value() == "Rx4 Rv5"

        alice.send("orders", "Rx4 Rv5 Zz9")  # a slip in a cell
        assert "is not a cell" in alice.page.inner_text("#form-orders-said")
        alice.send("orders", "Rx4 Rv5 Bv1")
        assert "accepted for turn 1" in alice.page.inner_text("#form-orders-said")
        alice.page.reload()  # sent: the draft is gone with it
        assert alice.page.locator("#form-orders textarea").input_value() == ""
        # Bob's open page follows Alice's orders by itself; a reload then shows the same.
        bob.page.wait_for_selector("#whose:has-text('Waiting for you (player B)')", timeout=WAIT)
        bob.page.reload()
        assert "Waiting for you (player B)" in bob.page.inner_text("#whose")
        bob.send("orders", "Rv1 Oz5 Gx1 Bv5")
        # The turn resolved while Alice's page was open: it shows her results by itself.
        alice.page.wait_for_selector("text=1 A results: Rx4 hit; Rv5 miss; Bv1 hit", timeout=WAIT)
        assert "DS Rx4 Rx5" not in alice.page.inner_text("body")  # B's fleet [1.4]
        onlooker.page.wait_for_selector("text=Turn 2 is in play", timeout=WAIT)
        # Her board is drawn in the page, no picture waited on: A's strike on Rx4 hit (issue 44).
        hit = alice.page.locator('#board [data-board="enemy"][data-cell="Rx4"]')
        assert hit.inner_text() == "x" and alice.page.locator("img").count() == 0

        bob.page.locator("#form-resign input[name=confirm]").check()
        bob.page.locator("#form-resign button").click()
        bob.page.wait_for_selector("text=The game is over.")
        alice.page.wait_for_selector("text=The game is over.", timeout=WAIT)
        onlooker.page.wait_for_selector("text=Step through the game", timeout=WAIT)
        for seat in (alice, bob, onlooker):
            assert seat.refused == [] and seat.errors == [], (seat.refused, seat.errors)
    # What the turns caused waits in mail's outbox for the mail judge: the players' results,
    # the end (composed after each change, off the store thread: all in once the server stops).
    store = open_store(db)
    raws = [bytes(r[0]) for r in store.connection.execute("SELECT raw FROM mail_outbox")]
    store.close()
    assert any(b"To: alice@example.org" in raw and b"resigned" in raw for raw in raws)


def test_a_game_of_space_chess_between_two_browsers_and_an_onlooker_sc2_sc12(
    browser: Any, tmp_path: Path
) -> None:
    with seated(browser, tmp_path, "create duel chess", "duel") as (db, alice, bob, onlooker):
        assert "Waiting for the Terrans" in bob.page.inner_text("#whose")
        # The Terrans act first: the Aliens' page has a waiting line, no form [SC2, issue 44].
        assert bob.page.locator("#form-orders").count() == 0
        alice.send("orders", "M@Ab2")
        assert "Your turn 1 is played" in alice.page.inner_text("#form-orders-said")
        # Bob's page, open all along, follows by itself: the Aliens are to act.
        bob.page.wait_for_selector("#form-orders", timeout=WAIT)
        assert "Waiting for you (the Aliens)" in bob.page.inner_text("#whose")
        bob.page.reload()  # a reload mid-turn shows the same
        assert "Waiting for you (the Aliens)" in bob.page.inner_text("#whose")
        bob.send("orders", "M@Hb4 M@Gd2")
        alice.page.wait_for_selector(
            "#whose:has-text('Waiting for you (the Terrans)')", timeout=WAIT
        )
        alice.send("orders", "Eb1-Eb4 Eb4-Jb2")
        onlooker.page.wait_for_selector("text=turn 4 is in play", timeout=WAIT)
        assert "3 T: Eb1-Eb4 Eb4-Jb2" in onlooker.page.inner_text("body")
        bob.page.wait_for_selector("#whose:has-text('Waiting for you (the Aliens)')", timeout=WAIT)
        bob.send("draw", None)
        alice.page.wait_for_selector("text=draw", timeout=WAIT)
        alice.send("draw", None)
        assert "The game is over." in alice.page.inner_text("#whose")
        bob.page.wait_for_selector("text=The game is over.", timeout=WAIT)
        onlooker.page.wait_for_selector("text=Step through the game", timeout=WAIT)
        for seat in (alice, bob, onlooker):
            assert seat.refused == [] and seat.errors == [], (seat.refused, seat.errors)


def test_a_battle_of_spaceship_battles_between_two_browsers_and_an_onlooker_r8(
    browser: Any, tmp_path: Path
) -> None:
    with seated(browser, tmp_path, "create sk battles budget=300", "sk") as (
        db,
        alice,
        bob,
        onlooker,
    ):
        alice.send("design", "Lancer E-SAI(Gf)I(Xf)IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIV")  # a slip
        assert "refused" in (alice.page.locator("#form-design-said").get_attribute("class") or "")
        alice.send("design", DESIGN_A)
        bob.send("design", DESIGN_B.split("\n", 1)[1])  # without its command word
        alice.page.wait_for_selector("text=Orders for turn 1, movement of sk", timeout=WAIT)
        assert "Raider" in alice.page.inner_text("body")  # designs are shown once both are in
        alice.send("orders", "Lancer F; Warden stay")
        bob.page.wait_for_selector("#whose:has-text('Waiting for you (player B)')", timeout=WAIT)
        bob.page.reload()  # mid-phase
        bob.send("orders", "Raider F; Hawk F")
        alice.page.wait_for_selector("text=Orders for turn 1, fire of sk", timeout=WAIT)
        onlooker.page.wait_for_selector("text=fire", timeout=WAIT)
        alice.page.locator("#form-resign input[name=confirm]").check()
        with alice.page.expect_navigation():
            alice.page.locator("#form-resign button").click()
        assert "The game is over." in alice.page.inner_text("#whose")
        bob.page.wait_for_selector("text=The game is over.", timeout=WAIT)
        for seat in (alice, bob, onlooker):
            assert seat.refused == [] and seat.errors == [], (seat.refused, seat.errors)


def test_swap_b_fleet_a_s_browser_draws_the_same_pixels_1_4(browser: Any, tmp_path: Path) -> None:
    """B's hidden fleet placed otherwise: Alice's seat page, after a turn, is the same picture
    to the pixel in her browser (her board as she knows it, her history, her forms)."""
    shots = []
    for number, fleet_b in enumerate((FLEET_B, FLEET_B_SWAPPED)):
        db = tmp_path / f"swap{number}.sqlite3"
        store = open_store(db)
        players = Players(store)
        players.send("gm@example.org", "create alpha")
        players.seat("alpha", "alice@example.org")
        players.seat("alpha", "bob@example.org")
        players.as_player("alpha", "alice@example.org", f"fleet {FLEET_A}")
        players.as_player("alpha", "bob@example.org", f"fleet {fleet_b}")
        players.as_player("alpha", "bob@example.org", "orders 1: Rv1 Oz5 Gx1 Bv5")
        players.as_player("alpha", "alice@example.org", "orders 1: Rx4 Rv5 Bv1")
        store.close()
        served = Served(db)
        alice = Seat(browser, served.url)
        try:
            alice.sign_in(served.url, players.passwords["alpha", "alice@example.org"])
            alice.page.wait_for_selector("#board [data-cell]")
            shots.append(alice.page.screenshot(full_page=True))
            assert alice.refused == []
        finally:
            alice.context.close()
            served.stop()
    assert shots[0] == shots[1]
