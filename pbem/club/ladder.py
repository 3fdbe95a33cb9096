"""The club ladder in the store: which games are rated, each player's rating per game, and a
rated game's end, rated in the same transaction as the end itself.

A player is their address (`ann@example.org`, `discord:123`) unless they linked a mail address
with a Discord member (pbem.club.links): then both are one player. The computer has a fixed rating
per level, measured by bench/ladder.py (docs/readings.md, "The ladder").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from pbem import registry
from pbem.club.ratings import MIN_GAMES, MIN_OPPONENTS, Rating, Score, rate
from pbem.registry import GameKind  # a pbem.kinds.gamekinds.GameKind, typed loosely (no circle)
from pbem.steps.computers import COMPUTER_ADDRESS
from pbem.storage.store import GameRow, PlayerRow, Store, to_text

PROVISIONAL_WHY = f"fewer than {MIN_GAMES} rated games or {MIN_OPPONENTS} opponents"

V = TypeVar("V")


class _ByGame(Mapping[str, V]):
    """Each registered game's key and one thing of its kind, read from the registry when first
    asked (never at import: the games import this module)."""

    def __init__(self, read: Callable[[GameKind], V]) -> None:
        self._read = read

    def _all(self) -> dict[str, V]:
        return {kind.name: self._read(kind) for kind in laddered()}

    def __getitem__(self, key: str) -> V:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(laddered())


def laddered() -> tuple[GameKind, ...]:
    """The games with a ladder (a kind that scores its games), in the registry's order."""
    return tuple(kind for kind in registry.kinds() if kind.about.score is not None)


# Each game's ladder is named by its title; each computer level has the fixed rating its game's
# kind gives it (as `python bench/ladder.py levels` measured them;
# docs/readings.md).
GAME_NAMES: Mapping[str, str] = _ByGame(lambda kind: kind.about.title)
COMPUTER_RATINGS: Mapping[str, Mapping[str, Rating]] = _ByGame(
    lambda kind: kind.about.computer_ratings
)


def game_key(game: GameRow) -> str:
    """Which game's ladder a game counts on."""
    return registry.kind_of(game).name


