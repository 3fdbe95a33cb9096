"""The club page's pages of its people: a game's whole ladder, and a player's page (their games
in play and over with their replays, results, head-to-head records, and their rating history
drawn per game). A player is known by the name the ladder shows; no address is ever on a page."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from urllib.parse import quote

from pbem.club.profiles import Profile
from pbem.club.tournament_store import TIE_BREAKS, Board, Table, TournamentRow, game_name, points
from pbem.web.pages import LADDER_NOTE, ladder_table, page, player_url
from pbem.web.plot import rating_plot
from pbem.web.records import LISTING_RULE, Ladder


def ladder_page(shown: Ladder, club: str) -> str:
    """A game's whole ladder: every listed player, then every provisional one."""
    if shown.lines:
        body = ladder_table(shown.lines)
    else:
        body = "<p class=note>No rated game has ended yet.</p>"
    body += f"<p class=note>{escape(LISTING_RULE)}</p>{LADDER_NOTE}"
    return page(f"The {shown.title} ladder", body, club)


def _game_link(name: str) -> str:
    return f'<a href="/games/{quote(name, safe="")}">{escape(name)}</a>'


def player_page(shown: Profile, club: str) -> str:
    parts = []
    for title, standing in shown.standings:
        state = "listed" if standing.listed else standing.provisional()
        parts.append(
            f"<h2>{escape(title)}</h2><p>Rating {escape(standing.rating.long())}, "
            f"won-lost-drawn {escape(standing.results())}, {escape(state)}.</p>"
        )
        points = next((p for t, p in shown.history if t == title), ())
        if len(points) > 1:
            plot = rating_plot(
                [p.mu for p in points],
                f"{shown.name}'s {title} rating: from {round(points[0].mu)} to "
                f"{round(points[-1].mu)} over {len(points) - 1} rated games",
            )
            parts.append(f'<div class="plot">{plot}</div>')
    if not shown.standings:
        parts.append("<p class=note>No rated game yet.</p>")
    in_play = [g for g in shown.games if not g.over]
    over = [g for g in shown.games if g.over]
    parts.append("<h2>In play</h2>")
    if in_play:
        rows = "".join(
            f'<tr><td data-label="Game">{_game_link(g.name)}</td>'
            f'<td data-label="Kind">{escape(g.title)}</td>'
            f'<td data-label="Against">{_person(g.opponent)}</td></tr>'
            for g in in_play
        )
        parts.append(
            "<table><thead><tr><th>Game</th><th>Kind</th><th>Against</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>"
        )
    else:
        parts.append("<p class=note>None.</p>")
    parts.append("<h2>Over</h2>")
    if over:
        rows = "".join(
            f'<tr><td data-label="Game">{_game_link(g.name)}</td>'
            f'<td data-label="Kind">{escape(g.title)}</td>'
            f'<td data-label="Against">{_person(g.opponent)}</td>'
            f'<td data-label="Result">{escape(g.result or "no result")}</td>'
            f'<td data-label="Ended">{escape(g.ended_at)}</td>'
            f'<td data-label="Replay"><a href="/games/{quote(g.name, safe="")}/replay.html">'
            "replay</a></td></tr>"
            for g in reversed(over)
        )
        parts.append(
            "<table><thead><tr><th>Game</th><th>Kind</th><th>Against</th><th>Result</th>"
            f"<th>Ended</th><th>Replay</th></tr></thead><tbody>{rows}</tbody></table>"
        )
    else:
        parts.append("<p class=note>None.</p>")
    if shown.head_to_head:
        rows = "".join(
            f'<tr><td data-label="Against">{_person(h.opponent)}</td>'
            f'<td data-label="Won-lost-drawn">{h.results()}</td></tr>'
            for h in shown.head_to_head
        )
        parts.append(
            "<h2>Head to head</h2><table><thead><tr><th>Against</th><th>Won-lost-drawn</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>"
        )
    return page(shown.name, "\n".join(parts), club)


def _person(name: str) -> str:
    if not name or name.startswith("the computer"):
        return escape(name or "-")
    return f'<a href="{player_url(name)}">{escape(name)}</a>'


def no_player_page(name: str, club: str) -> str:
    return page(
        "No such player",
        f"<p>No public game or ladder here knows a player called {escape(name)}. "
        'The <a href="/">club page</a> lists the ladders and games.</p>',
        club,
    )


def tournament_url(name: str) -> str:
    return "/tournaments/" + quote(name, safe="")


