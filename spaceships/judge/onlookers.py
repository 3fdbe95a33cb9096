"""What an onlooker may have of a game of Spaceships on asking (the club page): what `status`
and `history` say by mail to an observer, and the record a replay is made from: the whole
game once over [1.4.1], else the game so far for the onlookers' view alone."""

from __future__ import annotations

import spaceships.judge.matches as matches
import spaceships.judge.views as render
from notation.spaceships.format import format_record
from notation.spaceships.records import Record, TurnLine
from pbem.storage.store import GameRow, PlayerRow, Store
from spaceships.engine import GameState
from spaceships.judge.rows import ruleset_of


def public_texts(store: Store, game: GameRow, missing: list[str]) -> tuple[str, str]:
    """(status, history) as an observer gets them: the match's line ("game 1 of 2") with the
    status, and the games of a match already played, whole, before the history."""
    players = store.players(game.id)
    status = render.status_text(game, players, missing) + matches.status_lines(store, game)
    history = render.history_text(game, players, None)  # the observer's: no seat
    match = matches.match_of(store, game)
    kept = matches.kept_records(store, game.id) if match is not None else []
    if match is not None and kept:
        # The games of the match already played were revealed whole at their end [1.4.1].
        whole = matches.match_record_text(game, match.rules, players, kept)
        history = f"The games of the match played so far, whole:\n\n{whole}\n\n{history}"
    return status, history


def public_record(store: Store, game: GameRow) -> str | None:
    """The record an onlooker's replay is made from; None while there is none: before the
    first turn, and for a match in play (its games played so far are in its history)."""
    if game.state is None and game.phase != "over":
        return None
    players = store.players(game.id)
    state = GameState.from_json(game.state) if game.state is not None else None
    match = matches.match_of(store, game)
    if game.phase == "over":
        if match is not None:
            kept = matches.kept_records(store, game.id)
            return matches.match_record_text(game, match.rules, players, kept)
        return render.full_record_text(game, players, state, game.outcome or {})
    if match is not None or state is None:
        return None
    return _in_play_record(game, players, state)


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
    return format_record(record, ruleset_of(game).colour_order)
