"""The routes of play in the browser (issue 35): sign in and out, a seat's page and picture,
a form sent, and the live stream of a game's changes (Server-Sent Events). Every form checks
its CSRF token; a session is a signed cookie (pbem.web.sessions); the judge is reached only
through pbem.web.play on play's own thread (`club.judged`). A form's text, the forms a seat
sends and the streams a client opens are bounded (pbem.web.floods)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncGenerator
from typing import Any

from aiohttp import web

from pbem.steps.weblinks import LINK_PATH
from pbem.web.answers import keep_answer, take_answers
from pbem.web.clients import client_of
from pbem.web.floods import MAX_TEXT, RETRY_AFTER, too_long
from pbem.web.guard import error_response
from pbem.web.play import HANDLED, Play, moment_of
from pbem.web.playpages import (
    LIVE_JS,
    PLAY_POLICY,
    TABLE_JS,
    game_url_of,
    link_html,
    link_spent_page,
    seat_page,
    sign_in_page,
)
from pbem.web.sessions import COOKIE_PREFIX, SESSION_SECONDS, Seat, Signer, Tries

VISITOR = "ss_visitor"  # a random id for the sign-in form's CSRF token, before any session
POLL = 0.5  # how often a watched game's moment is read (one read for all its watchers)
KEEP_ALIVE = 15.0  # a comment down an idle stream, so proxies keep it open


class Watch:
    """One reader per watched game, whatever the number of pages open on it: its moment read
    every POLL seconds while anyone watches, and every watcher woken when it changes."""

    def __init__(self, read: Any, moment: Any) -> None:
        self.read, self.moment = read, moment
        self.now: dict[str, str | None] = {}
        self.changed: dict[str, asyncio.Event] = {}
        self.watchers: dict[str, int] = {}
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self.woken: dict[str, asyncio.Event] = {}

    async def follow(self, name: str) -> AsyncGenerator[str | None, None]:
        """The game's moment now, then each time it changes (None: a keep-alive)."""
        self.watchers[name] = self.watchers.get(name, 0) + 1
        if name not in self.tasks:  # set up at once: no other follower may come between
            self.now[name] = None
            self.changed[name] = asyncio.Event()
            self.tasks[name] = asyncio.create_task(self._poll(name))
        try:
            # Read afresh for each page that connects: the poller's last reading may be older
            # than the page, which must not be told to reload into what it already shows.
            seen = await self.read(lambda: self.moment(name))
            yield seen
            while True:
                event = self.changed[name]
                try:
                    await asyncio.wait_for(event.wait(), KEEP_ALIVE)
                except TimeoutError:
                    yield None
                    continue
                if self.now.get(name) != seen:
                    seen = self.now.get(name)
                    yield seen
        finally:
            self.watchers[name] -= 1

    def poke(self, name: str) -> None:
        """Read the game again now, not at the next poll (a form was just sent here)."""
        if name in self.woken:
            self.woken[name].set()

    async def _poll(self, name: str) -> None:
        try:
            while self.watchers.get(name, 0) > 0:
                moment = await self.read(lambda: self.moment(name))
                if moment != self.now.get(name):
                    self.now[name] = moment
                    old, self.changed[name] = self.changed[name], asyncio.Event()
                    old.set()
                woken = self.woken.setdefault(name, asyncio.Event())
                try:
                    await asyncio.wait_for(woken.wait(), POLL)
                except TimeoutError:
                    pass
                woken.clear()
        finally:
            self.tasks.pop(name, None)
            self.woken.pop(name, None)
            self.changed.pop(name, None)
            self.now.pop(name, None)

    async def stop(self) -> None:
        for task in list(self.tasks.values()):
            task.cancel()


PROXIES = web.AppKey("trusted_proxies", tuple)  # the proxies the keeper trusts (clients.py)


