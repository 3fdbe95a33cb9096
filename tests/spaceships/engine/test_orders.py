"""Order checking [rulings, Orders; 4.4.1, 4.5, 8.1.3, 8.2, 8.3, 11.5]: refused whole, with every
reason, each naming turn, player, the order as written and its rule."""

from __future__ import annotations

import pytest

from notation.spaceships.parse import parse_orders
from spaceships.engine import OrdersRefused, check_orders
from spaceships.engine.testing import play

DS2 = "DS1 Rv1 Rv2 Rw1 Rw2 Ov1 Ov2 Ow1 Ow2; DS2 Bv4 Bv5 Bw4 Bw5 Gv4 Gv5 Gw4 Gw5; LS Oz5"


def check(orders: str, turns: str = "", player: str = "A", **kw: str):  # -> CheckedOrders
    return check_orders(play(turns, **kw).state, player, parse_orders(orders))


def refused(orders: str, turns: str = "", player: str = "A", **kw: str) -> list[tuple[str, str]]:
    """(rule, order as written) for every problem."""
    with pytest.raises(OrdersRefused) as exc:
        check(orders, turns, player, **kw)
    return [(p.rule, p.subject or "") for p in exc.value.problems]


# --- counting strikes: M + K <= S <= conventional + M + K ---------------------------------------
def test_4_4_1_as_many_strikes_as_entitled_is_legal() -> None:
    c = check("Rv1 Rv2 Rv3 Rv4 Rv5 Rw1 Rw2")
    assert len(c.strikes) == 7 and c.summary() == "strikes 7 of 7, 0 scans of 1"


def test_4_4_1_one_strike_too_many_is_refused() -> None:
    assert refused("Rv1 Rv2 Rv3 Rv4 Rv5 Rw1 Rw2 Rw3") == [("4.4.1", "")]


def test_4_4_1_too_many_strikes_says_the_sum_only_when_launches_add_to_it() -> None:
    with pytest.raises(OrdersRefused) as exc:
        check("Rv1 Rv2 Rv3 Rv4 Rv5 Rw1 Rw2 Rw3")
    (problem,) = exc.value.problems
    assert problem.message == "8 strikes written; entitled to 7 conventional strikes", problem
    with pytest.raises(OrdersRefused) as exc:
        check("Rv1 Rv2 Rv3 Rv4 Rv5 Rw1 Rw2 Rw3 Rw4 mv")
    assert "entitled to 7 conventional strikes + 1 missile launch = 8" in str(exc.value)


def test_8_1_3_a_missile_launch_allows_one_more_strike() -> None:
    c = check("Rv1 Rv2 Rv3 Rv4 Rv5 Rw1 Rw2 Rw3 mv sGy3")
    assert [str(x) for x, _ in c.missiles] == ["Yv3"]
    assert c.summary() == "strikes 8 of 8, missile from Yv3, 1 scan of 1"


def test_11_5_3_a_launch_needs_its_target_among_the_strikes() -> None:
    assert refused("mv") == [("11.5.3", "")]


def test_fewer_strikes_than_entitled_is_fine() -> None:
    assert check("").only_scans and check("Rv1").strikes_allowed == 7


# --- 11.5.3 missile launch cells from partial values --------------------------------------------
@pytest.mark.parametrize(
    "written,cell", [("mv", "Yv3"), ("mYw3", "Yw3"), ("mx", "Yx3"), ("mYx", "Yx3"), ("mw3", "Yw3")]
)
def test_11_5_3_enough_values_to_single_out_the_missile(written: str, cell: str) -> None:
    assert [str(x) for x, _ in check(f"{written} Rv1").missiles] == [cell]


def test_11_5_3_ambiguous_launch_lists_the_candidates() -> None:
    with pytest.raises(OrdersRefused) as exc:
        check("mY Rv1")
    (p,) = exc.value.problems
    assert p.rule == "11.5.3" and "Yv3 Yw3 Yx3" in p.message and p.subject == "mY"
    assert p.turn == 1 and p.player == "A"