def game_named(word: str | None) -> str | None:
    """`ladder battles`: the game key a player wrote, or None when the word names no game
    (no word: the first game's)."""
    if word is None or not word.strip():
        return laddered()[0].name
    wanted = "-".join(word.lower().split())
    return next((kind.name for kind in laddered() if wanted in kind.about.words), None)


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the ladder: the player, the name last played under, the rating, results."""

    player: str
    name: str
    rating: Rating
    wins: int
    losses: int
    draws: int
    opponents: int = 0  # different opponents in rated games (the computer is one)

    def results(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"

    @property
    def listed(self) -> bool:
        """Whether the ladder lists the player: MIN_GAMES rated games against MIN_OPPONENTS
        different opponents or more (a rating made against one opponent alone is not shown)."""
        return self.rating.listed and self.opponents >= MIN_OPPONENTS

    def provisional(self) -> str:
        """How far a player not listed yet is from being listed, as the ladder marks them."""
        return (
            f"provisional ({self.rating.games} of {MIN_GAMES} games, "
            f"{self.opponents} of {MIN_OPPONENTS} opponents)"
        )


# -- which games are rated -----------------------------------------------------------------
def set_rated(store: Store, game_id: int, rated: bool, computer: Rating | None = None) -> None:
    """Record a game's setting at create: rated or casual, and the computer's fixed rating."""
    store.connection.execute(
        "INSERT INTO ladder_games (game_id, rated, computer_rating) VALUES (?, ?, ?) "
        "ON CONFLICT (game_id) DO UPDATE SET rated = excluded.rated, "
        "computer_rating = excluded.computer_rating",
        (game_id, int(rated), None if computer is None else computer.mu),
    )


def settle_at_create(
    store: Store, game: GameRow, settings: dict[str, str], level: str | None
) -> str:
    """Record whether a new game is rated, as its creator chose: rated by default between
    people, casual by default against the computer (rated only when asked: `rated`); the
    line the creator reads about it."""
    asked = settings.get("rated")
    rated = asked == "yes" if level is not None else asked != "no"
    computer = computer_rating(game, level) if level is not None else None
    set_rated(store, game.id, rated, computer)
    name = GAME_NAMES[game_key(game)]
    if not rated:
        return f"It is casual: the result does not count on the {name} ladder."
    if computer is not None:
        return (
            f"It is rated for you: the result counts on the {name} ladder against the "
            f"computer's fixed rating for {level}, {round(computer.mu)}."
        )
    return f"It is rated: the result counts on the {name} ladder (`casual` at create if not)."


def copy_setting(store: Store, game_id: int, new_id: int) -> None:
    """A rematch is rated or casual as its game was (pbem.club.rematch)."""
    store.connection.execute(
        "INSERT INTO ladder_games (game_id, rated, computer_rating) "
        "SELECT ?, rated, computer_rating FROM ladder_games WHERE game_id = ?",
        (new_id, game_id),
    )


def is_rated(store: Store, game_id: int) -> bool:
    return _setting(store, game_id)[0]


def _setting(store: Store, game_id: int) -> tuple[bool, float | None]:
    """Whether a game is rated, and the computer's rating as it was when the game was made
    (a later measurement does not change a game already under way)."""
    row = store.connection.execute(
        "SELECT rated, computer_rating FROM ladder_games WHERE game_id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return False, None  # a game from before the ladder: casual
    fixed = row["computer_rating"]
    return bool(row["rated"]), None if fixed is None else float(fixed)


def computer_rating(game: GameRow, level: str) -> Rating:
    return COMPUTER_RATINGS[game_key(game)].get(level, Rating())


# -- identities ----------------------------------------------------------------------------
def identity(store: Store, address: str) -> str:
    """The player an address is on the ladder: itself, or what it was linked to."""
    row = store.connection.execute(
        "SELECT identity FROM identity_links WHERE address = ?", (address,)
    ).fetchone()
    return address if row is None else str(row[0])


# -- ratings -------------------------------------------------------------------------------
# A rating's row and how many different opponents its player met in rated games (a game
# against the computer keeps no row for the computer: it counts as one opponent).
_STANDING = (
    "SELECT r.player, r.name, r.mu, r.sigma, r.games, r.wins, r.losses, r.draws, "
    "(SELECT COUNT(DISTINCT COALESCE(o.player, '')) FROM rating_changes m "
    "LEFT JOIN rating_changes o ON o.game_id = m.game_id AND o.number = m.number "
    "AND o.seat <> m.seat WHERE m.player = r.player AND m.game_key = r.game_key) AS opponents "
    "FROM ratings r"
)


def rating_of(store: Store, key: str, player: str) -> Standing | None:
    row = store.connection.execute(
        f"{_STANDING} WHERE r.game_key = ? AND r.player = ?", (key, player)
    ).fetchone()
    return None if row is None else _standing(row)


def _standing(row: Any) -> Standing:
    return Standing(
        row["player"],
        row["name"],
        Rating(float(row["mu"]), float(row["sigma"]), int(row["games"])),
        int(row["wins"]),
        int(row["losses"]),
        int(row["draws"]),
        int(row["opponents"]),
    )


def standings(store: Store, key: str, players: set[str] | None = None) -> list[Standing]:
    """Everyone rated in a game, best first; `players` narrows it (a Discord server's
    members). Not yet listed players (Standing.listed) are included: callers choose."""
    rows = store.connection.execute(
        f"{_STANDING} WHERE r.game_key = ? ORDER BY r.mu DESC, r.player", (key,)
    ).fetchall()
    found = [_standing(row) for row in rows]
    return [s for s in found if players is None or s.player in players]


def server_players(store: Store, guild_id: int, key: str) -> set[str]:
    """The players of rated games played in a Discord server's threads (its ladder)."""
    rows = store.connection.execute(
        "SELECT DISTINCT r.player FROM rating_changes r JOIN discord_games d "
        "ON d.game_id = r.game_id WHERE d.guild_id = ? AND r.game_key = ?",
        (guild_id, key),
    ).fetchall()
    return {identity(store, str(row[0])) for row in rows}


