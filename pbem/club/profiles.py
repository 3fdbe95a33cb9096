"""A player as the club page shows them, known by the name the ladder shows (never an address):
their public games in play and over, results, head-to-head records and rating history per game.

Reads the store only. A name the ladder shows stands for the ladder players who last played under
it (pbem.club.ladder.Standing.name); a player with no rated game yet is found by the name they
sat under in a public game.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from pbem import registry
from pbem.club import ladder
from pbem.steps.computers import COMPUTER_ADDRESS
from pbem.storage.store import Store
from pbem.storage.storerows import from_text


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One public game of the player: its name, the game's title, the seat, the opponent's
    name, whether it is over, and the player's result ("won", "lost", "drawn", "" in play or
    without a result)."""

    name: str
    title: str
    seat: str
    opponent: str
    over: bool
    result: str
    ended_at: str


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Results against one opponent (by the name they played under), over the public games."""

    opponent: str
    wins: int
    losses: int
    draws: int

    def results(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The player's rating after one rated game: the game's end, its estimate and deviation."""

    when: str
    mu: float
    sigma: float


@dataclass(frozen=True)
class Profile:
    """What the club page shows of one player."""

    name: str
    standings: tuple[tuple[str, ladder.Standing], ...]  # (game title, standing) per game rated
    games: tuple[PlayedGame, ...]
    head_to_head: tuple[HeadToHead, ...]
    history: tuple[tuple[str, tuple[RatingPoint, ...]], ...]  # (game title, points) per game


def identities(store: Store, name: str) -> set[str]:
    """The ladder players known by `name`: those the ladder shows under it, else the players
    of public games seated under it."""
    rows = store.connection.execute(
        "SELECT DISTINCT player FROM ratings WHERE name = ?", (name,)
    ).fetchall()
    found = {str(r[0]) for r in rows}
    if found:
        return found
    rows = store.connection.execute(
        "SELECT DISTINCT p.address FROM players p JOIN games g ON g.id = p.game_id "
        "WHERE g.private = 0 AND p.name = ? AND p.address <> ?",
        (name, COMPUTER_ADDRESS),
    ).fetchall()
    return {ladder.identity(store, str(r[0])) for r in rows}


def _result(kind: Any, outcome: dict[str, Any] | None, seat: str) -> str:
    if outcome is None or kind.about.score is None:
        return ""
    score = kind.about.score(outcome)
    if score is None:
        return ""
    mine = score if seat == "A" else 1.0 - score
    return {1.0: "won", 0.0: "lost", 0.5: "drawn"}[mine]


def profile(store: Store, name: str) -> Profile | None:
    """The player known by `name`, or None when no public game or ladder knows the name."""
    who = identities(store, name)
    if not who:
        return None
    games: list[PlayedGame] = []
    meetings: dict[str, list[str]] = defaultdict(list)
    for game in store.games(public_only=True):
        players = store.players(game.id)
        mine = [s for s, p in players.items() if ladder.identity(store, p.address) in who]
        if len(mine) != 1:
            continue
        seat = mine[0]
        kind = registry.kind_of(game)
        others = [p.name for s, p in players.items() if s != seat]
        result = _result(kind, game.outcome, seat) if game.phase == "over" else ""
        ended = "" if game.ended_at is None else game.ended_at.date().isoformat()
        opponent = others[0] if others else ""
        title = kind.about.title or kind.name
        games.append(
            PlayedGame(game.name, title, seat, opponent, game.phase == "over", result, ended)
        )
        if result and opponent:
            meetings[opponent].append(result)
    h2h = tuple(
        HeadToHead(o, r.count("won"), r.count("lost"), r.count("drawn"))
        for o, r in sorted(meetings.items(), key=lambda item: item[0].lower())
    )
    standings = []
    history = []
    for key, title in ladder.GAME_NAMES.items():
        for player in sorted(who):
            found = ladder.rating_of(store, key, player)
            if found is not None:
                standings.append((title, found))
                history.append((title, rating_history(store, key, player)))
    return Profile(name, tuple(standings), tuple(games), h2h, tuple(history))


def rating_history(store: Store, key: str, player: str) -> tuple[RatingPoint, ...]:
    """The player's rating after each rated game of one game, oldest first (a match's games
    one by one), with where it began."""
    rows = store.connection.execute(
        "SELECT r.before_mu, r.before_sigma, r.after_mu, r.after_sigma, g.ended_at FROM "
        "rating_changes r JOIN games g ON g.id = r.game_id WHERE r.player = ? AND "
        "r.game_key = ? ORDER BY g.ended_at, r.game_id, r.number",
        (player, key),
    ).fetchall()
    points: list[RatingPoint] = []
    for row in rows:
        ended = from_text(row["ended_at"])
        when = "" if ended is None else ended.date().isoformat()
        if not points:
            points.append(RatingPoint("", float(row["before_mu"]), float(row["before_sigma"])))
        points.append(RatingPoint(when, float(row["after_mu"]), float(row["after_sigma"])))
    return tuple(points)