def test_11_5_3_values_matching_only_once_the_others_are_fired() -> None:
    c = check("mY Rv1", "1 A: mv Rv1\n2 A: mw Rv1")
    assert [str(x) for x, _ in c.missiles] == ["Yx3"]


def test_8_1_3_1_unmatched_launch_says_why_and_lists_the_unfired_missiles() -> None:
    with pytest.raises(OrdersRefused) as exc:
        check("mv Rv1", "1 A: mv Rv1")
    (p,) = exc.value.problems
    assert p.rule == "8.1.3.1" and "Yv3 is already fired" in p.message
    assert p.hint == "unfired missiles: Yw3 Yx3"


def test_8_1_3_one_missile_launch_per_ship() -> None:
    assert refused("mv mw Rv1 Rv2") == [("8.1.3", "mw")]


# --- 4.5 kamikazes -----------------------------------------------------------------------------
def test_4_5_kamikaze_from_an_eligible_ship() -> None:
    c = check("kBz2 Rv1", "1 B: Bz1 Bz3")
    assert [str(x) for x, _ in c.kamikazes] == ["Bz2"]
    assert c.summary() == "strikes 1 of 6, kamikaze from Bz2, 0 scans of 2"


def test_4_5_no_kamikaze_from_a_ship_that_strikes() -> None:
    assert refused("kRv1 Rv1") == [("4.5", "kRv1")]


def test_6_8_2_no_kamikaze_from_a_light_scout() -> None:
    assert refused("kOz5 Rv1") == [("6.8.2", "kOz5")]


def test_4_5_2_launch_cell_must_be_an_undamaged_cell_of_the_ship() -> None:
    assert refused("kRz5 Rv1") == [("4.5.2", "kRz5")]
    assert refused("kBz1 Rv1", "1 B: Bz1 Bz3") == [("4.5.2", "kBz1")]


def test_4_5_one_kamikaze_per_ship() -> None:
    assert refused("kBz2 kBz4 Rv1 Rv2", "1 B: Bz1 Bz3") == [("4.5", "kBz4")]


# --- 8.2 beams ---------------------------------------------------------------------------------
def test_8_2_beam_by_its_end_cells_in_either_order() -> None:
    c = check("bRx1Rv1")
    (beam,) = c.beams
    assert [str(x) for x in beam.cells] == ["Rx1", "Rw1", "Rv1"] and str(beam.ship) == "DS"
    assert not beam.diagonal and check("bRv1Rx3").beams[0].diagonal


@pytest.mark.parametrize("beam", ["bRv1Ry1", "bRv1Rw3", "bRv1Rw1", "bRv1Rv1"])
def test_8_2_1_targets_are_three_cells_in_a_line_by_their_ends(beam: str) -> None:
    assert refused(beam) == [("8.2.1", beam)]


def test_8_2_2_beam_needs_two_undamaged_cells_parallel_to_the_line() -> None:
    turns = "1 B: Rv2 Rw1 Rw2 Ov1 Ov2 Ow1"  # A's DS keeps Rv1 and Ow2: direction (1,1,1)
    assert check("bRv1Yx3", turns).beams
    assert refused("bRv1Rx1", turns) == [("8.2.2", "bRv1Rx1")]


def test_8_2_one_firing_per_death_star() -> None:
    assert refused("bRv1Rx1 bRv2Rx2") == [("8.2", "bRv2Rx2")]


def test_8_2_only_a_death_star_has_a_beam_weapon() -> None:
    assert refused("bRv1Rx1(KC)") == [("8.2", "bRv1Rx1(KC)")]


def test_8_2_3_1_ship_named_must_exist() -> None:
    assert refused("bRv1Rx1(DS2)") == [("8.2.3.1", "bRv1Rx1(DS2)")]


