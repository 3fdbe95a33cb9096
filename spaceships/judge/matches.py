"""A match in the judge [9, 10]: its settings at `create`, its finished games (each kept whole,
as its record), the standings, what each player carries and may build, the whole match record.

A match is one game row played several times: when a game ends and the match goes on, that
game's record and outcome are kept here and the row opens the next game (spaceships.judge.games).
Its two tables, match_settings and match_games, are a step of pbem.storage.migrations.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from notation.spaceships.fleets import Fleet
from notation.spaceships.matches import MatchRecord, Round, format_match, parse_match
from notation.spaceships.parse import parse_record
from notation.spaceships.records import Record
from notation.words import seated
from pbem.storage.store import GameRow, PlayerRow, Store
from spaceships.engine import GameState
from spaceships.engine.match import (
    GameOutcome,
    MatchEnd,
    MatchError,
    MatchRules,
    Standings,
    carried,
)
from spaceships.engine.match_game import play_match
from spaceships.engine.matches import additional_ships, may_build
from spaceships.engine.rulesets import Ruleset

# `create` words that set up a match rather than the ruleset (docs/commands.md).
MATCH_WORDS = ("match", "games", "score", "wins", "end", "victory")
# With `match=...` but no end, a match is played over three games.
DEFAULT_END = MatchEnd("games", 3)


@dataclass(frozen=True, slots=True)
class Match:
    """A match's settings and where it stands: the number of the game being played, its
    finished games' outcomes, and who has asked to end it after this game."""

    game_id: int
    rules: MatchRules
    number: int
    outcomes: tuple[GameOutcome, ...]
    agreed: str  # seats (and "M" for the game master) that asked to end after this game

    def standings(self, with_game: GameOutcome | None = None) -> Standings:
        return Standings.after([*self.outcomes, *([with_game] if with_game else [])])

    def carried(self, seat: str) -> int:
        """What the player's additional ships cost in the game being played [10.3]."""
        return carried(self.rules, self.outcomes)[seat]

    def of_games(self) -> str:
        end = self.rules.end
        return f"game {self.number}" + (f" of {end.number}" if end.kind == "games" else "")


def split_settings(options: Sequence[str]) -> tuple[MatchRules | None, tuple[str, ...]]:
    """`match=continued games=3 victory=wins fleet=cost:24` -> the match rules (None when no
    match word is given) and the options left for the ruleset. Raises MatchError."""
    found: dict[str, str] = {}
    rest: list[str] = []
    for word in options:
        key, eq, value = word.partition("=")
        if eq and key.lower() in MATCH_WORDS:
            found[key.lower()] = value
        else:
            rest.append(word)
    if not found:
        return None, tuple(rest)
    ends = [f"{k}={found[k]}" for k in ("games", "score", "wins", "end") if k in found]
    if len(ends) > 1:
        raise MatchError(
            f"a match has one end, not {' and '.join(ends)}",
            " ".join(ends),
            ("games=N", "score=N", "wins=N", "end=agreed"),
            "9.3",
        )
    end = _match_end(ends[0]) if ends else DEFAULT_END
    rules = MatchRules(found.get("match", "scored").lower(), end, found.get("victory", "score"))
    return rules, tuple(rest)


def _match_end(word: str) -> MatchEnd:
    """A match end as `create` takes it (`games=3`, `end=agreed`) [9.3]."""
    key, _, value = word.partition("=")
    try:
        return MatchEnd.parse(value if key.lower() == "end" else word)
    except MatchError:
        raise MatchError(
            f"`{word}` is not a match end",
            word,
            ("games=N", "score=N", "wins=N", "end=agreed"),
            "9.3",
        ) from None


def check_build(rules: MatchRules | None, ruleset: Ruleset) -> str | None:
    """Why a build table does not fit the game, or None [10.5; seed 004 6.3]."""
    if ruleset.build_table is None:
        return None
    if rules is None or not rules.continued:
        return (
            f"the build table {ruleset.build_table} is for a continued match [10.5]: add "
            "match=continued"
        )
    if ruleset.classic:
        return "the build tables name 2.6.1 ships (gunboats, patrol cruisers) [seed 004 6.3]"
    return None


# -- storage ----------------------------------------------------------------------------------
def create_match(store: Store, game_id: int, rules: MatchRules) -> None:
    store.connection.execute(
        "INSERT INTO match_settings (game_id, kind, end_rule, victory) VALUES (?, ?, ?, ?)",
        (game_id, rules.kind, str(rules.end), rules.victory),
    )


