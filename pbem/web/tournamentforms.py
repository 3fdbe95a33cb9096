"""The club page's tournament forms (issue 45): a game master makes a tournament played by
mail (`/new-tournament`), players enter one until it starts and its master starts it
(`/tournaments/NAME/enter`). Each form is mail's own `tournament ...` command, sent through
`Judge.handle` as the address the form gives, and answered on the page.

Nobody is signed in for a tournament that does not exist yet, so the page authenticates as
mail does: `create`'s answer holds the master password (shown once, on the page), and `start`
asks for it; each entrant's answer holds their tournament password (to withdraw by mail).
Round games come by mail to the address given, with their passwords, as for any mail
entrant. Every form carries a CSRF token (a visitor cookie's, as the sign-in form's), and the
master password's tries are braked per client (pbem.web.sessions.Tries, the client as
pbem.web.clients tells it).
"""

from __future__ import annotations

import os
import re
import unicodedata
from html import escape
from typing import Any

from aiohttp import web

from pbem.club import ladder
from pbem.club import tournament_store as ts
from pbem.club.tournament_commands import NAME
from pbem.messages import Inbound
from pbem.web.clients import client_of
from pbem.web.clubpages import tournament_url
from pbem.web.guard import security_headers
from pbem.web.pages import page
from pbem.web.playpages import PLAY_POLICY
from pbem.web.playroutes import PROXIES, VISITOR
from pbem.web.sessions import Signer, Tries

ADDRESS = re.compile(r"[^@\s<>\"',;]+@[^@\s<>\"',;]+\.[^@\s<>\"',;]+")
WORD = re.compile(r"[A-Za-z0-9.,:_=+-]*")  # a setting's value: one word, no markup
NEW = "/new-tournament"
FIELD = 'style="display:block;margin:0.3em 0 0.8em"'


def _one_line(value: str, most: int = 200) -> str:
    """A form field as one line of the judge's language: no line break nor control
    character can start a second command."""
    kept = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in value)
    return " ".join(kept.split())[:most]


def _answer_page(title: str, answer: str, back: str, club: str, note: str = "") -> str:
    said = "\n".join(line for line in answer.splitlines() if not line.startswith(">"))
    body = f"<pre>{escape(said.strip())}</pre>{note}<p>{back}</p>"
    return page(title, body, club)


def _games() -> str:
    return "".join(
        f'<option value="{escape(k.name)}">{escape(k.about.title or k.name)}</option>'
        for k in ladder.laddered()
    )


def new_tournament_page(csrf: str, club: str, problem: str = "") -> str:
    said = f'<p class="note" role="alert">{escape(problem)}</p>' if problem else ""
    form = (
        f'<form method="post" action="{NEW}">'
        f'<input type="hidden" name="csrf" value="{csrf}">'
        f'<label>Name (a letter, then up to 15 letters, digits or _)<input name="name" '
        f'required maxlength="16" pattern="[A-Za-z][A-Za-z0-9_]{{0,15}}" {FIELD}></label>'
        f'<label>Game<select name="game" {FIELD}>{_games()}</select></label>'
        f'<label>Format<select name="format" {FIELD}><option value="swiss">Swiss</option>'
        '<option value="robin">round robin</option></select></label>'
        f'<label>Rounds (a Swiss; empty: enough for one winner)<input name="rounds" '
        f'type="number" min="1" max="20" {FIELD}></label>'
        f'<label>A round lasts (e.g. 72h, 7d)<input name="round" value="72h" {FIELD}></label>'
        '<label><input type="checkbox" name="casual" value="yes"> casual (not rated on the '
        "ladder)</label>"
        f'<label>The computer may enter at (levels, e.g. greedy,search)<input name="computers" '
        f"{FIELD}></label>"
        f'<label>The games\' settings (e.g. budget=300)<input name="settings" {FIELD}></label>'
        f'<label>Your mail address (the rounds\' news comes there)<input name="address" '
        f'type="email" required {FIELD}></label>'
        f'<label>Your name<input name="who" maxlength="24" {FIELD}></label>'
        '<button type="submit">Make the tournament</button></form>'
    )
    body = (
        f"{said}<p>You become its game master: the answer shows your master password once; "
        "keep it to start the tournament (here or by mail). Its games are played by mail "
        "and in the browser; docs/commands.md, <em>Tournaments</em>, states its rules.</p>" + form
    )
    return page("Make a tournament", body, club)


