"""A Discord game played in the browser (issue 35, item 1): `/spaceships web` answers the member
alone with a one-time link; the page signs them in to their seat; a move sent there is the
judge's as if sent in Discord, and what it causes reaches the game's thread through the bot's
outbox; a link opens one session, for its seat only; nobody outside the game gets one."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import simcord
from aiohttp.test_utils import TestClient, TestServer
from bot_support import (
    FLEET_A,
    FLEET_B,
    FLEET_B_SWAPPED,
    World,
    message_record,
    start_game,
    text_of,
)
from patience import SETTLE_SECONDS

from bot import create_bot
from bot.app import OUTBOX_SECONDS
from pbem.steps.weblinks import WEB_SECRET_FILE, WEB_URL, secret_from
from pbem.storage.store import open_store
from pbem.web.app import Club, make_app
from pbem.web.play import Play
from pbem.web.sessions import Signer
from spaceships_cli import front_end_keeper

SITE = "https://club.example.org"


@pytest.fixture
def secret_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "web-secret"
    monkeypatch.setenv(WEB_URL, SITE)
    monkeypatch.setenv(WEB_SECRET_FILE, str(path))
    return path


@pytest.fixture
async def page(world: World, tmp_path: Path, secret_file: Path) -> AsyncIterator[TestClient]:
    """`spaceships web` over the bot's database, as its own process would open it."""
    store = open_store(tmp_path / "judge.sqlite3")
    # The simulated Discord's time, which the bot's judge dated the links by.
    play = Play(store, front_end_keeper(store, "judge@example.org"), clock=world.env.now)
    client = TestClient(
        TestServer(make_app(Club(store, "Club"), play, Signer(secret_from(str(secret_file)))))
    )
    await client.start_server()
    yield client
    await client.close()
    store.close()


def link_buttons(result: Any) -> list[tuple[str, str]]:
    message = result.response.message
    return [
        (child.label, child.url)
        for row in message.components
        for child in row.children
        if getattr(child, "url", None)
    ]


def csrf_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', html)
    assert found, html
    return found.group(1)


async def follow(client: TestClient, url: str) -> str:
    """Opens the link as a browser does: its page, then its button (the link is used only by
    the press, never by a preview fetching the address)."""
    path = urlsplit(url).path
    shown = await (await client.get(path)).text()
    return await (await client.post(path, data={"csrf": csrf_of(shown)})).text()


async def send_orders(client: TestClient, name: str, text: str) -> str:
    html = await (await client.get(f"/games/{name}/play")).text()
    form = re.search(r'<form class="play" id="form-orders".*?</form>', html, re.S)
    assert form, html
    data = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))
    data["text"] = text
    return await (await client.post(f"/games/{name}/play", data=data)).text()


async def test_a_move_made_in_the_browser_reaches_the_thread_and_the_opponent_answers_there(
    world: World, page: TestClient
) -> None:
    thread = await start_game(world, game="chess")
    alice, bob = world.member("alice"), world.member("bob")
    asked = await alice.slash(thread, "spaceships web")
    assert asked.ephemeral
    buttons = link_buttons(asked)
    assert [label for label, _ in buttons] == ["Play alice-bob as the Terrans"], buttons
    url = buttons[0][1]
    assert url.startswith(f"{SITE}/link/") and len(url) < 78  # issue 47, item 7
    assert "30 minutes" in text_of(asked) and "pass it on" in text_of(asked)
    # Nothing of it in the thread or anyone's DMs: the link is Alice's seat.
    assert all(url not in m.content for m in thread.history() + world.dms("bob"))

    signed = await follow(page, url)
    assert "Terrans" in signed and "form-orders" in signed, signed
    after = await send_orders(page, "alice-bob", "M@Ab2")
    assert "Your turn 1 is played: M@Ab2" in after, after
    # The bot posts the turn from its outbox, with the next side's button, as for a move
    # sent in Discord.
    # The bot posts the turn from its outbox within OUTBOX_SECONDS, with the next side's
    # button, as for a move sent in Discord.
    await world.env.advance_time(OUTBOX_SECONDS)
    said = [m.embeds[0].description for m in thread.history() if m.embeds]
    assert "Terran support ship lays a mine at Ab2" in said[-1], said
    latest = [m for m in thread.history() if m.embeds][-1]
    assert "Submit moves (turn 2, Aliens)" in str(latest.components)
    answer = text_of(await bob.slash(thread, "spaceships orders", text="M@Hb4 M@Gd2"))
    assert "Your turn 2 is played" in answer, answer
    mine = await (await page.get("/games/alice-bob/play")).text()
    assert "Turn 3" in mine or "turn 3" in mine, mine


async def test_a_link_signs_in_once_and_only_its_own_seat(world: World, page: TestClient) -> None:
    thread = await start_game(world, game="chess")
    url = link_buttons(await world.member("bob").slash(thread, "spaceships web"))[0][1]
    assert "Aliens" in await follow(page, url)
    page.session.cookie_jar.clear()
    again = await (await page.get(urlsplit(url).path)).text()
    assert "This link was used already" in again and "Sign out" not in again
    assert "/spaceships web" in again  # how to get another, in Discord's words
    # A Discord game's seats have no password: its page asks for none, says how to get a
    # link, and a password sent anyway opens nothing.
    html = await (await page.get("/games/alice-bob/play")).text()
    assert 'type="password"' not in html and "/spaceships web" in html, html
    fresh = link_buttons(await world.member("bob").slash(thread, "spaceships web"))[0][1]
    link_form = await (await page.get(urlsplit(fresh).path)).text()  # a visitor's CSRF token
    refused = await (
        await page.post(
            "/games/alice-bob/play/sign-in",
            data={"csrf": csrf_of(link_form), "password": "apple-brave-cedar"},
        )
    ).text()
    assert "is played in Discord" in refused and "/spaceships web" in refused, refused
    assert 'type="password"' not in refused


