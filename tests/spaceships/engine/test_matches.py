"""Continued matches: additional ships from carried materiel [10.3; classic 7.2; seed 004 6.3]."""

from __future__ import annotations

import pytest

from notation.spaceships.parse import parse_fleet
from spaceships.engine import Ruleset, check_fleet
from spaceships.engine.matches import build_options
from spaceships.engine.testing import CLASSIC_A, FLEET_A


@pytest.mark.parametrize(
    "cells,table,options",
    [
        (1, "one-death-star", [("LG",)]),
        (5, "one-death-star", [("FS", "LG"), ("PC", "LG")]),
        (8, "one-death-star", [("KC", "AG")]),
        (8, "many-death-stars", [("DS",)]),
        # 9 or more: one of the largest kind, then start over (6.3).
        (9, "one-death-star", [("KC", "MD")]),
        (9, "many-death-stars", [("DS", "LG")]),
        (14, "one-death-star", [("KC", "KC", "AG")]),
        (16, "many-death-stars", [("DS", "DS")]),
    ],
)
def test_004_6_3_build_tables(cells: int, table: str, options: list[tuple[str, ...]]) -> None:
    assert list(build_options(cells, table)) == options


def test_10_3_additional_ships_cost_the_carried_materiel() -> None:
    r = Ruleset.from_tags("2.6.1")
    assert check_fleet(parse_fleet(FLEET_A + "; AG Bv5 Bv4"), r, carried=2) == []
    assert [p.rule for p in check_fleet(parse_fleet(FLEET_A + "; AG Bv5 Bv4"), r, carried=3)] == [
        "10.3"
    ]


def test_004_6_3_build_table_decides_the_additional_ships() -> None:
    r = Ruleset.from_tags("2.6.1", ["build=many-death-stars"])
    assert check_fleet(parse_fleet(FLEET_A + "; LG Bv5"), r, carried=1) == []
    # An assault gunboat costs 1 more than carried, and is not what 1 cell builds.
    assert [p.rule for p in check_fleet(parse_fleet(FLEET_A + "; AG Bv5 Bv4"), r, carried=1)] == [
        "10.3"
    ]


def test_classic_7_2_additional_ships_hold_the_carried_cells() -> None:
    r = Ruleset.from_tags("classic")
    fleet = parse_fleet(CLASSIC_A.replace("HF Oz5", "HF1 Oz5") + "; HF2 Bv5 Bv4")
    assert check_fleet(fleet, r, carried=2) == []
    assert [p.rule for p in check_fleet(fleet, r, carried=3)] == ["classic 7.2"]


def test_classic_7_2_a_single_carried_cell_builds_nothing() -> None:
    # No classic ship holds one cell (HF 2, MD 3, FS 4, KC 6, DS 8): the cell is lost
    # (docs/readings.md), so the usual fleet is right and an added ship is not.
    r = Ruleset.from_tags("classic")
    assert check_fleet(parse_fleet(CLASSIC_A), r, carried=1) == []
    fleet = parse_fleet(CLASSIC_A.replace("HF Oz5", "HF1 Oz5") + "; HF2 Bv5 Bv4")
    assert [p.rule for p in check_fleet(fleet, r, carried=1)] == ["classic 7.2"]
