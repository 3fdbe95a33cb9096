"""Play in the browser over HTTP (issue 35), SQLite and PostgreSQL: signing in with the game's
password (a signed, HttpOnly, SameSite=Strict cookie; tries rate-limited), CSRF on every
form, a whole game played through the forms with the judge's refusals beside the field, the
live stream, and the swap test: B's hidden fleet placed otherwise changes not one byte of what
A's session is sent [1.4]."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from web_support import FLEET_A, FLEET_B, FLEET_B_SWAPPED
from web_support import Club as Players

from pbem.steps.passwords import WORDS
from pbem.storage.store import open_store
from pbem.web.app import Club, make_app
from pbem.web.play import Play
from pbem.web.sessions import TRIES, Signer

ALICE, BOB = "alice@example.org", "bob@example.org"
# What changes from run to run: tokens, moments, when the turn opened (a form carries it).
RANDOM = re.compile(
    rb'value="[0-9a-f]{24,64}"|\?m=[^"]*"|data-moment="[^"]*"|name="opened" value="[^"]*"'
    rb'|data-draft="[^"]*"'
)


@pytest.fixture
def client_for(serve_app: Callable[[Any], Any]) -> Callable[..., Any]:
    async def make(url: str, play: bool = True) -> TestClient:
        store = open_store(url)
        app = make_app(Club(store, "Test club"), Play(store) if play else None, Signer(b"k" * 32))
        return await serve_app(app)

    return make


def seated(url: str, fleets: tuple[str, str] | None = None) -> dict[str, str]:
    """Game `alpha` with both seats taken (and `fleets` in); each player's password."""
    store = open_store(url)
    players = Players(store)
    players.send("gm@example.org", "create alpha")
    players.seat("alpha", ALICE)
    players.seat("alpha", BOB)
    if fleets is not None:
        players.as_player("alpha", ALICE, f"fleet {fleets[0]}")
        players.as_player("alpha", BOB, f"fleet {fleets[1]}")
    store.close()
    return {"A": players.passwords["alpha", ALICE], "B": players.passwords["alpha", BOB]}


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
    assert found, page
    return found.group(1)


async def sign_in(client: TestClient, password: str) -> Any:
    page = await (await client.get("/games/alpha/play")).text()
    return await client.post(
        "/games/alpha/play/sign-in",
        data={"csrf": csrf_of(page), "password": password},
        allow_redirects=False,
    )


def hidden_fields(page: str, command: str = "orders") -> dict[str, str]:
    """The hidden fields of a form of the seat's page (its CSRF token, its number, its turn)."""
    form = re.search(rf'<form class="play" id="form-{command}".*?</form>', page, re.S)
    assert form, f"no {command} form on the page:\n{page}"
    return dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))


async def send(client: TestClient, command: str, text: str = "", **extra: str) -> str:
    """A form of the seat's page as the browser sends it; the page shown after."""
    page = await (await client.get("/games/alpha/play")).text()
    data = hidden_fields(page, command)
    data.update(text=text, **extra)
    return await (await client.post("/games/alpha/play", data=data)).text()


async def test_sign_in_gives_a_signed_http_only_strict_cookie_and_no_password(
    store_url: str, client_for: Any
) -> None:
    passwords = seated(store_url)
    client = await client_for(store_url)
    response = await sign_in(client, passwords["A"])
    assert response.status == 303
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Max-Age=43200" in cookie
    assert passwords["A"] not in cookie
    page = await client.get("/games/alpha/play")
    text = await page.text()
    assert "you are player A (Alice)" in text and "Your fleet for alpha" in text
    policy = page.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "http" not in policy and "*" not in policy


