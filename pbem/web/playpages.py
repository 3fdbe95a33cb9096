"""The pages of play in the browser (issue 35): signing in to a seat, and a seat's page (its
own view, whose move it is, the history, the forms of the open phase with the judge's answer
beside the field). Plain HTML; the one script is `/live.js`, served by the page's own
address, which follows the game's changes (Server-Sent Events)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from html import escape
from importlib.resources import files
from typing import Any
from urllib.parse import quote

from pbem.web.boards import BOARD_STYLE
from pbem.web.pages import game_url, page
from pbem.web.play import SeatView, Shown, phase_opened

# What a page of play may load: its own pictures, its own script and event stream, nothing
# from elsewhere; forms post only to the page's own address.
PLAY_POLICY = (
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'self'; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)

LIVE_JS = """\
// Keeps what is typed into a form in this tab (sessionStorage) until the form is sent, so a
// reload or the "show it" link loses nothing; keyed by game, seat, form and turn, so a draft
// never lands in the form of another turn. Without JavaScript the forms work as before.
(function () {
  var kept;
  try { kept = window.sessionStorage; } catch (e) { return; }
  if (!kept) return;
  var each = function (list, act) { Array.prototype.forEach.call(list, act); };
  each(document.querySelectorAll("form[data-draft]"), function (form) {
    var key = "draft:" + form.getAttribute("data-draft") + ":";
    each(form.querySelectorAll("textarea"), function (field) {
      var saved = kept.getItem(key + field.name);
      if (saved !== null && field.value === "") field.value = saved;
      field.addEventListener("input", function () {
        if (field.value === "") kept.removeItem(key + field.name);
        else kept.setItem(key + field.name, field.value);
      });
    });
    form.addEventListener("submit", function () {
      each(form.querySelectorAll("textarea"), function (field) {
        kept.removeItem(key + field.name);
      });
    });
  });
})();
// Follows the game: when anything anyone may see of it changes, the page is read again (or,
// while the reader is typing, a note says so and nothing typed is lost).
(function () {
  var body = document.body, moment = body.getAttribute("data-moment");
  var url = body.getAttribute("data-events");
  if (!url || !window.EventSource) return;
  var events = new EventSource(url), sending = false;
  // A form on its way is the player's own move: the page it brings back shows the change too,
  // and a reload now would abort it.
  document.addEventListener("submit", function () { sending = true; events.close(); });
  events.addEventListener("moment", function (e) {
    if (sending || e.data === moment) return;
    // Typing, or tapping on the board (its taps counted by /table.js): nothing is lost.
    var board = document.getElementById("board");
    var typing = Array.prototype.some.call(document.querySelectorAll("textarea"),
      function (t) { return t.value.trim() !== ""; }) ||
      (board !== null && board.hasAttribute("data-taps"));
    if (typing) {
      var note = document.getElementById("changed");
      if (note) note.hidden = false;
      return;
    }
    events.close();
    window.location.replace(window.location.pathname);
  });
})();
"""

# The board's script (issue 44): served by the app as it is, no build step.
TABLE_JS = (files("pbem.web") / "table.js").read_text(encoding="utf-8")

PLAY_STYLE = (
    """
