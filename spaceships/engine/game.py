"""Playing a whole record [2]: fleets checked, then every turn in order (used by the
`adjudicate` and `validate` commands and the record checker)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from notation.spaceships.records import Record, ResultLine, TurnLine
from spaceships.engine.fleets import check_fleet, legal_at_a_glance
from spaceships.engine.orders import CheckedOrders, check_orders
from spaceships.engine.problems import FleetRefused, OrdersRefused, Problem
from spaceships.engine.replay import replay
from spaceships.engine.reports import TurnReport, claim_from_entry
from spaceships.engine.rulesets import Ruleset
from spaceships.engine.settle import next_state
from spaceships.engine.state import PLAYERS, GameState, PlayerState, Space


@dataclass(frozen=True)
class Game:
    """A record played as far as it goes: the final state and each turn's report."""

    record: Record
    ruleset: Ruleset
    state: GameState | None  # None when a fleet was refused

    @property
    def reports(self) -> tuple[TurnReport, ...]:
        return tuple(h.report for h in self.state.history) if self.state else ()

    def to_json(self) -> dict[str, Any]:
        """The --json report of spec/record-format.md."""
        state = self.state
        turns = [r.to_json() for r in self.reports]
        if state is None:
            result: dict[str, Any] = {"over": False, "turn": None, "score": None, "winner": None}
        elif state.over:
            result = state.result.to_json()
        else:
            # Not over: the scores so far (undamaged cells, or hits under scoring=hits).
            if self.ruleset.scoring == "hits":
                score = {p: state.player(p).hits for p in PLAYERS}
            else:
                score = {p: state.materiel(p) for p in PLAYERS}
            result = {"over": False, "turn": None, "score": score, "winner": None}
        return {
            "ruleset": self.ruleset.name,
            "options": list(self.ruleset.options),
            "turns": turns,
            "result": result,
        }

    def describe(self) -> str:
        """Turn by turn, as the players read their reports out to each other."""
        lines = [f"Ruleset {self.ruleset}"]
        beam_length = 5 if self.ruleset.classic else 3
        for report in self.reports:
            lines.append(report.describe(beam_length))
        if self.state is not None and self.state.over:
            r = self.state.result
            score = r.score or {}
            outcome = "a draw" if r.winner == "draw" else f"{r.winner} wins"
            lines.append(
                f"Game over after turn {r.turn}: A {score.get('A')}, B {score.get('B')}; {outcome}"
            )
        return "\n".join(lines)


def record_ruleset(record: Record) -> Ruleset:
    """The ruleset of a record: its Ruleset and Options tags, and a match's Build tag (the
    build table of 10.5 and seed 004 6.3, the same as the `build=` option)."""
    options = list(record.options)
    build = record.tag("Build")
    if build:
        options.append(build if build.startswith("build=") else f"build={build}")
    return _ruleset(record.ruleset, tuple(options))


@lru_cache(maxsize=256)
def _ruleset(name: str | None, options: tuple[str, ...]) -> Ruleset:
    """Rulesets are values: records written under the same tags share one."""
    return Ruleset.from_tags(name, options)


def start_record(
    record: Record, carried: dict[str, int] | None = None
) -> tuple[Ruleset, GameState]:
    """The ruleset and the state after setup; raises FleetRefused (or RulesetError).
    `carried`: in a continued match, each player's materiel from the last game [10.3]."""
    ruleset = record_ruleset(record)
    carried = carried or {}
    problems: list[Problem] = []
    spaces = {}
    for p in PLAYERS:
        fleet = record.fleets.get(p)
        if fleet is None:
            problems.append(
                Problem(
                    "2.1",
                    f"the record has no fleet for player {p}",
                    None,
                    p,
                    hint=f"write `{p} fleet: DS ...; KC ...`",
                )
            )
            continue
        space = Space(fleet, ruleset)
        if legal_at_a_glance(fleet, ruleset, carried.get(p, 0), space.ship_bits):
            spaces[p] = space  # the usual case: kept for the game
            continue
        position = record.fleet_positions.get(p)
        problems.extend(x.at(position) for x in check_fleet(fleet, ruleset, p, carried.get(p, 0)))
    if problems:
        raise FleetRefused(problems, Game(record, ruleset, None))
    # The fleets are checked above (with what each carries): new_game would check them again.
    return ruleset, GameState(
        ruleset, PlayerState(record.fleets["A"]), PlayerState(record.fleets["B"]), spaces=spaces
    )


