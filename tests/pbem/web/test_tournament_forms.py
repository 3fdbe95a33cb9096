"""Tournaments made and entered on the club page (issue 45): a game master's form makes a
tournament played by mail and shows its master password once; players enter it with their
mail address; its master starts it with that password, and each round's game goes by mail to
the addresses given. Every form checks its CSRF token; a wrong master password changes
nothing; a field cannot smuggle in a second command. (No script on these pages: aiohttp's test
client is the browser.)"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from pbem.club import tournament_store as ts
from pbem.messages import Outbound
from pbem.storage.store import open_store
from pbem.web.app import Club, make_app
from pbem.web.play import Play
from pbem.web.sessions import Signer

PLAYERS = {"Ann": "ann@example.org", "Ben": "ben@example.org", "Cat": "cat@example.org"}


class Site:
    def __init__(self, client: TestClient, store: Any, mailed: list[Outbound]) -> None:
        self.client, self.store, self.mailed = client, store, mailed

    async def csrf(self, path: str) -> str:
        page = await (await self.client.get(path)).text()
        found = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
        assert found, page
        return found.group(1)

    async def post(self, path: str, form: dict[str, str], csrf_from: str = "") -> tuple[int, str]:
        token = await self.csrf(csrf_from or path)
        answer = await self.client.post(path, data={"csrf": token, **form})
        return answer.status, await answer.text()


@pytest.fixture
async def site(tmp_path: Path, serve_app: Callable[[Any], Any]) -> Site:
    store = open_store(tmp_path / "club.sqlite3")
    mailed: list[Outbound] = []  # what the web judge hands to mail's outbox
    play = Play(store, keep=mailed.extend)
    client = await serve_app(make_app(Club(store, "Test club"), play, Signer(b"k" * 32)))
    return Site(client, store, mailed)


CUP = {
    "name": "Cup",
    "game": "chess",
    "format": "robin",
    "round": "7d",
    "casual": "yes",
    "address": "gm@club.example",
    "who": "Gus",
}


async def test_a_tournament_made_entered_and_started_on_the_page(site: Site) -> None:
    index = await (await site.client.get("/")).text()
    assert '<a href="/new-tournament">Make a tournament</a>' in index
    status, made = await site.post("/new-tournament", CUP)
    assert status == 200, made
    assert "Tournament Cup created: round robin of Space Chess" in made
    master = re.search(r"Your master password: (\S+)", made)
    assert master and "shown only here" in made
    found = ts.tournament(site.store, "Cup")
    assert found is not None and found.master_address == "gm@club.example"
    assert not found.rated and not found.accounts  # played by mail (and in the browser)
    assert site.mailed == []  # the password was shown on the page, not mailed anywhere

    page = await (await site.client.get("/tournaments/Cup")).text()
    assert '<a href="/tournaments/Cup/enter">' in page
    for who, address in PLAYERS.items():
        status, entered = await site.post(
            "/tournaments/Cup/enter", {"address": address, "who": who}
        )
        assert status == 200, entered
        assert f"You have entered tournament Cup as {who}" in entered
        assert "tournament password (to withdraw)" in entered
    status, twice = await site.post(
        "/tournaments/Cup/enter", {"address": PLAYERS["Ann"], "who": "Ann2"}
    )
    assert status == 400 and "you have entered Cup already" in twice

    status, wrong = await site.post(
        "/tournaments/Cup/start", {"password": "nope"}, "/tournaments/Cup/enter"
    )
    assert status == 400 and "nothing changed" in wrong
    assert ts.tournament(site.store, "Cup").phase == "joining"
    status, started = await site.post(
        "/tournaments/Cup/start", {"password": master.group(1)}, "/tournaments/Cup/enter"
    )
    assert status == 200 and "Tournament Cup has started: 3 rounds" in started, started
    # Round 1 (three players: one rests): its game by mail to both its players' addresses,
    # with the password each plays it with, and the round's notice to everyone.
    games = [m for m in site.mailed if m.kind == "tournament-game" and m.to != ("gm@club.example",)]
    assert len(games) == 2 and all("password for Cup-r1-1" in m.body for m in games)
    assert {m.to[0] for m in games} <= set(PLAYERS.values())
    notice = [m for m in site.mailed if m.kind == "tournament"]
    assert notice and set(PLAYERS.values()) <= set(notice[0].to)
    closed = await (await site.client.get("/tournaments/Cup/enter")).text()
    assert "entries are closed" in closed


async def test_the_forms_change_nothing_without_their_csrf_token(site: Site) -> None:
    answer = await site.client.post("/new-tournament", data={**CUP, "csrf": "0" * 64})
    assert answer.status == 403
    assert ts.tournament(site.store, "Cup") is None
    await site.post("/new-tournament", CUP)
    for path, form in (
        ("/tournaments/Cup/enter", {"address": "ann@example.org", "who": "Ann"}),
        ("/tournaments/Cup/start", {"password": "x"}),
    ):
        answer = await site.client.post(path, data={**form, "csrf": "f" * 64})
        assert answer.status == 403, path
    assert ts.entrants(site.store, ts.tournament(site.store, "Cup").id) == []


async def test_bad_fields_are_refused_with_the_reason_and_no_second_command(site: Site) -> None:
    status, bad = await site.post("/new-tournament", {**CUP, "name": "9lives"})
    assert status == 400 and "cannot name a tournament" in bad
    status, bad = await site.post("/new-tournament", {**CUP, "address": "not an address"})
    assert status == 400 and "is not a mail address" in bad
    status, bad = await site.post("/new-tournament", {**CUP, "round": "7d\ntournament start"})
    assert status == 400 and "one word" in bad
    assert ts.all_tournaments(site.store) == []
    await site.post("/new-tournament", CUP)
    # A name with a line break and a command after it is one line of words: the judge reads
    # one `tournament join` and nothing else.
    status, entered = await site.post(
        "/tournaments/Cup/enter",
        {"address": "eve@example.org", "who": "Eve\ntournament start Cup x"},
    )
    assert status == 200, entered
    assert [e.name for e in ts.entrants(site.store, 1)] == ["Eve tournament start Cup"]
    assert ts.tournament(site.store, "Cup").phase == "joining"
    status, bad = await site.post("/tournaments/Cup/enter", {"address": "x", "who": "X"})
    assert status == 400 and "is not a mail address" in bad


async def test_a_read_only_club_page_has_no_tournament_forms(
    tmp_path: Path, serve_app: Callable[[Any], Any]
) -> None:
    store = open_store(tmp_path / "club.sqlite3")
    client = await serve_app(make_app(Club(store, "Test club")))
    assert "new-tournament" not in await (await client.get("/")).text()
    assert (await client.get("/new-tournament")).status == 404