<style>
textarea{width:100%;box-sizing:border-box;min-height:5.5em;font:15px/1.4 ui-monospace,monospace}
form.play{border:1px solid #e4e4e4;padding:10px;margin:10px 0}
button{font-size:1rem;padding:8px 16px;min-height:40px}
.refused{border-left:4px solid #b00020;background:#fff3f4}
.accepted{border-left:4px solid #1b7f3b;background:#f1fbf4}
.turn,.todo{font-weight:bold}
pre{white-space:pre-wrap;overflow-wrap:anywhere}
#changed{background:#fff7d6;padding:8px;border:1px solid #e0c060}
label{display:block;font-weight:bold;margin:4px 0}
.tools{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0}
.tools button{padding:4px 8px;min-height:32px;font-size:.9rem}
.tools button[aria-pressed=true]{background:#123f7a;color:#fff;outline:3px solid #f2b600}
.tapnote{flex-basis:100%;margin:2px 0;min-height:1.2em}
.tapmenu{flex-basis:100%;border:2px solid #123f7a;padding:6px;background:#f4f7fc}
.tapmenu button{margin:3px}
.builder{min-width:0;max-width:100%}
.builder label{display:inline-block;max-width:100%;margin:4px 8px 4px 0;font-weight:normal}
.builder input,.builder select{font-size:1rem;min-height:32px;max-width:100%}
</style>
"""
    + BOARD_STYLE
)


def live_attributes(events_url: str, moment: str) -> str:
    return f' data-events="{escape(events_url)}" data-moment="{escape(moment)}"'


def _page(title: str, body: str, club: str, live: str = "") -> str:
    made = page(title, PLAY_STYLE + body, club)
    made = made.replace("<body>", f"<body{live}>", 1)
    return made.replace("</body>", '<script src="/live.js"></script>\n</body>', 1)


def sign_in_page(name: str, csrf: str, said: str, club: str, accounts: bool = False) -> str:
    """The sign-in form of a game: the password the judge mailed (a player's or the master's);
    for a game played in Discord, which has no passwords, how to get a link there."""
    url = game_url_of(name)
    note = f'<p class="refused" role="alert">{escape(said)}</p>' if said else ""
    if accounts:
        body = f"""
<p>{escape(name)} is played in Discord, where its players have no password. To play it here,
use <code>/spaceships web</code> in the game's thread: the bot answers you alone with a link that
signs you in to your seat once. The browser keeps no password: only a signed session that ends
after a few hours or when you sign out. <a href="{url}">The public page</a> shows what everyone
may see.</p>
{note}"""
        return _page(f"Play {name}", body, club)
    body = f"""
<p>Sign in to play with the password the judge mailed you when you joined or created the game
(a player's, or the game master's). The browser keeps no password: only a signed session that
ends after a few hours or when you sign out. <a href="{url}">The public page</a> shows what
everyone may see.</p>
{note}
<form class="play" method="post" action="{url}/play/sign-in">
<input type="hidden" name="csrf" value="{escape(csrf)}">
<label for="password">Password for {escape(name)}</label>
<input id="password" name="password" type="password" autocomplete="off" required
 placeholder="three-words-joined">
<button type="submit">Sign in</button>
</form>"""
    return _page(f"Play {name}", body, club)


def link_html(name: str, path: str, csrf: str, club: str) -> str:
    """A one-time link's page: one button uses it (a link preview only looks)."""
    body = f"""
<p>This link from the judge signs you in to {escape(name)} once. The browser keeps no password:
only a signed session that ends after a few hours or when you sign out.</p>
<form class="play" method="post" action="{escape(path)}">
<input type="hidden" name="csrf" value="{escape(csrf)}">
<button type="submit">Sign in to {escape(name)}</button>
</form>"""
    return _page(f"Play {name}", body, club)


def link_spent_page(why: str, club: str) -> str:
    """A link that names no game the judge knows: why, and how to get one."""
    body = f'<p class="refused" role="alert">{escape(why)}</p>'
    return _page("This link signs nobody in", body, club)


def game_url_of(name: str) -> str:
    return "/games/" + quote(name, safe="")


def seat_page(
    view: SeatView,
    csrf: str,
    said: dict[str, tuple[bool, str, str]],
    club: str,
) -> str:
    """A signed-in reader's page: `said` maps a form's command to the judge's answer to it
    (accepted or not, the answer, the text sent, kept in the field when refused). First what
    to do now (the seat's choices: what it may use, what it sent), the board to act on, the
    forms; then the last turn's report, the status and the history (issue 44)."""
    game = view.game
    url = game_url(game)
    choices = view.choices
    parts = [
        f'<p class="who">{escape(view.title)}: you are {escape(view.reader)}. '
        f'<a href="{url}">Public page</a>.</p>',
        '<p id="changed" role="status" hidden>The game has changed: '
        f'<a href="{url}/play">show it</a> (what you typed is still here until you do).</p>',
    ]
    parts.append(f'<p class="turn" id="whose">{escape(_whose(view))}</p>')
    parts += _now_lines(choices)
    if view.table:
        parts.append(
            '<div id="tools" class="tools" aria-label="What a tap does" hidden></div>'
            f'<div id="board" class="board">{view.table}</div>'
        )
    for shown in view.forms:
        parts.append(_form(view, shown, csrf, said.get(shown.command)))
    for command, (ok, text, _) in said.items():
        if command not in {shown.command for shown in view.forms}:
            css = "accepted" if ok else "refused"
            # The form it answered is gone (the turn moved on): the answer stays, as its own.
            parts.append(
                f'<pre class="{css}" role="status" id="form-{escape(command)}-said">'
                f"{escape(text)}</pre>"
            )
    report = str(choices.get("report") or "")
    if report:
        parts.append(f'<h2>Last turn</h2><pre id="report">{escape(report)}</pre>')
    parts.append(f"<h2>Status</h2><pre>{escape(view.status)}</pre>")
    if view.history:
        parts.append(f"<h2>History</h2><pre>{escape(view.history)}</pre>")
    parts.append(
        f'<form method="post" action="{url}/play/sign-out">'
        f'<input type="hidden" name="csrf" value="{escape(csrf)}">'
        '<button type="submit">Sign out</button></form>'
        f'<form method="post" action="{url}/play/sign-out">'
        f'<input type="hidden" name="csrf" value="{escape(csrf)}">'
        '<input type="hidden" name="everywhere" value="yes">'
        '<button type="submit">Sign out everywhere</button> '
        '<span class="note">ends every session of your seat, in every browser (one left signed '
        "in elsewhere, or a copied cookie)</span></form>"
    )
    if choices:
        # Data, never run (CSP: scripts come from the site only); "</" cannot end the block.
        data = json.dumps(choices, separators=(",", ":")).replace("</", "<\\/")
        parts.append(f'<script type="application/json" id="choices">{data}</script>')
        parts.append('<script src="/table.js"></script>')
    live = live_attributes(f"{url}/events", view.moment)
    return _page(f"Play {game.name}", "\n".join(parts), club, live)


def _now_lines(choices: Mapping[str, Any]) -> list[str]:
    """What the seat is to do and may use now, and what it has sent (issue 44, item 2)."""
    lines = []
    todo = str(choices.get("todo") or "")
    if todo:
        lines.append(f'<p class="todo" id="todo">{escape(todo)}</p>')
    entitled = str(choices.get("entitled") or "")
    if entitled:
        lines.append(f'<p id="entitled"><strong>You may use:</strong> {escape(entitled)}</p>')
    limits = str(choices.get("limits") or "")
    if limits:
        lines.append(f'<p class="refused">{escape(limits)}</p>')
    sent = choices.get("sent")
    if sent is not None and sent != "" and choices.get("phase") == "orders":
        lines.append(
            f'<p id="sent" class="accepted"><strong>Your orders are in:</strong> '
            f"<code>{escape(str(sent))}</code>. Sending again replaces them.</p>"
        )
    return lines


def _whose(view: SeatView) -> str:
    game = view.game
    if game.phase == "over":
        return "The game is over."
    if game.phase == "joining":
        return "Waiting for players to join."
    if not view.waiting:
        return "Everything is in: the judge resolves the phase."
    return "Waiting for " + " and ".join(view.waiting) + "."


def _form(view: SeatView, shown: Shown, csrf: str, said: tuple[bool, str, str] | None) -> str:
    url = game_url(view.game)
    nonce = os.urandom(12).hex()
    ident = f"form-{shown.command}"
    hidden = (
        f'<input type="hidden" name="csrf" value="{escape(csrf)}">'
        f'<input type="hidden" name="command" value="{escape(shown.command)}">'
        # Firefox restores hidden fields on a reload unless told not to: a restored number
        # would make a new send look like the old one ("handled already").
        f'<input type="hidden" name="nonce" value="{nonce}" autocomplete="off">'
    )
    if shown.turn is not None:
        hidden += (
            f'<input type="hidden" name="turn" value="{shown.turn}" autocomplete="off">'
            f'<input type="hidden" name="opened" value="{escape(phase_opened(view.game))}" '
            'autocomplete="off">'
        )
    fields = ""
    kept = said[2] if said is not None and not said[0] else ""
    if shown.form is not None:
        for number, field in enumerate(shown.form.fields):
            name = "text" if number == 0 else f"text{number}"
            helper = f'<p class="note">{escape(field.help)}</p>' if field.help else ""
            fields += (
                f'<label for="{ident}-{name}">{escape(field.label)}</label>'
                f'<textarea id="{ident}-{name}" name="{name}" '
                f'placeholder="{escape(field.example)}"'
                f"{' required' if field.required else ''}>{escape(kept)}</textarea>{helper}"
            )
    if shown.confirm:
        fields += (
            f'<label><input type="checkbox" name="confirm" value="yes" required> '
            f"{escape(shown.confirm)}</label>"
        )
    answer = ""
    if said is not None:
        css = "accepted" if said[0] else "refused"
        answer = f'<pre class="{css}" role="status" id="{ident}-said">{escape(said[1])}</pre>'
    # The key of the form's draft in the browser (LIVE_JS): game, seat, form, turn, phase.
    turn = "" if shown.turn is None else f"{shown.turn}:{phase_opened(view.game)}"
    draft = f"{view.game.id}:{view.seat}:{shown.command}:{turn}"
    return (
        f'<form class="play" id="{ident}" method="post" action="{url}/play" '
        f'data-draft="{escape(draft)}">'
        f"<h2>{escape(shown.title)}</h2>{hidden}{fields}{answer}"
        f'<button type="submit">{escape(shown.button)}</button></form>'
    )
