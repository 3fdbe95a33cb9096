"""The club page over a judge's store, SQLite and PostgreSQL: the games listed as observers may
see them [1.4], private games nowhere, replays of finished games, nothing written; and the
swap test: B's hidden fleet placed otherwise changes not one byte of any page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from web_support import FLEET_B, FLEET_B_SWAPPED, fill
from web_support import Club as WebClub

from pbem.replay.page import record_in_page
from pbem.storage.store import open_store

PAGES = (
    "/",
    "/games/open",
    "/games/open/board.png",
    "/games/open/replay.html",
    "/players/Alice",
    "/players/Bob",
    "/ladder/spaceships",
)


def store_game(url: str, name: str) -> Any:
    store = open_store(url)
    try:
        return store.game(name, lock=False)
    finally:
        store.close()


async def test_the_games_as_observers_see_them(store_url: str, client_for: Any) -> None:
    store = open_store(store_url)
    fill(store)
    store.close()
    client = await client_for(store_url)
    index = await (await client.get("/")).text()
    assert "/games/open" in index and "/games/waiting" in index
    assert "Alice (A) wins (Bob (B) resigned)" in index and "/games/done/replay.html" in index
    assert "secret" not in index  # a private game is not listed
    assert (await client.get("/games/secret")).status == 404
    assert (await client.get("/games/secret/replay.html")).status == 404
    page = await (await client.get("/games/open")).text()
    assert "Turn 3 is in play" in page and 'src="/games/open/board.png"' in page
    assert "DS Rx4" not in page and "Gz1" not in page  # B's fleet, hidden until the end
    board = await client.get("/games/open/board.png")
    assert board.content_type == "image/png" and (await board.read()).startswith(b"\x89PNG")
    # A finished game: every view, and the record the end revealed.
    done = await (await client.get("/games/done/replay.html")).text()
    assert '"reveal"' in done and "B fleet: DS Rx4" in (record_in_page(done) or "")
    # In play: the onlookers' replay, no record.
    open_replay = await (await client.get("/games/open/replay.html")).text()
    assert record_in_page(open_replay) is None and '["public","Onlookers' in open_replay
    assert '"reveal"' not in open_replay
    # A battle in play: its map and its replay, never its dice seed (R13).
    battle = store_game(store_url, "skirmish")
    seed = battle.state["seed"]
    for path in (
        "/",
        "/games/skirmish",
        "/games/skirmish/board.png",
        "/games/skirmish/board.svg",
        "/games/skirmish/replay.html",
    ):
        answer = await client.get(path)
        assert answer.status == 200, path
        assert seed.encode() not in await answer.read(), path
    # The battle's page shows its map as SVG, sharp at any width and never wider than drawn
    # (issue 33); a Spaceships game, whose spaces are a PNG, has no SVG board.
    skirmish = await (await client.get("/games/skirmish")).text()
    assert 'src="/games/skirmish/board.svg"' in skirmish and "max-width:" in skirmish
    vector = await client.get("/games/skirmish/board.svg")
    assert vector.content_type == "image/svg+xml"
    assert (await vector.read()).startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')
    assert (await client.get("/games/open/board.svg")).status == 404
    missing = await client.get("/games/nope")
    assert missing.status == 404 and "no public game called nope" in await missing.text()
    assert (await client.post("/games/open")).status == 405  # read-only


async def test_swap_b_fleet_every_page_byte_for_byte_1_4(tmp_path: Path, client_for: Any) -> None:
    bodies = []
    for name, fleet in (("one", FLEET_B), ("two", FLEET_B_SWAPPED)):
        url = str(tmp_path / f"{name}.sqlite3")
        store = open_store(url)
        fill(store, fleet)
        store.close()
        client = await client_for(url)
        bodies.append([await (await client.get(path)).read() for path in PAGES])
    for path, one, two in zip(PAGES, *bodies, strict=True):
        assert one == two, f"{path} tells B's fleets apart"


async def test_a_match_in_play_says_which_game_and_when_its_replay_comes(
    tmp_path: Path, client_for: Any
) -> None:
    url = str(tmp_path / "judge.sqlite3")
    store = open_store(url)
    WebClub(store).game("m2", settings="match=continued games=2", turns=1)
    store.close()
    client = await client_for(url)
    page = await (await client.get("/games/m2")).text()
    assert "Match: a continued match" in page and "game 1 of 2" in page  # as `status` by mail
    replay = await client.get("/games/m2/replay.html")
    assert replay.status == 404
    said = await replay.text()
    assert "There is no public game" not in said
    assert "its replay comes when the match is over" in said and 'href="/games/m2"' in said


async def test_the_page_writes_nothing_to_the_store(tmp_path: Path, client_for: Any) -> None:
    url = tmp_path / "judge.sqlite3"
    store = open_store(url)
    fill(store)
    store.close()
    before = url.read_bytes()
    client = await client_for(str(url))
    for path in (*PAGES, "/games/done", "/games/done/replay.html", "/games/waiting"):
        assert (await client.get(path)).status == 200, path
    assert url.read_bytes() == before


def test_the_usual_mistakes_starting_it_get_one_line_each(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from spaceships_cli import main

    runner = CliRunner()
    said = runner.invoke(main, ["web", "--db", str(tmp_path / "nope.sqlite3")])
    assert said.exit_code == 2 and "no judge database at" in said.output
    assert not (tmp_path / "nope.sqlite3").exists()  # no empty store made to show
    open_store(tmp_path / "judge.sqlite3").close()
    said = runner.invoke(main, ["web", "--db", str(tmp_path / "judge.sqlite3"), "--listen", ":1"])
    assert said.exit_code == 2 and "no host" in said.output
    assert said.exception is None or isinstance(said.exception, SystemExit)


async def test_the_ladder_lists_players_after_five_rated_games_provisional_ones_below(
    tmp_path: Path, client_for: Any
) -> None:
    """The club page shows each game's ladder as `ladder` answers by mail, from the first rated
    game (issue 45, item 1): players listed after their fifth rated game against three
    opponents or more, best first, then the provisional ones marked, with the rule that lists
    them; under the names they played as; no address. Each game has its ladder page."""
    url = str(tmp_path / "club.sqlite3")
    store = open_store(url)
    club = WebClub(store)
    others = ("bob", "carol", "dave", "bob", "carol")
    club.game("r1", turns=1, b="bob@example.org")
    club.resign("r1", "bob@example.org")
    store.close()
    client = await client_for(url)
    index = await (await client.get("/")).text()
    # After one rated game both players stand on the page, provisional and saying why.
    assert "The Spaceships ladder" in index
    assert ">Alice</a> <small class=note>provisional (1 of 5 games, 1 of 3 opponents)" in index
    assert ">Bob</a> <small class=note>provisional" in index
    assert "Listed: players with 5 or more rated games against 3 or more opponents" in index
    store = open_store(url)
    club = WebClub(store)
    for n, other in enumerate(others[1:], 2):
        club.game(f"r{n}", turns=1, b=f"{other}@example.org")
        club.resign(f"r{n}", f"{other}@example.org")
    club.game("casual", turns=1, settings="casual")
    club.resign("casual")
    store.close()
    client = await client_for(url)
    index = await (await client.get("/")).text()
    assert '<td data-label="Place">1</td><td data-label="Player"><a href="/players/Alice">' in index
    assert "5-0-0" in index  # the casual game counts for nothing
    first, *below = index.split("<tbody>", 1)[1].split("</tbody>")[0].split("<tr>")[1:]
    assert "Alice" in first and "provisional" not in first  # Alice first, listed
    assert len(below) == 3 and all("provisional" in row for row in below)  # one opponent each
    assert ">Bob</a> <small class=note>provisional (2 of 5 games, 1 of 3 opponents)" in index
    assert "@example.org" not in index
    # The note's mark as the page shows it, not as a mail writes it (issue 36, item 17).
    assert "<code>?</code> after a rating: still unsure" in index and "`?`" not in index
    assert 'href="/ladder/spaceships"' in index
    whole = await client.get("/ladder/spaceships")
    text = await whole.text()
    assert whole.status == 200 and "The Spaceships ladder" in text and ">Dave</a>" in text
    assert "@example.org" not in text
    assert (await client.get("/ladder/nope")).status == 404
    # Alice's page: her games over with their replays and results, head to head, and her
    # rating history as a light vector plot, a dot for where she began and one a rated game.
    alice = await client.get("/players/Alice")
    text = await alice.text()
    assert alice.status == 200 and "@example.org" not in text
    assert '<a href="/games/r3/replay.html">replay</a>' in text and ">won<" in text
    assert "casual" in text  # a casual game is hers too, though it is not rated
    assert '<td data-label="Against"><a href="/players/Bob">Bob</a></td>' in text
    assert '<td data-label="Won-lost-drawn">3-0-0</td>' in text  # r1, r4 and the casual game
    plot = text.split('<div class="plot">', 1)[1].split("</svg>", 1)[0]
    assert plot.count("<circle") == 6 and plot.count("<polyline") == 1
    assert "Alice's Spaceships rating: from 1500 to" in plot and "over 5 rated games" in plot
    bob = await (await client.get("/players/Bob")).text()
    assert "provisional (2 of 5 games, 1 of 3 opponents)" in bob and ">lost<" in bob
    assert (await client.get("/players/Nobody")).status == 404


def test_a_battle_drawn_at_its_turn_limit_is_listed_as_a_draw_r12() -> None:
    from pbem.web.pages import index_page
    from pbem.web.records import GameLine

    reason = "turn 3 was the last (turns=3): neither side destroyed a ship: a draw [R12]"
    drawn = GameLine(
        1,
        "duel",
        "battles",
        "over",
        3,
        {"winner": None, "reason": reason, "turn": 3},
        None,
        (("A", "Erin"), ("B", "Finn")),
    )
    cancelled = GameLine(
        2,
        "gone",
        "battles",
        "over",
        1,
        {"winner": None, "reason": "cancelled", "cancelled": True},
        None,
        (("A", "Erin"), ("B", "Finn")),
    )
    listed = index_page([drawn, cancelled], "Test club")
    assert f"a draw ({reason})" in listed and "no result (turn 3" not in listed
    assert "no result (cancelled)" in listed