def _save(store: Store, key: str, standing: Standing, now: datetime) -> None:
    r = standing.rating
    store.connection.execute(
        "INSERT INTO ratings (game_key, player, name, mu, sigma, games, wins, losses, draws, "
        "updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (game_key, player) DO UPDATE SET name = excluded.name, mu = excluded.mu, "
        "sigma = excluded.sigma, games = excluded.games, wins = excluded.wins, "
        "losses = excluded.losses, draws = excluded.draws, updated_at = excluded.updated_at",
        (
            key,
            standing.player,
            standing.name,
            r.mu,
            r.sigma,
            r.games,
            standing.wins,
            standing.losses,
            standing.draws,
            to_text(now),
        ),
    )


NOT_PLAYED = "Not rated: it ended before its first turn was resolved."
SELF_PLAY = (
    "Not rated: both seats are one ladder player (the same address, or addresses linked to "
    "one Discord member)."
)
# The brake on two players farming a rating from each other (issue 32, item 3): of the games
# one pair begins within PAIR_WINDOW, PAIR_GAMES are rated; the next count for nobody.
PAIR_GAMES = 3
PAIR_WINDOW = timedelta(days=7)


def pair_games(store: Store, key: str, one: str, other: str, since: datetime) -> int:
    """The rated games between two ladder players begun since then (each game of a match)."""
    row = store.connection.execute(
        "SELECT COUNT(*) FROM rating_changes a JOIN rating_changes b ON b.game_id = a.game_id "
        "AND b.number = a.number AND b.seat <> a.seat JOIN games g ON g.id = a.game_id "
        "WHERE a.game_key = ? AND a.player = ? AND b.player = ? AND g.created_at >= ?",
        (key, one, other, to_text(since)),
    ).fetchone()
    return int(row[0])


def score_of(outcome: dict[str, Any]) -> Score | None:
    """Seat A's score as the rules scored the game (a resignation and a missed deadline
    included), or None for a game without a result (cancelled)."""
    if outcome.get("cancelled"):
        return None
    winner = outcome.get("winner")
    if winner == "A":
        return 1.0
    if winner == "B":
        return 0.0
    if winner == "draw":
        return 0.5
    return None


def rate_game(
    store: Store,
    game: GameRow,
    players: dict[str, PlayerRow],
    score: Score | None,
    now: datetime,
    number: int = 1,
    *,
    played: bool,
) -> str:
    """Rate a game that has just ended, if it is rated: both players' new ratings stored, and
    the line the game-over message tells ("Ratings (Spaceships): Ann 1523 -> 1541, ...").
    A computer seat keeps its level's fixed rating; only the human's changes. Empty when the
    game is casual or has no result. `played`: whether any turn was resolved; a rated game
    that ended before its first one counts for nobody (NOT_PLAYED), or two friends could
    farm a rating by create, join and resign; so does one whose seats are one ladder player
    (SELF_PLAY), read now, at the end, so a link made during the game counts; and a pair's
    games beyond PAIR_GAMES begun within PAIR_WINDOW (`refused_for_pair`)."""
    rated, fixed_at_create = _setting(store, game.id)
    if score is None or set(players) != {"A", "B"} or not rated:
        return ""
    if not played:
        return NOT_PLAYED
    key = game_key(game)
    computers = store.computers(game.id)
    humans = [
        identity(store, p.address)
        for seat, p in sorted(players.items())
        if seat not in computers and p.address != COMPUTER_ADDRESS
    ]
    if len(humans) == 2 and humans[0] == humans[1]:
        return SELF_PLAY
    if len(humans) == 2:
        refused = refused_for_pair(store, key, game, humans[0], humans[1])
        if refused:
            return refused
    before: dict[str, Standing] = {}
    for seat, player in players.items():
        if seat in computers or player.address == COMPUTER_ADDRESS:
            level = computers.get(seat, ("", ""))[0]
            fixed = computer_rating(game, level)
            if fixed_at_create is not None:
                fixed = Rating(fixed_at_create, fixed.sigma)
            before[seat] = Standing(COMPUTER_ADDRESS, player.name, fixed, 0, 0, 0)
            continue
        who = identity(store, player.address)
        known = rating_of(store, key, who)
        before[seat] = known or Standing(who, player.name, Rating(), 0, 0, 0)
    new_a, new_b = rate(before["A"].rating, before["B"].rating, score)
    after = {"A": new_a, "B": new_b}
    seat_score = {"A": score, "B": 1.0 - score}
    told = []
    for seat in ("A", "B"):
        old = before[seat]
        if old.player == COMPUTER_ADDRESS:
            told.append(f"{players[seat].name} {old.rating} (the computer's level, fixed)")
            continue
        won = seat_score[seat]
        new = Standing(
            old.player,
            players[seat].name,
            after[seat],
            old.wins + (won == 1.0),
            old.losses + (won == 0.0),
            old.draws + (won == 0.5),
        )
        _save(store, key, new, now)
        store.connection.execute(
            "INSERT INTO rating_changes (game_id, number, seat, player, game_key, before_mu, "
            "before_sigma, after_mu, after_sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game.id,
                number,
                seat,
                old.player,
                key,
                old.rating.mu,
                old.rating.sigma,
                new.rating.mu,
                new.rating.sigma,
            ),
        )
        told.append(f"{players[seat].name} {old.rating} -> {new.rating}")
    return f"Ratings ({GAME_NAMES[key]}): " + ", ".join(told) + "."


