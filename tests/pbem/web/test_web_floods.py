"""The third audit's floods and broken promises, kept as attacks (issue 42, items 2, 3 and 5):
a form's text and body beyond what a turn needs, a seat sending forms without end, a judge call
holding up the list, one client opening stream after stream, accept() out of descriptors; and
answers without their headers (redirects, streams, refusals), public pages that may be framed,
a resign without its confirmation, a client going away. No timing is asserted: the figures come
from `python bench/web_play.py --flood forms|streams`."""

from __future__ import annotations

import asyncio
import errno
import logging
import re
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient
from patience import SETTLE_SECONDS
from test_play_pages import csrf_of, hidden_fields
from web_support import FLEET_A, FLEET_B, fill, on_loopback
from web_support import Club as Players

import pbem.web.playroutes
from pbem.storage.store import open_store
from pbem.web.app import Club, make_app
from pbem.web.floods import (
    FORMS_A_MINUTE,
    MAX_TEXT,
    REFUSED_AN_HOUR,
    FormBudget,
    QuietAccepts,
    Streams,
)
from pbem.web.play import Play
from pbem.web.sessions import Signer

ALICE, BOB, GM = "alice@example.org", "bob@example.org", "gm@example.org"
GUARDED = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy")


def club_store(tmp_path: Path) -> tuple[str, dict[str, str]]:
    """The audit's club (fill) and game `alpha` in play, its fleets in: the passwords of
    alpha's players and master."""
    url = str(tmp_path / "judge.sqlite3")
    store = open_store(url)
    fill(store)
    players = Players(store)
    master = re.findall(r"master password[^:]*: (\S+)", players.send(GM, "create alpha"))[0]
    players.seat("alpha", ALICE)
    players.seat("alpha", BOB)
    players.as_player("alpha", ALICE, f"fleet {FLEET_A}")
    players.as_player("alpha", BOB, f"fleet {FLEET_B}")
    store.close()
    return url, {
        "A": players.passwords["alpha", ALICE],
        "B": players.passwords["alpha", BOB],
        "master": master,
    }


@pytest.fixture
async def another() -> AsyncIterator[Callable[[TestClient], aiohttp.ClientSession]]:
    """Another visitor of the same server: cookies of its own, the same club and budgets."""
    sessions: list[aiohttp.ClientSession] = []

    def make(client: TestClient) -> aiohttp.ClientSession:
        base = str(client.make_url("/"))
        sessions.append(
            aiohttp.ClientSession(base_url=base, cookie_jar=aiohttp.CookieJar(unsafe=True))
        )
        return sessions[-1]

    yield make
    for session in sessions:
        await session.close()


@pytest.fixture
def served(serve_app: Callable[[Any], Any]) -> Callable[..., Any]:
    """A club page with play as `spaceships web` makes it: play over a store of its own."""

    async def make(url: str) -> tuple[TestClient, Club]:
        club = Club(open_store(url), "Test club")
        app = make_app(club, Play(open_store(url)), Signer(b"k" * 32))
        return await serve_app(app), club

    return make


async def sign_in(client: TestClient, password: str, game: str = "alpha") -> None:
    page = await (await client.get(f"/games/{game}/play")).text()
    signed = await client.post(
        f"/games/{game}/play/sign-in",
        data={"csrf": csrf_of(page), "password": password},
        allow_redirects=False,
    )
    assert signed.status == 303, await signed.text()


async def form_of(client: TestClient, command: str = "orders") -> dict[str, str]:
    return hidden_fields(await (await client.get("/games/alpha/play")).text(), command)


def a_orders(url: str) -> Any:
    store = open_store(url)
    orders = store.orders(store.game("alpha", lock=False).id, 1).get("A")
    store.close()
    return orders


async def until(done: Callable[[], bool], what: str) -> None:
    """Wait for `done` (checked every 10 ms); a bound, so that what never comes fails."""
    for _ in range(int(SETTLE_SECONDS * 100)):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


def guarded(headers: Any, what: str) -> None:
    for name in GUARDED:
        assert name in headers, (what, name)
    assert headers["Server"] == "spaceships-club", what
    said = " ".join(f"{k}: {v}" for k, v in headers.items()).lower()
    assert "aiohttp" not in said and "python" not in said, what


