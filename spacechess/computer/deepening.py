"""The computer's deepening search: turns weighed ever deeper while its budget lasts.

A chess engine's habits, at the scale of a Space Chess turn (one or two actions, then the
battle stage, SC2): iterative deepening in whole turns (one turn ahead, then the opponent's
every reply, then the computer's answer to the most dangerous of them), alpha-beta, move
ordering (the best turn of the last pass first, then refutations remembered from other
branches, the opponent's `pass`, turns that take something), and a transposition table so a
position reached twice is weighed once. At the end of a line, the side to act is credited
with part of what it can destroy by firing at once, or by a gunship moved into line with the
enemy command ship (evaluate.shots), a quiescence search's view of a piece left hanging;
and a mine laid counts for less than the evaluation's own 1, so that laying one is no gain in
itself. The work is counted in units (turns.Counter), so the same seed and budget play the
same turn on any machine; a clock may stop it sooner.

Contempt: a draw is worth what the side to act can hope for. Unless clearly behind, a
repetition [SC12] throws away a game the computer means to win, so any position the game or
the line searched has had already is scored as a draw, and ahead, a long run of turns without
a loss (the quiet-turn draw, SC12) weighs on the lead; behind, the same draw is welcome.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import NamedTuple

from notation.spacechess.actions import PASS, Action
from notation.spacechess.pieces import MINE
from spacechess.computer.evaluate import WON, evaluate, lines_of_fire, material, shots, siege
from spacechess.computer.turns import Counter, Turn, forcing_turns, replay_turn, turns
from spacechess.engine.position import Position
from spacechess.engine.rules import QUIET_LIMIT

__all__ = ["AHEAD", "BEHIND", "CONTEMPT", "Plan", "Searched", "Stop", "deepened_turn"]

Seen = Mapping[tuple[object, ...], int]  # how often each position (Position.key) has come up
AHEAD = 1.0  # a lead in material of more than this (about a mine) is worth converting
BEHIND = 5.0  # behind in material by more than this (a gunship), a draw is welcome
CONTEMPT = 3.0  # what a draw costs the side that is not behind: it plays on for a win
PRESS = 4.0  # what a run of quiet turns as long as the draw's limit costs the side ahead
SIEGE = 0.08  # each step of the siege of the enemy command ship, to the side ahead
LINE = 1.0  # each line of fire on the enemy command ship (a threat it must answer)
SHOT = 0.7  # share of what the side to act can destroy by firing at once (evaluate.shots)
KILL = 30.0  # the enemy command ship in the line of fire of the side to act: nearly a win
LAID = 0.5  # what a mine on the board counts less than evaluate's 1: laying one is no gain
EVALUATE = 2  # units of work of a static evaluation (about one battle stage's half)
CLOCK_EVERY = 64  # evaluations between looks at the clock
KILLERS = 2  # refutations remembered at each depth
INFINITY = float("inf")
LOSING = -WON / 2  # a value below this is a lost game in sight


@dataclass(frozen=True)
class Plan:
    """How a level searches: the deepest pass, in whole turns, and how many turns are carried
    into a pass of that depth at the root and at each of the opponent's and the computer's
    later choices that still look further (None: all); the last turn of a pass is always
    looked at in full."""

    depth: int
    root_width: Mapping[int, int]
    width: int | None


class Searched(NamedTuple):
    """A search's answer: the turn, the depth in whole turns of its last whole pass, the
    units of work it spent, and those of its first pass (always made whole)."""

    turn: Turn
    depth: int
    used: int
    first: int


class Stop(Exception):
    """The budget or the clock ran out in the middle of a pass."""


class _Entry:
    __slots__ = ("actions", "depth", "flag", "value")

    def __init__(self, depth: int, value: float, flag: int, actions: tuple[Action, ...]) -> None:
        self.depth, self.value, self.flag, self.actions = depth, value, flag, actions


_EXACT, _LOWER, _UPPER = 0, 1, 2


class _Search:
    def __init__(
        self,
        root: Position,
        seen: Seen,
        plan: Plan,
        counter: Counter,
        deadline: float | None,
    ) -> None:
        self.root = root
        self.side = root.to_move
        self.seen = seen
        self.plan = plan
        self.counter = counter
        self.deadline = deadline
        self.table: dict[tuple[object, ...], _Entry] = {}
        self.killers: dict[int, list[tuple[Action, ...]]] = {}
        self.path: set[tuple[object, ...]] = {root.key()}
        self.evaluations = 0
        self.stoppable = False  # the first pass is always made whole
        # The lead that counts is what each side has: the threats of the moment come and go.
        lead = material(root, self.side)
        self.ahead = lead > AHEAD
        # The worth of a draw to the side at the root: unless clearly behind, it throws away
        # the game the computer means to win; behind, it saves the game.
        # Ahead, a draw also throws the lead away: it costs that much more, so the computer
        # gives back some of its lead, if need be, rather than all of it.
        self.draw = 0.0 if lead < -BEHIND else -CONTEMPT - max(0.0, lead)

    # -- values, always for `side` ------------------------------------------------------
    def drawn(self, side: int) -> float:
        return self.draw if side == self.side else -self.draw

    def ended(self, position: Position, side: int, ply: int) -> float:
        """A finished game's worth to `side`: sooner wins and later losses are better."""
        if position.result == "draw":
            return self.drawn(side)
        won = position.result == "TA"[side]
        return WON - ply if won else -WON + ply

    def repeated(self, turn: Turn) -> bool:
        """A turn back to a position the game or this line has had: a draw in the making (a
        third time, a draw by the rules) [SC12]."""
        key = turn.after.key()
        if key in self.path or self.seen.get(key, 0):
            return True
        return turn.middle is not None and self.seen.get(turn.middle, 0) >= 2

    def static(self, position: Position, side: int) -> float:
        """The position's worth to `side`, the quiet-turn draw weighing on the side ahead."""
        self.counter.used += EVALUATE
        self.evaluations += 1
        if self.stoppable:
            if self.counter.spent():
                raise Stop
            if self.deadline is not None and self.evaluations % CLOCK_EVERY == 0:
                if time.monotonic() > self.deadline:
                    raise Stop
        value = evaluate(position, self.side)
        other = 1 - self.side
        value += LINE * (lines_of_fire(position, self.side) - lines_of_fire(position, other))
        # A mine laid is a shield and a nuisance, not a gain in itself (in the box it counts
        # 0.4): valued at 1, every quiet turn went into laying mines round the own fleet.
        value -= LAID * (position.count(self.side, MINE) - position.count(other, MINE))
        # The side to act fires first: a unit left in its line of fire is as good as lost.
        shot = SHOT * shots(position, KILL)
        value += shot if position.to_move == self.side else -shot
        if self.ahead and value > 0:
            value -= PRESS * (position.quiet / QUIET_LIMIT) ** 2
            value += SIEGE * siege(position, self.side)
        return value if side == self.side else -value

    def after(self, turn: Turn, side: int, ply: int) -> float | None:
        """A turn's worth to `side` (who played it) when nothing more is to be searched after
        it: the game over, or a repetition; None otherwise."""
        if turn.after.result is not None:
            return self.ended(turn.after, side, ply + 1)
        if self.repeated(turn):
            return self.drawn(side)
        return None

    def check(self) -> None:
        if self.stoppable and self.counter.spent():
            raise Stop

    # -- the passes -----------------------------------------------------------------------
    def ranked(self, position: Position, ply: int) -> list[tuple[float, float, Turn]]:
        """Every turn of the side to act with its worth one turn ahead, best first."""
        side = position.to_move
        out = []
        for t in turns(position, self.counter):
            value = self.after(t, side, ply)
            out.append((self.static(t.after, side) if value is None else value, 0.0, t))
        self.check()
        return out

    def node(self, position: Position, depth: int, alpha: float, beta: float, ply: int) -> float:
        """The position's worth to the side to act, `depth` turns ahead (alpha-beta)."""
        self.check()
        key = position.key()
        entry = self.table.get(key)
        if entry is not None and entry.depth >= depth:
            if entry.flag == _EXACT:
                return entry.value
            if entry.flag == _LOWER and entry.value >= beta:
                return entry.value
            if entry.flag == _UPPER and entry.value <= alpha:
                return entry.value
        start_alpha = alpha
        side = position.to_move
        best, best_actions = -INFINITY, ()
        hint = entry.actions if entry is not None else ()
        for turn in self.ordered(position, depth, ply, hint):
            value = self.after(turn, side, ply)
            if value is None:
                if depth == 1:
                    value = self.static(turn.after, side)
                else:
                    self.path.add(turn.after.key())
                    try:
                        value = -self.node(turn.after, depth - 1, -beta, -alpha, ply + 1)
                    finally:
                        self.path.discard(turn.after.key())
            if value > best:
                best, best_actions = value, turn.actions
            if value > alpha:
                alpha = value
            if alpha >= beta:
                self.remember(ply, turn.actions)
                break
        flag = _UPPER if best <= start_alpha else _LOWER if best >= beta else _EXACT
        self.table[key] = _Entry(depth, best, flag, best_actions)
        return best

    def remember(self, ply: int, actions: tuple[Action, ...]) -> None:
        killers = self.killers.setdefault(ply, [])
        if actions in killers:
            killers.remove(actions)
        killers.insert(0, actions)
        del killers[KILLERS:]

    def ordered(
        self, position: Position, depth: int, ply: int, hint: tuple[Action, ...]
    ) -> Iterator[Turn]:
        """The turns to weigh, likeliest best first. On the last turn of a pass they come one
        by one (a refutation found early spares the rest): the table's best, the refutations
        remembered at this depth, `pass`, the turns that take something, then all the others.
        Further from the end they are ranked by their worth one turn ahead, and only the
        plan's width of them is looked at."""
        tried: set[tuple[Action, ...]] = set()
        if depth == 1:
            for actions in (hint, *self.killers.get(ply, ()), (Action(PASS),)):
                if actions and actions not in tried:
                    tried.add(actions)
                    turn = replay_turn(position, actions, self.counter)
                    if turn is not None:
                        yield turn
            done: set[tuple[object, ...]] = set()
            for turn in forcing_turns(position, self.counter, done):
                if turn.actions not in tried:
                    yield turn
            for turn in turns(position, self.counter, done=done):
                if turn.actions not in tried:
                    yield turn
            return
        ranked = self.ranked(position, ply)
        ranked.sort(key=lambda r: (r[2].actions != hint, -r[0]))
        width = self.plan.width
        for _, _, turn in ranked if width is None else ranked[:width]:
            yield turn

    def best_turn(self, rng: random.Random) -> Searched:
        """The best turn found, the depth of the last whole pass (1: one turn ahead), and the
        work spent."""
        side = self.side
        scored = [(v, rng.random(), t) for v, _, t in self.ranked(self.root, 0)]
        scored.sort(key=lambda s: (-s[0], s[1]))
        order = [t for _, _, t in scored]
        best, depth_done = order[0], 1
        first = self.counter.used
        self.stoppable = True
        # Each turn's worth by the last whole pass that weighed every reply (at most that: a
        # pass that looks at only some of them may miss the reply that refutes it).
        known: dict[int, float] = {}
        for depth in range(2, self.plan.depth + 1):
            width = self.plan.root_width.get(depth)
            candidates = order if width is None else order[:width]
            alpha = -INFINITY
            found: Turn | None = None
            values: dict[int, float] = {}
            try:
                for k, turn in enumerate(candidates):
                    value = self.after(turn, side, 0)
                    if value is None:
                        self.path.add(turn.after.key())
                        try:
                            value = -self.node(turn.after, depth - 1, -INFINITY, -alpha, 1)
                        finally:
                            self.path.discard(turn.after.key())
                        value = min(value, known.get(id(turn), INFINITY))
                    values[k] = value
                    if value > alpha:
                        alpha, found = value, turn
            except Stop:
                # The pass is unfinished: its best is trusted only if it was weighed fully,
                # which the last pass's best, looked at first, always is once it is done. If
                # that shows it loses, a turn not yet shown to lose is the better bet.
                if found is not None and alpha > LOSING:
                    best = found
                elif found is not None:
                    untried = candidates[len(values) :] + order[len(candidates) :]
                    best = untried[0] if untried else found
                break
            best, depth_done = found or best, depth
            if self.plan.width is None or depth == 2:
                known = {id(candidates[k]): v for k, v in values.items()}
            ranks = sorted(values, key=lambda k: (-values[k], k))
            order = [candidates[k] for k in ranks] + order[len(candidates) :]
        return Searched(best, depth_done, self.counter.used, first)


def deepened_turn(
    position: Position,
    rng: random.Random,
    seen: Seen,
    plan: Plan,
    budget: int,
    deadline: float | None = None,
) -> Searched:
    """The best turn `plan` finds within `budget` units of work (and, if given, before the
    clock's `deadline`, time.monotonic()), with how deep and how much it searched. The first
    pass (one turn ahead) is always made whole, so a turn is always found."""
    search = _Search(position, seen, plan, Counter(budget), deadline)
    return search.best_turn(rng)
