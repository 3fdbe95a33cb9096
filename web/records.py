"""What the club page may show of one stored game, as observers see it [1.4]: the public board,
the history, and a replay (of every view once the game is over; the onlookers' view while it
is in play). Reads the store through pbem's public functions only; writes nothing."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from battles.judge import rows as battle_rows
from battles.judge import views as battle_views
from battles.pictures import battle_picture
from battles.play import play_record as play_battle
from battles.records import format_record as format_battle
from pbem import ladder
from pbem.gamekinds import GameKind, kind_of
from pbem.gamerows import names_of
from pbem.sights import Sight
from pbem.store import GameRow, PlayerRow, Store
from replay.frames import PUBLIC, ReplayError
from replay.games import replay_of_text
from replay.page import replay_html
from spaceships.engine import GameState, Ruleset, observer_view
from spaceships.judge import matches, render
from spaceships.notation.format import format_record
from spaceships.notation.records import Record, TurnLine
from spaceships.pictures.boards import observer_picture


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
    """Every public game, oldest first, in two plain reads."""
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
    return [
        GameLine(
            r["id"],
            r["name"],
            r["ruleset"],
            r["phase"],
            r["turn"],
            None if r["outcome"] is None else json.loads(r["outcome"]),
            r["ended_at"],
            tuple(seated.get(r["id"], ())),
        )
        for r in rows
    ]


@dataclass(frozen=True, slots=True)
class LadderLine:
    """One line of a game's ladder on the club page: a name as played under, never an address."""

    place: int
    name: str
    rating: str
    results: str


def ladder_lines(store: Store, top: int = 20) -> list[tuple[str, tuple[LadderLine, ...]]]:
    """Each game's ladder (its title and the listed players, best first), for the club page:
    the same standings `ladder` answers by mail, names only (pbem.ladder.standings)."""
    shown = []
    for key, title in ladder.GAME_NAMES.items():
        listed = [s for s in ladder.standings(store, key) if s.rating.listed][:top]
        lines = tuple(
            LadderLine(place, s.name, str(s.rating), s.results())
            for place, s in enumerate(listed, 1)
        )
        shown.append((title, lines))
    return shown


@dataclass(frozen=True)
class GamePage:
    """One game as the club page shows it."""

    game: GameRow
    players: dict[str, PlayerRow]
    kind: str  # "Spaceships" or "Spaceship Battles"
    status: str
    history: str


def is_battle(game: GameRow) -> bool:
    return battle_rows.is_battle(game)


def _own_record(game: GameRow) -> GameKind | None:
    """The game's kind when it brings its own public record and replay (Space Chess): the
    page then asks the kind alone."""
    kind = kind_of(game)
    return kind if kind.replay is not None else None


def game_page(store: Store, game: GameRow) -> GamePage:
    players = store.players(game.id)
    own = _own_record(game)
    if own is not None:
        # Open information: the record so far is what anyone sees; the board is its picture.
        seats = ", ".join(f"{p.name} ({s})" for s, p in sorted(players.items()))
        state = f"turn {game.turn} is in play" if game.phase == "playing" else game.phase
        status = f"{own.title} {game.name}: {own.rules_text(game)}; {seats or 'no players'}"
        status += f"; {state}."
        return GamePage(game, players, own.title, status, own.public_record(store, game) or "")
    kind = "Spaceship Battles" if is_battle(game) else "Spaceships"
    missing = kind_of(game).missing(store, game) if game.phase != "over" else []
    if is_battle(game):
        status = battle_views.status_text(game, players, missing)
        history = battle_views.history_text(game)
    else:
        # What `status` says by mail, the match's line ("game 1 of 2") with it.
        status = render.status_text(game, players, missing) + matches.status_lines(store, game)
        history = render.history_text(game, players, None)  # the observer's: no seat
        match = matches.match_of(store, game)
        kept = matches.kept_records(store, game.id) if match is not None else []
        if match is not None and kept:
            # The games of the match already played were revealed whole at their end [1.4.1].
            whole = matches.match_record_text(game, match.rules, players, kept)
            history = f"The games of the match played so far, whole:\n\n{whole}\n\n{history}"
    return GamePage(game, players, kind, status, history)


def board_png(store: Store, game: GameRow) -> bytes | None:
    """The public board now: both spaces as both players know them, or the battle's map."""
    own = _own_record(game)
    if own is not None:
        picture = own.picture(store, game, Sight("now"))
        return None if picture is None else picture.png
    if game.state is None:
        return None
    players = store.players(game.id)
    if is_battle(game):
        # The record's written dice only: the seed stays the judge's until the end (R13).
        ships = play_battle(battle_rows.record_of(game), open_turn=True).state.ships
        return battle_picture(f"{game.name}: the map", ships)
    state = GameState.from_json(game.state)
    return observer_picture(observer_view(state), names_of(players))


def _in_play_record(game: GameRow, players: dict[str, PlayerRow], state: GameState) -> str:
    """The game so far with both fleets, for the replay to draw the onlookers' view from
    (the page made from it holds that view alone)."""
    turns = [
        TurnLine(played.turn, seat, played.orders(seat).written)  # type: ignore[arg-type]
        for played in state.history
        for seat in ("A", "B")
    ]
    record = Record(
        tags=tuple(render.record_tags(game, players)),
        fleets={"A": state.a.fleet, "B": state.b.fleet},
        turns=tuple(turns),
    )
    return format_record(record, Ruleset.from_tags(game.ruleset, game.options).colour_order)


def no_replay_why(store: Store, game: GameRow) -> str:
    """Why a public game has no replay page (`replay_page` gave None), in one sentence."""
    if game.phase == "over":
        return f"Game {game.name} ended before a turn was played: there is nothing to replay."
    if not is_battle(game) and matches.match_of(store, game) is not None:
        return (
            f"{game.name} is a match in play: its replay comes when the match is over (the "
            "games played so far are in its history)."
        )
    return f"Game {game.name} has not begun: its replay comes once the first turn is played."


def replay_page(store: Store, game: GameRow) -> bytes | None:
    """The replay page an observer may have: a finished game's every view; a game in play, the
    onlookers' view alone. None when there is nothing to step through yet (or a match in
    play: its games are in its history)."""
    own = _own_record(game)
    if own is not None and own.replay is not None:
        text = own.public_record(store, game)
        if text is None or not game.turn > 1:
            return None
        views = None if game.phase == "over" else [PUBLIC]
        try:
            return replay_html(own.replay(text, views, f"{game.name}{own.record_suffix}"))
        except ReplayError:
            return None
    if game.state is None and game.phase != "over":
        return None
    players = store.players(game.id)
    try:
        if is_battle(game):
            if game.state is None:
                return None
            if game.phase == "over":
                text = format_battle(battle_rows.final_record(game, game.outcome or {})[0])
                return replay_html(replay_of_text(text, None, f"{game.name}.sbr"))
            text = format_battle(battle_rows.record_of(game))
            return replay_html(replay_of_text(text, [PUBLIC], f"{game.name}.sbr"))
        state = GameState.from_json(game.state) if game.state is not None else None
        match = matches.match_of(store, game)
        if game.phase == "over":
            if match is not None:
                kept = matches.kept_records(store, game.id)
                text = matches.match_record_text(game, match.rules, players, kept)
            else:
                text = render.full_record_text(game, players, state, game.outcome or {})
            return replay_html(replay_of_text(text, None, f"{game.name}.ssr"))
        if match is not None or state is None:
            return None
        text = _in_play_record(game, players, state)
        return replay_html(replay_of_text(text, [PUBLIC], f"{game.name}.ssr"))
    except ReplayError:
        return None
