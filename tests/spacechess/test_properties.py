"""Properties of the rules over many positions (hypothesis): no piece on a pentagon, impactors
fly straight, the battle stage ignores the order of its pairs, swapping the sides mirrors
everything."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from sizes import examples

from notation.spacechess.board import HEXAGONS, NEIGHBOURS, is_pentagon, opposite
from notation.spacechess.pieces import (
    ALIENS,
    COMMAND,
    FIGHTER,
    GUNSHIP,
    MINE,
    SUPPORT,
    TERRANS,
    unit,
)
from spacechess.engine.battle import (
    advance_impactors,
    advance_together,
    battling_pairs,
    judge_pairs,
)
from spacechess.engine.game import Game
from spacechess.engine.position import Impactor, mirrored, start
from spacechess.engine.rules import apply, legal_actions, play, why_illegal

choices = st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=60)


def _walk(picks: list[int]):
    """A random game: each pick chooses one of the legal actions."""
    game = Game()
    for pick in picks:
        actions = legal_actions(game.position)
        if not actions:
            return
        before = game.position
        action = actions[pick % len(actions)]
        events = game.play(action)
        yield before, action, game.position, events


@settings(max_examples=examples(60, 180), deadline=None)
@given(choices)
def test_no_unit_or_impactor_ever_stands_on_a_pentagon(picks):
    for _, _, after, _ in _walk(picks):
        assert not any(after.board[c] for c in range(162) if is_pentagon(c))
        assert not any(is_pentagon(i.cell) for i in after.impactors)
        assert not (set(i.cell for i in after.impactors) & {c for c, _ in after.units()})


@settings(max_examples=examples(60, 180), deadline=None)
@given(choices)
def test_every_impactor_path_is_a_straight_line(picks):
    for before, _, _, events in _walk(picks):
        came = {i.cell: i.came_from for i in before.impactors}
        for e in events:
            if e.what in ("advanced", "dissipated", "collided") and len(e.cells) > 1:
                path = list(e.cells)
                if path[0] in came:
                    assert opposite(came[path[0]], path[0]) == path[1]
                for a, b, c in zip(path, path[1:], path[2:], strict=False):
                    assert opposite(a, b) == c  # straight on through b
                assert len(path) <= 5


@settings(max_examples=examples(60, 180), deadline=None)
@given(choices)
def test_every_legal_action_is_allowed_and_play_agrees_with_apply(picks):
    for before, action, _, _ in _walk(picks):
        assert why_illegal(before, action) is None
        assert play(before, action) == apply(before, action)


KINDS = [COMMAND, GUNSHIP, FIGHTER, SUPPORT, MINE]
boards = st.dictionaries(
    st.sampled_from(HEXAGONS),
    st.tuples(st.sampled_from([TERRANS, ALIENS]), st.sampled_from(KINDS)),
    min_size=2,
    max_size=40,
)


def _board(units) -> tuple[int, ...]:
    board = [0] * 162
    for cell, (side, kind) in units.items():
        board[cell] = unit(side, kind)
    return tuple(board)


@settings(max_examples=examples(200, 600), deadline=None)
@given(boards, st.randoms(use_true_random=False))
def test_the_battle_stage_does_not_depend_on_the_order_of_the_pairs(units, rnd):
    board = _board(units)
    pairs = battling_pairs(board)
    shuffled = [(b, a) if rnd.random() < 0.5 else (a, b) for a, b in pairs]
    rnd.shuffle(shuffled)
    first, told = judge_pairs(board, pairs)
    second, told_shuffled = judge_pairs(board, shuffled)
    assert first == second
    assert told == told_shuffled  # the same reasons too, whatever the order (SC8)
    # In every pair the weaker or equal unit is gone, whatever the order (SC8).
    for a, b in pairs:
        pa, pb = _power(board, a), _power(board, b)
        assert pa > pb or first[a] == 0
        assert pb > pa or first[b] == 0


flights = st.lists(
    st.tuples(st.sampled_from(HEXAGONS), st.integers(0, 5), st.sampled_from([TERRANS, ALIENS])),
    min_size=1,
    max_size=6,
)


@settings(max_examples=examples(300, 900), deadline=None)
@given(boards, flights)
def test_impactors_flying_apart_fly_as_they_would_together(units, flying):
    # advance_impactors lets impactors whose flights share no cell fly one by one; every
    # outcome (the board, the impactors left, what is told and in what order) must be the
    # step-by-step flight's. (Crossing flights fly step by step in both: the collisions
    # themselves are pinned by the rules' tests of SC7.)
    board = _board(units)
    impactors, taken = [], set()
    for cell, k, side in flying:
        if cell not in taken and not board[cell]:
            taken.add(cell)
            impactors.append(Impactor(cell, NEIGHBOURS[cell][k], side))
    impactors.sort()
    assert advance_impactors(board, impactors) == advance_together(board, impactors)


def _power(board, cell):
    return sum(1 for n in NEIGHBOURS[cell] if board[n] and board[n] >> 3 == board[cell] >> 3)


@settings(max_examples=examples(40, 120), deadline=None)
@given(choices)
def test_swapping_the_sides_mirrors_every_outcome(picks):
    for before, action, _, _ in _walk(picks):
        ours, _ = apply(before, action)
        theirs, _ = apply(mirrored(before), action)
        assert theirs == mirrored(ours)
        assert {str(a) for a in legal_actions(mirrored(before))} == {
            str(a) for a in legal_actions(before)
        }


def test_the_start_is_its_own_mirror_through_the_centre():
    # The Aliens' fleet is the Terrans' through the centre, so the two sides start equal.
    from notation.spacechess.board import ANTIPODE

    p = start()
    flipped = tuple(p.board[ANTIPODE[c]] for c in range(162))
    assert mirrored(p).board == flipped


def _candidates(position):
    """Actions a player might type in this position: every ship to every cell up to 3 steps
    away, every shot and mine to every neighbour (pentagons too), every rebuild, a pass."""
    from notation.spacechess.actions import FIRE, MINE_LAYING, MOVE, PASS, REBUILD, Action
    from notation.spacechess.board import distances

    side = position.to_move
    out = [Action(PASS)]
    command = -1
    for cell, code in position.units():
        kind = code & 7
        if kind == COMMAND and code >> 3 == side:
            command = cell
        far = distances(cell)
        out += [Action(MOVE, cell, c) for c in range(162) if 0 < far[c] <= 3]
        out += [Action(FIRE, cell, n) for n in NEIGHBOURS[cell]]
        out += [Action(MINE_LAYING, cell, n, MINE) for n in NEIGHBOURS[cell]]
    if command >= 0:
        out += [
            Action(REBUILD, -1, n, k)
            for n in NEIGHBOURS[command]
            for k in (COMMAND, GUNSHIP, FIGHTER, SUPPORT)
        ]
    return out


@settings(max_examples=examples(25, 75), deadline=None)
@given(choices)
def test_the_refusals_and_the_move_generator_agree(picks):
    # Two ways of saying what is legal: legal_actions builds the list, why_illegal judges one
    # action; on every action a player might type they must agree.
    positions = [start()] + [after for _, _, after, _ in _walk(picks)]
    for position in positions[-3:]:
        legal = set(legal_actions(position))
        for action in _candidates(position):
            refused = why_illegal(position, action)
            assert (refused is None) == (action in legal), (str(position), str(action), refused)
