"""Hidden information on the club's battle replay and board (issue 33, readings R14, R16): a
battle in play draws its maps as SVG; with Bob's orders for the open phase in (and Alice's not
yet), Bob's orders written two ways change not one byte of the replay page or the board's SVG,
nor one pixel of the page as chromium draws it, at any step. The swap can tell: once the phase
resolves, they differ."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Guarded, launch_browser
from web_support import DESIGN_A, DESIGN_B, Club

from battles.computer.plain import plan_fire, plan_moves
from battles.judge import rows as battle_rows
from pbem.storage.store import Store, open_store
from pbem.web.records import board_svg, replay_page

# Bob's two ways to move in turn 2's movement phase, both legal, both still hidden.
BOB_MOVES = ("Raider F\nHawk F", "Raider L\nHawk R")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_browser()


def _orders(club: Club, store: Store, sender: str, seat: str, text: str | None = None) -> None:
    game = store.game("skirmish")
    turn, phase = battle_rows.battle_turn(game)
    if text is None:
        state = battle_rows.replay_of(game).state
        if phase == "movement":
            orders = [f"{m.ship} {m.how}" for m in plan_moves(state, seat) if m.how != "held"]
        else:
            volleys, tractors = plan_fire(state, seat)
            orders = [v.order_text() for v in volleys]
            orders += [f"tractor {t.ship} > {t.target}" for t in tractors]
        text = "\n".join(orders)
    said = club.as_player("skirmish", sender, f"orders {turn}:\n{text}")
    assert "accepted" in said, said


def _pages(tmp: Path, bob_moves: str, resolve: bool) -> tuple[bytes, bytes]:
    """The replay page and the club page's board (SVG) of the battle, Bob having moved."""
    store = open_store(str(tmp / "club.sqlite3"))
    club = Club(store)
    club.judge.rng = random.Random(33)  # the same dice in both runs: only Bob's orders differ
    club.send("gm@example.org", "create skirmish battles budget=300")
    club.seat("skirmish", "alice@example.org")
    club.seat("skirmish", "bob@example.org")
    club.as_player("skirmish", "alice@example.org", DESIGN_A)
    assert "begins" in club.as_player("skirmish", "bob@example.org", DESIGN_B)
    # Turn 1's movement and fire resolve, so the replay has maps to show.
    for _ in range(2):
        _orders(club, store, "alice@example.org", "A")
        _orders(club, store, "bob@example.org", "B")
    _orders(club, store, "bob@example.org", "B", bob_moves)
    if resolve:
        _orders(club, store, "alice@example.org", "A")
    page = replay_page(store, store.game("skirmish"))
    board = board_svg(store, store.game("skirmish"))  # the club page's map, as SVG
    store.close()
    assert page is not None and board is not None
    return page, board


def _drawn(browser: Any, page: bytes, tmp: Path) -> list[bytes]:
    """The page as chromium draws it, a screenshot at every step."""
    file = tmp / "replay.html"
    file.write_bytes(page)
    guarded = Guarded(browser, ("file://",), 900, 1400)
    guarded.page.goto(file.as_uri())
    shots = []
    steps = guarded.page.evaluate(
        "() => JSON.parse(document.getElementById('replay-data').textContent).frames.length"
    )
    for _ in range(steps):
        guarded.page.wait_for_selector("#boards svg", state="attached")
        shots.append(guarded.page.screenshot(full_page=True))
        guarded.page.keyboard.press("ArrowRight")
    assert guarded.refused == [] and guarded.errors == []
    guarded.close()
    return shots


def test_bobs_hidden_orders_change_no_byte_and_no_pixel_of_the_battle_replay(
    browser: Any, tmp_path: Path
) -> None:
    one, two = (tmp_path / "one", tmp_path / "two")
    one.mkdir()
    two.mkdir()
    first, second = _pages(one, BOB_MOVES[0], False), _pages(two, BOB_MOVES[1], False)
    assert b"<svg" in first[0] and first[1].startswith(b"<svg") and first == second
    assert _drawn(browser, first[0], one) == _drawn(browser, second[0], two)
    # The test can see a difference: once Alice's orders resolve the phase, Bob's moves show.
    three, four = (tmp_path / "three", tmp_path / "four")
    three.mkdir()
    four.mkdir()
    assert _pages(three, BOB_MOVES[0], True) != _pages(four, BOB_MOVES[1], True)