async def test_a_wrong_password_is_refused_and_counted_and_tries_are_braked(
    store_url: str, client_for: Any
) -> None:
    passwords = seated(store_url)
    # Words of the judge's list, the last one changed: never the password itself (a
    # reversed password is, when its first and last words are alike).
    *first, last = passwords["A"].split("-")
    guess = "-".join([*first, next(w for w in WORDS if w != last)])
    client = await client_for(store_url)
    wrong = await sign_in(client, guess)
    assert (
        wrong.status == 200
        and "Set-Cookie" not in wrong.headers
        or "ss_seat" not in str(wrong.headers.get("Set-Cookie"))
    )
    said = await wrong.text()
    assert "Wrong password for alpha" in said
    # How to get in without it (issue 47, item 7): a new password, or a one-time link.
    assert "`newpassword alpha`" in said and "`web alpha`" in said
    for _ in range(TRIES - 1):
        await sign_in(client, guess)
    braked = await sign_in(client, guess)
    assert braked.status == 429 and "Too many password tries" in await braked.text()
    store = open_store(store_url)
    count, _ = store.wrong_passwords_since(store.game("alpha", lock=False).id, _long_ago())
    store.close()
    assert count == TRIES  # the braked try was not checked, nor counted


def _long_ago() -> Any:
    from datetime import UTC, datetime

    return datetime(2000, 1, 1, tzinfo=UTC)


async def test_a_form_without_its_csrf_token_changes_nothing(
    store_url: str, client_for: Any
) -> None:
    passwords = seated(store_url)
    client = await client_for(store_url)
    await sign_in(client, passwords["A"])
    refused = await client.post(
        "/games/alpha/play", data={"command": "fleet", "text": FLEET_A, "nonce": "1" * 24}
    )
    assert refused.status == 403
    forged = await client.post(
        "/games/alpha/play",
        data={"command": "fleet", "text": FLEET_A, "nonce": "1" * 24, "csrf": "0" * 64},
    )
    assert forged.status == 403
    no_token = await client.post("/games/alpha/play/sign-in", data={"password": passwords["B"]})
    assert no_token.status == 403
    store = open_store(store_url)
    assert store.players(store.game("alpha", lock=False).id)["A"].fleet is None
    store.close()


async def test_a_game_played_through_the_forms_with_a_refusal_beside_the_field(
    store_url: str, client_for: Any
) -> None:
    passwords = seated(store_url)
    alice, bob = await client_for(store_url), await client_for(store_url)
    await sign_in(alice, passwords["A"])
    await sign_in(bob, passwords["B"])
    page = await send(alice, "fleet", "DS Rv1")  # a slip: a fleet of one ship
    said = re.search(
        r'<pre class="refused" role="status" id="form-fleet-said">(.*?)</pre>', page, re.S
    )
    assert said and "nothing changed" in said.group(1)
    assert ">DS Rv1</textarea>" in page  # what was typed is kept for mending
    assert "accepted" in await send(alice, "fleet", FLEET_A)
    page = await send(bob, "fleet", FLEET_B)
    assert "Orders for turn 1 of alpha" in page
    page = await send(alice, "orders", "Rx4 Rv5 Zz9")
    assert "is not a cell" in page and "hint: colours are R O Y G B" in page
    page = await send(alice, "orders", "Rx4 Rv5 Bv1")
    assert "Your orders are accepted for turn 1" in page and "Waiting for player B" in page
    page = await send(bob, "orders", "Rv1 Oz5 Gx1 Bv5")
    assert "Orders for turn 2 of alpha" in page and "1 B results: Rv1 hit" in page
    alice_page = await (await alice.get("/games/alpha/play")).text()
    assert "1 A results: Rx4 hit; Rv5 miss; Bv1 hit" in alice_page
    assert "DS Rx4 Rx5" not in alice_page  # B's fleet: hidden until the end [1.4]
    board = await alice.get("/games/alpha/play/board.png")
    assert (await board.read()).startswith(b"\x89PNG")
    old = await send(alice, "orders", "Gx3", turn="1")  # a form of a turn that is over
    assert "which is over: turn 2 is open now; nothing changed" in old
    ahead = await send(alice, "orders", "Gx3", turn="3")  # issue 47, item 8: not "over"
    assert "turn 3 of alpha, which is not open yet: turn 2 is open now; nothing changed" in ahead
    page = await send(bob, "resign", confirm="yes")
    assert "The game is over." in page
    store = open_store(store_url)
    assert store.game("alpha", lock=False).phase == "over"
    store.close()