def enter_page(t: ts.TournamentRow, csrf: str, club: str, problem: str = "") -> str:
    said = f'<p class="note" role="alert">{escape(problem)}</p>' if problem else ""
    url = tournament_url(t.name)
    if t.phase != "joining":
        return page(
            f"Tournament {t.name}",
            f'<p>Tournament {escape(t.name)} has started: entries are closed. <a href="{url}">'
            "Its standings</a>.</p>",
            club,
        )
    if t.accounts:
        return page(
            f"Tournament {t.name}",
            f"<p>Tournament {escape(t.name)} is played in Discord: enter it there with "
            f'<code>/spaceships tournament join</code>. <a href="{url}">Its page</a>.</p>',
            club,
        )
    enter = (
        f'<h2>Enter</h2><form method="post" action="{url}/enter">'
        f'<input type="hidden" name="csrf" value="{csrf}">'
        f"<label>Your mail address (your games come there, with their passwords)<input "
        f'name="address" type="email" required {FIELD}></label>'
        f'<label>Your name in the tournament<input name="who" maxlength="24" required {FIELD}>'
        '</label><button type="submit">Enter the tournament</button></form>'
    )
    start = (
        f'<h2>Game master: start it</h2><form method="post" action="{url}/start">'
        f'<input type="hidden" name="csrf" value="{csrf}">'
        f'<label>Master password<input name="password" type="password" required '
        f'autocomplete="off" {FIELD}></label><button type="submit">Start: make round 1</button>'
        "</form>"
    )
    body = f"{said}<p>{escape(t.describe())}.</p>{enter}{start}"
    return page(f"Tournament {t.name}", body, club)


