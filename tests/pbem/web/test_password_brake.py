"""The brake on password tries from one client (issue 42, item 4), under the audit's two
attacks, kept: a right password to one's own game no longer clears one's guesses at other
games, and a forwarded address (X-Real-IP, X-Forwarded-For) is believed only from a proxy the
keeper names (`--trusted-proxy`), so a client cannot name itself anew at every request."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestClient
from test_play_pages import csrf_of
from web_support import Club as Players

from pbem.steps.passwords import WORDS
from pbem.storage.store import open_store
from pbem.web.app import Club, make_app
from pbem.web.clients import ProxyError, client_of, trusted_proxies
from pbem.web.play import Play
from pbem.web.sessions import TRIES, Signer

EVE = "eve@example.org"


@pytest.fixture
def games(tmp_path: Any) -> tuple[str, dict[str, str]]:
    """`alpha` (someone else's) and `mine` (Eve's own seat): the store and the passwords."""
    url = str(tmp_path / "judge.sqlite3")
    store = open_store(url)
    players = Players(store)
    for name in ("alpha", "mine"):
        players.send("gm@example.org", f"create {name}")
    players.seat("alpha", "alice@example.org")
    players.seat("mine", EVE)
    store.close()
    return url, {
        "alpha": players.passwords["alpha", "alice@example.org"],
        "mine": players.passwords["mine", EVE],
    }


@pytest.fixture
def client_for(serve_app: Callable[[Any], Any]) -> Callable[..., Any]:
    async def make(url: str, proxies: tuple[str, ...] = ()) -> TestClient:
        store = open_store(url)
        app = make_app(
            Club(store, "Test club"), Play(store), Signer(b"k" * 32), trusted_proxies(proxies)
        )
        return await serve_app(app)

    return make


def wrong(password: str) -> str:
    *first, last = password.split("-")
    return "-".join([*first, next(w for w in WORDS if w != last)])


async def try_password(
    client: TestClient, game: str, password: str, headers: dict[str, str] | None = None
) -> int:
    page = await (await client.get(f"/games/{game}/play")).text()
    answer = await client.post(
        f"/games/{game}/play/sign-in",
        data={"csrf": csrf_of(page), "password": password},
        headers=headers or {},
        allow_redirects=False,
    )
    # Signed in: the session is put aside, so the next try meets the sign-in form again.
    client.session.cookie_jar.clear(lambda cookie: cookie.key.startswith("ss_seat_"))
    return answer.status


def wrong_ones_at(url: str, name: str) -> int:
    from datetime import UTC, datetime

    store = open_store(url)
    count, _ = store.wrong_passwords_since(
        store.game(name, lock=False).id, datetime(2000, 1, 1, tzinfo=UTC)
    )
    store.close()
    return count


async def test_a_right_password_to_one_s_own_game_clears_no_guess_at_another(
    games: tuple[str, dict[str, str]], client_for: Any
) -> None:
    url, passwords = games
    client = await client_for(url)
    answers = []
    for _ in range(12):  # a guess at alpha, then the right password to Eve's own game
        answers.append(await try_password(client, "alpha", wrong(passwords["alpha"])))
        answers.append(await try_password(client, "mine", passwords["mine"]))
    assert 429 in answers
    assert wrong_ones_at(url, "alpha") == TRIES  # five a minute, as the docs promise


async def test_a_right_password_forgets_that_game_s_mistypes(
    games: tuple[str, dict[str, str]], client_for: Any
) -> None:
    url, passwords = games
    client = await client_for(url)
    for _ in range(2):  # a player who mistyped their own password four times, then got it
        for _ in range(TRIES - 1):
            assert await try_password(client, "mine", wrong(passwords["mine"])) == 200
        assert await try_password(client, "mine", passwords["mine"]) == 303


async def test_a_forwarded_address_from_an_untrusted_peer_names_no_new_client(
    games: tuple[str, dict[str, str]], client_for: Any
) -> None:
    url, passwords = games
    client = await client_for(url)  # no trusted proxy: the default
    answers = [
        await try_password(
            client,
            "alpha",
            wrong(passwords["alpha"]),
            {"X-Real-IP": f"203.0.113.{n}", "X-Forwarded-For": f"198.51.100.{n}"},
        )
        for n in range(TRIES + 1)
    ]
    assert answers[:TRIES] == [200] * TRIES and answers[TRIES] == 429
    assert wrong_ones_at(url, "alpha") == TRIES


async def test_behind_a_trusted_proxy_each_client_has_its_own_brake_and_cannot_forge_one(
    games: tuple[str, dict[str, str]], client_for: Any
) -> None:
    url, passwords = games
    client = await client_for(url, ("127.0.0.1", "::1"))
    guess = wrong(passwords["alpha"])
    # The proxy appends the address it saw; what the client wrote before it is its own say.
    forged = [
        await try_password(client, "alpha", guess, {"X-Forwarded-For": f"10.9.9.{n}, 198.51.100.7"})
        for n in range(TRIES + 1)
    ]
    assert forged[TRIES] == 429
    other = await try_password(client, "alpha", guess, {"X-Forwarded-For": "198.51.100.8"})
    assert other == 200  # another visitor behind the same proxy is not braked for it


def test_who_a_request_comes_from() -> None:
    proxies = trusted_proxies(["127.0.0.1, 10.0.0.0/8", "::1"])
    xff = {"X-Forwarded-For": "1.1.1.1, 2.2.2.2, 10.1.2.3", "X-Real-IP": "3.3.3.3"}
    assert client_of("192.0.2.1", xff, proxies) == "192.0.2.1"  # not a proxy: itself
    assert client_of("127.0.0.1", xff, ()) == "127.0.0.1"  # none trusted: the default
    assert client_of("127.0.0.1", xff, proxies) == "2.2.2.2"  # past the trusted hops
    assert client_of("::1", {"X-Real-IP": "3.3.3.3"}, proxies) == "3.3.3.3"
    assert client_of("127.0.0.1", {}, proxies) == "127.0.0.1"
    with pytest.raises(ProxyError, match="'nginx' is not an address or a network"):
        trusted_proxies(["nginx"])


def test_the_web_command_takes_trusted_proxies_and_refuses_a_wrong_one(
    games: tuple[str, dict[str, str]],
) -> None:
    from click.testing import CliRunner

    from pbem.web.cli import web

    runner = CliRunner()
    helped = runner.invoke(web, ["--help"])
    assert "--trusted-proxy" in helped.output and "SPACESHIPS_WEB_TRUSTED_PROXIES" in helped.output
    url, _ = games
    refused = runner.invoke(web, ["--db", url, "--trusted-proxy", "nginx.local"])
    assert refused.exit_code == 2 and "not an address or a network" in refused.output
    from_env = runner.invoke(
        web, ["--db", url], env={"SPACESHIPS_WEB_TRUSTED_PROXIES": "127.0.0.1,bad"}
    )
    assert from_env.exit_code == 2 and "'bad'" in from_env.output