async def test_nobody_outside_the_game_gets_a_link(world: World, page: TestClient) -> None:
    thread = await start_game(world, game="chess")
    world.member("carol")
    answer = await world.member("carol").slash(thread, "spaceships web")
    assert link_buttons(answer) == []
    assert "not your game" in text_of(answer), text_of(answer)


async def test_without_a_page_the_judge_says_so(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(WEB_URL, raising=False)
    thread = await start_game(world, game="chess")
    answer = text_of(await world.member("alice").slash(thread, "spaceships web"))
    assert "no web page to play on" in answer and "spaceships bot" in answer, answer


# What changes from run to run: tokens, moments, when the turn opened (a form carries it).
RANDOM = re.compile(
    rb'value="[0-9a-f]{24,64}"|\?m=[^"]*"|data-moment="[^"]*"|name="opened" value="[^"]*"'
    rb'|data-draft="[^"]*"'
)
TURN = ("Rx4 Rv5 Bv1", "Rv1 Oz5 Gx1 Bv5")


async def _alice_on_the_web(path: Path, secret_file: Path, fleet_b: str) -> list[bytes]:
    """A Spaceships game in Discord, Alice playing her turn on the page: every byte the page
    sends her, and what the thread shows everyone after it."""
    store = open_store(path)
    seen: list[bytes] = []
    async with simcord.run(create_bot(store, shard_count=1), settle_timeout=SETTLE_SECONDS) as env:
        guild = env.create_guild("Club")
        world = World(env, guild, guild.create_text_channel("spaceships"), store)
        thread = await start_game(world)
        alice, bob = world.member("alice"), world.member("bob")
        await alice.slash(thread, "spaceships fleet", text=FLEET_A)
        await bob.slash(thread, "spaceships fleet", text=fleet_b)
        url = link_buttons(await alice.slash(thread, "spaceships web"))[0][1]
        opened = open_store(path)
        play = Play(opened, front_end_keeper(opened, "judge@example.org"), clock=env.now)
        signer = Signer(secret_from(str(secret_file)))
        client = TestClient(TestServer(make_app(Club(opened, "Club"), play, signer)))
        await client.start_server()
        try:
            seen.append((await follow(client, url)).encode())
            seen.append((await send_orders(client, "alice-bob", TURN[0])).encode())
            await bob.slash(thread, "spaceships orders", text=TURN[1])
            for page in ("/games/alice-bob/play", "/games/alice-bob/play/board.png"):
                seen.append(await (await client.get(page)).read())
            await env.advance_time(OUTBOX_SECONDS)
            seen += [repr(message_record(env, m)).encode() for m in thread.history()]
        finally:
            await client.close()
            opened.close()
    store.close()
    return [RANDOM.sub(b"", body) for body in seen]


async def test_swap_b_fleet_changes_not_a_byte_of_alices_page_in_a_discord_game_1_4(
    tmp_path: Path, secret_file: Path
) -> None:
    one = await _alice_on_the_web(tmp_path / "one.sqlite3", secret_file, FLEET_B)
    two = await _alice_on_the_web(tmp_path / "two.sqlite3", secret_file, FLEET_B_SWAPPED)
    assert len(one) == len(two) > 5
    for number, (a, b) in enumerate(zip(one, two, strict=True)):
        assert a == b, (number, a[:300], b[:300])
    # It compared the turn's results and a picture, not two empty pages.
    assert b"Turn 2" in one[2] or b"turn 2" in one[2], one[2]
    assert one[3].startswith(b"\x89PNG")


async def test_a_token_for_a_program_comes_to_the_member_alone_and_plays_their_seat(
    world: World, page: TestClient
) -> None:
    """`/spaceships token` (issue 46): the judge's `token NAME` for the member's seat, answered
    to them alone; the token reads that seat's view through the API, and nobody outside the
    game gets one."""
    thread = await start_game(world, game="chess")
    asked = await world.member("bob").slash(thread, "spaceships token")
    assert asked.ephemeral
    found = re.search(r"API token for alice-bob: (sst_[0-9a-f]+)", text_of(asked))
    assert found, text_of(asked)
    assert all(found.group(1) not in m.content for m in thread.history() + world.dms("alice"))
    view = await page.get(
        "/api/games/alice-bob", headers={"Authorization": f"Bearer {found.group(1)}"}
    )
    assert (await view.json())["seat"] == "B"
    listed = text_of(await world.member("bob").slash(thread, "spaceships token", action="list"))
    assert found.group(1)[:12] in listed and "live" in listed
    world.member("carol")
    refused = text_of(await world.member("carol").slash(thread, "spaceships token"))
    assert "not your game" in refused and "sst_" not in refused