async def test_a_form_sent_twice_acts_once(store_url: str, client_for: Any) -> None:
    passwords = seated(store_url, (FLEET_A, FLEET_B))
    client = await client_for(store_url)
    await sign_in(client, passwords["A"])
    page = await (await client.get("/games/alpha/play")).text()
    data = hidden_fields(page)
    first = await (await client.post("/games/alpha/play", data={**data, "text": "Gx3"})).text()
    again = await (await client.post("/games/alpha/play", data={**data, "text": "Gy3"})).text()
    assert "accepted" in first and "handled already" in again
    store = open_store(store_url)
    kept = store.orders(store.game("alpha", lock=False).id, 1)["A"]
    store.close()
    assert "Gx3" in str(kept) and "Gy3" not in str(kept)  # the first one stands


async def test_the_live_stream_tells_an_open_page_the_opponent_moved(
    store_url: str, client_for: Any
) -> None:
    passwords = seated(store_url, (FLEET_A, FLEET_B))
    watcher, bob = await client_for(store_url), await client_for(store_url)
    await sign_in(bob, passwords["B"])
    stream = await watcher.get("/games/alpha/events")
    assert stream.headers["Content-Type"] == "text/event-stream"
    first = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 10)
    assert first.startswith(b"event: moment\ndata: ")
    await send(bob, "orders", "Rv1")
    second = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 10)
    assert second != first and second.rstrip().endswith(b".B")  # B has sent, not what
    stream.close()


async def test_play_off_leaves_the_page_read_only(store_url: str, client_for: Any) -> None:
    seated(store_url)
    client = await client_for(store_url, play=False)
    assert (await client.get("/games/alpha/play")).status == 404
    assert "/play" not in await (await client.get("/games/alpha")).text()


async def test_swap_b_fleet_changes_not_a_byte_of_what_a_is_sent_1_4(
    tmp_path: Any, client_for: Any
) -> None:
    bodies = []
    for number, fleet_b in enumerate((FLEET_B, FLEET_B_SWAPPED)):
        url = str(tmp_path / f"swap{number}.sqlite3")
        passwords = seated(url)
        alice, bob = await client_for(url), await client_for(url)
        await sign_in(alice, passwords["A"])
        await sign_in(bob, passwords["B"])
        seen = [await send(alice, "fleet", FLEET_A), await send(bob, "fleet", fleet_b)]
        seen.append(await send(bob, "orders", "Rv1 Oz5 Gx1 Bv5"))
        seen.append(await send(alice, "orders", "Rx4 Rv5 Bv1"))
        for path in ("/games/alpha/play", "/games/alpha/play/board.png", "/games/alpha"):
            seen.append(await (await alice.get(path)).read())
        bodies.append([RANDOM.sub(b"", s.encode() if isinstance(s, str) else s) for s in seen])
    # Bob's own pages differ (his fleet); everything Alice was sent must not.
    assert bodies[0][0] == bodies[1][0]
    assert bodies[0][3:] == bodies[1][3:]


