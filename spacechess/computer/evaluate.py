"""How good a Space Chess position is for one side: the computer's static evaluation.

A position is judged between turns, right after a battle stage, when the other side is about to
act. Material counts most (a ship's worth is what it can do: a gunship's long reach, a fighter's
run, the support ship's mines); then the impactors already in flight, whose next 4 cells are
known (SC7): a unit they will reach is as good as lost when its side cannot act first; then how
well each command ship is covered, since a ship next to it gives it power in battle (SC8) and
its loss ends the game (SC11): alone, within one turn's reach of an enemy ship, it is in
danger; and how near the enemy's gunships and fighters are to it. A draw counts a little less
than an even game, so that the computer plays on for a win.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress

from notation.spacechess.board import (
    CELL_COUNT,
    NEIGHBOURS,
    distances,
    is_pentagon,
    line,
    straight_on,
)
from notation.spacechess.pieces import COMMAND, FIGHTER, GUNSHIP, MINE, MINES, SUPPORT
from spacechess.engine.position import Impactor, Position
from spacechess.engine.reach import REACH as MOVE_REACH
from spacechess.engine.reach import destinations

__all__ = [
    "LOST",
    "VALUES",
    "WON",
    "WORTH",
    "evaluate",
    "impactor_targets",
    "lines_of_fire",
    "material",
    "shots",
    "siege",
    "strike",
]

WON = 100_000.0
LOST = -WON
# What a unit is worth, by kind: the command ship's worth is the game itself.
WORTH = {COMMAND: 0.0, GUNSHIP: 5.0, FIGHTER: 3.5, SUPPORT: 3.0, MINE: 1.0}
VALUES = tuple(WORTH.get(kind, 0.0) for kind in range(8))  # by kind code, for speed
IN_STOCK = 0.4  # a mine in the box: a little, it may still be laid
COVER = 0.35  # each friendly unit next to the command ship, up to 3
DOOMED = 0.9  # share of a unit's worth lost when an impactor reaches it before its side acts
DODGE = 0.3  # share when its side acts first and can step aside (an action spent)
ADVANCE = 4
DRAW = -0.5  # a draw is a little worse than an even game: the computer plays to win
EXPOSED = 2.5  # a command ship alone, an enemy ship able to reach its side next turn [SC8]
ATTACK = 0.06  # each step a gunship or fighter stands closer to the enemy command ship
REACH = 8  # steps beyond which closeness no longer counts
_STEPS = tuple(tuple(distances(c, hexagons_only=True)) for c in range(CELL_COUNT))
_CELLS = range(CELL_COUNT)
_PENTAGON = tuple(is_pentagon(c) for c in _CELLS)


def strike(position: Position, imp: Impactor, cells: int) -> tuple[int, int] | None:
    """The first unit an impactor in flight reaches within its next `cells` cells if nothing
    moves, as (its cell, how many cells on), or None: a pentagon or nothing on the way (SC7)."""
    board = position.board
    for step, here in enumerate(straight_on(imp.came_from, imp.cell, cells), 1):
        if _PENTAGON[here]:
            return None
        if board[here]:
            return here, step
    return None


def impactor_targets(position: Position) -> dict[int, int]:
    """Where the impactors in flight strike in the next battle stage if nothing moves: the
    cell of each unit they will reach, and how many reach it (SC7)."""
    out: dict[int, int] = {}
    for imp in position.impactors:
        hit = strike(position, imp, ADVANCE)
        if hit is not None:
            out[hit[0]] = out.get(hit[0], 0) + 1
    return out


def material(position: Position, side: int) -> float:
    """What `side` has more than the other of ships and mines, on the board and in the box:
    the lasting part of a lead (threats come and go)."""
    score = 0.0
    for code in position.board:
        if code:
            worth = VALUES[code & 7]
            score += worth if code >> 3 == side else -worth
    mines = [position.count(s, MINE) for s in (0, 1)]
    return score + IN_STOCK * (mines[1 - side] - mines[side])


def evaluate(position: Position, side: int) -> float:
    """The position's worth to `side` (positive: better for `side`), judged as the other side
    is about to act."""
    result = position.result
    if result is not None:
        if result == "draw":
            return DRAW
        return WON if result == "TA"[side] else LOST
    board = position.board
    score = 0.0
    commands = [-1, -1]
    mines = [0, 0]
    attackers: tuple[list[int], list[int]] = ([], [])
    ships: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])  # (cell, reach)
    for cell in compress(_CELLS, board):  # the occupied cells, found at C speed
        code = board[cell]
        owner, kind = code >> 3, code & 7
        worth = VALUES[kind]
        score += worth if owner == side else -worth
        if kind == COMMAND:
            commands[owner] = cell
        elif kind == MINE:
            mines[owner] += 1
        elif kind == GUNSHIP or kind == FIGHTER:
            attackers[owner].append(cell)
        if kind != MINE:
            # Steps from which it can come next to a cell in one turn: its move and one more.
            ships[owner].append((cell, 4 if kind == FIGHTER else 3))
    score += IN_STOCK * ((MINES - mines[side]) - (MINES - mines[1 - side]))
    for owner in (0, 1):
        command = commands[owner]
        if command < 0:
            continue
        cover = sum(1 for n in NEIGHBOURS[command] if board[n] and board[n] >> 3 == owner)
        value = COVER * min(cover, 3)
        score += value if owner == side else -value
        # The enemy's attackers drawing near: a game is won by going for the command ship.
        steps = _STEPS[command]
        near = 0
        for cell in attackers[1 - owner]:
            near += max(0, REACH - steps[cell])
        score += -ATTACK * near if owner == side else ATTACK * near
        # Alone, it has no power: any enemy ship that comes next to it takes it with it [SC8].
        if cover == 0 and owner != position.to_move:
            if any(steps[cell] <= reach for cell, reach in ships[1 - owner]):
                score += -EXPOSED if owner == side else EXPOSED
    to_move = position.to_move
    for cell in impactor_targets(position):
        code = board[cell]
        owner, kind = code >> 3, code & 7
        if kind == COMMAND:
            worth = WON / 10 if owner != to_move else 4.0  # it can still step aside
        else:
            worth = VALUES[kind] * (DOOMED if owner != to_move else DODGE)
        score += -worth if owner == side else worth
    return score


def _cells_of(board: tuple[int, ...], code: int) -> list[int]:
    """The cells holding a unit of `code` (a side's kind), found by the tuple's own search."""
    found: list[int] = []
    start = 0
    try:
        while True:
            start = board.index(code, start) + 1
            found.append(start - 1)
    except ValueError:
        return found


def _enemy_command(board: tuple[int, ...], side: int) -> int:
    try:
        return board.index((1 - side) * 8 + COMMAND)
    except ValueError:
        return -1


def siege(position: Position, side: int) -> float:
    """How closely `side` besieges the enemy command ship: its ships' closeness to it (each
    within REACH steps counts the steps it has come) and the cover the enemy has lost there
    (SC8: alone, it has no power in battle). A side that is ahead needs this to finish the
    game, as a chess engine ahead drives the enemy king to the edge: material alone never
    says which of two quiet turns brings the end nearer."""
    board = position.board
    target = _enemy_command(board, side)
    if target < 0:
        return 0.0
    steps = _STEPS[target]
    near = 0
    for kind in (GUNSHIP, FIGHTER, SUPPORT):
        for cell in _cells_of(board, side * 8 + kind):
            near += max(0, REACH - steps[cell])
    enemy = 1 - side
    cover = sum(1 for n in NEIGHBOURS[target] if board[n] and board[n] >> 3 == enemy)
    return near - 3.0 * min(cover, 3)


FIRE_REACH = 5  # a gunship's impactor: put on the next cell, then 4 more in the battle stage
LATER = (
    12  # how far on an impactor in flight is followed: the battle stage after next, and one more
)
# Each hexagon's lines of fire: the cells an impactor fired through each neighbour crosses
# before the next turn, nearest first (SC6, SC7).
_FIRE = tuple(
    tuple(tuple(line(c, n, FIRE_REACH)) for n in NEIGHBOURS[c] if not is_pentagon(n))
    if not is_pentagon(c)
    else ()
    for c in range(CELL_COUNT)
)


def _firing_cells() -> tuple[dict[int, tuple[tuple[int, ...], ...]], ...]:
    """For every cell, the hexagons a gunship could fire from to reach it within reach, each
    with the cells its impactor crosses first (they must be empty): the lines of fire run
    backwards (SC6, SC7)."""
    out: list[dict[int, list[tuple[int, ...]]]] = [{} for _ in range(CELL_COUNT)]
    for cell in range(CELL_COUNT):
        for ray in _FIRE[cell]:
            for k, crossed in enumerate(ray):
                if _PENTAGON[crossed]:
                    break
                out[crossed].setdefault(cell, []).append(ray[:k])
    return tuple({c: tuple(ways) for c, ways in cells.items()} for cells in out)


_FIRING = _firing_cells()
_GUNSHIP_MOVE = MOVE_REACH[GUNSHIP]


def _moves_to_fire_on(position: Position, side: int, target: int) -> bool:
    """Whether a gunship of `side` can move once and then fire on `target` with nothing in
    the way, neither a unit nor an impactor: both actions of one turn (SC3, SC6, SC7)."""
    board = position.board
    firing = _FIRING[target]
    steps = _STEPS[target]
    blocked = position.impactor_cells()
    for cell in _cells_of(board, side * 8 + GUNSHIP):
        if not 0 < steps[cell] <= _GUNSHIP_MOVE + FIRE_REACH:
            continue  # too far to come into line this turn
        for there in destinations(board, blocked, cell):
            for crossed in firing.get(there, ()):
                # An impactor on the way meets the new one: both are lost [SC6, SC7].
                if all((not board[c] or c == cell) and c not in blocked for c in crossed):
                    return True
    return False


def _first_on_lines(board: tuple[int, ...], side: int) -> Iterator[int]:
    """The cell of the first unit on each line of fire of `side`'s gunships within reach (an
    impactor fired there reaches it this turn), whoever's it is; a pentagon ends a line
    (SC6, SC7)."""
    for cell in _cells_of(board, side * 8 + GUNSHIP):
        for ray in _FIRE[cell]:
            for crossed in ray:
                if _PENTAGON[crossed]:
                    break
                if board[crossed]:
                    yield crossed
                    break


def lines_of_fire(position: Position, side: int) -> int:
    """The ways `side` has to strike the enemy command ship with an impactor: each line along
    which one of its gunships, firing, would reach it first within this turn's battle stage,
    and each of its impactors in flight that reaches it first in a later battle stage. One is
    a threat the enemy must answer (a check); two at once are hard to answer with one turn."""
    board = position.board
    target = _enemy_command(board, side)
    if target < 0:
        return 0
    count = sum(1 for hit in _first_on_lines(board, side) if hit == target)
    for imp in position.impactors:
        if imp.side == side:
            hit = strike(position, imp, LATER)
            # Within its next 4 cells it strikes in the coming battle stage: evaluate counts
            # that (impactor_targets); a line of fire is a strike still to come.
            count += hit is not None and hit[0] == target and hit[1] > ADVANCE
    return count


def shots(position: Position, kill: float) -> float:
    """What the side to act can destroy by firing from where its gunships stand, this very
    turn: the first unit on each of their lines within reach, if an enemy's (SC6, SC7); the
    best such target and half the next (two actions, impactors in stock permitting). The
    enemy command ship counts `kill`, and a gunship that can move into line with it and
    fire (SC3) counts `kill` too. A position judged with the other side to act would
    otherwise look as safe for a ship left in a line of fire as for one out of reach (the
    horizon of the search)."""
    board = position.board
    side = position.to_move
    stock = position.impactors_in_stock(side)
    if not stock:
        return 0.0
    gains: dict[int, float] = {}
    for hit in _first_on_lines(board, side):
        code = board[hit]
        if code >> 3 != side:
            gains[hit] = kill if code & 7 == COMMAND else VALUES[code & 7]
    best = sorted(gains.values(), reverse=True)
    value = best[0] + (0.5 * best[1] if len(best) > 1 and stock > 1 else 0.0) if best else 0.0
    if value < kill:
        # A gunship moved into line fires with the turn's second action: the command ship
        # is as good as lost (the search's horizon hides it one turn too soon otherwise).
        target = _enemy_command(board, side)
        if target >= 0 and _moves_to_fire_on(position, side, target):
            return kill
    return value
