"""The battle stage after every turn: impactors advance, then ships next to enemies fight.

Both halves are pure functions of the board (a tuple of unit codes) and give back the new board
and the events. Everything in a half happens at once, so nothing depends on the order in which
impactors or battling pairs are looked at [SC7, SC8].
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import compress

from notation.spacechess.board import CELL_COUNT, NEIGHBOURS, is_pentagon, straight_on
from notation.spacechess.pieces import MINE, kind_of, side_of
from spacechess.engine.events import Event
from spacechess.engine.position import Impactor

__all__ = [
    "ADVANCE",
    "advance_impactors",
    "advance_together",
    "battle",
    "battling_pairs",
    "judge_pairs",
    "power",
]

ADVANCE = 4  # cells an impactor flies in each battle stage (the seed's current rule)
_CELLS = range(CELL_COUNT)
# Each cell's neighbours numbered above it: every neighbouring pair is looked at once.
_LATER = tuple(tuple(n for n in NEIGHBOURS[c] if n > c) for c in _CELLS)


Flown = tuple[tuple[int, ...], tuple[Impactor, ...], list[Event]]


def advance_impactors(board: tuple[int, ...], impactors: Iterable[Impactor]) -> Flown:
    """Fly every impactor 4 cells straight on, one cell at a time and all together [SC7].

    Stepping onto a unit destroys it and the impactor; onto a pentagon, the impactor dissipates;
    two impactors stepping onto the same cell, or through each other, are both lost [SC7].
    Impactors whose flights cross no common cell cannot meet: each flies alone, the same
    flight as `advance_together` gives in a fraction of its time (the computer flies them
    hundreds of thousands of times a turn).
    """
    flying = tuple(impactors)
    if not flying:
        return board, (), []
    apart = _apart(board, flying)
    return apart if apart is not None else advance_together(board, flying)


def _course(came_from: int, cell: int) -> tuple[int, ...]:
    """The cells an impactor crosses in one battle stage, ending early on a pentagon [SC7]."""
    flight = straight_on(came_from, cell, ADVANCE)
    assert flight  # impactors only ever stand on hexagons
    return flight


def _apart(board: tuple[int, ...], flying: tuple[Impactor, ...]) -> Flown | None:
    """The battle stage's flights when no two impactors' cells (where they stand and all they
    would cross) are shared; None when some are, and they must fly together."""
    flights = [_course(imp.came_from, imp.cell) for imp in flying]
    if len(flying) > 1:
        crossed = {imp.cell for imp in flying}.union(*flights)
        if len(crossed) != len(flying) + sum(len(f) for f in flights):
            return None
    cells = list(board)
    # Each impactor's end: (step, 0 dissipated / 1 hit / 2 flown on, its number, path).
    ends = []
    alive = []
    for i, (imp, flight) in enumerate(zip(flying, flights, strict=True)):
        for step, cell in enumerate(flight, 1):
            if is_pentagon(cell):
                ends.append((step, 0, i, (imp.cell, *flight[:step])))
                break
            if cells[cell]:
                ends.append((step, 1, i, (imp.cell, *flight[:step])))
                break
        else:
            ends.append((ADVANCE + 1, 2, i, (imp.cell, *flight)))
            alive.append(Impactor(flight[-1], flight[-2], imp.side))
    # Told as flying together tells them: each step's dissipations, then its hits, then the
    # units destroyed by cell; those still flying last.
    ends.sort()
    events: list[Event] = []
    destroyed: list[int] = []
    for k, (step, end, i, path) in enumerate(ends):
        side = flying[i].side
        if end == 0:
            events.append(Event("dissipated", path, side=side, why="a pentagon [SC7]"))
        else:
            events.append(Event("advanced", path, side=side))
        if end == 1:
            destroyed.append(path[-1])
        if destroyed and (k + 1 == len(ends) or ends[k + 1][0] != step):
            for cell in sorted(destroyed):
                events.append(
                    Event("destroyed", (cell,), cells[cell], why="hit by an impactor [SC7]")
                )
                cells[cell] = 0
            destroyed.clear()
    return tuple(cells), tuple(sorted(alive)), events


def advance_together(board: tuple[int, ...], impactors: Iterable[Impactor]) -> Flown:
    """`advance_impactors` step by step, every impactor at once: where flights cross, two
    impactors may meet on a cell or head on, and a unit destroyed clears the way [SC7]."""
    flying = tuple(impactors)
    if not flying:
        return board, (), []
    cells = list(board)
    # Each impactor's cells are known ahead (its line); only where it stops is to be found.
    flights = [_course(imp.came_from, imp.cell) for imp in flying]
    where = [imp.cell for imp in flying]
    alive = list(range(len(flying)))
    events: list[Event] = []

    def path(i: int, steps: int) -> tuple[int, ...]:
        return (flying[i].cell, *flights[i][:steps])

    for step in range(ADVANCE):
        if not alive:
            break
        # An impactor still flying has cells left: a pentagon, its line's end, stops it.
        heading = {i: flights[i][step] for i in alive}
        arriving: dict[int, list[int]] = {}
        for i in alive:
            arriving.setdefault(heading[i], []).append(i)
        lost: set[int] = set()
        for i in alive:
            if any(j != i and where[j] == heading[i] for j in arriving.get(where[i], ())):
                lost.add(i)  # met head on between two cells
        hit_cells: set[int] = set()
        for to, group in arriving.items():
            if len(group) > 1:
                lost.update(group)
            if is_pentagon(to):
                lost.update(group)
                for i in group:
                    told = path(i, step + 1)
                    events.append(
                        Event("dissipated", told, side=flying[i].side, why="a pentagon [SC7]")
                    )
            elif cells[to]:
                lost.update(group)
                hit_cells.add(to)
        for i in sorted(lost):
            to = heading[i]
            if not is_pentagon(to) and to not in hit_cells:
                events.append(
                    Event(
                        "collided",
                        path(i, step + 1),
                        side=flying[i].side,
                        why="another impactor [SC7]",
                    )
                )
            elif to in hit_cells:
                events.append(Event("advanced", path(i, step + 1), side=flying[i].side))
        for to in sorted(hit_cells):
            events.append(Event("destroyed", (to,), cells[to], why="hit by an impactor [SC7]"))
            cells[to] = 0
        for i in alive:
            where[i] = heading[i]
        alive = [i for i in alive if i not in lost]
    for i in alive:
        events.append(Event("advanced", path(i, ADVANCE), side=flying[i].side))
    landed = (Impactor(flights[i][-1], flights[i][-2], flying[i].side) for i in alive)
    return tuple(cells), tuple(sorted(landed)), events


def power(board: tuple[int, ...], cell: int) -> int:
    """A unit's power: its side's ships and mines on the neighbouring cells [SC8]."""
    side = side_of(board[cell])
    return sum(1 for n in NEIGHBOURS[cell] if board[n] and side_of(board[n]) == side)


def battling_pairs(board: tuple[int, ...]) -> list[tuple[int, int]]:
    """Every pair of neighbouring enemy units with a ship in it (a mine fights a ship like a
    ship, two mines never fight) [SC8], each once, smaller cell first."""
    pairs = []
    for cell in compress(_CELLS, board):  # the occupied cells, found at C speed
        code = board[cell]
        side = code >> 3
        for n in _LATER[cell]:
            other = board[n]
            if other and other >> 3 != side and (code & 7 != MINE or other & 7 != MINE):
                pairs.append((cell, n))
    return pairs


def judge_pairs(
    board: tuple[int, ...], pairs: Iterable[tuple[int, int]]
) -> tuple[tuple[int, ...], list[Event]]:
    """Fight the pairs: in each, a unit with less or equal power than its enemy is destroyed
    (equal: both); powers are counted before anything is removed; afterwards every mine that
    fought or stood next to a friendly ship that fought is spent [SC8]."""
    pairs = list(pairs)
    if not pairs:
        return board, []
    # A unit lost in several pairs is told the pair it lost worst: the strongest enemy, then the
    # enemy on the lowest cell, so the reason never depends on the order of the pairs [SC8].
    worst: dict[int, tuple[int, int, int, int]] = {}  # unit -> (-enemy power, enemy, own, enemy's)
    fought: set[int] = set()
    for a, b in pairs:
        pa, pb = power(board, a), power(board, b)
        fought.update((a, b))
        for own, enemy, p_own, p_enemy in ((a, b, pa, pb), (b, a, pb, pa)):
            if p_own <= p_enemy:
                worst[own] = min(worst.get(own, (1, 0, 0, 0)), (-p_enemy, enemy, p_own, p_enemy))
    lost = {
        c: f"power {p_own} against {p_enemy} [SC8]" for c, (_, _, p_own, p_enemy) in worst.items()
    }
    spent = {c for c in fought if kind_of(board[c]) == MINE} | {
        n
        for c in fought
        if kind_of(board[c]) != MINE
        for n in NEIGHBOURS[c]
        if board[n] and kind_of(board[n]) == MINE and side_of(board[n]) == side_of(board[c])
    }
    cells = list(board)
    events = []
    for c in sorted(set(lost) | spent):
        if c in lost:
            events.append(Event("destroyed", (c,), board[c], why=lost[c]))
        else:
            events.append(Event("spent", (c,), board[c], why="gave its power in battle [SC8]"))
        cells[c] = 0
    return tuple(cells), events


def battle(board: tuple[int, ...]) -> tuple[tuple[int, ...], list[Event]]:
    """The ships' half of the battle stage [SC8]."""
    return judge_pairs(board, battling_pairs(board))