def tournaments_section(shown: Sequence[TournamentRow], forms: bool = False) -> str:
    """The club's tournaments on its page: each with its state and a link to its standings;
    with `forms`, the game master's form to make one (pbem.web.tournamentforms)."""
    make = (
        '<p><a href="/new-tournament">Make a tournament</a> (you become its game master)</p>'
        if forms
        else ""
    )
    if not shown:
        return f'<h2 id="tournaments">Tournaments</h2>{make}' if forms else ""
    states = {"joining": "taking entries", "playing": "round {round} of {rounds}", "over": "over"}
    rows = "".join(
        f'<tr><td data-label="Tournament"><a href="{tournament_url(t.name)}">{escape(t.name)}'
        f'</a></td><td data-label="What">{escape(t.describe())}</td>'
        f'<td data-label="Now">{escape(states[t.phase].format(round=t.round, rounds=t.rounds))}'
        "</td></tr>"
        for t in shown
    )
    return (
        '<h2 id="tournaments">Tournaments</h2><table><thead><tr><th>Tournament</th><th>What</th>'
        f"<th>Now</th></tr></thead><tbody>{rows}</tbody></table>{make}"
    )


def tournament_page(
    t: TournamentRow, shown: Table, rounds: Sequence[Board], club: str, forms: bool = False
) -> str:
    """A tournament's page: its standings with their tie-breaks, the crosstable, and each
    round's games with links to them (public games: what onlookers may see); with `forms`,
    while it takes entries by mail, a link to enter it or start it."""
    state = {"joining": "taking entries", "playing": f"round {t.round} of {t.rounds}",
             "over": "over"}[t.phase]  # fmt: skip
    parts = [f"<p>{escape(t.describe())}; {escape(state)}.</p>"]
    if forms and t.phase == "joining" and not t.accounts:
        parts.append(f'<p><a href="{tournament_url(t.name)}/enter">Enter it, or start it '
                     "(its game master)</a></p>")  # fmt: skip
    if not shown.lines:
        parts.append("<p class=note>Nobody has entered yet.</p>")
        return page(f"Tournament {t.name}", "\n".join(parts), club)
    head = "".join(f'<th scope="col">{place}</th>' for place, _, _ in shown.lines)
    rows = []
    for place, entrant, s in shown.lines:
        cells = "".join(
            f'<td data-label="v {place_of}">'
            + ("X" if other.number == entrant.number
               else escape(shown.cross.get((entrant.number, other.number), "")))
            + "</td>"
            for place_of, other, _ in shown.lines
        )  # fmt: skip
        left = " (withdrew)" if entrant.withdrawn is not None else ""
        rows.append(
            f'<tr><td data-label="Place">{place}</td><td data-label="Player">'
            f"{_person(entrant.name)}{left}</td>"
            f'<td data-label="Points">{points(s.score)}</td>'
            f'<td data-label="Buchholz">{points(s.buchholz)}</td>'
            f'<td data-label="Sonneborn-Berger">{points(s.sonneborn_berger)}</td>{cells}</tr>'
        )
    parts.append(
        '<h2>Standings and crosstable</h2><div class="boardbox"><table class="cross"><thead>'
        "<tr><th>Place</th><th>Player</th><th>Points</th><th>Buchholz</th>"
        f"<th>Sonneborn-Berger</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"</div><p class=note>{escape(TIE_BREAKS)}</p>"
    )
    names = {e.number: e.name for _, e, _ in shown.lines}
    for number in sorted({b.game.pairing.round for b in rounds}, reverse=True):
        games = []
        for b in (b for b in rounds if b.game.pairing.round == number):
            p = b.game.pairing
            white = escape(names.get(p.white, "?"))
            if p.black is None:
                games.append(f"<li>{white}: a bye</li>")
                continue
            vs = f"{white} v {escape(names.get(p.black, '?'))}"
            if b.game_id is None:
                games.append(f"<li>{vs}: a forfeit</li>")
            else:
                name = game_name(t, p)
                games.append(f"<li>{vs}: {_game_link(name)}</li>")
        parts.append(f"<h2>Round {number}</h2><ul>{''.join(games)}</ul>")
    return page(f"Tournament {t.name}", "\n".join(parts), club)


def no_tournament_page(name: str, club: str) -> str:
    return page(
        "No such tournament",
        f"<p>There is no tournament called {escape(name)} here. The "
        '<a href="/#tournaments">club page</a> lists them.</p>',
        club,
    )
