"""The API for programs (issue 46): tokens by mail (issued to the seat's own address, kept
hashed, listed, revoked, voided by a new password, good for their own seat of their own game
only), the seat's view, its stream of events (resumed after a drop without losing one, kept
alive), a turn sent as notation and refused as data, games created and challenges accepted by
token, the limits per token and per client, the OpenAPI document; and swap tests over the
view, the stream and the refusals [1.4]."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from web_support import FLEET_A, FLEET_B, FLEET_B_SWAPPED, TURNS
from web_support import Club as Players

from pbem.storage.store import Store, open_store
from pbem.web import api as api_module
from pbem.web.app import Club, make_app
from pbem.web.play import Play
from pbem.web.sessions import Signer

ALICE, BOB, GM = "alice@example.org", "bob@example.org", "gm@example.org"


def token_of(players: Players, game: str, sender: str, password: str | None = None) -> str:
    answer = players.send(sender, f"token {game} {password or players.passwords[game, sender]}")
    found = re.search(rf"^API token for {game}: (sst_[0-9a-f]+)$", answer, re.M)
    assert found, answer
    return found.group(1)


def duel(store: Store, name: str = "duel", settings: str = "") -> tuple[Players, str]:
    """A Spaceships game of Alice's against Bob's, both seated; the master's password."""
    players = Players(store)
    answer = players.send(GM, f"create {name} {settings}".strip())
    players.seat(name, ALICE)
    players.seat(name, BOB)
    return players, re.findall(r"master password[^:]*: (\S+)", answer)[0]


@pytest.fixture
def served(serve_app: Callable[[Any], Any]) -> Callable[..., Any]:
    async def make(url: str) -> TestClient:
        store = open_store(url)
        return await serve_app(make_app(Club(store, "Test club"), Play(store), Signer(b"k" * 32)))

    return make


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def stream_lines(client: TestClient, path: str, token: str, count: int) -> list[Any]:
    """The first `count` lines of a stream (keep-alives as None), then hung up."""
    lines: list[Any] = []
    async with client.get(path, headers=bearer(token)) as response:
        assert response.status == 200, await response.text()
        assert response.headers["Content-Type"].startswith("application/x-ndjson")
        while len(lines) < count:
            line = await response.content.readline()
            if not line:
                break
            lines.append(json.loads(line) if line.strip() else None)
    return lines


async def test_a_token_by_mail_is_its_seats_alone_and_kept_hashed(
    store_url: str, served: Callable[..., Any]
) -> None:
    store = open_store(store_url)
    players, _ = duel(store)
    duel(store, "other")
    alice = token_of(players, "duel", ALICE)
    # Asked with Alice's password from another address: nothing is issued.
    said = players.send(BOB, f"token duel {players.passwords['duel', ALICE]}")
    assert "nothing issued" in said and "sst_" not in said
    kept = store.connection.execute("SELECT hash, prefix FROM api_tokens").fetchall()
    assert [row["hash"] for row in kept] == [hashlib.sha256(alice.encode()).hexdigest()]
    assert all(
        alice not in str(dict(row))
        for row in store.connection.execute("SELECT * FROM api_tokens").fetchall()
    )
    client = await served(store_url)
    me = await client.get("/api/me", headers=bearer(alice))
    assert await me.json() == {"game": "duel", "seat": "A"}
    # Another game's name, or a turn of the other seat: refused.
    other = await client.get("/api/games/other", headers=bearer(alice))
    assert other.status == 403 and "acts for duel only" in (await other.json())["error"]
    # Whatever it sends, it sends as A: B's seat stays untouched.
    sent = await client.post("/api/games/duel/fleet", data=FLEET_B, headers=bearer(alice))
    assert sent.status == 200 and (await sent.json())["accepted"]
    seats = store.players(store.game("duel").id)
    assert seats["A"].fleet is not None and seats["B"].fleet is None
    view = await (await client.get("/api/games/duel", headers=bearer(alice))).json()
    assert view["seat"] == "A" and view["players"]["A"]["is_you"]


async def test_tokens_are_listed_revoked_and_voided_by_a_new_password(
    store_url: str, served: Callable[..., Any]
) -> None:
    store = open_store(store_url)
    players, _ = duel(store)
    first, second = token_of(players, "duel", ALICE), token_of(players, "duel", ALICE)
    listed = players.send(ALICE, f"token duel {players.passwords['duel', ALICE]} list")
    assert listed.count("  live") == 2 and first[:12] in listed and first not in listed
    client = await served(store_url)
    revoked = players.send(
        ALICE, f"token duel {players.passwords['duel', ALICE]} revoke {first[:12]}"
    )
    assert "Revoked 1 API token" in revoked
    assert (await client.get("/api/games/duel", headers=bearer(first))).status == 401
    assert (await client.get("/api/games/duel", headers=bearer(second))).status == 200
    players.send(ALICE, "newpassword duel")
    refused = await client.get("/api/games/duel", headers=bearer(second))
    assert refused.status == 401 and "password changed" in (await refused.json())["error"]