def test_8_2_3_1_ship_must_be_named_when_several_could_fire() -> None:
    kw = {"a": DS2, "b": DS2, "options": "fleet=cost:19"}
    problems = refused("bRv1Rx1", **kw)
    assert problems == [("8.2.3.1", "bRv1Rx1")]
    c = check("bRv1Rx1(DS2) bBv1Bx1(DS1)", **kw)
    assert [str(b.ship) for b in c.beams] == ["DS2", "DS1"]


def test_8_2_3_1_no_name_needed_when_only_one_could_fire_in_that_direction() -> None:
    # DS1 keeps only Rv1 and Ow2 (direction (1,1,1)); DS2 is whole. A beam along an axis can
    # only be DS2's.
    kw = {"a": DS2, "b": DS2, "options": "fleet=cost:19"}
    c = check("bYv1Yx1", "1 B: Rv2 Rw1\n2 B: Rw2 Ov1\n3 B: Ov2 Ow1", **kw)
    assert str(c.beams[0].ship) == "DS2"


def test_11_5_2_classic_beam_notation_is_not_a_2_6_1_beam() -> None:
    assert refused("bRv") == [("11.5.2", "bRv")]


# --- 8.3 scans ---------------------------------------------------------------------------------
def test_8_3_1_scans_beyond_the_count_refused() -> None:
    assert refused("sRv1 sRv2") == [("8.3.1", "sRv2")]
    assert len(check("sRv1 sRv2 sRv3", "1 B: Rv1 Gx1 Bz1").scans) == 3


def test_8_3_no_scans_without_an_undestroyed_scanner() -> None:
    assert refused("sRv1", "1 B: Oz5") == [("8.3", "sRv1")]


# --- refused whole, with every reason ------------------------------------------------------------
def test_every_reason_is_listed_in_the_order_written_with_turn_player_and_rule() -> None:
    with pytest.raises(OrdersRefused) as exc:
        check("kRv1 mB bRv1Ry1 sRv1 sRv2 Rv1", "1 B: Bz1")
    problems = exc.value.problems
    assert [(p.rule, p.subject) for p in problems] == [
        ("4.5", "kRv1"),
        ("8.1.3.1", "mB"),
        ("8.2.1", "bRv1Ry1"),
        ("8.3.1", "sRv2"),
        ("11.5.3", None),
    ]
    assert all(p.turn == 2 and p.player == "A" for p in problems)
    assert str(problems[0]).startswith("turn 2, player A: `kRv1`: ")
    assert str(problems[0]).endswith("[4.5]")


def test_2_3_no_orders_once_the_game_is_over() -> None:
    # One light gunboat each (cost 1): A's missile destroys B's only ship in turn 1.
    game = play("1 A: mRv1 Bz5", a="LG Rv1", b="LG Bz5", options="fleet=cost:1")
    assert game.state.over
    with pytest.raises(OrdersRefused) as exc:
        check_orders(game.state, "A", ())
    assert [p.rule for p in exc.value.problems] == ["2.3"]


# --- classic -------------------------------------------------------------------------------------
def test_classic_beam_is_a_whole_line_through_the_death_star() -> None:
    c = check("bRv", ruleset="classic")
    assert [str(x) for x in c.beams[0].cells] == ["Rv1", "Rv2", "Rv3", "Rv4", "Rv5"]
    assert [str(x) for x in check("bv2", ruleset="classic").beams[0].cells] == [
        "Rv2",
        "Ov2",
        "Yv2",
        "Gv2",
        "Bv2",
    ]
    assert refused("bRz", ruleset="classic") == [("classic 6.1.3.3", "bRz")]


def test_classic_beam_only_from_an_undamaged_death_star() -> None:
    assert refused("bRv", "1 B: Ow2", ruleset="classic") == [("classic 6.1.3", "bRv")]


def test_classic_no_scans() -> None:
    assert refused("sRv1", ruleset="classic") == [("classic 4.2", "sRv1")]
