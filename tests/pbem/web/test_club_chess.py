"""A game of Space Chess on the club page (issue 22): listed under its own title, its page with
the record so far and the board's picture, its replay; the same for everyone (the board hides
nothing, SC1-SC12)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_support import Club as Players

from pbem.replay.page import record_in_page
from pbem.storage.store import open_store

MOVES = ["M@Ab2", "M@Hb4 M@Gd2", "Eb1-Eb4 Eb4-Jb2"]


def chess_game(url: Path, over: bool) -> None:
    store = open_store(url)
    players = Players(store)
    players.send("gm@example.org", "create duel chess")
    players.seat("duel", "alice@example.org")
    players.seat("duel", "bob@example.org")
    for number, actions in enumerate(MOVES, 1):
        who = "alice@example.org" if number % 2 else "bob@example.org"
        said = players.as_player("duel", who, f"orders {number}: {actions}")
        assert "is played" in said, said
    if over:
        assert "resign" in players.as_player("duel", "bob@example.org", "resign").lower()
    store.close()


async def test_a_chess_game_in_play_shows_its_record_board_and_replay(
    tmp_path: Path, client_for: Any
) -> None:
    url = tmp_path / "judge.sqlite3"
    chess_game(url, over=False)
    client = await client_for(str(url))
    index = await (await client.get("/")).text()
    assert "/games/duel" in index and "Space Chess" in index
    page = await (await client.get("/games/duel")).text()
    assert "Space Chess duel: Space Chess (SC1-SC12)" in page
    assert "turn 4 is in play" in page and "3 T: Eb1-Eb4 Eb4-Jb2" in page
    board = await client.get("/games/duel/board.png")
    assert board.content_type == "image/png" and (await board.read()).startswith(b"\x89PNG")
    replay = await (await client.get("/games/duel/replay.html")).text()
    assert "Turn 3" in replay and record_in_page(replay) is None  # offered once over


async def test_a_finished_chess_game_offers_its_whole_record_in_the_replay(
    tmp_path: Path, client_for: Any
) -> None:
    url = tmp_path / "judge.sqlite3"
    chess_game(url, over=True)
    client = await client_for(str(url))
    index = await (await client.get("/")).text()
    assert "/games/duel/replay.html" in index
    replay = await (await client.get("/games/duel/replay.html")).text()
    record = record_in_page(replay) or ""
    assert '[Termination "resignation"]' in record and "3 T: Eb1-Eb4 Eb4-Jb2" in record


# -- issue 36: the sides named, a draw said (items 5, 6) ---------------------------------------


async def test_the_club_page_names_the_sides_and_says_a_draw(
    tmp_path: Path, client_for: Any
) -> None:
    url = tmp_path / "judge.sqlite3"
    store = open_store(url)
    players = Players(store)
    players.send("gm@example.org", "create duel chess")
    players.seat("duel", "alice@example.org")
    players.seat("duel", "bob@example.org")
    players.as_player("duel", "alice@example.org", "orders 1: M@Ab2")
    players.as_player("duel", "bob@example.org", "draw 2")
    assert "drawn" in players.as_player("duel", "alice@example.org", "draw 2")
    store.close()
    client = await client_for(str(url))
    index = await (await client.get("/")).text()
    assert "(Terrans) v " in index and "(Aliens)</td>" in index, index
    assert "(A)" not in index and "(B)" not in index
    assert "a draw (drawn by agreement [SC12])" in index and "no result" not in index
    page = await (await client.get("/games/duel")).text()
    assert "(Terrans) v " in page and "(A)" not in page
    assert "The game is a draw after turn 2 (drawn by agreement [SC12])." in page, page
