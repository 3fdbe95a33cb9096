"""Settling a turn on bit sets alone, without its report: one player's aspects against the
other's space (settle), and the next state as `adjudicate` gives it (next_state), for
replaying records (spaceships.engine.replay, spaceships.engine.game)."""

from __future__ import annotations

from collections.abc import Sequence

from spaceships.engine.adjudicate import adjudicate, check_turn, turn_result
from spaceships.engine.checked import CheckedOrders
from spaceships.engine.state import GameState, PlayerState, Space, TurnHistory


def next_state(state: GameState, checked_a: CheckedOrders, checked_b: CheckedOrders) -> GameState:
    """The state after one turn, as `adjudicate` gives it, with the turn's report made only
    when first read (by adjudicate itself, from the same state and orders). Replaying a record
    needs the states alone: the turn is settled on bit sets, without entries."""
    check_turn(state, checked_a, checked_b)
    turn_number = state.turn
    ruleset = state.ruleset
    geo = ruleset.geometry
    colour_base, letter_base = geo.colour_base, geo.letter_base
    immediate = ruleset.timing == "immediate"
    classic = ruleset.classic
    spaces = (state.space("A"), state.space("B"))
    orders = (checked_a, checked_b)
    start = [state.bits("A"), state.bits("B")]
    destroyed = [start[0][0], start[1][0]]
    fired = [start[0][1], start[1][1]]
    special = [0, 0]
    # Effects on the active player first [4.5.3, 8.1.3.2; classic 6.6.2.2].
    for p in (0, 1):
        for cell, _ in orders[p].missiles:
            fired[p] |= 1 << (colour_base[cell.colour] + letter_base[cell.letter] + cell.number)
        for cell, _ in orders[p].kamikazes:
            bit = 1 << (colour_base[cell.colour] + letter_base[cell.letter] + cell.number)
            destroyed[p] |= bit
            special[p] |= bit
    credits = [0, 0]
    burnt = [state.a.burnt_out, state.b.burnt_out]
    adjacent = geo.adjacent_bits
    # One player's aspects change only the other's space and their own credits and beams, so
    # each side is settled on its own; the order of reporting [11.7.2.1] shows only in the
    # report (flashcube data), which is not made here.
    for attacker in (0, 1):
        mine = orders[attacker]
        defender = 1 - attacker
        targets = [
            colour_base[c.colour] + letter_base[c.letter] + c.number
            for beam in mine.beams
            for c in beam.cells
        ]
        targets += [colour_base[c.colour] + letter_base[c.letter] + c.number for c in mine.strikes]
        burns = mine.beams and not classic
        beam_hits: list[bool] | None = [] if burns else None
        destroyed[defender], special[defender], credits[attacker] = settle(
            spaces[defender],
            adjacent,
            immediate,
            targets,
            destroyed[defender],
            start[defender][0],
            fired[defender],
            special[defender],
            beam_hits,
        )
        if burns:
            at = 0
            for beam in mine.beams:
                n = len(beam.cells)
                if beam.diagonal and beam_hits[at] and beam_hits[at + n - 1]:  # type: ignore[index]
                    burnt[attacker] = burnt[attacker] | {beam.ship}  # 8.2.4
                at += n
    players = []
    materiel = []
    for p, old in ((0, state.a), (1, state.b)):
        lost = destroyed[p]
        players.append(
            PlayerState.after_turn(
                old,
                geo,
                lost,
                fired[p],
                burnt[p],
                (lost & ~start[p][0]).bit_count(),
                old.hits + credits[p],
            )
        )
        materiel.append(spaces[p].size - lost.bit_count())
    materiel_a, materiel_b = materiel
    result = turn_result(state, orders, players, materiel_a, materiel_b, turn_number)  # 2.3
    history = TurnHistory.unreported(
        turn_number, checked_a, checked_b, lambda: adjudicate(state, checked_a, checked_b)[1]
    )
    next_state = GameState(
        ruleset,
        players[0],
        players[1],
        turn_number + 1,
        (*state.history, history),
        result,
        state.spaces,
    )
    next_state.know_bits((destroyed[0], fired[0]), (destroyed[1], fired[1]))
    return next_state


def settle(
    space: Space,
    adjacent: tuple[int, ...],
    immediate: bool,
    targets: Sequence[int],
    destroyed: int,
    start: int,
    fired: int,
    special: int,
    hits: list[bool] | None = None,
) -> tuple[int, int, int]:
    """One player's beam and strike targets (cell indices, in the order they are reported)
    against the other's space, on bit sets: the defender's destroyed cells and cells destroyed
    by a kamikaze launch or an explosion after them, and the attacker's credits [5.2, 5.2.4,
    8.1.4]. `start`: the defender's destroyed cells at the start of the turn; `fired`: their
    fired missiles. `hits`, when given, gets for each target whether it hit (neither a miss
    nor a duplicate)."""
    ship_index = space.ship_index
    missiles = space.missile_bits
    credit = 0
    for i in targets:
        k = ship_index[i]
        if k < 0:
            if hits is not None:
                hits.append(False)
            continue
        bit = 1 << i
        # 5.2.4: destroyed when announced (2.6.1), or at the start (classic 2.4).
        if bit & (destroyed if immediate else start):
            if bit & special:
                credit += 1
            if hits is not None:
                hits.append(False)
            continue
        destroyed |= bit
        credit += 1
        if hits is not None:
            hits.append(True)
        if bit & missiles and not bit & fired:
            # 8.1.4: an unfired missile explodes, taking its ship's adjacent undamaged cells.
            blast = adjacent[i] & space.ship_bits[k] & ~(destroyed if immediate else start)
            destroyed |= blast
            special |= blast
    return destroyed, special, credit
