"""The deep search's sense of threat (spacechess.computer.evaluate.lines_of_fire): a gunship
whose impactor, fired along a line, would reach the enemy command ship first within the turn's
battle stage [SC6, SC7], and an impactor in flight that reaches it in a later battle stage,
each count as a line of fire; anything standing in the way, or a line too long, does not. And
what the side to act can destroy by firing at once (evaluate.shots): the first enemy unit on
each line of its gunships within reach, the best of them in full and half the next, and the
enemy command ship as good as lost when a gunship can move into line with it and fire."""

from __future__ import annotations

from notation.spacechess.board import NEIGHBOURS, is_pentagon, line
from notation.spacechess.cells import CELLS, cell_name
from notation.spacechess.pieces import FIGHTER, MINE
from notation.spacechess.pieces import GUNSHIP as GUNSHIP_KIND
from spacechess.computer.evaluate import WORTH, lines_of_fire, shots
from spacechess.engine.position import setup

GUNSHIP = "Cb2"


def _ray(length: int) -> list[str]:
    """The names of the first `length` hexagons of one of the gunship's lines."""
    number = CELLS[GUNSHIP].number
    for towards in NEIGHBOURS[number]:
        cells = line(number, towards, length)
        if len(cells) == length and not any(is_pentagon(c) for c in cells):
            return [cell_name(c) for c in cells]
    raise AssertionError("no straight line of that length from the gunship")


def test_a_gunship_with_a_clear_line_within_its_reach_is_a_threat_sc6_sc7() -> None:
    ray = _ray(5)
    threatened = setup({GUNSHIP: "TG", ray[4]: "AC", "Aa1": "TC"})
    assert lines_of_fire(threatened, 0) == 1
    assert lines_of_fire(threatened, 1) == 0  # the Aliens have no gunship


def test_a_unit_in_the_way_or_a_line_too_long_is_no_threat_sc7() -> None:
    ray = _ray(6)
    blocked = setup({GUNSHIP: "TG", ray[2]: "AM", ray[4]: "AC", "Aa1": "TC"})
    assert lines_of_fire(blocked, 0) == 0
    too_far = setup({GUNSHIP: "TG", ray[5]: "AC", "Aa1": "TC"})
    assert lines_of_fire(too_far, 0) == 0


def test_an_impactor_that_strikes_in_a_later_battle_stage_is_a_threat_sc7() -> None:
    ray = _ray(8)
    # In flight at ray[0], coming from the gunship's cell: it crosses ray[1..4] in the next
    # battle stage and reaches ray[7] in the one after.
    later = setup({ray[7]: "AC", "Aa1": "TC"}, impactors=((ray[0], GUNSHIP, "T"),))
    assert lines_of_fire(later, 0) == 1
    shielded = setup({ray[7]: "AC", ray[6]: "AS", "Aa1": "TC"}, impactors=((ray[0], GUNSHIP, "T"),))
    assert lines_of_fire(shielded, 0) == 0


def test_the_side_to_act_can_destroy_the_first_enemy_unit_in_its_line_of_fire_sc6_sc7() -> None:
    ray = _ray(5)
    exposed = setup({GUNSHIP: "TG", ray[3]: "AF", "Aa1": "TC", "Hd4": "AC"}, to_move="T")
    assert shots(exposed, 30.0) == WORTH[FIGHTER]
    # With the Aliens to act, the Terran gunship cannot fire first: no shot is counted.
    assert shots(setup({GUNSHIP: "TG", ray[3]: "AF"}, to_move="A"), 30.0) == 0


def test_a_shot_stops_at_the_first_unit_and_never_counts_its_own_side_sc7() -> None:
    ray = _ray(5)
    shielded = setup({GUNSHIP: "TG", ray[1]: "AM", ray[3]: "AG"}, to_move="T")
    assert shots(shielded, 30.0) == WORTH[MINE]
    own = setup({GUNSHIP: "TG", ray[1]: "TM", ray[3]: "AG"}, to_move="T")
    assert shots(own, 30.0) == 0
    beyond = setup({GUNSHIP: "TG", ray[4]: "AC"}, to_move="T")
    assert shots(beyond, 30.0) == 30.0  # the command ship: the `kill` asked for
    assert shots(setup({GUNSHIP: "TG", _ray(8)[7]: "AC"}, to_move="T"), 30.0) == 0


def test_a_gunship_that_can_move_into_line_and_fire_threatens_the_command_ship_sc3_sc6() -> None:
    # Seven cells out: a move of two along the line leaves it five away, within reach.
    ray = _ray(8)
    assert shots(setup({GUNSHIP: "TG", ray[6]: "AC"}, to_move="T"), 30.0) == 30.0
    # A unit in the way of the move is in the way of the shot as well.
    blocked = setup({GUNSHIP: "TG", ray[0]: "TM", ray[6]: "AC"}, to_move="T")
    assert shots(blocked, 30.0) == 0
    # An impactor on the cell the move needs: the gunship cannot enter it [SC3].
    stopped = setup({GUNSHIP: "TG", ray[6]: "AC"}, impactors=((ray[0], GUNSHIP, "A"),), to_move="T")
    assert shots(stopped, 30.0) < 30.0
    # Moved two along, its shot would meet an impactor on the way: both are lost [SC6].
    met = setup({GUNSHIP: "TG", ray[6]: "AC"}, impactors=((ray[3], ray[2], "A"),), to_move="T")
    assert shots(met, 30.0) < 30.0
    # The other side to act: the Terran gunship has no turn to move in.
    assert shots(setup({GUNSHIP: "TG", ray[6]: "AC", "Aa1": "TC"}, to_move="A"), 30.0) == 0


def test_two_targets_count_the_best_and_half_the_next_impactors_permitting_sc6() -> None:
    number = CELLS[GUNSHIP].number
    rays = [
        [cell_name(c) for c in line(number, n, 2)]
        for n in NEIGHBOURS[number]
        if not any(is_pentagon(c) for c in line(number, n, 2))
    ]
    units = {GUNSHIP: "TG", rays[0][1]: "AG", rays[1][1]: "AF"}
    two = setup(units, to_move="T")
    assert shots(two, 30.0) == WORTH[GUNSHIP_KIND] + WORTH[FIGHTER] / 2
    # Three Terran impactors in flight elsewhere: one left in stock, one shot.
    far = [cell_name(c) for c in line(CELLS["Hd2"].number, NEIGHBOURS[CELLS["Hd2"].number][0], 4)]
    flying = tuple((far[k + 1], far[k], "T") for k in range(3))
    one_left = setup(units, impactors=flying, to_move="T")
    assert shots(one_left, 30.0) == WORTH[GUNSHIP_KIND]
