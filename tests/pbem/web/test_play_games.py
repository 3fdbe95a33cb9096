"""Play in the browser for every game and every reader (issue 35, item 2): Space Chess's moves
and draw offer, Spaceship Battles' designs and phases, each with the forms its kind describes
and its own teaching refusals; the game master's page; a session that ends with its password;
what a turn played here causes, queued for mail as the mail judge queues it; and a battle's
swap tests on the page (its designs' names, its pending orders; R14, R16, R17)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from test_play_pages import csrf_of
from web_support import DESIGN_A, DESIGN_B, FLEET_A, FLEET_B
from web_support import Club as Players

from pbem.mail.queued import mail_keeper
from pbem.storage.store import open_store
from pbem.web.app import Club, make_app
from pbem.web.play import Play
from pbem.web.sessions import Signer

ALICE, BOB, GM = "alice@example.org", "bob@example.org", "gm@example.org"
TOKENS = re.compile(r'value="[0-9a-f]{24,64}"|\?m=[^"]*"|data-moment="[^"]*"')


@pytest.fixture
def client_for(serve_app: Callable[[Any], Any]) -> Callable[..., Any]:
    async def make(url: str) -> TestClient:
        store = open_store(url)
        play = Play(store, mail_keeper(store, "judge@example.org"))
        return await serve_app(make_app(Club(store, "Test club"), play, Signer(b"k" * 32)))

    return make


def made(url: str, create: str, name: str) -> Players:
    store = open_store(url)
    players = Players(store)
    players.passwords[name, GM] = re.findall(
        r"master password[^:]*: (\S+)", players.send(GM, create)
    )[0]
    players.seat(name, ALICE)
    players.seat(name, BOB)
    players.store = store  # type: ignore[attr-defined]
    return players


async def signed(client: TestClient, name: str, password: str) -> str:
    page = await (await client.get(f"/games/{name}/play")).text()
    await client.post(
        f"/games/{name}/play/sign-in", data={"csrf": csrf_of(page), "password": password}
    )
    return await (await client.get(f"/games/{name}/play")).text()


async def send(client: TestClient, name: str, command: str, text: str = "", **extra: str) -> str:
    page = await (await client.get(f"/games/{name}/play")).text()
    form = re.search(rf'<form class="play" id="form-{command}".*?</form>', page, re.S)
    assert form, f"no {command} form on the page:\n{page}"
    data = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))
    data.update(text=text, **extra)
    return await (await client.post(f"/games/{name}/play", data=data)).text()


def moment(page: str) -> str:
    found = re.search(r'data-moment="([^"]*)"', page)
    assert found, page
    return found.group(1)


def said(page: str, command: str) -> str:
    found = re.search(rf'id="form-{command}-said">(.*?)</pre>', page, re.S)
    assert found, page
    return found.group(1)


async def test_space_chess_moves_and_a_draw_offer_sc2_sc12(store_url: str, client_for: Any) -> None:
    players = made(store_url, "create duel chess", "duel")
    alice, bob = await client_for(store_url), await client_for(store_url)
    page = await signed(alice, "duel", players.passwords["duel", ALICE])
    assert "Moves for turn 1 of duel" in page and "Waiting for you (the Terrans)" in page
    # The page has its own form: its status says no mail command to copy [SC2].
    assert "Send:" not in page and "PASSWORD" not in page
    waiting = await signed(bob, "duel", players.passwords["duel", BOB])
    # Not the Aliens' turn yet: a waiting line, no form to be refused from (issue 44) [SC2];
    # an orders form forged all the same changes nothing.
    assert "Waiting for the Terrans to act" in waiting and 'id="form-orders"' not in waiting
    forged = await bob.post(
        "/games/duel/play",
        data={"csrf": csrf_of(waiting), "command": "orders", "text": "M@Hb4", "turn": "1"},
    )
    assert "There is no `orders` to send" in said(await forged.text(), "orders")
    page = await send(alice, "duel", "orders", "M@Ab2")
    assert "Your turn 1 is played: M@Ab2" in said(page, "orders")
    before = moment(await (await alice.get("/games/duel/play")).text())
    page = await send(bob, "duel", "draw")
    assert "Your draw offer in duel is sent" in page
    # Alice's open page follows the offer: its moment changed, so the live page reloads.
    offered = await (await alice.get("/games/duel/play")).text()
    assert moment(offered) != before and "offers a draw" in offered
    page = await send(alice, "duel", "draw")
    assert "The game is over." in page and "drawn" in page


async def test_spaceship_battles_designs_then_a_phase_r8(store_url: str, client_for: Any) -> None:
    players = made(store_url, "create sk battles budget=300", "sk")
    alice, bob = await client_for(store_url), await client_for(store_url)
    page = await signed(alice, "sk", players.passwords["sk", ALICE])
    assert "Ships: a name and a Ship Code a line" in page
    await signed(bob, "sk", players.passwords["sk", BOB])
    assert "accepted" in said(await send(alice, "sk", "design", DESIGN_A), "design")
    page = await send(bob, "sk", "design", DESIGN_B.split("\n", 1)[1])  # without its word
    assert "Orders for turn 1, movement of sk" in page
    slip = await send(alice, "sk", "orders", "Lancer QQ")
    assert 'class="refused"' in slip and "nothing changed" in said(slip, "orders").lower()
    page = await send(alice, "sk", "orders", "Lancer F; Warden stay")
    assert 'class="accepted"' in page
    page = await send(bob, "sk", "orders", "Raider F; Hawk F")
    assert "Orders for turn 1, fire of sk" in page


async def test_the_game_master_signs_in_with_the_master_password_and_resolves_now(
    store_url: str, client_for: Any
) -> None:
    players = made(store_url, "create alpha", "alpha")
    players.as_player("alpha", ALICE, f"fleet {FLEET_A}")
    players.as_player("alpha", BOB, f"fleet {FLEET_B}")
    players.as_player("alpha", ALICE, "orders 1: Gx3")
    master = await client_for(store_url)
    page = await signed(master, "alpha", players.passwords["alpha", GM])
    assert "you are the game master" in page and "Waiting for player B" in page
    assert "DS Rx4" not in page and "KC Gx1" not in page  # neither fleet for the master [1.4]
    page = await send(master, "alpha", "process", confirm="yes")
    assert "Orders for turn" not in page and "Waiting for player A and player B" in page


async def test_a_new_password_ends_the_sessions_of_the_old_one(
    store_url: str, client_for: Any
) -> None:
    players = made(store_url, "create alpha", "alpha")
    client = await client_for(store_url)
    assert "you are player A" in await signed(client, "alpha", players.passwords["alpha", ALICE])
    players.send(ALICE, "newpassword alpha")
    page = await (await client.get("/games/alpha/play")).text()
    assert "Sign in to play" in page and "you are player A" not in page


async def test_a_turn_resolved_here_is_mailed_to_both_players(
    store_url: str, client_for: Any
) -> None:
    players = made(store_url, "create alpha", "alpha")
    players.as_player("alpha", ALICE, f"fleet {FLEET_A}")
    players.as_player("alpha", BOB, f"fleet {FLEET_B}")
    alice, bob = await client_for(store_url), await client_for(store_url)
    await signed(alice, "alpha", players.passwords["alpha", ALICE])
    await signed(bob, "alpha", players.passwords["alpha", BOB])
    await send(alice, "alpha", "orders", "Rx4 Rv5 Bv1")
    await send(bob, "alpha", "orders", "Rv1 Oz5 Gx1 Bv5")
    store = open_store(store_url)
    raws = [bytes(r[0]) for r in store.connection.execute("SELECT raw FROM mail_outbox").fetchall()]
    store.close()
    to = [re.search(rb"^To: (.*)$", raw, re.M).group(1) for raw in raws]  # type: ignore[union-attr]
    assert b"alice@example.org" in to and b"bob@example.org" in to
    for address, fleet in ((b"alice@example.org", "DS Rx4 Rx5"), (b"bob@example.org", "DS Rv1")):
        mine = [raw for raw, who in zip(raws, to, strict=True) if who == address]
        assert all(fleet.encode() not in raw for raw in mine)  # never the other's fleet [1.4]
        assert all(b"From: judge@example.org" in raw for raw in mine)


async def test_web_name_by_mail_gives_a_one_time_link_to_the_seat_s_own_address(
    store_url: str, client_for: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = tmp_path / "web-secret"
    key.write_text("k" * 32)  # the key `spaceships web --secret-file` keeps; the fixture's
    monkeypatch.setenv("SPACESHIPS_WEB_SECRET_FILE", str(key))
    monkeypatch.setenv("SPACESHIPS_WEB_URL", "https://games.example.org")
    players = made(store_url, "create alpha", "alpha")
    players.judge.clock = lambda: datetime.now(UTC)  # the link lasts 30 minutes from now
    refused = players.send("eve@example.org", "web alpha")
    assert "nothing sent" in refused and "https://" not in refused
    answer = players.send(ALICE, "web alpha")
    found = re.search(r"^  (https://games\.example\.org(/link/\S+))$", answer, re.M)
    assert found, answer
    # Issue 47, item 7: the whole line fits a 7-bit mail's 78 characters with room to spare,
    # so no mail program wraps it (it was 220 characters).
    assert len(found.group(0)) <= 60, found.group(0)
    path = found.group(2)
    client = await client_for(store_url)
    page = await (await client.get(path)).text()  # a preview only looks
    assert "Sign in to alpha" in page and "Sign out" not in page
    other = await client_for(store_url)
    form = await (await other.get(path)).text()  # a second browser opened it meanwhile
    used = await (await client.post(path, data={"csrf": csrf_of(page)})).text()
    assert "you are player A (Alice)" in used
    # Its second use lands on a page that says why, and how to get a new one.
    again = await (await other.get(path)).text()
    assert "This link was used already" in again and "Sign out" not in again
    assert "send `web alpha` to the judge by mail for a new link" in again
    assert "Sign in to alpha" not in again and 'name="password"' in again
    pressed = await (await other.post(path, data={"csrf": csrf_of(form)})).text()
    assert "This link was used already" in pressed and "Sign out" not in pressed  # one use
    forged = path[:-4] + ("0000" if not path.endswith("0000") else "1111")
    page = await other.get(forged)
    said = await page.text()
    assert page.status == 404 and "not a link the judge made" in said and "Sign out" not in said
    cut = await (await other.get(path[:-6])).text()  # broken over two lines by a mail program
    assert "not the whole of one" in cut


async def test_web_name_without_its_setting_names_it_and_logs_no_trace(
    store_url: str, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    """Issue 48 item 2: a refusal names the setting it lacks (a link needs only the page's
    address: its token is kept in the store, issue 47 item 7), and nothing is logged with a
    traceback."""
    monkeypatch.delenv("SPACESHIPS_WEB_URL", raising=False)
    players = made(store_url, "create alpha", "alpha")
    answer = players.send(ALICE, "web alpha")
    assert "its keeper sets SPACESHIPS_WEB_URL for" in answer, answer
    assert "spaceships pbem" in answer
    assert all(r.exc_info is None for r in caplog.records)


async def test_a_design_named_like_the_hidden_one_is_answered_alike_on_the_page_r16_r17(
    tmp_path: Any, client_for: Any
) -> None:
    # Swap test: Bob's design, in by mail, names its ships as Alice's (Lancer, Warden) or
    # otherwise; Alice's page, her refused design and her accepted one read the same, byte for
    # byte but the page's tokens (names are unique per side only, R17; designs hidden, R16).
    seen = []
    for number, design_b in enumerate(
        (DESIGN_B, "design\nLancer C-SSI(Lf)II(Gf)(Rf)D\nWarden E-AI(Mf)(Gf)IIID at -1,-7 S")
    ):
        url = str(tmp_path / f"alike{number}.sqlite3")
        players = made(url, "create sk battles budget=300", "sk")
        assert "accepted" in players.as_player("sk", BOB, design_b)
        alice = await client_for(url)
        page = await signed(alice, "sk", players.passwords["sk", ALICE])
        refused = await send(alice, "sk", "design", "Lancer E-SAI(Gf)I(Xf)IIV\nBig CR-IIII(Pf)(Pf)")
        accepted = await send(alice, "sk", "design", DESIGN_A.split("\n", 1)[1])
        # Once both are in the battle begins and the form is gone: the answer heads the page.
        answer = re.search(r'<pre class="accepted" role="status"[^>]*>(.*?)</pre>', accepted, re.S)
        assert answer, accepted
        seen.append([TOKENS.sub("", page), said(refused, "design"), answer.group(1)])
    assert "over the budget of 300 [R16]" in seen[0][1]
    assert "Your design is accepted for sk" in seen[0][2]
    assert seen[0] == seen[1]


async def test_the_opponents_pending_battle_orders_change_not_a_byte_of_the_page_r14(
    tmp_path: Any, client_for: Any
) -> None:
    # Swap test: Bob's moves for turn 1, in by mail, are written two ways; Alice's page, its
    # board and her refused orders (the page shown after) are the same but the page's tokens.
    seen = []
    for number, moves_b in enumerate(("Raider FFF; Hawk FFFF", "Raider RFF; Hawk stay")):
        url = str(tmp_path / f"pending{number}.sqlite3")
        players = made(url, "create sk battles budget=300", "sk")
        players.judge.rng = random.Random(7)  # the same dice seed in both runs (R13)
        players.as_player("sk", ALICE, DESIGN_A)
        players.as_player("sk", BOB, DESIGN_B)
        assert "accepted" in players.as_player("sk", BOB, f"orders 1: {moves_b}")
        alice = await client_for(url)
        page = await signed(alice, "sk", players.passwords["sk", ALICE])
        refused = await send(alice, "sk", "orders", "Lancer QQ")
        assert 'class="refused"' in refused
        board = await (await alice.get("/games/sk/play/board.png")).read()
        seen.append([TOKENS.sub("", page), TOKENS.sub("", refused), board])
    assert seen[0] == seen[1]


async def test_an_expired_link_and_one_from_before_a_new_password_say_why_47_7(
    store_url: str, client_for: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPACESHIPS_WEB_URL", "https://games.example.org")
    players = made(store_url, "create alpha", "alpha")
    players.judge.clock = lambda: datetime.now(UTC) - timedelta(minutes=31)
    old = re.search(r"example\.org(/link/\S+)", players.send(ALICE, "web alpha"))
    players.judge.clock = lambda: datetime.now(UTC)
    fresh = re.search(r"example\.org(/link/\S+)", players.send(BOB, "web alpha"))
    assert old and fresh
    players.send(BOB, "newpassword alpha")
    client = await client_for(store_url)
    expired = await (await client.get(old.group(1))).text()
    assert "This link has expired: links last 30 minutes" in expired
    stale = await (await client.get(fresh.group(1))).text()
    assert "made before the password of your seat changed" in stale
    for page in (expired, stale):
        assert "`web alpha` to the judge by mail" in page and "Sign out" not in page
