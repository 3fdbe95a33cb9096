"""A match between its games [9, 10]: the standings when a game ends, the end by agreement,
and the next game opening by itself.

Like spaceships.judge.games, every function runs inside the judge's transaction and returns the
messages the change causes.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

import spaceships.judge.matches as matches
from notation.words import seated
from pbem.messages import Outbound
from pbem.steps import sending
from pbem.steps.end_files import end_attachments
from pbem.steps.gamerows import SEATS, deadline_line, names_of, open_phase, other, subject
from pbem.storage.store import GameRow, Store
from spaceships.engine import GameState
from spaceships.engine.match import GameOutcome, match_over, match_winner
from spaceships.judge.computer import put_in_computer_fleets
from spaceships.judge.replay import replay_record
from spaceships.judge.rows import ruleset_of


def match_outcome(
    store: Store,
    match: matches.Match,
    outcome: dict[str, Any],
    state: GameState | None,
    names: dict[str, str],
    record_text: str,
) -> tuple[dict[str, Any], str, bool]:
    """A game of a match has ended: keep it, and say the standings and whether the match goes
    on. A game ended by the rules may end the match [9.3.1, 10.6.1]; a resignation or the game
    master's cancel ends it with that game (docs/readings.md)."""
    finished = GameOutcome.of(state) if state is not None and state.over else None
    if finished is None and outcome.get("resigned") in SEATS:
        finished = GameOutcome.by_resignation(outcome["resigned"], state)
    matches.keep_game(store, match, record_text, finished)
    standings = match.standings(finished)
    if finished is None:
        goes_on = False
        winner = outcome.get("winner") if outcome.get("winner") in SEATS else None
    else:
        done = [*match.outcomes, finished]
        goes_on = not match_over(match.rules, done, matches.agreed_to_end(match.agreed))
        winner = None if goes_on else match_winner(match.rules, done)
    said = [matches.standings_text(match, names, finished)]
    if goes_on:
        said.append(f"The match goes on: game {match.number + 1} opens (see the next message).")
    elif winner in SEATS:
        said.append(f"The match is over: {seated(names[winner], winner)} wins the match.")
    elif winner == "draw":
        said.append("The match is over: it is a draw [9.5].")
    else:
        said.append("The match is over, without a result.")
    outcome = {
        **outcome,
        "match": {
            "game": match.number,
            "standings": standings.to_json(),
            "over": not goes_on,
            "winner": winner,
        },
    }
    return outcome, "\n".join(said), goes_on


def end_match_now(
    store: Store, game: GameRow, now: datetime, match: matches.Match
) -> tuple[GameRow, list[Outbound]]:
    """The players (or the game master) agreed to end the match between two games, when a
    game has just ended [9.3.1, 10.6.1]: the match is over with the games played."""
    players = store.players(game.id)
    names = names_of(players)
    winner = match_winner(match.rules, match.outcomes)
    standings = match.standings()
    outcome = {
        "winner": None,
        "reason": f"the match ended by agreement after game {len(match.outcomes)}",
        "turn": None,
        "score": None,
        "match": {
            "game": len(match.outcomes),
            "standings": standings.to_json(),
            "over": True,
            "winner": winner,
        },
    }
    game = replace(game, phase="over", outcome=outcome, ended_at=now, deadline=None)
    store.update_game(game)
    record = matches.match_record_text(
        game, match.rules, players, matches.kept_records(store, game.id)
    )
    attachments = end_attachments(record, f"{game.name}.ssr", replay_record)
    result = (
        "a draw [9.5]" if winner == "draw" else f"{seated(names[winner], winner)} wins the match"
    )
    body = "\n".join(
        [
            f"Match {game.name} is over by agreement after game {len(match.outcomes)} [9.3]; "
            f"game {match.number} is not played.",
            f"Standings {standings.describe(names)}: {result}.",
            "The whole match record is attached.",
        ]
    )
    recipients = [players[s].address for s in SEATS if s in players]
    recipients += store.observers(game.id)
    return game, [
        Outbound((a,), subject(game, "the match is over"), body, game.name, attachments=attachments)
        for a in recipients
    ]


def open_next_game(
    store: Store, game: GameRow, now: datetime, match: matches.Match
) -> tuple[GameRow, list[Outbound]]:
    """The next game of the match opens by itself: each player is told the standings, what
    they carried and exactly what they may build [10.3], and sends a fleet."""
    matches.next_game(store, match)
    store.clear_play(game.id)
    for seat in SEATS:
        store.set_fleet(game.id, seat, None)
    game = replace(game, phase="setup", turn=0, state=None, outcome=None, ended_at=None)
    game = open_phase(game, now)
    store.update_game(game)
    following = matches.match_of(store, game)
    assert following is not None
    carried = {seat: following.carried(seat) for seat in SEATS}
    computers = put_in_computer_fleets(store, game, carried, following.number)
    players = store.players(game.id)
    names = names_of(players)
    ruleset = ruleset_of(game)
    head = f"Game {following.number} of match {game.name} opens ({following.rules.describe()})."
    standings = "Standings " + following.standings().describe(names) + "."
    messages = []
    for seat in SEATS:
        body = "\n".join(
            [
                head,
                standings,
                "",
                (
                    "A scored match has no additional ships: your fleet is the usual one [9.2]."
                    if following.rules.kind == "scored"
                    else matches.building_text(carried[seat], ruleset)
                ),
                *(["The computer's fleet is in [10.4]."] if other(seat) in computers else []),
                *sending.fleet_how(
                    game,
                    "fleet DS ...; KC ...; ...",
                    "identities number all ships of a type together (MD1, MD2)",
                    random=False,
                ),
                deadline_line(game),
            ]
        )
        messages.append(
            Outbound(
                (players[seat].address,),
                subject(game, f"game {following.number}: send your fleet"),
                body,
                game.name,
                kind="next",
            )
        )
    for address in store.observers(game.id):
        body = f"{head}\n{standings}\nThe players are sending their fleets.\n{deadline_line(game)}"
        opens = subject(game, f"game {following.number} opens")
        messages.append(Outbound((address,), opens, body, game.name, kind="next"))
    return game, messages
