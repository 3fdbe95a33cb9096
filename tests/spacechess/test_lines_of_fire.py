"""The deep search's sense of threat (spacechess.computer.evaluate.lines_of_fire): a gunship
whose impactor, fired along a line, would reach the enemy command ship first within the turn's
battle stage [SC6, SC7], and an impactor in flight that reaches it in a later battle stage,
each count as a line of fire; anything standing in the way, or a line too long, does not."""

from __future__ import annotations

from notation.spacechess.board import NEIGHBOURS, is_pentagon, line
from notation.spacechess.cells import CELLS, cell_name
from spacechess.computer.evaluate import lines_of_fire
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
