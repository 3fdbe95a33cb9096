"""A browser session ends for real (issue 42, item 1): the audit's attack kept, a copy of the
cookie taken before *Sign out* (a shared computer, a synced profile, a proxy's log) and used
afterwards from another web process, is refused for the page, the picture, the live stream and
the forms; *Sign out everywhere* ends the seat's sessions in other browsers; a new password by
mail ends them too. SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from test_play_pages import csrf_of, hidden_fields
from web_support import FLEET_A, FLEET_B
from web_support import Club as Players

from pbem.storage.store import open_store
from pbem.web.app import Club, make_app
from pbem.web.play import Play
from pbem.web.sessions import Signer

ALICE, BOB = "alice@example.org", "bob@example.org"


@pytest.fixture
def client_for(serve_app: Callable[[Any], Any]) -> Callable[..., Any]:
    """A web process of its own (its own store connection) over `url`, sharing the key."""

    async def make(url: str) -> TestClient:
        store = open_store(url)
        app = make_app(Club(store, "Test club"), Play(store), Signer(b"k" * 32))
        return await serve_app(app)

    return make


def private_game(url: str) -> Players:
    """The private game `alpha` (no public page, no public stream), both fleets in."""
    store = open_store(url)
    players = Players(store)
    players.send("gm@example.org", "create alpha private")
    players.seat("alpha", ALICE)
    players.seat("alpha", BOB)
    players.as_player("alpha", ALICE, f"fleet {FLEET_A}")
    players.as_player("alpha", BOB, f"fleet {FLEET_B}")
    players.store = store  # type: ignore[attr-defined]
    return players


async def sign_in(client: TestClient, password: str) -> None:
    page = await (await client.get("/games/alpha/play")).text()
    await client.post(
        "/games/alpha/play/sign-in", data={"csrf": csrf_of(page), "password": password}
    )


def copy_cookies(source: TestClient, target: TestClient) -> None:
    cookies = source.session.cookie_jar.filter_cookies(source.make_url("/"))
    target.session.cookie_jar.update_cookies(cookies, target.make_url("/"))


async def sign_out(client: TestClient, everywhere: bool = False) -> None:
    page = await (await client.get("/games/alpha/play")).text()
    data = {"csrf": csrf_of(page)}
    if everywhere:
        data["everywhere"] = "yes"
        assert "Sign out everywhere" in page
    answer = await client.post("/games/alpha/play/sign-out", data=data, allow_redirects=False)
    assert answer.status == 303


async def opens_the_seat(client: TestClient) -> bool:
    return "you are player A" in await (await client.get("/games/alpha/play")).text()


def orders_of_a(url: str) -> str:
    store = open_store(url)
    game = store.game("alpha", lock=False)
    orders = store.orders(game.id, game.turn).get("A")
    store.close()
    return str(orders)


async def test_a_cookie_copied_before_sign_out_opens_nothing_after_it_in_any_process(
    store_url: str, client_for: Any
) -> None:
    players = private_game(store_url)
    alice, thief = await client_for(store_url), await client_for(store_url)
    await sign_in(alice, players.passwords["alpha", ALICE])
    copy_cookies(alice, thief)  # the copy, used in another web process
    assert await opens_the_seat(thief)
    form = hidden_fields(await (await thief.get("/games/alpha/play")).text())
    stream = await thief.get("/games/alpha/events")
    assert stream.status == 200
    await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 10)  # the stream's first moment

    await sign_out(alice)

    assert not await opens_the_seat(alice)
    page = await (await thief.get("/games/alpha/play")).text()
    assert "you are player A" not in page and "Password for alpha" in page
    assert (await thief.get("/games/alpha/play/board.png")).status == 404
    assert (await thief.get("/games/alpha/events")).status == 404
    sent = await thief.post("/games/alpha/play", data={**form, "text": "Gx3"})
    assert sent.status == 403 and "Not signed in" in await sent.text()
    assert "Gx3" not in orders_of_a(store_url)
    # The stream opened before ends at the game's next change, not at the session's clock.
    players.as_player("alpha", BOB, "orders 1: Rv1")
    rest = await asyncio.wait_for(stream.content.read(), 10)
    assert stream.content.at_eof() and b"data:" not in rest


async def test_sign_out_everywhere_ends_the_seat_s_sessions_in_every_browser_only(
    store_url: str, client_for: Any
) -> None:
    players = private_game(store_url)
    laptop, phone = await client_for(store_url), await client_for(store_url)
    bob = await client_for(store_url)
    await sign_in(laptop, players.passwords["alpha", ALICE])
    await sign_in(phone, players.passwords["alpha", ALICE])
    await sign_in(bob, players.passwords["alpha", BOB])
    await sign_out(phone)  # one browser's sign-out ends that session only
    assert await opens_the_seat(laptop) and not await opens_the_seat(phone)
    await sign_in(phone, players.passwords["alpha", ALICE])
    await sign_out(laptop, everywhere=True)
    assert not await opens_the_seat(laptop) and not await opens_the_seat(phone)
    assert "you are player B" in await (await bob.get("/games/alpha/play")).text()


async def test_a_new_password_by_mail_ends_the_seat_s_sessions(
    store_url: str, client_for: Any
) -> None:
    players = private_game(store_url)
    alice = await client_for(store_url)
    await sign_in(alice, players.passwords["alpha", ALICE])
    assert await opens_the_seat(alice)
    said = players.send(ALICE, "newpassword alpha")
    assert "Your new password for alpha (player A)" in said, said
    assert not await opens_the_seat(alice)