def _client(request: web.Request) -> str:
    """Who tries a password: the peer, or behind a proxy the keeper trusts the address it
    forwards (pbem.web.clients); a forwarded address from anyone else counts for nothing."""
    return client_of(request.remote, request.headers, request.app.get(PROXIES, ()))


def _secure(request: web.Request) -> bool:
    return request.secure or request.headers.get("X-Forwarded-Proto", "") == "https"


def add_play_routes(app: web.Application, club: Any, play: Play | None, signer: Signer) -> None:
    """Play's routes on the club's app; `club.judged` runs play's work on its thread, `club.read`
    the public reads on the store's."""
    tries = Tries()

    def headers() -> dict[str, str]:
        return {
            "Content-Security-Policy": PLAY_POLICY,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-store",
            "X-Frame-Options": "DENY",
        }

    def html(status: int, text: str) -> web.Response:
        return web.Response(status=status, text=text, content_type="text/html", headers=headers())

    def cookie_name(game_id: int) -> str:
        return f"{COOKIE_PREFIX}{game_id}"

    async def signed_game(request: web.Request) -> tuple[Any, Seat] | None:
        name = request.match_info["name"]
        cookies = {
            k: signer.read(v) for k, v in request.cookies.items() if k.startswith(COOKIE_PREFIX)
        }
        for key, seat in cookies.items():
            if seat is None or key != cookie_name(seat.game_id):
                continue
            game = await club.judged(lambda seat=seat: play.session_game(name, seat))
            if game is not None:
                return game, seat
        return None

    def visitor(request: web.Request) -> str:
        known = request.cookies.get(VISITOR, "")
        if len(known) == 32:
            return known
        return os.urandom(16).hex()

    def with_visitor(response: web.Response, request: web.Request, value: str) -> web.Response:
        if request.cookies.get(VISITOR) != value:
            response.set_cookie(
                VISITOR,
                value,
                httponly=True,
                samesite="Strict",
                secure=_secure(request),
                path="/",
            )
        return response

    async def play_page(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        signed = await signed_game(request)
        if signed is None:
            holder = visitor(request)
            accounts = await club.judged(lambda: play.played_with_accounts(name))
            page = sign_in_page(name, signer.csrf(holder), "", club.name, accounts)
            return with_visitor(html(200, page), request, holder)
        game, seat = signed
        shown = await club.judged(lambda: take_answers(play.store, seat.nonce))
        view = await club.judged(lambda: play.view(game, seat.seat))
        return html(200, seat_page(view, signer.csrf(seat.nonce), shown, club.name))

    async def sign_in(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        form = await request.post()
        holder = request.cookies.get(VISITOR, "")
        if not signer.csrf_ok(holder, str(form.get("csrf", ""))):
            return html(403, _forbidden(club.name))
        wait = tries.wait(_client(request), name)
        if wait > 0:
            page = sign_in_page(
                name,
                signer.csrf(holder),
                f"Too many password tries from here: wait {int(wait) + 1} seconds; nothing "
                "was checked.",
                club.name,
            )
            return html(429, page)
        password = str(form.get("password", ""))
        game, seat, why = await club.judged(lambda: play.sign_in(name, password))
        if game is None or seat is None:
            accounts = game is not None and game.accounts
            return html(200, sign_in_page(name, signer.csrf(holder), why, club.name, accounts))
        tries.forget(_client(request), name)
        return await signed_in(request, game, seat)

    async def link_page(request: web.Request) -> web.Response:
        """A one-time link opened: a button, so that a mail reader's preview of the link
        does not use it up; a spent link says why at once, and how to get a new one."""
        token = request.match_info["token"]
        holder = visitor(request)
        game, _, why = await club.judged(lambda: play.look_at_link(token))
        if why:
            return with_visitor(spent(game, why, holder), request, holder)
        page = link_html(game.name, request.path, signer.csrf(holder), club.name)
        return with_visitor(html(200, page), request, holder)

    async def use_link(request: web.Request) -> web.Response:
        form = await request.post()
        holder = request.cookies.get(VISITOR, "")
        if not signer.csrf_ok(holder, str(form.get("csrf", ""))):
            return html(403, _forbidden(club.name))
        token = request.match_info["token"]
        game, seat, why = await club.judged(lambda: play.use_link(token))
        if why:
            return spent(game, why, holder)
        return await signed_in(request, game, seat)

    def spent(game: Any, why: str, holder: str) -> web.Response:
        """Why a link signs nobody in: on its game's sign-in page when it names one."""
        if game is None:
            return html(404, link_spent_page(why, club.name))
        page = sign_in_page(game.name, signer.csrf(holder), why, club.name, game.accounts)
        return html(200, page)

    async def signed_in(request: web.Request, game: Any, seat: str) -> web.Response:
        stamp = await club.judged(lambda: play.stamp(game, seat))
        value, made = signer.cookie(game.id, seat, stamp or "")
        await club.judged(lambda: play.open_session(made))
        response = web.HTTPSeeOther(game_url_of(game.name) + "/play")
        response.set_cookie(
            cookie_name(game.id),
            value,
            httponly=True,
            samesite="Strict",
            secure=_secure(request),
            max_age=SESSION_SECONDS,
            path="/",
        )
        raise response

    async def sign_out(request: web.Request) -> web.Response:
        signed = await signed_game(request)
        form = await request.post()
        if signed is None:
            raise web.HTTPSeeOther(game_url_of(request.match_info["name"]) + "/play")
        game, seat = signed
        if not signer.csrf_ok(seat.nonce, str(form.get("csrf", ""))):
            return html(403, _forbidden(club.name))
        # The session's row goes, so the cookie, and any copy of it, opens nothing in any web
        # process; "everywhere" ends every session of the seat, in every browser.
        everywhere = form.get("everywhere") == "yes"
        await club.judged(lambda: play.sign_out(seat, everywhere))
        response = web.HTTPSeeOther(game_url_of(game.name))
        response.del_cookie(cookie_name(game.id), path="/")
        raise response

    async def send(request: web.Request) -> web.Response:
        signed = await signed_game(request)
        form = await request.post()
        if signed is None:
            return html(403, _forbidden(club.name, signed_out=True))
        game, seat = signed
        if not signer.csrf_ok(seat.nonce, str(form.get("csrf", ""))):
            return html(403, _forbidden(club.name))
        wait, why = club.form_budget.wait((game.id, seat.seat))
        if wait > 0:  # the seat's budget spent: answered here, nothing read or written
            return error_response(429, club.name, why, int(wait) + 1)
        command = str(form.get("command", ""))
        text = str(form.get("text", ""))
        nonce = str(form.get("nonce", ""))[:64] or os.urandom(12).hex()
        turn_text = str(form.get("turn", ""))
        turn = int(turn_text) if turn_text.isdigit() else None
        opened = str(form.get("opened", ""))[:40]
        confirmed = str(form.get("confirm", "")) == "yes"

        def judged() -> tuple[bool, str]:
            said = too_long(text) or play.unconfirmed(game, seat.seat, command, confirmed)
            if said:
                return False, said
            nonce_of = f"{seat.nonce}:{nonce}"
            return play.send(game, seat.seat, command, text, turn, nonce_of, opened)

        ok, answer = await club.judged(judged)
        if not ok and answer != HANDLED:
            club.form_budget.refusal((game.id, seat.seat))
        typed = text[:MAX_TEXT]  # kept for mending: a text over the cap, cut there
        await club.judged(
            lambda: keep_answer(
                play.store, seat.nonce, command, ok, answer, typed, play.clock(), answer != HANDLED
            )
        )
        club.watch.poke(game.name)
        raise web.HTTPSeeOther(game_url_of(game.name) + "/play")

    async def board(request: web.Request) -> web.Response:
        signed = await signed_game(request)
        if signed is None:
            return html(404, _forbidden(club.name, signed_out=True))
        game, seat = signed
        png = await club.judged(lambda: play.picture(game, seat.seat))
        if png is None:
            return html(404, _forbidden(club.name))
        return web.Response(body=png, content_type="image/png", headers=headers())

    async def events(request: web.Request) -> web.StreamResponse:
        client = _client(request)
        why = club.streams.take(client)  # counted before anything is read for it
        if why:
            refused = error_response(
                503,
                club.name,
                f"Not now: {why}. Reload the page later to follow the game live.",
                RETRY_AFTER,
            )
            refused.force_close()  # nor is the connection kept
            return refused
        try:
            return await stream(request)
        finally:
            club.streams.give_back(client)

    async def stream(request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        public = await club.read(lambda: club.public_game(name))
        signed = None if public is not None else await signed_game(request)
        if public is None and signed is None:
            return html(404, _forbidden(club.name, signed_out=True))
        response = web.StreamResponse(
            headers={
                "Content-Type": "text/event-stream",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",  # nginx: pass each event on at once
            }
        )
        await response.prepare(request)
        following = club.watch.follow(name)
        try:
            async for moment in following:
                # A private game's stream lasts only as long as the session that opened it.
                if signed is not None and not await club.judged(
                    lambda: play.session_game(name, signed[1])
                ):
                    break
                line = (
                    ": still here\n\n" if moment is None else f"event: moment\ndata: {moment}\n\n"
                )
                await response.write(line.encode())
        except ConnectionResetError:
            pass  # the page was closed or left: its stream ends with it
        finally:
            await following.aclose()
        return response

    async def live_js(request: web.Request) -> web.Response:
        return web.Response(
            text=LIVE_JS,
            content_type="text/javascript",
            headers={**headers(), "Cache-Control": "max-age=3600"},
        )

    async def table_js(request: web.Request) -> web.Response:
        return web.Response(
            text=TABLE_JS,
            content_type="text/javascript",
            headers={**headers(), "Cache-Control": "max-age=3600"},
        )

    async def choices_json(request: web.Request) -> web.Response:
        """The seat's choices now, for a page that follows the game (issue 44)."""
        signed = await signed_game(request)
        if signed is None:
            return html(404, _forbidden(club.name, signed_out=True))
        game, seat = signed
        found = await club.judged(lambda: dict(play.choices(game, seat.seat)))
        return web.json_response(found, headers=headers())

    app.router.add_get("/live.js", live_js)
    app.router.add_get("/table.js", table_js)
    app.router.add_get("/games/{name}/events", events)
    if play is not None:
        app.router.add_get("/games/{name}/play", play_page)
        app.router.add_post("/games/{name}/play", send)
        app.router.add_post("/games/{name}/play/sign-in", sign_in)
        app.router.add_post("/games/{name}/play/sign-out", sign_out)
        app.router.add_get("/games/{name}/play/board.png", board)
        app.router.add_get("/games/{name}/play/choices.json", choices_json)
        app.router.add_get(LINK_PATH + "{token}", link_page)
        app.router.add_post(LINK_PATH + "{token}", use_link)
        # The long links mailed before issue 47: read as no link, with how to get one.
        app.router.add_get("/games/{name}/play/link/{token}", link_page)
        app.router.add_post("/games/{name}/play/link/{token}", use_link)


def _forbidden(club: str, signed_out: bool = False) -> str:
    from pbem.web.pages import page

    if signed_out:
        return page(
            "Not signed in",
            "<p>Sign in to the game first (its page's <em>Play</em> link); your session may "
            "have ended.</p>",
            club,
        )
    return page(
        "Refused",
        "<p>This form was not sent from the game's own page (or the page is old): nothing "
        "changed. Open the page again and send it from there.</p>",
        club,
    )


def moment_reader(club: Any) -> Any:
    """The moment of a game by name (None: gone), read on the store thread."""

    def moment(name: str) -> str | None:
        game = club.store.game(name, lock=False)
        return None if game is None else moment_of(club.store, game)

    return moment