def match_of(store: Store, game: GameRow) -> Match | None:
    """The match a game row plays, or None for a single game."""
    row = store.connection.execute(
        "SELECT * FROM match_settings WHERE game_id = ?", (game.id,)
    ).fetchone()
    if row is None:
        return None
    rules = MatchRules(row["kind"], MatchEnd.parse(row["end_rule"]), row["victory"])
    # A game ended by a resignation or a cancel has no outcome by the rules (stored as null).
    kept = store.connection.execute(
        "SELECT outcome FROM match_games WHERE game_id = ? ORDER BY number", (game.id,)
    )
    outcomes = tuple(
        GameOutcome.from_json(data)
        for data in (json.loads(r["outcome"]) for r in kept)
        if data is not None
    )
    return Match(game.id, rules, row["game_number"], outcomes, row["agreed"])


def keep_game(store: Store, match: Match, record: str, outcome: GameOutcome | None) -> None:
    """A finished game of the match, kept whole; the row goes on to the next game."""
    store.connection.execute(
        "INSERT INTO match_games (game_id, number, record, outcome) VALUES (?, ?, ?, ?)",
        (
            match.game_id,
            match.number,
            record,
            json.dumps(outcome.to_json() if outcome else None),
        ),
    )


def next_game(store: Store, match: Match) -> None:
    store.connection.execute(
        "UPDATE match_settings SET game_number = ?, agreed = '' WHERE game_id = ?",
        (match.number + 1, match.game_id),
    )


def ask_to_end(store: Store, match: Match, who: str) -> str:
    """Record that a player (or "M", the game master) wants the match to end after this game;
    returns everyone who has asked."""
    asked = "".join(sorted(set(match.agreed + who)))
    store.connection.execute(
        "UPDATE match_settings SET agreed = ? WHERE game_id = ?", (asked, match.game_id)
    )
    return asked


def agreed_to_end(asked: str) -> bool:
    """Both players, or the game master, asked to end the match [9.3, 10.6]."""
    return "M" in asked or ("A" in asked and "B" in asked)


def kept_records(store: Store, game_id: int) -> list[str]:
    return [
        r["record"]
        for r in store.connection.execute(
            "SELECT record FROM match_games WHERE game_id = ? ORDER BY number", (game_id,)
        )
    ]


def game_end_state(store: Store, game: GameRow, number: int) -> GameState | None:
    """How game `number` of the match ended, replayed from the kept records with what each
    player carried [10.3]: what its reveal draws [1.4.1] after the row has gone on to the
    next game. None when that game was not kept or ended before both fleets were in."""
    match = match_of(store, game)
    records = kept_records(store, game.id)[:number]
    if match is None or number < 1 or len(records) < number:
        return None
    text = match_record_text(game, match.rules, store.players(game.id), records)
    try:
        played = play_match(parse_match(text))
    except ValueError:  # kept by the judge itself, so never expected; then no picture
        return None
    return played.games[number - 1].state


def game_state_after(store: Store, game: GameRow, number: int, turn: int) -> GameState | None:
    """Game `number` of the match right after its turn `turn` (0: as it began), replayed from
    the kept record of that game, for a post of a game the row has gone on from; None when
    that game was not kept or has no such turn."""
    match = match_of(store, game)
    records = kept_records(store, game.id)[:number]
    if match is None or number < 1 or len(records) < number or turn < 0:
        return None
    parsed = parse_match(match_record_text(game, match.rules, store.players(game.id), records))
    last = parsed.rounds[-1]
    turns = tuple(t for t in last.record.turns if t.turn <= turn)
    cut = Round(last.number, replace(last.record, turns=turns, results=()))
    try:
        played = play_match(replace(parsed, rounds=(*parsed.rounds[:-1], cut)))
    except ValueError:  # kept by the judge itself, so never expected; then no picture
        return None
    state = played.games[number - 1].state if len(played.games) >= number else None
    return state if state is not None and state.turn == turn + 1 else None


def game_of_message(store: Store, game: GameRow, attachments: Sequence[str]) -> int | None:
    """Which game of the match a message the judge makes now belongs to (None: no match):
    the game its attached record names (`NAME-game1.ssr`, a game-over message once the match
    has gone on), else the game being played."""
    match = match_of(store, game)
    if match is None:
        return None
    for name in attachments:
        numbered = re.search(r"-game(\d+)\.ssr$", name)
        if numbered:
            return int(numbered[1])
    return match.number