def turn_orders(
    record: Record,
    state: GameState,
    player: str,
    lines: dict[tuple[int, str], TurnLine] | None = None,
) -> CheckedOrders:
    """The player's line for the state's turn, checked (a missing line is an empty one).
    `lines`: the record's turn lines by (turn, player), from `turn_lines`, when known."""
    if lines is None:
        line = record.orders(state.turn, player)
    else:
        line = lines.get((state.turn, player))
    if line is None:
        return check_orders(state, player, ())
    positions = line.order_positions or ()
    try:
        return check_orders(state, player, line.orders, positions)
    except OrdersRefused as exc:
        # Problems about the whole line point at the line itself.
        raise OrdersRefused(
            [p if p.position is not None else p.at(line.position) for p in exc.problems]
        ) from None


def after_end(record: Record, state: GameState) -> list[Problem]:
    """Turn lines written after the game ended [2.3]."""
    problems = []
    for line in record.turns:
        if line.turn >= state.turn and line.orders:
            problems.append(
                Problem(
                    "2.3",
                    f"the game ended after turn {state.result.turn}; this turn is never played",
                    line.turn,
                    line.player,
                    position=line.position,
                )
            )
    return problems


def turn_lines(record: Record) -> dict[tuple[int, str], TurnLine]:
    """The record's turn lines by (turn, player): the first of each, as Record.orders gives."""
    lines: dict[tuple[int, str], TurnLine] = {}
    for line in record.turns:
        lines.setdefault((line.turn, line.player), line)
    return lines


def play_record(record: Record, carried: dict[str, int] | None = None) -> Game:
    """Every turn of the record; raises FleetRefused or OrdersRefused (with `.game`, the game
    as far as it was played) at the first refusal. `carried` as for start_record."""
    ruleset, state = start_record(record, carried)
    last = record.last_turn
    lines = turn_lines(record)
    while state.turn <= last:
        # Fast, on bit sets, as far as the orders are plainly legal (spaceships.engine.replay); the
        # turn it stops at, if any, gets the full check, which says why or plays it.
        state = replay(state, lines, last)
        if state.turn > last:
            break
        if state.over:
            late = after_end(record, state)
            if late:
                raise OrdersRefused(late, Game(record, ruleset, state))
            break  # only empty turn lines after the end
        try:
            checked_a = turn_orders(record, state, "A", lines)
        except OrdersRefused as exc:
            problems = exc.problems
            try:
                turn_orders(record, state, "B", lines)
            except OrdersRefused as also:
                problems = problems + also.problems
            raise OrdersRefused(problems, Game(record, ruleset, state)) from None
        try:
            checked_b = turn_orders(record, state, "B", lines)
        except OrdersRefused as exc:
            raise OrdersRefused(exc.problems, Game(record, ruleset, state)) from None
        state = next_state(state, checked_a, checked_b)  # each report made when read
    return Game(record, ruleset, state)


def record_of(
    state: GameState, tags: Sequence[tuple[str, str]] = (), every_result: bool = True
) -> Record:
    """The game played so far as a record (spec/record-format.md): both fleets, every turn's
    orders as written and its results as the engine found them; with every_result False, a
    seat's results line only when it has a claim. The one writer of a played game's record:
    the judge's reveal, the terminal game, the random games of the tests and the bench."""
    turns: list[TurnLine] = []
    results: list[ResultLine] = []
    for played in state.history:
        for seat in PLAYERS:
            turns.append(TurnLine(played.turn, seat, played.orders(seat).written))  # type: ignore[arg-type]
        for seat in PLAYERS:
            claims = tuple(claim_from_entry(e) for e in played.report.entries(seat))
            if claims or every_result:
                results.append(ResultLine(played.turn, seat, claims))  # type: ignore[arg-type]
    fleets = {"A": state.a.fleet, "B": state.b.fleet}
    return Record(tags=tuple(tags), fleets=fleets, turns=tuple(turns), results=tuple(results))