async def test_two_web_processes_never_act_twice_on_one_form_or_one_turn(
    store_url: str, client_for: Any
) -> None:
    """Two web processes over one database (each its own store connection): the same form
    sent to both at once acts once; both players' last orders at once resolve the turn once."""
    passwords = seated(store_url, (FLEET_A, FLEET_B))
    one, two = await client_for(store_url), await client_for(store_url)
    bob_one, bob_two = await client_for(store_url), await client_for(store_url)
    await sign_in(one, passwords["A"])
    await sign_in(bob_one, passwords["B"])
    # Each session is its first process's cookie: the second process, sharing the key, takes
    # it as a proxy in front of both would send it.
    for first, second in ((one, two), (bob_one, bob_two)):
        cookies = first.session.cookie_jar.filter_cookies(first.make_url("/"))
        second.session.cookie_jar.update_cookies(cookies, second.make_url("/"))
    page = await (await one.get("/games/alpha/play")).text()
    data = hidden_fields(page)
    sent = await asyncio.gather(
        one.post("/games/alpha/play", data={**data, "text": "Gx3"}),
        two.post("/games/alpha/play", data={**data, "text": "Gx3"}),
    )
    pages = [await response.text() for response in sent]
    # The answer of the send that acted is shown once, whichever process serves the page
    # after it (the answers are kept in the store); the other send changed nothing.
    assert sum("Your orders are accepted" in p for p in pages) == 1, pages
    bob_page = await (await bob_one.get("/games/alpha/play")).text()
    bob_data = hidden_fields(bob_page)
    again = await two.get("/games/alpha/play")
    a_data = hidden_fields(await again.text())
    await asyncio.gather(
        bob_two.post("/games/alpha/play", data={**bob_data, "text": "Rv1"}),
        two.post("/games/alpha/play", data={**a_data, "text": "Gy3"}),  # replaces Gx3
    )
    store = open_store(store_url)
    game = store.game("alpha", lock=False)
    turns = store.turn_count(game.id)
    store.close()
    assert game.turn == 2 and turns == 1


async def test_the_answer_to_a_form_is_shown_by_whichever_process_serves_the_next_page(
    store_url: str, client_for: Any
) -> None:
    """Behind a proxy that sends each request to any of several web processes (no sticky
    sessions), the judge's answer to a form is on the next page once, wherever it is made."""
    passwords = seated(store_url, (FLEET_A, FLEET_B))
    one, two = await client_for(store_url), await client_for(store_url)
    await sign_in(one, passwords["A"])
    cookies = one.session.cookie_jar.filter_cookies(one.make_url("/"))
    two.session.cookie_jar.update_cookies(cookies, two.make_url("/"))
    page = await (await one.get("/games/alpha/play")).text()
    data = hidden_fields(page)
    sent = await one.post("/games/alpha/play", data={**data, "text": "Gx9"}, allow_redirects=False)
    assert sent.status == 303
    shown = await (await two.get("/games/alpha/play")).text()
    assert 'id="form-orders-said"' in shown and "Gx9" in shown, shown
    again = await (await one.get("/games/alpha/play")).text()
    assert 'id="form-orders-said"' not in again  # shown once: a reload shows the page as it is


def test_a_form_of_another_turn_says_whether_that_turn_is_over_or_not_open_yet(
    tmp_path: Any,
) -> None:
    """Issue 47, item 8: a turn field ahead of the open turn was told "which is over". It is
    not open yet, unless the form's turn opened before this one: a match's earlier game, whose
    turns counted higher, is over (the form carries when its turn opened)."""
    from dataclasses import replace
    from datetime import UTC, datetime, timedelta

    from pbem.web.play import phase_opened, stale_turn

    url = str(tmp_path / "judge.sqlite3")
    seated(url, (FLEET_A, FLEET_B))
    store = open_store(url)
    game = store.game("alpha", lock=False)
    store.close()
    opened = phase_opened(game)
    assert stale_turn(game, 1, opened) == stale_turn(game, 1, "") == ""
    assert "turn 2 of alpha, which is not open yet" in stale_turn(game, 2, opened)
    assert "turn 2 of alpha, which is not open yet" in stale_turn(game, 2, "")
    later = replace(game, turn=3, opened_at=game.opened_at + timedelta(hours=1))
    assert "turn 1 of alpha, which is over" in stale_turn(later, 1, opened)
    # The match's second game, at its turn 1; the form came from turn 5 of the first.
    second = replace(game, turn=1, opened_at=datetime(2030, 1, 1, tzinfo=UTC))
    assert "turn 5 of an earlier game of alpha, which is over" in stale_turn(second, 5, opened)
    assert "turn 1 of an earlier game of alpha, which is over" in stale_turn(second, 1, opened)
