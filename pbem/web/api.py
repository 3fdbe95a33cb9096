"""The API's routes (issue 46): JSON over HTTP for programs that play, lichess's Bot API as the
model. A token (`Authorization: Bearer sst_...`) acts for one seat of one game; its seat's
view, a stream of its events as newline-delimited JSON (resumable: `?since=ID`), a turn sent as
notation, games created and challenges made and accepted; the OpenAPI document at
`/api/openapi.json`. docs/api.md is the guide.

Limits, as the pages have them: a client that sends unknown tokens is refused unchecked after
BAD_TOKENS a minute (as password tries are, pbem.web.sessions); each token and each client has
a budget of requests a minute, and a token at most STREAMS open streams.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from pbem.steps.tokens import Holder
from pbem.web.apidoc import openapi
from pbem.web.apiseat import Api, ApiRefusal, unknown_token
from pbem.web.clients import client_of
from pbem.web.guard import SERVER
from pbem.web.play import Play
from pbem.web.playroutes import PROXIES

BAD_TOKENS = 10  # unknown tokens a client may try a minute; then refused unchecked
PER_TOKEN = 300  # requests a token may make a minute
PER_CLIENT = 1200  # requests a client may make a minute, whatever its tokens
STREAMS = 4  # streams a token may hold open at once
KEEP_ALIVE = 10.0  # seconds between keep-alive lines (an empty line) on an idle stream
WINDOW = 60.0
RECHECK = 5.0  # an open stream reads its token again at most this often (revoked: it ends)
JSON_HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
}


class Window:
    """How many things a key did in the last `seconds`; at most `limit`."""

    def __init__(
        self, limit: int, seconds: float = WINDOW, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit, self.seconds, self.clock = limit, seconds, clock
        self.seen: dict[str, deque[float]] = {}

    def wait(self, key: str) -> float:
        """Seconds before `key` may act again (0: now), without counting."""
        now = self.clock()
        times = self.seen.get(key)
        if not times:
            return 0.0
        while times and now - times[0] > self.seconds:
            times.popleft()
        return self.seconds - (now - times[0]) if len(times) >= self.limit else 0.0

    def count(self, key: str) -> None:
        self.seen.setdefault(key, deque()).append(self.clock())
        if len(self.seen) > 10000:  # forget keys that went quiet
            for old in [k for k, v in self.seen.items() if not v or self.wait(k) == 0][:5000]:
                self.seen.pop(old, None)


def reply(status: int, data: Any, **headers: str) -> web.Response:
    return web.Response(
        status=status,
        text=json.dumps(data, ensure_ascii=False),
        content_type="application/json",
        headers={**JSON_HEADERS, **headers},
    )


def refused(refusal: ApiRefusal, **headers: str) -> web.Response:
    return reply(refusal.status, refusal.as_json(), **headers)


def _client(request: web.Request) -> str:
    """The client, as the pages count it: behind a proxy the keeper trusts, the address it
    forwards (pbem.web.clients)."""
    return client_of(request.remote, request.headers, request.app.get(PROXIES, ()))


def add_api_routes(app: web.Application, club: Any, play: Play) -> None:
    """The API's routes on the club's app; its work (over play's store) on play's thread."""
    api = Api(play)
    bad_tokens = Window(BAD_TOKENS)
    per_token, per_client = Window(PER_TOKEN), Window(PER_CLIENT)
    streams: dict[int, int] = {}
    waking: set[asyncio.Event] = set()  # every open stream's: the server stopping wakes them
    stopping = asyncio.Event()

    def too_many(wait: float, what: str) -> web.Response:
        seconds = int(wait) + 1
        refusal = ApiRefusal(429, f"too many {what}: wait {seconds} seconds", "nothing was done")
        return refused(refusal, **{"Retry-After": str(seconds)})

    async def holder_of(request: web.Request, name: str | None) -> Holder | web.Response:
        """The request's token holder (for game `name`), or the answer refusing it."""
        client = _client(request)
        wait = per_client.wait(client)
        if wait > 0:
            return too_many(wait, "requests from this client")
        per_client.count(client)
        scheme, _, token = request.headers.get("Authorization", "").partition(" ")
        wait = bad_tokens.wait(client)
        if wait > 0:  # refused unchecked: a guesser learns nothing under the brake
            return too_many(wait, "unknown tokens from this client")
        try:
            if scheme.lower() != "bearer" or not token.strip():
                raise unknown_token()
            found = await club.judged(
                lambda: (
                    api.for_game(token.strip(), name)
                    if name is not None
                    else api.holder(token.strip())
                )
            )
            if found is None:
                raise unknown_token()
        except ApiRefusal as refusal:
            if refusal.status == 401:
                bad_tokens.count(client)
            return refused(refusal)
        key = str(found.token_id)
        wait = per_token.wait(key)
        if wait > 0:
            return too_many(wait, "requests with this token")
        per_token.count(key)
        return found

    def served(
        work: Callable[[web.Request, Holder], Awaitable[web.StreamResponse]], by_game: bool = True
    ) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def handler(request: web.Request) -> web.StreamResponse:
            found = await holder_of(request, request.match_info["name"] if by_game else None)
            if isinstance(found, web.Response):
                return found
            try:
                return await work(request, found)
            except ApiRefusal as refusal:
                return refused(refusal)

        return handler

    async def body_of(request: web.Request) -> dict[str, Any]:
        if request.content_type == "application/json":
            try:
                data = await request.json()
            except ValueError:
                raise ApiRefusal(400, "the body is not JSON", 'send {"text": "..."}') from None
            if not isinstance(data, dict):
                raise ApiRefusal(400, "the body is not a JSON object", 'send {"text": "..."}')
            return data
        return {"text": await request.text()}  # text/plain: the notation itself

    async def me(request: web.Request, holder: Holder) -> web.Response:
        return reply(200, {"game": holder.game.name, "seat": holder.seat})

    async def view(request: web.Request, holder: Holder) -> web.Response:
        return reply(200, await club.judged(lambda: api.view(holder)))

    async def events(request: web.Request, holder: Holder) -> web.Response:
        after = _since(request)
        over, found = await club.judged(lambda: api.events(holder, after))
        return reply(200, {"over": over, "events": [e.as_json() for e in found]})

    async def send(request: web.Request, holder: Holder) -> web.Response:
        command = request.match_info["command"]
        data = await body_of(request)
        text, turn = str(data.get("text", "")), data.get("turn")
        if turn is not None and not isinstance(turn, int):
            raise ApiRefusal(400, "`turn` is a number", "leave it out for the turn open now")
        nonce = str(data.get("nonce", ""))[:64] or os.urandom(12).hex()
        sent = await club.judged(
            lambda: api.send(holder, command, text, turn, f"api:{holder.token_id}:{nonce}")
        )
        club.watch.poke(holder.game.name)  # the other seat's stream hears of it at once
        return reply(200 if sent.accepted else 422, sent.as_json())

    async def create(request: web.Request, holder: Holder, sit: bool) -> web.Response:
        data = await body_of(request)
        name, settings = str(data.get("name", "")).strip(), str(data.get("settings", ""))
        if not name:
            raise ApiRefusal(400, "a new game needs a `name`", '{"name": "duel", ...}')
        made = await club.judged(lambda: api.create(holder, name, settings, sit))
        return reply(201 if made["accepted"] else 422, made)

    async def accept(request: web.Request, holder: Holder) -> web.Response:
        name = request.match_info["name"]
        made = await club.judged(lambda: api.accept(holder, name))
        club.watch.poke(name)
        return reply(200 if made["accepted"] else 422, made)

    async def stream(request: web.Request, holder: Holder) -> web.StreamResponse:
        key = holder.token_id
        if streams.get(key, 0) >= STREAMS:
            raise ApiRefusal(429, f"this token has {STREAMS} streams open already", "close one")
        after = _since(request)
        response = web.StreamResponse(
            headers={
                **JSON_HEADERS,
                "Content-Type": "application/x-ndjson",
                "X-Accel-Buffering": "no",  # nginx: pass each line on at once
                "Server": SERVER,  # sent before the guard could set it
            }
        )
        streams[key] = streams.get(key, 0) + 1
        wake = asyncio.Event()
        waking.add(wake)

        async def follow() -> None:  # the game's watcher (one poller per game) wakes us
            async for _moment in club.watch.follow(holder.game.name):
                wake.set()

        watcher = asyncio.create_task(follow())
        checked = time.monotonic()  # the token was read just now
        try:
            await response.prepare(request)
            while True:
                wake.clear()
                if stopping.is_set():
                    await _line(response, {"type": "closed", "why": "the server is stopping"})
                    break
                if time.monotonic() - checked > RECHECK:  # revoked, or a new password?
                    if not await club.judged(lambda: api.holder_of_id(holder)):
                        await _line(response, {"type": "closed", "why": "token no longer valid"})
                        break
                    checked = time.monotonic()
                over, found = await club.judged(lambda after=after: api.events(holder, after))
                for event in found:
                    await _line(response, event.as_json())
                    after = event.id
                if found and len(found) >= 200:
                    continue  # more to read at once
                if over:
                    await _line(response, {"type": "closed", "why": "the game is over"})
                    break
                try:
                    await asyncio.wait_for(wake.wait(), KEEP_ALIVE)
                except TimeoutError:
                    await response.write(b"\n")  # keep-alive
        except (ConnectionResetError, asyncio.CancelledError):
            pass  # the program hung up: it resumes with ?since=
        finally:
            watcher.cancel()
            waking.discard(wake)
            streams[key] -= 1
            if not streams[key]:
                del streams[key]
        return response

    async def stop_streams(_app: web.Application) -> None:
        """The server stops: every stream says so and ends (its program resumes elsewhere,
        or later, with ?since=), rather than holding the shutdown up."""
        stopping.set()
        for wake in list(waking):
            wake.set()

    app.on_shutdown.append(stop_streams)

    async def document(request: web.Request) -> web.Response:
        return reply(200, openapi(), **{"Cache-Control": "max-age=3600"})

    app.router.add_get("/api/openapi.json", document)
    app.router.add_get("/api/me", served(me, by_game=False))
    app.router.add_post("/api/games", served(lambda r, h: create(r, h, sit=False), by_game=False))
    app.router.add_post(
        "/api/challenges", served(lambda r, h: create(r, h, sit=True), by_game=False)
    )
    app.router.add_post("/api/challenges/{name}/accept", served(accept, by_game=False))
    app.router.add_get("/api/games/{name}", served(view))
    app.router.add_get("/api/games/{name}/events", served(events))
    app.router.add_get("/api/games/{name}/stream", served(stream))
    app.router.add_post("/api/games/{name}/{command}", served(send))


async def _line(response: web.StreamResponse, data: dict[str, Any]) -> None:
    await response.write((json.dumps(data, ensure_ascii=False) + "\n").encode())


def _since(request: web.Request) -> int:
    text = request.query.get("since") or request.headers.get("Last-Event-ID") or "0"
    if not text.isdigit():
        raise ApiRefusal(400, f"`since` is an event's id, not {text!r}", "since=0: from the first")
    return int(text)
