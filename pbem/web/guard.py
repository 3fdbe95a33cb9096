"""What every answer of the club server carries, its errors and redirects included: the pages'
security headers, no server name with versions, and a page of its own for 400, 404, 405, 413 and
500; and one log line, not a traceback, for a request that is not HTTP as it should be (issue 32,
item 9) or a client that went away (issue 42, item 5).

aiohttp answers a malformed request itself, below the application (no route, no middleware, no
`on_response_prepare`): `ClubRunner` makes its connections answer such a request with
`ClubHandler.handle_error` instead."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from html import escape
from typing import Any

from aiohttp import web

from pbem.product import TAG
from pbem.web.floods import MAX_BODY, MAX_TEXT
from pbem.web.pages import POLICY, page

log = logging.getLogger("web")

SERVER = f"{TAG}-club"  # the Server header: what answers, never which versions
REASONS = {
    400: ("Bad request", "The request could not be read as HTTP."),
    404: ("Not found", "There is no page at this address."),
    405: ("Method not allowed", "This site only serves pages: GET and HEAD."),
    413: (
        "Too large",
        f"A form holds at most {MAX_TEXT // 1024} KiB of text, more than any turn needs; "
        "nothing was sent to the judge.",
    ),
    429: ("Too many forms", "Too many forms from this seat lately; nothing was sent."),
    500: ("Server error", "The page could not be made; the club's keeper can see why."),
    503: ("Not now", "The server is busy; try again later."),
}


def security_headers(policy: str = POLICY) -> dict[str, str]:
    return {
        "Content-Security-Policy": policy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
        "X-Frame-Options": "DENY",  # frame-ancestors 'none' for browsers that predate it
    }


def error_response(
    status: int, club: str, said: str | None = None, retry_after: int | None = None
) -> web.Response:
    title, reason = REASONS.get(status, (f"Error {status}", "The request was not served."))
    said = reason if said is None else said
    body = page(title, f'<p>{escape(said)} The <a href="/">list of games</a> is here.</p>', club)
    headers = {**security_headers(), "Server": SERVER}
    if status == 405:
        headers["Allow"] = "GET, HEAD"
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    return web.Response(status=status, text=body, content_type="text/html", headers=headers)


async def guard_headers(request: web.BaseRequest, response: web.StreamResponse) -> None:
    """Every answer the app prepares (pages, pictures, streams, the 303s of sign-in, sign-out
    and forms): the Server header without versions, and the security headers it lacks."""
    response.headers["Server"] = SERVER
    for name, value in security_headers().items():
        response.headers.setdefault(name, value)


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def guard(club: str) -> Any:
    """The middleware: an error of the router (404, 405), of the body's size (413) or of a page
    (500) as a page of the club's own with the security headers; a page's failure logged once,
    a client gone away in one INFO line."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            if (request.content_length or 0) > MAX_BODY:  # said at once: refused before a read
                raise web.HTTPRequestEntityTooLarge(MAX_BODY, request.content_length or 0)
            response = await handler(request)
        except web.HTTPException as exc:
            if exc.status < 400:
                raise  # a redirect: guard_headers guards it as it is sent
            response = error_response(exc.status, club)
            if exc.status == 413:  # the rest of the body is never read: the connection goes
                response.force_close()
            return response
        except ConnectionError as exc:  # the client went away (mid-body, a page closed)
            log.info("%s %s: the client went away (%s)", request.method, request.path, exc)
            response = web.Response(status=400)
            response.force_close()
            return response
        except Exception:
            log.exception("%s %s: the page failed", request.method, request.path)
            return error_response(500, club)
        return response  # its headers: guard_headers, as it is sent

    return middleware


class ClubHandler(web.RequestHandler):
    """aiohttp's connection handler, answering a request it cannot read as the club does."""

    __slots__ = ()

    def handle_error(
        self,
        request: web.BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        if status >= 500:  # not the client's fault: aiohttp's own report, traceback and all
            response = super().handle_error(request, status, exc, message)
            response.headers.update({**security_headers(), "Server": SERVER})
            return response
        said = " ".join(str(exc or message or "").split())  # one line, whatever it held
        log.warning("bad request from %s: %.200s", request.remote, said or status)
        if request.writer.output_size > 0:
            raise ConnectionError("an answer was under way: the connection is closed")
        response = error_response(status, "Spaceships club")
        response.force_close()
        return response


class ClubServer(web.Server):
    """aiohttp's server, each connection handled by a ClubHandler."""

    def __call__(self) -> web.RequestHandler:
        handler = super().__call__()
        handler.__class__ = ClubHandler  # the same object, with handle_error of the club's
        return handler


class ClubRunner(web.AppRunner):
    """aiohttp's AppRunner, its server a ClubServer (`_make_server` is the runner's hook)."""

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        server.__class__ = ClubServer
        return server