def add_tournament_routes(app: web.Application, club: Any, play: Any, signer: Signer) -> None:
    """The forms' routes on the club's app (only where the page may change the store)."""
    tries = Tries()

    def html(status: int, text: str) -> web.Response:
        headers = {**security_headers(PLAY_POLICY), "Cache-Control": "no-store"}
        return web.Response(status=status, text=text, content_type="text/html", headers=headers)

    def visitor(request: web.Request) -> str:
        known = request.cookies.get(VISITOR, "")
        return known if len(known) == 32 else os.urandom(16).hex()

    def with_visitor(response: web.Response, request: web.Request, holder: str) -> web.Response:
        if request.cookies.get(VISITOR) != holder:
            secure = request.secure or request.headers.get("X-Forwarded-Proto", "") == "https"
            response.set_cookie(
                VISITOR, holder, httponly=True, samesite="Strict", secure=secure, path="/"
            )
        return response

    async def checked(request: web.Request) -> tuple[dict[str, str], str] | None:
        form = await request.post()
        holder = request.cookies.get(VISITOR, "")
        if not signer.csrf_ok(holder, str(form.get("csrf", ""))):
            return None
        return {k: str(v) for k, v in form.items()}, holder

    def refused() -> web.Response:
        return html(
            403,
            page(
                "Refused",
                "<p>This form was not sent from the club's own page (or the page is old): "
                "nothing changed. Open the page again and send it from there.</p>",
                club.name,
            ),
        )

    def judge(address: str, who: str, text: str) -> str:
        inbound = Inbound(address, text, sender_name=who, command="tournament")
        return str(play.judge.handle(inbound)[0].body)

    async def new_form(request: web.Request) -> web.Response:
        holder = visitor(request)
        made = new_tournament_page(signer.csrf(holder), club.name)
        return with_visitor(html(200, made), request, holder)

    async def create(request: web.Request) -> web.Response:
        got = await checked(request)
        if got is None:
            return refused()
        form, holder = got
        name, address = _one_line(form.get("name", ""), 40), _one_line(form.get("address", ""))
        key, shape = form.get("game", ""), form.get("format", "")
        problem = ""
        if not NAME.match(name):
            problem = f"`{name}` cannot name a tournament: a letter, then up to 15 letters, "
            problem += "digits or _ (its games are named after it)."
        elif not ADDRESS.fullmatch(address):
            problem = f"`{address}` is not a mail address: the rounds' news goes there."
        elif key not in {k.name for k in ladder.laddered()} or shape not in ("swiss", "robin"):
            problem = "Choose a game and a format from the lists."
        words = ["tournament create", name, key, shape]
        for field, written in (("rounds", "rounds={}"), ("round", "round={}"),
                               ("computers", "computers={}")):  # fmt: skip
            value = _one_line(form.get(field, ""), 60)
            if value and not WORD.fullmatch(value):
                problem = problem or f"`{value}` cannot be {field}: one word, e.g. 72h."
            elif value:
                words.append(written.format(value))
        if form.get("casual") == "yes":
            words.append("casual")
        settings = _one_line(form.get("settings", ""))
        if settings and not all(WORD.fullmatch(w) for w in settings.split()):
            problem = problem or "The games' settings are words like budget=300."
        if problem:
            return html(400, new_tournament_page(signer.csrf(holder), club.name, problem))
        words += settings.split()
        who = _one_line(form.get("who", ""), 24)
        answer = await club.judged(lambda: judge(address, who, " ".join(words)))
        if "Refused" in answer:
            said = answer.split("Refused: ", 1)[1].strip()
            return html(400, new_tournament_page(signer.csrf(holder), club.name, said))
        url = tournament_url(name)
        back = f'<a href="{url}">The tournament\'s page</a>; <a href="{url}/enter">enter it '
        back += "or start it</a>."
        note = "<p><strong>Keep the master password now: it is shown only here.</strong></p>"
        return html(200, _answer_page(f"Tournament {name} made", answer, back, club.name, note))

    async def tournament_of(request: web.Request) -> ts.TournamentRow | None:
        name = request.match_info["name"]
        return await club.read(lambda: ts.tournament(club.store, name))

    def missing(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        return html(
            404,
            page(
                "No such tournament",
                f"<p>There is no tournament called {escape(name)} here. The "
                '<a href="/#tournaments">club page</a> lists them.</p>',
                club.name,
            ),
        )

    async def sent_to(
        request: web.Request,
    ) -> tuple[ts.TournamentRow, dict[str, str], str] | web.Response:
        """The tournament a form is sent to, the form and its visitor; or the answer instead
        (no such tournament, or a form not sent from the club's page)."""
        found = await tournament_of(request)
        if found is None:
            return missing(request)
        got = await checked(request)
        if got is None:
            return refused()
        return found, *got

    async def enter_form(request: web.Request) -> web.Response:
        found = await tournament_of(request)
        if found is None:
            return missing(request)
        holder = visitor(request)
        return with_visitor(html(200, enter_page(found, signer.csrf(holder), club.name)),
                            request, holder)  # fmt: skip

    async def enter(request: web.Request) -> web.Response:
        got = await sent_to(request)
        if isinstance(got, web.Response):
            return got
        found, form, holder = got
        address, who = _one_line(form.get("address", "")), _one_line(form.get("who", ""), 24)
        if not ADDRESS.fullmatch(address):
            said = f"`{address}` is not a mail address: your games come there."
            return html(400, enter_page(found, signer.csrf(holder), club.name, said))
        if not who:
            said = "Give the name you play as in the tournament."
            return html(400, enter_page(found, signer.csrf(holder), club.name, said))
        answer = await club.judged(
            lambda: judge(address, who, f"tournament join {found.name} as {who}")
        )
        if "Refused" in answer:
            said = answer.split("Refused: ", 1)[1].strip()
            return html(400, enter_page(found, signer.csrf(holder), club.name, said))
        back = f'<a href="{tournament_url(found.name)}">The tournament\'s page</a>.'
        note = (
            f"<p>Each round's game comes by mail to {escape(address)}, with its password. "
            "Keep the tournament password above: it withdraws you by mail.</p>"
        )
        return html(200, _answer_page(f"Entered {found.name}", answer, back, club.name, note))

    async def start(request: web.Request) -> web.Response:
        got = await sent_to(request)
        if isinstance(got, web.Response):
            return got
        found, form, holder = got
        client = client_of(request.remote, request.headers, request.app.get(PROXIES, ()))
        braked = f"tournament {found.name}"  # its own count, as each game's is
        wait = tries.wait(client, braked)
        if wait > 0:
            said = f"Too many password tries from here: wait {int(wait) + 1} seconds; nothing "
            said += "was checked."
            return html(429, enter_page(found, signer.csrf(holder), club.name, said))
        password = _one_line(form.get("password", ""), 80)
        answer = await club.judged(
            lambda: judge(
                found.master_address, "", f"tournament start {found.name} {password}".strip()
            )
        )
        if "Refused" in answer:
            said = answer.split("Refused: ", 1)[1].strip().replace(" by mail", "")
            return html(400, enter_page(found, signer.csrf(holder), club.name, said))
        tries.forget(client, braked)
        back = f'<a href="{tournament_url(found.name)}">The standings and round 1</a>.'
        return html(200, _answer_page(f"Tournament {found.name}", answer, back, club.name))

    app.router.add_get(NEW, new_form)
    app.router.add_post(NEW, create)
    app.router.add_get("/tournaments/{name}/enter", enter_form)
    app.router.add_post("/tournaments/{name}/enter", enter)
    app.router.add_post("/tournaments/{name}/start", start)