# -- texts ------------------------------------------------------------------------------------
def match_tags(
    game: GameRow, rules: MatchRules, players: dict[str, PlayerRow]
) -> list[tuple[str, str]]:
    """The match's tags (record-format.md, "A match")."""
    tags = [("Game", game.name), ("Match", rules.kind), ("MatchEnd", str(rules.end))]
    if rules.victory != "score":
        tags.append(("Victory", rules.victory))
    options = [o for o in game.options if not o.startswith("build=")]
    build = [o[6:] for o in game.options if o.startswith("build=")]
    if build:
        tags.append(("Build", build[0]))
    tags.append(("Ruleset", game.ruleset))
    if options:
        tags.append(("Options", " ".join(options)))
    tags.append(("Date", game.created_at.date().isoformat()))
    tags += [(seat, players[seat].name) for seat in ("A", "B") if seat in players]
    return tags


def match_record_text(
    game: GameRow, rules: MatchRules, players: dict[str, PlayerRow], records: list[str]
) -> str:
    """The whole match as one record: its tags, then each game under its Round tag."""
    head = match_tags(game, rules, players)
    rounds = []
    for number, text in enumerate(records, start=1):
        record = parse_record(text)
        # The game's own tags are the match's; only its end (Termination) is its own.
        own = [(k, v) for k, v in record.tags if k == "Termination"]
        tags = (*head, ("Round", str(number)), *own)
        rounds.append(Round(number, Record(tags, record.fleets, record.turns, record.results)))
    return format_match(MatchRecord(tuple(head), tuple(rounds), Record(tuple(head))))


def standings_text(match: Match, names: dict[str, str], with_game: GameOutcome | None) -> str:
    return "Standings " + match.standings(with_game).describe(names) + "."


def additional_text(fleet: Fleet, carry: int, ruleset: Ruleset) -> str:
    """The additional ships of an accepted fleet, as the judge understood them [10.2, 10.3]."""
    built = additional_ships([p.ship.type for p in fleet.ships], carry, ruleset) or ()
    return f"Additional ships: {' '.join(built) or 'none'} (from {carry} carried materiel [10.3])."


def match_line(store: Store, game: GameRow, names: dict[str, str]) -> str:
    """For a turn's results in a match: which game it is and the standings so far."""
    match = match_of(store, game)
    if match is None:
        return ""
    text = f"Match {game.name}, {match.of_games()}"
    if match.outcomes:
        return text + f"; standings {match.standings().describe(names)}."
    return text + "."


def match_result_line(store: Store, game: GameRow) -> str:
    """For `status` once a match is over: its result, which leads, so that the last game's
    result below it is not read as the match's [9.5, 10.6]; "" for anything else."""
    decided = (game.outcome or {}).get("match") or {}
    match = match_of(store, game) if game.phase == "over" and decided.get("over") else None
    if match is None:
        return ""
    players = store.players(game.id)
    names = {s: players[s].name if s in players else f"player {s}" for s in ("A", "B")}
    winner = decided.get("winner")
    if winner in names:
        result = f"{seated(names[winner], winner)} wins the match"
    elif winner == "draw":
        result = "it is a draw [9.5]"
    else:
        result = "it has no result"
    return f"Match {game.name} is over: {result}; standings {match.standings().describe(names)}."


def status_lines(store: Store, game: GameRow) -> str:
    """What `status` adds for a match: its rules, the game being played, the standings."""
    match = match_of(store, game)
    if match is None:
        return ""
    players = store.players(game.id)
    names = {s: players[s].name if s in players else f"player {s}" for s in ("A", "B")}
    text = f"\nMatch: {match.rules.describe()}; {match.of_games()}."
    if match.outcomes and not match_result_line(store, game):  # else the lead has them
        text += f"\nStandings {match.standings().describe(names)}."
    return text


def building_text(carry: int, ruleset: Ruleset) -> str:
    """What a player is told to build for the next game [10.3; classic 7.2; 6.3]."""
    if carry <= 0:
        return "You carried no materiel: your fleet is the usual one, with no additional ships."
    return (
        f"You carried {carry} materiel from the last game [10.3]: your fleet is the usual one "
        f"plus {may_build(carry, ruleset)}. Your opponent is told only that your fleet is in "
        "[10.4]."
    )
