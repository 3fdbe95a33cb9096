"""What the club page may show of one stored game, as observers see it [1.4]: the public board,
the history, and a replay (of every view once the game is over; the onlookers' view while it
is in play). Reads the store through pbem's public functions only; writes nothing."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from notation.words import seated
from pbem.club import ladder
from pbem.kinds.shown import Picture, Sight, kind_of, picture_for
from pbem.replay.frames import PUBLIC, ReplayError
from pbem.replay.games import replay_of_text
from pbem.replay.page import replay_html
from pbem.steps.listing import outcome_text
from pbem.storage.store import GameRow, PlayerRow, Store

log = logging.getLogger("web")

READER = "web:club-page"  # an onlooker of a public game: entitled to the public sight alone


@dataclass(frozen=True)
class GameLine:
    """One public game in the list: what the list shows, read without the game's state (the
    state is most of a row, and a list of a thousand games needs none of it)."""

    id: int
    name: str
    ruleset: str
    phase: str
    turn: int
    outcome: dict[str, Any] | None
    ended_at: str | None
    players: tuple[tuple[str, str], ...]  # (seat, name)


def game_lines(store: Store) -> list[GameLine]:
    """Every public game, oldest first, in two plain reads. A game whose stored outcome does
    not read as a JSON object (a row mended by hand, a disk's fault) is left out, with one log
    line, so one bad row never takes the list down."""
    rows = store.connection.execute(
        "SELECT id, name, ruleset, phase, turn, outcome, ended_at FROM games "
        "WHERE private = 0 ORDER BY id"
    ).fetchall()
    seated: dict[int, list[tuple[str, str]]] = {}
    for r in store.connection.execute(
        "SELECT players.game_id, players.seat, players.name FROM players "
        "JOIN games ON games.id = players.game_id WHERE games.private = 0 "
        "ORDER BY players.game_id, players.seat"
    ).fetchall():
        seated.setdefault(r["game_id"], []).append((r["seat"], r["name"]))
    lines = []
    for r in rows:
        try:
            outcome = None if r["outcome"] is None else json.loads(r["outcome"])
        except ValueError as exc:
            outcome = exc
        if outcome is not None and not isinstance(outcome, dict):
            log.warning("game %s left out of the list: its stored outcome is unreadable (%.80s)",
                        r["name"], str(outcome))  # fmt: skip
            continue
        lines.append(
            GameLine(
                r["id"],
                r["name"],
                r["ruleset"],
                r["phase"],
                r["turn"],
                outcome,
                r["ended_at"],
                tuple(seated.get(r["id"], ())),
            )  # fmt: skip
        )
    return lines


@dataclass(frozen=True, slots=True)
class LadderLine:
    """One line of a game's ladder on the club page: a name as played under, never an address;
    a provisional player (not listed yet) has no place and says how far from listed they are."""

    place: int  # 0: provisional
    name: str
    rating: str
    results: str
    provisional: str = ""


@dataclass(frozen=True, slots=True)
class Ladder:
    """A game's ladder on the club page: its key (its page's address), title and lines, the
    listed players best first, then the provisional ones (pbem.club.ladder.standings)."""

    key: str
    title: str
    lines: tuple[LadderLine, ...]


LISTING_RULE = (
    f"Listed: players with {ladder.MIN_GAMES} or more rated games against "
    f"{ladder.MIN_OPPONENTS} or more opponents. Below them, provisional players, not listed "
    f"yet ({ladder.PROVISIONAL_WHY})."
)


def ladder_lines(store: Store, top: int | None = 20) -> list[Ladder]:
    """Each game's ladder from its first rated game: the listed players, best first, then the
    provisional ones marked as such (`top` of each, None for all): the standings `ladder`
    answers by mail, names only."""
    shown = []
    for key, title in ladder.GAME_NAMES.items():
        everyone = ladder.standings(store, key)
        listed = [s for s in everyone if s.listed][:top]
        waiting = [s for s in everyone if not s.listed][:top]
        lines = [
            LadderLine(place, s.name, str(s.rating), s.results())
            for place, s in enumerate(listed, 1)
        ]
        lines += [
            LadderLine(0, s.name, str(s.rating), s.results(), s.provisional()) for s in waiting
        ]
        shown.append(Ladder(key, title, tuple(lines)))
    return shown


@dataclass(frozen=True)
class GamePage:
    """One game as the club page shows it."""

    game: GameRow
    players: dict[str, PlayerRow]
    kind: str  # the game's title, as its kind gives it
    board_words: str  # what its public board shows, in its kind's words
    status: str
    history: str


def game_page(store: Store, game: GameRow) -> GamePage:
    players = store.players(game.id)
    kind = kind_of(game)
    missing = kind.steps.missing(store, game) if game.phase != "over" else []
    if kind.records.public_texts is not None:
        status, history = kind.records.public_texts(store, game, missing)
    else:
        # A game of open information without words of its own (Space Chess): its settings,
        # seats and turn, and the record so far, which anyone may see.
        seats = ", ".join(seated(p.name, kind.about.side(s)) for s, p in sorted(players.items()))
        rules = kind.about.rules_text(game)
        status = f"{kind.about.title} {game.name}: {rules}; {seats or 'no players'}"
        if game.phase == "over" and game.outcome is not None:
            status += f".\n{outcome_text(game.outcome, players, kind.about.side)}"
        else:
            state = f"turn {game.turn} is in play" if game.phase == "playing" else game.phase
            status += f"; {state}."
        history = kind.records.public_record(store, game) or ""
    title = kind.about.title or kind.name
    words = kind.records.board_words
    if game.phase == "over" and kind.records.end_board_words:
        words = kind.records.end_board_words  # the board drawn is the end's (_public_picture)
    return GamePage(game, players, title, words, status, history)


def _public_picture(store: Store, game: GameRow) -> Picture | None:
    """The public board: now, as `/spaceships board` draws it (both spaces as both players
    know them, a battle's map from its written dice: the seed stays the judge's, R13); once
    the game is over, its end as everyone may see it then (hidden ships revealed [1.4.1]),
    where the game draws one."""
    if game.state is None:
        return None
    if game.phase == "over":
        ended = picture_for(store, game, Sight("end"), READER)
        if ended is not None:
            return ended
    return picture_for(store, game, Sight("now"), READER)


def board_png(store: Store, game: GameRow) -> bytes | None:
    """The public board as PNG (`_public_picture`)."""
    picture = _public_picture(store, game)
    return None if picture is None else picture.png


def board_svg(store: Store, game: GameRow) -> bytes | None:
    """The same public board as SVG, where the game draws one (sharp at any width); None for
    a game whose board is a PNG only."""
    picture = _public_picture(store, game)
    return None if picture is None or picture.svg is None else picture.svg.encode("utf-8")


def no_replay_why(store: Store, game: GameRow) -> str:
    """Why a public game has no replay page (`replay_page` gave None), in one sentence."""
    if game.phase == "over":
        return f"Game {game.name} ended before a turn was played: there is nothing to replay."
    if game.state is not None:  # begun, and no record for onlookers yet: a match in play
        return (
            f"{game.name} is a match in play: its replay comes when the match is over (the "
            "games played so far are in its history)."
        )
    return f"Game {game.name} has not begun: its replay comes once the first turn is played."


@dataclass(frozen=True, slots=True)
class ReplaySource:
    """What a replay page is made from, read from the store at once: the record an observer
    may have and the views it may show. Making the page from it needs no store (`page`), so
    the club page makes it off the thread that reads the store."""

    text: str
    views: Sequence[str] | None  # None: every view (a finished game)
    path: str

    def page(self) -> bytes | None:
        """The page (seconds for a long game); None when the record makes no replay."""
        try:
            return replay_html(replay_of_text(self.text, self.views, self.path))
        except ReplayError:
            return None


def replay_source(store: Store, game: GameRow) -> ReplaySource | None:
    """The replay an observer may have: a finished game's every view; a game in play, the
    onlookers' view alone. None when there is nothing to step through yet (or a match in
    play: its games are in its history)."""
    kind = kind_of(game)
    text = kind.records.public_record(store, game)
    if text is None:
        return None
    views = None if game.phase == "over" else [PUBLIC]
    return ReplaySource(text, views, f"{game.name}{kind.records.record_suffix}")


def replay_page(store: Store, game: GameRow) -> bytes | None:
    """The replay page of `replay_source`, made at once."""
    source = replay_source(store, game)
    return None if source is None else source.page()