async def test_a_turn_is_sent_as_notation_and_refused_as_data(
    store_url: str, served: Callable[..., Any]
) -> None:
    store = open_store(store_url)
    players, _ = duel(store)
    alice = token_of(players, "duel", ALICE)
    client = await served(store_url)
    sent = await client.post("/api/games/duel/fleet", data=FLEET_A, headers=bearer(alice))
    assert sent.status == 200 and (await sent.json())["accepted"]
    players.as_player("duel", BOB, f"fleet {FLEET_B}")
    bad = await client.post("/api/games/duel/orders", data="Rx4 Zz9", headers=bearer(alice))
    assert bad.status == 422
    error = (await bad.json())["errors"][0]
    assert (error["line"], error["column"]) == (1, 5) and "not a cell" in error["message"]
    assert error["hint"] == "colours are R O Y G B"
    many = " ".join(f"R{x}{n}" for x in "vwxyz" for n in "12")  # more strikes than entitled
    ruled = await (
        await client.post("/api/games/duel/orders", json={"text": many}, headers=bearer(alice))
    ).json()
    assert not ruled["accepted"] and any(e["rules"] for e in ruled["errors"]), ruled
    ok = await client.post(
        "/api/games/duel/orders", json={"text": TURNS[0][0], "nonce": "n1"}, headers=bearer(alice)
    )
    assert (await ok.json())["accepted"]
    again = await client.post(
        "/api/games/duel/orders", json={"text": "Gx3", "nonce": "n1"}, headers=bearer(alice)
    )
    assert (await again.json())["accepted"]  # the same nonce acted once: the first stands
    assert store.orders(store.game("duel").id, 1)["A"].text.split() == TURNS[0][0].split()


async def test_a_dropped_stream_resumes_without_losing_an_event(
    store_url: str, served: Callable[..., Any]
) -> None:
    store = open_store(store_url)
    players, _ = duel(store)
    alice = token_of(players, "duel", ALICE)
    players.as_player("duel", ALICE, f"fleet {FLEET_A}")
    players.as_player("duel", BOB, f"fleet {FLEET_B}")  # the game begins: event 1
    client = await served(store_url)
    (first,) = await stream_lines(client, "/api/games/duel/stream", alice, 1)
    assert first["type"] == "begin"
    # While Alice's program is away, both turns are played.
    for turn, (a, b) in enumerate(TURNS, 1):
        players.as_player("duel", ALICE, f"orders {turn}: {a}")
        players.as_player("duel", BOB, f"orders {turn}: {b}")
    rest = await stream_lines(client, f"/api/games/duel/stream?since={first['id']}", alice, 2)
    everything = await (await client.get("/api/games/duel/events", headers=bearer(alice))).json()
    assert [first, *rest] == everything["events"]
    assert [e["type"] for e in everything["events"]] == ["begin", "turn", "turn"]
    # The stream stays open: the next event comes down it as it happens, and keeps alive.
    api_module.KEEP_ALIVE = 0.05
    try:
        async with client.get(
            f"/api/games/duel/stream?since={rest[-1]['id']}", headers=bearer(alice)
        ) as response:
            assert (await response.content.readline()).strip() == b""  # a keep-alive
            players.as_player("duel", BOB, "resign")
            line = b""
            while not line.strip():
                line = await response.content.readline()
            assert json.loads(line)["type"] == "over"
            closed = json.loads(await response.content.readline())
            assert closed == {"type": "closed", "why": "the game is over"}
    finally:
        api_module.KEEP_ALIVE = 10.0


async def test_the_view_stream_and_refusals_hide_the_opponents_fleet(
    tmp_path: Any, served: Callable[..., Any]
) -> None:
    """Swap test [1.4]: B's fleet placed otherwise, A's view, events and refusals the same."""
    seen = []
    for index, fleet_b in enumerate((FLEET_B, FLEET_B_SWAPPED)):
        url = str(tmp_path / f"swap{index}.sqlite3")
        store = open_store(url)
        players, _ = duel(store)
        alice = token_of(players, "duel", ALICE)
        players.as_player("duel", ALICE, f"fleet {FLEET_A}")
        players.as_player("duel", BOB, f"fleet {fleet_b}")
        for turn, (a, b) in enumerate(TURNS, 1):
            players.as_player("duel", ALICE, f"orders {turn}: {a}")
            players.as_player("duel", BOB, f"orders {turn}: {b}")
        client = await served(url)
        view = await (await client.get("/api/games/duel", headers=bearer(alice))).json()
        events = await (await client.get("/api/games/duel/events", headers=bearer(alice))).json()
        refusals = []
        for text in ("Yz3 Zz9", " ".join(f"Y{x}{n}" for x in "vwxyz" for n in "34")):
            refused = await client.post("/api/games/duel/orders", data=text, headers=bearer(alice))
            refusals.append((refused.status, await refused.json()))
        texts = [(e["type"], e["turn"], e["text"]) for e in events["events"]]
        seen.append((view, texts, refusals))
    assert seen[0] == seen[1]
    assert seen[0][0]["choices"]["phase"]  # the kind's choices, served and the same


