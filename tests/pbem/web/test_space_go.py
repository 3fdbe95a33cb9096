"""Space Go on the club page: a made-up fourth game (tests/space_go/, one registry line) listed
under its own title, its page with its status and its board in its kind's words, with no edit
of the club page for it (issue 31, item 3)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from space_go.registered import registered
from web_support import Club as Players

from pbem.storage.store import open_store
from pbem.web.app import Club, make_app


@pytest.fixture
def go() -> Iterator[Any]:
    with registered() as kind:
        yield kind


def go_game(url: Path) -> None:
    store = open_store(url)
    players = Players(store)
    players.send("gm@example.org", "create duel go")
    players.seat("duel", "alice@example.org")
    players.seat("duel", "bob@example.org")
    players.as_player("duel", "alice@example.org", "orders 1: c3")
    said = players.as_player("duel", "bob@example.org", "orders 1: b2")
    assert "the turn is played" in said, said
    store.close()


async def test_a_game_of_space_go_is_listed_and_shown_in_its_kinds_words(
    tmp_path: Path, go: Any
) -> None:
    url = tmp_path / "judge.sqlite3"
    go_game(url)
    client = TestClient(TestServer(make_app(Club(open_store(str(url)), "Test club"))))
    await client.start_server()
    try:
        index = await (await client.get("/")).text()
        assert "/games/duel" in index and "Space Go" in index, index
        page = await (await client.get("/games/duel")).text()
        assert "Space Go duel: Space Go (5x5); Alice (A), Bob (B); turn 2 is in play." in page
        assert "3 . . . . ." not in page and "3 . . A . ." in page, page  # the board so far
        assert (await client.get("/games/duel/board.png")).status == 404  # no picture of its own
    finally:
        await client.close()
