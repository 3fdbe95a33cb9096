"""The club page's web server (aiohttp, which discord.py already brings): the routes, the
store read on one worker thread, and the replays kept while their game stands still."""

from __future__ import annotations

import asyncio
import os
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from aiohttp import web

from pbem.store import GameRow, Store
from pbem.web.pages import POLICY, game_page_html, index_page, no_replay_page, not_found_page
from pbem.web.play import Play, moment_of
from pbem.web.playpages import game_url_of, live_attributes
from pbem.web.playroutes import Watch, add_play_routes, moment_reader
from pbem.web.records import (
    GameLine,
    board_png,
    game_lines,
    game_page,
    ladder_lines,
    no_replay_why,
    replay_page,
)
from pbem.web.sessions import Signer

T = TypeVar("T")
# Reading a thousand games' rows costs tens of milliseconds: the list is read again at most
# once a second, however many visitors ask (it may be that much behind the judge).
LIST_FRESH = 1.0
KEPT = 64  # replays and boards kept: each is a few hundred KiB, made again when its game moves
REPLAY_POLICY = (
    "default-src 'none'; img-src data:; style-src 'unsafe-inline'; "
    "script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'"
)


class Club:
    """One store, read by one thread: the judge's store object is not shared between threads,
    and the pages are made by plain (blocking) database reads."""

    def __init__(self, store: Store, name: str = "Spaceships club") -> None:
        self.store, self.name = store, name
        self.watch = Watch(self.read, moment_reader(self))
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="club-store")
        self.kept: OrderedDict[tuple[Any, ...], bytes | None] = OrderedDict()
        self.listed: tuple[list[GameLine], str] | None = None
        self.listed_at = 0.0

    async def read(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.worker, work)

    def public_game(self, name: str) -> GameRow | None:
        game = self.store.game(name, lock=False)
        return None if game is None or game.private else game

    def _kept(self, key: tuple[Any, ...], make: Callable[[], bytes | None]) -> bytes | None:
        # A game's row changes with every phase: its turn, phase and end say when to remake.
        if key in self.kept:
            self.kept.move_to_end(key)
            return self.kept[key]
        made = self.kept[key] = make()
        while len(self.kept) > KEPT:
            self.kept.popitem(last=False)
        return made

    @staticmethod
    def _moment(game: GameRow) -> tuple[Any, ...]:
        return (game.id, game.phase, game.turn, game.ended_at)

    # -- pages ------------------------------------------------------------------------------
    def index(self) -> str:
        now = time.monotonic()
        if self.listed is not None and now - self.listed_at < LIST_FRESH:
            return self.listed[1]
        lines = game_lines(self.store)
        # The list is made again only when a game or a seat changed (a rating changes only
        # when a game ends, which changes its line).
        if self.listed is None or self.listed[0] != lines:
            self.listed = (lines, index_page(lines, self.name, ladder_lines(self.store)))
        self.listed_at = now
        return self.listed[1]

    def game(self, name: str, play: bool = False) -> tuple[int, str]:
        game = self.public_game(name)
        if game is None:
            return 404, not_found_page(name, self.name)
        shown = game_page(self.store, game)
        has_board = game.state is not None
        has_replay = self._replay(game) is not None
        text = game_page_html(shown, has_board, has_replay, self.name)
        # The page follows the game (/live.js, Server-Sent Events); a player signs in to play.
        url = game_url_of(game.name)
        live = live_attributes(f"{url}/events", moment_of(self.store, game))
        text = text.replace("<body>", f"<body{live}>", 1)
        if play and game.phase != "over":
            link = f'<p><a href="{url}/play">Play</a>: sign in to your seat.</p>'
            text = text.replace("<h2>Status</h2>", link + "<h2>Status</h2>", 1)
        text = text.replace("</body>", '<script src="/live.js"></script>\n</body>', 1)
        return 200, text

    def board(self, name: str) -> bytes | None:
        game = self.public_game(name)
        if game is None:
            return None
        return self._kept(("board", *self._moment(game)), lambda: board_png(self.store, game))

    def replay(self, name: str) -> bytes | None:
        game = self.public_game(name)
        return None if game is None else self._replay(game)

    def missing(self, name: str) -> str:
        """The page for a file a game has not (yet): a public game's replay says why."""
        game = self.public_game(name)
        if game is None:
            return not_found_page(name, self.name)
        return no_replay_page(game, no_replay_why(self.store, game), self.name)

    def _replay(self, game: GameRow) -> bytes | None:
        return self._kept(("replay", *self._moment(game)), lambda: replay_page(self.store, game))


def _headers(policy: str) -> dict[str, str]:
    return {
        "Content-Security-Policy": policy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
    }


def make_app(club: Club, play: Play | None = None, signer: Signer | None = None) -> web.Application:
    """The site: `/`, `/games/NAME`, `/games/NAME/board.png`, `/games/NAME/replay.html`, the
    live stream of a game's changes `/games/NAME/events`; with `play`, a seat's page
    `/games/NAME/play` and its forms (pbem.web.playroutes). Without it nothing here changes
    the store."""

    def html(status: int, text: str) -> web.Response:
        return web.Response(
            status=status, text=text, content_type="text/html", headers=_headers(POLICY)
        )

    async def index(request: web.Request) -> web.Response:
        return html(200, await club.read(club.index))

    async def game(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        status, text = await club.read(lambda: club.game(name, play is not None))
        return html(status, text)

    def binary(
        make: Callable[[str], bytes | None], content_type: str, policy: str
    ) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def handler(request: web.Request) -> web.Response:
            name = request.match_info["name"]
            body = await club.read(lambda: make(name))
            if body is None and content_type == "text/html":  # a replay not there yet
                return html(404, await club.read(lambda: club.missing(name)))
            if body is None:
                return html(404, not_found_page(name, club.name))
            headers = _headers(policy)
            if content_type == "text/html":
                headers["Content-Disposition"] = f'inline; filename="{name}-replay.html"'
                return web.Response(
                    body=body, content_type=content_type, charset="utf-8", headers=headers
                )
            return web.Response(body=body, content_type=content_type, headers=headers)

        return handler

    app = web.Application()
    app.router.add_get("/", index)
    app.router.add_get("/games/{name}", game)
    app.router.add_get("/games/{name}/board.png", binary(club.board, "image/png", POLICY))
    app.router.add_get("/games/{name}/replay.html", binary(club.replay, "text/html", REPLAY_POLICY))
    add_play_routes(app, club, play, signer or Signer(os.urandom(32)))
    app.on_cleanup.append(lambda _app: _stop(club))
    return app


async def _stop(club: Club) -> None:
    await club.watch.stop()
    club.worker.shutdown(wait=True)