async def test_a_master_token_creates_games_and_challenges_that_a_token_accepts(
    store_url: str, served: Callable[..., Any]
) -> None:
    store = open_store(store_url)
    players, master = duel(store)
    gm = token_of(players, "duel", GM, master)
    alice = token_of(players, "duel", ALICE)
    client = await served(store_url)
    refused = await client.post("/api/games", json={"name": "x"}, headers=bearer(alice))
    assert refused.status == 403 and "game master" in (await refused.json())["error"]
    made = await client.post(
        "/api/games", json={"name": "solo", "settings": "chess vs computer"}, headers=bearer(gm)
    )
    assert made.status == 201
    solo = (await made.json())["tokens"]
    assert set(solo) == {"A", "master"} and "******" in (await made.json())["answer"]
    view = await (await client.get("/api/games/solo", headers=bearer(solo["A"]))).json()
    assert view["kind"] == "chess" and view["your_move"] and view["to_act"] == ["A"]
    challenge = await client.post("/api/challenges", json={"name": "open"}, headers=bearer(gm))
    assert set((await challenge.json())["tokens"]) == {"A", "master"}
    accepted = await client.post("/api/challenges/open/accept", headers=bearer(alice))
    assert accepted.status == 200 and set((await accepted.json())["tokens"]) == {"B"}
    full = await client.post("/api/challenges/open/accept", headers=bearer(alice))
    assert full.status == 422 and not (await full.json())["tokens"]


async def test_the_limits_per_client_and_per_token(
    store_url: str, served: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(api_module, "PER_TOKEN", 3)
    store = open_store(store_url)
    players, _ = duel(store)
    alice = token_of(players, "duel", ALICE)
    client = await served(store_url)
    for _ in range(3):
        assert (await client.get("/api/me", headers=bearer(alice))).status == 200
    busy = await client.get("/api/me", headers=bearer(alice))
    assert busy.status == 429 and int(busy.headers["Retry-After"]) > 0
    guesser = await served(store_url)
    for index in range(api_module.BAD_TOKENS):
        wrong = await guesser.get("/api/me", headers=bearer(f"sst_{index:040x}"))
        assert wrong.status == 401
    bob = token_of(players, "duel", BOB)  # a right token, under the brake: refused unchecked
    assert (await guesser.get("/api/me", headers=bearer(bob))).status == 429


async def test_the_openapi_document_describes_every_route(
    store_url: str, served: Callable[..., Any]
) -> None:
    client = await served(store_url)
    document = await (await client.get("/api/openapi.json")).json()
    assert document["openapi"].startswith("3.1")
    routes = {
        route.resource.canonical
        for route in client.app.router.routes()
        if route.resource is not None and route.resource.canonical.startswith("/api/")
    }
    assert routes == set(document["paths"])


async def test_the_seat_page_gives_a_token(store_url: str, served: Callable[..., Any]) -> None:
    from test_play_games import send, signed

    store = open_store(store_url)
    players, _ = duel(store)
    client = await served(store_url)
    await signed(client, "duel", players.passwords["duel", ALICE])
    page = await send(client, "duel", "token")
    token = re.search(r"API token for duel: (sst_[0-9a-f]+)", page)
    assert token, page
    me = await client.get("/api/me", headers=bearer(token.group(1)))
    assert await me.json() == {"game": "duel", "seat": "A"}


async def test_an_open_stream_ends_when_its_token_is_voided(
    store_url: str, served: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(api_module, "RECHECK", 0.0)
    monkeypatch.setattr(api_module, "KEEP_ALIVE", 0.05)
    store = open_store(store_url)
    players, _ = duel(store)
    alice = token_of(players, "duel", ALICE)
    client = await served(store_url)
    async with client.get("/api/games/duel/stream", headers=bearer(alice)) as response:
        assert (await response.content.readline()).strip() == b""  # open, kept alive
        players.send(ALICE, "newpassword duel")
        line = b""
        while not line.strip():
            line = await response.content.readline()
        assert json.loads(line) == {"type": "closed", "why": "token no longer valid"}


async def test_a_kinds_failing_choices_cost_the_view_nothing(
    store_url: str, served: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    from pbem.web import apiseat

    def failing(store: Any, game: Any, seat: str) -> dict[str, Any]:
        raise TypeError("a bug in a game's choices")

    real = apiseat.kind_of
    monkeypatch.setattr(
        apiseat,
        "kind_of",
        lambda game: replace(real(game), show=replace(real(game).show, choices=failing)),
    )
    store = open_store(store_url)
    players, _ = duel(store)
    alice = token_of(players, "duel", ALICE)
    client = await served(store_url)
    view = await client.get("/api/games/duel", headers=bearer(alice))
    assert view.status == 200 and (await view.json())["choices"] == {}
