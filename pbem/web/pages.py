"""The club page's HTML: the list of games (in play, finished) and one game's page (status,
public board, history, replay). Plain HTML and a little inline style, no script: each page
stands alone and loads nothing from elsewhere."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import quote

from notation.words import seated
from pbem.kinds.gamekinds import GameKind, kind_of, kinds
from pbem.storage.store import GameRow, PlayerRow
from pbem.web.records import LISTING_RULE, GameLine, GamePage, Ladder, LadderLine

STYLE = """
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,sans-serif;color:#141414;background:#fff}
header,main,footer{max-width:1100px;margin:0 auto;padding:0 12px}
h1{font-size:1.5rem;margin:14px 0 6px}
table{border-collapse:collapse;width:100%;margin:6px 0 18px}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #e4e4e4;vertical-align:top}
th{font-size:.9rem;color:#444}
a{color:#0058a0}
td a{display:inline-block;min-height:32px;padding-top:4px}
pre{white-space:pre-wrap;overflow-x:auto;background:#fafafa;border:1px solid #e4e4e4;padding:8px}
img.board{width:100%;height:auto;border:1px solid #e4e4e4}
.note{color:#555}
.plot svg{width:100%;max-width:400px;height:auto}
@media (max-width:600px){
  thead{display:none}
  tr{display:block;border-bottom:1px solid #e4e4e4;padding:6px 0}
  td{display:block;border:0;padding:2px 6px}
  td[data-label]::before{content:attr(data-label) ": ";font-weight:bold}
  .boardbox{overflow-x:auto}
  img.board{width:760px;max-width:none}
  img.board.vector{width:100%}
}
"""

POLICY = (
    "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def page(title: str, body: str, club: str) -> str:
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{escape(title)}: {escape(club)}</title>
<style>{STYLE}</style>
</head>
<body>
<header><p><a href="/">{escape(club)}</a></p><h1>{escape(title)}</h1></header>
<main>
{body}
</main>
</body>
</html>
"""


def game_url(game: GameRow | GameLine) -> str:
    return "/games/" + quote(game.name, safe="")


def _players(game: GameRow, players: Mapping[str, PlayerRow]) -> str:
    side = kind_of(game).about.side
    named = (seated(p.name, side(s)) for s, p in sorted(players.items()))
    return " v ".join(escape(n) for n in named) or "-"


def _seated(game: GameLine) -> str:
    side = _kind_of_line(game).about.side
    return " v ".join(escape(seated(name, side(seat))) for seat, name in game.players) or "-"


def _kind_of_line(game: GameLine) -> GameKind:
    """The kind whose games include the stored ruleset (the registry's first when none does,
    as pbem.registry.kind_of)."""
    return next((k for k in kinds() if k.about.rulesets(game.ruleset)), kinds()[0])


def _kind(game: GameLine) -> str:
    """The game's title."""
    found = _kind_of_line(game)
    return found.about.title or found.name


def _state(game: GameLine) -> str:
    if game.phase == "playing":
        # The turn in the game's own words, as its `status` says it (a battle: "turn 2, fire").
        return _kind_of_line(game).show.turn_name(game, game.turn)
    return {"joining": "waiting for players", "setup": "setting up", "over": "over"}.get(
        game.phase, game.phase
    )


def _result(game: GameLine) -> str:
    outcome = game.outcome or {}
    winner = outcome.get("winner")
    names = dict(game.players)
    if winner in names:
        said = f"{seated(names[winner], _kind_of_line(game).about.side(winner))} wins"
    elif winner == "draw" or _battle_drawn(outcome):
        said = "a draw"
    else:
        said = "no result"
    reason = outcome.get("reason")
    return escape(f"{said} ({reason})" if reason else said)


def _battle_drawn(outcome: dict[str, Any]) -> bool:
    # A battle the rules ended without a winner is drawn (R12); it keeps no winner, as a
    # battle cancelled or resigned with nobody to win does, but only the rules cite R12.
    return outcome.get("winner") is None and str(outcome.get("reason", "")).endswith("[R12]")


def _row(game: GameLine, finished: bool) -> str:
    link = f'<a href="{game_url(game)}">{escape(game.name)}</a>'
    cells = [
        ("Game", link),
        ("Kind", _kind(game)),
        ("Players", _seated(game)),
        ("Result" if finished else "Now", _result(game) if finished else _state(game)),
    ]
    if finished:
        cells.append(("Replay", f'<a href="{game_url(game)}/replay.html">replay</a>'))
    return "<tr>" + "".join(f'<td data-label="{k}">{v}</td>' for k, v in cells) + "</tr>"


def _table(caption: str, games: Sequence[GameLine]) -> str:
    finished = caption == "Finished"
    if not games:
        return f"<h2>{caption}</h2><p class=note>None yet.</p>"
    heads = ["Game", "Kind", "Players", "Result" if finished else "Now"] + (
        ["Replay"] if finished else []
    )
    rows = "\n".join(_row(g, finished) for g in games)
    head = "".join(f'<th scope="col">{h}</th>' for h in heads)
    return (
        f'<h2 id="{caption.lower().replace(" ", "-")}">{caption}</h2>'
        f"<table><thead><tr>{head}</tr></thead><tbody>\n{rows}\n</tbody></table>"
    )


def player_url(name: str) -> str:
    """A player's page, by the name the ladder shows (never an address)."""
    return "/players/" + quote(name, safe="")


def ladder_url(key: str) -> str:
    return "/ladder/" + quote(key, safe="")


def ladder_table(lines: Sequence[LadderLine]) -> str:
    """A ladder's lines as a table: listed players by place, then the provisional ones marked."""
    rows = "".join(
        f'<tr><td data-label="Place">{line.place or "-"}</td>'
        f'<td data-label="Player"><a href="{player_url(line.name)}">{escape(line.name)}</a>'
        + (f" <small class=note>{escape(line.provisional)}</small>" if line.provisional else "")
        + f'</td><td data-label="Rating">{escape(line.rating)}</td>'
        f'<td data-label="Won-lost-drawn">{escape(line.results)}</td></tr>'
        for line in lines
    )
    return (
        "<table><thead><tr><th>Place</th><th>Player</th><th>Rating</th><th>Won-lost-drawn</th>"
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )


LADDER_NOTE = (
    "<p class=note>Rated games only; <code>?</code> after a rating: still unsure after few "
    "games.</p>"
)


def standings_section(ladders: Sequence[Ladder]) -> str:
    """The club ladder of each game from its first rated game (pbem.club.ladder: rated games
    only): the listed players, then the provisional ones marked, with the rule that lists
    them, and a link to the game's whole ladder; above the games."""
    parts = []
    for shown in ladders:
        if not shown.lines:
            continue
        parts.append(
            f"<h2>The {escape(shown.title)} ladder</h2>{ladder_table(shown.lines)}"
            f'<p class=note><a href="{ladder_url(shown.key)}">The whole {escape(shown.title)} '
            "ladder</a></p>"
        )
    if parts:
        parts.append(f"<p class=note>{escape(LISTING_RULE)}</p>{LADDER_NOTE}")
    return "".join(parts)


def index_page(
    games: Sequence[GameLine],
    club: str,
    ladders: Sequence[Ladder] = (),
    tournaments: str = "",
) -> str:
    in_play = [g for g in games if g.phase != "over"]
    finished = sorted(
        (g for g in games if g.phase == "over"), key=lambda g: (g.ended_at or "", g.id)
    )
    finished.reverse()  # the latest first
    body = (
        standings_section(ladders)
        + tournaments
        + _table("In play", in_play)
        + _table("Finished", finished)
        + "<p class=note>Only what onlookers may see: no fleet is shown before its game is "
        "over [1.4]. Private games are not listed.</p>"
    )
    return page("Games", body, club)


def game_page_html(
    shown: GamePage, has_board: bool, has_replay: bool, club: str, vector: bytes | None = None
) -> str:
    """A game's page; `vector` is its board as SVG where the game draws one: shown sharp at
    any width, never wider than drawn, its smallest words never under 9 CSS pixels."""
    game = shown.game
    url = game_url(game)
    parts = [f"<p>{escape(shown.kind)}: {_players(game, shown.players)}</p>"]
    parts.append(f"<h2>Status</h2><pre>{escape(shown.status)}</pre>")
    if has_board:
        what = shown.board_words
        alt = f"The public board of {escape(game.name)}: {what}"
        if vector is None:
            parts.append(
                f'<h2>The board</h2><div class="boardbox"><a href="{url}/board.png">'
                f'<img class="board" src="{url}/board.png" alt="{alt}"></a></div>'
            )
        else:
            width, least = _svg_widths(vector)
            parts.append(
                f'<h2>The board</h2><div class="boardbox"><a href="{url}/board.svg">'
                f'<img class="board vector" src="{url}/board.svg" alt="{alt}" '
                f'style="max-width:{width}px;min-width:{least}px"></a></div>'
            )
    if has_replay:
        which = "every view" if game.phase == "over" else "the onlookers' view"
        parts.append(
            f'<h2>Replay</h2><p><a href="{url}/replay.html">Step through the game</a> '
            f"({which}; one file you may keep).</p>"
        )
    parts.append(f"<h2>History</h2><pre>{escape(shown.history)}</pre>")
    return page(f"Game {game.name}", "\n".join(parts), club)


def _svg_widths(svg: bytes) -> tuple[int, int]:
    """An SVG board's drawn width, and the least width that keeps its smallest words (its
    `data-smallest-text`) 9 CSS pixels high."""
    head = svg[:400].decode("utf-8", "replace")
    width = re.search(r'\bwidth="(\d+)"', head)
    smallest = re.search(r'data-smallest-text="(\d+)"', head)
    drawn = int(width.group(1)) if width else 760
    least = drawn * 9 // int(smallest.group(1)) if smallest else 0
    return drawn, min(drawn, least)


def not_found_page(name: str, club: str) -> str:
    return page(
        "No such game",
        f"<p>There is no public game called {escape(name)} here. "
        'The <a href="/">list of games</a> has every public one.</p>',
        club,
    )


def no_replay_page(game: GameRow, why: str, club: str) -> str:
    """A public game that has no replay to give yet: why, and its page meanwhile."""
    return page(
        "No replay yet",
        f'<p>{escape(why)} Meanwhile <a href="{game_url(game)}">the page of '
        f"{escape(game.name)}</a> shows how it stands.</p>",
        club,
    )


def unreadable_page(name: str, club: str) -> str:
    """A game whose stored row cannot be read (mended by hand, a disk's fault)."""
    return page(
        "Game unreadable",
        f"<p>The stored record of {escape(name)} cannot be read just now; the club's keeper "
        'is told. The <a href="/">list of games</a> has every other one.</p>',
        club,
    )