def refused_for_pair(store: Store, key: str, game: GameRow, one: str, other: str) -> str:
    """Why a game between two players is not rated for the pair brake, or ""."""
    since = game.created_at - PAIR_WINDOW
    count = pair_games(store, key, one, other, since)
    if count < PAIR_GAMES:
        return ""
    return (
        f"Not rated: the two players have {count} rated games begun in the last "
        f"{PAIR_WINDOW.days} days, as many as one pair's count; games against other players "
        "count as usual."
    )


def ladder_text(store: Store, key: str, me: str | None, top: int = 10) -> str:
    """The ladder as a player reads it by mail: the top players and the reader's own place."""
    everyone = standings(store, key)
    listed = [s for s in everyone if s.listed]
    # Everyone else rated, below the listed players and marked: a new club sees its players
    # from their first rated game on, not "nobody yet" for weeks.
    provisional = [s for s in everyone if not s.listed]
    title = f"The {GAME_NAMES[key]} ladder"
    lines = [
        f"{title} (players with {MIN_GAMES} or more rated games against {MIN_OPPONENTS} or "
        "more opponents):"
    ]
    if not listed:
        lines.append("  nobody yet")
    for place, s in enumerate(listed[:top], 1):
        lines.append(f"  {place:>2}. {s.name:<24} {str(s.rating):>6}  {s.results()}")
    if provisional:
        lines.append(f"Provisional, not listed yet ({PROVISIONAL_WHY}):")
        for s in provisional[:top]:
            lines.append(f"      {s.name:<24} {str(s.rating):>6}  {s.results()}  {s.provisional()}")
    if me is not None:
        mine = next((s for s in everyone if s.player == me), None)
        lines.append("")
        if mine is None:
            lines.append(
                "You have no rated game yet: you start at 1500?. Games between people are "
                "rated unless created `casual`."
            )
        elif mine.listed:
            place = listed.index(mine) + 1
            lines.append(
                f"You are {place} of {len(listed)}: {mine.rating.long()}, "
                f"won-lost-drawn {mine.results()}."
            )
        else:
            lines.append(
                f"Your rating: {mine.rating.long()} after {mine.rating.games} rated "
                f"game(s) against {mine.opponents} opponent(s); the ladder lists you after "
                f"{MIN_GAMES} against {MIN_OPPONENTS} or more."
            )
    lines.append("(`?`: the rating is still unsure, after few games.)")
    return "\n".join(lines)