# -- item 2: forms -------------------------------------------------------------------------
async def test_a_form_text_beyond_the_cap_is_refused_in_one_line_and_never_judged(
    tmp_path: Path, served: Any
) -> None:
    url, passwords = club_store(tmp_path)
    client, _ = await served(url)
    await sign_in(client, passwords["A"])
    data = await form_of(client)
    long_text = "Gx3 " * (MAX_TEXT // 4 + 100)  # a few hundred bytes over the cap
    page = await (await client.post("/games/alpha/play", data={**data, "text": long_text})).text()
    said = re.search(r'<pre class="refused"[^>]*id="form-orders-said">(.*?)</pre>', page, re.S)
    assert said, page
    assert said.group(1).strip().startswith("Not sent: the text holds 8,592 bytes")
    assert "\n" not in said.group(1).strip() and "at most 8 KiB" in said.group(1)
    assert a_orders(url) is None  # never judged
    # A body beyond what any form's text needs is refused by aiohttp before it is read.
    data = await form_of(client)
    huge = await client.post("/games/alpha/play", data={**data, "text": "Gx3 " * 100_000})
    assert huge.status == 413
    guarded(huge.headers, "413")
    assert "at most 8 KiB of text" in await huge.text()
    assert a_orders(url) is None
    # And what a turn needs is taken.
    data = await form_of(client)
    page = await (await client.post("/games/alpha/play", data={**data, "text": "Gx3"})).text()
    assert "Your orders are accepted for turn 1" in page


async def test_a_seat_beyond_its_forms_a_minute_is_answered_unjudged_and_others_still_play(
    tmp_path: Path, served: Any, another: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    url, passwords = club_store(tmp_path)
    client, _ = await served(url)
    bob = another(client)
    await sign_in(client, passwords["A"])
    await sign_in(bob, passwords["B"])
    judged: list[str] = []
    send = Play.send

    def counted(self: Play, *args: Any) -> tuple[bool, str]:
        judged.append(args[2])
        return send(self, *args)

    monkeypatch.setattr(Play, "send", counted)
    data = await form_of(client)
    for number in range(FORMS_A_MINUTE):
        sent = await client.post(
            "/games/alpha/play",
            data={**data, "nonce": f"{number:024d}", "text": "Gx3"},
            allow_redirects=False,
        )
        assert sent.status == 303
    flooded = await client.post(
        "/games/alpha/play", data={**data, "nonce": "f" * 24, "text": "Gx4"}, allow_redirects=False
    )
    assert flooded.status == 429 and int(flooded.headers["Retry-After"]) > 0
    guarded(flooded.headers, "429")
    text = await flooded.text()
    assert f"this seat sent {FORMS_A_MINUTE} forms in the last minute" in text
    assert "nothing was sent to the judge" in text
    assert len(judged) == FORMS_A_MINUTE and "Gx4" not in str(a_orders(url))
    # A new session of the seat gets no fresh budget; the other seat plays on.
    anew = another(client)
    await sign_in(anew, passwords["A"])
    data = await form_of(anew)
    again = await anew.post("/games/alpha/play", data={**data, "text": "Gx4"})
    assert again.status == 429
    answer = await bob.post("/games/alpha/play", data={**await form_of(bob), "text": "Rv1"})
    assert "1 B results: Rv1" in await answer.text()  # the turn resolved with A's orders


def test_refused_forms_are_budgeted_by_the_hour_as_mail_answers_an_address() -> None:
    now = [0.0]
    budget = FormBudget(lambda: now[0])
    seat = (1, "A")
    for _ in range(REFUSED_AN_HOUR):
        assert budget.wait(seat) == (0.0, "")
        budget.refusal(seat)
        now[0] += 61.0  # a form a minute: within the minute's budget
    wait, why = budget.wait(seat)
    assert wait > 0 and why.startswith(f"Not sent: the judge refused {REFUSED_AN_HOUR} forms")
    assert "nothing was sent to the judge" in why and "\n" not in why
    assert budget.wait((1, "B")) == (0.0, "")  # the other seat's budget is its own
    now[0] += wait
    assert budget.wait(seat) == (0.0, "")  # the oldest refusal an hour old: a form again


async def test_a_judge_call_holds_up_neither_the_list_nor_a_public_page(
    tmp_path: Path, served: Any, another: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The audit's 1 MB orders held the list 5 to 17 s: here a judge call is held until the
    list, a game's page, its board and its live stream have answered, which could never happen
    were they on the judge's thread."""
    url, passwords = club_store(tmp_path)
    client, _ = await served(url)
    await sign_in(client, passwords["A"])
    data = await form_of(client)
    entered, release = threading.Event(), threading.Event()
    send = Play.send

    def slow(self: Play, *args: Any) -> tuple[bool, str]:
        entered.set()
        assert release.wait(30), "the list was not served while the judge was busy"
        return send(self, *args)

    monkeypatch.setattr(Play, "send", slow)
    sending = asyncio.create_task(client.post("/games/alpha/play", data={**data, "text": "Gx3"}))
    await until(entered.is_set, "the judge called")
    visitor = another(client)
    try:
        for path in ("/", "/games/open", "/games/open/board.png", "/games/alpha"):
            answer = await asyncio.wait_for(visitor.get(path), 20)
            assert answer.status == 200, path
        stream = await asyncio.wait_for(visitor.get("/games/alpha/events"), 20)
        assert (await stream.content.readuntil(b"\n\n")).startswith(b"event: moment")
        stream.close()
        assert not sending.done()
    finally:
        release.set()
    assert "Your orders are accepted" in await (await sending).text()


# -- item 3: streams -----------------------------------------------------------------------
async def test_streams_beyond_a_clients_share_get_503_and_the_list_still_answers(
    tmp_path: Path, served: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pbem.web.playroutes, "KEEP_ALIVE", 0.05)  # a closed stream soon seen
    url, _ = club_store(tmp_path)
    client, club = await served(url)
    club.streams = Streams(per_client=3, in_all=100)
    streams = []
    for _ in range(3):
        stream = await client.get("/games/open/events")
        assert stream.status == 200
        await stream.content.readuntil(b"\n\n")
        streams.append(stream)
    refused = await client.get("/games/open/events")
    assert refused.status == 503 and refused.headers["Retry-After"] == "30"
    assert refused.headers.get("Connection", "").lower() == "close"
    guarded(refused.headers, "503")
    assert "3 live streams are open from your address already" in await refused.text()
    assert (await client.get("/")).status == 200
    assert (await client.get("/games/open")).status == 200
    streams.pop().close()  # a page closed: its place is given back
    await until(lambda: club.streams.total == 2, "the closed stream given back")
    again = await client.get("/games/open/events")
    assert again.status == 200
    again.close()
    for stream in streams:
        stream.close()


def test_streams_are_counted_per_client_and_in_all() -> None:
    streams = Streams(per_client=2, in_all=3)
    assert streams.take("a") == "" and streams.take("a") == ""
    assert "2 live streams are open from your address" in streams.take("a")
    assert streams.take("b") == ""
    assert "3 live streams" in streams.take("c")  # the whole server's share, whoever asks
    streams.give_back("a")
    assert streams.take("c") == "" and streams.open == {"a": 1, "b": 1, "c": 1}


def test_accepts_out_of_descriptors_are_one_line_a_second_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    now = [0.0]
    quiet = QuietAccepts(lambda: now[0])
    passed: list[dict[str, Any]] = []

    class Loop:
        def default_exception_handler(self, context: dict[str, Any]) -> None:
            passed.append(context)

    out = OSError(errno.EMFILE, "Too many open files")
    with caplog.at_level(logging.DEBUG):
        for _ in range(300):  # 300 failed accepts over 3 s
            quiet(Loop(), {"message": "socket.accept() out of system resource", "exception": out})
            now[0] += 0.01
        quiet(Loop(), {"message": "something else", "exception": ValueError("x")})
    said = [r for r in caplog.records if "cannot take a connection" in r.getMessage()]
    assert len(said) == 3 and not any(r.exc_info for r in said)
    assert "Too many open files" in said[0].getMessage()
    assert "(99 more since the last line)" in said[1].getMessage()
    assert [c["message"] for c in passed] == ["something else"]


# -- item 5: promises ----------------------------------------------------------------------
async def test_every_answer_carries_the_headers_redirects_streams_and_refusals_included(
    tmp_path: Path, served: Any
) -> None:
    url, passwords = club_store(tmp_path)
    client, _ = await served(url)
    for path in ("/", "/games/open", "/games/open/replay.html", "/games/open/board.png"):
        answer = await client.get(path)
        guarded(answer.headers, path)
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"], path
        assert answer.headers["X-Frame-Options"] == "DENY", path
    page = await (await client.get("/games/alpha/play")).text()
    answers = {
        "sign-in 303": await client.post(
            "/games/alpha/play/sign-in",
            data={"csrf": csrf_of(page), "password": passwords["A"]},
            allow_redirects=False,
        )
    }
    data = await form_of(client)
    answers["form 303"] = await client.post(
        "/games/alpha/play", data={**data, "text": "Gx3"}, allow_redirects=False
    )
    answers["stream"] = await client.get("/games/alpha/events")
    answers["stream"].close()
    answers["forged form 403"] = await client.post("/games/alpha/play", data={"csrf": "0"})
    answers["nothing 404"] = await client.get("/games/nothing/play/board.png")
    data = await form_of(client)
    answers["sign-out 303"] = await client.post(
        "/games/alpha/play/sign-out", data={"csrf": data["csrf"]}, allow_redirects=False
    )
    assert [a.status for a in answers.values()] == [303, 303, 200, 403, 404, 303]
    for what, answer in answers.items():
        guarded(answer.headers, what)
        assert answer.headers["X-Frame-Options"] == "DENY", what


async def test_a_resign_or_resolve_now_without_its_confirmation_changes_nothing(
    tmp_path: Path, served: Any
) -> None:
    url, passwords = club_store(tmp_path)
    alice, _ = await served(url)
    await sign_in(alice, passwords["A"])
    data = await form_of(alice, "resign")
    assert "confirm" not in data  # the checkbox is no hidden field: a forged form leaves it out
    page = await (await alice.post("/games/alpha/play", data=data)).text()
    assert "Not done: tick the box (I give up this game) to resign; nothing changed." in page
    master, _ = await served(url)
    await sign_in(master, passwords["master"])
    answer = await master.post("/games/alpha/play", data=await form_of(master, "process"))
    assert "Not done: tick the box (as if the deadline had passed)" in await answer.text()
    store = open_store(url)
    game = store.game("alpha", lock=False)
    store.close()
    assert game.phase == "playing" and game.turn == 1
    data = await form_of(alice, "resign")
    page = await (await alice.post("/games/alpha/play", data={**data, "confirm": "yes"})).text()
    assert "The game is over." in page


async def test_a_client_going_away_mid_body_or_from_a_stream_is_one_info_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pbem.web.playroutes, "KEEP_ALIVE", 0.05)  # a closed stream soon seen
    url, _ = club_store(tmp_path)
    club = Club(open_store(url), "Test club")
    async with on_loopback(make_app(club, Play(open_store(url)), Signer(b"k" * 32))) as port:
        with caplog.at_level(logging.DEBUG):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(
                b"POST /games/alpha/play/sign-in HTTP/1.1\r\nHost: x\r\n"
                b"Content-Type: application/x-www-form-urlencoded\r\n"
                b"Content-Length: 20000\r\n\r\npassword=abc"
            )
            await writer.drain()
            writer.close()
            await until(
                lambda: any("went away" in r.getMessage() for r in caplog.records),
                "the client's going away noted",
            )
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET /games/open/events HTTP/1.1\r\nHost: x\r\n\r\n")
            await reader.readuntil(b"event: moment")
            writer.close()
            await until(lambda: club.streams.total == 0, "the closed stream given back")
        noisy = [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]
        assert not noisy, [r.getMessage() for r in noisy]
        said = [r for r in caplog.records if r.name == "web"]
        assert len(said) <= 2 and all(r.levelno == logging.INFO for r in said), said
        assert "POST /games/alpha/play/sign-in: the client went away" in said[0].getMessage()
